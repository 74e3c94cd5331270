// The runtime API end to end, as nvcc builds a program: `<<<>>>`,
// cudaMalloc/cudaMemcpy, device properties, events, a `__device__` and a
// `__constant__` variable set by cudaMemcpyToSymbol, kernel printf,
// cudaMallocManaged memory the host writes and reads through its pointer,
// host work on a stream (callbacks, host functions), stream attributes,
// limits, the device's PCI address, kernel printf in order with the
// host's, and a fault that the next synchronising call reports. Each check prints a line the test
// reads. Build: nvcc -cudart shared -gencode arch=compute_90,code=compute_90
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>

__device__ int offset;
__constant__ int scale[2] = {1, 1};

__global__ void add(const int *a, const int *b, int *c, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) c[i] = scale[1] * (a[i] + b[i]) + offset;
    if (i == 0) printf("hello from block %d thread %d\n", blockIdx.x, threadIdx.x);
}

__global__ void poke(int *out, long index) { out[index] = 1; }

__global__ void say(int value) { printf("kernel says %d\n", value); }

static int failures = 0;
static int called = 0;

// A stream callback: records the status it was given and the data.
static void CUDART_CB on_stream(cudaStream_t, cudaError_t status, void *data) {
    called += *(int *)data;
    if (status != cudaSuccess) called = -1000;
}

// A host function: adds its data.
static void CUDART_CB on_host(void *data) { called += *(int *)data; }

static void expect(const char *what, cudaError_t got, cudaError_t want) {
    printf("%s: %s%s\n", what, cudaGetErrorName(got), got == want ? "" : " (UNEXPECTED)");
    if (got != want) failures++;
}

