// Theme: the thread-block-cluster special registers and elect.sync (sm_90a).
//
// Exercises: %cluster_ctaid.{x,y,z}, %cluster_nctaid.{x,y,z}, %cluster_ctarank,
// %cluster_nctarank, %clusterid.{x,y,z}, %nclusterid.{x,y,z}, %is_explicit_cluster (a
// predicate), read by inline PTX, beside %ctaid / %nctaid; the same quantities through
// cooperative_groups (cluster.block_rank(), num_blocks(), block_index(), dim_blocks(),
// this_grid().cluster_index() / dim_clusters()); and elect.sync over a full warp and over a
// partial mask (lanes >= 5, inside a branch).
//
// Computes: every thread writes SLOT (32) u32 words at out[gtid * SLOT], gtid = the linear
// global thread index (CTA x fastest, then y, z; thread index likewise within the CTA):
//    0- 2 %ctaid.xyz            3- 5 %nctaid.xyz
//    6- 8 %cluster_ctaid.xyz    9-11 %cluster_nctaid.xyz
//   12    %cluster_ctarank     13    %cluster_nctarank
//   14-16 %clusterid.xyz       17-19 %nclusterid.xyz
//   20    %is_explicit_cluster (1/0)
//   21    cg block_rank()      22    cg num_blocks()
//   23-25 cg block_index()     26-28 cg dim_blocks()
//   29    elect.sync 0xffffffff: elected lane | (this thread elected) << 8
//   30    lanes >= 5 only: elect.sync 0xffffffe0: elected lane | (elected) << 8; else 0xdead
//   31    cg this_grid().cluster_rank() (linear cluster index in the grid)
// The cluster shape comes from __cluster_dims__ (.reqnctapercluster), so a plain launch works;
// cl_specials_none has no cluster attribute: a launch of implicit 1x1x1 clusters.
//
// Written for the ptx project's kernel cases (tools/generators/cluster-cases/cluster_specs.py).
#include <cooperative_groups.h>
#include "cluster_ptx.h"

namespace cg = cooperative_groups;

#define SLOT 32

__device__ __forceinline__ void specials_body(unsigned* out) {
  unsigned tid = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  unsigned nthr = blockDim.x * blockDim.y * blockDim.z;
  unsigned cta = blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);
  unsigned* o = out + (size_t)(cta * nthr + tid) * SLOT;
  o[0] = sr_ctaid_x();
  o[1] = sr_ctaid_y();
  o[2] = sr_ctaid_z();
  o[3] = sr_nctaid_x();
  o[4] = sr_nctaid_y();
  o[5] = sr_nctaid_z();
  o[6] = sr_cluster_ctaid_x();
  o[7] = sr_cluster_ctaid_y();
  o[8] = sr_cluster_ctaid_z();
  o[9] = sr_cluster_nctaid_x();
  o[10] = sr_cluster_nctaid_y();
  o[11] = sr_cluster_nctaid_z();
  o[12] = sr_cluster_ctarank();
  o[13] = sr_cluster_nctarank();
  o[14] = sr_clusterid_x();
  o[15] = sr_clusterid_y();
  o[16] = sr_clusterid_z();
  o[17] = sr_nclusterid_x();
  o[18] = sr_nclusterid_y();
  o[19] = sr_nclusterid_z();
  o[20] = sr_is_explicit_cluster();
  cg::cluster_group cl = cg::this_cluster();
  o[21] = cl.block_rank();
  o[22] = cl.num_blocks();
  dim3 bi = cl.block_index();
  o[23] = bi.x;
  o[24] = bi.y;
  o[25] = bi.z;
  dim3 db = cl.dim_blocks();
  o[26] = db.x;
  o[27] = db.y;
  o[28] = db.z;
  unsigned leader;
  unsigned lane = elect_sync(0xffffffffu, &leader);
  o[29] = lane | (leader << 8);
  unsigned lane_id = tid & 31;
  if (lane_id >= 5) {
    unsigned lane2 = elect_sync(0xffffffe0u, &leader);
    o[30] = lane2 | (leader << 8);
  } else {
    o[30] = 0xdead;
  }
  o[31] = (unsigned)cg::this_grid().cluster_rank();
}

#define SPECIALS_KERNEL(name, X, Y, Z) \
  extern "C" __global__ void __cluster_dims__(X, Y, Z) name(unsigned* out) { specials_body(out); }

SPECIALS_KERNEL(cl_specials_2x1x1, 2, 1, 1)
SPECIALS_KERNEL(cl_specials_4x1x1, 4, 1, 1)
SPECIALS_KERNEL(cl_specials_2x2x1, 2, 2, 1)
SPECIALS_KERNEL(cl_specials_1x1x2, 1, 1, 2)
SPECIALS_KERNEL(cl_specials_2x2x2, 2, 2, 2)

// No cluster attribute: %is_explicit_cluster = 0, clusters of one CTA.
extern "C" __global__ void cl_specials_none(unsigned* out) { specials_body(out); }
