# Launch specs for the thread-block-cluster kernel cases (tests/data/kernels/cluster/src), to be
# recorded on an H100 (record.sh). Format: tools/generators/gpu-golden/kernels/SPEC.md, with one
# addition the recorder ignores:
#   "reqnctapercluster": [X, Y, Z]  -- the cluster shape the kernel declares with
#       __cluster_dims__ (the module's .reqnctapercluster), or None for a kernel without one;
#       compile.py checks it against the module, and spec() the grid against it. Deliberately
#       not the recorder's own "cluster" field (which launches through cuLaunchKernelEx with a
#       cluster-dimension attribute): these kernels carry their shape themselves and are
#       launched the ordinary way, as any CUDA program launches a __cluster_dims__ kernel.
# "source" is a path under tests/data/kernels/cluster/src; compile.py builds it with
# nvcc -ptx -arch=sm_90a into tests/data/kernels/cluster/modules/ with index.tsv.
#
# Conventions
# - Names are cluster/<theme>/<variant>; each source's header comment says what it exercises and
#   what it computes.
# - The cluster shape is compiled into each kernel, so the recorder's ordinary launch (CuPy,
#   cuLaunchKernel) makes clusters; every grid is a multiple of its cluster shape.
# - Small: <= 16 CTAs of <= 256 threads, buffers <= 32K elements. Clusters of up to 8 CTAs (the
#   portable maximum); the CTAs of a cluster are co-scheduled by the hardware, so spinning on
#   another CTA of the same cluster (mbarrier) needs no other guarantee.
# - Counters live in shared memory (initialised by the kernel) or in buffers the recorder zeroes.
# - Expected deterministic: all but the raw addresses are computed from the inputs only with
#   order-free integer atomics; cluster/addr/* store raw shared::cluster and generic addresses
#   (the same in both of the recorder's launches unless the driver moves the shared window).

import copy


def buf(dtype, n, init="zeros"):
    return {"dtype": dtype, "len": n, "init": init}


def spec(name, source, entry, cluster, grid, block, args, buffers, shared=0):
    grid = list(grid) + [1] * (3 - len(grid))
    block = list(block) + [1] * (3 - len(block))
    if cluster is not None:
        assert all(g % c == 0 for g, c in zip(grid, cluster)), name
    return {
        "name": f"cluster/{name}",
        "repo": "ptx-rs/ptx",
        "source": source,
        "nvcc_flags": [],
        "entry": entry,
        "reqnctapercluster": list(cluster) if cluster is not None else None,
        "grid": grid,
        "block": block,
        "shared_bytes": shared,
        "args": copy.deepcopy(args),
        "buffers": copy.deepcopy(buffers),
    }


B_ = lambda name: {"buf": name}
I = lambda v: {"i32": v}
U = lambda v: {"u32": v}


def nthreads(grid, block):
    n = 1
    for d in list(grid) + list(block):
        n *= d
    return n


SPECS = []

# ================================================================ specials.cu
# Every thread dumps the cluster special registers, cg's view of them and elect.sync: 32 words.
for variant, entry, cluster, grid, block in [
    ("c2x1x1", "cl_specials_2x1x1", (2, 1, 1), (8, 2, 1), (64, 1, 1)),
    ("c4x1x1", "cl_specials_4x1x1", (4, 1, 1), (8, 2, 1), (32, 2, 1)),
    ("c2x2x1", "cl_specials_2x2x1", (2, 2, 1), (4, 4, 1), (16, 2, 2)),
    ("c1x1x2", "cl_specials_1x1x2", (1, 1, 2), (2, 2, 4), (64, 1, 1)),
    ("c2x2x2", "cl_specials_2x2x2", (2, 2, 2), (4, 2, 2), (64, 1, 1)),
    ("none", "cl_specials_none", None, (3, 2, 2), (32, 2, 1)),
]:
    SPECS.append(spec(f"specials/{variant}", "specials.cu", entry, cluster, grid, block,
                      [B_("out")], {"out": buf("u32", nthreads(grid, block) * 32)}))

# ================================================================ addr.cu
# Raw mapa / getctarank / isspacep / cvta results for every (thread -> rank) pair: 24 words a
# thread, 32 threads a CTA, 128 bytes of dynamic shared memory (dyn[32]).
for variant, entry, cluster, grid in [
    ("c4x1x1", "cl_addr_4x1x1", (4, 1, 1), (8, 1, 1)),
    ("c2x2x1", "cl_addr_2x2x1", (2, 2, 1), (4, 2, 1)),
]:
    SPECS.append(spec(f"addr/{variant}", "addr.cu", entry, cluster, grid, (32, 1, 1),
                      [B_("out")], {"out": buf("u32", 8 * 32 * 24)}, shared=128))

