#!/usr/bin/env python3
"""Shared-memory requests whose wavefronts and bank conflicts Nsight Compute measures on an H100,
to check the simulator's bank model (ptx_sim::memory::banks, ptx_sim::sem::matrix::wmma) against them.

Usage:

  probe.py cu > probe.cu                  the CUDA program: one kernel per statement, one launch
                                          per pattern (PATTERNS, in order), one warp each
  probe.py wmma-cu > wmma_forms.cu        one kernel per wmma load and store form of
                                          ../gpu-golden/wmma.py (for their SASS: no launch)
  probe.py summarize OUTDIR > ../../../tests/data/bank_conflicts_h100.tsv
                                          run.sh's measurements as the table the tests replay
  probe.py wmma-sass OUTDIR > ../../../tests/data/wmma_sass_h100.tsv
                                          the shared-memory instructions ptxas built each wmma
                                          load and store of
  probe.py atom-cu > atom_forms.cu        one kernel per atom/red form on shared memory of
                                          ../gpu-golden/forms_extra.py (for their SASS)
  probe.py atom-sass OUTDIR > ../../../tests/data/atom_sass_h100.tsv
                                          the shared-memory instructions ptxas built each of

A pattern runs one PTX statement on one warp. Lane-kind statements take a shared address operand:
lane l's is the byte offset `offsets[l]` of the kernel's shared memory (every other input is the
lane's number). Wmma-kind statements load or store the matrix at byte `offsets[0]` with a stride
operand of `stride` elements. run.sh runs the program under ncu on the device machine.
"""
import csv
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "../../lib"))
import toolbox  # noqa: E402  (the forms of ../gpu-golden)

SMEM = 16384

CT = {"h": "unsigned short", "r": "unsigned", "l": "unsigned long long", "f": "float", "d": "double"}


def lane_pattern(asm, cons, offsets):
    return dict(kind="lane", asm=asm, cons=cons, offsets=list(offsets), stride=0)


def wmma_pattern(asm, cons, base, stride):
    return dict(kind="wmma", asm=asm, cons=cons, offsets=[base] + [0] * 31, stride=stride)


def step(s, base=0):
    return [base + l * s for l in range(32)]


def halves(lo, hi):
    """Lanes 0-15 at lo(l), lanes 16-31 at hi(l - 16)."""
    return [lo(l) if l < 16 else hi(l - 16) for l in range(32)]


LD = {"u8": ("ld.shared.u8 %0, [%1];", ["=r", "r"]),
      "u16": ("ld.shared.u16 %0, [%1];", ["=h", "r"]),
      "u32": ("ld.shared.u32 %0, [%1];", ["=r", "r"]),
      "u64": ("ld.shared.u64 %0, [%1];", ["=l", "r"]),
      "v2.u16": ("ld.shared.v2.u16 {%0, %1}, [%2];", ["=h", "=h", "r"]),
      "v4.u16": ("ld.shared.v4.u16 {%0, %1, %2, %3}, [%4];", ["=h", "=h", "=h", "=h", "r"]),
      "v2.u32": ("ld.shared.v2.u32 {%0, %1}, [%2];", ["=r", "=r", "r"]),
      "v4.u32": ("ld.shared.v4.u32 {%0, %1, %2, %3}, [%4];", ["=r", "=r", "=r", "=r", "r"]),
      "v2.u64": ("ld.shared.v2.u64 {%0, %1}, [%2];", ["=l", "=l", "r"])}
ST = {"u8": ("st.shared.u8 [%0], %1;", ["r", "r"]),
      "u32": ("st.shared.u32 [%0], %1;", ["r", "r"]),
      "u64": ("st.shared.u64 [%0], %1;", ["r", "l"]),
      "v4.u32": ("st.shared.v4.u32 [%0], {%1, %2, %3, %4};", ["r", "r", "r", "r", "r"])}
ATOM = {"add.u32": ("atom.shared.add.u32 %0, [%1], %2;", ["=r", "r", "r"]),
        "add.u64": ("atom.shared.add.u64 %0, [%1], %2;", ["=l", "r", "l"]),
        "exch.b32": ("atom.shared.exch.b32 %0, [%1], %2;", ["=r", "r", "r"]),
        "cas.b32": ("atom.shared.cas.b32 %0, [%1], %2, %3;", ["=r", "r", "r", "r"]),
        "red.add.u32": ("red.shared.add.u32 [%0], %1;", ["r", "r"]),
        "red.add.f32": ("red.shared.add.f32 [%0], %1;", ["r", "f"])}


