// Grid-wide synchronisation in cooperative launches: a kernel whose phases each read what other
// blocks wrote in the phase before, separated by cooperative groups' grid.sync(), launched with
// as many blocks as the device holds at once through the four cooperative launch calls
// (cudaLaunchCooperativeKernel, cudaLaunchKernelEx with the cooperative attribute, and the
// driver's cuLaunchCooperativeKernel and cuLaunchKernelEx), then one block more through each,
// which the device refuses. Every value checked is arithmetic worked out below. Prints one line
// per check (c_programs.rs holds the lines), built with -cudart shared and static; the lines
// marked "(printed, not checked)" are for comparing with a GPU.
#include <cooperative_groups.h>
#include <cstdio>
#include <cstring>
#include <cuda.h>
#include <cuda_runtime.h>

namespace cg = cooperative_groups;

static int failures = 0;

static void expect(const char *what, cudaError_t got, cudaError_t want) {
    printf("%s: %s%s\n", what, cudaGetErrorName(got), got == want ? "" : " (UNEXPECTED)");
    if (got != want) failures++;
}

static void expect_cu(const char *what, CUresult got, CUresult want) {
    const char *name = "?";
    cuGetErrorName(got, &name);
    printf("%s: %s%s\n", what, name, got == want ? "" : " (UNEXPECTED)");
    if (got != want) failures++;
}

static void verdict(const char *what, bool right) {
    printf("%s: %s\n", what, right ? "correct" : "WRONG");
    if (!right) failures++;
}

enum { N = 1 << 16, SHIFT = 7919, ROUNDS = 3, BLOCK = 1024 };

// Phase 1 writes a[i] = 3i + 1.
__host__ __device__ static unsigned a_of(unsigned i) { return 3 * i + 1; }

// Phase 2 writes b[i] = a[(i + SHIFT) % N] + a[N - 1 - i]: words other blocks wrote.
__host__ __device__ static unsigned b_of(unsigned i) { return a_of((i + SHIFT) % N) + a_of(N - 1 - i); }

struct Buffers {
    unsigned *a, *b;
    unsigned long long *partial; // one per block: its threads' sum of b (phase 3)
    unsigned long long *total;   // block 0's sum of the partials (phase 4)
    unsigned long long *copies;  // each block's copy of the total (phase 5)
    unsigned *counts;            // arrivals before each of ROUNDS barriers
    unsigned *seen;              // what each block read of counts after each barrier
    unsigned *ws_size;           // the workspace's first word, as the driver set it
};

__global__ void phases(Buffers m) {
    cg::grid_group grid = cg::this_grid();
    unsigned long long rank = grid.thread_rank(), threads = grid.size();
    unsigned block = blockIdx.x, blocks = gridDim.x;
    if (rank == 0) {
        // The workspace cooperative groups finds at %envreg1 (high) and %envreg2 (low).
        unsigned hi, lo;
        asm("mov.u32 %0, %%envreg1;" : "=r"(hi));
        asm("mov.u32 %0, %%envreg2;" : "=r"(lo));
        *m.ws_size = *(const unsigned *)(((unsigned long long)hi << 32) | lo);
    }
    for (unsigned long long i = rank; i < N; i += threads) m.a[i] = a_of(i);
    grid.sync();
    for (unsigned long long i = rank; i < N; i += threads)
        m.b[i] = m.a[(i + SHIFT) % N] + m.a[N - 1 - i];
    grid.sync();
    __shared__ unsigned long long sum;
    if (threadIdx.x == 0) sum = 0;
    __syncthreads();
    unsigned long long mine = 0;
    for (unsigned long long i = rank; i < N; i += threads) mine += m.b[i];
    atomicAdd(&sum, mine);
    __syncthreads();
    if (threadIdx.x == 0) m.partial[block] = sum;
    grid.sync();
    if (rank == 0) {
        unsigned long long total = 0;
        for (unsigned k = 0; k < blocks; k++) total += m.partial[k];
        *m.total = total;
    }
    grid.sync();
    if (threadIdx.x == 0) m.copies[block] = *m.total;
    // Barriers in a row: each block counts itself in before each, and after it must see all.
    for (int r = 0; r < ROUNDS; r++) {
        if (threadIdx.x == 0) atomicAdd(&m.counts[r], 1);
        grid.sync();
        if (threadIdx.x == 0) m.seen[r * blocks + block] = atomicAdd(&m.counts[r], 0);
    }
}

// Whether a plain launch's grid can synchronise.
__global__ void validity(unsigned *out) { *out = cg::this_grid().is_valid(); }

