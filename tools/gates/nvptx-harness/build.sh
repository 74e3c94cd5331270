#!/usr/bin/env bash
# Compiles kernels that use `ptx!` for the GPU with rustc's nvptx64 backend,
# for real, and has ptxas 13.0 assemble every module.
#
# The nightly toolchain has the nvptx64-nvidia-cuda target but no rust-src,
# so `-Zbuild-std` cannot build `core` for it. Stand-ins here take its place
# (core.rs, compiler_builtins.rs, and half.rs for the `half` crate); the
# `ptx` crate itself (src/lib.rs, `no_std` on nvptx64) and its proc macro
# (built for the host by the same nightly) are the real ones. Kernels:
#   golden_forms: one kernel per statement of the H100 golden file
#                 (`ptxsim gen-nvptx-kernels`), with the kernel cases that
#                 expect the recorded results (golden_forms.jsonl.gz);
#   warp:         every family of `ptx::warp` intrinsics (kernels/warp.rs);
#   examples:     the examples' statements (kernels/examples.rs);
#   warp_scan:    the example kernel crate (examples/warp-scan-kernel).
#
#   bash tools/gates/nvptx-harness/build.sh [OUT]     (OUT: target/nvptx-harness/out)
#
# Writes OUT/modules/{golden_forms,warp,examples,warp_scan}.ptx and
# OUT/golden_forms.{rs,jsonl.gz}.
# Needs `rustc +nightly` with the nvptx64-nvidia-cuda target, and ptxas
# ($PTXAS, or CUDA 13.0's from the Python package `nvidia-cuda-nvcc==13.0.88`
# in $CUDA_VENV, default target/cuda-venv, see tools/gates/nvptx-harness/ptxas.sh).
set -euo pipefail
cd "$(dirname "$0")/../../.."
root=$PWD
out=$(realpath -m "${1:-target/nvptx-harness/out}")
here=tools/gates/nvptx-harness
work=target/nvptx-harness
fail() { echo "nvptx-harness: $*" >&2; exit 1; }

rustc +nightly --version >/dev/null 2>&1 || fail "no nightly toolchain (rustc +nightly)"
# The list read whole first (under pipefail, `grep -q` leaving a pipe early
# can fail the check through rustc's SIGPIPE).
targets=$(rustc +nightly --print target-list)
grep -qx nvptx64-nvidia-cuda <<<"$targets" ||
    fail "the nightly toolchain has no nvptx64-nvidia-cuda target"
ptxas=$(bash "$here/ptxas.sh")

# The proc macro runs inside the nightly compiler, so the nightly builds it.
cargo +nightly build --quiet --release -p ptx-macros --target-dir "$work/host"
macros_dir=$root/$work/host/release
# `ptxsim gen-nvptx-kernels`, built by the stable toolchain like the rest.
cargo build --quiet --release -p ptx-tools --bin ptxsim

lib=$root/$work/lib
mkdir -p "$lib" "$out/modules"
# sm_90 with PTX ISA 8.7 (CUDA 12.8): rustc's default for sm_90 is 7.8,
# which ptxas refuses for the FP8 mma and `.satfinite` conversions.
nvptx=(rustc +nightly --edition 2024 --target nvptx64-nvidia-cuda
       -C target-cpu=sm_90 -C target-feature=+ptx87 -C opt-level=3
       -L "$lib" -L "$macros_dir")
"${nvptx[@]}" --crate-type rlib "$here/core.rs" -o "$lib/libcore.rlib"
"${nvptx[@]}" --crate-type rlib "$here/compiler_builtins.rs" -o "$lib/libcompiler_builtins.rlib"
"${nvptx[@]}" --crate-type rlib --crate-name half "$here/half.rs" -o "$lib/libhalf.rlib"
"${nvptx[@]}" --crate-type rlib --crate-name ptx src/lib.rs \
    --extern ptx_macros="$macros_dir/libptx_macros.so" --extern half="$lib/libhalf.rlib" \
    -o "$lib/libptx.rlib"

target/release/ptxsim gen-nvptx-kernels tests/data/golden/h100_sm90_seed11.jsonl.gz "$out"
kernel() { # NAME SOURCE
    "${nvptx[@]}" --crate-type cdylib --crate-name "$1" --emit asm \
        --extern ptx="$lib/libptx.rlib" "$2" -o "$out/modules/$1.ptx"
}
kernel golden_forms "$out/golden_forms.rs"
kernel warp "$here/kernels/warp.rs"
kernel examples "$here/kernels/examples.rs"
kernel warp_scan examples/warp-scan-kernel/src/lib.rs

for module in "$out"/modules/*.ptx; do
    entries=$(grep -c '^\.visible \.entry' "$module")
    "$ptxas" -arch=sm_90 "$module" -o /dev/null ||
        fail "ptxas rejects $module"
    echo "ptxas -arch=sm_90 accepts $(basename "$module"): $entries kernels"
done
