#!/usr/bin/env python3
"""ptxas's verdict on each collected inline-asm statement.

Each statement is wrapped in a module the way nvcc would emit it
(tests/data/realworld/corpus/README.md):

    .version 9.0
    .target sm_90a
    .address_size 64

    .visible .entry realworld()
    {
        .reg .b32 %r0;              // one register per operand, of the
        .reg .b64 %rd1;             // type nvcc declares for its constraint
        // begin inline asm
        TEMPLATE                    // operands substituted
        // end inline asm
        ret;
    }

Operand registers: `h` .b16 (%rs), `r` .b32 (%r), `l` .b64 (%rd), `f` .f32
(%f), `d` .f64 (%fd), `q` .b128 (%rq); `=`, `+` and `&` are modifiers; a
digit constraint (`"0"`) names the output it is tied to. An `n` (or `i`)
operand becomes its integer literal value where its C expression is one
(`16`, `0x1f`, `-1`, `4u`, in parentheses or not), else 0.

In the template, as nvcc reads it: `%%` becomes `%`; `%N` is operand N;
`%[name]` is the named operand; `%=` becomes a number unique to the
statement (0 here: one statement a module); `%` before anything else stays
as written (`%laneid`, `%px`: nvcc passes it through). Basic asm (no
colons) is passed through as written.

ptxas (CUDA 13.0) runs once per statement and target; the record gets
`ok_TARGET` (exit status 0) and `msg_TARGET` (the first `error` or
`fatal` line, empty when accepted). A rejected statement with `n` operands is tried
again with other values for them (1, -1, 2, 4, 8, 16, ... for all of
them, then one at a time): if some values make ptxas accept it, the
record gets `subst_only_TARGET: true` and `subst_values_TARGET` (the
values that passed), as the rejection is only the substitution's.

Usage:
  verdicts.py IN.jsonl OUT.jsonl.gz [--ptxas PATH] [--targets sm_90a,sm_100a]
              [--jobs N] [--keep DIR]

Python 3 standard library only.
"""

import argparse
import concurrent.futures
import gzip
import io
import json
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../lib"))
import cuda_env  # noqa: E402

REG = {
    "h": (".b16", "%rs"),
    "r": (".b32", "%r"),
    "l": (".b64", "%rd"),
    "f": (".f32", "%f"),
    "d": (".f64", "%fd"),
    "q": (".b128", "%rq"),
}
IMMEDIATE = {"n", "i"}

# Values tried for `n` operands of a rejected statement.
TRIALS = [1, -1, 2, 4, 8, 16, 32, 64, 128, 256, 3, 24, 240]


def integer_value(expression):
    """The value of a C integer literal expression, else None."""
    t = expression.strip()
    while t.startswith("(") and t.endswith(")"):
        t = t[1:-1].strip()
    neg = False
    if t.startswith("-"):
        neg, t = True, t[1:].strip()
    t = t.replace("'", "")
    m = re.fullmatch(r"(0[xX][0-9a-fA-F]+|0[bB][01]+|0[0-7]*|[1-9][0-9]*)([uU]?[lL]{0,2}|[lL]{1,2}[uU]?)", t)
    if not m:
        return None
    digits = m.group(1)
    if digits[:2] in ("0x", "0X"):
        v = int(digits, 16)
    elif digits[:2] in ("0b", "0B"):
        v = int(digits[2:], 2)
    elif digits.startswith("0") and len(digits) > 1:
        v = int(digits, 8)
    else:
        v = int(digits)
    return -v if neg else v


def letter(constraint):
    return constraint.lstrip("=+&")


def operands(record):
    """Per operand: (kind, register type, register name or None, value):
    kind is 'reg', 'imm' or 'tied'."""
    cons = record["outputs"] + record["inputs"]
    exprs = record.get("output_exprs", []) + record.get("input_exprs", [])
    ops = []
    for i, c in enumerate(cons):
        l = letter(c)
        if l.isdigit():
            ops.append(("tied", int(l), None, None))
        elif l in IMMEDIATE:
            v = integer_value(exprs[i]) if i < len(exprs) else None
            ops.append(("imm", None, None, 0 if v is None else v))
        elif l in REG:
            ty, prefix = REG[l]
            ops.append(("reg", ty, f"{prefix}{i}", None))
        else:
            ops.append(("unknown", c, None, None))
    return ops


def substitute(template, ops, named, imm_values, unique="0"):
    """The template as nvcc would hand it to ptxas."""
    index_of = {n: i for i, n in enumerate(named or []) if n}

    def text(i):
        if i >= len(ops):
            return None
        kind, a, name, _ = ops[i]
        if kind == "tied":
            return text(a) if a < len(ops) and a != i else None
        if kind == "imm":
            return str(imm_values[i])
        if kind == "reg":
            return name
        return None

    out = []
    i = 0
    n = len(template)
    while i < n:
        c = template[i]
        if c != "%":
            out.append(c)
            i += 1
            continue
        nxt = template[i + 1] if i + 1 < n else ""
        if nxt == "%":
            out.append("%")
            i += 2
        elif nxt.isdigit():
            j = i + 1
            while j < n and template[j].isdigit():
                j += 1
            t = text(int(template[i + 1 : j]))
            out.append(t if t is not None else template[i:j])
            i = j
        elif nxt == "[":
            j = template.find("]", i)
            name = template[i + 2 : j] if j > 0 else None
            t = text(index_of[name]) if name in index_of else None
            if t is None or j < 0:
                out.append(c)
                i += 1
            else:
                out.append(t)
                i = j + 1
        elif nxt == "=":
            out.append(unique)
            i += 2
        else:
            out.append("%")
            i += 1
    return "".join(out)


