#!/usr/bin/env python3
"""The checker's verdicts on the mutants against ptxas's.

    report.py VERDICTS.jsonl.gz CHECKER.jsonl [--target sm_90a] [--list]
              [--data OUT.tsv.gz]

VERDICTS: the mutants with ptxas's verdicts (tools/generators/realworld-corpus/
verdicts.py); CHECKER: `ptxsim check VERDICTS --target T --json`, one
line per mutant in the same order. Prints the confusion counts, the false
accept rate (of the mutants the checker accepts, those ptxas rejects) and
the false reject rate (of the mutants ptxas accepts, those the checker
rejects), both also per mutation kind; --list prints every mismatch with
both tools' first message. --data writes the test data of
ptx-core/tests/diff_fuzz.rs (a gzipped TSV): one line per mutant, with its
id, kind, constraints, `n` values, ptxas's verdict and message, and its
template (`\\`, tab and newline escaped as `\\\\`, `\\t`, `\\n`).

Python 3 standard library only.
"""

import argparse
import collections
import gzip
import io
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../lib"))
import toolbox  # noqa: E402
integer_value = toolbox.load("generators/realworld-corpus/verdicts.py").integer_value


def read_jsonl(path):
    """The JSON lines of `path` (`ptxsim check --json` ends with a line
    of counts, which is not one)."""
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rt", encoding="utf-8") as f:
        return [json.loads(l) for l in f if l.startswith("{")]


def n_values(record):
    """What each `n` operand stood for when ptxas judged it (verdicts.py):
    its C expression's integer literal, else 0; None for other operands."""
    cons = record["outputs"] + record["inputs"]
    exprs = record.get("output_exprs", []) + record.get("input_exprs", [])
    values = []
    for k, c in enumerate(cons):
        if c.lstrip("=+&") == "n":
            v = integer_value(exprs[k]) if k < len(exprs) else None
            values.append(0 if v is None else v)
        else:
            values.append(None)
    return values


def rate(part, whole):
    return f"{part}/{whole} = {100.0 * part / whole:.2f}%" if whole else f"{part}/0"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("verdicts")
    ap.add_argument("checker")
    ap.add_argument("--target", default="sm_90a")
    ap.add_argument("--list", action="store_true")
    ap.add_argument("--data")
    args = ap.parse_args()

    records = read_jsonl(args.verdicts)
    checked = read_jsonl(args.checker)
    if len(records) != len(checked):
        sys.exit(f"{len(records)} mutants but {len(checked)} checker verdicts")
    counts = collections.Counter()
    by_kind = collections.defaultdict(collections.Counter)
    mismatches = []
    for r, c in zip(records, checked):
        ptxas, ours = r[f"ok_{args.target}"], c["ok"]
        cell = {(True, True): "both accept", (False, False): "both reject",
                (False, True): "false accept", (True, False): "false reject"}[(ptxas, ours)]
        counts[cell] += 1
        by_kind[r["mutation"]][cell] += 1
        if ptxas != ours:
            mismatches.append((cell, r, c))

    def summary(c, label):
        accepted = c["both accept"] + c["false accept"]
        ptxas_accepted = c["both accept"] + c["false reject"]
        print(f"{label:22} {sum(c.values()):5} mutants  false accepts {rate(c['false accept'], accepted):22}"
              f"  false rejects {rate(c['false reject'], ptxas_accepted)}")

    summary(counts, "all")
    for kind in sorted(by_kind):
        summary(by_kind[kind], kind)
    print(dict(counts))
    if args.list:
        for cell, r, c in mismatches:
            print(f"\n{cell.upper()} {r['id']} ({r['mutation']}) cons={r['outputs'] + r['inputs']}")
            print("  " + r["template"].replace("\n", "\n  "))
            print(f"  ptxas: {r.get(f'msg_{args.target}') or 'accepts'}")
            print(f"  checker: {c['errors'][0] if c['errors'] else 'accepts'}")
    if args.data:
        write_data(args.data, records, args.target)


def escape(s):
    return s.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n")


def write_data(path, records, target):
    """The test data: a gzipped TSV, one mutant a line (no time or name in
    the gzip header: the same verdicts give the same bytes)."""
    raw = open(path, "wb")
    with io.TextIOWrapper(gzip.GzipFile(filename="", mode="wb", fileobj=raw, mtime=0)) as f:
        f.write("id\tmutation\tconstraints\tn\tverdict\tmessage\ttemplate\n")
        for r in records:
            n = ",".join("-" if v is None else str(v) for v in n_values(r))
            fields = [
                r["id"],
                r["mutation"],
                " ".join(r["outputs"] + r["inputs"]),
                n,
                "accept" if r[f"ok_{target}"] else "reject",
                escape(r[f"msg_{target}"]),
                escape(r["template"]),
            ]
            f.write("\t".join(fields) + "\n")
    raw.close()

if __name__ == "__main__":
    main()
