// Theme: warps under divergence. Loops with per-lane trip counts, break and
// continue; early returns followed by __syncthreads() in the threads that
// remain; __syncwarp between divergent groups; warp votes, shuffles and
// reductions with partial member masks; cooperative groups (tiled_partition,
// coalesced_threads, labeled_partition, binary_partition); __match_any_sync,
// __match_all_sync, __activemask, __fns.
//
// Member masks are always computed in converged code (a __ballot_sync over
// the full warp before the branch), so that every result is fixed by the
// input, not by how the hardware happens to regroup lanes. Where a group's
// shape could depend on scheduling (coalesced_threads), the kernel only
// stores quantities that are the same for any grouping.
//
// Written for the ptx project's kernel cases (tools/generators/kernel-cases/ours_specs.py).

#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>

namespace cg = cooperative_groups;

// ---------------------------------------------------------------- divergent loops

// Per-lane loops: trip count from the input, `continue` on multiples of 3,
// `break` once the accumulator passes a per-lane limit, and a nested loop
// whose bound depends on the outer index. out: 2 ints per thread.
__global__ void divergent_loops(const int* trips, int* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int count = trips[i] % 48;
  int limit = 200 + 37 * (trips[i] % 11);
  int acc = 0, iterations = 0;
  for (int k = 0; k < count; ++k) {
    ++iterations;
    if (k % 3 == 0) continue;
    for (int j = 0; j < (k & 3); ++j) acc += k ^ j;
    if (acc > limit) break;
  }
  int w = trips[i];  // a data-dependent while loop (Collatz steps, capped)
  int steps = 0;
  while (w != 1 && w > 0 && steps < 200) {
    w = (w & 1) ? 3 * w + 1 : w >> 1;
    ++steps;
  }
  out[2 * i] = acc * 64 + iterations;
  out[2 * i + 1] = steps;
}

// Threads return early on a per-lane condition, whole warps return on a
// warp-uniform one, and the rest meet at __syncthreads() and read slots of
// shared memory that other threads (possibly exited ones) filled.
// Exited threads do not hold up the barrier (PTX ISA, `exit`: "If the exiting
// threads are holding up the barrier, the barrier is released"); nvcc emits
// `ret;` in the kernel for the returns and `bar.sync 0` for the barriers.
// out: 1 int per thread; threads that left write a marker first.
__global__ void early_return_barrier(const int* in, int* out) {
  __shared__ int slot[256];
  int t = threadIdx.x;
  int v = in[blockIdx.x * blockDim.x + t];
  int* mine = &out[blockIdx.x * blockDim.x + t];
  slot[t] = -1;
  __syncthreads();
  if ((t >> 5) == 2) {  // warp 2 leaves as a whole
    *mine = -2;
    return;
  }
  if (v % 5 == 0) {  // scattered lanes leave
    *mine = -3;
    return;
  }
  int sum = 0;
  for (int k = 0; k < v % 9; ++k) sum += k * v;
  slot[t] = sum;
  __syncthreads();
  int left = slot[(t + blockDim.x - 1) % blockDim.x];
  int right = slot[(t + 33) % blockDim.x];
  __syncthreads();
  slot[t] = left + right;
  __syncthreads();
  *mine = slot[(t * 7) % blockDim.x];
}

// ---------------------------------------------------------------- __syncwarp, partial masks

// The warp splits on a data-dependent predicate. Each side exchanges values
// through shared memory with __syncwarp(side mask) and reduces with
// partial-mask collectives; __fns finds the next lane of the same side.
// out: 8 ints per thread.
__global__ void partial_mask_collectives(const int* in, int* out) {
  __shared__ int buf[4][32];  // one row per warp, up to 128 threads
  int t = threadIdx.x, lane = t & 31, warp = t >> 5;
  int v = in[blockIdx.x * blockDim.x + t];
  bool odd = v & 1;
  unsigned odd_mask = __ballot_sync(0xffffffffu, odd);
  unsigned mask = odd ? odd_mask : ~odd_mask;
  int* o = &out[8 * (blockIdx.x * blockDim.x + t)];
  if (odd) {
    buf[warp][lane] = v * 3;
    __syncwarp(odd_mask);
    unsigned next = __fns(odd_mask, lane, 2);  // the next odd lane after this one, or 0xffffffff
    int from_next = (next < 32) ? buf[warp][next] : -1;
    int leader = __ffs(odd_mask) - 1;
    o[0] = from_next;
    o[1] = __shfl_sync(odd_mask, v, leader);
    o[2] = __reduce_add_sync(odd_mask, v);
    o[3] = __reduce_max_sync(odd_mask, (unsigned)v);
    o[4] = (int)__ballot_sync(odd_mask, v > 50);
    o[5] = __all_sync(odd_mask, v > 10);
    o[6] = __reduce_xor_sync(odd_mask, (unsigned)(v * lane));
  } else {
    buf[warp][lane] = -v;
    __syncwarp(~odd_mask);
    unsigned prev = __fns(~odd_mask, lane, -2);  // the previous even lane
    int from_prev = (prev < 32) ? buf[warp][prev] : -1;
    int last = 31 - __clz(~odd_mask);
    o[0] = from_prev;
    o[1] = __shfl_sync(~odd_mask, v * 2, last);
    o[2] = __reduce_add_sync(~odd_mask, v);
    o[3] = __reduce_min_sync(~odd_mask, v);
    o[4] = (int)__ballot_sync(~odd_mask, v < 30);
    o[5] = __any_sync(~odd_mask, v > 90);
    o[6] = __reduce_or_sync(~odd_mask, (unsigned)v << (lane & 7));
  }
  // Converged again; __syncwarp() then __activemask() in converged code.
  __syncwarp();
  o[7] = (int)(__activemask() ^ mask);
}

