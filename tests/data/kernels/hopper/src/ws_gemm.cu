// A warp-specialised Hopper GEMM, written for the ptx project's kernel cases
// (hopper/ws_gemm, tools/generators/hopper-gemm/): C = A x B^T in f32 from f16 inputs, A as M x K and B as
// N x K, both K-major, M = N = K = 256; one 128x128 tile of C per CTA, K in steps of 64.
//
// Each CTA has three warpgroups. Warpgroup 0 is the producer: it lowers its registers
// (setmaxnreg.dec 40) and one elected thread (elect.sync) of its first warp issues the TMA loads
// into a 2-stage pipeline of full/empty mbarriers. The CTAs of a cluster of 2 (along N) share
// their A tile: each loads half of it (64 rows) and multicasts it to both CTAs
// (cp.async.bulk.tensor ... .multicast::cluster), and loads its own B tile. Warpgroups 1 and 2 are
// consumers (setmaxnreg.inc 232): each waits for a stage, runs 4 wgmma.mma_async m64n128k16 over
// its 64 rows of A (both operands from 128-byte-swizzled shared-memory descriptors), and releases
// the stage by arriving on the empty barrier of both CTAs of the cluster (the peer multicasts
// into this CTA's stage too). Cluster barriers after the mbarrier init and before exit keep a CTA
// from running ahead of, or exiting before, its peer. The consumers store their accumulators
// straight to C (the m64nNk16 f32 fragment: register i of lane l of warp w is row
// 16w + l/4 + 8((i/2)%2), column 8(i/4) + 2(l%4) + i%2).
//
// Project-owned code (no third-party source).
#include <cuda.h>
#include <stdint.h>

#define N_ 256
#define K_ 256
#define BM 128
#define BN 128
#define BK 64
#define STAGES 2
#define A_BYTES (BM * BK * 2)
#define B_BYTES (BN * BK * 2)
#define STAGE_BYTES (A_BYTES + B_BYTES)

__device__ __forceinline__ uint32_t smem_addr(const void *p) {
    return (uint32_t)__cvta_generic_to_shared(p);
}
__device__ __forceinline__ void cluster_sync() {
    asm volatile("barrier.cluster.arrive.release;\n\tbarrier.cluster.wait.acquire;" ::: "memory");
}
__device__ __forceinline__ void mbar_init(uint32_t bar, uint32_t count) {
    asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" ::"r"(bar), "r"(count) : "memory");
}
__device__ __forceinline__ void mbar_expect_tx(uint32_t bar, uint32_t bytes) {
    asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(bar), "r"(bytes) : "memory");
}
__device__ __forceinline__ uint32_t mbar_try(uint32_t bar, uint32_t parity) {
    uint32_t ok;
    asm volatile("{\n\t.reg .pred p;\n\tmbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2;\n\t"
                 "selp.u32 %0, 1, 0, p;\n\t}"
                 : "=r"(ok)
                 : "r"(bar), "r"(parity)
                 : "memory");
    return ok;
}
// Arrives on the barrier at the same offset in the CTA of rank `cta` of the cluster.
__device__ __forceinline__ void mbar_arrive_in(uint32_t bar, uint32_t cta) {
    uint32_t remote;
    asm volatile("mapa.shared::cluster.u32 %0, %1, %2;" : "=r"(remote) : "r"(bar), "r"(cta));
    asm volatile("mbarrier.arrive.release.cluster.shared::cluster.b64 _, [%0];" ::"r"(remote) : "memory");
}
__device__ __forceinline__ void tma_load(uint32_t dst, const CUtensorMap *map, uint32_t bar, int c0, int c1) {
    asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"
                 " [%0], [%1, {%3, %4}], [%2];" ::"r"(dst), "l"(map), "r"(bar), "r"(c0), "r"(c1)
                 : "memory");
}
__device__ __forceinline__ void tma_load_multicast(uint32_t dst, const CUtensorMap *map, uint32_t bar, int c0,
                                                   int c1, uint16_t mask) {
    asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"
                 ".multicast::cluster [%0], [%1, {%3, %4}], [%2], %5;" ::"r"(dst), "l"(map), "r"(bar),
                 "r"(c0), "r"(c1), "h"(mask)
                 : "memory");
}
// A K-major operand with 128-byte swizzle: 8-row groups 1024 bytes apart (SBO), LBO unused (1).
__device__ __forceinline__ uint64_t descriptor(uint32_t addr) {
    return (uint64_t)((addr & 0x3FFFF) >> 4) | ((uint64_t)1 << 16) | ((uint64_t)(1024 >> 4) << 32) |
           ((uint64_t)1 << 62);
}
__device__ __forceinline__ void wgmma_m64n128k16(float *d, uint64_t da, uint64_t db) {
    asm volatile("wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63}, %64, %65, 1, 1, 1, 0, 0;"
                 : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]), "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]), "+f"(d[15]), "+f"(d[16]), "+f"(d[17]), "+f"(d[18]), "+f"(d[19]), "+f"(d[20]), "+f"(d[21]), "+f"(d[22]), "+f"(d[23]), "+f"(d[24]), "+f"(d[25]), "+f"(d[26]), "+f"(d[27]), "+f"(d[28]), "+f"(d[29]), "+f"(d[30]), "+f"(d[31]), "+f"(d[32]), "+f"(d[33]), "+f"(d[34]), "+f"(d[35]), "+f"(d[36]), "+f"(d[37]), "+f"(d[38]), "+f"(d[39]), "+f"(d[40]), "+f"(d[41]), "+f"(d[42]), "+f"(d[43]), "+f"(d[44]), "+f"(d[45]), "+f"(d[46]), "+f"(d[47]), "+f"(d[48]), "+f"(d[49]), "+f"(d[50]), "+f"(d[51]), "+f"(d[52]), "+f"(d[53]), "+f"(d[54]), "+f"(d[55]), "+f"(d[56]), "+f"(d[57]), "+f"(d[58]), "+f"(d[59]), "+f"(d[60]), "+f"(d[61]), "+f"(d[62]), "+f"(d[63])
                 : "l"(da), "l"(db));
}

