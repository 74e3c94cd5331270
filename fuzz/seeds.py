#!/usr/bin/env python3
"""Writes the fuzz targets' seed inputs, from the repository's real data.

    python3 fuzz/seeds.py [OUT]        (default OUT: fuzz/seeds)

OUT/statement and OUT/interpreter: one file per real inline-asm statement
(the shared corpus, tests/data/realworld, and the valid statements of the
golden ptxas verdict files), as the targets read them (fuzz/src/lib.rs):
the constraints on the first line, separated by spaces, then the template.
OUT/module: every module under ptx-core/tests/data/modules (gzipped ones
unpacked). Each file is named by a hash of its bytes, as libFuzzer names
its own.

Python 3 standard library only.
"""

import glob
import gzip
import hashlib
import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHARED_CORPUS = os.path.join(ROOT, "tests", "data", "realworld", "corpus", "realworld_inline_asm.jsonl")


def read_lines(path):
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rt", encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def statements():
    """(constraints, template) of every real statement."""
    records = []
    if os.path.exists(SHARED_CORPUS):
        records += read_lines(SHARED_CORPUS)
    records += read_lines(os.path.join(ROOT, "tests/data/realworld/statements.jsonl.gz"))
    for r in records:
        yield r["outputs"] + r["inputs"], r["template"]
    for path in sorted(glob.glob(os.path.join(ROOT, "tests/data/golden/ptxas_verdicts_*.jsonl.gz"))):
        for r in read_lines(path):
            if r.get("ok"):
                yield r["cons"], r["asm"]


def write(folder, data):
    os.makedirs(folder, exist_ok=True)
    name = hashlib.sha1(data).hexdigest()
    with open(os.path.join(folder, name), "wb") as f:
        f.write(data)


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "fuzz", "seeds")
    count = 0
    for constraints, template in statements():
        data = (" ".join(constraints) + "\n" + template).encode()
        write(os.path.join(out, "statement"), data)
        write(os.path.join(out, "interpreter"), data)
        count += 1
    modules = 0
    for path in sorted(glob.glob(os.path.join(ROOT, "ptx-core/tests/data/modules/*/*.ptx*"))):
        opener = gzip.open if path.endswith(".gz") else open
        with opener(path, "rb") as f:
            write(os.path.join(out, "module"), f.read())
        modules += 1
    print(f"{count} statements, {modules} modules under {out}")


if __name__ == "__main__":
    main()
