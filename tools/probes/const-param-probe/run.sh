#!/bin/bash
# Which inline-asm .param/.const statements ptxas takes, and what the H100 says
# about constant and parameter addresses.
cd "$(dirname "$0")"
nvcc --version | tail -2
for case in decl_param_st decl_param_ld st_param_reg ld_param_func decl_const; do
  if nvcc -arch=sm_90 -c -D CASE_$case -o /dev/null accept.cu 2> err.txt; then echo "$case: accepted"; else echo "$case: rejected: $(head -c 400 err.txt)"; fi
done
nvcc -arch=sm_90 -o spaces spaces.cu && ./spaces
