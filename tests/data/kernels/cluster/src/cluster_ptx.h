// Inline-PTX helpers shared by the thread-block-cluster kernel cases
// (tools/generators/cluster-cases/cluster_specs.py): the raw sm_90 cluster instructions and special
// registers, one small function each, so that every module spells them out as written here.
//
// Written for the ptx project's kernel cases.
#pragma once

// ---------------------------------------------------------------- special registers
#define CLUSTER_SREG(fn, reg)                                   \
  __device__ __forceinline__ unsigned fn() {                    \
    unsigned v;                                                 \
    asm volatile("mov.u32 %0, %%" reg ";" : "=r"(v));           \
    return v;                                                   \
  }
CLUSTER_SREG(sr_ctaid_x, "ctaid.x")
CLUSTER_SREG(sr_ctaid_y, "ctaid.y")
CLUSTER_SREG(sr_ctaid_z, "ctaid.z")
CLUSTER_SREG(sr_nctaid_x, "nctaid.x")
CLUSTER_SREG(sr_nctaid_y, "nctaid.y")
CLUSTER_SREG(sr_nctaid_z, "nctaid.z")
CLUSTER_SREG(sr_cluster_ctaid_x, "cluster_ctaid.x")
CLUSTER_SREG(sr_cluster_ctaid_y, "cluster_ctaid.y")
CLUSTER_SREG(sr_cluster_ctaid_z, "cluster_ctaid.z")
CLUSTER_SREG(sr_cluster_nctaid_x, "cluster_nctaid.x")
CLUSTER_SREG(sr_cluster_nctaid_y, "cluster_nctaid.y")
CLUSTER_SREG(sr_cluster_nctaid_z, "cluster_nctaid.z")
CLUSTER_SREG(sr_cluster_ctarank, "cluster_ctarank")
CLUSTER_SREG(sr_cluster_nctarank, "cluster_nctarank")
CLUSTER_SREG(sr_clusterid_x, "clusterid.x")
CLUSTER_SREG(sr_clusterid_y, "clusterid.y")
CLUSTER_SREG(sr_clusterid_z, "clusterid.z")
CLUSTER_SREG(sr_nclusterid_x, "nclusterid.x")
CLUSTER_SREG(sr_nclusterid_y, "nclusterid.y")
CLUSTER_SREG(sr_nclusterid_z, "nclusterid.z")

// %is_explicit_cluster is a predicate register.
__device__ __forceinline__ unsigned sr_is_explicit_cluster() {
  unsigned v;
  asm volatile("{\n\t.reg .pred p;\n\tmov.pred p, %%is_explicit_cluster;\n\tselp.u32 %0, 1, 0, p;\n\t}"
               : "=r"(v));
  return v;
}

// elect.sync: returns the elected lane; *is_leader is 1 in the elected thread only.
__device__ __forceinline__ unsigned elect_sync(unsigned mask, unsigned* is_leader) {
  unsigned lane, pred;
  asm volatile("{\n\t.reg .pred p;\n\telect.sync %0|p, %2;\n\tselp.u32 %1, 1, 0, p;\n\t}"
               : "=r"(lane), "=r"(pred)
               : "r"(mask));
  *is_leader = pred;
  return lane;
}

// ---------------------------------------------------------------- addresses
// The 32-bit shared::cta address of a generic pointer to this CTA's shared memory.
__device__ __forceinline__ unsigned smem_addr(const void* p) {
  return (unsigned)__cvta_generic_to_shared(p);
}
// mapa.shared::cluster.u32: the shared::cluster address of the same variable in CTA `rank`.
__device__ __forceinline__ unsigned mapa_u32(unsigned addr, unsigned rank) {
  unsigned d;
  asm volatile("mapa.shared::cluster.u32 %0, %1, %2;" : "=r"(d) : "r"(addr), "r"(rank));
  return d;
}
// mapa.u64 (generic): the generic address of the same variable in CTA `rank`.
__device__ __forceinline__ unsigned long long mapa_generic(unsigned long long p, unsigned rank) {
  unsigned long long d;
  asm volatile("mapa.u64 %0, %1, %2;" : "=l"(d) : "l"(p), "r"(rank));
  return d;
}
__device__ __forceinline__ unsigned getctarank_u32(unsigned addr) {
  unsigned d;
  asm volatile("getctarank.shared::cluster.u32 %0, %1;" : "=r"(d) : "r"(addr));
  return d;
}
__device__ __forceinline__ unsigned getctarank_generic(unsigned long long p) {
  unsigned d;
  asm volatile("getctarank.u64 %0, %1;" : "=r"(d) : "l"(p));
  return d;
}

// ---------------------------------------------------------------- distributed shared memory
__device__ __forceinline__ unsigned ld_cluster_u32(unsigned addr) {
  unsigned v;
  asm volatile("ld.shared::cluster.u32 %0, [%1];" : "=r"(v) : "r"(addr) : "memory");
  return v;
}
__device__ __forceinline__ void st_cluster_u32(unsigned addr, unsigned v) {
  asm volatile("st.shared::cluster.u32 [%0], %1;" ::"r"(addr), "r"(v) : "memory");
}
__device__ __forceinline__ unsigned atom_cluster_add_u32(unsigned addr, unsigned v) {
  unsigned old;
  asm volatile("atom.shared::cluster.add.u32 %0, [%1], %2;" : "=r"(old) : "r"(addr), "r"(v) : "memory");
  return old;
}
__device__ __forceinline__ unsigned atom_cluster_cas_b32(unsigned addr, unsigned cmp, unsigned v) {
  unsigned old;
  asm volatile("atom.shared::cluster.cas.b32 %0, [%1], %2, %3;"
               : "=r"(old)
               : "r"(addr), "r"(cmp), "r"(v)
               : "memory");
  return old;
}

// ---------------------------------------------------------------- cluster barrier and fence
__device__ __forceinline__ void cluster_arrive() { asm volatile("barrier.cluster.arrive;" ::: "memory"); }
__device__ __forceinline__ void cluster_wait() { asm volatile("barrier.cluster.wait;" ::: "memory"); }
__device__ __forceinline__ void cluster_arrive_aligned() {
  asm volatile("barrier.cluster.arrive.aligned;" ::: "memory");
}
__device__ __forceinline__ void cluster_wait_aligned() {
  asm volatile("barrier.cluster.wait.aligned;" ::: "memory");
}
__device__ __forceinline__ void cluster_arrive_relaxed() {
  asm volatile("barrier.cluster.arrive.relaxed;" ::: "memory");
}
__device__ __forceinline__ void fence_acq_rel_cluster() { asm volatile("fence.acq_rel.cluster;" ::: "memory"); }