def wmma(op, layout, shape, ty, n, letter):
    regs = "{" + ", ".join("%%%d" % i for i in range(n)) + "}" if op != "store.d" else None
    if op == "store.d":
        regs = "{" + ", ".join("%%%d" % (1 + i) for i in range(n)) + "}"
        asm = f"wmma.store.d.sync.aligned.{layout}.{shape}.shared.{ty} [%0], {regs}, %{n + 1};"
        return asm, ["r"] + [letter] * n + ["r"]
    asm = f"wmma.{op}.sync.aligned.{layout}.{shape}.shared.{ty} {regs}, [%{n}], %{n + 1};"
    return asm, ["=" + letter] * n + ["r", "r"]


PATTERNS = []
for ty, steps in (("u8", [1, 4, 128]), ("u16", [2, 64]), ("u32", [0, 4, 8, 128, 132]),
                  ("u64", [0, 8, 16, 256]), ("v2.u16", [0, 4, 8]), ("v4.u16", [0, 8, 16]),
                  ("v2.u32", [0, 8, 16]), ("v4.u32", [0, 16, 32, 128]), ("v2.u64", [0, 16, 32])):
    for s in steps:
        PATTERNS.append(lane_pattern(*LD[ty], step(s)))
# 8-byte lanes: two halves each free of conflicts whose banks overlap (a whole-warp rule would
# say 2 wavefronts, half-warps 1 + 1), and two halves each with 4-way conflicts on different
# banks (whole warp: 4, half-warps: 4 + 4).
PATTERNS.append(lane_pattern(*LD["u64"], halves(lambda l: 8 * l, lambda l: 8 * l + 512)))
PATTERNS.append(lane_pattern(*LD["u64"], halves(lambda l: 256 * (l % 4) + 8 * (l // 4),
                                                lambda l: 256 * (l % 4) + 8 * (l // 4) + 64)))
# 4-byte lanes with the same split: whole warp either way.
PATTERNS.append(lane_pattern(*LD["u32"], halves(lambda l: 128 * (l % 4) + 4 * (l // 4),
                                                lambda l: 128 * (l % 4) + 4 * (l // 4) + 64)))
# One address for every lane but the last (a load that is not uniform), two addresses by
# half-warp, and alternate lanes at two addresses.
for ty in ("u64", "v4.u32"):
    PATTERNS.append(lane_pattern(*LD[ty], [0] * 31 + [256]))
    PATTERNS.append(lane_pattern(*LD[ty], halves(lambda l: 0, lambda l: 256)))
    PATTERNS.append(lane_pattern(*LD[ty], [256 * (l % 2) for l in range(32)]))
    PATTERNS.append(lane_pattern(*LD[ty], halves(lambda l: 0, lambda l: 0)))
for ty, steps in (("u8", [1]), ("u32", [0, 4, 8, 128]), ("u64", [0, 8, 16]),
                  ("v4.u32", [0, 16, 32])):
    for s in steps:
        PATTERNS.append(lane_pattern(*ST[ty], step(s)))
for op, steps in (("add.u32", [0, 4, 8, 128]), ("exch.b32", [0, 4]), ("cas.b32", [0, 4]),
                  ("red.add.u32", [0, 4, 128]), ("red.add.f32", [0, 4]), ("add.u64", [0, 8, 16])):
    for s in steps:
        PATTERNS.append(lane_pattern(*ATOM[op], step(s)))
PATTERNS.append(lane_pattern(*ATOM["add.u32"], [4 * (l // 2) for l in range(32)]))
for op, layout, shape, ty, n, letter, strides in (
        ("load.a", "row", "m16n16k16", "f16", 8, "r", [16, 24, 64]),
        ("load.b", "col", "m16n16k16", "f16", 8, "r", [16, 24]),
        ("load.a", "col", "m16n16k16", "f16", 8, "r", [16, 24]),
        ("load.c", "row", "m16n16k16", "f16", 4, "r", [16, 24, 32]),
        ("load.c", "row", "m16n16k16", "f32", 8, "f", [16, 20, 32]),
        ("load.c", "col", "m16n16k16", "f32", 8, "f", [16, 20]),
        ("load.a", "row", "m16n16k8", "tf32", 4, "r", [8, 12]),
        ("load.a", "row", "m16n16k16", "s8", 2, "r", [16, 32]),
        ("load.c", "row", "m16n16k16", "s32", 8, "r", [16, 20]),
        ("load.a", "row", "m8n8k4", "f64", 1, "d", [4, 8]),
        ("load.c", "row", "m8n8k4", "f64", 2, "d", [8, 12]),
        ("load.a", "row", "m8n8k32", "s4", 1, "r", [32, 64]),
        ("store.d", "row", "m16n16k16", "f32", 8, "f", [16, 20]),
        ("store.d", "row", "m16n16k16", "f16", 4, "r", [16, 24]),
        ("store.d", "col", "m16n16k16", "f32", 8, "f", [16, 20])):
    for stride in strides:
        PATTERNS.append(wmma_pattern(*wmma(op, layout, shape, ty, n, letter), 0, stride))


def kernels():
    """(name, asm, cons, kind) of each distinct statement, in first-use order."""
    seen = {}
    for p in PATTERNS:
        key = (p["asm"], tuple(p["cons"]))
        if key not in seen:
            seen[key] = ("k%d" % len(seen), p["asm"], p["cons"], p["kind"])
    return seen


def kernel_source(name, asm, cons, kind):
    """A kernel that runs `asm` once per lane (see the module docs)."""
    lines, outs, ins, fold = [], [], [], []
    addr = next(k for k in range(len(cons)) if "[%%%d]" % k in asm)
    offset = "offs[0]" if kind == "wmma" else "offs[lane]"
    for k, c in enumerate(cons):
        t = CT[c[-1]]
        if c.startswith("="):
            lines.append(f"  {t} o{k};")
            outs.append(f'"{c}"(o{k})')
            # Every bit of an output counts, so that ptxas loads all of it.
            fold.append({"l": f"(unsigned)(o{k} ^ (o{k} >> 32))",
                         "d": f"(unsigned)(__double_as_longlong(o{k}) ^ (__double_as_longlong(o{k}) >> 32))",
                         "f": f"__float_as_uint(o{k})"}.get(c[-1], f"(unsigned)o{k}"))
        elif k == addr:
            lines.append(f"  unsigned o{k} = sbase + {offset};")
            ins.append(f'"r"(o{k})')
        elif kind == "wmma" and k == len(cons) - 1:
            lines.append(f"  unsigned o{k} = stride;")
            ins.append(f'"r"(o{k})')
        else:
            lines.append(f"  {t} o{k} = ({t})lane;")
            ins.append(f'"{c}"(o{k})')
    body = "\n".join(lines)
    result = " ^ ".join(fold) if fold else "0u"
    return f"""
extern "C" __global__ void {name}(const unsigned *offs, unsigned stride, unsigned *out) {{
  __shared__ __align__(128) unsigned char smem[{SMEM}];
  unsigned lane = threadIdx.x;
  unsigned sbase = (unsigned)__cvta_generic_to_shared(smem);
{body}
  asm volatile({json.dumps(asm)} : {", ".join(outs)} : {", ".join(ins)} : "memory");
  out[lane] = {result};
}}
"""


def cu():
    ks = kernels()
    src = ["// Generated by tools/generators/bank-probe/probe.py: do not edit.",
           "#include <cstdio>", "#include <cuda_runtime.h>"]
    for name, asm, cons, kind in ks.values():
        src.append(kernel_source(name, asm, cons, kind))
    src.append("typedef void (*Kernel)(const unsigned *, unsigned, unsigned *);")
    src.append("struct Pattern { Kernel k; unsigned stride; unsigned offs[32]; };")
    src.append("static const Pattern PATTERNS[] = {")
    for p in PATTERNS:
        name = ks[(p["asm"], tuple(p["cons"]))][0]
        src.append("  {%s, %d, {%s}}," % (name, p["stride"], ", ".join(map(str, p["offsets"]))))
    src.append("};")
    src.append("""
int main() {
  unsigned *out, *offs;
  cudaMalloc(&out, 32 * sizeof(unsigned));
  cudaMalloc(&offs, 32 * sizeof(unsigned));
  int n = sizeof(PATTERNS) / sizeof(PATTERNS[0]);
  for (int i = 0; i < n; i++) {
    cudaMemcpy(offs, PATTERNS[i].offs, sizeof PATTERNS[i].offs, cudaMemcpyHostToDevice);
    PATTERNS[i].k<<<1, 32>>>(offs, PATTERNS[i].stride, out);
    cudaError_t e = cudaDeviceSynchronize();
    printf("%d\\t%s\\n", i, cudaGetErrorString(e));
  }
  return 0;
}""")
    return "\n".join(src)


def wmma_forms():
    """Every wmma load and store form of ../gpu-golden/wmma.py, from .shared with a stride."""
    W = toolbox.load("generators/gpu-golden/wmma.py")
    W.all_forms()
    return [f for f in W.FORMS if f["kind"] in ("load", "store") and f["space"] == "shared"
            and f["explicit"]]


def wmma_cu():
    src = ["// Generated by tools/generators/bank-probe/probe.py wmma-cu: do not edit."]
    for i, f in enumerate(wmma_forms()):
        src.append(kernel_source("w%d" % i, f["asm"], f["cons"], "wmma"))
    return "\n".join(src)


def atom_forms():
    """Every atom/red form on shared memory of ../gpu-golden/forms_extra.py (the recorded ones)."""
    F = toolbox.load("generators/gpu-golden/forms_extra.py")
    return [f for f in F.FORMS if f["asm"].split(" ")[0].split(".")[0] in ("atom", "red")
            and ".shared" in f["asm"] and "b128" not in f["asm"]]


def atom_cu():
    src = ["// Generated by tools/generators/bank-probe/probe.py atom-cu: do not edit."]
    for i, f in enumerate(atom_forms()):
        src.append(kernel_source("a%d" % i, f["asm"], f["cons"], "lane"))
    return "\n".join(src)


def sass_ops(path):
    """{kernel name: [shared-memory instructions, in order]} of a cuobjdump -sass listing."""
    sass = open(path).read()
    ops = {}
    for fn, body in re.findall(r"Function : (\w+)\n(.*?)(?=Function :|\Z)", sass, re.S):
        ops[fn] = re.findall(r"\b((?:LDSM|STSM|LDS|STS|ATOMS)[.\w]*)\s", body)
    return ops


def atom_sass(outdir):
    ops = sass_ops(os.path.join(outdir, "atom_forms.sass"))
    print("# The shared-memory instructions ptxas (CUDA 13.0, sm_90) builds each atom/red form on")
    print("# shared memory of: tools/generators/bank-probe (probe.py atom-cu, run.sh, probe.py atom-sass).")
    print("# asm\tcons\tinstructions")
    for i, f in enumerate(atom_forms()):
        print("%s\t%s\t%s" % (f["asm"], ",".join(f["cons"]), " ".join(ops.get("a%d" % i, ["?"]))))


def ncu_rows(outdir):
    """{launch index: {metric: value}} of run.sh's ncu.csv."""
    rows = [l for l in open(os.path.join(outdir, "ncu.csv")) if l.startswith('"')]
    table = list(csv.reader(rows))
    head, data = table[0], table[1:]
    iid, iname, ival = head.index("ID"), head.index("Metric Name"), head.index("Metric Value")
    out = {}
    for row in data:
        out.setdefault(int(row[iid]), {})[row[iname]] = float(row[ival].replace(",", ""))
    return [out[k] for k in sorted(out)]


def summarize(outdir):
    status = [l.rstrip("\n").split("\t") for l in open(os.path.join(outdir, "patterns.tsv"))]
    launches = ncu_rows(outdir)
    assert len(launches) == len(PATTERNS) == len(status), (len(launches), len(PATTERNS))
    print("# Shared-memory requests of one warp instruction, measured on an H100 with Nsight")
    print("# Compute: tools/generators/bank-probe (probe.py cu, run.sh, probe.py summarize). Offsets: each")
    print("# lane's byte offset into shared memory (wmma: the matrix's, with the stride given).")
    print("# asm\tcons\tkind\tstride\toffsets\trequests\twavefronts\tconflicts")
    for p, m, st in zip(PATTERNS, launches, status):
        assert st[1] == "no error", st
        total = lambda prefix: int(sum(v for k, v in m.items() if k.startswith(prefix)))
        requests = total("smsp__sass_inst_executed_op_")
        waves = total("l1tex__data_pipe_lsu_wavefronts_mem_shared_op_")
        conflicts = total("l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_")
        offs = ",".join(map(str, p["offsets"] if p["kind"] == "lane" else p["offsets"][:1]))
        print("\t".join([p["asm"], ",".join(p["cons"]), p["kind"], str(p["stride"]), offs,
                         str(requests), str(waves), str(conflicts)]))


def wmma_sass(outdir):
    """Per wmma form: how many shared-memory loads and stores of each kind its kernel has."""
    counts = sass_ops(os.path.join(outdir, "wmma_forms.sass"))
    W = toolbox.load("generators/gpu-golden/wmma.py")
    print("# The shared-memory instructions ptxas (CUDA 13.0, sm_90) builds each wmma load and")
    print("# store form of: tools/generators/bank-probe (probe.py wmma-cu, run.sh, probe.py wmma-sass). The")
    print("# stride is the form's default (its rows' or columns' length), for a replayer.")
    print("# asm\tcons\tstride\tinstructions")
    for i, f in enumerate(wmma_forms()):
        stride = W.leading(f["what"], f["shape"], f["layout"])
        print("%s\t%s\t%d\t%s" % (f["asm"], ",".join(f["cons"]), stride,
                                   " ".join(counts.get("w%d" % i, ["?"]))))


if __name__ == "__main__":
    cmd = sys.argv[1] if len(sys.argv) > 1 else ""
    if cmd == "cu":
        print(cu())
    elif cmd == "wmma-cu":
        print(wmma_cu())
    elif cmd == "summarize":
        summarize(sys.argv[2])
    elif cmd == "wmma-sass":
        wmma_sass(sys.argv[2])
    elif cmd == "atom-cu":
        print(atom_cu())
    elif cmd == "atom-sass":
        atom_sass(sys.argv[2])
    else:
        sys.exit(__doc__)
