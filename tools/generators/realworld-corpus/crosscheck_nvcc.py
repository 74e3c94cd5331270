#!/usr/bin/env python3
"""Checks verdicts.py's wrapping against nvcc's own.

For each record, writes a CUDA kernel holding the statement (each operand
a local variable of the C type its constraint takes: `h` unsigned short,
`r` unsigned, `l` unsigned long long, `f` float, `d` double, `q`
unsigned __int128; an `n`/`i` operand the literal verdicts.py
substitutes), has `nvcc -ptx` compile it, and compares the text nvcc put
between `// begin inline asm` and `// end inline asm` with the body
verdicts.py wraps: registers are renamed in order of first appearance,
keeping their class (%rs %r %rd %f %fd %rq: the type nvcc declares), so
the comparison sees the operands' order and types, `%%`, `%=`, `n`
values and everything nvcc passes through. It prints each difference and
a count; exit status 1 when any differ.

Usage:
  crosscheck_nvcc.py IN.jsonl[.gz] [--nvcc PATH] [--arch sm_90a]
                     [--batch 40] [--jobs N]

Python 3 standard library only (nvcc needs a host C++ compiler).
"""

import argparse
import concurrent.futures
import gzip
import json
import os
import re
import subprocess
import sys

sys.dont_write_bytecode = True
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import verdicts  # noqa: E402

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../lib"))
import cuda_env  # noqa: E402

CTYPE = {
    "h": "unsigned short",
    "r": "unsigned",
    "l": "unsigned long long",
    "f": "float",
    "d": "double",
    "q": "unsigned __int128",
}

UNIQUE = "UNIQUE_NUMBER"
REGISTER = re.compile(r"%(rs|rd|rq|r|fd|f)(\d+)")


def c_string(s):
    out = []
    for ch in s:
        o = ord(ch)
        if ch == "\\":
            out.append("\\\\")
        elif ch == '"':
            out.append('\\"')
        elif ch == "\n":
            out.append("\\n")
        elif ch == "\t":
            out.append("\\t")
        elif o < 32 or o == 127:
            out.append("\\%03o" % o)
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def kernel(index, record):
    if record.get("basic"):
        return (
            f"__global__ void k{index}() {{\n"
            f"  asm volatile({c_string(record['template'])});\n}}\n"
        )
    ops = verdicts.operands(record)
    cons = record["outputs"] + record["inputs"]
    nout = len(record["outputs"])
    lines = [f"__global__ void k{index}(char *buf) {{"]
    parts_out, parts_in = [], []
    for i, (c, op) in enumerate(zip(cons, ops)):
        name = record.get("named", [None] * len(cons))[i]
        label = f"[{name}] " if name else ""
        letter = verdicts.letter(c)
        if op[0] == "imm":
            expr = str(op[3])
        elif op[0] == "reg":
            lines.append(f"  {CTYPE[letter]} v{i} = *({CTYPE[letter]} *)(buf + {16 * i});")
            expr = f"v{i}"
        elif op[0] == "tied":
            t = op[1]
            tl = verdicts.letter(cons[t]) if t < len(cons) else "r"
            lines.append(f"  {CTYPE.get(tl, 'unsigned')} v{i} = *({CTYPE.get(tl, 'unsigned')} *)(buf + {16 * i});")
            expr = f"v{i}"
        else:
            return None
        (parts_out if i < nout else parts_in).append(f'{label}"{c}"({expr})')
    lines.append(
        f"  asm volatile({c_string(record['template'])}\n"
        f"    : {', '.join(parts_out)}\n    : {', '.join(parts_in)});"
    )
    for i in range(nout):
        if ops[i][0] == "reg":
            letter = verdicts.letter(cons[i])
            lines.append(f"  *({CTYPE[letter]} *)(buf + {16 * i}) = v{i};")
    lines.append("}")
    return "\n".join(lines) + "\n"


