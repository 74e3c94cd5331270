#!/usr/bin/env python3
"""Join TMA recordings into tests/data/kernels/tma/tma_h100.jsonl.gz, in the order of tma_specs.py.

    python3 tools/generators/tma-cases/merge.py [LATER.jsonl.gz ...] [-o OUT.jsonl.gz]

Reads, in this order, tests/data/kernels/tma/tma_h100.first.jsonl.gz (the first recording, 40
launches), tests/data/kernels/tma/tma_h100.a16.jsonl.gz (the _a16 re-recording, 13) and then each
LATER file (e.g. the OUT/tma_h100.jsonl.gz of `record.sh _r3`); a later record of the same name
replaces an earlier one. Keeps only records whose name is a spec of tma_specs.py (a dropped spec's
record goes), writes them in spec order, and lists the specs that have no record. Run from the
repository root."""
import os, sys

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = "tests/data/kernels/tma"
BASE = [f"{DATA}/tma_h100.first.jsonl.gz", f"{DATA}/tma_h100.a16.jsonl.gz"]

sys.path.insert(0, os.path.join(HERE, "../../lib"))
from case_records import read_by_name, write_in_spec_order  # noqa: E402
from tma_specs import SPECS  # noqa: E402  (beside this file)

args = sys.argv[1:]
out = f"{DATA}/tma_h100.jsonl.gz"
if "-o" in args:
    i = args.index("-o")
    out = args[i + 1]
    del args[i:i + 2]

records = read_by_name(BASE + args, say=print)
order = [s["name"] for s in SPECS]
dropped = sorted(set(records) - set(order))
missing = write_in_spec_order(records, SPECS, out)
print(f"{len(order) - len(missing)} records of {len(order)} specs into {out}")
if dropped:
    print(f"dropped {len(dropped)} records of specs no longer in tma_specs.py: {dropped}")
if missing:
    print(f"{len(missing)} specs without a record: {missing}")
