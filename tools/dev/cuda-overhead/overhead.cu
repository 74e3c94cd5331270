// What the CUDA API layer costs per call, on whatever runtime and driver
// the process loads (a GPU's, or ptx-libcuda's stand-in): an empty kernel
// launched and synchronised, launches queued then synchronised once, and
// cudaMemcpy of 1 MiB each way. Prints microseconds per call, the median
// of 5 rounds.
//
//   nvcc -cudart shared -gencode arch=compute_90,code=compute_90 -O2 overhead.cu -o overhead
//   LD_LIBRARY_PATH=target/release/cuda ./overhead     # the stand-in
//   ./overhead                                         # a GPU
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <vector>
#include <cuda_runtime.h>

__global__ void empty() {}

static double now_us() {
    using namespace std::chrono;
    return duration<double, std::micro>(steady_clock::now().time_since_epoch()).count();
}

template <typename F>
static double median_us_per_call(int calls, F f) {
    std::vector<double> rounds;
    for (int round = 0; round < 5; round++) {
        double start = now_us();
        f(calls);
        rounds.push_back((now_us() - start) / calls);
    }
    std::sort(rounds.begin(), rounds.end());
    return rounds[2];
}

#define CHECK(call)                                                            \
    do {                                                                       \
        cudaError_t e = (call);                                                \
        if (e != cudaSuccess) {                                                \
            printf("%s: %s\n", #call, cudaGetErrorString(e));                  \
            return 1;                                                          \
        }                                                                      \
    } while (0)

int main() {
    cudaDeviceProp prop;
    CHECK(cudaGetDeviceProperties(&prop, 0));
    printf("device: %s\n", prop.name);
    const size_t mib = 1 << 20;
    std::vector<char> host(mib, 1);
    char *device;
    CHECK(cudaMalloc(&device, mib));
    empty<<<1, 1>>>();  // warm: the module loads at the first launch
    CHECK(cudaDeviceSynchronize());

    double launch_sync = median_us_per_call(200, [](int n) {
        for (int i = 0; i < n; i++) {
            empty<<<1, 32>>>();
            cudaDeviceSynchronize();
        }
    });
    double launch_queued = median_us_per_call(1000, [](int n) {
        for (int i = 0; i < n; i++) empty<<<1, 32>>>();
        cudaDeviceSynchronize();
    });
    double h2d = median_us_per_call(100, [&](int n) {
        for (int i = 0; i < n; i++) cudaMemcpy(device, host.data(), mib, cudaMemcpyHostToDevice);
    });
    double d2h = median_us_per_call(100, [&](int n) {
        for (int i = 0; i < n; i++) cudaMemcpy(host.data(), device, mib, cudaMemcpyDeviceToHost);
    });
    CHECK(cudaGetLastError());
    printf("empty kernel <<<1, 32>>>, launched and synchronised: %.2f us\n", launch_sync);
    printf("empty kernel <<<1, 32>>>, 1000 queued, one synchronise: %.2f us per launch\n", launch_queued);
    printf("cudaMemcpy 1 MiB host to device: %.2f us\n", h2d);
    printf("cudaMemcpy 1 MiB device to host: %.2f us\n", d2h);
    CHECK(cudaFree(device));
    return 0;
}
