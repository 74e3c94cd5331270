#!/usr/bin/env bash
# How the CUDA stand-in fares on cuda-samples programs nobody tuned it to:
# builds every sample of a cuda-samples checkout that needs nothing beyond
# the CUDA runtime (no cuBLAS, cuFFT, OpenGL, MPI, ...), runs each against
# the stand-in with a time limit, and tabulates what happened. A survey,
# not a test: tests/cuda-samples/ holds the programs CI runs with their
# own verdicts; this says where to look next.
#
#   bash tools/dev/cuda-samples-survey.sh [--src DIR] [--out DIR] [--lib DIR]
#        [--timeout S] [--jobs N] [SAMPLE...]
#
# --src DIR     a cuda-samples checkout (default $CUDA_SAMPLES_SRC), e.g.
#               git clone --depth 1 --branch v13.0 https://github.com/NVIDIA/cuda-samples
# --out DIR     builds, outputs and survey.txt go here (default target/cuda-survey)
# --lib DIR     the stand-in's folder (default target/release/cuda)
# --timeout S   each program's time limit (default 120)
# --jobs N      builds at once (default nproc); programs run one at a time
# SAMPLE        names of sample folders (default: every folder under Samples/
#               with a CMakeLists.txt)
#
# Sources and libraries come from each sample's CMakeLists.txt: its
# add_executable sources, and target_link_libraries' CUDA:: names, of which
# only cudart and cuda_driver are available here, and find_package's
# names: a sample needing another library or package (OpenGL, MPI, OpenMP,
# ...) is listed as skipped, with what it needs. Flags as tests/cuda-samples/
# build.sh: PTX for compute_90 only, the shared runtime, host code at -O2.
#
# Verdicts: pass (exit 0 and no line saying FAIL, failed or mismatch, other
# than "failed as expected"), waived
# (exit 2, the samples' EXIT_WAIVED, or a line saying "not supported" or
# "waived": the sample found the device lacking, and some exit 0 then),
# fail (other exit status, or exit 0 with such a line), timeout, build
# (nvcc failed), skip (needs a library or a display). nvcc comes from
# tools/lib/cuda_env.py ($CUDA_VENV, $CUDA_BIN) or $NVCC.
set -uo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
src=${CUDA_SAMPLES_SRC:-}
out=$repo/target/cuda-survey
lib=$repo/target/release/cuda
timeout=120
jobs_max=$(nproc)
names=()
while (( $# )); do
    case $1 in
        --src) src=$2; shift 2 ;;
        --out) out=$2; shift 2 ;;
        --lib) lib=$2; shift 2 ;;
        --timeout) timeout=$2; shift 2 ;;
        --jobs) jobs_max=$2; shift 2 ;;
        -h|--help) sed -n '2,/^set -uo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
        -*) echo "survey: unknown option $1" >&2; exit 2 ;;
        *) names+=("$1"); shift ;;
    esac
done
[[ -n $src && -d $src/Samples ]] || { echo "survey: --src must name a cuda-samples checkout (no Samples/ in '${src}')" >&2; exit 2; }
src=$(cd "$src" && pwd)
[[ -e $lib/libcudart.so.13 ]] || { echo "survey: no $lib/libcudart.so.13 (cargo build --release makes it)" >&2; exit 2; }
lib=$(cd "$lib" && pwd)
mkdir -p "$out" && out=$(cd "$out" && pwd)

nvcc=${NVCC:-}
if [[ -z $nvcc ]]; then
    bin=$(python3 "$repo/tools/lib/cuda_env.py") || { echo "survey: no nvcc (tools/lib/cuda_env.py --install)" >&2; exit 2; }
    nvcc=$bin/nvcc
fi
cuda_lib=$(cd "$(dirname "$nvcc")/.." && pwd)/lib
flags=(-cudart shared -gencode arch=compute_90,code=compute_90 -std=c++17 --extended-lambda
       -Wno-deprecated-gpu-targets -O2 -I"$src/Common")
mkdir -p "$out/.link"
[[ -e $cuda_lib/libcudart.so ]] || ln -sfn "$cuda_lib/libcudart.so.13" "$out/.link/libcudart.so"
flags+=(-L"$out/.link" -L"$cuda_lib")

# The sample folders, by name.
declare -A folder
while IFS= read -r cmake; do
    dir=$(dirname "$cmake")
    folder[$(basename "$dir")]=$dir
