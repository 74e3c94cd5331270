# Launch specs for the project's own kernels (tests/data/kernels/src), to be recorded on an H100 like
# the sample set. Format: tools/generators/gpu-golden/kernels/SPEC.md, with one addition:
#   "ptx": True   -- the source is itself the PTX module (hand-written, or rustc's output): no nvcc;
#                    compile.py copies it into the module folder as it is.
# "source" is a path under tests/data/kernels/src. Modules: tools/generators/kernel-cases/compile.py writes them
# to tests/data/kernels/ours/modules/ with index.tsv (case name -> module file).
#
# Conventions
# - Names are ours/<theme>/<kernel>[_<variant>]; every kernel's source comment says what it
#   exercises and what it computes.
# - Sizes are small (<= 16K elements a buffer, <= 8192 threads a launch); inputs are drawn like the
#   recorder draws them (numpy default_rng seeded by case and buffer name).
# - Kernels that spin on other CTAs (ours/intercta/*) launch at most 132 CTAs of <= 256 threads, so
#   that every CTA is resident at once on an H100 (132 SMs) without a cooperative launch.
# - Flags, counters and locks are buffers (zeroed by the recorder before each of its two launches);
#   no kernel keeps state in module variables across launches (globals/global_scratch rewrites its
#   whole table before reading it).
# - Expected deterministic: all. Atomics appear only where their order cannot change the bytes
#   (integer sums, max, xor, counts; spin locks guarding integer updates).
# - printf kernels (ours/printf/*) print to the recording process's stdout, which the case format
#   does not keep; each also stores printf's return values (and a few values) into a buffer.
# - Recursion stays within the default 1 KiB per-thread stack (deepest: 14 frames of <= 32 bytes).

import copy


def buf(dtype, n, init="zeros"):
    return {"dtype": dtype, "len": n, "init": init}


def spec(name, source, entry, grid, block, args, buffers, shared=0, flags=(), ptx=False):
    s = {
        "name": f"ours/{name}",
        "repo": "ptx-rs/ptx",
        "source": source,
        "nvcc_flags": list(flags),
        "entry": entry,
        "grid": list(grid) + [1] * (3 - len(grid)),
        "block": list(block) + [1] * (3 - len(block)),
        "shared_bytes": shared,
        "args": copy.deepcopy(args),
        "buffers": copy.deepcopy(buffers),
    }
    if ptx:
        s["ptx"] = True
    return s


B_ = lambda name: {"buf": name}
I = lambda v: {"i32": v}
U = lambda v: {"u32": v}
F = lambda v: {"f32": v}

SPECS = []

# ================================================================ calls.cu
# __noinline__ functions with int/unsigned/short, float, double, pointer and struct-by-value
# parameters and struct returns; 180 threads in 2 CTAs of 96 (the last 12 return at the bound).
_N = 180
SPECS.append(spec("calls/call_scalars", "calls.cu", "_Z12call_scalarsPKfPKiPfPdPii", [2], [96],
                  [B_("x"), B_("k"), B_("fout"), B_("dout"), B_("iout"), I(_N)],
                  {"x": buf("f32", _N, "normal"), "k": buf("i32", _N, "randint:0:1000"),
                   "fout": buf("f32", 6 * _N), "dout": buf("f64", 2 * _N), "iout": buf("i32", 4 * _N)}))
# fib / Hofstadter female-male (mutual) / tree depth / pairwise sum, depth per lane from in % 13.
# ndata 256: windows [lo, lo + len) with lo <= 215, len <= 37.
_N = 128
_REC_ARGS = [B_("in"), B_("data"), B_("out"), B_("sums"), I(_N), I(256)]
_REC_BUFS = {"in": buf("i32", _N, "randint:0:1000"), "data": buf("f32", 256, "uniform:-1:1"),
             "out": buf("i32", 4 * _N), "sums": buf("f32", _N)}
SPECS.append(spec("calls/call_recursion", "calls.cu", "_Z14call_recursionPKiPKfPiPfii", [2], [64],
                  _REC_ARGS, _REC_BUFS))
