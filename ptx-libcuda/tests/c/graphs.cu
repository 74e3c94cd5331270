// CUDA graphs through the runtime: a capture of kernels, copies, a fill and a host function on
// two streams forked and joined by events; a graph built by hand with a diamond of dependencies,
// run as a child graph too, cloned; an executable graph's kernel parameters set and updated from
// another graph; one graph launched many times; and what a capture refuses. Prints one line per
// check (c_programs.rs holds the lines); every expected value is arithmetic on the inputs.
#include <cstdio>
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

static void count(const char *what, size_t got, size_t want) {
    printf("%s: %zu%s\n", what, got, got == want ? "" : " (UNEXPECTED)");
    if (got != want) failures++;
}

enum { N = 1000 };

__global__ void scale(int *a, int factor, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) a[i] *= factor;
}

__global__ void add_one(int *b, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) b[i] += 1;
}

__global__ void combine(int *out, const int *x, const int *y, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = x[i] + y[i];
}

__global__ void times(int *out, const int *x, int factor, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = x[i] * factor;
}

__global__ void plus(int *out, const int *x, int term, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = x[i] + term;
}

__global__ void tick(int *counter) { *counter += 1; }

static void bump(void *counter) { ++*(int *)counter; }

static const int BLOCKS = (N + 255) / 256;

// A capture over two streams: s1 uploads a, forks s2 (fill b with bytes 0x01, add one, a host
// function), scales a by 2, joins s2, adds a and b into c and downloads c.
static void capture_two_streams(int *d_a, int *d_b, int *d_c) {
    cudaStream_t s1, s2;
    cudaStreamCreate(&s1);
    cudaStreamCreate(&s2);
    cudaEvent_t fork, join;
    cudaEventCreate(&fork);
    cudaEventCreate(&join);
    static int in[N], out[N];
    int host_calls = 0;
    for (int i = 0; i < N; i++) in[i] = i;
    memset(out, 0, sizeof out);

    expect("cudaStreamBeginCapture", cudaStreamBeginCapture(s1, cudaStreamCaptureModeGlobal),
           cudaSuccess);
    cudaMemcpyAsync(d_a, in, sizeof in, cudaMemcpyHostToDevice, s1);
    cudaEventRecord(fork, s1);
    expect("s2 waits for the fork", cudaStreamWaitEvent(s2, fork, 0), cudaSuccess);
    scale<<<BLOCKS, 256, 0, s1>>>(d_a, 2, N);
    cudaMemsetAsync(d_b, 1, N * sizeof(int), s2);
    add_one<<<BLOCKS, 256, 0, s2>>>(d_b, N);
    expect("cudaLaunchHostFunc captured", cudaLaunchHostFunc(s2, bump, &host_calls), cudaSuccess);
    cudaEventRecord(join, s2);
    cudaStreamWaitEvent(s1, join, 0);
    combine<<<BLOCKS, 256, 0, s1>>>(d_c, d_a, d_b, N);
    cudaMemcpyAsync(out, d_c, sizeof out, cudaMemcpyDeviceToHost, s1);

    cudaStreamCaptureStatus status;
    cudaStreamIsCapturing(s2, &status);
    printf("s2 capture status: %d\n", (int)status);
    unsigned long long id = 0;
    cudaGraph_t building = nullptr;
    const cudaGraphNode_t *deps = nullptr;
    size_t ndeps = 0;
    expect("cudaStreamGetCaptureInfo",
           cudaStreamGetCaptureInfo(s1, &status, &id, &building, &deps, nullptr, &ndeps),
           cudaSuccess);
    printf("s1 capture status %d, dependencies %zu, graph %s\n", (int)status, ndeps,
           building ? "given" : "null");

    cudaGraph_t graph = nullptr;
    expect("cudaStreamEndCapture", cudaStreamEndCapture(s1, &graph), cudaSuccess);
    verdict("the capture graph is the one building", graph == building);
    cudaStreamIsCapturing(s1, &status);
    printf("s1 capture status after the end: %d\n", (int)status);
    bool untouched = host_calls == 0;
    for (int i = 0; i < N; i++) untouched &= out[i] == 0;
    verdict("captured work did not run", untouched);

    size_t nodes = 0, roots = 0, edges = 0;
    cudaGraphGetNodes(graph, nullptr, &nodes);
    cudaGraphGetRootNodes(graph, nullptr, &roots);
    cudaGraphGetEdges(graph, nullptr, nullptr, nullptr, &edges);
    count("captured nodes", nodes, 7);
    count("captured root nodes", roots, 1);
    count("captured edges", edges, 7);

    cudaGraphExec_t exec;
    expect("cudaGraphInstantiate", cudaGraphInstantiate(&exec, graph, 0), cudaSuccess);
    bool right = true;
    for (int k = 0; k < 3; k++) {
        // The copy node reads the host buffer when it runs.
        for (int i = 0; i < N; i++) in[i] = i + k;
        cudaGraphLaunch(exec, s1);
        cudaStreamSynchronize(s1);
        // c = 2 * (i + k) + (0x01010101 + 1)
        for (int i = 0; i < N; i++) right &= out[i] == 2 * (i + k) + 0x01010102;
    }
    verdict("captured graph, three launches", right);
    count("host function calls", host_calls, 3);
    cudaGraphExecDestroy(exec);
    cudaGraphDestroy(graph);
    cudaStreamDestroy(s1);
    cudaStreamDestroy(s2);
}

