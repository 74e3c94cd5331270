#!/usr/bin/env bash
# Runs the Python CUDA clients (Numba, CuPy) against ptx-libcuda's stand-in
# for the CUDA driver, each script comparing its kernels' results with
# NumPy's and exiting non-zero on a difference.
#
#   bash tests/python/run.sh [--real] [--lib DIR] [--python PY] [SCRIPT...]
#
# --lib DIR  the stand-in's folder, put first on LD_LIBRARY_PATH (default
#            target/release/cuda, which `cargo build --release` leaves)
# --real     leave LD_LIBRARY_PATH alone: the machine's own driver (a GPU)
# --python PY  run the scripts with PY as it is, installing nothing (a GPU
#            machine's own Python with numba-cuda, cupy and numpy)
# SCRIPT     which scripts to run (default: every *.py here)
#
# The packages go into $PTX_PY_VENV (default target/py-venv), installed from
# PyPI at CUDA 13.0 (newer CUDA emits PTX a 13.0 driver cannot load).
# nvidia-nvjitlink is left out on purpose: with it, Numba and cuda.core link
# kernels into SASS, which the simulator cannot run; without it they link
# PTX through the driver's cuLink*, as the stand-in implements.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
lib=$repo/target/release/cuda
real=0
python=
scripts=()
while (( $# )); do
    case $1 in
        --lib) lib=$2; shift 2 ;;
        --lib=*) lib=${1#--lib=}; shift ;;
        --real) real=1; shift ;;
        --python) python=$2; shift 2 ;;
        --python=*) python=${1#--python=}; shift ;;
        -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
        -*) echo "run.sh: unknown option $1" >&2; exit 2 ;;
        *) scripts+=("$1"); shift ;;
    esac
done
(( ${#scripts[@]} )) || scripts=("$here"/*.py)

if [[ -z $python ]]; then
    venv=${PTX_PY_VENV:-$repo/target/py-venv}
    packages=(
        numpy
        "numba-cuda==0.30.4" "cuda-bindings==13.0.*"
        "nvidia-nvvm==13.0.*" "nvidia-cuda-runtime==13.0.*" "nvidia-cuda-nvrtc==13.0.*"
        "cupy-cuda13x==14.2.0" "nvidia-cuda-cccl==13.0.*"
    )
    stamp=$venv/.ptx-packages
    if [[ ! -x $venv/bin/python ]] || [[ "$(cat "$stamp" 2>/dev/null)" != "${packages[*]}" ]]; then
        echo "installing into $venv: ${packages[*]}"
        python3 -m venv "$venv"
        "$venv/bin/pip" install -q "${packages[@]}"
        "$venv/bin/pip" uninstall -q -y nvidia-nvjitlink nvidia-nvjitlink-cu13 2>/dev/null || true
        echo "${packages[*]}" >"$stamp"
    fi
    python=$venv/bin/python
    # CuPy finds NVRTC and the runtime's headers in the pip packages.
    nvidia=$(echo "$venv"/lib/python3*/site-packages/nvidia/cu13)
    export CUDA_PATH=${CUDA_PATH:-$nvidia}
    extra_libs=$nvidia/lib
fi

if (( real )); then
    echo "driver: the machine's own (LD_LIBRARY_PATH=${LD_LIBRARY_PATH:-})"
else
    [[ -e $lib/libcuda.so.1 ]] || { echo "run.sh: no $lib/libcuda.so.1 (cargo build --release makes target/release/cuda)" >&2; exit 1; }
    lib=$(cd "$lib" && pwd)
    export LD_LIBRARY_PATH=$lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
    echo "driver: $lib"
fi
[[ -n ${extra_libs:-} ]] && export LD_LIBRARY_PATH=${LD_LIBRARY_PATH:+$LD_LIBRARY_PATH:}$extra_libs
# CuPy compiles with NVRTC to PTX, not SASS; and leaves CUB off: CuPy's
# prebuilt CUB kernels carry SASS and compute_120 PTX only, nothing an sm_90
# driver can load (CuPy then ignores the load error and sums to 0).
export CUPY_COMPILE_WITH_PTX=1
export CUPY_ACCELERATORS=
# Small grids are the point here, not a mistake.
export NUMBA_CUDA_LOW_OCCUPANCY_WARNINGS=0

failed=0
for script in "${scripts[@]}"; do
    echo "== $(basename "$script")"
    if ! "$python" -W ignore::RuntimeWarning "$script"; then
        echo "FAILED: $(basename "$script")"
        failed=$((failed + 1))
    fi
done
echo "python clients: $(( ${#scripts[@]} - failed )) of ${#scripts[@]} scripts passed"
(( failed == 0 ))