# The same launch from a module built with -lineinfo (.loc / .file directives in the PTX).
SPECS.append(spec("calls/call_recursion_lineinfo", "calls.cu", "_Z14call_recursionPKiPKfPiPfii", [2], [64],
                  _REC_ARGS, _REC_BUFS, flags=["-lineinfo"]))
# Indirect calls: a __device__ table of 7 function pointers chosen per lane, a function pointer
# passed to a __noinline__ fold, and a local table of 4 step functions (one recursing into fib).
SPECS.append(spec("calls/call_indirect", "calls.cu", "_Z13call_indirectPKfS0_PKiPfPii", [2], [64],
                  [B_("a"), B_("b"), B_("sel"), B_("out"), B_("iout"), I(_N)],
                  {"a": buf("f32", _N, "normal"), "b": buf("f32", _N, "normal"),
                   "sel": buf("i32", _N, "randint:0:1000"), "out": buf("f32", 2 * _N),
                   "iout": buf("i32", _N)}))
# A 16-way switch on v & 15 (compare tree; nvcc 13.0 emits no brx.idx), negative inputs included.
SPECS.append(spec("calls/switch_dense", "calls.cu", "_Z12switch_densePKiPii", [1], [256],
                  [B_("in"), B_("out"), I(256)],
                  {"in": buf("i32", 256, "randint:-1000:1000"), "out": buf("i32", 256)}))
# A per-lane stack-machine interpreter: switch in a loop, operand stack in a local array.
SPECS.append(spec("calls/switch_interpreter", "calls.cu", "_Z18switch_interpreterPKhPKiPji", [2], [64],
                  [B_("code"), B_("init"), B_("out"), I(_N)],
                  {"code": buf("u8", 16 * _N, "randint:0:256"), "init": buf("i32", _N, "randint:-50:50"),
                   "out": buf("u32", 2 * _N)}))
# Insertion sort of 8..24 elements and a 16-bin histogram in local arrays.
SPECS.append(spec("calls/local_arrays", "calls.cu", "_Z12local_arraysPKiPii", [2], [64],
                  [B_("in"), B_("out"), I(_N)],
                  {"in": buf("i32", _N, "randint:0:1000"), "out": buf("i32", 4 * _N)}))

# ================================================================ globals.cu
SPECS.append(spec("globals/read_module_tables", "globals.cu", "_Z18read_module_tablesPKiPiPfPdi", [2], [64],
                  [B_("key"), B_("out"), B_("fout"), B_("dout"), I(128)],
                  {"key": buf("i32", 128, "randint:0:10000"), "out": buf("i32", 8 * 128),
                   "fout": buf("f32", 4 * 128), "dout": buf("f64", 2 * 128)}))
# n a multiple of 64, so base + perm[...] stays below n.
SPECS.append(spec("globals/read_constant_tables", "globals.cu", "_Z20read_constant_tablesPKfPKiPfPdPii",
                  [2], [128],
                  [B_("x"), B_("sel"), B_("out"), B_("dout"), B_("iout"), I(256)],
                  {"x": buf("f32", 256, "normal"), "sel": buf("i32", 256, "randint:0:1000"),
                   "out": buf("f32", 256), "dout": buf("f64", 256), "iout": buf("i32", 256)}))
# One CTA of 256 threads (the size of g_scratch).
SPECS.append(spec("globals/global_scratch", "globals.cu", "_Z14global_scratchPKiPi", [1], [256],
                  [B_("in"), B_("out")],
                  {"in": buf("i32", 256, "randint:-100:100"), "out": buf("i32", 256)}))
# Pointers at odd offsets of a packed struct, initialized with mask() by nvcc.
SPECS.append(spec("globals/read_packed_pointers", "globals.cu", "_Z20read_packed_pointersPKiPii", [1], [64],
                  [B_("key"), B_("out"), I(64)],
                  {"key": buf("i32", 64, "randint:0:100"), "out": buf("i32", 3 * 64)}))