// A diamond: copy x up (A), y = 3x (B) and z = x + 7 (C) after A, w = y + z (D) after both,
// copy w down (E). The factor 3 is read when B is made.
struct Diamond {
    cudaGraph_t graph;
    cudaGraphNode_t a, b, c, d, e;
};

static cudaKernelNodeParams kernel_node(void *func, void **args) {
    cudaKernelNodeParams p = {};
    p.func = func;
    p.gridDim = dim3(BLOCKS);
    p.blockDim = dim3(256);
    p.sharedMemBytes = 0;
    p.kernelParams = args;
    p.extra = nullptr;
    return p;
}

static int src[N], dst[N];

static Diamond build_diamond(int *d_x, int *d_y, int *d_z, int *d_w) {
    Diamond g;
    expect("cudaGraphCreate", cudaGraphCreate(&g.graph, 0), cudaSuccess);
    expect("memcpy node",
           cudaGraphAddMemcpyNode1D(&g.a, g.graph, nullptr, 0, d_x, src, sizeof src,
                                    cudaMemcpyHostToDevice),
           cudaSuccess);
    int n = N, factor = 3, term = 7;
    void *b_args[] = {&d_y, &d_x, &factor, &n};
    cudaKernelNodeParams p = kernel_node((void *)times, b_args);
    expect("kernel node B", cudaGraphAddKernelNode(&g.b, g.graph, &g.a, 1, &p), cudaSuccess);
    factor = 100; // after the node copied it
    void *c_args[] = {&d_z, &d_x, &term, &n};
    p = kernel_node((void *)plus, c_args);
    expect("kernel node C", cudaGraphAddKernelNode(&g.c, g.graph, &g.a, 1, &p), cudaSuccess);
    void *d_args[] = {&d_w, &d_y, &d_z, &n};
    p = kernel_node((void *)combine, d_args);
    cudaGraphNode_t bc[] = {g.b, g.c};
    expect("kernel node D", cudaGraphAddKernelNode(&g.d, g.graph, bc, 2, &p), cudaSuccess);
    expect("memcpy node E",
           cudaGraphAddMemcpyNode1D(&g.e, g.graph, &g.d, 1, dst, d_w, sizeof dst,
                                    cudaMemcpyDeviceToHost),
           cudaSuccess);
    return g;
}

static bool diamond_gives(int factor) {
    bool right = true;
    for (int i = 0; i < N; i++) right &= dst[i] == factor * i + i + 7;
    return right;
}