int main() {
    cudaDeviceProp prop;
    expect("cudaGetDeviceProperties", cudaGetDeviceProperties(&prop, 0), cudaSuccess);
    printf("%s: sm_%d%d, %d SMs, %zu KiB shared per block opt-in, warp %d\n", prop.name,
           prop.major, prop.minor, prop.multiProcessorCount, prop.sharedMemPerBlockOptin / 1024,
           prop.warpSize);

    const int n = 1000;
    int ha[n], hb[n], hc[n];
    for (int i = 0; i < n; i++) { ha[i] = i; hb[i] = 2 * i; }
    int *a, *b, *c;
    expect("cudaMalloc", cudaMalloc(&a, sizeof ha), cudaSuccess);
    cudaMalloc(&b, sizeof hb);
    cudaMalloc(&c, sizeof hc);
    cudaMemcpy(a, ha, sizeof ha, cudaMemcpyHostToDevice);
    cudaMemcpy(b, hb, sizeof hb, cudaMemcpyDefault);
    int five = 5;
    expect("cudaMemcpyToSymbol", cudaMemcpyToSymbol(offset, &five, sizeof five), cudaSuccess);
    // The second element only: scale becomes {1, 2}.
    int two = 2;
    expect("cudaMemcpyToSymbol __constant__",
           cudaMemcpyToSymbol(scale, &two, sizeof two, sizeof(int)), cudaSuccess);

    cudaEvent_t start, stop;
    cudaEventCreate(&start);
    cudaEventCreate(&stop);
    cudaEventRecord(start);
    fflush(stdout);
    add<<<(n + 255) / 256, 256>>>(a, b, c, n);
    expect("launch", cudaGetLastError(), cudaSuccess);
    cudaEventRecord(stop);
    expect("cudaEventSynchronize", cudaEventSynchronize(stop), cudaSuccess);
    float ms = -1;
    cudaEventElapsedTime(&ms, start, stop);
    printf("elapsed time is %s\n", ms >= 0 ? "non-negative" : "negative");
    cudaMemcpy(hc, c, sizeof hc, cudaMemcpyDeviceToHost);
    int right = 1;
    for (int i = 0; i < n; i++) right &= hc[i] == 2 * 3 * i + 5;
    printf("add: %s\n", right ? "correct" : "WRONG");
    int back = 0;
    cudaMemcpyFromSymbol(&back, offset, sizeof back);
    printf("offset reads back as %d\n", back);
    int scales[2] = {0, 0};
    cudaMemcpyFromSymbol(scales, scale, sizeof scales);
    printf("scale reads back as {%d, %d}\n", scales[0], scales[1]);

    // Managed memory, as teaching code uses it: written on the host, added
    // in place (m = 2 * (m + m) + 5 with scale {1, 2} and offset 5), read
    // on the host after cudaDeviceSynchronize.
    printf("concurrentManagedAccess %d\n", prop.concurrentManagedAccess);
    int *m;
    expect("cudaMallocManaged", cudaMallocManaged(&m, n * sizeof(int)), cudaSuccess);
    for (int i = 0; i < n; i++) m[i] = i;
    cudaMemLocation device0 = {cudaMemLocationTypeDevice, 0};
    expect("cudaMemPrefetchAsync", cudaMemPrefetchAsync(m, n * sizeof(int), device0, 0), cudaSuccess);
    expect("cudaMemAdvise", cudaMemAdvise(m, n * sizeof(int), cudaMemAdviseSetAccessedBy, device0),
           cudaSuccess);
    fflush(stdout);
    add<<<(n + 255) / 256, 256>>>(m, m, m, n);
    expect("cudaDeviceSynchronize after the managed launch", cudaDeviceSynchronize(), cudaSuccess);
    right = 1;
    for (int i = 0; i < n; i++) right &= m[i] == 4 * i + 5;
    printf("managed add: %s\n", right ? "correct" : "WRONG");
    cudaMemset(m, 0, sizeof(int));
    printf("managed after cudaMemset: %d %d\n", m[0], m[1]);
    cudaPointerAttributes attributes;
    cudaPointerGetAttributes(&attributes, m);
    printf("managed pointer type %d\n", (int)attributes.type);
    expect("cudaMemPrefetchAsync of cudaMalloc memory",
           cudaMemPrefetchAsync(c, sizeof hc, device0, 0), cudaErrorInvalidValue);
    expect("cudaFree managed", cudaFree(m), cudaSuccess);

    // Host work on a stream runs after the stream's earlier work: the
    // callback sees the kernel's result, both run by the synchronise.
    cudaStream_t stream;
    cudaStreamCreate(&stream);
    int ten = 10, hundred = 100;
    add<<<(n + 255) / 256, 256, 0, stream>>>(a, b, c, n);
    expect("cudaStreamAddCallback", cudaStreamAddCallback(stream, on_stream, &ten, 0), cudaSuccess);
    expect("cudaLaunchHostFunc", cudaLaunchHostFunc(stream, on_host, &hundred), cudaSuccess);
    cudaStreamSynchronize(stream);
    printf("host work on the stream added %d\n", called);
    expect("cudaStreamAddCallback with flags", cudaStreamAddCallback(stream, on_stream, &ten, 1),
           cudaErrorInvalidValue);

    // Stream attributes read back as set; the priority is the stream's.
    cudaStreamAttrValue window = {};
    window.accessPolicyWindow.base_ptr = a;
    window.accessPolicyWindow.num_bytes = 4096;
    window.accessPolicyWindow.hitRatio = 0.5f;
    window.accessPolicyWindow.hitProp = cudaAccessPropertyPersisting;
    expect("cudaStreamSetAttribute",
           cudaStreamSetAttribute(stream, cudaStreamAttributeAccessPolicyWindow, &window), cudaSuccess);
    cudaStreamAttrValue back_window = {};
    cudaStreamGetAttribute(stream, cudaStreamAttributeAccessPolicyWindow, &back_window);
    printf("access policy window %zu bytes, hit ratio %.2f, same base %d\n",
           back_window.accessPolicyWindow.num_bytes, back_window.accessPolicyWindow.hitRatio,
           back_window.accessPolicyWindow.base_ptr == (void *)a);
    cudaStreamAttrValue priority = {};
    priority.priority = -3;
    cudaStreamSetAttribute(stream, cudaStreamAttributePriority, &priority);
    int stream_priority = 0;
    cudaStreamGetPriority(stream, &stream_priority);
    printf("priority after the attribute %d\n", stream_priority);
    expect("cudaCtxResetPersistingL2Cache", cudaCtxResetPersistingL2Cache(), cudaSuccess);
    cudaStreamDestroy(stream);

    // Limits: an H100's defaults (CUDA Programming Guide: 1 KiB stack,
    // 1 MiB printf FIFO, 8 MiB malloc heap), and what is set reads back.
    size_t limit = 0;
    cudaDeviceGetLimit(&limit, cudaLimitStackSize);
    printf("stack limit %zu\n", limit);
    cudaDeviceGetLimit(&limit, cudaLimitPrintfFifoSize);
    printf("printf FIFO limit %zu\n", limit);
    cudaDeviceGetLimit(&limit, cudaLimitMallocHeapSize);
    printf("malloc heap limit %zu\n", limit);
    expect("cudaDeviceSetLimit", cudaDeviceSetLimit(cudaLimitMallocHeapSize, 64 << 20), cudaSuccess);
    cudaDeviceGetLimit(&limit, cudaLimitMallocHeapSize);
    printf("malloc heap limit after setting %zu\n", limit);
    expect("cudaDeviceSetLimit of no limit", cudaDeviceSetLimit((cudaLimit)99, 1),
           cudaErrorUnsupportedLimit);

    // One device: it is chosen, and it has no peer.
    int chosen = -1, peer = -1;
    expect("cudaChooseDevice", cudaChooseDevice(&chosen, &prop), cudaSuccess);
    cudaDeviceCanAccessPeer(&peer, 0, 0);
    printf("chose device %d, peer access %d\n", chosen, peer);
    expect("cudaDeviceCanAccessPeer of device 1", cudaDeviceCanAccessPeer(&peer, 0, 1),
           cudaErrorInvalidDevice);
    char bus[32] = "";
    expect("cudaDeviceGetPCIBusId", cudaDeviceGetPCIBusId(bus, sizeof bus, 0), cudaSuccess);
    int by_bus = -1;
    expect("cudaDeviceGetByPCIBusId", cudaDeviceGetByPCIBusId(&by_bus, bus), cudaSuccess);
    printf("device at %s: %d\n", bus, by_bus);
    expect("cudaDeviceGetByPCIBusId of another bus", cudaDeviceGetByPCIBusId(&by_bus, "0000:41:00.0"),
           cudaErrorInvalidDevice);
    printf("PCI bus id %s, as the properties say: %d\n", bus,
           strcmp(bus, "0000:00:00.0") == 0 && prop.pciDomainID == 0 && prop.pciBusID == 0 &&
               prop.pciDeviceID == 0);

    // A kernel by its host stub: its (mangled) name, and its driver
    // handle, which launches it through the runtime.
    const char *kernel_name = nullptr;
    expect("cudaFuncGetName", cudaFuncGetName(&kernel_name, (const void *)say), cudaSuccess);
    printf("kernel name %s\n", kernel_name ? kernel_name : "(null)");
    cudaFunction_t say_function = nullptr;
    expect("cudaGetFuncBySymbol", cudaGetFuncBySymbol(&say_function, (const void *)say), cudaSuccess);
    int eight = 8;
    void *say_args[] = {&eight};
    fflush(stdout);
    expect("cudaLaunchKernel of the function",
           cudaLaunchKernel((const void *)say_function, 1, 1, say_args, 0, 0), cudaSuccess);
    cudaDeviceSynchronize();

    // A kernel's printf lands after what the host printed before the
    // launch, though stdout is a pipe and not flushed here.
    printf("before the printing kernel\n");
    say<<<1, 1>>>(7);
    cudaDeviceSynchronize();
    printf("after the printing kernel\n");

    fflush(stdout);
    poke<<<1, 1>>>(c, 1L << 24);
    expect("cudaDeviceSynchronize after the fault", cudaDeviceSynchronize(), cudaErrorIllegalAddress);
    expect("cudaGetLastError after the fault", cudaGetLastError(), cudaErrorIllegalAddress);
    printf("%s\n", failures ? "FAILED" : "all runtime checks passed");
    return failures != 0;
}
