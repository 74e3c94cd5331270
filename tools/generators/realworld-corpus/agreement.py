#!/usr/bin/env python3
"""Writes AGREEMENT.md: where `ptxsim check` and ptxas disagree on the
collection, grouped by cause.

Runs `ptxsim check FILE --target T --json` for each target, pairs each
verdict with its record, and sorts every disagreement into a group (the
rules below, first match wins): (a) false reject, `ptx!` rejects what
ptxas accepts; (b) false accept, `ptx!` accepts what ptxas rejects. It
also runs the check on the shared corpus and counts the rejections that
are only the wrapping's `n` substitution (verdicts.py's `subst_only_*`).

Usage:
  agreement.py [--ptxsim target/release/ptxsim]
               [--records tests/data/realworld/statements.jsonl.gz]
               [--shared tests/data/realworld/corpus/realworld_inline_asm.jsonl]
               [--out tools/generators/realworld-corpus/AGREEMENT.md]

Python 3 standard library only.
"""

import argparse
import gzip
import json
import os
import re
import subprocess
import sys

sys.dont_write_bytecode = True
from collections import Counter, OrderedDict

TARGETS = ["sm_90a", "sm_100a"]


def n_literals(record):
    """The `n` operands whose C expression is a non-zero integer literal."""
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import verdicts

    cons = record["outputs"] + record["inputs"]
    exprs = record["output_exprs"] + record["input_exprs"]
    out = []
    for c, e in zip(cons, exprs):
        if c.lstrip("=+&") == "n":
            v = verdicts.integer_value(e)
            if v:
                out.append(v)
    return out