// Sum over i of b[i]: each a[j] appears twice (once through the shift, once reversed), so
// 2 * sum(3i + 1) = 3N(N - 1) + 2N.
static const unsigned long long TOTAL = 3ull * N * (N - 1) + 2ull * N;

// Checks what a launch of `blocks` blocks left in `m` (device memory), prefixed by `how`.
static void check(const char *how, const Buffers &m, unsigned blocks) {
    static unsigned a[N], b[N];
    static unsigned long long partial[4096], copies[4096];
    static unsigned seen[ROUNDS * 4096];
    unsigned long long total = 0;
    unsigned ws_size = 0;
    cudaMemcpy(a, m.a, sizeof a, cudaMemcpyDeviceToHost);
    cudaMemcpy(b, m.b, sizeof b, cudaMemcpyDeviceToHost);
    cudaMemcpy(partial, m.partial, blocks * sizeof *partial, cudaMemcpyDeviceToHost);
    cudaMemcpy(&total, m.total, sizeof total, cudaMemcpyDeviceToHost);
    cudaMemcpy(copies, m.copies, blocks * sizeof *copies, cudaMemcpyDeviceToHost);
    cudaMemcpy(seen, m.seen, ROUNDS * blocks * sizeof *seen, cudaMemcpyDeviceToHost);
    cudaMemcpy(&ws_size, m.ws_size, sizeof ws_size, cudaMemcpyDeviceToHost);
    bool right = true;
    for (unsigned i = 0; i < N; i++) right &= a[i] == a_of(i) && b[i] == b_of(i);
    char line[160];
    snprintf(line, sizeof line, "%s: phases 1 and 2", how);
    verdict(line, right);
    unsigned long long sum = 0;
    for (unsigned k = 0; k < blocks; k++) sum += partial[k];
    snprintf(line, sizeof line, "%s: partial sums add up to 3N(N-1)+2N", how);
    verdict(line, sum == TOTAL && total == TOTAL);
    right = true;
    for (unsigned k = 0; k < blocks; k++) right &= copies[k] == TOTAL;
    snprintf(line, sizeof line, "%s: every block read the total", how);
    verdict(line, right);
    right = true;
    for (unsigned k = 0; k < ROUNDS * blocks; k++) right &= seen[k] == blocks;
    snprintf(line, sizeof line, "%s: every block saw all arrive at each barrier", how);
    verdict(line, right);
    printf("%s: workspace size %u (printed, not checked)\n", how, ws_size);
}

// Clears what a launch writes.
static void clear(const Buffers &m, unsigned blocks) {
    cudaMemset(m.a, 0, N * sizeof *m.a);
    cudaMemset(m.b, 0, N * sizeof *m.b);
    cudaMemset(m.partial, 0, blocks * sizeof *m.partial);
    cudaMemset(m.total, 0, sizeof *m.total);
    cudaMemset(m.copies, 0, blocks * sizeof *m.copies);
    cudaMemset(m.counts, 0, ROUNDS * sizeof *m.counts);
    cudaMemset(m.seen, 0, ROUNDS * blocks * sizeof *m.seen);
    cudaMemset(m.ws_size, 0, sizeof *m.ws_size);
}

