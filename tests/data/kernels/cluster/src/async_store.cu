// Theme: asynchronous remote stores and reductions into the next CTA of the cluster, completing
// on that CTA's mbarrier (sm_90a).
//
// Exercises: st.async.shared::cluster.mbarrier::complete_tx::bytes in the forms .u32, .b64,
// .v2.u32, .v4.u32, .v4.f32, .v2.f64 and .s32 without the state space (ptxas treats the address
// as shared::cluster), red.async.relaxed.cluster.shared::cluster.mbarrier::complete_tx::bytes
// with .add.u32, .min.s32, .max.u32, .inc.u32, .dec.u32, .and.b32, .or.b32, .xor.b32, .add.u64,
// .add.s64, mbarrier.init + mbarrier.arrive.expect_tx on the receiving CTA, try_wait.parity
// until the transactions complete, mapa.shared::cluster.u32 of the data and of the barrier.
//
// Computes: n CTAs a cluster of 64 threads; CTA of rank q sends to rank p = (q + 1) % n. Each CTA's
// thread 0 initialises its Box (counters: add 0, min 0x7fffffff, max 0, inc 0, dec 20, and
// ~0, or 0, xor 0, add64 0, adds64 0) and its barrier (count 1), arrives on it expecting 64 *
// BYTES bytes, then cluster.sync(). Thread t (x = in[gid], gid its global index) stores into
// rank p's Box: u32[t] = x, b64[t] = x * 0x100000001 + t, v2[t] = {x + 1, x ^ t},
// v4[t] = {x, x + q, x * 3, ~x}, f4[t] = {t, x & 0xffff, -t, 0.5} (floats), d2[t] = {x, -t}
// (doubles), s32[t] = -(int)x; and reduces into rank p's counters: add x, min (int)x, max x,
// inc with bound 50, dec with bound 1000, and (x | 0xf0f0f0f0), or (x & 0x0f0f0f0f) << (t & 3),
// xor x * t, add64 x * x, adds64 (long long)(int)x. Every CTA waits on its barrier's phase 0,
// then copies its Box word for word to out[cta * BOX_WORDS ...], and a last cluster.sync()
// precedes exit. Every result is independent of the order of the remote operations.
//
// Written for the ptx project's kernel cases (tools/generators/cluster-cases/cluster_specs.py).
#include <cooperative_groups.h>
#include "cluster_ptx.h"

namespace cg = cooperative_groups;

#define NT 64
// Bytes each thread sends: stores 4 + 8 + 8 + 16 + 16 + 16 + 4, reductions 8 * 4 + 2 * 8.
#define BYTES (72 + 48)

struct __align__(16) Box {
  unsigned u32[NT];
  unsigned long long b64[NT];
  unsigned v2[NT][2];
  unsigned v4[NT][4];
  float f4[NT][4];
  double d2[NT][2];
  int s32[NT];
  unsigned add, max, inc, dec, and_, or_, xor_;
  int min;
  unsigned long long add64;
  long long adds64;
};
#define BOX_WORDS (sizeof(Box) / 4)

#define RED32(OPTYPE, a, v, bar)                                                                  \
  asm volatile("red.async.relaxed.cluster.shared::cluster.mbarrier::complete_tx::bytes." OPTYPE \
               " [%0], %1, [%2];" ::"r"(a), "r"(v), "r"(bar)                                     \
               : "memory")
#define RED64(OPTYPE, a, v, bar)                                                                  \
  asm volatile("red.async.relaxed.cluster.shared::cluster.mbarrier::complete_tx::bytes." OPTYPE \
               " [%0], %1, [%2];" ::"r"(a), "l"(v), "r"(bar)                                     \
               : "memory")

