#!/bin/sh
# Makes this folder's fat binaries and expected PTX anew with CUDA 13.0's
# nvcc and cuobjdump (README.md says what each one is). nvcc comes from
# $CUDA_BIN, or else from the Python environment $CUDA_VENV (default
# target/cuda-venv under the repository root, as tools/lib/cuda_env.py
# has it); cuobjdump from $CUOBJDUMP, or else beside nvcc.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../../.." && pwd)
bin=${CUDA_BIN:-$(python3 "$root/tools/lib/cuda_env.py")}
nvcc="$bin/nvcc"
cuobjdump=${CUOBJDUMP:-$bin/cuobjdump}
cd "$here"

# PTX for compute_90 only, compressed as nvcc 13.0 does by default (zstd).
"$nvcc" -fatbin -gencode arch=compute_90,code=compute_90 -o ptx90.fatbin vadd.cu
# The same, with --compress-mode=speed (LZ4).
"$nvcc" -fatbin -gencode arch=compute_90,code=compute_90 --compress-mode=speed -o ptx90_lz4.fatbin vadd.cu
# The same, uncompressed.
"$nvcc" -fatbin -gencode arch=compute_90,code=compute_90 --no-compress -o ptx90_plain.fatbin vadd.cu
# -arch=sm_90a: PTX for compute_90, SASS for sm_90a, PTX for compute_90a.
"$nvcc" -fatbin -arch=sm_90a -o sm90a.fatbin vadd.cu
# SASS only, for sm_80 and sm_90a (--compress-mode=size compresses the
# cubins too, which keeps the file small).
"$nvcc" -fatbin -gencode arch=compute_80,code=sm_80 -gencode arch=compute_90a,code=sm_90a \
    --compress-mode=size -o sass80_90a.fatbin vadd.cu
# LTO-IR for compute_90 only.
"$nvcc" -fatbin -gencode arch=compute_90,code=lto_90 -o lto90.fatbin vadd.cu
# What nvcc -ptx writes, to compare with modulo comments and spacing.
"$nvcc" -ptx -arch=compute_90 -o vadd.compute_90.ptx vadd.cu

# The PTX texts as cuobjdump extracts them (named <blob>.<n>.sm_<arch>.ptx).
for f in ptx90 ptx90_lz4 ptx90_plain sm90a; do
    "$cuobjdump" -xptx all "$f.fatbin" >/dev/null
done
