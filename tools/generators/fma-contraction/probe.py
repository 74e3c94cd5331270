#!/usr/bin/env python3
"""Compiles small kernels with ptxas and prints their float SASS, to see what
ptxas fuses.

    python3 tools/generators/fma-contraction/probe.py tools/generators/fma-contraction/experiments.txt [-a] [NAME...]

The file holds kernels as `== name` followed by PTX statements, which run
after these loads from the kernel's pointer parameter (`%rd2`): `%f1`..`%f8`
(.f32), `%fd1`..`%fd8` (.f64), `%h1`..`%h8` (.b16) and `%r1`..`%r8` (.b32).
`ST %x` stores `%x` to the next output slot. Each kernel is compiled with
`ptxas -arch=sm_90` ($CUDA_BIN as for count.py) and its SASS listed with
`cuobjdump -sass`, without loads, stores and moves (`-a`: everything).
Naming kernels prints only those.
"""
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
HEADER = '.version 8.0\n.target sm_90\n.address_size 64\n'
HIDDEN = re.compile(r'^(@!?\S+ )?(LDG|STG|MOV|ULDC|S2R|EXIT|BRA|NOP|LDC|IMAD\.MOV)')


def tool(name):
    path = os.path.join(CUDA_BIN, name)
    return path if os.path.exists(path) else name


def kernel(name, body):
    """The PTX of one kernel."""
    lines, slot = [], 1024
    for line in body.strip().split('\n'):
        line = line.strip()
        m = re.match(r'ST (%(\w+?)\d+)$', line)
        if m:
            ty = {'f': 'f32', 'fd': 'f64', 'h': 'b16', 'r': 'b32'}[m.group(2)]
            lines.append(f'st.global.{ty} [%rd2+{slot}], {m.group(1)};')
            slot += 8
        else:
            lines.append(line)
    loads = []
    for i in range(1, 9):
        loads += [f'ld.global.f32 %f{i}, [%rd2+{4 * i}];',
                  f'ld.global.f64 %fd{i}, [%rd2+{64 + 8 * i}];',
                  f'ld.global.b16 %h{i}, [%rd2+{160 + 2 * i}];',
                  f'ld.global.b32 %r{i}, [%rd2+{192 + 4 * i}];']
    return '\n'.join([
        f'.visible .entry {name}(.param .u64 p) {{',
        '.reg .f32 %f<64>; .reg .f64 %fd<64>; .reg .b16 %h<64>; .reg .b16 %rs<16>;',
        '.reg .b32 %r<64>; .reg .pred %p<8>; .reg .b64 %rd<8>;',
        'ld.param.u64 %rd1, [p];', 'cvta.to.global.u64 %rd2, %rd1;'] + loads + lines
        + ['ret;', '}', ''])


def main(path, show_all, wanted):
    parts = re.split(r'^== (\w+)\s*$', open(path).read(), flags=re.M)
    kernels = [(parts[i], parts[i + 1]) for i in range(1, len(parts), 2)]
    kernels = [(n, b) for n, b in kernels if not wanted or n in wanted]
    with tempfile.TemporaryDirectory() as d:
        src, cubin = os.path.join(d, 'k.ptx'), os.path.join(d, 'k.cubin')
        # `call.uni dummy, ();` calls an empty function
        open(src, 'w').write(HEADER + '.func dummy() { ret; }\n'
                             + ''.join(kernel(n, b) for n, b in kernels))
        subprocess.run([tool('ptxas'), '-arch=sm_90', '-o', cubin, src], check=True)
        sass = subprocess.run([tool('cuobjdump'), '-sass', cubin], check=True,
                              capture_output=True, text=True).stdout
    functions = re.split(r'\s+Function : (\w+)', sass)
    listing = dict(zip(functions[1::2], functions[2::2]))
    for name, _ in kernels:
        print('==', name)
        for m in re.finditer(r'/\*[0-9a-f]{4,}\*/\s+(.*?)\s*;', listing.get(name, '')):
            if show_all or not HIDDEN.match(m.group(1)):
                print('   ', m.group(1))


if __name__ == '__main__':
    args = [a for a in sys.argv[1:] if a != '-a']
    main(args[0], '-a' in sys.argv, set(args[1:]))
