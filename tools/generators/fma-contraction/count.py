#!/usr/bin/env python3
"""Counts the float arithmetic ptxas writes for each function of PTX modules,
by the PTX instruction it comes from.

    python3 tools/generators/fma-contraction/count.py MODULE... > ptx-sim/tests/data/contractions.tsv

run from the repository root, with ptxas and nvdisasm in $CUDA_BIN (default: the CUDA 13.0 wheels' bin
folder in $CUDA_VENV, tools/lib/README.md: ptxas 13.0 V13.0.88, nvdisasm 13.2)
or on PATH. The data file was made with

    python3 tools/generators/fma-contraction/count.py \
        ptx-core/tests/data/modules/cuda-samples/*.ptx.gz \
        ptx-core/tests/data/modules/hand/*.ptx ptx-core/tests/data/modules/nvcc/*.ptx \
        ptx-sim/tests/data/contractions/*.ptx.gz > ptx-sim/tests/data/contractions.tsv

Each module is compiled with `ptxas -arch=sm_90 -lineinfo` (`sm_90a` for a
module whose `.target` is sm_90a) after a `.loc` naming its own line is put
in front of every instruction (the module's own `.loc` and `.file` lines are
blanked, so line numbers stay), and `nvdisasm -g` lists the SASS with the line
each instruction comes from. For each function it prints one line: the
module's path, the function's name, then, per kind of SASS instruction, how
many of the function's PTX `mul`, `add`, `sub`, `fma`, `mad` and `neg`
instructions (of .f32, .f64, .f16, .f16x2, .bf16, .bf16x2) ptxas turned into
at least one of it (the header line names the columns):

* fmul fadd ffma: FMUL, FADD, FFMA (any modifiers);
* dmul dadd dfma: DMUL, DADD, DFMA;
* hmul2 hadd2 hfma2: HMUL2, HADD2, HFMA2 on packed halves (.f16x2, .bf16x2);
* hmul hadd hfma: the same on one half, the single forms (an operand reads
  the `.H0_H0` or `.H1_H1` lane: .f16, .bf16).

Counting PTX instructions rather than SASS ones keeps the counts to what the
contraction decides: a loop that ptxas unrolls, or code it writes twice (the
divergent path of a `shfl.sync`), counts once; the FFMAs of a `div.rn.f32`
expansion, and a `.func` inlined into its caller, are not the function's own
arithmetic. So a PTX `add` counts in fadd or ffma (or both, where copies of it
differ), a `mul` in fmul or nowhere (fused wherever it is read).

Some instructions are not the arithmetic they look like, and do not count:
an `HFMA2` that multiplies zeros loads a constant (`HFMA2.MMA Rd, -RZ, RZ, a,
b`) or negates its addend (a `.bf16x2` `neg`); `HADD2.F32` converts a half to
f32; an `FADD`, `DADD` or `HADD2` of `-RZ` negates, takes the absolute value
of, or flushes its other operand (`neg`, `abs`, `mul.ftz x, 1.0`). And ptxas
writes some multiplications as an fma that adds -0.0: an `FFMA`, `DFMA` or
`HFMA2` whose addend is `-RZ` counts as a multiplication (a product whose
only reader negates it; ptxas may give it the line of the `neg` or of the
instruction reading the negation, so such an instruction counts at any line
but that of an instruction ptxas expands), and an `HFMA2` multiplying by the
immediate `1, 1` as an addition.

A function that ptxas leaves out of the cubin (a `.func` inlined everywhere)
gets no line.
"""
import gzip
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '../../lib'))
import cuda_env  # noqa: E402

try:  # $CUDA_BIN, else the bin folder of $CUDA_VENV (tools/lib/cuda_env.py); else PATH
    CUDA_BIN = cuda_env.cuda_bin()
except cuda_env.CudaNotFound:
    CUDA_BIN = ''
COLUMNS = ['fmul', 'fadd', 'ffma', 'dmul', 'dadd', 'dfma',
           'hmul2', 'hadd2', 'hfma2', 'hmul', 'hadd', 'hfma']
ARITHMETIC = re.compile(
    r'^\s*\{?\s*(?:@!?%\w+\s+)?(?:mul|add|sub|fma|mad|neg)(?:\.\w+)*\.(?:f32|f64|f16|f16x2|bf16|bf16x2)\s')
EXPANDED = re.compile(
    r'^\s*\{?\s*(?:@!?%\w+\s+)?(?:div|rem|rcp|sqrt|rsqrt|ex2|lg2|sin|cos|tanh|cvt)\b')
STATEMENT = re.compile(r'^(\s*\{?\s*)((?:@!?%\w+\s+)?[a-z][a-z0-9_]*(?:\.[\w:]+)*(?:\s|;))')


def tool(name):
    """The path of a CUDA tool."""
    path = os.path.join(CUDA_BIN, name)
    return path if os.path.exists(path) else name


def text_of(path):
    """A module's text, decompressed if it is `.gz`."""
    data = open(path, 'rb').read()
    if path.endswith('.gz'):
        data = gzip.decompress(data)
    return data.decode()


