// Theme: calls. Device functions that nvcc keeps as .func (__noinline__),
// with int/float/double/struct parameters and returns; recursion whose depth
// differs per lane, so that lanes of a warp diverge across call boundaries;
// indirect calls through tables of device function pointers; a dense switch;
// per-thread arrays indexed with data-dependent indices (.local memory).
//
// Written for the ptx project's kernel cases (tools/generators/kernel-cases/ours_specs.py).
// Recursion depths are kept small (<= 16 frames) because the recorder cannot
// raise the default 1 KiB per-thread stack.

#include <cstdint>

// ---------------------------------------------------------------- scalars and structs

struct Vec3 {
  float x, y, z;
};

// A struct with padding between members (int, float, double, char).
struct Stats {
  int count;
  float last;
  double sum;
  char tag;
};

struct DivMod {
  long long quot;
  long long rem;
};

__device__ __noinline__ int mix_bits(int a, unsigned b, short c) {
  unsigned h = (unsigned)a * 0x9E3779B1u;
  h ^= b >> (c & 7);
  h = (h << 5) | (h >> 27);
  return (int)(h + (unsigned)c);
}

__device__ __noinline__ float lerp(float a, float b, float t) { return a + t * (b - a); }

// Horner evaluation of sum_k c[k] x^k, coefficients through a pointer.
__device__ __noinline__ double horner(double x, const double* c, int n) {
  double acc = 0.0;
  for (int k = n - 1; k >= 0; --k) acc = acc * x + c[k];
  return acc;
}

__device__ __noinline__ Vec3 cross(Vec3 a, Vec3 b) {
  Vec3 r = {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
  return r;
}

__device__ __noinline__ Stats add_sample(Stats s, float x) {
  s.count += 1;
  s.last = x;
  s.sum += (double)x;
  s.tag = (char)('a' + (s.count % 26));
  return s;
}

__device__ __noinline__ DivMod floor_divmod(long long a, long long b) {
  DivMod r;
  r.quot = a / b;
  r.rem = a % b;
  if (r.rem != 0 && ((r.rem < 0) != (b < 0))) {
    r.quot -= 1;
    r.rem += b;
  }
  return r;
}

// Each thread calls every helper above on its own inputs.
// fout: 6 floats per thread, dout: 2 doubles, iout: 4 ints.
__global__ void call_scalars(const float* x, const int* k, float* fout, double* dout,
                             int* iout, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const double coef[5] = {1.0, -0.5, 0.25, -0.125, 0.0625};
  float a = x[i], b = x[(i + 1) % n], c = x[(i + 7) % n];
  Vec3 u = {a, b, c}, v = {c, a, -b};
  Vec3 w = cross(u, v);
  Stats s = {i, 0.0f, 0.0, 'z'};
  s = add_sample(s, a);
  s = add_sample(s, b * 2.0f);
  long long divisor = (long long)(k[i] % 13) - 6;  // -6..6, never 0
  if (divisor == 0) divisor = 7;
  DivMod dm = floor_divmod((long long)k[i] * 1000003LL - 500000000LL, divisor);
  fout[6 * i + 0] = lerp(a, b, c);
  fout[6 * i + 1] = w.x;
  fout[6 * i + 2] = w.y;
  fout[6 * i + 3] = w.z;
  fout[6 * i + 4] = s.last;
  fout[6 * i + 5] = (float)s.tag;
  dout[2 * i + 0] = horner((double)a, coef, 1 + (k[i] & 3) + 1);
  dout[2 * i + 1] = s.sum;
  iout[4 * i + 0] = mix_bits(k[i], (unsigned)i * 77u, (short)(k[i] - 50));
  iout[4 * i + 1] = s.count;
  iout[4 * i + 2] = (int)dm.quot;
  iout[4 * i + 3] = (int)dm.rem;
}

// ---------------------------------------------------------------- recursion

__device__ __noinline__ int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }

// Pairwise (divide-and-conquer) sum of a[lo, hi): a fixed association, so the
// float result does not depend on scheduling.
__device__ __noinline__ float pairwise_sum(const float* a, int lo, int hi) {
  if (hi - lo == 0) return 0.0f;
  if (hi - lo == 1) return a[lo];
  int mid = lo + (hi - lo) / 2;
  return pairwise_sum(a, lo, mid) + pairwise_sum(a, mid, hi);
}

