"""Numba (numba-cuda) kernels, unmodified CUDA Python, each compared with NumPy.

Runs on whatever CUDA driver the process loads: a GPU's, or ptx-libcuda's stand-in when its folder
is first on LD_LIBRARY_PATH (tests/python/run.sh). Prints a line per check and exits non-zero if
any differs. Integer results must be equal; float results are built from values whose sums are
exact in float32 (small integers), so they must be equal too.
"""
import sys

import numpy as np
from numba import cuda, int32, float32

failures = []


def check(name, got, want):
    same = got.shape == want.shape and np.array_equal(got, want)
    print(f"{name}: {'ok' if same else 'DIFFERS'}")
    if not same:
        print(f"  got  {got.ravel()[:8]} ...\n  want {want.ravel()[:8]} ...")
        failures.append(name)


@cuda.jit
def add(a, b, out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = a[i] + b[i]


BLOCK = 128


@cuda.jit
def block_sums(x, out):
    """Each block sums its BLOCK elements in shared memory, halving each round."""
    tile = cuda.shared.array(BLOCK, dtype=float32)
    t = cuda.threadIdx.x
    i = cuda.grid(1)
    tile[t] = x[i] if i < x.size else float32(0)
    cuda.syncthreads()
    step = BLOCK // 2
    while step > 0:
        if t < step:
            tile[t] += tile[t + step]
        cuda.syncthreads()
        step //= 2
    if t == 0:
        out[cuda.blockIdx.x] = tile[0]


@cuda.jit
def histogram(values, bins):
    """bins[v % bins.size] += 1 for each value, by global atomics."""
    i = cuda.grid(1)
    if i < values.size:
        cuda.atomic.add(bins, values[i] % bins.size, 1)


@cuda.jit
def block_max(values, out):
    """The largest value, by a shared-memory atomic max per block then a global one."""
    best = cuda.shared.array(1, dtype=int32)
    if cuda.threadIdx.x == 0:
        best[0] = -(2**31)
    cuda.syncthreads()
    i = cuda.grid(1)
    if i < values.size:
        cuda.atomic.max(best, 0, values[i])
    cuda.syncthreads()
    if cuda.threadIdx.x == 0:
        cuda.atomic.max(out, 0, best[0])


@cuda.jit
def warp_sums(x, sums, odd_lanes):
    """Each warp's sum by shuffles down (lane 0 has it), and the ballot of odd lanes' values."""
    i = cuda.grid(1)
    v = x[i]
    offset = 16
    while offset > 0:
        v += cuda.shfl_down_sync(0xFFFFFFFF, v, offset)
        offset //= 2
    odd = cuda.ballot_sync(0xFFFFFFFF, x[i] % 2 == 1)
    if cuda.laneid == 0:
        sums[i // 32] = v
        odd_lanes[i // 32] = odd


TILE = 16
TILE_PADDED = TILE + 1


@cuda.jit
def transpose(a, out):
    """out = a.T through a shared tile, padded against bank conflicts."""
    tile = cuda.shared.array((TILE, TILE_PADDED), dtype=float32)
    x, y = cuda.grid(2)
    tx, ty = cuda.threadIdx.x, cuda.threadIdx.y
    if y < a.shape[0] and x < a.shape[1]:
        tile[ty, tx] = a[y, x]
    cuda.syncthreads()
    ox = cuda.blockIdx.y * TILE + tx
    oy = cuda.blockIdx.x * TILE + ty
    if oy < out.shape[0] and ox < out.shape[1]:
        out[oy, ox] = tile[tx, ty]


def main():
    name = cuda.get_current_device().name
    print(f"device: {name.decode() if isinstance(name, bytes) else name}")
    rng = np.random.default_rng(2026)

    n = 1000
    a = rng.integers(-1000, 1000, n).astype(np.float32)
    b = rng.integers(-1000, 1000, n).astype(np.float32)
    out = cuda.device_array(n, dtype=np.float32)
    add[(n + 255) // 256, 256](cuda.to_device(a), cuda.to_device(b), out)
    check("add", out.copy_to_host(), a + b)

    x = rng.integers(-100, 100, 10 * BLOCK + 37).astype(np.float32)
    blocks = (x.size + BLOCK - 1) // BLOCK
    sums = cuda.device_array(blocks, dtype=np.float32)
    block_sums[blocks, BLOCK](cuda.to_device(x), sums)
    padded = np.zeros(blocks * BLOCK, dtype=np.float32)
    padded[: x.size] = x
    check("block_sums (shared memory)", sums.copy_to_host(), padded.reshape(blocks, BLOCK).sum(axis=1))

    values = rng.integers(0, 1 << 20, 5000).astype(np.int32)
    bins = cuda.to_device(np.zeros(64, dtype=np.int32))
    histogram[(values.size + 127) // 128, 128](cuda.to_device(values), bins)
    check("histogram (global atomics)", bins.copy_to_host(), np.bincount(values % 64, minlength=64).astype(np.int32))

    signed = rng.integers(-(2**31), 2**31 - 1, 3000, dtype=np.int64).astype(np.int32)
    best = cuda.to_device(np.array([-(2**31)], dtype=np.int32))
    block_max[(signed.size + 255) // 256, 256](cuda.to_device(signed), best)
    check("block_max (shared and global atomic max)", best.copy_to_host(), np.array([signed.max()], dtype=np.int32))

    w = rng.integers(-50, 50, 8 * 32).astype(np.int32)
    sums = cuda.device_array(8, dtype=np.int32)
    odd = cuda.device_array(8, dtype=np.uint32)
    warp_sums[2, 128](cuda.to_device(w), sums, odd)
    lanes = w.reshape(8, 32)
    # Bit k of a warp's ballot is lane k's vote.
    ballots = ((lanes % 2 == 1).astype(np.uint64) << np.arange(32, dtype=np.uint64)).sum(axis=1)
    check("warp_sums (shfl_down_sync)", sums.copy_to_host(), lanes.sum(axis=1).astype(np.int32))
    check("ballot_sync", odd.copy_to_host(), ballots.astype(np.uint32))

    m = rng.integers(0, 1000, (45, 70)).astype(np.float32)
    t = cuda.device_array((70, 45), dtype=np.float32)
    transpose[((70 + TILE - 1) // TILE, (45 + TILE - 1) // TILE), (TILE, TILE)](cuda.to_device(m), t)
    check("transpose (2-D grid, shared tile)", t.copy_to_host(), m.T.copy())

    total = 7
    print(f"numba: {total - len(failures)} of {total} checks passed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
