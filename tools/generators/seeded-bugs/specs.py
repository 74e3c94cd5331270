# Launch specs for the seeded-bug kernels of tests/data/kernels/seeded/src/ (issue 17, point 7):
# copies of NVIDIA cuda-samples kernels (c94ff366, BSD-3-Clause), each bug beside its unmodified
# twin. Format: SPEC.md of tools/generators/gpu-golden/kernels/, plus three fields the recorder
# ignores, for the sanitizers' tests:
#   "bug":    what was seeded (None for a twin),
#   "twin":   the name of the unmodified case the bug is compared with (None for a twin),
#   "expect": the fault a checker should report, one of
#             "none", "race:RAW", "race:WAR", "race:RAW+WAR" (shared memory),
#             "race:global-no-fence" (global memory between CTAs), "uninit:shared",
#             "sync:collective-mask" (a lane runs a warp collective outside its own mask),
#             "uninit:exited-lane" (a shuffle reads lanes that have exited: legal PTX for
#             sm_70+, the values are undefined), "warn:divergent-barrier" (a barrier reached by
#             divergent threads: legal for sm_70+, where it completes once every non-exited
#             thread has arrived, so at most a warning; no race, no deadlock).
# tests/data/kernels/seeded/README.md has what compute-sanitizer said of each on an H200.
# Launch shapes follow the samples' host code scaled down to a few CTAs, so that a simulator
# runs each in well under a second.
import copy



def spec(sample, short, source, entry, grid, block, args, buffers, shared=0, bug=None, twin=None,
         expect="none"):
    return {
        "name": f"seeded/{sample}/{short}",
        "repo": "NVIDIA/cuda-samples (copied and seeded: tests/data/kernels/seeded/src)",
        "source": source,
        "nvcc_flags": [],
        "entry": entry,
        "grid": list(grid) + [1] * (3 - len(grid)),
        "block": list(block) + [1] * (3 - len(block)),
        "shared_bytes": shared,
        "args": copy.deepcopy(args),
        "buffers": copy.deepcopy(buffers),
        "bug": bug,
        "twin": twin and f"seeded/{sample}/{twin}",
        "expect": expect,
    }


def buf(dtype, n, init="zeros"):
    return {"dtype": dtype, "len": n, "init": init}


B_ = lambda name: {"buf": name}
U = lambda v: {"u32": v}
I = lambda v: {"i32": v}

SPECS = []

# ---------------------------------------------------------------- reduction (reduction_kernel.cu)
# reduce2<float>: one element per thread, 256 threads, dynamic shared 256 * 4 (reduce<T>() in the
# sample: smemSize = threads * sizeof(T)); 4 blocks over n = 1024.
_R2 = [B_("g_idata"), B_("g_odata")]