# ================================================================ histogram.cu
# 256 bins spread over the 4 CTAs of a cluster; atomicAdd through map_shared_rank.
SPECS.append(spec("histogram/c4x1x1", "histogram.cu", "cl_hist_4x1x1", (4, 1, 1), (16, 1, 1), (256, 1, 1),
                  [B_("in"), I(1024), B_("cluster_bins"), B_("global_bins")],
                  {"in": buf("i32", 16 * 1024, "randint:0:256"),
                   "cluster_bins": buf("u32", 4 * 256), "global_bins": buf("u32", 256)}))
# A 2D cluster, a slice that is no multiple of the block, and values crowded into rank 0's bins.
SPECS.append(spec("histogram/c2x2x1", "histogram.cu", "cl_hist_2x2x1", (2, 2, 1), (4, 4, 1), (128, 1, 1),
                  [B_("in"), I(1000), B_("cluster_bins"), B_("global_bins")],
                  {"in": buf("i32", 16 * 1000, "randint:0:40"),
                   "cluster_bins": buf("u32", 4 * 256), "global_bins": buf("u32", 256)}))

# ================================================================ ring.cu
# Push to the right neighbour each round (three barrier forms in turn), pull from the left at the end.
for variant, entry, cluster, grid, block, rounds in [
    ("c4", "cl_ring_4", (4, 1, 1), (8, 1, 1), (128, 1, 1), 6),
    ("c8", "cl_ring_8", (8, 1, 1), (16, 1, 1), (64, 1, 1), 7),
]:
    n = nthreads(grid, block)
    SPECS.append(spec(f"ring/{variant}", "ring.cu", entry, cluster, grid, block,
                      [B_("in"), B_("out"), B_("trace"), I(rounds)],
                      {"in": buf("u32", n, "randint:0:4294967296"), "out": buf("u32", 2 * n),
                       "trace": buf("u32", rounds * n)}))

# ================================================================ mbarrier.cu
# Ranks >= 1 store into rank 0 and arrive on its mbarrier; rank 0 waits on parity 0, then 1.
for variant, entry, csize, grid, nt in [
    ("c2", "cl_mbar_2", 2, 4, 64),
    ("c4", "cl_mbar_4", 4, 8, 48),
]:
    clusters = grid // csize
    SPECS.append(spec(f"mbarrier/{variant}", "mbarrier.cu", entry, (csize, 1, 1), (grid, 1, 1), (nt, 1, 1),
                      [B_("in"), B_("out")],
                      {"in": buf("u32", grid * nt, "randint:0:1000000"),
                       "out": buf("u32", clusters * 2 * (csize - 1) * nt)}))

# ================================================================ contention.cu
# Every thread of a cluster reduces / CASes into one CTA's shared counters.
for variant, entry, csize, grid, nt, target in [
    ("c4", "cl_contend_4", 4, 8, 128, 0),
    ("c8", "cl_contend_8", 8, 16, 64, 5),
]:
    clusters = grid // csize
    SPECS.append(spec(f"contention/{variant}", "contention.cu", entry, (csize, 1, 1), (grid, 1, 1), (nt, 1, 1),
                      [B_("in"), U(target), B_("out"), B_("seen")],
                      {"in": buf("u32", grid * nt, "randint:0:1048576"),
                       "out": buf("u32", clusters * 10), "seen": buf("u32", grid * nt)}))


# ================================================================ async_store.cu
# st.async / red.async into the next rank's Box, completing on its mbarrier.
BOX_WORDS = 1164  # sizeof(Box) / 4 in async_store.cu
for variant, entry, csize, grid in [
    ("c2", "cl_async_2", 2, 4),
    ("c4", "cl_async_4", 4, 8),
]:
    SPECS.append(spec(f"async_store/{variant}", "async_store.cu", entry, (csize, 1, 1), (grid, 1, 1), (64, 1, 1),
                      [B_("in"), B_("out")],
                      {"in": buf("u32", grid * 64, "randint:0:4294967295"),
                       "out": buf("u32", grid * BOX_WORDS)}))

assert len({s["name"] for s in SPECS}) == len(SPECS)