def with_lines(ptx):
    """The module with `.loc 1 <line> 0` in front of each instruction, on the same line
    (after a `{` that opens the line), naming that line."""
    out = []
    at_start = False
    in_body = 0
    for n, line in enumerate(ptx.split('\n'), 1):
        if re.match(r'^\s*\.(loc|file)\b', line):
            out.append('')
            continue
        if re.match(r'^\s*\.address_size\b', line):
            line += ' .file 1 "module.ptx"'
        m = STATEMENT.match(line)
        if in_body and at_start and m:
            # after an opening brace (nvcc writes `{add.f16x2 ...` for inline asm)
            line = m.group(1) + f'.loc 1 {n} 0 ' + line[m.end(1):]
        in_body += line.count('{') - line.count('}')
        code = line.split('//')[0].rstrip()
        if code:
            at_start = code.endswith((';', '{', '}', ':'))
        out.append(line)
    return '\n'.join(out)


def sass_by_function(ptx):
    """{function: [(instruction text, PTX line)]} for the module's SASS."""
    arch = 'sm_90a' if re.search(r'^\s*\.target\s+sm_90a\b', ptx, re.M) else 'sm_90'
    with tempfile.TemporaryDirectory() as d:
        src, cubin = os.path.join(d, 'm.ptx'), os.path.join(d, 'm.cubin')
        open(src, 'w').write(with_lines(ptx))
        subprocess.run([tool('ptxas'), f'-arch={arch}', '-lineinfo', '-o', cubin, src],
                       check=True, capture_output=True)
        listing = subprocess.run([tool('nvdisasm'), '-g', '-c', cubin], check=True,
                                 capture_output=True, text=True).stdout
    out = {}
    function, line = None, 0
    for text in listing.split('\n'):
        m = re.match(r'^\.text\.(\S+):', text)
        if m:
            function, line = m.group(1), 0
            out[function] = []
            continue
        m = re.search(r'//## File "module.ptx", line (\d+)', text)
        if m:
            line = int(m.group(1))
            continue
        m = re.search(r'/\*[0-9a-f]{4,}\*/\s+(.*?)\s*;', text)
        if m and function:
            out[function].append((m.group(1), line))
    return out


def body_lines(ptx, name):
    """The line numbers of function `name`'s body, or None if the module does not define it."""
    head = r'\.(?:entry|func)\s+(?:\([^)]*\)\s*)?' + re.escape(name) + r'\b[^;{]*\{'
    m = re.search(head, ptx, re.S)
    if not m:
        return None
    depth, i = 0, m.end() - 1
    while i < len(ptx):
        depth += {'{': 1, '}': -1}.get(ptx[i], 0)
        if depth == 0:
            break
        i += 1
    first = ptx.count('\n', 0, m.end()) + 1
    return range(first, ptx.count('\n', 0, i) + 2)


def classify(instruction):
    """The column an instruction counts in, or None."""
    text = re.sub(r'^@!?U?P\w+\s+', '', instruction)
    opcode, _, rest = text.partition(' ')
    base = opcode.split('.')[0].replace('32I', '')
    ops = [o.strip().replace('.reuse', '') for o in rest.split(',')] if rest else []
    if base not in ('FMUL', 'FADD', 'FFMA', 'DMUL', 'DADD', 'DFMA', 'HMUL2', 'HADD2', 'HFMA2'):
        return None
    if base in ('FADD', 'DADD', 'HADD2') and '-RZ' in [re.sub(r'\.H[01]_H[01]$', '', o) for o in ops[1:3]]:
        return None
    if base == 'HADD2' and '.F32' in opcode:
        return None
    if base == 'HFMA2':
        # a product of zeros: a constant load (`-RZ, RZ, a, b`) or a negation (`-RZ.H0_H0, RZ.H0_H0, -x`)
        if all(re.sub(r'\.H[01]_H[01]$', '', o).lstrip('-') == 'RZ' for o in ops[1:3]):
            return None
        if ops[-1] == '-RZ':
            base = 'HMUL2'
        elif ops[2:4] == ['1', '1']:
            base = 'HADD2'
    if base in ('FFMA', 'DFMA') and ops[-1] == '-RZ':
        base = base[0] + 'MUL'
    if base.startswith('H'):
        single = any(re.search(r'\.H[01]_H[01]$', o) for o in ops[1:])
        return (base[:-1] if single else base).lower()
    return base.lower()


def counts(instructions, lines, ptx_lines):
    """Per column, how many of the function's arithmetic lines gave such an instruction."""
    seen = set()
    for instruction, line in instructions:
        k = classify(instruction)
        if not k or line not in lines:
            continue
        text = ptx_lines[line - 1]
        # a product whose only reader negates it is an fma adding -0.0, which ptxas may
        # give the line of the instruction that reads the negation (a store)
        negated_product = k in ('fmul', 'dmul', 'hmul2', 'hmul') and 'FMA' in instruction
        if ARITHMETIC.match(text) or (negated_product and not EXPANDED.match(text)):
            seen.add((k, line))
    c = dict.fromkeys(COLUMNS, 0)
    for k, _ in seen:
        c[k] += 1
    return c


def main(paths):
    """Prints the counts of every function of the modules at `paths`."""
    print('\t'.join(['module', 'function'] + COLUMNS))
    for path in paths:
        ptx = text_of(path)
        ptx_lines = ptx.split('\n')
        for name, instructions in sass_by_function(ptx).items():
            lines = body_lines(ptx, name)
            if lines is None:
                continue
            c = counts(instructions, lines, ptx_lines)
            print('\t'.join([path, name] + [str(c[k]) for k in COLUMNS]))


if __name__ == '__main__':
    main(sys.argv[1:])