def reduce2(short, kernel, n, **kw):
    entry = f"_Z{len(kernel)}{kernel}IfEvPT_S1_j"
    SPECS.append(spec("reduction", short, "reduction.cu", entry, [(n + 255) // 256], [256], _R2 + [U(n)],
                      {"g_idata": buf("f32", n, "normal"), "g_odata": buf("f32", (n + 255) // 256)},
                      shared=1024, **kw))


reduce2("reduce2", "reduce2", 1024)
reduce2("reduce2_no_load_sync", "reduce2_no_load_sync", 1024, twin="reduce2", expect="race:RAW",
        bug="the barrier between the load into shared memory and the first step removed")
reduce2("reduce2_no_loop_sync", "reduce2_no_loop_sync", 1024, twin="reduce2", expect="race:RAW+WAR",
        bug="the barrier at the end of each reduction step removed")
reduce2("reduce2_sync_in_branch", "reduce2_sync_in_branch", 1024, twin="reduce2",
        expect="warn:divergent-barrier",
        bug="the step's barrier moved inside `if (tid < s)`: reached by part of the block, and for "
            "s < 32 by part of a warp")
reduce2("reduce2_sync_warp0", "reduce2_sync_warp0", 1024, twin="reduce2", expect="race:RAW",
        bug="the step's barrier executed under `if (tid < 32)` only: warps 1-7 never reach it, "
            "so their steps race (the barrier itself completes as warps 1-7 exit)")
# n = 1000: the last block has 232 inputs, so 24 of its shared slots have none.
reduce2("reduce2_tail", "reduce2", 1000)
reduce2("reduce2_uninit_tail", "reduce2_uninit_tail", 1000, twin="reduce2_tail", expect="uninit:shared",
        bug="the load stores only slots with an input (`if (i < n) sdata[tid] = ...`, the `: 0` "
            "dropped); the last block's steps read 24 slots no thread wrote")

# reduce4<float, 256>: two elements per thread, 256 threads, shared 256 * 4; 4 blocks over n = 2048.
for short, kernel, kw in [
    ("reduce4", "reduce4", {}),
    ("reduce4_shfl_half_warp", "reduce4_shfl_half_warp",
     dict(twin="reduce4", expect="uninit:exited-lane",
          bug="the final-warp branch admits lanes 0-15 only, so tile32.shfl_down "
              "(shfl.sync with mask 0xffffffff) runs with 16 of the 32 lanes it names; the other "
              "16 have exited, which PTX allows for sm_70+ (shfl.sync waits for the non-exited "
              "lanes of its mask), so only the values read from exited lanes are undefined")),
    ("reduce4_shfl_wrong_mask", "reduce4_shfl_wrong_mask",
     dict(twin="reduce4", expect="sync:collective-mask",
          bug="the final-warp shuffle uses mask 0x0000ffff while all 32 lanes execute it: lanes "
              "16-31 are not in the mask they pass (undefined in PTX)")),
]:
    SPECS.append(spec("reduction", short, "reduction.cu", f"_Z{len(kernel)}{kernel}IfLj256EEvPT_S1_j",
                      [4], [256], _R2 + [U(2048)],
                      {"g_idata": buf("f32", 2048, "normal"), "g_odata": buf("f32", 4)}, shared=1024, **kw))

# ---------------------------------------------------------------- scan (scan.cu)
# scanExclusiveShared: 256 threads, one uint4 each; scanExclusiveShort's launch with arrayLength
# 1024 and batchSize 2: grid (2 * 1024) / (4 * 256) = 2. Inputs as main() draws them (rand() % 1024...
# here randint 0..1023).
for short, entry, kw in [
    ("scanExclusiveShared", "scanExclusiveShared", {}),
    ("scanExclusiveShared_no_zero_pad", "scanExclusiveShared_no_zero_pad",
     dict(twin="scanExclusiveShared", expect="uninit:shared",
          bug="scan1Inclusive's store of the zero padding (s_Data[pos] = 0) removed; the steps "
              "read s_Data[pos - offset] below the data half, never written")),
]:
    SPECS.append(spec("scan", short, "scan.cu", entry, [2], [256],
                      [B_("d_Dst"), B_("d_Src"), U(1024)],
                      {"d_Dst": buf("u32", 2048), "d_Src": buf("u32", 2048, "randint:0:1024")}, **kw))

# ---------------------------------------------------------------- threadFenceReduction
# reduceSinglePass<128, true>: 128 threads, dynamic shared 128 * 4 (reduceSinglePass() in the sample),
# 8 blocks over n = 4096 (two grid-stride steps of two elements per thread). The last block to take
# a ticket sums g_odata[0..7] into g_odata[0] and resets the module variable retirementCount.
for short, kernel, kw in [
    ("reduceSinglePass", "reduceSinglePass", {}),
    ("reduceSinglePass_no_fence", "reduceSinglePass_no_fence",
     dict(twin="reduceSinglePass", expect="race:global-no-fence",
          bug="the __threadfence() between a block's store of its partial sum and its ticket "
              "(atomicInc) removed: the last block's reads of g_odata[i] are not ordered after "
              "the other blocks' stores")),
]:
    SPECS.append(spec("threadFenceReduction", short, "threadFenceReduction.cu",
                      f"_Z{len(kernel)}{kernel}ILj128ELb1EEvPKfPfj", [8], [128],
                      [B_("g_idata"), B_("g_odata"), U(4096)],
                      {"g_idata": buf("f32", 4096, "uniform:0:1"), "g_odata": buf("f32", 8)},
                      shared=512, **kw))

# ---------------------------------------------------------------- matrixMul (matrixMul.cu)
# MatrixMulCUDA<16>: threads (16, 16), grid (wB / 16, hA / 16); here 64 x 64 matrices: grid (4, 4),
# four tiles per block.
for short, kernel, kw in [
    ("block16", "MatrixMulCUDA", {}),
    ("block16_no_second_sync", "MatrixMulCUDA_no_second_sync",
     dict(twin="block16", expect="race:WAR",
          bug="the tile loop's second __syncthreads() removed: the next tile's stores to As/Bs may "
              "overwrite values other threads still read")),
]:
    SPECS.append(spec("matrixMul", short, "matrixMul.cu", f"_Z{len(kernel)}{kernel}ILi16EEvPfS0_S0_ii",
                      [4, 4], [16, 16], [B_("C"), B_("A"), B_("B"), I(64), I(64)],
                      {"C": buf("f32", 4096), "A": buf("f32", 4096, "uniform:0:1"),
                       "B": buf("f32", 4096, "uniform:0:1")}, **kw))
