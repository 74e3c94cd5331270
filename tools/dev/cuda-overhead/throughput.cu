// How fast kernels run, on whatever runtime and driver the process loads (a GPU's, or
// ptx-libcuda's stand-in): 1 Mi threads of simpleStreams' kernel (global loads and stores,
// 5 rounds of `g_data[i] += *factor`), and 1 Mi threads of 100 rounds of integer arithmetic.
// Prints each launch's wall time and thread instructions a second, counting the PTX
// instructions each thread executes, by hand from nvcc 13.0's PTX (-O2, compute_90):
// init_array with 5 rounds runs 44 (17 before the loop, its 4-round unrolled body once: 15,
// the remainder check 2 and its 1-round loop 7, ret), alu with 100 rounds 123 (16 before the
// loop, 25 times the 4 of its unrolled body, 7 after).
//
//   nvcc -cudart shared -gencode arch=compute_90,code=compute_90 -O2 throughput.cu -o throughput
//   LD_LIBRARY_PATH=target/release/cuda ./throughput     # the stand-in
#include <chrono>
#include <cstdio>
#include <cuda_runtime.h>

__global__ void init_array(int *g_data, int *factor, int num_iterations) {
    int idx = blockIdx.x * blockDim.x + threadIdx.x;
    for (int i = 0; i < num_iterations; i++) g_data[idx] += *factor;
}

__global__ void alu(int *out, int n) {
    int idx = blockIdx.x * blockDim.x + threadIdx.x;
    int x = idx;
    for (int i = 0; i < n; i++) x = x * 1664525 + 1013904223;
    out[idx] = x;
}

template <typename F>
static void timed(const char *what, double instructions_per_thread, int threads, F launch) {
    auto start = std::chrono::steady_clock::now();
    launch();
    cudaDeviceSynchronize();
    double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    printf("%s: %.3f s, %.0f million thread instructions a second\n", what, s,
           instructions_per_thread * threads / s / 1e6);
}

int main() {
    const int n = 1 << 20;
    int *data, *factor, five = 5;
    cudaMalloc(&data, n * sizeof(int));
    cudaMalloc(&factor, sizeof(int));
    cudaMemcpy(factor, &five, sizeof(int), cudaMemcpyHostToDevice);
    timed("init_array, 1 Mi threads, 5 rounds", 44, n,
          [&] { init_array<<<n / 512, 512>>>(data, factor, 5); });
    timed("alu, 1 Mi threads, 100 rounds", 123, n, [&] { alu<<<n / 512, 512>>>(data, 100); });
    cudaError_t status = cudaGetLastError();
    printf("%s\n", cudaGetErrorName(status));
    return status == cudaSuccess ? 0 : 1;
}