extern "C" __global__ void __cluster_dims__(2, 1, 1) __launch_bounds__(384, 1)
    ws_gemm(const __grid_constant__ CUtensorMap tmA, const __grid_constant__ CUtensorMap tmB, float *C) {
    extern __shared__ unsigned char smem_raw[];
    uint32_t raw = smem_addr(smem_raw);
    unsigned char *sm = smem_raw + ((1024 - (raw & 1023)) & 1023);
    uint32_t base = smem_addr(sm);
    uint32_t full[STAGES], empty[STAGES], sA[STAGES], sB[STAGES];
    for (int s = 0; s < STAGES; s++) {
        sA[s] = base + s * STAGE_BYTES;
        sB[s] = sA[s] + A_BYTES;
        full[s] = base + STAGES * STAGE_BYTES + 8 * s;
        empty[s] = base + STAGES * STAGE_BYTES + 8 * (STAGES + s);
    }
    uint32_t rank;
    asm volatile("mov.u32 %0, %%cluster_ctarank;" : "=r"(rank));
    const int tid = threadIdx.x, wg = tid / 128;
    const int n0 = blockIdx.x * BN, m0 = blockIdx.y * BM;
    if (tid == 0) {
        for (int s = 0; s < STAGES; s++) {
            mbar_init(full[s], 1);
            mbar_init(empty[s], 4);  // 2 consumer warpgroups x 2 CTAs
        }
        asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
    }
    cluster_sync();
    if (wg == 0) {
        asm volatile("setmaxnreg.dec.sync.aligned.u32 40;");
        if (tid < 32) {
            uint32_t elected;
            asm volatile("{\n\t.reg .pred p;\n\telect.sync _|p, 0xffffffff;\n\tselp.u32 %0, 1, 0, p;\n\t}"
                         : "=r"(elected));
            if (elected) {
                for (int k = 0; k < K_ / BK; k++) {
                    int s = k % STAGES;
                    uint32_t phase = (k / STAGES) & 1;
                    while (!mbar_try(empty[s], phase ^ 1)) {
                    }
                    mbar_expect_tx(full[s], STAGE_BYTES);
                    tma_load_multicast(sA[s] + rank * (A_BYTES / 2), &tmA, full[s], k * BK, m0 + rank * (BM / 2),
                                       0x3);
                    tma_load(sB[s], &tmB, full[s], k * BK, n0);
                }
            }
        }
    } else {
        asm volatile("setmaxnreg.inc.sync.aligned.u32 232;");
        const int c = wg - 1;
        float d[64];
        for (int i = 0; i < 64; i++) d[i] = 0.0f;
        for (int k = 0; k < K_ / BK; k++) {
            int s = k % STAGES;
            uint32_t phase = (k / STAGES) & 1;
            while (!mbar_try(full[s], phase)) {
            }
            asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
            for (int kk = 0; kk < BK / 16; kk++)
                wgmma_m64n128k16(d, descriptor(sA[s] + c * 64 * 128 + kk * 32), descriptor(sB[s] + kk * 32));
            asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
            asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
            if (tid % 128 == 0) {
                mbar_arrive_in(empty[s], 0);
                mbar_arrive_in(empty[s], 1);
            }
        }
        const int w = (tid % 128) / 32, l = tid % 32;
        for (int i = 0; i < 64; i++) {
            int row = 16 * w + l / 4 + 8 * ((i / 2) % 2);
            int col = 8 * (i / 4) + 2 * (l % 4) + (i % 2);
            C[(m0 + c * 64 + row) * N_ + n0 + col] = d[i];
        }
    }
    cluster_sync();
}