__device__ __forceinline__ void async_body(const unsigned* in, unsigned* out) {
  __shared__ Box box;
  __shared__ __align__(8) unsigned long long bar;
  cg::cluster_group cl = cg::this_cluster();
  unsigned q = sr_cluster_ctarank(), n = sr_cluster_nctarank();
  unsigned p = (q + 1) % n;
  unsigned t = threadIdx.x;
  unsigned cta = blockIdx.x;
  unsigned gid = cta * NT + t;
  unsigned bar_addr = smem_addr(&bar);
  if (t == 0) {
    box.add = 0;
    box.min = 0x7fffffff;
    box.max = 0;
    box.inc = 0;
    box.dec = 20;
    box.and_ = ~0u;
    box.or_ = 0;
    box.xor_ = 0;
    box.add64 = 0;
    box.adds64 = 0;
    asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(bar_addr) : "memory");
    asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
    asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(bar_addr),
                 "r"(NT * BYTES)
                 : "memory");
  }
  cl.sync();

  unsigned x = in[gid];
  unsigned rbar = mapa_u32(bar_addr, p);
  unsigned a;
  a = mapa_u32(smem_addr(&box.u32[t]), p);
  asm volatile("st.async.shared::cluster.mbarrier::complete_tx::bytes.u32 [%0], %1, [%2];" ::"r"(a),
               "r"(x), "r"(rbar)
               : "memory");
  a = mapa_u32(smem_addr(&box.b64[t]), p);
  asm volatile("st.async.shared::cluster.mbarrier::complete_tx::bytes.b64 [%0], %1, [%2];" ::"r"(a),
               "l"(x * 0x100000001ull + t), "r"(rbar)
               : "memory");
  a = mapa_u32(smem_addr(&box.v2[t][0]), p);
  asm volatile(
      "st.async.shared::cluster.mbarrier::complete_tx::bytes.v2.u32 [%0], {%1, %2}, [%3];" ::"r"(a),
      "r"(x + 1), "r"(x ^ t), "r"(rbar)
      : "memory");
  a = mapa_u32(smem_addr(&box.v4[t][0]), p);
  asm volatile(
      "st.async.shared::cluster.mbarrier::complete_tx::bytes.v4.u32 [%0], {%1, %2, %3, %4}, [%5];" ::"r"(
          a),
      "r"(x), "r"(x + q), "r"(x * 3), "r"(~x), "r"(rbar)
      : "memory");
  a = mapa_u32(smem_addr(&box.f4[t][0]), p);
  asm volatile(
      "st.async.shared::cluster.mbarrier::complete_tx::bytes.v4.f32 [%0], {%1, %2, %3, %4}, [%5];" ::"r"(
          a),
      "f"((float)t), "f"((float)(x & 0xffff)), "f"(-(float)t), "f"(0.5f), "r"(rbar)
      : "memory");
  a = mapa_u32(smem_addr(&box.d2[t][0]), p);
  asm volatile(
      "st.async.shared::cluster.mbarrier::complete_tx::bytes.v2.f64 [%0], {%1, %2}, [%3];" ::"r"(a),
      "d"((double)x), "d"(-(double)t), "r"(rbar)
      : "memory");
  a = mapa_u32(smem_addr(&box.s32[t]), p);
  asm volatile("st.async.mbarrier::complete_tx::bytes.s32 [%0], %1, [%2];" ::"r"(a), "r"(-(int)x),
               "r"(rbar)
               : "memory");

  RED32("add.u32", mapa_u32(smem_addr(&box.add), p), x, rbar);
  RED32("min.s32", mapa_u32(smem_addr(&box.min), p), x, rbar);
  RED32("max.u32", mapa_u32(smem_addr(&box.max), p), x, rbar);
  RED32("inc.u32", mapa_u32(smem_addr(&box.inc), p), 50u, rbar);
  RED32("dec.u32", mapa_u32(smem_addr(&box.dec), p), 1000u, rbar);
  RED32("and.b32", mapa_u32(smem_addr(&box.and_), p), x | 0xf0f0f0f0u, rbar);
  RED32("or.b32", mapa_u32(smem_addr(&box.or_), p), (x & 0x0f0f0f0fu) << (t & 3), rbar);
  RED32("xor.b32", mapa_u32(smem_addr(&box.xor_), p), x * t, rbar);
  RED64("add.u64", mapa_u32(smem_addr(&box.add64), p), (unsigned long long)x * x, rbar);
  RED64("add.s64", mapa_u32(smem_addr(&box.adds64), p), (long long)(int)x, rbar);

  unsigned done = 0;
  while (!done) {
    asm volatile(
        "{\n\t.reg .pred P;\n\tmbarrier.try_wait.parity.acquire.cluster.shared::cta.b64 P, [%1], 0;\n\t"
        "selp.u32 %0, 1, 0, P;\n\t}"
        : "=r"(done)
        : "r"(bar_addr)
        : "memory");
  }
  const unsigned* words = reinterpret_cast<const unsigned*>(&box);
  for (unsigned i = t; i < BOX_WORDS; i += NT) out[cta * BOX_WORDS + i] = words[i];
  cl.sync();
}

extern "C" __global__ void __cluster_dims__(2, 1, 1) cl_async_2(const unsigned* in, unsigned* out) {
  async_body(in, out);
}
extern "C" __global__ void __cluster_dims__(4, 1, 1) cl_async_4(const unsigned* in, unsigned* out) {
  async_body(in, out);
}
