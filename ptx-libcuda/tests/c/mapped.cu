// Page-locked host memory that kernels read and write in place (zero-copy): cudaHostAlloc'd,
// cudaMallocHost'd and cudaHostRegister'ed buffers handed to kernels by their host pointers
// (unified addressing: cudaHostGetDevicePointer gives the host pointer back), the pointer
// attributes, cudaMemcpyDefault between them, and the errors of registering twice,
// unregistering what is not registered, bad flags and freeing the wrong pointer. Expected
// values are arithmetic on the indices. Prints one line per check (c_programs.rs holds the
// lines), and `value ...` lines for what the CUDA documentation leaves open; built with
// -cudart shared and -cudart static.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>

static int failures = 0;

static void expect(const char *what, cudaError_t got, cudaError_t want) {
    printf("%s: %s%s\n", what, cudaGetErrorName(got), got == want ? "" : " (UNEXPECTED)");
    if (got != want) failures++;
}

static void verdict(const char *what, bool right) {
    printf("%s: %s\n", what, right ? "correct" : "WRONG");
    if (!right) failures++;
}

// out[i] = 3 * x[i] + y[i]
__global__ void combine(const int *x, const int *y, int *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = 3 * x[i] + y[i];
}

// data[i] = 7 * i + 1
__global__ void fill(int *data, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) data[i] = 7 * i + 1;
}

// Single bytes, each its own store: data[i] += 1.
__global__ void bump_bytes(unsigned char *data, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) data[i] += 1;
}

__global__ void count(unsigned int *counter) { atomicAdd(counter, 1u); }

enum { N = 4096, BIG = 1 << 20 };

static void attributes(const char *what, const void *p) {
    cudaPointerAttributes a;
    memset(&a, 0x5a, sizeof a);
    cudaError_t e = cudaPointerGetAttributes(&a, p);
    char line[160];
    snprintf(line, sizeof line, "cudaPointerGetAttributes of %s", what);
    expect(line, e, cudaSuccess);
    snprintf(line, sizeof line, "%s is host memory whose device pointer is its own", what);
    verdict(line, a.type == cudaMemoryTypeHost && a.devicePointer == p && a.hostPointer == p &&
                      a.device == 0);
}