// A partial last warp (the spec launches 48 threads): a full-warp ballot in
// the second warp sees only its 16 lanes; shuffles and votes use that mask.
// out: 4 ints per thread.
__global__ void partial_warp(const int* in, int* out) {
  int t = threadIdx.x, lane = t & 31;
  unsigned live = __activemask();  // at kernel entry, all present lanes
  int v = in[t];
  out[4 * t + 0] = (int)live;
  out[4 * t + 1] = __shfl_sync(live, v, (lane + 1) % __popc(live));
  out[4 * t + 2] = __reduce_add_sync(live, v);
  out[4 * t + 3] = (int)__ballot_sync(live, v & 4);
}

// ---------------------------------------------------------------- cooperative groups

// Reductions over static and dynamic tiles: cg::reduce on tiles of 16, a
// hand-written shfl_down on tiles of 4, and a dynamic tiled_partition of 8
// reducing through shared memory with tile.sync(). out: 3 ints per thread.
__global__ void cg_tiles(const int* in, int* out) {
  __shared__ int scratch[256];
  cg::thread_block block = cg::this_thread_block();
  int t = block.thread_rank();
  int v = in[blockIdx.x * blockDim.x + t];
  int* o = &out[3 * (blockIdx.x * blockDim.x + t)];

  cg::thread_block_tile<16> t16 = cg::tiled_partition<16>(block);
  o[0] = cg::reduce(t16, v, cg::plus<int>()) * 100 + t16.meta_group_rank();

  cg::thread_block_tile<4> t4 = cg::tiled_partition<4>(block);
  int s = v * (int)(t4.thread_rank() + 1);
  for (int d = 2; d > 0; d >>= 1) s += t4.shfl_down(s, d);
  o[1] = t4.shfl(s, 0) - t4.shfl(v, 3);

  cg::thread_group t8 = cg::tiled_partition(block, 8);
  scratch[t] = v;
  t8.sync();
  int base = t - t8.thread_rank();
  int mx = 0;
  for (int k = 0; k < 8; ++k) mx = max(mx, scratch[base + k]);
  t8.sync();
  o[2] = mx * 8 + (int)t8.size();
}

// coalesced_threads() inside a data-dependent branch: each group reduces and
// its leader adds the group's sum and size to per-CTA totals. Whatever way
// the hardware groups the lanes, the totals are the same. sums: 2 ints per
// CTA [sum over lanes that took the branch, their count]; ranks: 1 int per
// thread (inclusive prefix count of taken lanes in the warp, from a ballot).
__global__ void cg_coalesced(const int* in, int* sums, int* ranks) {
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  int v = in[g];
  unsigned taken = __ballot_sync(0xffffffffu, v % 3 != 0);
  int lane = threadIdx.x & 31;
  ranks[g] = (v % 3 != 0) ? __popc(taken & (0xffffffffu >> (31 - lane))) : 0;
  if (v % 3 != 0) {
    cg::coalesced_group active = cg::coalesced_threads();
    int s = cg::reduce(active, v, cg::plus<int>());
    if (active.thread_rank() == 0) {
      atomicAdd(&sums[2 * blockIdx.x], s);
      atomicAdd(&sums[2 * blockIdx.x + 1], (int)active.size());
    }
  }
}

// labeled_partition by a key (v % 4) and binary_partition by a predicate,
// both from a full tile of 32: per-label sums and sizes go to bins through
// the group leader. bins: 4 labels x [sum, size] + 2 sides x [max, size],
// per CTA. out: 1 int per thread (its rank in its labeled group).
__global__ void cg_labeled(const int* in, int* bins, int* out) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  int v = in[g];
  int* b = &bins[12 * blockIdx.x];

  cg::coalesced_group same = cg::labeled_partition(warp, v % 4);
  int s = cg::reduce(same, v, cg::plus<int>());
  if (same.thread_rank() == 0) {
    atomicAdd(&b[2 * (v % 4)], s);
    atomicAdd(&b[2 * (v % 4) + 1], (int)same.size());
  }
  out[g] = (int)same.thread_rank();

  cg::coalesced_group side = cg::binary_partition(warp, v >= 50);
  int m = cg::reduce(side, v, cg::greater<int>());
  if (side.thread_rank() == 0) {
    atomicMax(&b[8 + 2 * (v >= 50)], m);
    atomicAdd(&b[8 + 2 * (v >= 50) + 1], (int)side.size());
  }
}

// __match_any_sync groups lanes by key; the lowest lane of each group adds
// the group size to a histogram (warp-aggregated atomics). __match_all_sync
// tests a coarser key. out: 2 ints per thread; hist: 16 bins.
__global__ void match_any_histogram(const int* in, int* out, int* hist) {
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  int key = in[g] & 15;
  unsigned peers = __match_any_sync(0xffffffffu, key);
  int lane = threadIdx.x & 31;
  if (lane == __ffs(peers) - 1) atomicAdd(&hist[key], __popc(peers));
  int all_pred;
  unsigned all = __match_all_sync(0xffffffffu, in[g] >> 6, &all_pred);
  out[2 * g] = (int)peers;
  out[2 * g + 1] = (int)all * 2 + all_pred;
}
