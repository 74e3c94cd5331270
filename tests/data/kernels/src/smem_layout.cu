// Theme: where shared memory lives. Each CTA writes, into a u32 buffer, the
// shared-memory special registers (%reserved_smem_offset_begin/_end/_cap,
// %reserved_smem_offset_0/_1, %total_smem_size, %aggr_smem_size,
// %dynamic_smem_size) and the shared-window addresses (__cvta_generic_to_shared)
// of its static __shared__ arrays and of the extern __shared__ array, so that
// a recording captures the H100's layout for these launch shapes.
//
// Written for the ptx project's kernel cases (tools/generators/kernel-cases/ours_specs.py).

#define SREG(name)                                  \
  __device__ __forceinline__ unsigned read_##name() { \
    unsigned v;                                     \
    asm volatile("mov.u32 %0, %%" #name ";" : "=r"(v)); \
    return v;                                       \
  }
SREG(reserved_smem_offset_begin)
SREG(reserved_smem_offset_end)
SREG(reserved_smem_offset_cap)
SREG(reserved_smem_offset_0)
SREG(reserved_smem_offset_1)
SREG(total_smem_size)
SREG(aggr_smem_size)
SREG(dynamic_smem_size)

// Thread 0 of each CTA writes 16 u32 at out[16 * cta]:
//  0..7  the eight special registers above, in that order
//  8..10 shared addresses of s_small, s_big, s_dyn
//  11    a value read back through all three arrays (they really are used)
//  12..15 the CTA index, blockDim.x, and 0xC0FFEE markers
__global__ void smem_layout_static_and_dynamic(unsigned* out) {
  __shared__ unsigned char s_small[40];
  __shared__ double s_big[33];
  extern __shared__ float s_dyn[];
  int t = threadIdx.x;
  if (t < 40) s_small[t] = (unsigned char)(t + blockIdx.x);
  if (t < 33) s_big[t] = 0.5 * t;
  s_dyn[t] = (float)t;
  __syncthreads();
  if (t == 0) {
    unsigned* o = out + 16 * blockIdx.x;
    o[0] = read_reserved_smem_offset_begin();
    o[1] = read_reserved_smem_offset_end();
    o[2] = read_reserved_smem_offset_cap();
    o[3] = read_reserved_smem_offset_0();
    o[4] = read_reserved_smem_offset_1();
    o[5] = read_total_smem_size();
    o[6] = read_aggr_smem_size();
    o[7] = read_dynamic_smem_size();
    o[8] = (unsigned)__cvta_generic_to_shared(s_small);
    o[9] = (unsigned)__cvta_generic_to_shared(s_big);
    o[10] = (unsigned)__cvta_generic_to_shared(s_dyn);
    o[11] = s_small[39] + (unsigned)s_big[32] + (unsigned)s_dyn[blockDim.x - 1];
    o[12] = blockIdx.x;
    o[13] = blockDim.x;
    o[14] = 0xC0FFEE;
    o[15] = 0xC0FFEE;
  }
}

// The same registers for a kernel with only dynamic shared memory.
__global__ void smem_layout_dynamic_only(unsigned* out) {
  extern __shared__ unsigned s_words[];
  int t = threadIdx.x;
  s_words[t] = t * 3u;
  __syncthreads();
  if (t == 0) {
    unsigned* o = out + 16 * blockIdx.x;
    o[0] = read_reserved_smem_offset_begin();
    o[1] = read_reserved_smem_offset_end();
    o[2] = read_reserved_smem_offset_cap();
    o[3] = read_reserved_smem_offset_0();
    o[4] = read_reserved_smem_offset_1();
    o[5] = read_total_smem_size();
    o[6] = read_aggr_smem_size();
    o[7] = read_dynamic_smem_size();
    o[8] = (unsigned)__cvta_generic_to_shared(s_words);
    o[9] = s_words[blockDim.x - 1];
    o[10] = (unsigned)__cvta_generic_to_shared(&s_words[blockDim.x]);
    o[11] = blockIdx.x;
  }
}

// And for one with no shared memory of its own at all.
__global__ void smem_layout_none(unsigned* out) {
  if (threadIdx.x == 0) {
    unsigned* o = out + 8 * blockIdx.x;
    o[0] = read_reserved_smem_offset_begin();
    o[1] = read_reserved_smem_offset_end();
    o[2] = read_reserved_smem_offset_cap();
    o[3] = read_reserved_smem_offset_0();
    o[4] = read_reserved_smem_offset_1();
    o[5] = read_total_smem_size();
    o[6] = read_aggr_smem_size();
    o[7] = read_dynamic_smem_size();
  }
}