static void explicit_graphs(int *d_x, int *d_y, int *d_z, int *d_w) {
    for (int i = 0; i < N; i++) src[i] = i;
    Diamond g = build_diamond(d_x, d_y, d_z, d_w);
    size_t nodes = 0, roots = 0, edges = 0, deps = 0, dependents = 0;
    cudaGraphGetNodes(g.graph, nullptr, &nodes);
    cudaGraphGetRootNodes(g.graph, nullptr, &roots);
    cudaGraphGetEdges(g.graph, nullptr, nullptr, nullptr, &edges);
    cudaGraphNodeGetDependencies(g.d, nullptr, nullptr, &deps);
    cudaGraphNodeGetDependentNodes(g.a, nullptr, nullptr, &dependents);
    count("diamond nodes", nodes, 5);
    count("diamond root nodes", roots, 1);
    count("diamond edges", edges, 5);
    count("dependencies of D", deps, 2);
    count("dependents of A", dependents, 2);
    cudaGraphNode_t from[5], to[5];
    size_t listed = 5;
    cudaGraphGetEdges(g.graph, from, to, nullptr, &listed);
    bool has_bd = false;
    for (size_t i = 0; i < listed; i++) has_bd |= from[i] == g.b && to[i] == g.d;
    verdict("edge B to D listed", has_bd);
    cudaGraphNodeType type_a, type_b;
    cudaGraphNodeGetType(g.a, &type_a);
    cudaGraphNodeGetType(g.b, &type_b);
    verdict("node types memcpy and kernel",
            type_a == cudaGraphNodeTypeMemcpy && type_b == cudaGraphNodeTypeKernel);

    cudaGraphExec_t exec;
    expect("instantiate the diamond", cudaGraphInstantiate(&exec, g.graph, 0), cudaSuccess);
    expect("launch the diamond", cudaGraphLaunch(exec, 0), cudaSuccess);
    cudaDeviceSynchronize();
    verdict("diamond: w = 3x + x + 7", diamond_gives(3));

    // The executable graph's B gets factor 5; the graph's B keeps 3.
    int n = N, factor = 5;
    void *b_args[] = {&d_y, &d_x, &factor, &n};
    cudaKernelNodeParams p = kernel_node((void *)times, b_args);
    expect("cudaGraphExecKernelNodeSetParams",
           cudaGraphExecKernelNodeSetParams(exec, g.b, &p), cudaSuccess);
    cudaGraphLaunch(exec, 0);
    cudaDeviceSynchronize();
    verdict("exec with factor 5: w = 6x + 7", diamond_gives(5));
    cudaKernelNodeParams read = {};
    expect("cudaGraphKernelNodeGetParams", cudaGraphKernelNodeGetParams(g.b, &read), cudaSuccess);
    verdict("the graph's node keeps factor 3 and its kernel",
            read.kernelParams && *(int *)read.kernelParams[2] == 3 &&
                read.func == (void *)times && read.gridDim.x == BLOCKS &&
                read.blockDim.x == 256);

    // A clone with factor 10 updates the executable graph.
    cudaGraph_t copy;
    expect("cudaGraphClone", cudaGraphClone(&copy, g.graph), cudaSuccess);
    cudaGraphNode_t b_copy;
    expect("cudaGraphNodeFindInClone", cudaGraphNodeFindInClone(&b_copy, g.b, copy), cudaSuccess);
    factor = 10;
    expect("cudaGraphKernelNodeSetParams", cudaGraphKernelNodeSetParams(b_copy, &p),
           cudaSuccess);
    cudaGraphExecUpdateResultInfo info;
    expect("cudaGraphExecUpdate", cudaGraphExecUpdate(exec, copy, &info), cudaSuccess);
    printf("update result: %d\n", (int)info.result);
    cudaGraphLaunch(exec, 0);
    cudaDeviceSynchronize();
    verdict("updated exec with factor 10: w = 11x + 7", diamond_gives(10));

    // One more node: the topology changed.
    cudaGraphNode_t extra;
    cudaGraphAddEmptyNode(&extra, copy, &b_copy, 1);
    expect("cudaGraphExecUpdate with a new node", cudaGraphExecUpdate(exec, copy, &info),
           cudaErrorGraphExecUpdateFailure);
    printf("update result: %d\n", (int)info.result);
    verdict("refused as a topology change",
            info.result == cudaGraphExecUpdateErrorTopologyChanged);

    // The diamond as a child graph, a host function after it.
    cudaGraph_t parent;
    cudaGraphCreate(&parent, 0);
    cudaGraphNode_t child, after;
    expect("cudaGraphAddChildGraphNode",
           cudaGraphAddChildGraphNode(&child, parent, nullptr, 0, g.graph), cudaSuccess);
    int calls = 0;
    cudaHostNodeParams host = {bump, &calls};
    expect("cudaGraphAddHostNode", cudaGraphAddHostNode(&after, parent, &child, 1, &host),
           cudaSuccess);
    cudaGraphExec_t parent_exec;
    cudaGraphInstantiate(&parent_exec, parent, 0);
    memset(dst, 0, sizeof dst);
    expect("launch the parent", cudaGraphLaunch(parent_exec, 0), cudaSuccess);
    cudaDeviceSynchronize();
    verdict("child graph: w = 3x + x + 7, then the host node", diamond_gives(3) && calls == 1);

    cudaGraphExecDestroy(parent_exec);
    cudaGraphDestroy(parent);
    cudaGraphExecDestroy(exec);
    cudaGraphDestroy(copy);
    cudaGraphDestroy(g.graph);
}

