#!/usr/bin/env python3
"""Joins the chunks record.sh wrote into tests/data/kernels/wgmma/wgmma_h100.jsonl.gz, in the order
of the specs, and says which specs have no record.
usage: merge.py CHUNK.jsonl.gz ..."""
import gzip, json, sys
sys.path.insert(0, "tools/wgmma-cases")
from wgmma_specs import SPECS

records = {}
for path in sys.argv[1:]:
    for line in gzip.open(path, "rt"):
        r = json.loads(line)
        records[r["name"]] = line if line.endswith("\n") else line + "\n"
missing = [s["name"] for s in SPECS if s["name"] not in records]
with gzip.open("tests/data/kernels/wgmma/wgmma_h100.jsonl.gz", "wt", compresslevel=9) as out:
    for s in SPECS:
        if s["name"] in records:
            out.write(records[s["name"]])
print(f"{len(SPECS) - len(missing)} of {len(SPECS)} specs recorded; missing: {missing}")
