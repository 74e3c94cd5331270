// Hopper TMA kernel cases (tools/generators/tma-cases/README.md): every kernel copies tiles with the bulk
// async copy engine into (or out of) a 1024-byte-aligned shared region that was first filled
// with the sentinel byte 0xA5, and then dumps the whole region byte for byte to `out`, so the
// record shows exactly where each element landed (swizzle, element strides, out-of-bounds fill)
// and which bytes were never written.
//
// Tiles are given as scalar parameters, four tiles of eight ints (a macro below): the five
// tensor coordinates c0..c4 (innermost first; unused ones ignored), the destination (or source)
// byte offset in the shared region, and for im2col the 16-bit offsets (o0 | o1 << 16, o2).
// `status[blockIdx.x]` is 1 when the mbarrier phase completed, 2 when the wait gave up (a wrong
// expected transaction count), so a wrong count shows instead of hanging the device.
#include <cuda.h>
#include <stdint.h>

#define SMEM 32768

__shared__ __align__(1024) unsigned char smem[SMEM];
__shared__ __align__(8) uint64_t mbar;

#define TP(n) int n##c0, int n##c1, int n##c2, int n##c3, int n##c4, int n##s, int n##o01, int n##o2
#define TA(n) {n##c0, n##c1, n##c2, n##c3, n##c4, n##s, n##o01, n##o2}
#define TILES TP(a), TP(b), TP(c), TP(d)
#define TILE_ARRAY const int T[4][8] = {TA(a), TA(b), TA(c), TA(d)}

__device__ __forceinline__ unsigned saddr(const void *p) { return (unsigned)__cvta_generic_to_shared(p); }

__device__ __forceinline__ void fill_sentinel(unsigned n) {
    for (unsigned i = threadIdx.x * 4; i < n; i += blockDim.x * 4) *(unsigned *)(smem + i) = 0xA5A5A5A5u;
}
__device__ __forceinline__ void dump(unsigned char *out, unsigned n) {
    for (unsigned i = threadIdx.x * 4; i < n; i += blockDim.x * 4)
        *(unsigned *)(out + (size_t)blockIdx.x * n + i) = *(const unsigned *)(smem + i);
}
__device__ __forceinline__ void fence_proxy_async() { asm volatile("fence.proxy.async.shared::cta;" ::: "memory"); }
__device__ __forceinline__ void mbar_init(unsigned count) {
    asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" ::"r"(saddr(&mbar)), "r"(count) : "memory");
}
__device__ __forceinline__ void mbar_expect_tx(unsigned tx) {
    asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(saddr(&mbar)), "r"(tx) : "memory");
}
__device__ __forceinline__ unsigned mbar_try_wait(unsigned parity) {
    unsigned ok;
    asm volatile("{\n\t.reg .pred p;\n\tmbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2;\n\tselp.u32 %0, 1, 0, p;\n\t}"
                 : "=r"(ok) : "r"(saddr(&mbar)), "r"(parity) : "memory");
    return ok;
}
// 1 when phase 0 completed, 2 when it had not after 2^16 tries
__device__ __forceinline__ unsigned mbar_wait0() {
    for (unsigned n = 0; n < (1u << 16); n++)
        if (mbar_try_wait(0)) return 1;
    return 2;
}
__device__ __forceinline__ void prefetch_map(const CUtensorMap *m) {
    asm volatile("prefetch.tensormap [%0];" ::"l"((uint64_t)m) : "memory");
}

template <int R>
__device__ __forceinline__ void tma_load(unsigned dst, const CUtensorMap *m, const int *c, unsigned mb) {
    uint64_t p = (uint64_t)m;
    if constexpr (R == 1)
        asm volatile("cp.async.bulk.tensor.1d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%0], [%1, {%2}], [%3];"
                     ::"r"(dst), "l"(p), "r"(c[0]), "r"(mb) : "memory");
    if constexpr (R == 2)
        asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%0], [%1, {%2, %3}], [%4];"
                     ::"r"(dst), "l"(p), "r"(c[0]), "r"(c[1]), "r"(mb) : "memory");
    if constexpr (R == 3)
        asm volatile("cp.async.bulk.tensor.3d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%0], [%1, {%2, %3, %4}], [%5];"
                     ::"r"(dst), "l"(p), "r"(c[0]), "r"(c[1]), "r"(c[2]), "r"(mb) : "memory");
    if constexpr (R == 4)
        asm volatile("cp.async.bulk.tensor.4d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%0], [%1, {%2, %3, %4, %5}], [%6];"
                     ::"r"(dst), "l"(p), "r"(c[0]), "r"(c[1]), "r"(c[2]), "r"(c[3]), "r"(mb) : "memory");
    if constexpr (R == 5)
        asm volatile("cp.async.bulk.tensor.5d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%0], [%1, {%2, %3, %4, %5, %6}], [%7];"
                     ::"r"(dst), "l"(p), "r"(c[0]), "r"(c[1]), "r"(c[2]), "r"(c[3]), "r"(c[4]), "r"(mb) : "memory");
}