# (key, kind, title, test(record, target, checker errors, ptxas message),
#  what it is)
GROUPS = [
    (
        "zero-count",
        "false accept",
        "Zero counts ptxas refuses",
        lambda r, t, errs, msg: bool(r.get(f"subst_only_{t}")) and "non-zero" in msg,
        "An `n` operand whose C expression is not a literal (`CNT`, `count`) is "
        "put as 0 by the wrapping (and by `ptxsim check`); ptxas refuses a zero "
        "thread count for `barrier.cta.arrive` and a zero arrival count for "
        "`mbarrier.arrive`, `ptx!` accepts both. The source's real value would "
        "pass, so the record's rejection is only the substitution's, but the "
        "checker still accepts a statement ptxas refuses.",
    ),
    (
        "n-literal",
        "false reject",
        "Literal `n` values the record check puts as 0",
        lambda r, t, errs, msg: bool(n_literals(r)) and any("found 0" in e for e in errs),
        "The C expression of an `n` operand is a literal (`16`, `1`): the "
        "wrapping gives ptxas that value (tests/data/realworld/corpus/README.md's rule), but "
        "`ptxsim check` reads every `n` operand of a record as 0 "
        "(`Statement::from_record`), so it checks `cp.async ... 0` or a wgmma "
        "scale of 0. This is the record check's, not `ptx!`'s: `ptx!` is given "
        "the value. It vanishes if the check reads the literal from "
        "`input_exprs`.",
    ),
    (
        "b8-pack",
        "false reject",
        "`mov.bN {a, b, ...}` packing or unpacking of narrower registers",
        lambda r, t, errs, msg: any(
            re.search(r"of `mov\.b(16|32|64)` is a single value, not a vector", e) for e in errs
        ),
        "`mov.b32 {byte0, byte1, byte2, byte3}, %2` (four `.b8` registers), "
        "`mov.b16 {hi, lo}, %1`, `mov.b32 %0, {byte0, 0, 0, 0}` and "
        "`mov.b32 {byte0, _, byte2, _}, %2`: ptxas packs and unpacks "
        "`.b8` (and `.b16`) registers with `mov.b16`/`mov.b32`/`mov.b64` "
        "and brace lists, with immediates and sinks among them; `ptx!` "
        "takes the operand for a single value. Mostly the FP4 "
        "(`cvt ... e2m1x2`) code of sm_100a; on sm_90a ptxas refuses those "
        "statements for their `cvt`, so both reject there.",
    ),
    (
        "one-brace",
        "false reject",
        "`{%0}`: one-element braces around a scalar operand",
        lambda r, t, errs, msg: any("is a single value, not a vector" in e for e in errs)
        and re.search(r"\{\s*%\d+\s*\}", r["template"]) is not None,
        "`ld.shared.u32 {%0}, [%1]` and `st.shared.f32 [%0], {%1}`: ptxas "
        "takes a one-element brace list where a scalar is expected, `ptx!` "
        "says the operand is a single value, not a vector.",
    ),
    (
        "sink",
        "false reject",
        "The sink `_` in a vector or destination operand",
        lambda r, t, errs, msg: any("cannot be the sink `_`" in e for e in errs),
        "`ldmatrix ... {%0, _, %1, _}` and `atom.relaxed.sys.global.add.u64 _, "
        "[%0], %1`: ptxas takes `_` for a discarded element of "
        "`ldmatrix`'s destination vector and for `atom`'s destination; `ptx!` "
        "refuses it there.",
    ),
    (
        "float-dot",
        "false reject",
        "A float literal written `0.`",
        lambda r, t, errs, msg: any("`.` must be followed by a modifier" in e for e in errs),
        "`mma ... {%0, _, %1, _}, ..., {%8, 0., %9, 0.}`: ptxas reads `0.` "
        "(digits and a bare point) as a floating-point literal; `ptx!`'s "
        "lexer takes the `.` for the start of a modifier. (The same "
        "statements also put `_` in `mma`'s destination, which ptxas "
        "accepts for these f16/bf16 forms.)",
    ),
    (
        "mov-v4",
        "false reject",
        "`mov.v4.u32` of a vector special register",
        lambda r, t, errs, msg: any("`mov` takes no modifier `.v4`" in e for e in errs),
        "`mov.v4.u32 {%0, %1, %2, _}, %%clusterid`: ptxas reads the "
        "`.v4` special registers (`%clusterid`, `%nclusterid`, "
        "`%cluster_ctaid`) whole, into a vector with a sink; `ptx!`'s "
        "table has no `.v4` for `mov`.",
    ),
    (
        "space",
        "false reject",
        "Whitespace before a modifier (`prmt .b32`, `mov .s32`)",
        lambda r, t, errs, msg: any(re.search(r"expected an operand, found `\.", e) for e in errs),
        "`prmt .b32 neg, %3, %4, %1`, `lop3 .b32 ...`, `mov .s32 x, -1` and "
        "`cp.async.bulk.tensor.2d.global.shared::cta.bulk_group "
        ".L2::cache_hint [...]`: ptxas lets blanks stand between an "
        "opcode and its modifiers; `ptx!` ends the opcode at the blank and "
        "then finds `.b32` where an operand should be.",
    ),
    (
        "unique",
        "false reject",
        "`%=` (a number unique to the statement)",
        lambda r, t, errs, msg: "%=" in r["template"] and any("a lone `%`" in e for e in errs),
        "`WAIT_BAR_%=:` and `.reg .b128 _v%=;`: nvcc puts a number unique "
        "to the asm statement for `%=` (as GCC does) before ptxas sees it; "
        "`ptx!` reads `%=` as a lone `%`.",
    ),
    (
        "other-reject",
        "false reject",
        "Other false rejects",
        lambda r, t, errs, msg: bool(errs),
        "Not sorted into a group above.",
    ),
    (
        "other-accept",
        "false accept",
        "Other false accepts",
        lambda r, t, errs, msg: not errs,
        "Not sorted into a group above.",
    ),
]


def read_jsonl(path):
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rt") as f:
        return [json.loads(l) for l in f if l.strip()]


def check(ptxsim, path, target):
    res = subprocess.run(
        [ptxsim, "check", path, "--target", target, "--json"], capture_output=True, text=True
    )
    verdicts = [json.loads(l) for l in res.stdout.splitlines() if l.startswith("{")]
    m = re.search(r"(\d+) passed, (\d+) failed", res.stdout)
    return verdicts, (int(m.group(1)), int(m.group(2))) if m else None


def one_line(s, n=150):
    s = " ".join(s.replace("\n", " ⏎ ").split())
    return s if len(s) <= n else s[: n - 1] + "…"


def ptxas_reason(r, t):
    """Why ptxas rejects a record for target t: 'target', 'substitution'
    or 'source'."""
    msg = r[f"msg_{t}"]
    if r.get(f"subst_only_{t}"):
        return "substitution"
    if re.search(r"not supported on \.target|requires \.target sm_", msg):
        return "target"
    return "source"


