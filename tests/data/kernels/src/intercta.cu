// Theme: synchronisation between CTAs through global memory: a reusable grid
// barrier (atomics + __threadfence + volatile spinning), semaphore chains in
// both directions, "the last CTA to finish does the fix-up" (atomicInc ticket,
// as in a threadfence reduction), and global spin locks protecting plain
// read-modify-write updates.
//
// All flags, counters and locks live in buffers the launch passes (zeroed by
// the host before each launch), never in module variables. Every kernel here
// spins on other CTAs, so each launch must keep all its CTAs co-resident: the
// specs use at most 32 CTAs of at most 128 threads (an H100 holds 132 SMs x
// 2048 threads). Results are deterministic: integer sums are order-free, and
// float sums use a fixed association.
//
// Written for the ptx project's kernel cases (tools/generators/kernel-cases/ours_specs.py).

// ---------------------------------------------------------------- grid barrier

// A sense-reversing grid barrier. bar[0] counts arrivals, bar[1] is the
// generation number that waiting CTAs watch.
__device__ void grid_barrier(unsigned* bar) {
  __syncthreads();
  if (threadIdx.x == 0) {
    volatile unsigned* generation = bar + 1;
    unsigned seen = *generation;
    __threadfence();
    if (atomicAdd(&bar[0], 1u) == gridDim.x - 1) {
      atomicExch(&bar[0], 0u);  // reset for the next use before releasing
      __threadfence();
      atomicAdd(&bar[1], 1u);
    } else {
      while (*generation == seen) {
      }
    }
    __threadfence();
  }
  __syncthreads();
}

// Three phases separated by two grid barriers; each phase reads what other
// CTAs wrote in the previous one. a and b have gridDim.x * blockDim.x ints.
__global__ void grid_barrier_phases(const int* in, int* a, int* b, unsigned* bar) {
  int n = gridDim.x * blockDim.x;
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  a[g] = in[g] * 3 + 1;
  grid_barrier(bar);
  // Read the value a CTA a few positions away wrote (and the mirror image).
  b[g] = a[(g + 5 * blockDim.x + 7) % n] - a[n - 1 - g];
  grid_barrier(bar);
  a[g] = b[(g * 17) % n] ^ b[(g + 1) % n];
}

// ---------------------------------------------------------------- semaphore chains

// A block-wide inclusive scan (Hillis-Steele in shared memory) of one value
// per thread; returns this thread's inclusive prefix, and the CTA's total in
// *total.
__device__ int block_scan(int v, int* total) {
  __shared__ int s[128];
  int t = threadIdx.x;
  s[t] = v;
  __syncthreads();
  for (int d = 1; d < blockDim.x; d <<= 1) {
    int add = (t >= d) ? s[t - d] : 0;
    __syncthreads();
    s[t] += add;
    __syncthreads();
  }
  int r = s[t];
  *total = s[blockDim.x - 1];
  __syncthreads();
  return r;
}

// A whole-array inclusive scan by a chain of CTAs: CTA b waits until CTA b-1
// has published the prefix of everything before it (flag[b-1] set), adds its
// own total, publishes, and only then sets its own flag.
__global__ void chain_scan_forward(const int* in, int* out, int* prefix, int* flag) {
  int b = blockIdx.x;
  int g = b * blockDim.x + threadIdx.x;
  int total;
  int local = block_scan(in[g], &total);
  __shared__ int before;
  if (threadIdx.x == 0) {
    int p = 0;
    if (b > 0) {
      volatile int* f = flag;
      while (f[b - 1] == 0) {
      }
      __threadfence();
      p = ((volatile int*)prefix)[b - 1];
    }
    prefix[b] = p + total;
    __threadfence();
    atomicExch(&flag[b], 1);
    before = p;
  }
  __syncthreads();
  out[g] = before + local;
}

// The reverse chain: a suffix sum, CTA b waiting for CTA b+1.
__global__ void chain_scan_reverse(const int* in, int* out, int* suffix, int* flag) {
  int b = blockIdx.x;
  int last = gridDim.x - 1;
  // Thread t handles element b*blockDim + (blockDim-1-t), so that the block
  // scan runs from the right.
  int g = b * blockDim.x + (blockDim.x - 1 - threadIdx.x);
  int total;
  int local = block_scan(in[g], &total);
  __shared__ int after;
  if (threadIdx.x == 0) {
    int p = 0;
    if (b < last) {
      volatile int* f = flag;
      while (f[b + 1] == 0) {
      }
      __threadfence();
      p = ((volatile int*)suffix)[b + 1];
    }
    suffix[b] = p + total;
    __threadfence();
    atomicExch(&flag[b], 1);
    after = p;
  }
  __syncthreads();
  out[g] = after + local;
}