int main() {
    int can_map = -1, host_pointer = -1, register_supported = -1, read_only = -1, uva = -1;
    cudaDeviceGetAttribute(&can_map, cudaDevAttrCanMapHostMemory, 0);
    cudaDeviceGetAttribute(&host_pointer, cudaDevAttrCanUseHostPointerForRegisteredMem, 0);
    cudaDeviceGetAttribute(&register_supported, cudaDevAttrHostRegisterSupported, 0);
    cudaDeviceGetAttribute(&read_only, cudaDevAttrHostRegisterReadOnlySupported, 0);
    cudaDeviceGetAttribute(&uva, cudaDevAttrUnifiedAddressing, 0);
    printf("value canMapHostMemory %d canUseHostPointerForRegisteredMem %d hostRegisterSupported "
           "%d hostRegisterReadOnlySupported %d unifiedAddressing %d\n",
           can_map, host_pointer, register_supported, read_only, uva);
    verdict("the device maps host memory, with unified addressing", can_map == 1 && uva == 1);
    expect("cudaSetDeviceFlags(cudaDeviceMapHost)", cudaSetDeviceFlags(cudaDeviceMapHost),
           cudaSuccess);

    // --- Allocated: three ways, each a kernel's input or output by its host pointer.
    int *a, *b, *c;
    expect("cudaHostAlloc mapped", cudaHostAlloc((void **)&a, N * sizeof(int), cudaHostAllocMapped),
           cudaSuccess);
    expect("cudaMallocHost", cudaMallocHost((void **)&b, N * sizeof(int)), cudaSuccess);
    expect("cudaHostAlloc portable write-combined",
           cudaHostAlloc((void **)&c, N * sizeof(int),
                         cudaHostAllocPortable | cudaHostAllocWriteCombined),
           cudaSuccess);
    for (int i = 0; i < N; i++) {
        a[i] = i;
        b[i] = 2 * i + 1;
        c[i] = -1;
    }
    int *da = nullptr, *db = nullptr, *dc = nullptr;
    expect("cudaHostGetDevicePointer of the mapped one",
           cudaHostGetDevicePointer((void **)&da, a, 0), cudaSuccess);
    expect("cudaHostGetDevicePointer of cudaMallocHost's",
           cudaHostGetDevicePointer((void **)&db, b, 0), cudaSuccess);
    expect("cudaHostGetDevicePointer of the unmapped-flag one",
           cudaHostGetDevicePointer((void **)&dc, c, 0), cudaSuccess);
    verdict("the device pointers are the host pointers (unified addressing)",
            da == a && db == b && dc == c);
    int *inner = nullptr;
    cudaHostGetDevicePointer((void **)&inner, a + 5, 0);
    verdict("an inner pointer's device pointer is itself", inner == a + 5);

    combine<<<N / 256, 256>>>(da, db, dc, N);
    expect("combine over allocated host memory", cudaDeviceSynchronize(), cudaSuccess);
    bool right = true;
    for (int i = 0; i < N; i++) right = right && c[i] == 3 * i + 2 * i + 1;
    verdict("the kernel's stores are in host memory: c[i] = 5i + 1", right);
    // Host pointers straight to the kernel, no cudaHostGetDevicePointer.
    combine<<<N / 256, 256>>>(c, a, b, N);
    expect("combine with host pointers", cudaDeviceSynchronize(), cudaSuccess);
    right = true;
    for (int i = 0; i < N; i++) right = right && b[i] == 3 * (5 * i + 1) + i;
    verdict("b[i] = 16i + 3", right);

    unsigned int *counter;
    expect("cudaHostAlloc of a counter", cudaHostAlloc((void **)&counter, sizeof *counter, 0),
           cudaSuccess);
    *counter = 10;
    count<<<8, 128>>>(counter);
    expect("count", cudaDeviceSynchronize(), cudaSuccess);
    verdict("atomics on host memory: 10 + 8 * 128", *counter == 10 + 8 * 128);

    unsigned int flags = 0xdead;
    expect("cudaHostGetFlags of the mapped one", cudaHostGetFlags(&flags, a), cudaSuccess);
    printf("value cudaHostGetFlags of cudaHostAlloc(Mapped) %#x\n", flags);
    verdict("its flags include cudaHostAllocMapped", (flags & cudaHostAllocMapped) != 0);
    expect("cudaHostGetFlags of the portable write-combined one", cudaHostGetFlags(&flags, c + 9),
           cudaSuccess);
    printf("value cudaHostGetFlags of cudaHostAlloc(Portable|WriteCombined) %#x\n", flags);
    verdict("its flags include both",
            (flags & (cudaHostAllocPortable | cudaHostAllocWriteCombined)) ==
                (cudaHostAllocPortable | cudaHostAllocWriteCombined));
    attributes("cudaHostAlloc's memory", a);
    attributes("an inner pointer of cudaMallocHost's", b + 100);

    // cudaMemcpyDefault: host memory to host memory, and through device memory.
    int *d;
    expect("cudaMalloc", cudaMalloc((void **)&d, N * sizeof(int)), cudaSuccess);
    expect("cudaMemcpy default, pinned to device", cudaMemcpy(d, a, N * sizeof(int), cudaMemcpyDefault),
           cudaSuccess);
    expect("cudaMemcpy default, device to pinned",
           cudaMemcpy(c, d, N * sizeof(int), cudaMemcpyDefault), cudaSuccess);
    expect("cudaMemcpy default, pinned to pinned",
           cudaMemcpy(b, c, N * sizeof(int), cudaMemcpyDefault), cudaSuccess);
    right = true;
    for (int i = 0; i < N; i++) right = right && b[i] == i && c[i] == i;
    verdict("the copies carried a[i] = i", right);
    // A pinned pointer where a device pointer is asked for (unified addressing).
    expect("cudaMemcpy device to host from pinned memory",
           cudaMemcpy(c, a + 1, sizeof(int), cudaMemcpyDeviceToHost), cudaSuccess);
    verdict("c[0] = a[1]", c[0] == 1);

    // --- Registered: a malloc'd buffer, from an address 4 bytes past a multiple of 8, with
    // sentinels around it that must stay as they are.
    unsigned char *raw = (unsigned char *)malloc(N + 64);
    unsigned char *reg = raw + 20;
    for (int i = 0; i < N + 64; i++) raw[i] = (unsigned char)i;
    expect("cudaHostRegister mapped", cudaHostRegister(reg, N + 3, cudaHostRegisterMapped),
           cudaSuccess);
    unsigned char *dreg = nullptr;
    expect("cudaHostGetDevicePointer of registered memory",
           cudaHostGetDevicePointer((void **)&dreg, reg, 0), cudaSuccess);
    verdict("registered memory's device pointer is its host pointer", dreg == reg);
    bump_bytes<<<(N + 3 + 255) / 256, 256>>>(reg, N + 3);
    expect("bump_bytes over registered memory", cudaDeviceSynchronize(), cudaSuccess);
    right = true;
    for (int i = 0; i < N + 64; i++) {
        bool inside = i >= 20 && i < 20 + N + 3;
        right = right && raw[i] == (unsigned char)(i + (inside ? 1 : 0));
    }
    verdict("every registered byte is one more, the bytes around it as they were", right);
    attributes("registered memory", reg + 1);
    expect("cudaHostGetFlags of registered memory", cudaHostGetFlags(&flags, reg),
           cudaErrorInvalidValue);

    // A large one (malloc maps it: high addresses), filled by a kernel.
    int *big = (int *)malloc(BIG * sizeof(int));
    expect("cudaHostRegister of 4 MiB, default flags", cudaHostRegister(big, BIG * sizeof(int), 0),
           cudaSuccess);
    fill<<<BIG / 256, 256>>>(big, BIG);
    expect("fill over registered memory", cudaDeviceSynchronize(), cudaSuccess);
    right = true;
    for (int i = 0; i < BIG; i++) right = right && big[i] == 7 * i + 1;
    verdict("big[i] = 7i + 1", right);
    // Read-only and portable registrations are usable by kernels too.
    int *ro = (int *)malloc(N * sizeof(int));
    for (int i = 0; i < N; i++) ro[i] = i;
    expect("cudaHostRegister read-only portable",
           cudaHostRegister(ro, N * sizeof(int), cudaHostRegisterReadOnly | cudaHostRegisterPortable),
           cudaSuccess);
    combine<<<N / 256, 256>>>(ro, ro, a, N);
    expect("combine reading read-only registered memory", cudaDeviceSynchronize(), cudaSuccess);
    right = true;
    for (int i = 0; i < N; i++) right = right && a[i] == 4 * i;
    verdict("a[i] = 4i", right);

    // --- Errors.
    expect("cudaHostRegister of the same range again", cudaHostRegister(big, 64, 0),
           cudaErrorHostMemoryAlreadyRegistered);
    expect("cudaHostRegister of a range overlapping one", cudaHostRegister(big + BIG - 4, 4096, 0),
           cudaErrorHostMemoryAlreadyRegistered);
    expect("cudaHostRegister of cudaHostAlloc's memory", cudaHostRegister(a, 64, 0),
           cudaErrorHostMemoryAlreadyRegistered);
    expect("cudaHostRegister of 0 bytes", cudaHostRegister(raw, 0, 0), cudaErrorInvalidValue);
    expect("cudaHostRegister with an unknown flag", cudaHostRegister(raw, 8, 0x100),
           cudaErrorInvalidValue);
    expect("cudaHostUnregister inside a registered range", cudaHostUnregister(big + 1),
           cudaErrorHostMemoryNotRegistered);
    expect("cudaHostUnregister of memory never registered", cudaHostUnregister(raw),
           cudaErrorHostMemoryNotRegistered);
    int plain[4];
    void *none = (void *)1;
    expect("cudaHostGetDevicePointer of pageable memory",
           cudaHostGetDevicePointer(&none, plain, 0), cudaErrorInvalidValue);
    expect("cudaHostGetDevicePointer with flags 1", cudaHostGetDevicePointer(&none, a, 1),
           cudaErrorInvalidValue);
    expect("cudaHostGetFlags of pageable memory", cudaHostGetFlags(&flags, plain),
           cudaErrorInvalidValue);
    expect("cudaFreeHost of registered memory", cudaFreeHost(big), cudaErrorInvalidValue);
    expect("cudaFreeHost inside an allocation", cudaFreeHost(a + 1), cudaErrorInvalidValue);
    // The errors left nothing sticky behind.
    expect("cudaGetLastError clears the last", cudaGetLastError(), cudaErrorInvalidValue);
    expect("cudaDeviceSynchronize after them", cudaDeviceSynchronize(), cudaSuccess);

    // --- Giving it all back.
    expect("cudaHostUnregister", cudaHostUnregister(reg), cudaSuccess);
    expect("cudaHostUnregister twice", cudaHostUnregister(reg), cudaErrorHostMemoryNotRegistered);
    expect("cudaHostUnregister of the large one", cudaHostUnregister(big), cudaSuccess);
    expect("cudaHostUnregister of the read-only one", cudaHostUnregister(ro), cudaSuccess);
    // Registered again after unregistering: fine.
    expect("cudaHostRegister after cudaHostUnregister", cudaHostRegister(big, 4096, 0), cudaSuccess);
    expect("cudaHostUnregister of it", cudaHostUnregister(big), cudaSuccess);
    expect("cudaHostGetDevicePointer after cudaHostUnregister",
           cudaHostGetDevicePointer(&none, big, 0), cudaErrorInvalidValue);
    free(raw);
    free(big);
    free(ro);
    expect("cudaFree", cudaFree(d), cudaSuccess);
    expect("cudaFreeHost", cudaFreeHost(a), cudaSuccess);
    expect("cudaFreeHost twice", cudaFreeHost(a), cudaErrorInvalidValue);
    expect("cudaFreeHost of cudaMallocHost's", cudaFreeHost(b), cudaSuccess);
    expect("cudaFreeHost of the third", cudaFreeHost(c), cudaSuccess);
    expect("cudaFreeHost of the counter", cudaFreeHost(counter), cudaSuccess);
    expect("cudaFreeHost(NULL)", cudaFreeHost(nullptr), cudaSuccess);

    if (failures == 0)
        printf("all mapped memory checks passed\n");
    else
        printf("FAILED: %d mapped memory checks\n", failures);
    return failures == 0 ? 0 : 1;
}