template <int R>
__device__ __forceinline__ void tma_load_im2col(unsigned dst, const CUtensorMap *m, const int *c, unsigned mb) {
    uint64_t p = (uint64_t)m;
    unsigned short o0 = (unsigned short)(c[6] & 0xffff), o1 = (unsigned short)((unsigned)c[6] >> 16),
                   o2 = (unsigned short)(c[7] & 0xffff);
    if constexpr (R == 3)
        asm volatile("cp.async.bulk.tensor.3d.shared::cluster.global.im2col.mbarrier::complete_tx::bytes [%0], [%1, {%2, %3, %4}], [%5], {%6};"
                     ::"r"(dst), "l"(p), "r"(c[0]), "r"(c[1]), "r"(c[2]), "r"(mb), "h"(o0) : "memory");
    if constexpr (R == 4)
        asm volatile("cp.async.bulk.tensor.4d.shared::cluster.global.im2col.mbarrier::complete_tx::bytes [%0], [%1, {%2, %3, %4, %5}], [%6], {%7, %8};"
                     ::"r"(dst), "l"(p), "r"(c[0]), "r"(c[1]), "r"(c[2]), "r"(c[3]), "r"(mb), "h"(o0), "h"(o1) : "memory");
    if constexpr (R == 5)
        asm volatile("cp.async.bulk.tensor.5d.shared::cluster.global.im2col.mbarrier::complete_tx::bytes [%0], [%1, {%2, %3, %4, %5, %6}], [%7], {%8, %9, %10};"
                     ::"r"(dst), "l"(p), "r"(c[0]), "r"(c[1]), "r"(c[2]), "r"(c[3]), "r"(c[4]), "r"(mb), "h"(o0), "h"(o1), "h"(o2) : "memory");
}

template <int R>
__device__ __forceinline__ void tma_store(const CUtensorMap *m, const int *c, unsigned src) {
    uint64_t p = (uint64_t)m;
    if constexpr (R == 1)
        asm volatile("cp.async.bulk.tensor.1d.global.shared::cta.tile.bulk_group [%0, {%1}], [%2];" ::"l"(p), "r"(c[0]), "r"(src) : "memory");
    if constexpr (R == 2)
        asm volatile("cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group [%0, {%1, %2}], [%3];" ::"l"(p), "r"(c[0]), "r"(c[1]), "r"(src) : "memory");
    if constexpr (R == 3)
        asm volatile("cp.async.bulk.tensor.3d.global.shared::cta.tile.bulk_group [%0, {%1, %2, %3}], [%4];" ::"l"(p), "r"(c[0]), "r"(c[1]), "r"(c[2]), "r"(src) : "memory");
}

template <int R>
__device__ __forceinline__ void tma_reduce_add(const CUtensorMap *m, const int *c, unsigned src) {
    uint64_t p = (uint64_t)m;
    if constexpr (R == 2)
        asm volatile("cp.reduce.async.bulk.tensor.2d.global.shared::cta.add.tile.bulk_group [%0, {%1, %2}], [%3];" ::"l"(p), "r"(c[0]), "r"(c[1]), "r"(src) : "memory");
    if constexpr (R == 3)
        asm volatile("cp.reduce.async.bulk.tensor.3d.global.shared::cta.add.tile.bulk_group [%0, {%1, %2, %3}], [%4];" ::"l"(p), "r"(c[0]), "r"(c[1]), "r"(c[2]), "r"(src) : "memory");
}

