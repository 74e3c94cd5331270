#include <cstdio>
struct P { unsigned a, b, c, d; };
__constant__ unsigned cdata[4] = {11, 22, 33, 44};
__global__ void k(unsigned long long *out, const __grid_constant__ P p) {
  unsigned long long g = (unsigned long long)cdata, cst, back, pg = (unsigned long long)&p, pp;
  unsigned isc, isg_c, isg_p, isp_p, v, vp, vpg;
  asm volatile("cvta.to.const.u64 %0, %1;" : "=l"(cst) : "l"(g));
  asm volatile("cvta.const.u64 %0, %1;" : "=l"(back) : "l"(cst));
  asm volatile("ld.const.u32 %0, [%1+4];" : "=r"(v) : "l"(cst));
  asm volatile("{ .reg .pred q; isspacep.const q, %1; selp.u32 %0, 1, 0, q; }" : "=r"(isc) : "l"(g));
  asm volatile("{ .reg .pred q; isspacep.global q, %1; selp.u32 %0, 1, 0, q; }" : "=r"(isg_c) : "l"(g));
  asm volatile("{ .reg .pred q; isspacep.global q, %1; selp.u32 %0, 1, 0, q; }" : "=r"(isg_p) : "l"(pg));
  asm volatile("{ .reg .pred q; isspacep.param q, %1; selp.u32 %0, 1, 0, q; }" : "=r"(isp_p) : "l"(pg));
  asm volatile("cvta.to.param.u64 %0, %1;" : "=l"(pp) : "l"(pg));
  asm volatile("ld.param.u32 %0, [%1+8];" : "=r"(vp) : "l"(pp));
  asm volatile("ld.u32 %0, [%1+12];" : "=r"(vpg) : "l"(pg));
  out[0] = g; out[1] = cst; out[2] = back; out[3] = v; out[4] = isc; out[5] = isg_c;
  out[6] = isg_p; out[7] = isp_p; out[8] = pg; out[9] = pp; out[10] = vp; out[11] = vpg;
}
int main() {
  unsigned long long *d, h[12];
  cudaMalloc(&d, sizeof h);
  P p = {5, 6, 7, 8};
  k<<<1, 1>>>(d, p);
  cudaError_t e = cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  printf("err=%s\n", cudaGetErrorString(e));
  const char *n[12] = {"generic &cdata", "cvta.to.const", "cvta.const back", "ld.const [+4]", "isspacep.const(&cdata)",
    "isspacep.global(&cdata)", "isspacep.global(&p)", "isspacep.param(&p)", "generic &p", "cvta.to.param(&p)", "ld.param [+8]", "ld generic &p+12"};
  for (int i = 0; i < 12; i++) printf("%s = %#llx\n", n[i], h[i]);
}
