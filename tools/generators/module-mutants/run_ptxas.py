#!/usr/bin/env python3
"""ptxas's verdict on each mutant of gen.py.

Usage: run_ptxas.py PTXAS mutants.tsv > module_verdicts.tsv [--jobs N]

Applies each mutant to its module, runs `PTXAS -arch=ARCH mutant.ptx -o
/dev/null`, and appends two columns to the mutant's row: `arch` (the
module's own `.target` when it is newer than sm_90 or architecture-specific,
else sm_90, so that ptxas judges the module against its own target rather
than refusing a target newer than -arch) and `verdict` (`accept`,
`reject`, or `crash` when ptxas dies of a signal), then ptxas's first message (`message`, empty on accept).
"""

import argparse
import concurrent.futures
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gen import read_module  # noqa: E402


def unescape(s):
    out, i = [], 0
    while i < len(s):
        if s[i] == "\\" and i + 1 < len(s):
            out.append({"n": "\n", "t": "\t", "\\": "\\"}[s[i + 1]])
            i += 2
        else:
            out.append(s[i])
            i += 1
    return "".join(out)


def escape(s):
    return s.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n")


def apply(text, line, old, new):
    lines = text.split("\n")
    assert lines[line - 1] == old, (line, lines[line - 1], old)
    lines[line - 1 : line] = [new] if new != "" else []
    if new == "":
        return "\n".join(lines)
    return "\n".join(lines)


def arch_of(text):
    m = re.search(r"^\s*\.target\s+([\w, ]+)", text, re.M)
    if not m:
        return "sm_90"
    for word in re.split(r"[,\s]+", m.group(1)):
        g = re.fullmatch(r"sm_(\d+)([af]?)", word)
        if g and (int(g.group(1)) > 90 or g.group(2)):
            return word
    return "sm_90"


def verdict(ptxas, text):
    arch = arch_of(text)
    with tempfile.NamedTemporaryFile("w", suffix=".ptx", delete=False) as f:
        f.write(text)
        path = f.name
    try:
        r = subprocess.run([ptxas, "-arch=" + arch, path, "-o", "/dev/null"],
                           capture_output=True, text=True, timeout=600)
    finally:
        os.unlink(path)
    messages = [l for l in r.stderr.splitlines()
                if ("error" in l or "fatal" in l) and "aborted due to errors" not in l]
    first = messages[0].replace(path, "mutant.ptx") if messages else ""
    if r.returncode == 0:
        v = "accept"
    elif r.returncode < 0 or r.returncode in (134, 139):
        # ptxas died of a signal (it segfaults on `st.param [%r], ...` in a
        # kernel): no verdict to hold the checker to.
        v = "crash"
    else:
        v = "reject"
    return arch, v, first


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("ptxas")
    ap.add_argument("mutants")
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args()
    rows = [l.rstrip("\n").split("\t") for l in open(args.mutants)]
    header, rows = rows[0], rows[1:]
    cache = {}

    def judge(row):
        _, module, line, _, old, new = row
        if module not in cache:
            cache[module] = read_module(module)
        text = apply(cache[module], int(line), unescape(old), unescape(new))
        return verdict(args.ptxas, text)

    print("\t".join(header + ["arch", "verdict", "message"]))
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        for row, (arch, v, message) in zip(rows, pool.map(judge, rows)):
            print("\t".join(row + [arch, v, escape(message)]), flush=True)


if __name__ == "__main__":
    sys.exit(main())
