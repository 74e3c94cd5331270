#!/usr/bin/env bash
# Proves on an H100 (the device machine: the CUDA driver, CuPy, no Rust)
# that the kernels rustc's nvptx64 backend compiled from `ptx!` code run on
# the GPU as the H100's records say, and that the simulator agrees with the
# GPU on them. It also records the hand-written harness kernels
# (nvptx_specs.py) as kernel cases, for `cargo test` to replay without a GPU.
#
# Here, from the repository root (the binaries and the harness's output
# travel in an ignored folder):
#   bash tools/gates/nvptx-harness/build.sh
#   cargo build --release -p ptx-tools -p warp-scan-kernel --features ptx-tools/cuda,warp-scan-kernel/cuda
#   rm -rf .device-carry && mkdir -p .device-carry
#   cp target/release/ptxsim target/release/warp-scan-kernel .device-carry/
#   strip .device-carry/ptxsim .device-carry/warp-scan-kernel
#   cp -r target/nvptx-harness/out .device-carry/harness
# There (device tool, carry [".device-carry"]):
#   bash tools/gates/nvptx-harness/prove.sh > $OUT/nvptx_h100.txt 2>&1
# The output is committed as tests/data/kernels/nvptx/nvptx_h100.txt, the
# recording ($OUT/nvptx_h100.jsonl.gz) as tests/data/kernels/nvptx/.
set -uo pipefail
cd "$(dirname "$0")/../../.."
carry=.device-carry
sim=$carry/ptxsim
harness=$carry/harness
out=${OUT:-/tmp}
bounded() { timeout 240 "$@"; echo "exit $?"; }
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader

echo "== golden-form kernels (rustc) on the GPU, against the H100's records of nvcc's inline asm"
bounded "$sim" run "$harness/golden_forms.jsonl.gz" --gpu | tail -n 5
echo "== the .approx golden-form kernels on the GPU, against the same records"
bounded "$sim" run "$harness/golden_forms_gpu_only.jsonl.gz" --gpu | tail -n 5
echo "== golden-form kernels in the simulator, against the GPU's bytes"
bounded "$sim" run "$harness/golden_forms.jsonl.gz" --diff | tail -n 5

echo "== the harness kernels (warp intrinsics, the examples' statements): memcheck, then recorded"
set_dir=$(mktemp -d)
cp tools/generators/gpu-golden/kernels/record.py tools/lib/kernel_inputs.py tools/gates/nvptx-harness/nvptx_specs.py "$set_dir/"
mkdir -p "$set_dir/modules/nvptx"
cp tests/data/kernels/nvptx/modules/{warp,examples}.ptx tests/data/kernels/nvptx/modules/index.tsv \
    "$set_dir/modules/nvptx/"
export PYTHONUNBUFFERED=1
timeout 120 compute-sanitizer --tool memcheck python3 "$set_dir/record.py" nvptx /tmp/memcheck.jsonl.gz 2>&1 | tail -n 8
timeout 120 python3 "$set_dir/record.py" nvptx "$out/nvptx_h100.jsonl.gz" 2>&1 | tail -n 8
echo "== the recorded harness kernels in the simulator, against the GPU's bytes"
replay=$(mktemp -d)
cp "$out/nvptx_h100.jsonl.gz" "$replay/"
cp -r "$set_dir/modules/nvptx" "$replay/modules"
bounded "$sim" run "$replay/nvptx_h100.jsonl.gz" --diff -v

echo "== the example kernel crate: Backend::Auto, then Backend::Both"
bounded "$carry/warp-scan-kernel"
bounded "$carry/warp-scan-kernel" --both
