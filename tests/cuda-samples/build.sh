#!/usr/bin/env bash
# Builds the cuda-samples programs of src/ (NVIDIA's, unmodified) the way
# their CMakeLists.txt do, but against the shared CUDA runtime
# (libcudart.so.13, which ptx-libcuda stands in for) and for compute_90 PTX
# only, so that the fat binary carries PTX for the stand-in (or the driver's
# JIT) to take. No GPU is needed to build.
#
#   bash tests/cuda-samples/build.sh [OUT_DIR]     (default target/cuda-samples)
#
# nvcc is CUDA 13.0's, found by tools/lib/cuda_env.py ($CUDA_VENV or
# $CUDA_BIN; `python3 tools/lib/cuda_env.py --install` installs it); $NVCC,
# when set, names another (say a GPU machine's own CUDA). $JOBS builds that
# many programs at once (default: the number of cores).
#
# Writes OUT_DIR/<program> for each program, OUT_DIR/<program>.build.log,
# and tests/cuda-samples/imports.txt: the cuda* symbols the programs import
# from the shared libraries (which CUDA runtime calls a stand-in must have),
# counted over the programs, then program by program.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
out=${1:-$repo/target/cuda-samples}
mkdir -p "$out"
out=$(cd "$out" && pwd)
src=$here/src
samples=$src/Samples

if [[ -n ${NVCC:-} ]]; then
    nvcc=$NVCC
else
    bin=$(python3 "$repo/tools/lib/cuda_env.py") || {
        echo "build.sh: no CUDA 13.0 (above); run python3 tools/lib/cuda_env.py --install" >&2
        exit 1
    }
    nvcc=$bin/nvcc
fi
[[ -x $nvcc ]] || { echo "build.sh: $nvcc is not an executable nvcc" >&2; exit 1; }
# asyncAPI and matrixMul include cuda_profiler_api.h, which CUDA from pip
# keeps in a package of its own (tools/lib/cuda_env.py --install installs it).
if ! echo '#include <cuda_profiler_api.h>' | "$nvcc" -x cu -E - -o /dev/null 2>/dev/null; then
    echo "build.sh: $nvcc finds no cuda_profiler_api.h; for CUDA from pip:" >&2
    echo "    python3 tools/lib/cuda_env.py --install" >&2
    exit 1
fi
for tool in objdump readelf g++; do
    command -v $tool >/dev/null || { echo "build.sh: $tool is missing" >&2; exit 1; }
done

# What every sample's CMakeLists.txt sets (C++17, --extended-lambda,
# -lineinfo), plus: the shared runtime, PTX for compute_90 alone (the
# H100's; no SASS), host code at -O2 (CMake's default build type has none;
# the samples' own CPU checks are slow at -O0), and the samples' Common/
# headers.
#
# CMakeLists.txt also sets CUDA_SEPARABLE_COMPILATION ON for every sample
# (-rdc=true), though none of these needs it (no device call crosses a file,
# no dynamic parallelism). With PTX alone, -rdc=true leaves nvlink nothing
# it can link: the program then registers an empty fat binary whose wrapper
# (version 2) lists relocatable ones, each file's PTX and libcudadevrt's
# cubins, for the driver to link when it loads them. The default here is
# whole-program compilation, each file's fat binary holding its complete
# PTX; $SAMPLES_RDC=1 builds as CMake does, for a stand-in that links.
flags=(-cudart shared -gencode arch=compute_90,code=compute_90
       -std=c++17 --extended-lambda -lineinfo -Wno-deprecated-gpu-targets
       -O2 -I"$src/Common")
if [[ ${SAMPLES_RDC:-0} == 1 ]]; then
    flags+=(-rdc=true)
fi
# CUDA from pip keeps its libraries in lib/ (nvcc.profile looks in lib64/)
# and has no unversioned libcudart.so to link with: name both.
cuda_lib=$(cd "$(dirname "$nvcc")/.." && pwd)/lib
if [[ -e $cuda_lib/libcudart.so.13 ]]; then
    mkdir -p "$out/.link"
    [[ -e $cuda_lib/libcudart.so ]] || ln -sfn "$cuda_lib/libcudart.so.13" "$out/.link/libcudart.so"
    flags+=(-L"$out/.link" -L"$cuda_lib")