// Hofstadter's female and male sequences: mutual recursion.
__device__ __noinline__ int hof_male(int n);
__device__ __noinline__ int hof_female(int n) { return n == 0 ? 1 : n - hof_male(hof_female(n - 1)); }
__device__ __noinline__ int hof_male(int n) { return n == 0 ? 0 : n - hof_female(hof_male(n - 1)); }

// Depth of the binary tree stored as child-index arrays (-1 = no child).
__device__ __noinline__ int tree_depth(const int* left, const int* right, int node) {
  if (node < 0) return 0;
  int l = tree_depth(left, right, left[node]);
  int r = tree_depth(left, right, right[node]);
  return 1 + (l > r ? l : r);
}

// fib and hofstadter of n = in[i] % 13 (lanes recurse to different depths),
// a pairwise sum over a window whose length varies per lane, and the depth of
// the subtree rooted at lane-chosen nodes of a small tree (tree built here).
// out: 4 ints per thread, sums: 1 float per thread.
__global__ void call_recursion(const int* in, const float* data, int* out, float* sums, int n,
                               int ndata) {
  __shared__ int left[31], right[31];
  int t = threadIdx.x;
  if (t < 31) {  // a lopsided tree: node j has children 2j+1 only for some j
    int l = 2 * t + 1, r = 2 * t + 2;
    left[t] = (l < 31 && (t % 3) != 2) ? l : -1;
    right[t] = (r < 31 && (t % 4) != 1) ? r : -1;
  }
  __syncthreads();
  int i = blockIdx.x * blockDim.x + t;
  if (i >= n) return;
  int m = in[i] % 13;
  out[4 * i + 0] = fib(m);
  out[4 * i + 1] = hof_female(m);
  out[4 * i + 2] = hof_male(m);
  out[4 * i + 3] = tree_depth(left, right, in[i] % 31);
  int lo = (in[i] * 7) % (ndata - 40);
  int len = 1 + in[i] % 37;
  sums[i] = pairwise_sum(data, lo, lo + len);
}

// ---------------------------------------------------------------- indirect calls

typedef float (*BinaryOp)(float, float);
typedef int (*Step)(int);

__device__ float op_add(float a, float b) { return a + b; }
__device__ float op_sub(float a, float b) { return a - b; }
__device__ float op_mul(float a, float b) { return a * b; }
__device__ float op_min(float a, float b) { return fminf(a, b); }
__device__ float op_max(float a, float b) { return fmaxf(a, b); }
__device__ float op_avg(float a, float b) { return 0.5f * (a + b); }
__device__ float op_fma(float a, float b) { return fmaf(a, b, 1.0f); }

__device__ BinaryOp g_binary_ops[7] = {op_add, op_sub, op_mul, op_min, op_max, op_avg, op_fma};

__device__ int step_collatz(int v) { return (v & 1) ? 3 * v + 1 : v / 2; }
__device__ int step_gray(int v) { return v ^ (v >> 1); }
__device__ int step_rotate(int v) { return (int)(((unsigned)v << 3) | ((unsigned)v >> 29)); }
__device__ int step_fib(int v) { return fib(v & 7); }  // an indirect call into recursion

// Applies op to the elements in order (a left fold); op arrives as a parameter.
__device__ __noinline__ float fold(BinaryOp op, const float* v, int len) {
  float acc = v[0];
  for (int j = 1; j < len; ++j) acc = op(acc, v[j]);
  return acc;
}

// Each thread picks its operation from a global table by its selector
// (divergent indirect calls), folds a short window with it, and runs a chain
// of integer steps chosen from a local table of function pointers.
// out: 2 floats per thread, iout: 1 int per thread.
__global__ void call_indirect(const float* a, const float* b, const int* sel, float* out,
                              int* iout, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  BinaryOp op = g_binary_ops[sel[i] % 7];
  out[2 * i + 0] = op(a[i], b[i]);
  int start = i < n - 5 ? i : n - 5;  // a window of 1..5 elements inside a
  out[2 * i + 1] = fold(g_binary_ops[(sel[i] / 7) % 7], a + start, 1 + sel[i] % 5);
  Step steps[4] = {step_collatz, step_gray, step_rotate, step_fib};
  int v = sel[i] + 1;
  for (int j = 0; j < (sel[i] & 7); ++j) v = steps[(sel[i] >> j) & 3](v);
  iout[i] = v;
}