// Loads: fill the region with 0xA5, then thread 0 expects tx_bytes on the mbarrier and issues
// the tiles; every thread waits, then the region is dumped.
template <int R, bool IM2COL>
__device__ __forceinline__ void load_body(const CUtensorMap *m, unsigned char *out, unsigned *status, int ntiles,
                                          unsigned tx_bytes, unsigned dump_bytes, const int (*T)[8]) {
    if (threadIdx.x == 0) { mbar_init(1); prefetch_map(m); }
    fill_sentinel(dump_bytes);
    fence_proxy_async();  // the sentinel stores and the mbarrier init, before the async proxy's writes
    __syncthreads();
    if (threadIdx.x == 0) {
        mbar_expect_tx(tx_bytes);
#pragma unroll
        for (int i = 0; i < 4; i++)
            if (i < ntiles) {
                if constexpr (IM2COL) tma_load_im2col<R>(saddr(smem + T[i][5]), m, T[i], saddr(&mbar));
                else tma_load<R>(saddr(smem + T[i][5]), m, T[i], saddr(&mbar));
            }
    }
    unsigned st = mbar_wait0();
    if (threadIdx.x == 0) status[blockIdx.x] = st;
    __syncthreads();
    dump(out, dump_bytes);
}

#define LOAD_ENTRY(NAME, R, IM2COL)                                                                       \
    extern "C" __global__ void NAME(const __grid_constant__ CUtensorMap tmap, unsigned char *out,          \
                                    unsigned *status, int ntiles, unsigned tx_bytes, unsigned dump_bytes, \
                                    TILES) {                                                               \
        TILE_ARRAY;                                                                                        \
        load_body<R, IM2COL>(&tmap, out, status, ntiles, tx_bytes, dump_bytes, T);                          \
    }
LOAD_ENTRY(tma_load_1d, 1, false)
LOAD_ENTRY(tma_load_2d, 2, false)
LOAD_ENTRY(tma_load_3d, 3, false)
LOAD_ENTRY(tma_load_4d, 4, false)
LOAD_ENTRY(tma_load_5d, 5, false)
LOAD_ENTRY(tma_load_im2col_3d, 3, true)
LOAD_ENTRY(tma_load_im2col_4d, 4, true)
LOAD_ENTRY(tma_load_im2col_5d, 5, true)

// Stores and reductions: the region is filled from `src` (src_bytes bytes) with ordinary stores,
// fenced for the async proxy, and thread 0 stores (or add-reduces) each tile from its offset into
// the tensor (the map's buffer, which is the output), then waits for the bulk group.
template <int R, bool REDUCE>
__device__ __forceinline__ void store_body(const CUtensorMap *m, const unsigned char *src, unsigned src_bytes,
                                           int ntiles, const int (*T)[8]) {
    if (threadIdx.x == 0) prefetch_map(m);
    for (unsigned i = threadIdx.x * 4; i < src_bytes; i += blockDim.x * 4)
        *(unsigned *)(smem + i) = *(const unsigned *)(src + i);
    fence_proxy_async();
    __syncthreads();
    if (threadIdx.x == 0) {
#pragma unroll
        for (int i = 0; i < 4; i++)
            if (i < ntiles) {
                if constexpr (REDUCE) tma_reduce_add<R>(m, T[i], saddr(smem + T[i][5]));
                else tma_store<R>(m, T[i], saddr(smem + T[i][5]));
            }
        asm volatile("cp.async.bulk.commit_group;" ::: "memory");
        asm volatile("cp.async.bulk.wait_group 0;" ::: "memory");
    }
    __syncthreads();
}

#define STORE_ENTRY(NAME, R, REDUCE)                                                                       \
    extern "C" __global__ void NAME(const __grid_constant__ CUtensorMap tmap, const unsigned char *src,     \
                                    unsigned src_bytes, int ntiles, TILES) {                                \
        TILE_ARRAY;                                                                                         \
        store_body<R, REDUCE>(&tmap, src, src_bytes, ntiles, T);                                             \
    }
STORE_ENTRY(tma_store_1d, 1, false)
STORE_ENTRY(tma_store_2d, 2, false)
STORE_ENTRY(tma_store_3d, 3, false)
STORE_ENTRY(tma_reduce_add_2d, 2, true)
STORE_ENTRY(tma_reduce_add_3d, 3, true)

