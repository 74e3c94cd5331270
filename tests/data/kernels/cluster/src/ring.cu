// Theme: a ring exchange between the CTAs of a cluster through distributed shared memory, with
// the raw cluster barrier forms (sm_90a).
//
// Exercises: mapa.shared::cluster.u32, st.shared::cluster.u32 (push to the right neighbour),
// ld.shared::cluster.u32 (pull from the left neighbour), barrier.cluster.arrive /
// barrier.cluster.wait (default release/acquire), barrier.cluster.arrive.aligned /
// barrier.cluster.wait.aligned, fence.acq_rel.cluster + barrier.cluster.arrive.relaxed, the
// special registers %cluster_ctarank / %cluster_nctarank, and cg cluster.sync().
//
// Computes: thread t of the CTA of rank q (n CTAs a cluster, right = (q+1)%n, left = (q+n-1)%n),
// gid = its global index (1D grid), starts with v = in[gid]; a first cluster.sync() makes sure
// every CTA of the cluster has started before any pushes into it. Round k (k < rounds): st v into the
// right neighbour's buf[k & 1][t]; the barrier of form k % 3 (0: plain arrive/wait,
// 1: .aligned, 2: fence.acq_rel.cluster, arrive.relaxed, wait); r = own buf[k & 1][t] (what the
// left neighbour pushed); trace[k * nthreads + gid] = r; v = v * 3 + r + 7 * q + k (u32).
// Then fin[t] = v, cluster.sync(), w = ld.shared::cluster of the left neighbour's fin[t],
// out[2 * gid] = v, out[2 * gid + 1] = w, and a last cluster.sync() before exit.
// Double buffering makes it race-free: a push into buf[k & 1] of round k can only follow the
// neighbour's read of that buffer in round k - 2 (it passed round k - 1's barrier after it).
//
// Written for the ptx project's kernel cases (tools/generators/cluster-cases/cluster_specs.py).
#include <cooperative_groups.h>
#include "cluster_ptx.h"

namespace cg = cooperative_groups;

__device__ __forceinline__ void ring_body(const unsigned* in, unsigned* out, unsigned* trace,
                                          int rounds) {
  __shared__ unsigned buf[2][256];
  __shared__ unsigned fin[256];
  unsigned q = sr_cluster_ctarank(), n = sr_cluster_nctarank();
  unsigned right = (q + 1) % n, left = (q + n - 1) % n;
  unsigned t = threadIdx.x;
  unsigned gid = blockIdx.x * blockDim.x + t;
  unsigned nthreads = gridDim.x * blockDim.x;
  unsigned v = in[gid];
  unsigned remote0 = mapa_u32(smem_addr(&buf[0][t]), right);
  unsigned remote1 = mapa_u32(smem_addr(&buf[1][t]), right);
  cg::cluster_group cl = cg::this_cluster();
  cl.sync();  // every CTA of the cluster has started before its shared memory is written
#pragma unroll 1
  for (int k = 0; k < rounds; k++) {
    st_cluster_u32((k & 1) ? remote1 : remote0, v);
    switch (k % 3) {
      case 0:
        cluster_arrive();
        cluster_wait();
        break;
      case 1:
        cluster_arrive_aligned();
        cluster_wait_aligned();
        break;
      default:
        fence_acq_rel_cluster();
        cluster_arrive_relaxed();
        cluster_wait();
        break;
    }
    unsigned r = ((volatile unsigned*)buf[k & 1])[t];
    trace[(size_t)k * nthreads + gid] = r;
    v = v * 3u + r + 7u * q + (unsigned)k;
  }
  fin[t] = v;
  cl.sync();
  unsigned w = ld_cluster_u32(mapa_u32(smem_addr(&fin[t]), left));
  out[2 * gid] = v;
  out[2 * gid + 1] = w;
  cl.sync();
}

extern "C" __global__ void __cluster_dims__(4, 1, 1)
    cl_ring_4(const unsigned* in, unsigned* out, unsigned* trace, int rounds) {
  ring_body(in, out, trace, rounds);
}
extern "C" __global__ void __cluster_dims__(8, 1, 1)
    cl_ring_8(const unsigned* in, unsigned* out, unsigned* trace, int rounds) {
  ring_body(in, out, trace, rounds);
}
