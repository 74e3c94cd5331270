#!/usr/bin/env python3
"""Joins probe statements with the verdicts run_ptxas.py wrote on the device,
one gzipped JSON-lines file per target, in the format of the other probe data:
{"asm", "cons", "ok", "msg", "kind"}; verdicts taken with a PTX ISA version
other than 9.0 (the version probes, one below each form's minimum) go to
versions.jsonl.gz with their "target" and "ptx".

Usage: join.py OUT_DIR (IN.jsonl VERDICTS.jsonl KIND)...
"""
import collections, gzip, json, os, sys

out_dir, rest = sys.argv[1], sys.argv[2:]
per_target = collections.defaultdict(list)
for k in range(0, len(rest), 3):
    ins = [json.loads(l) for l in open(rest[k])]
    kind = rest[k + 2]
    for line in open(rest[k + 1]):
        v = json.loads(line)
        r = ins[v["i"]]
        row = {"asm": r["asm"], "cons": r["cons"], "ok": v["ok"], "msg": v["msg"], "kind": kind}
        if v["ver"] == "9.0":
            per_target[v["target"]].append(row)
        else:
            per_target["versions"].append(dict(row, target=v["target"], ptx=v["ver"]))
os.makedirs(out_dir, exist_ok=True)
for target, rows in sorted(per_target.items()):
    with gzip.open(os.path.join(out_dir, f"{target}.jsonl.gz"), "wt") as f:
        for row in rows:
            f.write(json.dumps(row) + "\n")
    print(target, len(rows))