fi

# program | folder under Samples/ | sources (as CMakeLists.txt lists them) | extra flags
programs=(
    "vectorAdd|0_Introduction/vectorAdd|vectorAdd.cu|"
    "matrixMul|0_Introduction/matrixMul|matrixMul.cu|"
    "simpleAtomicIntrinsics|0_Introduction/simpleAtomicIntrinsics|simpleAtomicIntrinsics.cu simpleAtomicIntrinsics_cpu.cpp|"
    "simpleCooperativeGroups|0_Introduction/simpleCooperativeGroups|simpleCooperativeGroups.cu|"
    "asyncAPI|0_Introduction/asyncAPI|asyncAPI.cu|"
    "simpleStreams|0_Introduction/simpleStreams|simpleStreams.cu|"
    "simpleZeroCopy|0_Introduction/simpleZeroCopy|simpleZeroCopy.cu|"
    "simpleHyperQ|0_Introduction/simpleHyperQ|simpleHyperQ.cu|"
    "reduction|2_Concepts_and_Techniques/reduction|reduction.cpp reduction_kernel.cu|"
    "scan|2_Concepts_and_Techniques/scan|main.cpp scan_gold.cpp scan.cu|"
    "histogram|2_Concepts_and_Techniques/histogram|histogram256.cu histogram64.cu histogram_gold.cpp main.cpp|"
    "sortingNetworks|2_Concepts_and_Techniques/sortingNetworks|main.cpp bitonicSort.cu sortingNetworks_validate.cpp|"
    "threadFenceReduction|2_Concepts_and_Techniques/threadFenceReduction|threadFenceReduction.cu|"
    "reductionMultiBlockCG|2_Concepts_and_Techniques/reductionMultiBlockCG|reductionMultiBlockCG.cu|"
    # CPU_DEBUG=1 (a switch of the source) makes it check its product
    # against the host's; without it the sample checks nothing.
    "cudaTensorCoreGemm|3_CUDA_Features/cudaTensorCoreGemm|cudaTensorCoreGemm.cu|-DCPU_DEBUG=1"
    "globalToShmemAsyncCopy|3_CUDA_Features/globalToShmemAsyncCopy|globalToShmemAsyncCopy.cu|"
    "simpleCudaGraphs|3_CUDA_Features/simpleCudaGraphs|simpleCudaGraphs.cu|"
    # CMakeLists.txt links cuBLAS and cuSPARSE, which the source does not
    # call: built without them.
    "conjugateGradientMultiBlockCG|4_CUDA_Libraries/conjugateGradientMultiBlockCG|conjugateGradientMultiBlockCG.cu|"
    "transpose|6_Performance/transpose|transpose.cu|"
    "LargeKernelParameter|6_Performance/LargeKernelParameter|LargeKernelParameter.cu|"
    "simpleTexture|0_Introduction/simpleTexture|simpleTexture.cu|"
    "simplePitchLinearTexture|0_Introduction/simplePitchLinearTexture|simplePitchLinearTexture.cu|"
    "simpleSurfaceWrite|0_Introduction/simpleSurfaceWrite|simpleSurfaceWrite.cu|"
    "simpleLayeredTexture|0_Introduction/simpleLayeredTexture|simpleLayeredTexture.cu|"
)

build_one() {
    local name=$1 dir=$2 sources=$3 extra=$4
    local log=$out/$name.build.log
    local started=$SECONDS
    rm -f "$out/$name"
    # Object files go to a folder of their own, so that parallel builds of
    # files with the same name (main.cpp) do not meet.
    local tmp
    tmp=$(mktemp -d)
    local srcs=()
    for s in $sources; do srcs+=("$samples/$dir/$s"); done
    # shellcheck disable=SC2086
    if (cd "$tmp" && "$nvcc" "${flags[@]}" $extra "${srcs[@]}" -o "$out/$name") >"$log" 2>&1; then
        rm -rf "$tmp"
        echo "built  $name ($((SECONDS - started)) s)"
    else
        rm -rf "$tmp"
        echo "FAILED $name: see $log"
        sed 's/^/    /' "$log" | tail -n 20
        return 1
    fi
}