// ---------------------------------------------------------------- switch

// A dense switch on a per-lane opcode (16 cases, default included).
// nvcc 13.0 at -O3 lowers this to a tree of compares (no brx.idx).
__global__ void switch_dense(const int* in, int* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int v = in[i];
  int r;
  switch (v & 15) {
    case 0: r = v * 3; break;
    case 1: r = v ^ 0x55; break;
    case 2: r = v + 1000; break;
    case 3: r = v << 2; break;
    case 4: r = v - 7; break;
    case 5: r = v * v; break;
    case 6: r = ~v; break;
    case 7: r = v >> 1; break;
    case 8: r = v | 0x100; break;
    case 9: r = v & 0xf0; break;
    case 10: r = v / 3; break;
    case 11: r = v % 5; break;
    case 12: r = v + i; break;
    case 13: r = v - i; break;
    case 14: r = v * i; break;
    default: r = -1; break;
  }
  out[i] = r;
}

// A tiny stack machine: each thread runs its own 16-instruction program
// (opcodes from the input), dispatching with a switch in a loop, with its
// operand stack in a local array indexed by a data-dependent stack pointer.
// Programs differ per lane, so the warp diverges at every dispatch.
__global__ void switch_interpreter(const unsigned char* code, const int* init, unsigned* out,
                                   int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  unsigned stack[8];  // unsigned: products wrap without undefined behaviour
  int sp = 0;
  stack[sp++] = (unsigned)init[i];
  stack[sp++] = (unsigned)i;
  unsigned executed = 0;
  for (int pc = 0; pc < 16; ++pc) {
    unsigned op = code[16 * i + pc] % 10;
    ++executed;
    switch (op) {
      case 0: if (sp < 8) { stack[sp] = stack[sp - 1]; ++sp; } break;          // dup
      case 1: if (sp > 1) { stack[sp - 2] += stack[sp - 1]; --sp; } break;     // add
      case 2: if (sp > 1) { stack[sp - 2] *= stack[sp - 1]; --sp; } break;     // mul
      case 3: if (sp > 1) { unsigned t = stack[sp - 1]; stack[sp - 1] = stack[sp - 2]; stack[sp - 2] = t; } break;  // swap
      case 4: if (sp < 8) stack[sp++] = pc * 3 + 1; break;                      // push const
      case 5: if (sp > 1) --sp; break;                                          // drop
      case 6: stack[sp - 1] = 0u - stack[sp - 1]; break;                        // neg
      case 7: if (sp > 1) { stack[sp - 2] ^= stack[sp - 1] << 1; --sp; } break; // xor-shift
      case 8: if ((int)stack[sp - 1] < 0) pc += 2; break;                       // skip two if negative
      default: pc = 16; break;                                                  // halt
    }
  }
  unsigned acc = 0;
  for (int j = 0; j < sp; ++j) acc = acc * 31u + stack[j];
  out[2 * i + 0] = acc;
  out[2 * i + 1] = executed * 16u + (unsigned)sp;
}

// ---------------------------------------------------------------- local arrays

// Per-thread insertion sort of a 24-element window and a 16-bin histogram,
// both in local arrays indexed with data-dependent indices.
// out: 4 ints per thread (min, median, max, most frequent bin).
__global__ void local_arrays(const int* in, int* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int win[24];
  int hist[16];
  for (int b = 0; b < 16; ++b) hist[b] = 0;
  int len = 8 + (in[i] % 17);  // 8..24 elements, per lane
  for (int j = 0; j < len; ++j) {
    int v = in[(i * 5 + j * 3) % n];
    int p = j;
    while (p > 0 && win[p - 1] > v) {
      win[p] = win[p - 1];
      --p;
    }
    win[p] = v;
    hist[v & 15] += 1;
  }
  int best = 0;
  for (int b = 1; b < 16; ++b)
    if (hist[b] > hist[best]) best = b;
  out[4 * i + 0] = win[0];
  out[4 * i + 1] = win[len / 2];
  out[4 * i + 2] = win[len - 1];
  out[4 * i + 3] = best;
}