int main() {
    cudaDeviceProp prop;
    expect("cudaGetDeviceProperties", cudaGetDeviceProperties(&prop, 0), cudaSuccess);
    printf("cooperativeLaunch %d\n", prop.cooperativeLaunch);
    int per_sm = 0;
    expect("cudaOccupancyMaxActiveBlocksPerMultiprocessor",
           cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, phases, BLOCK, 0), cudaSuccess);
    printf("blocks of %d threads per SM: %d (printed, not checked)\n", BLOCK, per_sm);
    unsigned blocks = per_sm * prop.multiProcessorCount;
    if (blocks == 0 || blocks > 4096) {
        printf("no grid to launch: FAILED\n");
        return 1;
    }

    Buffers m;
    cudaMalloc(&m.a, N * sizeof *m.a);
    cudaMalloc(&m.b, N * sizeof *m.b);
    cudaMalloc(&m.partial, (blocks + 1) * sizeof *m.partial);
    cudaMalloc(&m.total, sizeof *m.total);
    cudaMalloc(&m.copies, (blocks + 1) * sizeof *m.copies);
    cudaMalloc(&m.counts, ROUNDS * sizeof *m.counts);
    cudaMalloc(&m.seen, ROUNDS * (blocks + 1) * sizeof *m.seen);
    expect("cudaMalloc", cudaMalloc(&m.ws_size, sizeof *m.ws_size), cudaSuccess);
    void *args[] = {&m};

    // The runtime's two cooperative launches.
    clear(m, blocks);
    expect("cudaLaunchCooperativeKernel",
           cudaLaunchCooperativeKernel((void *)phases, blocks, BLOCK, args, 0, 0), cudaSuccess);
    expect("cudaDeviceSynchronize", cudaDeviceSynchronize(), cudaSuccess);
    check("cudaLaunchCooperativeKernel", m, blocks);

    cudaLaunchAttribute cooperative;
    cooperative.id = cudaLaunchAttributeCooperative;
    cooperative.val.cooperative = 1;
    cudaLaunchConfig_t config = {};
    config.gridDim = blocks;
    config.blockDim = BLOCK;
    config.attrs = &cooperative;
    config.numAttrs = 1;
    clear(m, blocks);
    expect("cudaLaunchKernelEx cooperative", cudaLaunchKernelEx(&config, phases, m), cudaSuccess);
    expect("cudaDeviceSynchronize", cudaDeviceSynchronize(), cudaSuccess);
    check("cudaLaunchKernelEx cooperative", m, blocks);

    // The driver's two, with the kernel's driver handle.
    cudaFunction_t handle;
    expect("cudaGetFuncBySymbol", cudaGetFuncBySymbol(&handle, (void *)phases), cudaSuccess);
    CUfunction f = (CUfunction)handle;
    clear(m, blocks);
    expect_cu("cuLaunchCooperativeKernel",
              cuLaunchCooperativeKernel(f, blocks, 1, 1, BLOCK, 1, 1, 0, 0, args), CUDA_SUCCESS);
    expect_cu("cuCtxSynchronize", cuCtxSynchronize(), CUDA_SUCCESS);
    check("cuLaunchCooperativeKernel", m, blocks);

    CUlaunchAttribute cu_cooperative;
    memset(&cu_cooperative, 0, sizeof cu_cooperative);
    cu_cooperative.id = CU_LAUNCH_ATTRIBUTE_COOPERATIVE;
    cu_cooperative.value.cooperative = 1;
    CUlaunchConfig cu_config;
    memset(&cu_config, 0, sizeof cu_config);
    cu_config.gridDimX = blocks;
    cu_config.gridDimY = cu_config.gridDimZ = 1;
    cu_config.blockDimX = BLOCK;
    cu_config.blockDimY = cu_config.blockDimZ = 1;
    cu_config.attrs = &cu_cooperative;
    cu_config.numAttrs = 1;
    clear(m, blocks);
    expect_cu("cuLaunchKernelEx cooperative", cuLaunchKernelEx(&cu_config, f, args, nullptr),
              CUDA_SUCCESS);
    expect_cu("cuCtxSynchronize", cuCtxSynchronize(), CUDA_SUCCESS);
    check("cuLaunchKernelEx cooperative", m, blocks);

    // One block more than fit at once: every cooperative launch is refused.
    unsigned more = blocks + 1;
    expect("cudaLaunchCooperativeKernel of one block more",
           cudaLaunchCooperativeKernel((void *)phases, more, BLOCK, args, 0, 0),
           cudaErrorCooperativeLaunchTooLarge);
    expect("cudaGetLastError after it", cudaGetLastError(), cudaErrorCooperativeLaunchTooLarge);
    expect("cudaGetLastError again", cudaGetLastError(), cudaSuccess);
    config.gridDim = more;
    expect("cudaLaunchKernelEx cooperative of one block more",
           cudaLaunchKernelEx(&config, phases, m), cudaErrorCooperativeLaunchTooLarge);
    cudaGetLastError();
    expect_cu("cuLaunchCooperativeKernel of one block more",
              cuLaunchCooperativeKernel(f, more, 1, 1, BLOCK, 1, 1, 0, 0, args),
              CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE);
    cu_config.gridDimX = more;
    expect_cu("cuLaunchKernelEx cooperative of one block more",
              cuLaunchKernelEx(&cu_config, f, args, nullptr), CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE);
    expect("cudaDeviceSynchronize after the refusals", cudaDeviceSynchronize(), cudaSuccess);

    // A plain launch: what is_valid() says there.
    unsigned valid = 7;
    validity<<<1, 1>>>(m.ws_size);
    expect("plain launch", cudaDeviceSynchronize(), cudaSuccess);
    cudaMemcpy(&valid, m.ws_size, sizeof valid, cudaMemcpyDeviceToHost);
    printf("is_valid in a plain launch: %u (printed, not checked)\n", valid);

    if (failures) {
        printf("%d checks FAILED\n", failures);
        return 1;
    }
    printf("all grid sync checks passed\n");
    return 0;
}