# ================================================================ printf.cu
# One warp each (order of lines fixed by lane order), except printf_divergent (two warps, the
# second printing after a __syncthreads()).
SPECS.append(spec("printf/printf_integers", "printf.cu", "_Z15printf_integersPKiPi", [1], [32],
                  [B_("in"), B_("out")], {"in": buf("i32", 32, "randint:0:100"), "out": buf("i32", 64)}))
SPECS.append(spec("printf/printf_floats", "printf.cu", "_Z13printf_floatsPKfPf", [1], [32],
                  [B_("in"), B_("out")], {"in": buf("f32", 32, "uniform:0:1"), "out": buf("f32", 32)}))
SPECS.append(spec("printf/printf_strings", "printf.cu", "_Z14printf_stringsPKiPi", [1], [32],
                  [B_("in"), B_("out")], {"in": buf("i32", 32, "randint:0:100"), "out": buf("i32", 32)}))
SPECS.append(spec("printf/printf_flags", "printf.cu", "_Z12printf_flagsPKiPi", [1], [32],
                  [B_("in"), B_("out")], {"in": buf("i32", 32, "randint:0:100"), "out": buf("i32", 32)}))
SPECS.append(spec("printf/printf_divergent", "printf.cu", "_Z16printf_divergentPKiPi", [1], [64],
                  [B_("in"), B_("out")], {"in": buf("i32", 64, "randint:0:100"), "out": buf("i32", 64)}))
SPECS.append(spec("printf/printf_from_function", "printf.cu", "_Z20printf_from_functionPKfPi", [1], [32],
                  [B_("in"), B_("out")], {"in": buf("f32", 32, "uniform:0:1"), "out": buf("i32", 32)}))

# ================================================================ intercta.cu
# Grid barrier: bar = [arrivals, generation]; after the launch [0, 2].
SPECS.append(spec("intercta/grid_barrier_phases", "intercta.cu", "_Z19grid_barrier_phasesPKiPiS1_Pj",
                  [16], [64], [B_("in"), B_("a"), B_("b"), B_("bar")],
                  {"in": buf("i32", 1024, "randint:-1000:1000"), "a": buf("i32", 1024),
                   "b": buf("i32", 1024), "bar": buf("u32", 2)}))
# The same with one CTA per H100 SM (132 x 32 threads: the largest grid that must be co-resident).
SPECS.append(spec("intercta/grid_barrier_phases_132", "intercta.cu", "_Z19grid_barrier_phasesPKiPiS1_Pj",
                  [132], [32], [B_("in"), B_("a"), B_("b"), B_("bar")],
                  {"in": buf("i32", 132 * 32, "randint:-1000:1000"), "a": buf("i32", 132 * 32),
                   "b": buf("i32", 132 * 32), "bar": buf("u32", 2)}))
_CH_BUFS = {"in": buf("i32", 24 * 128, "randint:0:100"), "out": buf("i32", 24 * 128),
            "carry": buf("i32", 24), "flag": buf("i32", 24)}
SPECS.append(spec("intercta/chain_scan_forward", "intercta.cu", "_Z18chain_scan_forwardPKiPiS1_S1_",
                  [24], [128], [B_("in"), B_("out"), B_("carry"), B_("flag")], _CH_BUFS))
SPECS.append(spec("intercta/chain_scan_reverse", "intercta.cu", "_Z18chain_scan_reversePKiPiS1_S1_",
                  [24], [128], [B_("in"), B_("out"), B_("carry"), B_("flag")], _CH_BUFS))
# Last CTA sums the partials: 32 CTAs x 256 threads over 512 floats each; and 7 CTAs x 64 over 100.
SPECS.append(spec("intercta/last_cta_sum", "intercta.cu", "_Z12last_cta_sumPKfPfPjS1_i",
                  [32], [256], [B_("in"), B_("partial"), B_("counter"), B_("result"), I(512)],
                  {"in": buf("f32", 32 * 512, "normal"), "partial": buf("f32", 32),
                   "counter": buf("u32", 1), "result": buf("f32", 2)}))