def canonical(text):
    """Registers renamed in order of first appearance, class kept; blank
    lines and the leading/trailing whitespace of lines dropped."""
    seen = {}

    def rename(m):
        key = m.group(0)
        if key not in seen:
            seen[key] = f"%{m.group(1)}#{len(seen)}"
        return seen[key]

    lines = [REGISTER.sub(rename, l).strip() for l in text.split("\n")]
    return "\n".join(l for l in lines if l)


def inline_bodies(ptx):
    """The text of each `// begin inline asm` block, per kernel."""
    bodies = {}
    current = None
    for m in re.finditer(
        r"\.entry\s+(\w+)|// begin inline asm\n(.*?)// end inline asm", ptx, re.S
    ):
        if m.group(1):
            current = m.group(1)
            continue
        bodies.setdefault(current, []).append(m.group(2))
    return bodies


def run_batch(args):
    batch, records, nvcc, arch, tmp = args
    src = os.path.join(tmp, f"b{batch[0]}.cu")
    out = os.path.join(tmp, f"b{batch[0]}.ptx")
    kernels = {}
    with open(src, "w") as f:
        f.write('extern "C" {\n')
        for i in batch:
            k = kernel(i, records[i])
            if k is not None:
                f.write(k)
                kernels[i] = True
        f.write("}\n")
    res = subprocess.run(
        [nvcc, f"-arch={arch}", "-ptx", src, "-o", out], capture_output=True, text=True
    )
    ptx = open(out).read() if os.path.exists(out) else ""
    results = {}
    if not ptx:
        # The C compiler refused the batch: try the statements one by one.
        if len(batch) > 1:
            for i in batch:
                results.update(run_batch(([i], records, nvcc, arch, tmp)))
            return results
        results[batch[0]] = ("nvcc failed", (res.stderr or res.stdout).strip().split("\n")[0])
        return results
    bodies = inline_bodies(ptx)
    for i in batch:
        if i not in kernels:
            results[i] = ("not compiled", "an operand nvcc takes no variable for")
            continue
        got = bodies.get(f"k{i}")
        if got is None:
            results[i] = ("no asm", "nvcc emitted no inline asm for the kernel")
            continue
        # `%=` is a number nvcc counts through the file: any number will do.
        mine = verdicts.module(records[i], arch, unique=UNIQUE)
        mine = mine.split("// begin inline asm\n", 1)[1].rsplit("\n\t// end inline asm", 1)[0]
        pattern = re.escape(canonical(mine)).replace(re.escape(UNIQUE), r"\d+")
        if re.fullmatch(pattern, canonical("\n".join(got))):
            results[i] = ("same", "")
        else:
            results[i] = ("differs", f"nvcc: {got!r}\n       wrap: {mine!r}")
    return results


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("input")
    try:  # CUDA 13.0's nvcc from $CUDA_VENV (tools/lib/cuda_env.py), else the one on PATH
        nvcc = cuda_env.nvcc()
    except cuda_env.CudaNotFound:
        nvcc = "nvcc"
    ap.add_argument("--nvcc", default=nvcc)
    ap.add_argument("--arch", default="sm_90a")
    ap.add_argument("--batch", type=int, default=40)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    args = ap.parse_args()
    opener = gzip.open if args.input.endswith(".gz") else open
    with opener(args.input, "rt") as f:
        records = [json.loads(l) for l in f if l.strip()]
    batches = [list(range(i, min(i + args.batch, len(records))))
               for i in range(0, len(records), args.batch)]
    results = {}
    with tempfile.TemporaryDirectory(prefix="realworld-nvcc-") as tmp:
        with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
            for r in pool.map(run_batch, [(b, records, args.nvcc, args.arch, tmp) for b in batches]):
                results.update(r)
    counts = {}
    for i in sorted(results):
        kind, detail = results[i]
        counts[kind] = counts.get(kind, 0) + 1
        if kind != "same":
            r = records[i]
            print(f"{kind}: {r.get('repo')} {r.get('path')}:{r.get('line')}\n       {detail}")
    print(", ".join(f"{v} {k}" for k, v in sorted(counts.items())))
    return 1 if any(k != "same" for k in counts) else 0


if __name__ == "__main__":
    sys.exit(main())
