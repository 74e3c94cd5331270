#!/usr/bin/env python3
"""Join TMA recordings into tests/data/kernels/tma/tma_h100.jsonl.gz, in the order of tma_specs.py.

    python3 tools/tma-cases/merge.py [LATER.jsonl.gz ...] [-o OUT.jsonl.gz]

Reads, in this order, tests/data/kernels/tma/tma_h100.first.jsonl.gz (the first recording, 40
launches), tests/data/kernels/tma/tma_h100.a16.jsonl.gz (the _a16 re-recording, 13) and then each
LATER file (e.g. the OUT/tma_h100.jsonl.gz of `record.sh _r3`); a later record of the same name
replaces an earlier one. Keeps only records whose name is a spec of tma_specs.py (a dropped spec's
record goes), writes them in spec order, and lists the specs that have no record. Run from the
repository root."""
import gzip, json, os, sys

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = "tests/data/kernels/tma"
BASE = [f"{DATA}/tma_h100.first.jsonl.gz", f"{DATA}/tma_h100.a16.jsonl.gz"]

sys.path.insert(0, HERE)
from tma_specs import SPECS  # noqa: E402

args = sys.argv[1:]
out = f"{DATA}/tma_h100.jsonl.gz"
if "-o" in args:
    i = args.index("-o")
    out = args[i + 1]
    del args[i:i + 2]

records = {}
for path in BASE + args:
    n = 0
    with gzip.open(path, "rt") as f:
        for line in f:
            if line.strip():
                rec = json.loads(line)
                if rec["name"] in records:
                    print(f"{path}: {rec['name']} replaces the earlier record")
                records[rec["name"]] = line if line.endswith("\n") else line + "\n"
                n += 1
    print(f"{path}: {n} records")

order = [s["name"] for s in SPECS]
dropped = sorted(set(records) - set(order))
missing = [n for n in order if n not in records]
lines = [records[n] for n in order if n in records]
with gzip.open(out, "wt") as f:
    f.writelines(lines)
print(f"{len(lines)} records of {len(order)} specs into {out}")
if dropped:
    print(f"dropped {len(dropped)} records of specs no longer in tma_specs.py: {dropped}")
if missing:
    print(f"{len(missing)} specs without a record: {missing}")
