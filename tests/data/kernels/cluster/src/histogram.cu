// Theme: a distributed histogram in cluster shared memory (the CUDA programming guide's pattern),
// through cooperative_groups only (sm_90a).
//
// Exercises: cg::this_cluster(), cluster.block_rank(), num_blocks(), cluster.sync()
// (barrier.cluster.arrive + wait), cluster.map_shared_rank() (generic mapa.u64) and integer
// atomicAdd through the mapped generic pointer onto another CTA's shared memory, %clusterid and
// %nclusterid (the cluster's linear index).
//
// Computes: NBINS = 256 bins split over the cluster's CTAs: CTA of rank q holds bins
// [q * per, (q + 1) * per), per = 256 / cluster size. Every CTA zeroes its bins, cluster.sync(),
// then counts its slice in[cta * n_per_cta .. +n_per_cta) (cta = linear CTA index, x fastest),
// bin = value & 255, with atomicAdd(map_shared_rank(bins, bin / per) + bin % per, 1);
// cluster.sync(); each CTA writes its bins to cluster_bins[cluster * 256 + q * per + j]
// (cluster = linear cluster index) and adds them into global_bins[q * per + j] (integer
// atomics: the whole grid's histogram). All results are order-free.
//
// Written for the ptx project's kernel cases (tools/generators/cluster-cases/cluster_specs.py).
#include <cooperative_groups.h>
#include "cluster_ptx.h"

namespace cg = cooperative_groups;

#define NBINS 256

__device__ __forceinline__ void hist_body(const int* in, int n_per_cta, unsigned* cluster_bins,
                                          unsigned* global_bins) {
  __shared__ unsigned bins[NBINS];
  cg::cluster_group cl = cg::this_cluster();
  unsigned rank = cl.block_rank();
  unsigned per = NBINS / cl.num_blocks();
  for (unsigned i = threadIdx.x; i < per; i += blockDim.x) bins[i] = 0;
  cl.sync();

  unsigned cta = blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);
  const int* slice = in + (size_t)cta * n_per_cta;
  for (int i = threadIdx.x; i < n_per_cta; i += blockDim.x) {
    unsigned bin = (unsigned)slice[i] & (NBINS - 1);
    unsigned* dst = cl.map_shared_rank(bins, bin / per);
    atomicAdd(dst + bin % per, 1u);
  }
  cl.sync();

  unsigned cluster = sr_clusterid_x() +
                     sr_nclusterid_x() * (sr_clusterid_y() + sr_nclusterid_y() * sr_clusterid_z());
  for (unsigned i = threadIdx.x; i < per; i += blockDim.x) {
    unsigned c = bins[i];
    cluster_bins[cluster * NBINS + rank * per + i] = c;
    atomicAdd(&global_bins[rank * per + i], c);
  }
}

extern "C" __global__ void __cluster_dims__(4, 1, 1)
    cl_hist_4x1x1(const int* in, int n_per_cta, unsigned* cluster_bins, unsigned* global_bins) {
  hist_body(in, n_per_cta, cluster_bins, global_bins);
}
extern "C" __global__ void __cluster_dims__(2, 2, 1)
    cl_hist_2x2x1(const int* in, int n_per_cta, unsigned* cluster_bins, unsigned* global_bins) {
  hist_body(in, n_per_cta, cluster_bins, global_bins);
}