SPECS.append(spec("intercta/last_cta_sum_7x64", "intercta.cu", "_Z12last_cta_sumPKfPfPjS1_i",
                  [7], [64], [B_("in"), B_("partial"), B_("counter"), B_("result"), I(100)],
                  {"in": buf("f32", 700, "uniform:-1:1"), "partial": buf("f32", 7),
                   "counter": buf("u32", 1), "result": buf("f32", 2)}))
_LOCK_BUFS = lambda n, rec: {"in": buf("i32", n, "randint:-100:100"), "lock": buf("i32", 1),
                             "record": buf("i32", rec)}
SPECS.append(spec("intercta/spin_lock_per_cta", "intercta.cu", "_Z17spin_lock_per_ctaPKiPiS1_",
                  [32], [64], [B_("in"), B_("lock"), B_("record")], _LOCK_BUFS(32 * 64, 4)))
SPECS.append(spec("intercta/spin_lock_every_thread", "intercta.cu", "_Z22spin_lock_every_threadPKiPiS1_",
                  [4], [64], [B_("in"), B_("lock"), B_("record")], _LOCK_BUFS(4 * 64, 3)))
SPECS.append(spec("intercta/spin_lock_naive", "intercta.cu", "_Z15spin_lock_naivePKiPiS1_",
                  [4], [64], [B_("in"), B_("lock"), B_("record")], _LOCK_BUFS(4 * 64, 3)))

# ================================================================ warps.cu
SPECS.append(spec("warps/divergent_loops", "warps.cu", "_Z15divergent_loopsPKiPii", [2], [64],
                  [B_("trips"), B_("out"), I(120)],
                  {"trips": buf("i32", 120, "randint:0:1000"), "out": buf("i32", 240)}))
SPECS.append(spec("warps/early_return_barrier", "warps.cu", "_Z20early_return_barrierPKiPi", [2], [128],
                  [B_("in"), B_("out")], {"in": buf("i32", 256, "randint:0:100"), "out": buf("i32", 256)}))
# 96 threads: the warp that leaves as a whole (warp 2) is the last one.
SPECS.append(spec("warps/early_return_barrier_96", "warps.cu", "_Z20early_return_barrierPKiPi", [1], [96],
                  [B_("in"), B_("out")], {"in": buf("i32", 96, "randint:0:100"), "out": buf("i32", 96)}))
SPECS.append(spec("warps/partial_mask_collectives", "warps.cu", "_Z24partial_mask_collectivesPKiPi", [2], [128],
                  [B_("in"), B_("out")], {"in": buf("i32", 256, "randint:0:100"), "out": buf("i32", 8 * 256)}))
# 48 threads: the second warp has 16 lanes.
SPECS.append(spec("warps/partial_warp", "warps.cu", "_Z12partial_warpPKiPi", [1], [48],
                  [B_("in"), B_("out")], {"in": buf("i32", 48, "randint:0:100"), "out": buf("i32", 4 * 48)}))
SPECS.append(spec("warps/cg_tiles", "warps.cu", "_Z8cg_tilesPKiPi", [2], [128],
                  [B_("in"), B_("out")], {"in": buf("i32", 256, "randint:0:100"), "out": buf("i32", 3 * 256)}))
SPECS.append(spec("warps/cg_coalesced", "warps.cu", "_Z12cg_coalescedPKiPiS1_", [2], [128],
                  [B_("in"), B_("sums"), B_("ranks")],
                  {"in": buf("i32", 256, "randint:0:100"), "sums": buf("i32", 4), "ranks": buf("i32", 256)}))
SPECS.append(spec("warps/cg_labeled", "warps.cu", "_Z10cg_labeledPKiPiS1_", [2], [128],
                  [B_("in"), B_("bins"), B_("out")],
                  {"in": buf("i32", 256, "randint:0:100"), "bins": buf("i32", 24), "out": buf("i32", 256)}))