// ---------------------------------------------------------------- last CTA fix-up

// Each CTA reduces its slice of floats in shared memory (a fixed tree), writes
// its partial sum, and takes a ticket; the CTA that draws the last ticket sums
// the partials in index order (a fixed tree again) and writes the total and
// the count of CTAs it saw. atomicInc with limit gridDim.x-1 wraps the
// counter back to 0, ready for the next launch.
__global__ void last_cta_sum(const float* in, float* partial, unsigned* counter, float* result,
                             int per_cta) {
  __shared__ float s[256];
  __shared__ bool is_last;
  int t = threadIdx.x;
  const float* slice = in + blockIdx.x * per_cta;
  float acc = 0.0f;
  for (int j = t; j < per_cta; j += blockDim.x) acc += slice[j];
  s[t] = acc;
  __syncthreads();
  for (int half = blockDim.x / 2; half > 0; half >>= 1) {
    if (t < half) s[t] += s[t + half];
    __syncthreads();
  }
  if (t == 0) {
    partial[blockIdx.x] = s[0];
    __threadfence();
    unsigned ticket = atomicInc(counter, gridDim.x - 1);
    is_last = (ticket == gridDim.x - 1);
  }
  __syncthreads();
  if (is_last) {
    volatile float* p = partial;
    s[t] = (t < gridDim.x) ? p[t] : 0.0f;
    __syncthreads();
    for (int half = blockDim.x / 2; half > 0; half >>= 1) {
      if (t < half) s[t] += s[t + half];
      __syncthreads();
    }
    if (t == 0) {
      result[0] = s[0];
      result[1] = (float)*(volatile unsigned*)counter;  // 0 again after the wrap
    }
  }
}

// ---------------------------------------------------------------- spin locks

// Thread 0 of each CTA takes the lock (atomicCAS), updates the shared record
// with plain volatile loads and stores, and releases it. record: [sum, count,
// max, xor]. Integer operations: the final record does not depend on the
// order in which CTAs got the lock.
__global__ void spin_lock_per_cta(const int* in, int* lock, int* record) {
  __shared__ int cta_sum;
  if (threadIdx.x == 0) cta_sum = 0;
  __syncthreads();
  atomicAdd(&cta_sum, in[blockIdx.x * blockDim.x + threadIdx.x]);
  __syncthreads();
  if (threadIdx.x == 0) {
    while (atomicCAS(lock, 0, 1) != 0) {
    }
    __threadfence();
    volatile int* r = record;
    r[0] = r[0] + cta_sum;
    r[1] = r[1] + 1;
    if (cta_sum > r[2]) r[2] = cta_sum;
    r[3] = r[3] ^ (cta_sum * (int)(blockIdx.x + 1));
    __threadfence();
    atomicExch(lock, 0);
  }
}

// Every thread takes the lock, lanes of one warp included. The loop keeps the
// critical section inside the iteration that won the CAS, the form that also
// works without independent thread scheduling.
__global__ void spin_lock_every_thread(const int* in, int* lock, int* record) {
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  int v = in[g];
  bool done = false;
  while (!done) {
    if (atomicCAS(lock, 0, 1) == 0) {
      __threadfence();
      volatile int* r = record;
      r[0] = r[0] + v;
      r[1] = r[1] + 1;
      if (v > r[2]) r[2] = v;
      __threadfence();
      atomicExch(lock, 0);
      done = true;
    }
  }
}

// The same with the naive loop: spin until the CAS succeeds, then the
// critical section after the loop. Lanes that lose the CAS keep spinning while
// the winner, in the same warp, must get to run its critical section: this
// relies on independent thread scheduling (Volta and later).
__global__ void spin_lock_naive(const int* in, int* lock, int* record) {
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  int v = in[g];
  while (atomicCAS(lock, 0, 1) != 0) {
  }
  __threadfence();
  volatile int* r = record;
  r[0] = r[0] + v;
  r[1] = r[1] + 1;
  r[2] = r[2] ^ (v << (g & 15));
  __threadfence();
  atomicExch(lock, 0);
}
