#!/bin/sh
# What ptxas makes of one m8n8k4 mma with f16 inputs on sm_90: prints the
# SASS's shuffles and f32 arithmetic (the A/B/C loads depend on the lane, so
# that ptxas cannot treat them as uniform and drop the shuffles).
#
#   tools/probes/mma-fit/m8n8k4_sass.sh row.col.f16.f16.f16.f16
#   tools/probes/mma-fit/m8n8k4_sass.sh row.col.f32.f16.f16.f32
#
# ptxas and cuobjdump: CUDA 13.0's, e.g. from the nvidia-cuda-nvcc and
# nvidia-cuda-cuobjdump wheels: those of $CUDA_VENV (default target/cuda-venv,
# tools/lib/README.md); CUDA_BIN overrides where they are.
set -e
cd "$(dirname "$0")/../../.."
form=${1:-row.col.f16.f16.f16.f16}
bin=${CUDA_BIN:-$(python3 tools/lib/cuda_env.py)}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
case $form in
    *.f32.f16.f16.f32) d="{f1,f2,f3,f4,f5,f6,f7,f8}"; c="{f11,f12,f13,f14,f15,f16,f17,f18}" ;;
    *.f32.f16.f16.f16) d="{f1,f2,f3,f4,f5,f6,f7,f8}"; c="{r5,r6,r7,r8}" ;;
    *) d="{r10,r11,r12,r13}"; c="{r5,r6,r7,r8}" ;;
esac
cat >"$dir/k.ptx" <<PTX
.version 9.0
.target sm_90
.address_size 64
.visible .entry k(.param .u64 p) {
    .reg .b32 r<40>;
    .reg .b64 rd<4>;
    .reg .f32 f<20>;
    ld.param.u64 rd1, [p];
    mov.u32 r30, %tid.x;
    mul.wide.u32 rd2, r30, 64;
    add.u64 rd1, rd1, rd2;
    ld.global.v4.b32 {r1, r2, r3, r4}, [rd1];
    ld.global.v4.b32 {r5, r6, r7, r8}, [rd1+16];
    ld.global.v4.f32 {f11, f12, f13, f14}, [rd1+32];
    ld.global.v4.f32 {f15, f16, f17, f18}, [rd1+48];
    mma.sync.aligned.m8n8k4.$form $d, {r1, r2}, {r3, r4}, $c;
    st.global.v4.b32 [rd1], {r10, r11, r12, r13};
    st.global.v4.f32 [rd1+32], {f1, f2, f3, f4};
    st.global.v4.f32 [rd1+48], {f5, f6, f7, f8};
}
PTX
"$bin/ptxas" -arch=sm_90 "$dir/k.ptx" -o "$dir/k.cubin"
"$bin/cuobjdump" -sass "$dir/k.cubin" |
    sed -n 's@^ *\(/\*[0-9a-f]*\*/\) *\([^;]*\);.*@\1 \2@p' |
    grep -E 'SHFL|HADD2.F32|FMUL|FFMA|FADD|F2FP'
