# Launch specs for the nvptx64 harness's hand-written kernels (tools/gates/nvptx-harness/kernels/), in
# the format of tools/generators/gpu-golden/kernels/SPEC.md, with "ptx": True (the source is rustc's
# module itself). Recorded on an H100 by tools/gates/nvptx-harness/prove.sh into
# tests/data/kernels/nvptx/nvptx_h100.jsonl.gz; modules in tests/data/kernels/nvptx/modules/
# (index.tsv: case name TAB module file). The golden-form kernels need no spec: their cases are
# made from the golden records (`ptxsim gen-nvptx-kernels`).


def buf(dtype, n, init="zeros"):
    return {"dtype": dtype, "len": n, "init": init}


def spec(name, module, entry, block, args, buffers, shared=0):
    return {
        "name": f"nvptx/{name}",
        "repo": "ptx-rs/ptx",
        "source": module,
        "nvcc_flags": [],
        "entry": entry,
        "grid": [1, 1, 1],
        "block": [block, 1, 1],
        "shared_bytes": shared,
        "args": args,
        "buffers": buffers,
        "ptx": True,
    }


B_ = lambda name: {"buf": name}

SPECS = [
    # Two warps, 10 words a lane: shuffles of u32, f32 and f64, whole-warp and in segments.
    spec("warp/shuffles", "warp.ptx", "shuffles", 64, [B_("out")], {"out": buf("u32", 64 * 10)}),
    # Two warps, 18 words a lane: votes, ballot, match, redux, activemask.
    spec("warp/votes", "warp.ptx", "votes", 64, [B_("out")], {"out": buf("u32", 64 * 18)}),
    # One warp, 2 KiB of dynamic shared memory: ldmatrix, movmatrix, mma, stmatrix.
    spec("warp/matrices", "warp.ptx", "matrices", 32, [B_("input"), B_("out")],
         {"input": buf("f16", 512, "normal"), "out": buf("u32", 32 * 32 + 128)}, shared=2048),
    # Two warps, 4 input words and 14 results a thread: the examples' statements.
    spec("examples/examples", "examples.ptx", "examples", 64, [B_("input"), B_("out")],
         {"input": buf("u32", 64 * 4, "randint:0:4294967296"), "out": buf("u32", 64 * 14)}),
]
