"""CuPy (cupy-cuda13x) kernels and array arithmetic, unmodified, each compared with NumPy.

Runs on whatever CUDA driver the process loads: a GPU's, or ptx-libcuda's stand-in when its folder
is first on LD_LIBRARY_PATH (tests/python/run.sh). CuPy compiles its kernels with NVRTC; for the
stand-in they must be PTX (CUPY_COMPILE_WITH_PTX=1), and CuPy's prebuilt CUB kernels, which carry
no sm_90 PTX, must be off (CUPY_ACCELERATORS=): run.sh sets both. Prints a line per check and
exits non-zero if any differs. Inputs are small integers (in float32 where the kernel is float), so
every sum, product and square root below is exact or correctly rounded in both, and results must
be equal, not close.
"""
import sys

import cupy as cp
import numpy as np

failures = []
checks = 0


def check(name, got, want):
    global checks
    checks += 1
    got = cp.asnumpy(got) if isinstance(got, cp.ndarray) else np.asarray(got)
    want = np.asarray(want)
    same = got.shape == want.shape and got.dtype == want.dtype and np.array_equal(got, want)
    print(f"{name}: {'ok' if same else 'DIFFERS'}")
    if not same:
        print(f"  got  {got.dtype} {got.shape} {got.ravel()[:8]} ...")
        print(f"  want {want.dtype} {want.shape} {want.ravel()[:8]} ...")
        failures.append(name)


rng = np.random.default_rng(7)
N = 5000  # not a multiple of any block size: the bounds checks matter
x_host = rng.integers(-50, 50, N).astype(np.float32)
y_host = rng.integers(-50, 50, N).astype(np.float32)
x, y = cp.asarray(x_host), cp.asarray(y_host)

# RawKernel: CUDA C compiled by NVRTC, launched with a grid and block.
saxpy = cp.RawKernel(r"""
extern "C" __global__ void saxpy(float a, const float* x, const float* y, float* out, int n) {
    int i = blockDim.x * blockIdx.x + threadIdx.x;
    if (i < n) out[i] = a * x[i] + y[i];
}
""", "saxpy")
out = cp.empty_like(x)
saxpy(((N + 127) // 128,), (128,), (np.float32(3), x, y, out, np.int32(N)))
check("RawKernel saxpy", out, np.float32(3) * x_host + y_host)

# RawModule: one source, two kernels, one of them a template instantiated by name, and a
# __constant__ array written through the module's global.
module = cp.RawModule(code=r"""
__constant__ int offsets[4];

extern "C" __global__ void add_offset(int* v, int n) {
    int i = blockDim.x * blockIdx.x + threadIdx.x;
    if (i < n) v[i] += offsets[i % 4];
}

template <typename T>
__global__ void block_sum(const T* in, T* out, int n) {
    __shared__ T tile[256];
    int t = threadIdx.x, i = blockIdx.x * 256 + t;
    tile[t] = i < n ? in[i] : T(0);
    __syncthreads();
    for (int step = 128; step > 0; step /= 2) {
        if (t < step) tile[t] += tile[t + step];
        __syncthreads();
    }
    if (t == 0) out[blockIdx.x] = tile[0];
}
""", options=("-std=c++17",), name_expressions=("block_sum<int>",))
offsets_host = np.array([1, 10, 100, 1000], dtype=np.int32)
offsets = module.get_global("offsets")
cp.ndarray(4, cp.int32, offsets).set(offsets_host)
v_host = rng.integers(0, 1000, N).astype(np.int32)
v = cp.asarray(v_host)
module.get_function("add_offset")(((N + 255) // 256,), (256,), (v, np.int32(N)))
check("RawModule __constant__ offsets", v, v_host + offsets_host[np.arange(N) % 4])
blocks = (N + 255) // 256
sums = cp.empty(blocks, dtype=cp.int32)
module.get_function("block_sum<int>")((blocks,), (256,), (v, sums, np.int32(N)))
padded = np.zeros(blocks * 256, dtype=np.int32)
padded[:N] = v_host + offsets_host[np.arange(N) % 4]
check("RawModule block_sum<int> (shared memory)", sums, padded.reshape(blocks, 256).sum(axis=1, dtype=np.int32))

# ElementwiseKernel: CuPy writes the kernel around one line, broadcasting a scalar.
squared_diff = cp.ElementwiseKernel("float32 a, float32 b", "float32 d", "d = (a - b) * (a - b)",
                                    "squared_diff")
check("ElementwiseKernel squared_diff", squared_diff(x, y),
      (x_host - y_host) * (x_host - y_host))
check("ElementwiseKernel with a broadcast scalar", squared_diff(x, np.float32(2)),
      (x_host - np.float32(2)) ** 2)

# ReductionKernel: CuPy's own block reduction (shared memory, warp shuffles), whole and per row.
l1 = cp.ReductionKernel("int32 a", "int64 s", "a < 0 ? -a : a", "a + b", "s = a", "0", "l1_norm")
ints_host = rng.integers(-1000, 1000, (37, 301)).astype(np.int32)
ints = cp.asarray(ints_host)
check("ReductionKernel l1 (whole array)", l1(ints), np.abs(ints_host).sum(dtype=np.int64))
check("ReductionKernel l1 (axis=1)", l1(ints, axis=1), np.abs(ints_host).sum(axis=1, dtype=np.int64))

# Array arithmetic: CuPy's own elementwise and reduction kernels.
check("arithmetic x * y + 1", x * y + 1, x_host * y_host + np.float32(1))
check("sqrt of squares", cp.sqrt(x * x), np.sqrt(x_host * x_host))
check("sum", x.sum(), x_host.sum(dtype=np.float32))
check("max, argmin", cp.stack([x.max(), x.argmin().astype(cp.float32)]),
      np.array([x_host.max(), np.float32(x_host.argmin())]))
check("where and comparisons", cp.where(x > y, x, -y), np.where(x_host > y_host, x_host, -y_host))
matrix_host = rng.integers(0, 9, (64, 48)).astype(np.int32)
check("transpose and row sums", cp.asarray(matrix_host).T.sum(axis=1), matrix_host.T.sum(axis=1))
check("cumsum", cp.cumsum(cp.asarray(v_host)), np.cumsum(v_host))

print(f"cupy: {checks - len(failures)} of {checks} checks passed")
sys.exit(1 if failures else 0)