// One kernel node that adds one to a counter, launched many times.
static void many_launches(int *d_counter) {
    cudaMemset(d_counter, 0, sizeof(int));
    cudaStream_t s;
    cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
    cudaGraph_t graph;
    cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal);
    tick<<<1, 1, 0, s>>>(d_counter);
    cudaStreamEndCapture(s, &graph);
    cudaGraphExec_t exec;
    cudaGraphInstantiate(&exec, graph, 0);
    expect("cudaGraphUpload", cudaGraphUpload(exec, s), cudaSuccess);
    const int launches = 1000;
    for (int i = 0; i < launches; i++) cudaGraphLaunch(exec, s);
    cudaStreamSynchronize(s);
    int counter = 0;
    cudaMemcpy(&counter, d_counter, sizeof counter, cudaMemcpyDeviceToHost);
    count("counter after 1000 launches", counter, launches);
    cudaGraphExecDestroy(exec);
    cudaGraphDestroy(graph);
    cudaStreamDestroy(s);
}

// What a capture refuses, and how it ends then.
static void capture_errors(int *d_a) {
    static int host[16];
    cudaStream_t blocking, nonblocking, other;
    cudaStreamCreate(&blocking);
    cudaStreamCreateWithFlags(&nonblocking, cudaStreamNonBlocking);
    cudaStreamCreateWithFlags(&other, cudaStreamNonBlocking);
    cudaGraph_t graph;

    cudaStreamBeginCapture(blocking, cudaStreamCaptureModeGlobal);
    expect("cudaMemcpy while a blocking stream captures",
           cudaMemcpy(d_a, host, sizeof host, cudaMemcpyHostToDevice),
           cudaErrorStreamCaptureImplicit);
    graph = (cudaGraph_t)1;
    expect("its capture ends", cudaStreamEndCapture(blocking, &graph),
           cudaErrorStreamCaptureInvalidated);
    verdict("no graph", graph == nullptr);
    cudaGetLastError();

    cudaStreamBeginCapture(nonblocking, cudaStreamCaptureModeGlobal);
    expect("cudaMemcpy while a non-blocking stream captures (global)",
           cudaMemcpy(d_a, host, sizeof host, cudaMemcpyHostToDevice),
           cudaErrorStreamCaptureUnsupported);
    expect("its capture ends", cudaStreamEndCapture(nonblocking, &graph),
           cudaErrorStreamCaptureInvalidated);
    cudaGetLastError();

    cudaStreamBeginCapture(nonblocking, cudaStreamCaptureModeGlobal);
    tick<<<1, 1, 0, nonblocking>>>(d_a);
    expect("cudaStreamSynchronize of the capturing stream", cudaStreamSynchronize(nonblocking),
           cudaErrorStreamCaptureUnsupported);
    cudaStreamCaptureStatus status;
    cudaStreamIsCapturing(nonblocking, &status);
    printf("capture status after the synchronize: %d\n", (int)status);
    verdict("status invalidated", status == cudaStreamCaptureStatusInvalidated);
    expect("work after the invalidation",
           cudaMemsetAsync(d_a, 0, sizeof(int), nonblocking), cudaErrorStreamCaptureInvalidated);
    expect("its capture ends", cudaStreamEndCapture(nonblocking, &graph),
           cudaErrorStreamCaptureInvalidated);
    cudaGetLastError();

    cudaStreamBeginCapture(nonblocking, cudaStreamCaptureModeRelaxed);
    int *scratch = nullptr;
    expect("cudaMalloc in a relaxed capture", cudaMalloc(&scratch, 64), cudaSuccess);
    expect("the relaxed capture ends", cudaStreamEndCapture(nonblocking, &graph), cudaSuccess);
    size_t nodes = 99;
    cudaGraphGetNodes(graph, nullptr, &nodes);
    count("nodes of an empty capture", nodes, 0);
    cudaGraphDestroy(graph);
    cudaFree(scratch);

    cudaStreamCaptureMode mode = cudaStreamCaptureModeRelaxed;
    expect("cudaThreadExchangeStreamCaptureMode", cudaThreadExchangeStreamCaptureMode(&mode),
           cudaSuccess);
    verdict("the thread's mode was global", mode == cudaStreamCaptureModeGlobal);
    cudaStreamBeginCapture(nonblocking, cudaStreamCaptureModeGlobal);
    expect("cudaMalloc by a relaxed thread", cudaMalloc(&scratch, 64), cudaSuccess);
    expect("that capture ends", cudaStreamEndCapture(nonblocking, &graph), cudaSuccess);
    cudaGraphDestroy(graph);
    cudaFree(scratch);
    mode = cudaStreamCaptureModeGlobal;
    cudaThreadExchangeStreamCaptureMode(&mode);
    verdict("the thread's mode was relaxed", mode == cudaStreamCaptureModeRelaxed);

    cudaEvent_t fork;
    cudaEventCreate(&fork);
    cudaStreamBeginCapture(nonblocking, cudaStreamCaptureModeGlobal);
    cudaEventRecord(fork, nonblocking);
    expect("cudaEventQuery of an event recorded in a capture", cudaEventQuery(fork),
           cudaErrorCapturedEvent);
    cudaStreamWaitEvent(other, fork, 0);
    tick<<<1, 1, 0, other>>>(d_a);
    expect("a fork never joined", cudaStreamEndCapture(nonblocking, &graph),
           cudaErrorStreamCaptureUnjoined);
    cudaStreamIsCapturing(other, &status);
    printf("forked stream's status after the end: %d\n", (int)status);
    cudaGetLastError();

    expect("cudaStreamEndCapture of a stream not capturing",
           cudaStreamEndCapture(nonblocking, &graph), cudaErrorIllegalState);
    cudaGetLastError();
    expect("capture of the legacy stream",
           cudaStreamBeginCapture(cudaStreamLegacy, cudaStreamCaptureModeGlobal),
           cudaErrorStreamCaptureUnsupported);
    cudaGetLastError();

    expect("the device synchronises after all", cudaDeviceSynchronize(), cudaSuccess);
    cudaEventDestroy(fork);
    cudaStreamDestroy(blocking);
    cudaStreamDestroy(nonblocking);
    cudaStreamDestroy(other);
}

int main() {
    int *d[5];
    for (int i = 0; i < 5; i++) cudaMalloc(&d[i], N * sizeof(int));
    capture_two_streams(d[0], d[1], d[2]);
    explicit_graphs(d[0], d[1], d[2], d[3]);
    many_launches(d[4]);
    capture_errors(d[4]);
    if (failures) {
        printf("FAILED: %d graph checks\n", failures);
        return 1;
    }
    printf("all graph checks passed\n");
    return 0;
}
