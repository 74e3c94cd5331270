#!/usr/bin/env python3
"""Ask ptxas which statements of the arithmetic families it accepts.

Usage (on the device machine, where ptxas is):
    python3 tools/generators/gpu-golden/probe_arith.py OUT.jsonl.gz

Every form of probe_arith_forms.py is probed as written and, unless marked
otherwise, with each modifier of its main instruction dropped, each adjacent
pair of modifiers swapped, and each modifier of verdicts.py's MODS added at
the front and at the end. Each statement is wrapped as verdicts.py wraps it
(`.version 9.0`, registers of the type nvcc declares per constraint, `n` = 7)
and given to ptxas for sm_90 and for sm_100a. OUT holds one record per
statement in the real-world corpus format: template, outputs, inputs,
ok_sm_90, ok_sm_100a (statements whose outputs do not come first are left
out, since that format cannot say them).
"""
import gzip, json, os, re, subprocess, sys, tempfile
from concurrent.futures import ThreadPoolExecutor

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from probe_arith_forms import FORMS

MODS = (".sat .ftz .rn .rz .rm .approx .wide .hi .lo .cc .sync .aligned .shared .global "
        ".trans .x4 .relu .NaN .uni .full .rni .satfinite .clamp").split()
REGTY = {"h": ".b16", "r": ".b32", "l": ".b64", "f": ".f32", "d": ".f64"}
TARGETS = ["sm_90", "sm_100a"]


def variants(template):
    """The template and its mutations, the main instruction marked `pre~op~rest`."""
    pre, op, rest = template.split("~")
    base, *mods = op.split(".")
    mods = ["." + m for m in mods]
    lists = [mods]
    lists += [mods[:i] + mods[i + 1:] for i in range(len(mods))]
    for i in range(len(mods) - 1):
        swapped = mods[:]
        swapped[i], swapped[i + 1] = swapped[i + 1], swapped[i]
        lists.append(swapped)
    for m in MODS:
        lists += [[m] + mods, mods + [m]]
    seen = []
    for l in lists:
        text = pre + base + "".join(l) + rest
        if text not in seen:
            seen.append(text)
    return seen


def module(asm, cons, target):
    def sub(m):
        if m.group(0) == "%%":
            return "%"
        k = int(m.group(0)[1:])
        return "7" if cons[k] == "n" else f"%{cons[k][-1]}{k}"
    body = re.sub(r"%%|%\d+", sub, asm)
    decl = " ".join(f".reg {t} %{l}<24>;" for l, t in REGTY.items())
    return (f".version 9.0\n.target {target}\n.address_size 64\n.visible .entry k()\n{{\n  {decl}\n"
            f"  {body}\n  ret;\n}}\n")


def accepts(asm, cons, target, workdir):
    fd, path = tempfile.mkstemp(suffix=".ptx", dir=workdir)
    with os.fdopen(fd, "w") as f:
        f.write(module(asm, cons, target))
    rc = subprocess.run(["ptxas", f"-arch={target}", path, "-o", "/dev/null"],
                        capture_output=True).returncode
    os.remove(path)
    return rc == 0


def main():
    statements, seen = [], set()
    for template, cons, mutate in FORMS:
        cons = cons.split(",")
        texts = variants(template) if mutate else [template.replace("~", "")]
        for text in texts:
            outputs = [c for c in cons if c[0] in "=+"]
            if cons != outputs + [c for c in cons if c[0] not in "=+"] or (text, tuple(cons)) in seen:
                continue
            seen.add((text, tuple(cons)))
            statements.append((text, cons))
    with tempfile.TemporaryDirectory() as workdir, ThreadPoolExecutor(os.cpu_count()) as pool:
        verdicts = {t: list(pool.map(lambda s: accepts(s[0], s[1], t, workdir), statements))
                    for t in TARGETS}
    with gzip.open(sys.argv[1], "wt") as out:
        for i, (text, cons) in enumerate(statements):
            record = {"template": text, "outputs": [c for c in cons if c[0] in "=+"],
                      "inputs": [c for c in cons if c[0] not in "=+"]}
            record.update({f"ok_{t}": verdicts[t][i] for t in TARGETS})
            out.write(json.dumps(record) + "\n")
    print(len(statements), "statements")


if __name__ == "__main__":
    main()