SPECS.append(spec("warps/match_any_histogram", "warps.cu", "_Z19match_any_histogramPKiPiS1_", [2], [128],
                  [B_("in"), B_("out"), B_("hist")],
                  {"in": buf("i32", 256, "randint:0:128"), "out": buf("i32", 512), "hist": buf("i32", 16)}))

# ================================================================ smem_layout.cu
# 16 u32 per CTA (8 per CTA for smem_layout_none); the H100's answer is the point of these cases.
SPECS.append(spec("smem/static_and_dynamic_1000", "smem_layout.cu", "_Z30smem_layout_static_and_dynamicPj",
                  [3], [64], [B_("out")], {"out": buf("u32", 48)}, shared=1000))
# Static 304 bytes + 40000 dynamic: inside the 48 KiB a launch gets without opting in.
SPECS.append(spec("smem/static_and_dynamic_40000", "smem_layout.cu", "_Z30smem_layout_static_and_dynamicPj",
                  [2], [128], [B_("out")], {"out": buf("u32", 32)}, shared=40000))
SPECS.append(spec("smem/dynamic_only_4096", "smem_layout.cu", "_Z24smem_layout_dynamic_onlyPj",
                  [2], [64], [B_("out")], {"out": buf("u32", 32)}, shared=4096))
SPECS.append(spec("smem/none", "smem_layout.cu", "_Z16smem_layout_nonePj",
                  [2], [32], [B_("out")], {"out": buf("u32", 16)}))

# ================================================================ hand-written PTX
SPECS.append(spec("ptx/brx_dispatch", "brx_idx.ptx", "brx_dispatch", [2], [64],
                  [B_("in"), B_("out"), U(120)],
                  {"in": buf("u32", 128, "randint:0:200"), "out": buf("u32", 128)}, ptx=True))
SPECS.append(spec("ptx/brx_interpreter", "brx_idx.ptx", "brx_interpreter", [2], [64],
                  [B_("code"), B_("init"), B_("out")],
                  {"code": buf("u8", 16 * 128, "randint:0:256"), "init": buf("u32", 128, "randint:0:1000"),
                   "out": buf("u32", 256)}, ptx=True))
SPECS.append(spec("ptx/brx_uniform", "brx_idx.ptx", "brx_uniform", [4], [64],
                  [B_("in"), B_("out")],
                  {"in": buf("u32", 256, "randint:0:100"), "out": buf("u32", 256)}, ptx=True))
SPECS.append(spec("ptx/brx_in_func", "brx_idx.ptx", "brx_in_func", [2], [64],
                  [B_("in"), B_("out")],
                  {"in": buf("u32", 128, "randint:0:100000"), "out": buf("u32", 128)}, ptx=True))
SPECS.append(spec("ptx/reg_and_param_calls", "funcs.ptx", "reg_and_param_calls", [2], [64],
                  [B_("in"), B_("win"), B_("out"), B_("dout")],
                  {"in": buf("u32", 128, "randint:0:100"), "win": buf("f32", 128, "uniform:-2:2"),
                   "out": buf("u32", 8 * 128), "dout": buf("f64", 128)}, ptx=True))
SPECS.append(spec("ptx/indirect_calls", "funcs.ptx", "indirect_calls", [2], [64],
                  [B_("in"), B_("out")],
                  {"in": buf("u32", 128, "randint:0:100"), "out": buf("u32", 256)}, ptx=True))
SPECS.append(spec("ptx/read_module_vars", "module_vars.ptx", "read_module_vars", [1], [64],
                  [B_("key"), B_("out")],
                  {"key": buf("u32", 64, "randint:0:1000"), "out": buf("u32", 16 * 64)}, ptx=True))
SPECS.append(spec("ptx/exit_divergent", "exit_barriers.ptx", "exit_divergent", [2], [128],
                  [B_("in"), B_("out")],
                  {"in": buf("u32", 256, "randint:0:1000"), "out": buf("i32", 256)}, ptx=True))
