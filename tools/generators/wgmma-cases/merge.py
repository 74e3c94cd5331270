#!/usr/bin/env python3
"""Joins the chunks record.sh wrote into tests/data/kernels/wgmma/wgmma_h100.jsonl.gz, in the order
of the specs (gen.py's specs()), and says which specs have no record.
usage: merge.py CHUNK.jsonl.gz ..."""
import os, sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../lib"))
from case_records import read_by_name, write_in_spec_order  # noqa: E402
from gen import specs  # noqa: E402  (beside this file)

SPECS = specs()
missing = write_in_spec_order(read_by_name(sys.argv[1:]), SPECS, "tests/data/kernels/wgmma/wgmma_h100.jsonl.gz")
print(f"{len(SPECS) - len(missing)} of {len(SPECS)} specs recorded; missing: {missing}")
