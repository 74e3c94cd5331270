// Device-side malloc, free, new and delete (CUDA C++ Programming Guide, "Dynamic Global Memory
// Allocation and Operations"): the heap limit is set before any kernel uses the heap; a small heap
// runs out and malloc gives NULL; what one kernel allocates another reads and frees (any thread may
// free another's memory, and allocations outlive the launch); new/delete of a struct and new[] of
// an array; __nv_aligned_device_malloc; the host API refuses heap pointers; the limit is fixed
// once a kernel used the heap. One line per check (c_programs.rs holds the lines), built with
// -cudart shared and static. Lines starting "gpu:" print values the guide leaves open, for
// comparison with a GPU. With the argument `double-free`, a kernel frees a pointer twice
// (undefined on a GPU, a fault in the simulator) and the program prints what synchronising gave.
// gpu-modes: double-free
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>

static int failures = 0;

static void verdict(const char *what, bool right) {
    printf("%s: %s\n", what, right ? "correct" : "WRONG");
    if (!right) failures++;
}

static void status(const char *what, cudaError_t e) { printf("%s: %s\n", what, cudaGetErrorName(e)); }

// The heap the program asks for: 1 MiB.
static const size_t HEAP = 1 << 20;
// Requests that fill it: 64 fit (64 * 16320 = 1044480 <= 1048576; 65 * 16320 > 1048576), with
// up to 64 bytes a block to spare for a heap's own bookkeeping.
static const size_t BIG = 16320;
static const int GRAB_THREADS = 256;

__global__ void grab(void **slots, size_t bytes, unsigned *nulls) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    void *p = malloc(bytes);
    slots[i] = p;
    if (p == nullptr) atomicAdd(nulls, 1u);
}

__global__ void release(void **slots) {
    // Thread i frees thread (n - 1 - i)'s block: any thread may free any other's memory.
    int n = gridDim.x * blockDim.x;
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    free(slots[n - 1 - i]);  // free(NULL) for a thread that got none does nothing
}

// Each thread allocates `words` ints and writes i * 100 + k into word k.
__global__ void fill(int **slots, int words) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int *p = (int *)malloc(words * sizeof(int));
    slots[i] = p;
    if (p != nullptr)
        for (int k = 0; k < words; k++) p[k] = i * 100 + k;
}

// Thread i sums the block of thread (i + 1) % n, then frees it.
__global__ void sum_and_free(int **slots, int words, long long *sums) {
    int n = gridDim.x * blockDim.x;
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int *p = slots[(i + 1) % n];
    long long s = -1;
    if (p != nullptr) {
        s = 0;
        for (int k = 0; k < words; k++) s += p[k];
        free(p);
    }
    sums[i] = s;
}

struct Particle {
    int id;
    float mass;
    double energy;
    __device__ Particle(int i) : id(i), mass(0.5f * i), energy(2.0 * i) {}
};

__global__ void make(Particle **out, int **arrays) {
    int i = threadIdx.x;
    out[i] = new Particle(i);
    int *a = new int[i + 1];
    for (int k = 0; k <= i; k++) a[k] = k;
    arrays[i] = a;
}

// ok[i] = 1 if particle i and array i hold what `make` put there; then deletes them.
__global__ void check_and_delete(Particle **in, int **arrays, int *ok) {
    int i = threadIdx.x;
    Particle *p = in[i];
    int *a = arrays[i];
    int sum = 0;
    for (int k = 0; k <= i; k++) sum += a[k];
    ok[i] = p->id == i && p->mass == 0.5f * i && p->energy == 2.0 * i && sum == i * (i + 1) / 2;
    delete p;
    delete[] a;
}

__global__ void aligned(void **out, size_t align) { out[0] = __nv_aligned_device_malloc(100, align); }

__global__ void zero_bytes(void **out) {
    out[0] = malloc(0);
    free(nullptr);
}

__global__ void free_twice(void **slots) {
    free(slots[0]);
    free(slots[0]);
}

static int double_free() {
    void **slots;
    cudaMalloc(&slots, sizeof(void *));
    unsigned *nulls;
    cudaMalloc(&nulls, sizeof(unsigned));
    grab<<<1, 1>>>(slots, 64, nulls);
    status("one malloc", cudaDeviceSynchronize());
    free_twice<<<1, 1>>>(slots);
    status("a double free, synchronised", cudaDeviceSynchronize());
    return 0;
}