def module(record, target, imm_override=None, unique="0"):
    ops = operands(record)
    imm = {i: (op[3] if imm_override is None else imm_override.get(i, op[3]))
           for i, op in enumerate(ops) if op[0] == "imm"}
    if record.get("basic"):
        body = record["template"]
        decls = []
    else:
        body = substitute(record["template"], ops, record.get("named"), imm, unique)
        decls = [f"\t.reg {op[1]} {op[2]};" for op in ops if op[0] == "reg"]
    return "\n".join(
        [
            ".version 9.0",
            f".target {target}",
            ".address_size 64",
            "",
            ".visible .entry realworld()",
            "{",
            *decls,
            "\t// begin inline asm",
            body,
            "\t// end inline asm",
            "\tret;",
            "}",
            "",
        ]
    )


def run_ptxas(ptxas, target, text, workdir, name):
    path = os.path.join(workdir, name + ".ptx")
    with open(path, "w") as f:
        f.write(text)
    res = subprocess.run(
        [ptxas, f"-arch={target}", path, "-o", os.path.join(workdir, name + ".cubin")],
        capture_output=True,
        text=True,
    )
    for leftover in (path, os.path.join(workdir, name + ".cubin")):
        if os.path.exists(leftover):
            os.remove(leftover)
    if res.returncode == 0:
        return True, ""
    lines = (res.stderr + res.stdout).splitlines()
    # The first error: an `error` or `fatal` line other than the closing
    # "Ptx assembly aborted due to errors".
    first = next(
        (l for l in lines if re.search(r"\b(error|fatal)\b", l) and "aborted due to errors" not in l),
        lines[0] if lines else "",
    )
    return False, first.replace(workdir, f"/tmp/c_{target}")


def substitution_trials(record):
    """Alternative `n` values to try: all the same, then one at a time."""
    ops = operands(record)
    imms = [i for i, op in enumerate(ops) if op[0] == "imm"]
    if not imms:
        return []
    trials = [{i: v for i in imms} for v in TRIALS]
    if len(imms) > 1:
        for i in imms:
            for v in [0] + TRIALS:
                t = {j: 1 for j in imms}
                t[i] = v
                trials.append(t)
    return trials


def judge(args):
    index, record, target, ptxas, workdir = args
    name = f"{index:05}"
    ok, msg = run_ptxas(ptxas, target, module(record, target), workdir, name)
    extra = {}
    if not ok and not record.get("basic"):
        for trial in substitution_trials(record):
            ok2, _ = run_ptxas(ptxas, target, module(record, target, trial), workdir, name)
            if ok2:
                ops = operands(record)
                extra = {
                    f"subst_only_{target}": True,
                    f"subst_values_{target}": [trial.get(i) for i in range(len(ops))],
                }
                break
    return index, target, ok, msg, extra


def default_ptxas():
    """CUDA 13.0's ptxas from $CUDA_VENV (tools/lib/cuda_env.py), else the one on PATH."""
    try:
        return cuda_env.ptxas()
    except cuda_env.CudaNotFound:
        return "ptxas"


def read_jsonl(path):
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rt") as f:
        return [json.loads(l) for l in f if l.strip()]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("input")
    ap.add_argument("output")
    ap.add_argument("--ptxas", default=default_ptxas())
    ap.add_argument("--targets", default="sm_90a,sm_100a")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 4)
    ap.add_argument("--keep", help="also write each statement's module here (sm_90a)")
    args = ap.parse_args()

    records = read_jsonl(args.input)
    targets = args.targets.split(",")
    if args.keep:
        os.makedirs(args.keep, exist_ok=True)
        for i, r in enumerate(records):
            with open(os.path.join(args.keep, f"{i:05}.ptx"), "w") as f:
                f.write(module(r, targets[0]))
    with tempfile.TemporaryDirectory(prefix="realworld-ptxas-") as tmp:
        workdirs = {t: os.path.join(tmp, t) for t in targets}
        for d in workdirs.values():
            os.makedirs(d)
        jobs = [(i, r, t, args.ptxas, workdirs[t]) for t in targets for i, r in enumerate(records)]
        done = 0
        with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
            for index, target, ok, msg, extra in pool.map(judge, jobs):
                r = records[index]
                r[f"ok_{target}"] = ok
                r[f"msg_{target}"] = msg
                r.update(extra)
                done += 1
                if done % 500 == 0:
                    print(f"{done}/{len(jobs)}", file=sys.stderr)
    # Verdict fields after the statement's own, in a fixed order.
    verdict_keys = []
    for t in targets:
        verdict_keys += [f"ok_{t}", f"msg_{t}"]
    for t in targets:
        verdict_keys += [f"subst_only_{t}", f"subst_values_{t}"]
    if args.output.endswith(".gz"):
        # No time or name in the gzip header: the same verdicts give the
        # same bytes.
        raw = open(args.output, "wb")
        f = io.TextIOWrapper(gzip.GzipFile(filename="", mode="wb", fileobj=raw, mtime=0))
    else:
        raw = None
        f = open(args.output, "w")
    with f:
        for r in records:
            out = {k: v for k, v in r.items() if k not in verdict_keys}
            for k in verdict_keys:
                if k in r:
                    out[k] = r[k]
            f.write(json.dumps(out) + "\n")
    if raw is not None:
        raw.close()
    for t in targets:
        acc = sum(r[f"ok_{t}"] for r in records)
        subst = sum(bool(r.get(f"subst_only_{t}")) for r in records)
        print(f"{t}: {acc} accepted, {len(records) - acc} rejected "
              f"({subst} only for the n substitution)", file=sys.stderr)


if __name__ == "__main__":
    main()
