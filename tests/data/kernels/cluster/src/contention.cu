// Theme: every thread of a cluster updating counters in one CTA's shared memory at once, with
// the raw remote reduction / atomic forms (sm_90a).
//
// Exercises: mapa.shared::cluster.u32, red.shared::cluster.{add.u32, xor.b32, max.u32, min.u32,
// add.u64}, atom.shared::cluster.add.u32 (tickets), atom.shared::cluster.cas.b32 loops (an
// add and a max done by compare-and-swap), ld.shared::cluster.u32 (the CAS loops' first guess),
// a generic atomicAdd through cg cluster.map_shared_rank(), cluster.sync().
//
// Computes: the CTA of rank `target` holds c[0..8) (c[3] starts at 0xffffffff, the rest at 0)
// and c64 (0). Every thread of the cluster (x = in[gid], gid = global index, 1D grid) does:
// red add x -> c[0], red xor x -> c[1], red max x -> c[2], red min x -> c[3];
// ticket = atom add 1 -> c[4], then seen[cluster * cluster_threads + ticket] += 1 (global atomic;
// every ticket is taken once); CAS-loop add x -> c[5]; CAS-loop max(x ^ 0x5a5a) -> c[6];
// generic atomicAdd (x & 0xff) -> c[7]; red add.u64 ((u64)x << 20) -> c64. After cluster.sync()
// the target's threads write out[cluster * 10 + j] = c[j] (j < 8), out[cluster * 10 + 8 / 9] =
// c64 low / high. cluster = %clusterid.x. Every result is independent of the order.
//
// Written for the ptx project's kernel cases (tools/generators/cluster-cases/cluster_specs.py).
#include <cooperative_groups.h>
#include "cluster_ptx.h"

namespace cg = cooperative_groups;

__device__ __forceinline__ void contend_body(const unsigned* in, unsigned target, unsigned* out,
                                             unsigned* seen) {
  __shared__ unsigned c[8];
  __shared__ __align__(8) unsigned long long c64;
  cg::cluster_group cl = cg::this_cluster();
  unsigned q = sr_cluster_ctarank(), n = sr_cluster_nctarank();
  unsigned t = threadIdx.x;
  if (t < 8) c[t] = t == 3 ? 0xffffffffu : 0u;
  if (t == 8) c64 = 0;
  cl.sync();

  unsigned gid = blockIdx.x * blockDim.x + t;
  unsigned cluster = sr_clusterid_x();
  unsigned cluster_threads = n * blockDim.x;
  unsigned x = in[gid];
  unsigned base = mapa_u32(smem_addr(c), target);
  asm volatile("red.shared::cluster.add.u32 [%0], %1;" ::"r"(base), "r"(x) : "memory");
  asm volatile("red.shared::cluster.xor.b32 [%0], %1;" ::"r"(base + 4), "r"(x) : "memory");
  asm volatile("red.shared::cluster.max.u32 [%0], %1;" ::"r"(base + 8), "r"(x) : "memory");
  asm volatile("red.shared::cluster.min.u32 [%0], %1;" ::"r"(base + 12), "r"(x) : "memory");
  unsigned ticket = atom_cluster_add_u32(base + 16, 1);
  atomicAdd(&seen[cluster * cluster_threads + ticket], 1u);
  unsigned old = ld_cluster_u32(base + 20);
  for (;;) {
    unsigned prev = atom_cluster_cas_b32(base + 20, old, old + x);
    if (prev == old) break;
    old = prev;
  }
  unsigned y = x ^ 0x5a5au;
  old = ld_cluster_u32(base + 24);
  while (old < y) {
    unsigned prev = atom_cluster_cas_b32(base + 24, old, y);
    if (prev == old) break;
    old = prev;
  }
  atomicAdd(cl.map_shared_rank(c, target) + 7, x & 0xffu);
  unsigned long long x64 = (unsigned long long)x << 20;
  asm volatile("red.shared::cluster.add.u64 [%0], %1;" ::"r"(mapa_u32(smem_addr(&c64), target)), "l"(x64)
               : "memory");
  cl.sync();

  if (q == target) {
    if (t < 8) out[cluster * 10 + t] = c[t];
    if (t == 8) {
      out[cluster * 10 + 8] = (unsigned)c64;
      out[cluster * 10 + 9] = (unsigned)(c64 >> 32);
    }
  }
}

extern "C" __global__ void __cluster_dims__(4, 1, 1)
    cl_contend_4(const unsigned* in, unsigned target, unsigned* out, unsigned* seen) {
  contend_body(in, target, out, seen);
}
extern "C" __global__ void __cluster_dims__(8, 1, 1)
    cl_contend_8(const unsigned* in, unsigned target, unsigned* out, unsigned* seen) {
  contend_body(in, target, out, seen);
}
