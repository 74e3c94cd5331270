// Theme: a remote mbarrier: the CTAs of a cluster store into rank 0's shared memory and arrive
// on rank 0's mbarrier; rank 0 waits on the barrier's phase parity and reads the data (sm_90a).
//
// Exercises: mbarrier.init.shared::cta.b64, fence.mbarrier_init.release.cluster,
// mapa.shared::cluster.u32 (of the data and of the barrier), st.shared::cluster.u32,
// mbarrier.arrive.release.cluster.shared::cluster.b64 _, [remote barrier] (from other CTAs),
// mbarrier.try_wait.parity.acquire.cluster.shared::cta.b64 (rank 0, polling), two phases of
// one barrier (parity 0 then 1), cg cluster.sync() (barrier.cluster.arrive + wait).
//
// Computes: n CTAs a cluster of nt threads each (blockDim.x = nt <= 64, n <= 8); rank 0 thread 0
// initialises bar with count (n - 1) * nt, then cluster.sync(). For phase p in {0, 1}: thread t
// of rank q >= 1 stores val = in[(cluster * n + q) * nt + t] * (p + 1) + 0x1000 * p + q into
// rank 0's data[p][(q - 1) * nt + t] (st.shared::cluster) and then arrives (release, cluster
// scope) on rank 0's bar; rank 0's threads poll try_wait.parity(p) until phase p completes and
// copy data[p][0 .. (n-1)*nt) to out[(cluster * 2 + p) * (n - 1) * nt + i]. Between the phases
// every CTA passes a cluster.sync() (rank 0 only after phase 0 completed), so no phase-1 arrival
// can count towards phase 0; a last cluster.sync() before exit. cluster = %clusterid.x.
//
// Written for the ptx project's kernel cases (tools/generators/cluster-cases/cluster_specs.py).
#include <cooperative_groups.h>
#include "cluster_ptx.h"

namespace cg = cooperative_groups;

__device__ __forceinline__ void mbar_init(unsigned bar, unsigned count) {
  asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" ::"r"(bar), "r"(count) : "memory");
  asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
}
__device__ __forceinline__ void mbar_arrive_remote(unsigned remote_bar) {
  asm volatile("mbarrier.arrive.release.cluster.shared::cluster.b64 _, [%0];" ::"r"(remote_bar) : "memory");
}
__device__ __forceinline__ unsigned mbar_try_wait_parity(unsigned bar, unsigned parity) {
  unsigned done;
  asm volatile(
      "{\n\t.reg .pred p;\n\tmbarrier.try_wait.parity.acquire.cluster.shared::cta.b64 p, [%1], %2;\n\t"
      "selp.u32 %0, 1, 0, p;\n\t}"
      : "=r"(done)
      : "r"(bar), "r"(parity)
      : "memory");
  return done;
}

__device__ __forceinline__ void mbar_body(const unsigned* in, unsigned* out) {
  __shared__ __align__(8) unsigned long long bar;
  __shared__ unsigned data[2][7 * 64];
  cg::cluster_group cl = cg::this_cluster();
  unsigned q = sr_cluster_ctarank(), n = sr_cluster_nctarank();
  unsigned t = threadIdx.x, nt = blockDim.x;
  unsigned cluster = sr_clusterid_x();
  unsigned bar_addr = smem_addr(&bar);
  if (q == 0 && t == 0) mbar_init(bar_addr, (n - 1) * nt);
  cl.sync();
  unsigned total = (n - 1) * nt;
  for (unsigned p = 0; p < 2; p++) {
    if (q != 0) {
      unsigned val = in[(cluster * n + q) * nt + t] * (p + 1) + 0x1000u * p + q;
      st_cluster_u32(mapa_u32(smem_addr(&data[p][(q - 1) * nt + t]), 0), val);
      mbar_arrive_remote(mapa_u32(bar_addr, 0));
    } else {
      while (!mbar_try_wait_parity(bar_addr, p)) {
      }
      for (unsigned i = t; i < total; i += nt) out[(cluster * 2 + p) * total + i] = data[p][i];
    }
    cl.sync();
  }
}

extern "C" __global__ void __cluster_dims__(2, 1, 1) cl_mbar_2(const unsigned* in, unsigned* out) {
  mbar_body(in, out);
}
extern "C" __global__ void __cluster_dims__(4, 1, 1) cl_mbar_4(const unsigned* in, unsigned* out) {
  mbar_body(in, out);
}
