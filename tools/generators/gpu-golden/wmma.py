#!/usr/bin/env python3
"""Record what the GPU computes for every `wmma` form: loads, stores and products of fragments.

Usage (from this folder; the device machine has CUDA 13.0 and CuPy):

  wmma.py OUT.jsonl[.gz] [--seed N] [--only SUBSTR] [--arch sm_90] [--jobs N] [--timeout S]
          [--dry-run | --compile-only]

The PTX ISA leaves wmma fragments opaque ("the mapping of matrix elements into fragments is
unspecified"), so the records are what measures them:

* loads (`wmma.load.{a,b,c}`): every matrix shape, type and layout the table has, from `.shared`,
  `.shared::cta`, `.global` and generic (global) addresses, with the default stride and with an
  explicit one. Memory holds distinct values (16-bit elements: a bijection of their index; wider
  ones random, sub-byte ones random bytes), so each lane's registers tell which elements it holds;
* stores (`wmma.store.d`): each lane's registers distinct (16-bit halves: lane, register and half
  packed; wider: random), memory random before; the record has the memory after;
* products (`wmma.mma`): every shape, type, layout pair, `.satfinite` and f64 rounding, on random
  registers; each form's four warps use a different input mode: 0 moderate values, 1 a wide range
  of magnitudes (underflow, overflow, subnormals), 2 moderate values with a few specials (zeros,
  infinities, NaN; integers: accumulators at the s32 limits), 3 random bits.

Records follow ../../../tests/data/golden/FORMAT.md (one warp per record, `scope: "warp"`). Shared
forms have `smem_in`/`smem_out`/`smem_bytes`/`addr_ops` as there (address operands are byte
offsets into the warp's buffer); global forms have the same four fields for global memory:
`gmem_in`, `gmem_out`, `gmem_bytes`, `gaddr_ops` (address operands are byte offsets into a global
buffer of `gmem_bytes` bytes, which the replayer allocates; on the GPU it is a 256-byte aligned
slice of a cudaMalloc'd array). Stride operands are element counts, the same in every lane.

Compiling and launching reuse record.py (NVRTC in a process pool, a child process that owns the
CUDA context and is replaced when a form fails).
"""
import argparse
import json
import math
import os
import random
import struct
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import record as R  # noqa: E402

SIZE = 4096  # bytes of memory per warp (shared or global)
WARPS = 4  # records of each product form (one per input mode)
MEMORY_WARPS = 3  # records of each load or store form

BITS = {"f16": 16, "bf16": 16, "tf32": 32, "f32": 32, "f64": 64, "s8": 8, "u8": 8, "s4": 4,
        "u4": 4, "b1": 1, "s32": 32}

# (multiplicand types, shapes (m, n, k), accumulator types): as ptx-core's wmma table.
KINDS = [
    (["f16"], [(16, 16, 16), (32, 8, 16), (8, 32, 16)], ["f16", "f32"]),
    (["s8", "u8"], [(16, 16, 16), (32, 8, 16), (8, 32, 16)], ["s32"]),
    (["bf16"], [(16, 16, 16), (32, 8, 16), (8, 32, 16)], ["f32"]),
    (["tf32"], [(16, 16, 8)], ["f32"]),
    (["f64"], [(8, 8, 4)], ["f64"]),
    (["s4", "u4"], [(8, 8, 32)], ["s32"]),
    (["b1"], [(8, 8, 128)], ["s32"]),
]


def shape_name(s):
    return "m%dn%dk%d" % s


def dims(what, s):
    """Rows and columns of fragment `what` of shape s = (m, n, k)."""
    m, n, k = s
    return {"a": (m, k), "b": (k, n)}.get(what, (m, n))


def reg_bits(ty):
    return 64 if ty == "f64" else 32


def nregs(what, s, ty):
    """Registers of a fragment (the table's counts: .f16 A and B hold 8 in every shape)."""
    if ty == "f16" and what in "ab":
        return 8
    rows, cols = dims(what, s)
    return rows * cols * BITS[ty] // (32 * reg_bits(ty))


