__global__ void k(unsigned *out, unsigned v, unsigned long long a) {
  unsigned r = 0;
#ifdef CASE_decl_param_st
  asm volatile("{ .param .b32 x; st.param.b32 [x], %1; ld.param.b32 %0, [x]; }" : "=r"(r) : "r"(v));
#endif
#ifdef CASE_decl_param_ld
  asm volatile("{ .param .b32 x; ld.param.b32 %0, [x]; }" : "=r"(r));
#endif
#ifdef CASE_st_param_reg
  asm volatile("st.param.u32 [%0], %1;" :: "l"(a), "r"(v));
#endif
#ifdef CASE_ld_param_func
  asm volatile("ld.param::func.u32 %0, [%1];" : "=r"(r) : "l"(a));
#endif
#ifdef CASE_decl_const
  asm volatile("{ .const .b32 x; ld.const.b32 %0, [x]; }" : "=r"(r));
#endif
  out[0] = r;
}