SPECS.append(spec("ptx/bar_reductions", "exit_barriers.ptx", "bar_reductions", [2], [128],
                  [B_("in"), B_("out")],
                  {"in": buf("u32", 256, "randint:0:100"), "out": buf("u32", 4 * 256)}, ptx=True))
# 4 CTAs x 96 threads, 8 rounds of 64 words each per CTA.
SPECS.append(spec("ptx/producer_consumer", "exit_barriers.ptx", "producer_consumer", [4], [96],
                  [B_("in"), B_("out"), U(8)],
                  {"in": buf("u32", 4 * 8 * 64, "randint:0:1000"), "out": buf("u32", 4 * 64)}, ptx=True))

# 6 CTAs of 8x4x2 threads (a 3-D block, a 2-D grid), 32 words a thread.
SPECS.append(spec("ptx/vector_components", "specials.ptx", "vector_components", [3, 2], [8, 4, 2],
                  [B_("out")], {"out": buf("u32", 6 * 64 * 32)}, ptx=True))

# ================================================================ rustc's nvptx64 backend
# rust/kernels.ptx as rustc +nightly wrote it from rust/kernels.rs (command in that file's header).
SPECS.append(spec("rust/saxpy", "rust/kernels.ptx", "saxpy", [4], [256],
                  [I(1000), F(2.5), B_("x"), B_("y")],
                  {"x": buf("f32", 1024, "normal"), "y": buf("f32", 1024, "normal")}, ptx=True))
# 4 x 128 threads = 16 warps over 10000 floats.
SPECS.append(spec("rust/warp_sums", "rust/kernels.ptx", "warp_sums", [4], [128],
                  [B_("input"), I(10000), B_("out")],
                  {"input": buf("f32", 10000, "normal"), "out": buf("f32", 16)}, ptx=True))
SPECS.append(spec("rust/collatz_steps", "rust/kernels.ptx", "collatz_steps", [2], [128],
                  [B_("start"), B_("steps"), B_("peak"), I(250)],
                  {"start": buf("u64", 256, "randint:1:100000"), "steps": buf("u32", 256),
                   "peak": buf("u64", 256)}, ptx=True))

# ================================================================ the README's example
# examples/kernels/mandelbrot.ptx (nvcc's module of examples/kernels/mandelbrot.cu, through the
# link src/example/mandelbrot.ptx), launched as examples/run_ptx_kernel.rs launches it: a 96 x 36
# image of the plane from (-2.2, -1.2), 0.03125 across and 0.0625 down, at most 200 iterations.
SPECS.append(spec("example/mandelbrot", "example/mandelbrot.ptx", "mandelbrot", [6, 9], [16, 4],
                  [B_("iterations"), I(96), I(36), F(-2.2), F(-1.2), F(0.03125), F(0.0625), I(200)],
                  {"iterations": buf("u8", 96 * 36)}, ptx=True))

# ================================================================ divergence.cu
# The order of a diverged warp's paths: every lane takes tickets from its warp's counter
# (counter[warp]) in each part of each shape; out[k * n + t] is lane t's k-th ticket.
_DIV = [("if_else", "_Z11div_if_elsePjS_", 3, False), ("if_only", "_Z11div_if_onlyPjS_PKj", 2, True),
        ("cascade", "_Z11div_cascadePjS_", 4, False), ("loop", "_Z8div_loopPjS_PKj", 3, True),
        ("nested", "_Z10div_nestedPjS_", 5, False), ("early_return", "_Z16div_early_returnPjS_", 2, False),
        ("calls", "_Z9div_callsPjS_", 2, False), ("break", "_Z9div_breakPjS_PKj", 2, True)]
for _short, _entry, _k, _in in _DIV:
    _args = [B_("counter"), B_("out")] + ([B_("in")] if _in else [])
    _bufs = {"counter": buf("u32", 2), "out": buf("u32", _k * 64)}
    if _in:
        _bufs["in"] = buf("u32", 64, "randint:0:1000")
    SPECS.append(spec(f"divergence/{_short}", "divergence.cu", _entry, [1], [64], _args, _bufs))