// Non-tensor bulk copies. ops: four (src_off, smem_off, size, dst_off) quadruples. Each op copies
// size bytes global src+src_off -> shared smem+smem_off (mbarrier complete_tx), the region is
// dumped to `out`, then each op copies shared smem+smem_off -> global dst+dst_off (bulk group,
// waited with wait_group.read).
#define OP(n) int n##src, int n##smo, int n##sz, int n##dst
extern "C" __global__ void bulk_copy(const unsigned char *src, unsigned char *dst, unsigned char *out, unsigned *status,
                                     int nops, unsigned dump_bytes, OP(a), OP(b), OP(c), OP(d)) {
    const int O[4][4] = {{asrc, asmo, asz, adst}, {bsrc, bsmo, bsz, bdst}, {csrc, csmo, csz, cdst}, {dsrc, dsmo, dsz, ddst}};
    if (threadIdx.x == 0) mbar_init(1);
    fill_sentinel(dump_bytes);
    fence_proxy_async();
    __syncthreads();
    if (threadIdx.x == 0) {
        unsigned tx = 0;
#pragma unroll
        for (int i = 0; i < 4; i++) if (i < nops) tx += O[i][2];
        mbar_expect_tx(tx);
#pragma unroll
        for (int i = 0; i < 4; i++)
            if (i < nops)
                asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];"
                             ::"r"(saddr(smem + O[i][1])), "l"(src + O[i][0]), "r"(O[i][2]), "r"(saddr(&mbar)) : "memory");
    }
    unsigned st = mbar_wait0();
    if (threadIdx.x == 0) status[blockIdx.x] = st;
    __syncthreads();
    dump(out, dump_bytes);
    if (threadIdx.x == 0) {
#pragma unroll
        for (int i = 0; i < 4; i++)
            if (i < nops)
                asm volatile("cp.async.bulk.global.shared::cta.bulk_group [%0], [%1], %2;"
                             ::"l"(dst + O[i][3]), "r"(saddr(smem + O[i][1])), "r"(O[i][2]) : "memory");
        asm volatile("cp.async.bulk.commit_group;" ::: "memory");
        asm volatile("cp.async.bulk.wait_group.read 0;" ::: "memory");
    }
}

// Multicast within a cluster (launched with the spec's "cluster"): CTA rank r of the cluster
// issues tile r (r < ntiles) with .multicast::cluster to every CTA of the cluster (mask all ones);
// every CTA expects tx_bytes (all tiles) on its own mbarrier and dumps its own region to
// out + blockIdx.x * dump_bytes.
extern "C" __global__ void tma_load_multicast_2d(const __grid_constant__ CUtensorMap tmap, unsigned char *out,
                                                 unsigned *status, int ntiles, unsigned tx_bytes, unsigned dump_bytes,
                                                 TILES) {
    TILE_ARRAY;
    unsigned rank, nctas;
    asm volatile("mov.u32 %0, %%cluster_ctarank;" : "=r"(rank));
    asm volatile("mov.u32 %0, %%cluster_nctarank;" : "=r"(nctas));
    if (threadIdx.x == 0) {
        mbar_init(1);
        asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
    }
    fill_sentinel(dump_bytes);
    fence_proxy_async();
    asm volatile("barrier.cluster.arrive.release.aligned;\n\tbarrier.cluster.wait.acquire.aligned;" ::: "memory");
    if (threadIdx.x == 0) {
        mbar_expect_tx(tx_bytes);
        unsigned short mask = (unsigned short)((1u << nctas) - 1);
#pragma unroll
        for (int i = 0; i < 4; i++)
            if (i < ntiles && (unsigned)i == rank)
                asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes.multicast::cluster [%0], [%1, {%2, %3}], [%4], %5;"
                             ::"r"(saddr(smem + T[i][5])), "l"((uint64_t)&tmap), "r"(T[i][0]), "r"(T[i][1]),
                               "r"(saddr(&mbar)), "h"(mask) : "memory");
    }
    unsigned st = mbar_wait0();
    if (threadIdx.x == 0) status[blockIdx.x] = st;
    __syncthreads();
    dump(out, dump_bytes);
    asm volatile("barrier.cluster.arrive.release.aligned;\n\tbarrier.cluster.wait.acquire.aligned;" ::: "memory");
}
