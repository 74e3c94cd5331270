// Theme: device printf (vprintf). Integers in every base and size, floats in
// %f %e %g %a with widths, precisions and flags, strings from literals and
// from a __device__ char array, characters; printed from several lanes, some
// under a branch. Each kernel also stores what printf returned (CUDA: the
// number of arguments, or a negative value on error) and a few values into a
// small buffer, so that a recorded case has bytes to compare; the printed text
// itself goes to the host's stdout.
//
// Order: the lines of one printf call appear in the order the lanes
// allocated them in the printf buffer. Kernels whose order matters use one
// warp, or let the second warp print only after a __syncthreads().
//
// Written for the ptx project's kernel cases (tools/generators/kernel-cases/ours_specs.py).

#include <cstdio>

__device__ char g_word[] = "module-string";

// One warp. Signed/unsigned, hex, octal, 64-bit, widths, zero padding.
__global__ void printf_integers(const int* in, int* out) {
  int lane = threadIdx.x;
  int v = in[lane] - 50;
  long long w = (long long)v * 1000000007LL;
  int r = printf("lane %2d: d=%d i=%+5i u=%u x=%x X=%08X o=%o lld=%lld llx=%llx\n", lane, v, v,
                 (unsigned)v, v, v, (unsigned)v & 0777, w, (unsigned long long)w);
  out[2 * lane] = r;
  out[2 * lane + 1] = v;
}

// Lanes 0..15 of one warp print floats: fixed, exponent, shortest, hex float,
// with widths/precisions, plus special values in the first lanes.
__global__ void printf_floats(const float* in, float* out) {
  int lane = threadIdx.x;
  float x = (in[lane] - 0.5f) * 2000.0f;
  if (lane == 0) x = __int_as_float(0x7f800000);   // +inf
  if (lane == 1) x = __int_as_float(0xff800000);   // -inf
  if (lane == 2) x = __int_as_float(0x7fc00000);   // nan
  if (lane == 3) x = -0.0f;
  if (lane == 4) x = __int_as_float(0x00000001);   // the least denormal
  if (lane == 5) x = 1.0e30f;
  if (lane == 6) x = 0.5f;                          // %.0f rounds half to even: 0
  if (lane == 7) x = 2.5f;                          //   and 2
  double d = (double)x;
  int r = 0;
  if (lane < 16) {
    r = printf("[%2d] f=%f .3f=%.3f 12.4f=%12.4f e=%e .2E=%.2E g=%g G=%G 10.3g=%10.3g a=%a\n",
               lane, d, d, d, d, d, d, d, d, d);
  }
  out[lane] = x * 0.5f + (float)r;
}

// Strings and characters: %s of a literal and of a __device__ array, with
// width, left alignment and precision; %c; %%.
__global__ void printf_strings(const int* in, int* out) {
  int lane = threadIdx.x;
  char c = (char)('A' + in[lane] % 26);
  const char* word = (lane & 1) ? g_word : "literal";
  int r = printf("%2d|%s|%12s|%-12s|%.4s|%c|%3c|%-3c|100%%|%s\n", lane, word, word, word, word, c, c,
                 c, (lane % 3 == 0) ? "three" : "");
  out[lane] = r * 1000 + c;
}

// Flag combinations: '#', '0', '-', '+', ' ', and precision on integers.
__global__ void printf_flags(const int* in, int* out) {
  int lane = threadIdx.x;
  int v = (in[lane] - 50) * 37;
  double d = (double)v / 7.0;
  int r = printf("%#o|%#x|%#X|% d|%+d|%-6d|%06d|%.4d|%8.3d|%-+8d|%#.0f|%+.2e|% .3g|%#g|%010.3f\n", v & 0xfff,
                 v, v, v, v, v, v, v, v, v, d, d, d, d, d);
  out[lane] = r;
}

// Two warps. Warp 0: odd and even lanes print different lines (a divergent
// if/else), lanes >= 24 print nothing. After a barrier, warp 1: lanes whose
// input exceeds 50 print. Every thread records its branch.
__global__ void printf_divergent(const int* in, int* out) {
  int t = threadIdx.x;
  int v = in[t];
  int took = 0;
  if (t < 32) {
    if (t < 24) {
      if (t & 1) {
        printf("warp0 odd  lane %2d value %3d\n", t, v);
        took = 1;
      } else {
        printf("warp0 even lane %2d value %3d hex %04x\n", t, v, v);
        took = 2;
      }
    }
  }
  __syncthreads();
  if (t >= 32 && v > 50) {
    printf("warp1 lane %2d: %d > 50 (%s)\n", t - 32, v, (v & 1) ? "odd" : "even");
    took = 3;
  }
  out[t] = took;
}

// printf from a __noinline__ device function called by some lanes, with a
// 64-bit, a double and a string argument passed through.
__device__ __noinline__ int report(int lane, long long id, double score, const char* label) {
  return printf("report lane=%d id=%lld score=%.5f label=%s\n", lane, id, score, label);
}

__global__ void printf_from_function(const float* in, int* out) {
  int lane = threadIdx.x;
  int r = -100;
  if (in[lane] > 0.3f) r = report(lane, 1LL << (lane + 20), (double)in[lane], (lane & 2) ? g_word : "low");
  out[lane] = r;
}
