#!/usr/bin/env python3
"""Finds where the H100 reads sparse wgmma's metadata, from the sparse kernel cases: solves each
accumulator row's dense A from the products (D - C = A_dense B over N >= 64 columns of a random B,
least squares), takes each group's non-zero positions as the code it needs, and counts the groups
whose code the rule finds in the threads' metadata (the kernel's valid codes, gen.py's META_CODES),
next to a variant with the selector's lane offset 1 instead of 2.

usage (repository root): /path/to/python-with-numpy tools/generators/wgmma-cases/solve_sparse.py [FILE]
"""
import base64, gzip, json, os, struct, sys
import numpy as np
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fit_fp8 import descriptor, k_major
import toolbox  # noqa: E402  (fit_fp8 put tools/lib on sys.path)
F = toolbox.load("probes/mma-fit/fit.py")
CODES = {16: [0x4, 0x8, 0xC, 0x9, 0xD, 0xE], 8: [0x4, 0x8, 0xC, 0x9, 0xD, 0xE], 32: [0x4, 0xE]}
BITS = {'f16': 16, 'bf16': 16, 'tf32': 32, 'e4m3': 8, 'e5m2': 8, 's8': 8, 'u8': 8}
def val(bits, ty):
    if ty in ('s8',): return float(bits - 256 if bits >= 128 else bits)
    if ty in ('u8',): return float(bits)
    v = F.decode(bits, ty)
    if not v.finite: return float('nan')
    return (-1 if v.neg else 1) * v.sig * 2.0 ** v.exp
for line in gzip.open(sys.argv[1] if len(sys.argv) > 1 else 'tests/data/kernels/wgmma/wgmma_h100.jsonl.gz', 'rt'):
    c = json.loads(line)
    name = c['name']
    if '/sp.' not in name or '.rs.' in name or '.ta1' in name or 'sw32' in name: continue
    parts = name.split('/')[1].split('.')
    sel = int(parts[1][3:]); n = int(parts[2].split('n')[1].split('k')[0]); k = int(parts[2].split('k')[1])
    dt, at = parts[3], parts[4]
    eb = BITS[at] // 8
    inp = {kk: base64.b64decode(v['input']) for kk, v in c['buffers'].items()}
    out = base64.b64decode(c['buffers']['d']['output'])
    args = c['args']
    da, db = descriptor(args[4]['u64']), descriptor(args[5]['u64'])
    def elem(img, d, r, kk):
        return val(int.from_bytes(bytes(img[k_major(d, r, kk*eb + i)] for i in range(eb)), 'little'), at)
    kc = k // 2
    Ac = np.array([[elem(inp['a'], da, r, kk) for kk in range(kc)] for r in range(64)])
    B = np.array([[elem(inp['b'], db, j, kk) for kk in range(k)] for j in range(n)]).T
    C = np.zeros((64, n)); D = np.zeros((64, n))
    half = dt == 'f16'; nd = n // 4 if half else n // 2
    for t in range(128):
        w, l = t // 32, t % 32
        for i in range(n // 2):
            row = 16 * w + l // 4 + 8 * ((i // 2) % 2); col = 8 * (i // 4) + 2 * (l % 4) + i % 2
            if half:
                off = (t * nd + i // 2) * 4 + 2 * (i % 2)
                cv = np.frombuffer(inp['c'][off:off+2], np.float16)[0]; dv = np.frombuffer(out[off:off+2], np.float16)[0]
            else:
                off = (t * nd + i) * 4
                fmt = '<i' if dt == 's32' else '<f'
                cv = struct.unpack_from(fmt, inp['c'], off)[0]; dv = struct.unpack_from(fmt, out, off)[0]
            C[row, col] = cv; D[row, col] = dv
    ok = np.isfinite(B).all() and np.isfinite(Ac).all()
    cols = [j for j in range(n) if np.isfinite(B[:, j]).all() and np.isfinite(D[:, j]).all() and np.isfinite(C[:, j]).all()]
    Ad, *_ = np.linalg.lstsq(B[:, cols].T, (D - C)[:, cols].T, rcond=None); Ad = Ad.T
    codes = CODES[BITS[at]]
    meta = []
    for raw in struct.unpack('<128I', inp['meta']):
        m = 0
        for i in range(8): m |= codes[((raw >> (4 * i)) & 0xF) % len(codes)] << (4 * i)
        meta.append(m)
    tf32 = at == 'tf32'
    size = 2 if tf32 else 4
    groups = k // size
    need = {}
    for r in range(64):
        for g in range(groups):
            v = Ad[r, size*g:size*g+size]
            if tf32:
                need[(r, g)] = [0x4, 0xE][int(np.argmax(np.abs(v)))]
            else:
                nz = sorted(np.argsort(-np.abs(v))[:2])
                need[(r, g)] = nz[0] | nz[1] << 2
    # The rule: row = 16w + q + 8h; 16/32-bit: lane 4q + 2 sel + g / 4, code 4h + g % 4;
    # 8-bit: lane 4q + 2 (g / 8) + h, code g % 8. sel_mul 1 is a rejected variant.
    def hyp(r, g, sel_mul):
        w, rr = r // 16, r % 16
        q, h = rr % 8, rr // 8
        if BITS[at] == 8:
            lane, code = 4 * q + 2 * (g // 8) + h, g % 8
        else:
            lane, code = 4 * q + sel_mul * sel + g // 4, 4 * h + g % 4
        return (meta[32 * w + lane] >> (4 * code)) & 0xF
    res = {}
    for sel_mul in (1, 2):
        res[sel_mul] = sum(hyp(r, g, sel_mul) == need[(r, g)] for r in range(64) for g in range(groups))
    print(f"{name}: the rule {res[2]}, lane offset 1 per selector {res[1]}, of {64 * groups} groups")