done < <(find "$src/Samples" -mindepth 3 -maxdepth 3 -name CMakeLists.txt | sort)
(( ${#names[@]} )) || mapfile -t names < <(printf '%s\n' "${!folder[@]}" | sort)

# What a sample's CMakeLists.txt asks for: "sources|libraries|why skipped".
plan() {
    local cmake=$1/CMakeLists.txt
    local sources libs needs=
    # The first add_executable: its target, then its sources.
    sources=$(tr '\n' ' ' <"$cmake" | grep -o 'add_executable *([^)]*)' | head -n 1 |
        sed 's/add_executable *( *//; s/)$//' | awk '{for (i = 2; i <= NF; i++) print $i}' |
        grep -E '\.(cu|cpp|c|cc)$' | tr '\n' ' ')
    libs=$(grep -o 'CUDA::[A-Za-z_]*' "$cmake" | sort -u | tr '\n' ' ')
    for l in $libs; do
        case $l in
            CUDA::cudart | CUDA::cudart_static | CUDA::cuda_driver) ;;
            *) needs+="${l#CUDA::} " ;;
        esac
    done
    # Any package beyond the toolkit (OpenGL, MPI, OpenMP, Vulkan, ...).
    local package
    for package in $(grep -o 'find_package *( *[A-Za-z0-9_]*' "$cmake" | sed 's/.*( *//' | sort -u); do
        [[ $package == CUDAToolkit ]] || needs+="$package "
    done
    [[ -z $sources ]] && needs+="no add_executable "
    echo "$sources|$libs|$needs"
}

build() {
    local name=$1 dir=${folder[$1]}
    local tmp log=$out/$name.build.log
    IFS='|' read -r sources libs needs <<<"$(plan "$dir")"
    if [[ -n $needs ]]; then
        echo "skip: needs ${needs% }" >"$out/$name.skip"
        return
    fi
    local extra=()
    [[ $libs == *cuda_driver* ]] && extra+=(-L"$lib" -lcuda)
    local srcs=()
    for s in $sources; do srcs+=("$dir/$s"); done
    tmp=$(mktemp -d)
    if ! (cd "$tmp" && "$nvcc" "${flags[@]}" -I"$dir" "${srcs[@]}" "${extra[@]}" -o "$out/$name") >"$log" 2>&1; then
        rm -f "$out/$name"
    fi
    rm -rf "$tmp"
}

echo "survey of ${#names[@]} samples from $src, nvcc $nvcc, stand-in $lib"
for name in "${names[@]}"; do
    [[ -n ${folder[$name]:-} ]] || { echo "survey: no sample folder named $name" >&2; exit 2; }
    rm -f "$out/$name" "$out/$name.skip"
    while (( $(jobs -rp | wc -l) >= jobs_max )); do wait -n; done
    build "$name" &
done
wait

table=$out/survey.txt
: >"$table"
declare -A count
for name in "${names[@]}"; do
    started=$SECONDS
    if [[ -e $out/$name.skip ]]; then
        verdict=skip note=$(sed 's/^skip: //' "$out/$name.skip")
    elif [[ ! -x $out/$name ]]; then
        verdict=build note=$(grep -m 1 -i 'error' "$out/$name.build.log" | cut -c 1-100)
    else
        (cd "${folder[$name]}" && LD_LIBRARY_PATH=$lib timeout "$timeout" "$out/$name") \
            >"$out/$name.out" 2>&1 </dev/null
        status=$?
        note=$(grep -v '^\s*$' "$out/$name.out" | tail -n 1 | cut -c 1-100)
        if (( status == 124 )); then
            verdict=timeout
        elif (( status == 2 )) || grep -qiE 'not support|waiv' "$out/$name.out"; then
            verdict=waived
        elif (( status == 0 )) && ! grep -E 'FAIL|[Ff]ailed|[Mm]ismatch' "$out/$name.out" | grep -qv 'as expected'; then
            verdict=pass
        else
            verdict=fail note="exit $status: $(grep -m 1 -iE 'fail|mismatch|error|not supported' "$out/$name.out" | cut -c 1-90)"
        fi
    fi
    count[$verdict]=$(( ${count[$verdict]:-0} + 1 ))
    printf '%-32s %-8s %4ss  %s\n' "$name" "$verdict" "$((SECONDS - started))" "$note" | tee -a "$table"
done
summary=""
for v in pass fail timeout waived build skip; do summary+="$v ${count[$v]:-0}, "; done
echo "survey: ${summary%, } (of ${#names[@]}); outputs in $out" | tee -a "$table"
