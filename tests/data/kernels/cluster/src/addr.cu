// Theme: distributed-shared-memory addresses, raw (sm_90a): what mapa and getctarank give on
// the hardware, in the 32-bit shared::cluster window and in the generic window, for a static
// and a dynamic shared array, and what isspacep / cvta say of the mapped addresses.
//
// Exercises: mapa.shared::cluster.u32, mapa.u64 (generic), getctarank.shared::cluster.u32,
// getctarank.u64 (generic), ld.shared::cluster.u32, a generic ld through a mapa.u64 address,
// cooperative_groups cluster.map_shared_rank() / query_shared_rank(), isspacep.shared::cluster,
// isspacep.shared::cta, cvta.shared::cluster.u64, cvta.to.shared::cluster.u64, cluster.sync().
//
// Computes: each CTA fills s_a[i] = 0x100000 * cta + 0x1000 * rank + i and
// dyn[i] = 0x80000000 + 0x100000 * cta + 0x1000 * rank + i, cluster.sync(); then thread t
// (32 threads a CTA) takes target rank r = t % nrank and element e = t / nrank and writes
// SLOT (24) u32 words at out[(cta * 32 + t) * SLOT] (cta = linear CTA index, x fastest,
// the same in the fills):
//    0  a  = shared::cta address of s_a[e] (cvta.to.shared)
//    1  m  = mapa.shared::cluster.u32 a, r
//    2  getctarank.shared::cluster.u32 m        3  getctarank.shared::cluster.u32 a
//    4-5 g = generic &s_a[e] (lo, hi), less the generic address of cluster address 0
//    6-7 gm = mapa.u64 g, r (lo, hi), less the same
//    8  getctarank.u64 gm                        9  getctarank.u64 g
//   10  ld.shared::cluster.u32 [m]              11  generic ld [gm]
//   12-13 cg map_shared_rank(&s_a[e], r) (lo, hi, relative) 14  cg query_shared_rank(that pointer)
//   15  md = mapa.shared::cluster.u32 (shared address of dyn[e]), r
//   16  ld.shared::cluster.u32 [md]
//   17  isspacep.shared::cluster gm   18  isspacep.shared::cta gm   19  isspacep.shared::cta g
//   20-21 cvta.shared::cluster.u64 of (u64)m (lo, hi, relative)
//   22  low word of cvta.to.shared::cluster.u64 of gm
//   23  %cluster_ctarank
// Words 0-9, 12-13, 15 and 20-22 are raw addresses: the H100's layout of the windows.
// A final cluster.sync() keeps every CTA's shared memory alive until all remote loads are done.
//
// Written for the ptx project's kernel cases (tools/generators/cluster-cases/cluster_specs.py).
#include <cooperative_groups.h>
#include "cluster_ptx.h"

namespace cg = cooperative_groups;

#define SLOT 24

__device__ __forceinline__ unsigned isspacep_cluster(unsigned long long p) {
  unsigned v;
  asm volatile("{\n\t.reg .pred q;\n\tisspacep.shared::cluster q, %1;\n\tselp.u32 %0, 1, 0, q;\n\t}"
               : "=r"(v)
               : "l"(p));
  return v;
}
__device__ __forceinline__ unsigned isspacep_cta(unsigned long long p) {
  unsigned v;
  asm volatile("{\n\t.reg .pred q;\n\tisspacep.shared::cta q, %1;\n\tselp.u32 %0, 1, 0, q;\n\t}"
               : "=r"(v)
               : "l"(p));
  return v;
}
__device__ __forceinline__ unsigned long long cvta_from_cluster(unsigned addr) {
  unsigned long long g;
  asm volatile("cvta.shared::cluster.u64 %0, %1;" : "=l"(g) : "l"((unsigned long long)addr));
  return g;
}
__device__ __forceinline__ unsigned long long cvta_to_cluster(unsigned long long g) {
  unsigned long long a;
  asm volatile("cvta.to.shared::cluster.u64 %0, %1;" : "=l"(a) : "l"(g));
  return a;
}

__device__ __forceinline__ void addr_body(unsigned* out) {
  __shared__ unsigned s_a[64];
  extern __shared__ unsigned dyn[];  // 32 words (shared_bytes = 128)
  cg::cluster_group cl = cg::this_cluster();
  unsigned rank = sr_cluster_ctarank();
  unsigned nrank = sr_cluster_nctarank();
  unsigned t = threadIdx.x;
  unsigned cta = blockIdx.x + gridDim.x * blockIdx.y;
  unsigned tag = 0x100000u * cta + 0x1000u * rank;
  for (unsigned i = t; i < 64; i += blockDim.x) s_a[i] = tag + i;
  dyn[t] = 0x80000000u + tag + t;
  cl.sync();

  unsigned r = t % nrank, e = t / nrank;
  unsigned* o = out + (size_t)(cta * blockDim.x + t) * SLOT;
  unsigned a = smem_addr(&s_a[e]);
  unsigned m = mapa_u32(a, r);
  o[0] = a;
  o[1] = m;
  o[2] = getctarank_u32(m);
  o[3] = getctarank_u32(a);
  unsigned long long g = (unsigned long long)&s_a[e];
  unsigned long long gm = mapa_generic(g, r);
  // Where the shared::cluster window starts among generic addresses varies by process, so
  // generic addresses are stored relative to it (the generic address of cluster address 0).
  unsigned long long base = cvta_from_cluster(0);
  o[4] = (unsigned)(g - base);
  o[5] = (unsigned)((g - base) >> 32);
  o[6] = (unsigned)(gm - base);
  o[7] = (unsigned)((gm - base) >> 32);
  o[8] = getctarank_generic(gm);
  o[9] = getctarank_generic(g);
  o[10] = ld_cluster_u32(m);
  o[11] = *(volatile unsigned*)gm;
  unsigned* cp = cl.map_shared_rank(&s_a[e], r);
  o[12] = (unsigned)((unsigned long long)cp - base);
  o[13] = (unsigned)(((unsigned long long)cp - base) >> 32);
  o[14] = cl.query_shared_rank(cp);
  unsigned md = mapa_u32(smem_addr(&dyn[e]), r);
  o[15] = md;
  o[16] = ld_cluster_u32(md);
  o[17] = isspacep_cluster(gm);
  o[18] = isspacep_cta(gm);
  o[19] = isspacep_cta(g);
  unsigned long long gc = cvta_from_cluster(m);
  o[20] = (unsigned)(gc - base);
  o[21] = (unsigned)((gc - base) >> 32);
  o[22] = (unsigned)cvta_to_cluster(gm);
  o[23] = rank;
  cl.sync();
}

extern "C" __global__ void __cluster_dims__(4, 1, 1) cl_addr_4x1x1(unsigned* out) { addr_body(out); }
extern "C" __global__ void __cluster_dims__(2, 2, 1) cl_addr_2x2x1(unsigned* out) { addr_body(out); }
