#!/usr/bin/env bash
# The check of the CUDA stand-in (ptx-libcuda) against real clients, as CI
# runs it (.ci/run): NVIDIA's cuda-samples programs, built by nvcc 13.0 from
# PyPI against the shared runtime, run on the CPU with
# LD_LIBRARY_PATH=target/release/cuda, each judged by its own verdict (all
# but the three too long for CI: run.sh --quick).
# Fails, never skips, when something is missing (PyPI, g++, the library).
#
#   bash tests/cuda-samples/check.sh
set -euo pipefail
cd "$(dirname "$0")/../.."

# CUDA 13.0 from PyPI (tools/lib/cuda_env.py: $CUDA_VENV, default
# target/cuda-venv), with the profiler API header two samples include.
python3 tools/lib/cuda_env.py --install

# The stand-in: target/release/cuda/libcudart.so.13 and libcuda.so.1.
cargo build --release
for lib in libcudart.so.13 libcuda.so.1; do
    [[ -e target/release/cuda/$lib ]] || { echo "check.sh: cargo build --release made no target/release/cuda/$lib"; exit 1; }
done

bash tests/cuda-samples/build.sh target/cuda-samples
# build.sh rewrites imports.txt: what is committed must be what it wrote.
if ! git diff --quiet -- tests/cuda-samples/imports.txt; then
    git --no-pager diff -- tests/cuda-samples/imports.txt
    echo "check.sh: tests/cuda-samples/imports.txt differs from what build.sh wrote (above): commit it"
    exit 1
fi
# --quick: all but the three whose fixed sizes take the interpreter longer
# than CI allows (run.sh's table says which; README.md has their times).
bash tests/cuda-samples/run.sh --quick --lib target/release/cuda target/cuda-samples
