#!/usr/bin/env bash
# On a GPU machine: runs the cuda-samples programs with NVIDIA's own
# runtime and driver, and keeps what each printed, to be committed as
# tests/cuda-samples/h200/ (what the stand-in's runs are read against).
#
#   bash tests/cuda-samples/gpu.sh [--lib DIR] [BIN_DIR]
#
# BIN_DIR     the programs, as build.sh built them (default
#             target/cuda-samples); when it has none, build.sh builds them
#             there first (with $NVCC, or CUDA 13.0 from tools/lib/cuda_env.py)
# --lib DIR   the folder with NVIDIA's libcudart.so.13 (default: the one of
#             $CUDA_VENV when it has one, else the machine's, as the loader
#             finds it); libcuda.so.1 is always the machine's driver
# --only, --timeout  passed on to run.sh
#
# Writes to $OUT (default target/cuda-samples-gpu): <name>.out for each run
# of run.sh, summary.txt (run.sh's lines and table), machine.txt (the GPU,
# the driver, the runtime library, the programs' nvcc). Then:
#
#   cp $OUT/*.out $OUT/summary.txt $OUT/machine.txt tests/cuda-samples/h200/
#
# A machine without internet access cannot install CUDA from pip: build
# here, then carry BIN_DIR and a folder holding libcudart.so.13 along.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)

lib=
bin_dir=
pass=()
while (( $# )); do
    case $1 in
        --lib) lib=$2; shift 2 ;;
        --lib=*) lib=${1#--lib=}; shift ;;
        --only|--timeout) pass+=("$1" "$2"); shift 2 ;;
        --only=*|--timeout=*) pass+=("$1"); shift ;;
        -*) echo "gpu.sh: unknown option $1" >&2; exit 2 ;;
        *) bin_dir=$1; shift ;;
    esac
done
bin_dir=${bin_dir:-$repo/target/cuda-samples}
out=${OUT:-$repo/target/cuda-samples-gpu}
mkdir -p "$out"

if [[ ! -x $bin_dir/vectorAdd ]]; then
    bash "$here/build.sh" "$bin_dir" || exit 1
fi

if [[ -z $lib ]]; then
    if cudabin=$(python3 "$repo/tools/lib/cuda_env.py" 2>/dev/null) \
            && [[ -e $cudabin/../lib/libcudart.so.13 ]]; then
        lib=$(cd "$cudabin/../lib" && pwd)
    fi
fi

{
    echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
    echo "host: $(uname -srm)"
    if command -v nvidia-smi >/dev/null; then
        nvidia-smi --query-gpu=name,driver_version,compute_cap,memory.total,clocks.max.sm --format=csv
        nvidia-smi | sed -n '1,4p'
    else
        echo "nvidia-smi: not found"
    fi
    echo "libcuda.so.1: $(ldconfig -p 2>/dev/null | grep -m1 'libcuda\.so\.1 ' | sed 's/.*=> //')"
    if [[ -n $lib ]]; then
        echo "libcudart.so.13: $lib/libcudart.so.13 ($(readlink -f "$lib/libcudart.so.13" | xargs basename))"
    else
        echo "libcudart.so.13: the machine's ($(ldconfig -p 2>/dev/null | grep -m1 'libcudart\.so\.13' | sed 's/.*=> //'))"
    fi
    echo "programs: $bin_dir ($(sed -n 's/^# (\(nvcc .*\))\.$/\1/p' "$here/imports.txt"), as build.sh builds them)"
} >"$out/machine.txt" 2>&1
cat "$out/machine.txt"

if [[ -n $lib ]]; then
    args=(--lib "$lib")
else
    args=(--real)
fi
bash "$here/run.sh" "${args[@]}" "${pass[@]}" --outputs "$out" "$bin_dir" 2>&1 | tee "$out/summary.txt"
status=${PIPESTATUS[0]}
echo "gpu.sh: outputs in $out (run.sh's exit status $status)"
exit "$status"
