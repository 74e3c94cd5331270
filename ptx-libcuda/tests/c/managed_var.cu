// __managed__ variables: the host and kernels share `counter` and `values` through one name,
// with no copies. Round 1: the host writes, kernels update, the host reads after
// cudaDeviceSynchronize; round 2 shows host writes between launches reach the kernel. Prints
// one line per check (c_programs.rs holds the lines), built with -cudart shared and static.
#include <cstdio>
#include <cuda_runtime.h>

static int failures = 0;

static void verdict(const char *what, bool right) {
    printf("%s: %s\n", what, right ? "correct" : "WRONG");
    if (!right) failures++;
}

__managed__ int counter = 5;
__managed__ float values[64];

__global__ void count(int by) { atomicAdd(&counter, by); }

__global__ void update() {
    int i = threadIdx.x;
    values[i] = 2 * values[i] + i;
}

static bool values_are(float (*want)(int)) {
    for (int i = 0; i < 64; i++)
        if (values[i] != want(i)) return false;
    return true;
}

int main() {
    // The initialiser reaches the host before any launch.
    verdict("counter starts at its initialiser", counter == 5);
    for (int i = 0; i < 64; i++) values[i] = (float)i;
    // 64 threads each add 1: 5 + 64 = 69.
    count<<<1, 64>>>(1);
    update<<<1, 64>>>();
    cudaError_t e = cudaDeviceSynchronize();
    verdict("round 1 runs", e == cudaSuccess);
    verdict("round 1 counter", counter == 69);
    // values[i] was i: 2*i + i = 3*i.
    verdict("round 1 values", values_are([](int i) { return 3.0f * i; }));

    // The host's writes between launches reach the kernels.
    counter = 100;
    for (int i = 0; i < 64; i++) values[i] = 1.0f;
    // 64 threads each add 2: 100 + 128 = 228.
    count<<<1, 64>>>(2);
    update<<<1, 64>>>();
    e = cudaDeviceSynchronize();
    verdict("round 2 runs", e == cudaSuccess);
    verdict("round 2 counter", counter == 228);
    // values[i] was 1: 2*1 + i = 2 + i.
    verdict("round 2 values", values_are([](int i) { return 2.0f + i; }));

    // The runtime knows the variable: its address is managed memory.
    int *address = nullptr;
    e = cudaGetSymbolAddress((void **)&address, counter);
    verdict("cudaGetSymbolAddress gives the host's address", e == cudaSuccess && address == &counter);
    cudaPointerAttributes attributes;
    e = cudaPointerGetAttributes(&attributes, &counter);
    verdict("the variable is managed memory", e == cudaSuccess && attributes.type == cudaMemoryTypeManaged);
    // A copy to the symbol goes through the host bytes the host reads.
    int seven = 7;
    e = cudaMemcpyToSymbol(counter, &seven, sizeof seven);
    verdict("cudaMemcpyToSymbol reaches the host's view", e == cudaSuccess && counter == 7);

    if (failures == 0) printf("all managed variable checks passed\n");
    return failures != 0;
}
