#!/usr/bin/env bash
# The CUDA stand-in's clients on a real GPU, for what they print there to
# be committed beside what they print on the stand-in (issue 36, point 5).
# The GPU machine has no internet and sees only the checkout, so the
# programs are built here and carried.
#
#   bash tools/dev/cuda-clients-gpu.sh pack [DIR]   # here: build, fill DIR (default .device-carry/clients)
#   bash tools/dev/cuda-clients-gpu.sh run [DIR]    # on the GPU machine, writing to $OUT
#
# pack needs CUDA 13.0 (tools/lib/cuda_env.py --install), the cuda-samples
# built by tests/cuda-samples/build.sh, and `cargo build --release`. It puts
# into DIR: the sample programs, NVIDIA's libcudart.so.13, every
# ptx-libcuda/tests/c/*.cu built with the shared and with the static runtime
# (NAME and NAME-static), every tests/c/*.c linked with -lcuda (a program
# whose source has a line `// gpu-modes: A B` also runs as `NAME A` and
# `NAME B`, recorded as NAME-A and NAME-B), the cudarc
# client test program, tools/dev/cuda-overhead/'s overhead.cu and
# throughput.cu, and python-shim (below).
#
# run writes to $OUT: samples/ (tests/cuda-samples/gpu.sh: <name>.out,
# summary.txt, machine.txt), python.txt (tests/python/run.sh --real with the
# machine's python3), NAME.txt for each C program, cudarc.txt, overhead.txt
# and throughput.txt (stdout, then stderr after a "--- stderr" line).
# Commit them as tests/cuda-samples/h200/ and tests/gpu-clients/h200/.
#
# The device image's numba-cuda registers an overload for numpy.row_stack,
# which its NumPy (2.5) no longer has, so importing numba.cuda fails there
# before any kernel runs. python-shim runs a script with numpy.row_stack
# set to numpy.vstack (what NumPy documented it as) when it is missing: it
# mends the image's packages, not the scripts, which run unchanged.
set -uo pipefail
cd "$(dirname "$0")/../.."
repo=$(pwd)
mode=${1:-}
dir=${2:-.device-carry/clients}

pack() {
    set -e
    local bin
    bin=$(python3 tools/lib/cuda_env.py)
    local cudalib=$bin/../lib
    rm -rf "$dir"
    mkdir -p "$dir/samples" "$dir/lib" "$dir/bin"
    for f in target/cuda-samples/*; do
        [[ -f $f && -x $f && $f != *.* ]] && cp "$f" "$dir/samples/"
    done
    cp -L "$cudalib/libcudart.so.13" "$dir/lib/"
    local link=target/cuda-samples/.link
    # The programs link the driver against a stub that defines only
    # libcuda.so.1's names (ptx-libcuda/cuda-exports.txt), as NVIDIA's own
    # stubs do: the stand-in's library also defines the runtime's, which
    # would bind a program's runtime calls to libcuda.so.1.
    local stub=$dir/.stub
    mkdir -p "$stub"
    sed 's/.*/void &(void) {}/' ptx-libcuda/cuda-exports.txt >"$stub/libcuda.c"
    cc -shared -fPIC -Wl,-soname,libcuda.so.1 "$stub/libcuda.c" -o "$stub/libcuda.so"
    local source program
    for source in ptx-libcuda/tests/c/*.cu ptx-libcuda/tests/c/*.c; do
        program=$(basename "${source%.*}")
        sed -n 's|^// gpu-modes: *||p' "$source" >"$dir/bin/$program.modes"
        [[ -s $dir/bin/$program.modes ]] || rm "$dir/bin/$program.modes"
    done
    for source in ptx-libcuda/tests/c/*.cu; do
        program=$(basename "$source" .cu)
        for runtime in shared static; do
            local name=$program
            [[ $runtime == static ]] && name=$program-static
            "$bin/nvcc" -cudart "$runtime" -gencode arch=compute_90,code=compute_90 \
                "$source" -o "$dir/bin/$name" -L"$link" -L"$cudalib" -L"$stub" -lcuda
        done
    done
    for program in overhead throughput; do
        "$bin/nvcc" -cudart shared -gencode arch=compute_90,code=compute_90 -O2 \
            "tools/dev/cuda-overhead/$program.cu" -o "$dir/bin/$program" -L"$link" -L"$cudalib"
    done
    for source in ptx-libcuda/tests/c/*.c; do
        program=$(basename "$source" .c)
        cc "$source" -o "$dir/bin/$program" -L"$stub" -lcuda
    done
    cat >"$dir/bin/python-shim" <<'SHIM'
#!/usr/bin/env bash
# python3 [OPTIONS] SCRIPT ARGS, with numpy.row_stack where NumPy lacks it.
options=()
while [[ ${1:-} == -* ]]; do
    options+=("$1")
    [[ $1 == -W || $1 == -X ]] && { shift; options+=("$1"); }
    shift
done
exec "${PYTHON:-python3}" "${options[@]}" -c 'import runpy, sys, numpy
if not hasattr(numpy, "row_stack"):
    numpy.row_stack = numpy.vstack
sys.argv = sys.argv[1:]
runpy.run_path(sys.argv[0], run_name="__main__")' "$@"
SHIM
    chmod +x "$dir/bin/python-shim"
    cargo test --release -p ptx-libcuda --test cudarc_client --no-run 2>&1 | tail -1
    local client
    client=$(ls -t target/release/deps/cudarc_client-* | grep -v '\.d$' | head -1)
    cp "$client" "$dir/bin/cudarc_client"
    du -sh "$dir"
}

# Runs one program, its stdout then its stderr into $OUT/NAME.txt.
record() {
    local name=$1
    shift
    local log=$OUT/$name.txt
    "$@" >"$log.out" 2>"$log.err"
    local status=$?
    { cat "$log.out"; echo "--- stderr"; cat "$log.err"; echo "--- exit status $status"; } >"$log"
    rm -f "$log.out" "$log.err"
    echo "$name: exit status $status"
}

run() {
    : "${OUT:?run writes to \$OUT}"
    local lib
    lib=$(cd "$dir/lib" && pwd)
    # The quick ones first, the samples (with cudaTensorCoreGemm's check on
    # the host, minutes of CPU) last.
    (
        export LD_LIBRARY_PATH=$lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
        local program
        for program in "$dir"/bin/*; do
            program=$(basename "$program")
            case $program in overhead | throughput | cudarc_client | python-shim | *.modes) continue ;; esac
            record "$program" "$dir/bin/$program"
            local mode
            for mode in $(cat "$dir/bin/$program.modes" 2>/dev/null); do
                record "$program-$mode" "$dir/bin/$program" "$mode"
            done
        done
        record overhead "$dir/bin/overhead"
        record throughput "$dir/bin/throughput"
        record cudarc env PTX_LIBCUDA_CUDARC_CHILD=1 "$dir/bin/cudarc_client"
    )
    cat "$OUT/overhead.txt" "$OUT/throughput.txt"
    bash tests/python/run.sh --real --python "$dir/bin/python-shim" >"$OUT/python.txt" 2>&1
    tail -n 3 "$OUT/python.txt"
    OUT=$OUT/samples bash tests/cuda-samples/gpu.sh --timeout "${SAMPLE_TIMEOUT:-300}" \
        --lib "$lib" "$dir/samples" >/dev/null 2>&1
    tail -n 25 "$OUT/samples/summary.txt"
}

case $mode in
pack) pack ;;
run) run ;;
*) sed -n '2,/^set -uo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 2 ;;
esac
