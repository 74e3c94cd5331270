#!/usr/bin/env python3
"""The module checker's verdicts on module mutants against ptxas's.

    modules.py VERDICTS.tsv PTX_SIM [--list]

VERDICTS: mutants of tools/generators/module-mutants/gen.py with ptxas's verdicts
(run_ptxas.py); PTX_SIM: a built `ptxsim`, whose `check FILE.ptx` checks
a module as ptxas does (exit status 0: no error). Prints the false accept
rate (of the mutants the checker accepts, those ptxas rejects) and the
false reject rate (of the mutants ptxas accepts, those the checker
rejects); --list prints each mismatch. Rows where ptxas crashed are left
out, as ptx-core/tests/modules.rs leaves them out.

Python 3 standard library only.
"""

import argparse
import collections
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../lib"))
import toolbox  # noqa: E402
read_module = toolbox.load("generators/module-mutants/gen.py").read_module
_run_ptxas = toolbox.load("generators/module-mutants/run_ptxas.py")
apply, unescape = _run_ptxas.apply, _run_ptxas.unescape


def checker_accepts(ptxsim, text):
    with tempfile.NamedTemporaryFile("w", suffix=".ptx", delete=False) as f:
        f.write(text)
        path = f.name
    try:
        r = subprocess.run([ptxsim, "check", path], capture_output=True, text=True)
    finally:
        os.unlink(path)
    return r.returncode == 0, r.stdout.splitlines()[0] if r.stdout else ""


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("verdicts")
    ap.add_argument("ptxsim")
    ap.add_argument("--list", action="store_true")
    args = ap.parse_args()

    counts = collections.Counter()
    mismatches = []
    texts = {}
    with open(args.verdicts) as f:
        header = f.readline().rstrip("\n").split("\t")
        for line in f:
            row = dict(zip(header, line.rstrip("\n").split("\t")))
            if row["verdict"] == "crash":
                continue
            if row["module"] not in texts:
                texts[row["module"]] = read_module(row["module"])
            text = apply(texts[row["module"]], int(row["line"]), unescape(row["old"]), unescape(row["new"]))
            ours, first = checker_accepts(args.ptxsim, text)
            ptxas = row["verdict"] == "accept"
            cell = {(True, True): "both accept", (False, False): "both reject",
                    (False, True): "false accept", (True, False): "false reject"}[(ptxas, ours)]
            counts[cell] += 1
            if ptxas != ours:
                mismatches.append((cell, row, first))
    accepted = counts["both accept"] + counts["false accept"]
    ptxas_accepted = counts["both accept"] + counts["false reject"]
    rate = lambda part, whole: f"{part}/{whole} = {100.0 * part / whole:.2f}%" if whole else f"{part}/0"
    print(f"{sum(counts.values())} mutants  false accepts {rate(counts['false accept'], accepted)}"
          f"  false rejects {rate(counts['false reject'], ptxas_accepted)}")
    print(dict(counts))
    if args.list:
        for cell, row, first in mismatches:
            print(f"\n{cell.upper()} {row['id']} ({row['kind']}) {row['module']}:{row['line']}")
            print(f"  {unescape(row['new'])}")
            print(f"  ptxas: {row['message'] or 'accepts'}")
            print(f"  checker: {first or 'accepts'}")


if __name__ == "__main__":
    main()
