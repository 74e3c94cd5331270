// Theme: module variables. __device__ arrays with initializers (8-, 16-, 32-,
// 64-bit and float elements), __device__ pointers initialized to addresses of
// other variables (PTX `generic(var)` and `generic(var)+offset` initializers),
// a struct table holding pointers to strings, __constant__ tables read with
// data-dependent indices. The kernels only read module variables, except
// global_scratch, which rewrites its whole scratch table before reading it.
//
// Written for the ptx project's kernel cases (tools/generators/kernel-cases/ours_specs.py).

#include <cstdint>

__device__ int g_primes[16] = {2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53};
__device__ float g_weights[8] = {0.5f, -1.25f, 3.0f, 0.125f, -0.75f, 2.5f, 1.0e-3f, -6.0f};
__device__ double g_dscale[4] = {1.0, 0.1, 1.0e-10, -2.5e7};
__device__ unsigned char g_bytes[32] = {13, 180, 91, 2, 169, 80, 247, 158, 69, 236, 147,
                                        58, 225, 136, 47, 214, 125, 36, 203, 114, 25, 192,
                                        103, 14, 181, 92, 3, 170, 81, 248, 159, 70};
__device__ short g_shorts[6] = {-32768, -1, 0, 1, 12345, 32767};
__device__ unsigned long long g_wide[3] = {0x0123456789abcdefULL, 0xfedcba9876543210ULL, 42ULL};

// Pointers whose initializers are addresses of other module variables.
__device__ int* g_prime_tail = g_primes + 10;           // generic(g_primes)+40
__device__ const float* g_weight_halves[2] = {g_weights, g_weights + 4};
__device__ const double* g_dscale_ptr = &g_dscale[1];

__device__ const char g_name_red[] = "red";
__device__ const char g_name_green[] = "green";
__device__ const char g_name_blue[] = "blue";

struct Color {
  int code;
  const char* name;  // a pointer into another module variable
  float gain;
};
__device__ Color g_colors[3] = {{0xff0000, g_name_red, 1.5f},
                                {0x00ff00, g_name_green, 0.75f},
                                {0x0000ff, g_name_blue, -2.0f}};

// A permutation of 0..63 ((37 i + 11) mod 64) and polynomial coefficients.
__constant__ int c_perm[64] = {11, 48, 21, 58, 31, 4,  41, 14, 51, 24, 61, 34, 7,  44, 17, 54,
                               27, 0,  37, 10, 47, 20, 57, 30, 3,  40, 13, 50, 23, 60, 33, 6,
                               43, 16, 53, 26, 63, 36, 9,  46, 19, 56, 29, 2,  39, 12, 49, 22,
                               59, 32, 5,  42, 15, 52, 25, 62, 35, 8,  45, 18, 55, 28, 1,  38};
__constant__ float c_poly[6] = {1.0f, -0.5f, 0.0625f, 3.0f, -0.001f, 0.25f};
__constant__ double c_dpoly[3] = {0.5, 1.0 / 3.0, -1.0e-3};
__constant__ unsigned short c_masks[5] = {0x000f, 0x00f0, 0x0f00, 0xf000, 0xffff};

// Reads every table above at indices that depend on the input. out: 8 ints
// per thread; fout: 4 floats; dout: 2 doubles.
__global__ void read_module_tables(const int* key, int* out, float* fout, double* dout, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int k = key[i];
  const Color& c = g_colors[k % 3];
  int name_len = 0;
  while (c.name[name_len] != 0) ++name_len;
  out[8 * i + 0] = g_primes[k & 15];
  out[8 * i + 1] = g_prime_tail[k % 6];  // g_primes[10..15]
  out[8 * i + 2] = g_bytes[(k * 7) & 31];
  out[8 * i + 3] = g_shorts[k % 6];
  out[8 * i + 4] = (int)(g_wide[k % 3] >> (k & 31));
  out[8 * i + 5] = c.code ^ name_len;
  out[8 * i + 6] = c.name[k % name_len];
  out[8 * i + 7] = (int)(g_prime_tail - g_primes);  // 10: pointer arithmetic on the initializer
  fout[4 * i + 0] = g_weights[k & 7] * c.gain;
  fout[4 * i + 1] = g_weight_halves[k & 1][(k >> 1) & 3];
  fout[4 * i + 2] = (float)k * g_weight_halves[1][0];
  fout[4 * i + 3] = c.gain;
  dout[2 * i + 0] = g_dscale[k & 3] * (double)k;
  dout[2 * i + 1] = g_dscale_ptr[k % 3];  // g_dscale[1..3]
}

// Gathers through the constant permutation (a data-dependent constant-bank
// index), evaluates the constant polynomials, and masks with a constant table.
__global__ void read_constant_tables(const float* x, const int* sel, float* out, double* dout,
                                     int* iout, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int base = (i / 64) * 64;
  int j = base + c_perm[(i + sel[i]) & 63];
  float v = (j < n) ? x[j] : 0.0f;
  float p = 0.0f;
  for (int d = 5; d >= 0; --d) p = p * v + c_poly[d];
  out[i] = p;
  double dv = (double)v;
  dout[i] = c_dpoly[sel[i] % 3] * dv + c_dpoly[(sel[i] + 1) % 3];
  iout[i] = (sel[i] * 0x1357) & c_masks[sel[i] % 5];
}

// A module-scope scratch table that this single-CTA kernel writes in full
// before reading it back permuted: each launch starts by overwriting every
// element, so launches do not see each other's values.
__device__ int g_scratch[256];

__global__ void global_scratch(const int* in, int* out) {
  int t = threadIdx.x;  // launched as one CTA of 256 threads
  g_scratch[t] = in[t] * 3 + g_primes[t & 15];
  __syncthreads();
  out[t] = g_scratch[c_perm[t & 63] + (t & ~63)] - g_scratch[255 - t];
}

// A packed struct puts a pointer at an odd offset: nvcc then initializes the
// table byte by byte with mask() initializers (0xFF(generic(g_primes)+4),
// 0xFF00(...), ...). The kernel follows those unaligned pointers.
struct __attribute__((packed)) Tagged {
  char tag;
  const int* ptr;
  short delta;
};
__device__ Tagged g_tagged[4] = {{'p', g_primes + 1, 7},
                                 {'q', g_primes + 5, -2},
                                 {'r', g_primes + 9, 300},
                                 {'s', g_primes + 14, -32000}};

// out: 3 ints per thread: the element a tagged pointer designates (with an
// offset from the input), the tag, and the delta.
__global__ void read_packed_pointers(const int* key, int* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const Tagged& t = g_tagged[key[i] & 3];
  out[3 * i + 0] = t.ptr[key[i] % 2];  // ptr + 0 or + 1 stays inside g_primes
  out[3 * i + 1] = t.tag;
  out[3 * i + 2] = t.delta;
}
