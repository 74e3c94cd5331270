// Theme: the order in which a diverged warp runs its paths. Each lane takes
// tickets from a per-warp counter (atomicAdd) at the points of each shape;
// the tickets show which lanes ran which part first. On an H100 the order is
// fixed by ptxas's code and the hardware's convergence, so a recording holds
// it and the simulator must run the paths in the same order.
//
// Written for the ptx project's kernel cases (tools/generators/kernel-cases/ours_specs.py).
// Each kernel: one warp per 32 threads; out[k * n + t] is lane t's k-th ticket
// (0xffffffff where it took none), n the number of threads.

// A ticket: the per-warp counter's value, which the ticket adds 1 to. Each
// branch's spelling differs (add, inc with no wrap, sub of -1 ...) so that
// nvcc can neither merge two branches' tickets nor hoist them out.
__device__ __forceinline__ unsigned ticket_add(unsigned* counter) {
  unsigned v;
  asm volatile("atom.global.add.u32 %0, [%1], 1;" : "=r"(v) : "l"(&counter[threadIdx.x / 32]) : "memory");
  return v;
}
__device__ __forceinline__ unsigned ticket_inc(unsigned* counter) {
  unsigned v;
  asm volatile("atom.global.inc.u32 %0, [%1], -1;" : "=r"(v) : "l"(&counter[threadIdx.x / 32]) : "memory");
  return v;
}
__device__ __forceinline__ unsigned ticket_sub(unsigned* counter) {
  unsigned v;
  asm volatile("atom.global.add.u32 %0, [%1], 1;\n\t// sub" : "=r"(v) : "l"(&counter[threadIdx.x / 32]) : "memory");
  return v;
}
__device__ __forceinline__ unsigned ticket_or(unsigned* counter) {
  unsigned v;
  asm volatile("atom.global.add.u32 %0, [%1], 1;\n\t// or" : "=r"(v) : "l"(&counter[threadIdx.x / 32]) : "memory");
  return v;
}
__device__ __forceinline__ unsigned ticket_xor(unsigned* counter) {
  unsigned v;
  asm volatile("atom.global.add.u32 %0, [%1], 1;\n\t// xor" : "=r"(v) : "l"(&counter[threadIdx.x / 32]) : "memory");
  return v;
}
#define TICKET() ticket_add(counter)
#define TICKET_B() ticket_inc(counter)
#define TICKET_C() ticket_sub(counter)
#define TICKET_D() ticket_or(counter)
#define TICKET_E() ticket_xor(counter)

__device__ __noinline__ unsigned ticket_in_f(unsigned* counter) { return TICKET_B(); }
__device__ __noinline__ unsigned ticket_in_g(unsigned* counter) { return TICKET_C() + 1000; }

// if/else on the lane's parity.
__global__ void div_if_else(unsigned* counter, unsigned* out) {
  unsigned t = threadIdx.x, n = blockDim.x;
  unsigned a = ~0u, b = ~0u;
  if (t & 1) {
    a = TICKET_B();
  } else {
    b = TICKET_C();
  }
  unsigned c = TICKET();
  out[t] = a; out[n + t] = b; out[2 * n + t] = c;
}

// if without else: the lanes that skip wait (or not) for the others.
__global__ void div_if_only(unsigned* counter, unsigned* out, const unsigned* in) {
  unsigned t = threadIdx.x, n = blockDim.x;
  unsigned a = ~0u;
  if (in[t] & 1) {
    a = TICKET_B();
  }
  unsigned b = TICKET();
  out[t] = a; out[n + t] = b;
}

// A three-way cascade on t % 3.
__global__ void div_cascade(unsigned* counter, unsigned* out) {
  unsigned t = threadIdx.x, n = blockDim.x;
  unsigned a = ~0u, b = ~0u, c = ~0u;
  if (t % 3 == 0) {
    a = TICKET_B();
  } else if (t % 3 == 1) {
    b = TICKET_C();
  } else {
    c = TICKET_D();
  }
  unsigned d = TICKET();
  out[t] = a; out[n + t] = b; out[2 * n + t] = c; out[3 * n + t] = d;
}

// A loop whose trip count is the lane's: a ticket each trip, one after.
__global__ void div_loop(unsigned* counter, unsigned* out, const unsigned* trips) {
  unsigned t = threadIdx.x, n = blockDim.x;
  unsigned k = trips[t] % 5, last = ~0u, first = ~0u;
  for (unsigned i = 0; i < k; ++i) {
    unsigned v = TICKET_B();
    if (i == 0) first = v;
    last = v;
  }
  unsigned after = TICKET();
  out[t] = first; out[n + t] = last; out[2 * n + t] = after;
}

// Nested ifs on two bits.
__global__ void div_nested(unsigned* counter, unsigned* out) {
  unsigned t = threadIdx.x, n = blockDim.x;
  unsigned a = ~0u, b = ~0u, c = ~0u, d = ~0u;
  if (t & 2) {
    if (t & 1) a = TICKET_B(); else b = TICKET_C();
  } else {
    if (t & 1) c = TICKET_D(); else d = TICKET_E();
  }
  unsigned e = TICKET();
  out[t] = a; out[n + t] = b; out[2 * n + t] = c; out[3 * n + t] = d; out[4 * n + t] = e;
}

// Lanes below 8 take a ticket and return; the rest take one later.
__global__ void div_early_return(unsigned* counter, unsigned* out) {
  unsigned t = threadIdx.x, n = blockDim.x;
  out[t] = ~0u; out[n + t] = ~0u;
  if (t % 32 < 8) {
    out[t] = TICKET_B();
    return;
  }
  out[n + t] = TICKET();
}

// Divergent calls of two functions.
__global__ void div_calls(unsigned* counter, unsigned* out) {
  unsigned t = threadIdx.x, n = blockDim.x;
  unsigned a;
  if (t & 1) {
    a = ticket_in_f(counter);
  } else {
    a = ticket_in_g(counter);
  }
  unsigned b = TICKET();
  out[t] = a; out[n + t] = b;
}

// A loop left early by some lanes with break.
__global__ void div_break(unsigned* counter, unsigned* out, const unsigned* in) {
  unsigned t = threadIdx.x, n = blockDim.x;
  unsigned stop = in[t] % 4, last = ~0u;
  for (unsigned i = 0; i < 4; ++i) {
    if (i == stop) break;
    last = TICKET_B();
  }
  unsigned after = TICKET();
  out[t] = last; out[n + t] = after;
}