def excerpt(template, errors, msg, n=150):
    """The template on one line; a long one cut to the line the checker's
    (else ptxas's) message names, with `…` for what is left out."""
    whole = one_line(template, 10**6)
    if len(whole) <= n:
        return whole
    focus = None
    for e in errors:
        m = re.search(r"`([a-z][\w]*(?:\.[\w:]+)+)`", e) or re.search(r"found `([^`]+)`", e)
        if m:
            focus = m.group(1)
            break
    if focus is None:
        m = re.search(r"instruction '([^']+)'", msg or "")
        focus = m.group(1) if m else None
    lines = [l.strip() for l in template.split("\n") if l.strip()]
    for k, l in enumerate(lines):
        if focus and focus in l and not l.startswith("."):  # not a `.reg` line
            return one_line(("… " if k else "") + l + (" …" if k < len(lines) - 1 else ""), n)
    return one_line(template, n)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--ptxsim", default="target/release/ptxsim")
    ap.add_argument("--records", default="tests/data/realworld/statements.jsonl.gz")
    ap.add_argument("--shared", default="tests/data/realworld/corpus/realworld_inline_asm.jsonl")
    ap.add_argument("--sources", default="tools/generators/realworld-corpus/sources.tsv")
    ap.add_argument("--out", default="tools/generators/realworld-corpus/AGREEMENT.md")
    ap.add_argument("--commit", help="the project commit the checker was built from")
    ap.add_argument("--no-crosscheck", action="store_true",
                    help="skip crosscheck_nvcc.py (it needs nvcc and a host compiler)")
    args = ap.parse_args()

    records = read_jsonl(args.records)
    repos = Counter(r["repo"] for r in records)
    fetched = skipped = 0
    if os.path.exists(args.sources):
        rows = [l.rstrip("\n").split("\t") for l in open(args.sources)][1:]
        fetched = len(rows)
        skipped = [r[0] for r in rows if r[3] == "skipped"]
    lines = []
    w = lines.append
    w("# ptx! against ptxas on the real-world collection")
    w("")
    w("<!-- Written by tools/generators/realworld-corpus/agreement.py (the prose is in that "
      "script): rerun it rather than editing this file. -->")
    w("")
    commit = args.commit or subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True
    ).stdout.strip()
    w(f"`ptxsim check tests/data/realworld/statements.jsonl.gz --target T`, the "
      f"checker built from `{commit}` (with the uncommitted work of the day), "
      f"against ptxas 13.0's verdicts on the {len(records)} distinct inline-asm "
      f"statements of the collection: {len(repos)} public repositories gave "
      f"statements, of {fetched} looked at (sources.tsv; skipped for their "
      f"licence: {', '.join(skipped) or 'none'}). A disagreement is (a) a "
      f"**false reject**, `ptx!` rejects what ptxas accepts, or (b) a **false "
      f"accept**, `ptx!` accepts what ptxas rejects.")
    w("")
    results = {}
    verdicts_of = {}
    w("| target | statements | ptxas accepts | agree | false rejects | false accepts | agreement |")
    w("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    for t in TARGETS:
        verdicts, summary = check(args.ptxsim, args.records, t)
        if len(verdicts) != len(records):
            sys.exit(f"{t}: {len(verdicts)} verdicts for {len(records)} records")
        verdicts_of[t] = verdicts
        dis = [(i, r, v) for i, (r, v) in enumerate(zip(records, verdicts)) if v["ok"] != r[f"ok_{t}"]]
        fr = sum(1 for _, r, _ in dis if r[f"ok_{t}"])
        fa = len(dis) - fr
        acc = sum(r[f"ok_{t}"] for r in records)
        agree = len(records) - len(dis)
        results[t] = dis
        w(f"| {t} | {len(records)} | {acc} | {agree} | {fr} | {fa} | "
          f"{100.0 * agree / len(records):.1f}% |")
    w("")

    # Group the disagreements; count, for the false-reject groups, the
    # statements both reject where ptx!'s complaint is the same.
    grouped = {t: OrderedDict((g[0], []) for g in GROUPS) for t in TARGETS}
    hidden = {t: Counter() for t in TARGETS}
    for t in TARGETS:
        for i, r, v in results[t]:
            msg = r[f"msg_{t}"]
            for key, kind, title, test, _ in GROUPS:
                if (kind == "false accept") != (not r[f"ok_{t}"]):
                    continue
                if test(r, t, v["errors"], msg):
                    grouped[t][key].append((i, r, v))
                    break
        for r, v in zip(records, verdicts_of[t]):
            if r[f"ok_{t}"] or v["ok"]:
                continue
            for key, kind, title, test, _ in GROUPS:
                if kind == "false reject" and not key.startswith("other") and test(r, t, v["errors"], r[f"msg_{t}"]):
                    hidden[t][key] += 1
                    break
    w("## Disagreements by cause")
    w("")
    w("The last columns count the statements ptxas rejects for another reason "
      "(mostly an instruction newer than the target) where `ptx!` rejects them "
      "too, but for this group's cause: they agree, for the wrong reason.")
    w("")
    w("| group | kind | " + " | ".join(TARGETS) + " | " +
      " | ".join(f"both reject, {t}" for t in TARGETS) + " |")
    w("| --- | --- | " + " | ".join("---:" for _ in TARGETS * 2) + " |")
    for key, kind, title, _, _ in GROUPS:
        counts = [len(grouped[t][key]) for t in TARGETS]
        if any(counts):
            more = [str(hidden[t][key]) if kind == "false reject" else "" for t in TARGETS]
            w(f"| {title} | {kind} | " + " | ".join(str(c) for c in counts) + " | " +
              " | ".join(more) + " |")
    totals = [len(results[t]) for t in TARGETS]
    w(f"| all | | " + " | ".join(str(c) for c in totals) + " | " +
      " | ".join(str(sum(hidden[t].values())) for t in TARGETS) + " |")
    w("")
    for key, kind, title, _, what in GROUPS:
        members = OrderedDict()
        for t in TARGETS:
            for i, r, v in grouped[t][key]:
                members.setdefault(i, (r, v, []))[2].append(t)
        if not members:
            continue
        counts = ", ".join(f"{len(grouped[t][key])} on {t}" for t in TARGETS)
        w(f"### {title} ({kind}: {counts})")
        w("")
        w(what)
        w("")
        # Examples: from different files first, then different templates.
        picked = []
        for i, (r, v, ts) in members.items():
            if all(p[0]["path"] != r["path"] for p in picked):
                picked.append((r, v, ts))
        for i, (r, v, ts) in members.items():
            if len(picked) >= 3:
                break
            if all(p[0]["template"] != r["template"] for p in picked):
                picked.append((r, v, ts))
        for r, v, ts in picked[:3]:
            t = ts[0]
            ptxas = r[f"msg_{t}"]
            ptxas = re.sub(r"^ptxas \S+, line \d+; ", "", ptxas) if ptxas else "accepts"
            checker = "; ".join(dict.fromkeys(v["errors"])) if v["errors"] else "accepts"
            w(f"- `{excerpt(r['template'], v['errors'], r[f'msg_{t}'])}` — {r['repo']} `{r['path']}:{r['line']}` "
              f"(constraints {' '.join(r['outputs'] + r['inputs']) or 'none'}; {', '.join(ts)})")
            w(f"  - ptxas: {one_line(ptxas, 200)}")
            w(f"  - ptx!: {one_line(checker, 200)}")
        w("")

    # ptxas's rejections.
    w("## What ptxas rejects")
    w("")
    w("Each rejection is one of: an instruction or feature newer than the "
      "target (`not supported on .target`, `requires .target sm_100`); only the "
      "wrapping's `n` substitution (below); or the statement as its source "
      "writes it.")
    w("")
    w("| target | rejected | newer than the target | only the substitution | the source as written |")
    w("| --- | ---: | ---: | ---: | ---: |")
    for t in TARGETS:
        why = Counter(ptxas_reason(r, t) for r in records if not r[f"ok_{t}"])
        w(f"| {t} | {sum(why.values())} | {why['target']} | {why['substitution']} | {why['source']} |")
    w("")
    w("The statements ptxas rejects as written, for either target (all of them "
      "rejected by `ptx!` too, except where a group above says otherwise):")
    w("")
    listed = OrderedDict()
    for t in TARGETS:
        for r in records:
            if not r[f"ok_{t}"] and ptxas_reason(r, t) == "source":
                key = (r["repo"], r["path"], r["line"], r["template"])
                listed.setdefault(key, (r, []))[1].append(t)
    for (repo, path, line, template), (r, ts) in listed.items():
        m = re.sub(r"^ptxas \S+, line \d+; ", "", r[f"msg_{ts[0]}"])
        w(f"- `{one_line(template, 110)}` — {repo} `{path}:{line}` ({', '.join(ts)}): {one_line(m, 160)}")
    w("")

    # The substitution's share of ptxas's rejections.
    w("## Rejections that are only the substitution")
    w("")
    w("verdicts.py puts an `n` operand's value where its C expression is an "
      "integer literal and 0 otherwise (tests/data/realworld/corpus/README.md's rule); for a "
      "rejected statement with `n` operands it tries other values, and marks "
      "the record `subst_only_T` (with the values that pass in "
      "`subst_values_T`) when some pass. These rejections say nothing of the "
      "source as written; they remain in the collection, marked:")
    w("")
    w("| target | only the substitution | ptxas's message (count) |")
    w("| --- | ---: | --- |")
    for t in TARGETS:
        sub = [r for r in records if not r[f"ok_{t}"] and r.get(f"subst_only_{t}")]
        why = Counter()
        for r in sub:
            m = re.sub(r"^ptxas \S+, line \d+; (error|fatal)\s*:\s*", "", r[f"msg_{t}"])
            m = re.sub(r"(A|a)rgument (\d+) of instruction '([^']*)'", lambda x: f"{x.group(1)}rgument {x.group(2)} of `{x.group(3).split('.')[0]}`", m)
            why[m] += 1
        why_s = "; ".join(f"{m} ({c})" for m, c in why.most_common())
        w(f"| {t} | {len(sub)} | {why_s} |")
    w("")
    agree_sub = {t: sum(1 for r in records if not r[f"ok_{t}"] and r.get(f"subst_only_{t}")) -
                 len(grouped[t]["zero-count"]) for t in TARGETS}
    w("`ptxsim check` gives an `n` operand the same value (its literal, else 0), "
      "so on these it sees what ptxas saw: "
      + ", ".join(f"{agree_sub[t]} agree on {t}" for t in TARGETS)
      + " (the zero counts, if any, are counted above).")
    w("")

    # The wrapping itself.
    w("## Checking the wrapping")
    w("")
    w("A verdict that the wrapping produced (a register type the constraint "
      "does not imply, a `%` read wrongly) would mislead, so the wrapping was "
      "checked against nvcc's own: `crosscheck_nvcc.py` compiles every statement "
      "in a kernel with `nvcc -ptx` (CUDA 13.0), each operand a variable of the "
      "C type its constraint takes, and compares the text nvcc hands ptxas "
      "between `// begin inline asm` and `// end inline asm` with verdicts.py's, "
      "registers renamed in order of appearance but kept in their class "
      "(`%rs` .b16, `%r` .b32, `%rd` .b64, `%f` .f32, `%fd` .f64, `%rq` .b128).")
    w("")
    if not args.no_crosscheck:
        here = os.path.dirname(os.path.abspath(__file__))
        for t in TARGETS:
            res = subprocess.run(
                [sys.executable, os.path.join(here, "crosscheck_nvcc.py"), args.records, "--arch", t],
                capture_output=True, text=True,
            )
            last = res.stdout.strip().split("\n")[-1] if res.stdout.strip() else res.stderr.strip()
            w(f"- {t}: {last}")
        w("")
    w("What that check settled, besides the register types: nvcc passes `%` "
      "before a letter through as written (`mov.u32 %0, %laneid;`, "
      "`.reg .pred %px;` in extended asm), replaces `%=` with a number unique "
      "to the statement, writes an `n` operand in decimal (`-1`, `16`), adds "
      "nothing to the template (a `trap` without `;` reaches ptxas as "
      "`trap` and is refused), and refuses the `i` constraint in device code "
      "(so the one `i` statement found was left out). ptxas's rejections were "
      "also read by hand, group by group (the list above): apart from the "
      "`n` substitution, none is the wrapping's.")
    w("")

    # The shared corpus.
    if args.shared and os.path.exists(args.shared):
        w("## The shared corpus")
        w("")
        w("`ptxsim check tests/data/realworld/corpus/realworld_inline_asm.jsonl --target T` "
          "(427 statements from NVIDIA/cutlass, NVIDIA/cccl, "
          "HazyResearch/ThunderKittens, Dao-AILab/flash-attention), same checker:")
        w("")
        w("| target | passed | failed |")
        w("| --- | ---: | ---: |")
        for t in TARGETS:
            _, summary = check(args.ptxsim, args.shared, t)
            w(f"| {t} | {summary[0]} | {summary[1]} |")
        w("")

    with open(args.out, "w") as f:
        f.write("\n".join(lines))
    print("\n".join(lines))


if __name__ == "__main__":
    main()