def letter(what, ty):
    """The constraint letter of a fragment's registers (ptx-core's register types)."""
    if ty == "f64":
        return "d"
    if what in "cd" and ty == "f32":
        return "f"
    return "r"


def regs(start, n):
    return "{" + ", ".join("%%%d" % (start + i) for i in range(n)) + "}"


def leading(what, s, layout):
    """The default stride (elements): a row's length for .row, a column's for .col."""
    rows, cols = dims(what, s)
    return cols if layout == "row" else rows


def unit(what, s, ty):
    """Alignment (bytes) of every row or column start: the fragment's size in bytes (ISA), at
    least 16."""
    return max(16, nregs(what, s, ty) * reg_bits(ty) // 8)


def extent(what, s, ty, layout, stride):
    """Bytes from the first element to one past the last."""
    rows, cols = dims(what, s)
    outer, inner = (rows, cols) if layout == "row" else (cols, rows)
    return ((outer - 1) * stride + inner) * BITS[ty] // 8


# ------------------------------------------------------------------------ forms
FORMS = []


def form(name, asm, cons, kind, **kw):
    FORMS.append(dict(name=name, asm=asm, cons=cons, kind=kind, scope="warp", approx=False, **kw))


SPACES = [("shared", ".shared"), ("shared::cta", ".shared::cta"), ("global", ".global"),
          ("generic", "")]


def memory_forms(what, s, ty, layouts, spaces, strides):
    n = nregs(what, s, ty)
    l = letter(what, ty)
    for layout in layouts:
        for space, ss in spaces:
            a = "r" if space.startswith("shared") else "l"
            for explicit in strides:
                op = "store.d" if what == "d" else "load." + what
                head = f"wmma.{op}.sync.aligned.{layout}.{shape_name(s)}{ss}.{ty}"
                if what == "d":
                    asm = f"{head} [%0], {regs(1, n)}" + (f", %{n + 1};" if explicit else ";")
                    cons = [a] + [l] * n + (["r"] if explicit else [])
                else:
                    asm = f"{head} {regs(0, n)}, [%{n}]" + (f", %{n + 1};" if explicit else ";")
                    cons = ["=" + l] * n + [a] + (["r"] if explicit else [])
                form(asm, asm, cons, "store" if what == "d" else "load", what=what, shape=s, ty=ty,
                     layout=layout, space=space, explicit=explicit)


def all_forms():
    accumulators = []  # (shape, type) of every c/d fragment, each once (bf16's are f16's f32 ones)
    for abs_, shapes, accs in KINDS:
        for s in shapes:
            for ty in abs_:
                sub = ty in ("s4", "u4", "b1")
                for what, fixed in (("a", "row"), ("b", "col")):
                    layouts = [fixed] if sub else ["row", "col"]
                    # every space with an explicit stride; the default stride from shared and global
                    memory_forms(what, s, ty, layouts, SPACES, [True])
                    memory_forms(what, s, ty, layouts, SPACES[::2], [False])
            accumulators += [(s, c) for c in accs if (s, c) not in accumulators]
    for s, c in accumulators:
        for what in ("c", "d"):
            memory_forms(what, s, c, ["row", "col"], SPACES, [True])
            memory_forms(what, s, c, ["row", "col"], SPACES[::2], [False])
    mma_forms()


def mma_form(s, lay, mods, types, d, ab, c, name_extra=""):
    m, n, k = s
    nd, na, nb, nc = nregs("d", s, d), nregs("a", s, ab), nregs("b", s, ab), nregs("c", s, c)
    asm = (f"wmma.mma{mods[0]}.sync.aligned.{lay}.{shape_name(s)}{mods[1]}.{types}{mods[2]} "
           f"{regs(0, nd)}, {regs(nd, na)}, {regs(nd + na, nb)}, {regs(nd + na + nb, nc)};")
    cons = ["=" + letter("d", d)] * nd + [letter("a", ab)] * (na + nb) + [letter("c", c)] * nc
    form(asm + name_extra, asm, cons, "mma", shape=s, ab=ab, c=c, d=d, na=na, nb=nb, nc=nc)


def mma_forms():
    lays = ["row.col", "row.row", "col.col", "col.row"]
    for s in [(16, 16, 16), (32, 8, 16), (8, 32, 16)]:
        for lay in lays:
            for d in ("f16", "f32"):
                for c in ("f16", "f32"):
                    mma_form(s, lay, ("", "", ""), f"{d}.{c}", d, "f16", c)
            mma_form(s, lay, ("", "", ""), "f32.bf16.bf16.f32", "f32", "bf16", "f32")
            for t in ("s8", "u8"):
                for sat in ("", ".satfinite"):
                    mma_form(s, lay, ("", "", sat), f"s32.{t}.{t}.s32", "s32", t, "s32")
    for lay in lays:
        mma_form((16, 16, 8), lay, ("", "", ""), "f32.tf32.tf32.f32", "f32", "tf32", "f32")
        for rnd in ("", ".rn", ".rz", ".rm", ".rp"):
            mma_form((8, 8, 4), lay, ("", rnd, ""), "f64.f64.f64.f64", "f64", "f64", "f64")
    for t in ("s4", "u4"):
        for sat in ("", ".satfinite"):
            mma_form((8, 8, 32), "row.col", ("", "", sat), f"s32.{t}.{t}.s32", "s32", t, "s32")
    for op in ("xor", "and"):
        mma_form((8, 8, 128), "row.col", (f".{op}.popc", "", ""), "s32.b1.b1.s32", "s32", "b1", "s32")


# ------------------------------------------------------------------------ inputs
def uniq16(r, salt, i):
    """A bijection of 16-bit indices (distinct halves)."""
    return ((i * 40503) ^ salt) & 0xFFFF


def fill_memory(r, ty, lo, hi):
    """Memory whose elements in [lo, hi) identify themselves (16-bit ones distinct, others random);
    zeros around them (the records stay small, and a stray access still shows)."""
    if BITS[ty] == 16:
        salt = r.getrandbits(16)
        body = b"".join(struct.pack("<H", uniq16(r, salt, i)) for i in range((hi - lo) // 2))
    else:
        body = bytes(r.getrandbits(8) for _ in range(hi - lo))
    return bytes(lo) + body + bytes(SIZE - hi)


def place(r, f):
    """(offset, stride) of a memory form: the matrix inside the buffer, row and column starts
    aligned to the fragment's size (bytes), an explicit stride of the default or more."""
    what, s, ty, layout = f["what"], f["shape"], f["ty"], f["layout"]
    ld = leading(what, s, layout)
    u = unit(what, s, ty)
    per_unit = u * 8 // BITS[ty]  # elements per alignment unit
    stride = ld
    if f["explicit"]:
        stride = ld + per_unit * r.choice([0, 1, 1, 2, 3, 5, 8])
        while extent(what, s, ty, layout, stride) > SIZE // 2:
            stride -= per_unit
        stride = max(stride, ld)
    room = SIZE - extent(what, s, ty, layout, stride)
    offset = r.randrange(room // u + 1) * u
    return offset, stride


F16_SPECIAL = [0x0000, 0x8000, 0x7C00, 0xFC00, 0x7E00, 0x7D00, 0x0001, 0x03FF, 0x7BFF, 0xFBFF]
BF16_SPECIAL = [0x0000, 0x8000, 0x7F80, 0xFF80, 0x7FC0, 0x7FA0, 0x0001, 0x007F, 0x7F7F, 0xFF7F]
F32_SPECIAL = [0x00000000, 0x80000000, 0x7F800000, 0xFF800000, 0x7FC00000, 0x7FA00000, 0x00000001,
               0x807FFFFF, 0x7F7FFFFF, 0xFF7FFFFF]
F64_SPECIAL = [0, 1 << 63, 0x7FF0000000000000, 0xFFF0000000000000, 0x7FF8000000000000,
               0x7FF4000000000000, 1, 0x800FFFFFFFFFFFFF, 0x7FEFFFFFFFFFFFFF]


def scalar(r, ty, mode):
    """One element of type ty for input mode 0 (moderate), 1 (wide range), 2 (specials), 3 (bits)."""
    if mode == 3:
        return r.getrandbits(BITS[ty] if ty != "tf32" else 32)
    if mode == 2 and r.random() < 0.04:
        return r.choice({"f16": F16_SPECIAL, "bf16": BF16_SPECIAL, "tf32": F32_SPECIAL,
                         "f32": F32_SPECIAL, "f64": F64_SPECIAL}[ty])
    scale = r.randint(-4, 4) if mode != 1 else {"f16": r.randint(-26, 16), "bf16": r.randint(-140, 128),
                                                "tf32": r.randint(-140, 128), "f32": r.randint(-150, 128),
                                                "f64": r.randint(-1080, 1024)}[ty]
    try:
        x = math.ldexp(r.gauss(0, 1), scale)
    except OverflowError:
        x = math.copysign(1e308, r.random() - 0.5)
    if ty == "f16":
        return R.f16b(x)
    if ty == "bf16":
        return R.f32b(max(min(x, 3e38), -3e38)) >> 16
    if ty == "tf32":  # low 13 bits random: the hardware ignores them
        return (R.f32b(max(min(x, 3e38), -3e38)) & ~0x1FFF) | r.getrandbits(13)
    if ty == "f32":
        return R.f32b(max(min(x, 3e38), -3e38))
    if ty == "f64":
        return R.f64b(max(min(x, 1e308), -1e308))
    raise ValueError(ty)


def register(r, ty, mode, reg_ty_bits):
    """One register of elements of ty (packed: f16/bf16 in pairs, integers in bytes/nibbles/bits)."""
    if ty in ("s8", "u8", "s4", "u4", "b1"):
        return r.getrandbits(32)
    if ty == "s32":
        if mode == 0:
            return r.randint(-1000, 1000) & 0xFFFFFFFF
        if mode == 2:  # at and near the limits: wrapping and saturation
            return r.choice([0x7FFFFFFF, 0x7FFFFF00, 0x80000000, 0x80000100, 0x7FFFFFF0, 0x80000010,
                             r.randint(-1000, 1000) & 0xFFFFFFFF])
        return r.getrandbits(32)
    if ty in ("f16", "bf16"):
        return scalar(r, ty, mode) | scalar(r, ty, mode) << 16
    return scalar(r, ty, mode)


def mma_inputs(r, f, w, nops):
    """Every lane's operands of a product form in warp w (mode w % 4)."""
    mode = w % 4
    nd = nregs("d", f["shape"], f["d"])
    out = []
    for _lane in range(32):
        row = [0] * nops
        for i in range(f["na"] + f["nb"]):
            row[nd + i] = register(r, f["ab"], mode, 32)
        for i in range(f["nc"]):
            row[nd + f["na"] + f["nb"] + i] = register(r, f["c"], mode, 32)
        out.append(row)
    return out


def store_values(r, f, lane, n):
    """Distinct register values of a store: 16-bit halves carry (lane, register, half)."""
    ty = f["ty"]
    if ty == "f16":
        salt = r.getrandbits(16)
        return [uniq16(r, salt, lane * 16 + 2 * i) | uniq16(r, salt, lane * 16 + 2 * i + 1) << 16
                for i in range(n)]
    return [r.getrandbits(reg_bits(ty)) for _ in range(n)]


# ------------------------------------------------------------------------ kernels
def build(f):
    """The kernel of a form: record.py's signature (in, out, memory before, memory after, act).
    Shared forms copy the warp's memory into shared memory and back; global forms work on the
    warp's slice of the `after` array itself."""
    cons = f["cons"]
    nops = len(cons)
    mem = f["kind"] != "mma"
    glob = mem and not f["space"].startswith("shared")
    lines, outs, ins, stores = [], [], [], []
    addr_ops = []
    for k, c in enumerate(cons):
        t = R.CT[c[-1]]
        if c[0] == "=":
            lines.append(f"  {t} o{k};")
            outs.append(f'"{c}"(o{k})')
            v = {"r": f"(unsigned long long)o{k}", "f": f"(unsigned long long)__float_as_uint(o{k})",
                 "d": f"(unsigned long long)__double_as_longlong(o{k})", "l": f"o{k}"}[c[-1]]
            stores.append(f"  out[t*{nops}+{k}] = {v};")
            continue
        src = f"my[{k}]"
        is_addr = mem and ((f["kind"] == "store" and k == 0) or
                           (f["kind"] == "load" and k == nregs(f["what"], f["shape"], f["ty"])))
        if is_addr:
            addr_ops.append(k)
            conv = f"gbase + {src}" if glob else f"sbase + (unsigned int){src}"
        else:
            conv = {"r": f"(unsigned int){src}", "l": src, "f": f"__uint_as_float((unsigned int){src})",
                    "d": f"__longlong_as_double((long long){src})"}[c[-1]]
        lines.append(f"  {t} o{k} = {conv};")
        ins.append(f'"{c}"(o{k})')
    stmt = f'  asm volatile({json.dumps(f["asm"])} : {", ".join(outs)} : {", ".join(ins)} : "memory");'
    copy_in = (f"  for (int i = lane; i < {SIZE}; i += 32) mine[i] = minit[w * {SIZE} + i];" if glob else
               f"  for (int i = lane; i < {SIZE}; i += 32) smem[i] = minit[w * {SIZE} + i];")
    copy_out = "" if glob else f"  for (int i = lane; i < {SIZE}; i += 32) mine[i] = smem[i];"
    src = f"""
extern "C" __global__ void k(const unsigned long long* in, unsigned long long* out,
                             const unsigned char* minit, unsigned char* mout,
                             const unsigned int* act) {{
  __shared__ __align__(1024) unsigned char smem[{SIZE}];
  int w = blockIdx.x, lane = threadIdx.x, t = w * 32 + lane;
  unsigned char* mine = mout + w * {SIZE};
{copy_in}
  __syncwarp();
  unsigned int sbase;
  asm volatile("{{ .reg .u64 t; cvta.to.shared.u64 t, %1; cvt.u32.u64 %0, t; }}" : "=r"(sbase) : "l"(smem));
  unsigned long long gbase = (unsigned long long)mine;
  const unsigned long long* my = in + t * {nops};
{chr(10).join(lines)}
{stmt}
{chr(10).join(stores)}
  __syncwarp();
{copy_out}
}}
"""
    return src, addr_ops


# ------------------------------------------------------------------------ jobs and records
def make_jobs(forms, r, only):
    jobs = []
    for idx, f in enumerate(forms):
        if only and only not in f["name"]:
            continue
        src, addr_ops = build(f)
        cons = f["cons"]
        nops = len(cons)
        inp = []
        minit = b""
        nw = WARPS if f["kind"] == "mma" else MEMORY_WARPS
        for w in range(nw):
            if f["kind"] == "mma":
                rows = mma_inputs(r, f, w, nops)
                minit += bytes(SIZE)
            else:
                offset, stride = place(r, f)
                n = nregs(f["what"], f["shape"], f["ty"])
                end = offset + extent(f["what"], f["shape"], f["ty"], f["layout"], stride)
                minit += fill_memory(r, f["ty"], offset, -(-end // 16) * 16)
                rows = []
                for lane in range(32):
                    row = [0] * nops
                    if f["kind"] == "store":
                        row[0] = offset
                        row[1:1 + n] = store_values(r, f, lane, n)
                    else:
                        row[n] = offset
                    if f["explicit"]:
                        row[-1] = stride
                    rows.append(row)
            for row in rows:
                inp.extend(v & ((1 << R.BITS[c[-1]]) - 1) for v, c in zip(row, cons))
        jobs.append(dict(idx=idx, form=f, src=src, addr_ops=addr_ops, cons=cons, nw=nw, inp=inp,
                         smem_init=minit, act=[R.FULL] * nw))
    return jobs


def write_records(out, job, outcome, arch):
    f, cons = job["form"], job["cons"]
    nops = len(cons)
    if outcome[0] == "err":
        out.write(json.dumps({"form": f["name"], "asm": f["asm"], "cons": cons,
                              "error": outcome[1][:2000]}) + "\n")
        return 0
    _, res, after = outcome
    inp = job["inp"]
    for w in range(job["nw"]):
        rec = {"form": f["name"], "asm": f["asm"], "cons": cons, "scope": "warp", "approx": False,
               "arch": arch, "in": [], "out": []}
        for lane in range(32):
            t = w * 32 + lane
            rec["in"].append([None if c[0] == "=" else R.hexw(int(inp[t * nops + k]), c[-1])
                              for k, c in enumerate(cons)])
            rec["out"].append([R.hexw(int(res[t][k]), c[-1]) if c[0] == "=" else None
                               for k, c in enumerate(cons)])
        if f["kind"] != "mma":
            p = "s" if f["space"].startswith("shared") else "g"
            rec[f"{p}mem_bytes"] = SIZE
            rec["addr_ops" if p == "s" else "gaddr_ops"] = job["addr_ops"]
            rec[f"{p}mem_in"] = job["smem_init"][w * SIZE:(w + 1) * SIZE].hex()
            if f["kind"] == "store":
                rec[f"{p}mem_out"] = after[w * SIZE:(w + 1) * SIZE].hex()
        out.write(json.dumps(rec) + "\n")
    return job["nw"]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("out")
    ap.add_argument("--seed", type=int, default=13)
    ap.add_argument("--only", default=None)
    ap.add_argument("--arch", default="sm_90")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 4)
    ap.add_argument("--timeout", type=float, default=30.0)
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--compile-only", action="store_true")
    a = ap.parse_args()

    all_forms()
    names = [f["name"] for f in FORMS]
    if len(set(names)) != len(names):
        raise SystemExit("duplicate form names")
    t0 = time.time()
    jobs = make_jobs(FORMS, random.Random(a.seed), a.only)
    kinds = {}
    for j in jobs:
        kinds[j["form"]["kind"]] = kinds.get(j["form"]["kind"], 0) + 1
    print(f"{len(jobs)} forms ({', '.join(f'{v} {k}' for k, v in sorted(kinds.items()))}), "
          f"{sum(j['nw'] for j in jobs)} records to make; built in {time.time() - t0:.1f}s", flush=True)
    if a.dry_run and not a.compile_only:
        return
    if not R.nvrtc_lib():
        raise SystemExit("no libnvrtc (set GOLDEN_NVRTC=/path/to/libnvrtc.so)")
    print(f"compiling with NVRTC {R.nvrtc_version()} on {a.jobs} processes", flush=True)
    compiled = R.compile_all(jobs, a.arch, a.jobs)
    nerr = R.attach_compiled(jobs, compiled)
    if a.compile_only:
        R.print_compile_errors(jobs, nerr, t0)
        return
    written = R.launch_and_write(jobs, a.arch, a.timeout, a.out, write_records)
    for j, oc, n in written:
        if n == 0:
            print(f"  failed: {j['form']['name']}: {oc[1][:300]}", flush=True)
    nrec = sum(n for _, _, n in written)
    nfail = sum(n == 0 for _, _, n in written)
    print(f"records {nrec}, forms failed {nfail}, {time.time() - t0:.1f}s")


if __name__ == "__main__":
    main()