echo "nvcc: $nvcc"
"$nvcc" --version | tail -n 2
echo "flags: ${flags[*]}"
jobs_max=${JOBS:-$(nproc)}
failed=0
pids=()
names=()
for entry in "${programs[@]}"; do
    IFS='|' read -r name dir sources extra <<<"$entry"
    while (( $(jobs -rp | wc -l) >= jobs_max )); do
        wait -n || true
    done
    build_one "$name" "$dir" "$sources" "$extra" &
    pids+=($!)
    names+=("$name")
done
for i in "${!pids[@]}"; do
    wait "${pids[$i]}" || failed=$((failed + 1))
done
if (( failed )); then
    echo "build.sh: $failed of ${#programs[@]} programs failed to build"
    exit 1
fi

# The files a program reads (simpleTexture's and simpleSurfaceWrite's
# .pgm images, the same two files in both) go to OUT_DIR/data/, where the
# samples' sdkFindFilePath looks first ("./data/"; run.sh runs each program
# in OUT_DIR).
for entry in "${programs[@]}"; do
    IFS='|' read -r name dir sources extra <<<"$entry"
    if [[ -d $samples/$dir/data ]]; then
        mkdir -p "$out/data"
        cp "$samples/$dir/data/"* "$out/data/"
    fi
done

# Each program must take the runtime from libcudart.so.13 (the library the
# stand-in replaces), not statically linked: a NEEDED entry, and no rpath
# that would outrank LD_LIBRARY_PATH.
bad=0
for name in "${names[@]}"; do
    dyn=$(readelf -d "$out/$name")
    if ! grep -q 'NEEDED.*\[libcudart\.so\.13\]' <<<"$dyn"; then
        echo "build.sh: $name does not need libcudart.so.13:"
        grep NEEDED <<<"$dyn"
        bad=1
    fi
    if grep -q -E '\((RPATH|RUNPATH)\)' <<<"$dyn"; then
        echo "build.sh: $name has an rpath:"
        grep -E 'RPATH|RUNPATH' <<<"$dyn"
        bad=1
    fi
done
[[ $bad == 0 ]] || exit 1

# The imports: undefined dynamic symbols whose names start with cuda or
# __cuda, per program, then counted over the programs.
imports=$here/imports.txt
per_program=$(mktemp)
for name in "${names[@]}"; do
    objdump -T "$out/$name" | awk '$0 ~ /\*UND\*/ && $NF ~ /^_*cuda/ { print $NF, $(NF-1) }' \
        | sort -u | sed "s/^/$name /"
done >"$per_program"
versions=$(awk '{ print $3 }' "$per_program" | sort -u | tr -d '()' | paste -sd' ')
{
    echo "# The CUDA runtime symbols the cuda-samples programs import (objdump -T: undefined"
    echo "# dynamic symbols named cuda* or __cuda*), as tests/cuda-samples/build.sh builds them"
    echo "# (nvcc $("$nvcc" --version | sed -n 's/.*release \([0-9.]*\).*/\1/p'), -cudart shared${SAMPLES_RDC:+, SAMPLES_RDC=$SAMPLES_RDC})."
    echo "# Each is asked for with the symbol version: $versions."
    echo "# Written by build.sh; do not edit."
    echo "#"
    echo "# programs  symbol  (of ${#names[@]} programs; most used first)"
    awk '{ print $2 }' "$per_program" | sort | uniq -c | sort -k1,1nr -k2,2 \
        | awk '{ printf "%3d  %s\n", $1, $2 }'
    echo
    echo "# Program by program"
    for name in "${names[@]}"; do
        syms=$(awk -v n="$name" '$1 == n { print $2 }' "$per_program")
        echo
        echo "## $name ($(wc -l <<<"$syms") symbols)"
        echo "$syms"
    done
} >"$imports"
rm -f "$per_program"
echo "all ${#names[@]} programs built in $out; ${imports#"$repo"/}: $(grep -c -E '^ *[0-9]+  ' "$imports") distinct symbols"