int main(int argc, char **argv) {
    if (argc > 1 && strcmp(argv[1], "double-free") == 0) return double_free();

    size_t limit = 0;
    status("cudaDeviceGetLimit", cudaDeviceGetLimit(&limit, cudaLimitMallocHeapSize));
    verdict("the default heap is 8 MiB", limit == 8 << 20);
    status("cudaDeviceSetLimit before any malloc", cudaDeviceSetLimit(cudaLimitMallocHeapSize, HEAP));
    cudaDeviceGetLimit(&limit, cudaLimitMallocHeapSize);
    printf("gpu: heap limit read back %zu\n", limit);

    // Exhaustion: 256 requests of BIG bytes in a 1 MiB heap; 64 fit, 192 get NULL.
    void **slots;
    unsigned *nulls;
    status("cudaMalloc", cudaMalloc(&slots, GRAB_THREADS * sizeof(void *)));
    cudaMalloc(&nulls, sizeof(unsigned));
    cudaMemset(nulls, 0, sizeof(unsigned));
    grab<<<GRAB_THREADS / 64, 64>>>(slots, BIG, nulls);
    status("grab", cudaDeviceSynchronize());
    unsigned got_null = 0;
    cudaMemcpy(&got_null, nulls, sizeof got_null, cudaMemcpyDeviceToHost);
    printf("gpu: NULLs from 256 requests of 16320 bytes in a 1 MiB heap: %u\n", got_null);
    verdict("64 of 256 requests fit, 192 get NULL", got_null == GRAB_THREADS - 64);
    void *host_slots[GRAB_THREADS];
    cudaMemcpy(host_slots, slots, sizeof host_slots, cudaMemcpyDeviceToHost);
    bool aligned16 = true;
    void *some = nullptr;
    for (int i = 0; i < GRAB_THREADS; i++) {
        if ((size_t)host_slots[i] % 16 != 0) aligned16 = false;
        if (host_slots[i] != nullptr) some = host_slots[i];
    }
    verdict("every pointer malloc gave is 16-byte aligned", aligned16);

    // The host API cannot use heap memory (the guide: not in cudaMemcpy, cudaMemset, ...).
    char byte;
    status("cudaMemcpy from a heap pointer", cudaMemcpy(&byte, some, 1, cudaMemcpyDeviceToHost));
    status("cudaMemset of a heap pointer", cudaMemset(some, 0, 1));
    status("cudaFree of a heap pointer", cudaFree(some));
    cudaGetLastError();

    // The size is fixed once a kernel used the heap.
    status("cudaDeviceSetLimit after a malloc kernel",
           cudaDeviceSetLimit(cudaLimitMallocHeapSize, 2 * HEAP));
    cudaGetLastError();
    cudaDeviceGetLimit(&limit, cudaLimitMallocHeapSize);
    verdict("the limit reads back as set before", limit == HEAP);

    // Freeing every block (thread i frees thread 255 - i's) makes room for all 64 again.
    release<<<GRAB_THREADS / 64, 64>>>(slots);
    status("release", cudaDeviceSynchronize());
    cudaMemset(nulls, 0, sizeof(unsigned));
    grab<<<1, 64>>>(slots, BIG, nulls);
    cudaMemcpy(&got_null, nulls, sizeof got_null, cudaMemcpyDeviceToHost);
    verdict("after freeing, 64 requests fit again", got_null == 0);
    release<<<1, 64>>>(slots);
    status("release again", cudaDeviceSynchronize());

    // Allocations outlive their launch: 256 threads write 8 ints each (32 bytes, 8 KiB in all);
    // a second kernel sums another thread's block and frees it. Thread j's block holds
    // j * 100 + k for k < 8: 800 * j + 28.
    const int words = 8, n = 256;
    int **blocks;
    long long *sums;
    cudaMalloc(&blocks, n * sizeof(int *));
    cudaMalloc(&sums, n * sizeof(long long));
    fill<<<4, 64>>>(blocks, words);
    status("fill", cudaDeviceSynchronize());
    sum_and_free<<<4, 64>>>(blocks, words, sums);
    status("sum_and_free", cudaDeviceSynchronize());
    long long host_sums[n];
    cudaMemcpy(host_sums, sums, sizeof host_sums, cudaMemcpyDeviceToHost);
    bool sums_right = true;
    for (int i = 0; i < n; i++)
        if (host_sums[i] != 800LL * ((i + 1) % n) + 28) sums_right = false;
    verdict("a second kernel reads what the first allocated", sums_right);

    // new and delete of a struct, new[] and delete[] of an array.
    Particle **particles;
    int **arrays;
    int *ok;
    cudaMalloc(&particles, 32 * sizeof(Particle *));
    cudaMalloc(&arrays, 32 * sizeof(int *));
    cudaMalloc(&ok, 32 * sizeof(int));
    make<<<1, 32>>>(particles, arrays);
    check_and_delete<<<1, 32>>>(particles, arrays, ok);
    status("new and delete", cudaDeviceSynchronize());
    int host_ok[32];
    cudaMemcpy(host_ok, ok, sizeof host_ok, cudaMemcpyDeviceToHost);
    bool all_ok = true;
    for (int i = 0; i < 32; i++) all_ok = all_ok && host_ok[i] == 1;
    verdict("new builds, delete frees a struct and an array", all_ok);

    // __nv_aligned_device_malloc at 256 bytes; malloc(0) and free(NULL).
    void **one;
    cudaMalloc(&one, sizeof(void *));
    aligned<<<1, 1>>>(one, 256);
    void *p = nullptr;
    cudaMemcpy(&p, one, sizeof p, cudaMemcpyDeviceToHost);
    verdict("__nv_aligned_device_malloc(100, 256) is 256-byte aligned", p != nullptr && (size_t)p % 256 == 0);
    aligned<<<1, 1>>>(one, 48);
    cudaMemcpy(&p, one, sizeof p, cudaMemcpyDeviceToHost);
    printf("gpu: __nv_aligned_device_malloc(100, 48) is %s\n", p == nullptr ? "NULL" : "a pointer");
    zero_bytes<<<1, 1>>>(one);
    status("malloc(0) and free(NULL)", cudaDeviceSynchronize());
    cudaMemcpy(&p, one, sizeof p, cudaMemcpyDeviceToHost);
    printf("gpu: malloc(0) is %s\n", p == nullptr ? "NULL" : "a pointer");

    if (failures == 0)
        printf("all device malloc checks passed\n");
    else
        printf("FAILED: %d checks\n", failures);
    return failures != 0;
}
