#!/usr/bin/env bash
# Runs the cuda-samples programs that build.sh built, each with the
# arguments below, and judges each by its own verdict: exit status 0 and
# the line it prints when its check passes (and none of the lines it
# prints when one fails).
#
#   bash tests/cuda-samples/run.sh [--lib DIR | --real] [--timeout S] [--quick]
#                                  [--only NAME[,NAME...]] [--outputs DIR] [BIN_DIR]
#
# --lib DIR   the CUDA libraries to run on, put first on LD_LIBRARY_PATH
#             (default target/release/cuda: ptx-libcuda's libcudart.so.13
#             and libcuda.so.1, the stand-in for a GPU)
# --real      leave LD_LIBRARY_PATH alone: the machine's own CUDA runtime
#             and driver (on a GPU machine; the programs need libcudart.so.13
#             on the library path, or --lib naming the folder that has it)
# --timeout S every program's time limit (default: the table's, per program)
# --only      run these programs alone (names of the table's first column)
# --quick     leave out the programs whose fixed, GPU-sized work takes the
#             interpreter longer than a CI run allows (the table's "long"
#             ones: scan, simpleStreams, cudaTensorCoreGemm,
#             reductionMultiBlockCG, conjugateGradientMultiBlockCG,
#             simplePitchLinearTexture),
#             and say so
# --outputs   where each run's stdout and stderr go, as <name>.out
#             (default BIN_DIR)
# BIN_DIR     where the programs are (default target/cuda-samples)
#
# Prints a line per program and a table at the end; exits non-zero unless
# every program passed.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)

lib=$repo/target/release/cuda
real=0
timeout_all=
only=
quick=0
outputs=
bin_dir=
while (( $# )); do
    case $1 in
        --lib) lib=$2; shift 2 ;;
        --lib=*) lib=${1#--lib=}; shift ;;
        --real) real=1; shift ;;
        --quick) quick=1; shift ;;
        --timeout) timeout_all=$2; shift 2 ;;
        --timeout=*) timeout_all=${1#--timeout=}; shift ;;
        --only) only=$2; shift 2 ;;
        --only=*) only=${1#--only=}; shift ;;
        --outputs) outputs=$2; shift 2 ;;
        --outputs=*) outputs=${1#--outputs=}; shift ;;
        -h|--help) sed -n '2,/^set -uo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
        -*) echo "run.sh: unknown option $1" >&2; exit 2 ;;
        *) bin_dir=$1; shift ;;
    esac
done
bin_dir=${bin_dir:-$repo/target/cuda-samples}
[[ -d $bin_dir ]] || { echo "run.sh: no folder $bin_dir (build.sh builds the programs there)" >&2; exit 1; }
bin_dir=$(cd "$bin_dir" && pwd)
outputs=${outputs:-$bin_dir}
mkdir -p "$outputs" && outputs=$(cd "$outputs" && pwd)

if (( real )); then
    echo "libraries: the machine's own (LD_LIBRARY_PATH=${LD_LIBRARY_PATH:-})"
else
    [[ -d $lib ]] || { echo "run.sh: no folder $lib (cargo build --release makes target/release/cuda)" >&2; exit 1; }
    lib=$(cd "$lib" && pwd)
    [[ -e $lib/libcudart.so.13 ]] || { echo "run.sh: $lib has no libcudart.so.13" >&2; exit 1; }
    export LD_LIBRARY_PATH=$lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
    echo "libraries: $lib"
fi

# name | program | arguments | time limit (s) | the line that says it
# passed (grep -E) | lines that say it failed (grep -E; empty: none) |
# "long" where its work takes the interpreter too long for CI (--quick)
#
# The arguments are the samples' own size flags, set small where a sample
# has them (none of the samples' CI runs gives any: test_args.json names
# none of these); the rest run at their fixed sizes, which were chosen for
# a GPU. The time limits allow for the simulator: a second of an H100's
# work is some hours of it, so the fixed-size ones get more.
tests=(
    "vectorAdd|vectorAdd||300|^Test PASSED$|"
    "matrixMul|matrixMul|-wA=128 -hA=128 -wB=128 -hB=128|300|Result = PASS$|Result = FAIL"
    "simpleAtomicIntrinsics|simpleAtomicIntrinsics||300|completed, returned OK$|failed$"
    # No check of its own: it prints its sums with what they should be.
    "simpleCooperativeGroups|simpleCooperativeGroups||300|^\.\.\.Done\.$|"
    "asyncAPI|asyncAPI||600|^CPU executed [0-9]+ iterations while waiting for GPU to finish$|^Error!"
    "simpleStreams|simpleStreams||3600|^4 streams:|^[0-9]+: -?[0-9]+ -?[0-9]+$|long"
    # Kernels over mapped host memory: cudaHostAlloc, then malloc and
    # cudaHostRegister. No line of its own says it passed: the exit status
    # does (its error norm against the host's sums), after the last line.
    "simpleZeroCopy|simpleZeroCopy||300|^> Releasing CPU memory\.\.\.$|"
    "simpleZeroCopy-generic|simpleZeroCopy|-use_generic_memory|300|^> Releasing CPU memory\.\.\.$|"
    # Its exit status says whether the clocks it summed cover every
    # kernel's 10 ms spin on clock64().
    "simpleHyperQ|simpleHyperQ||300|^Measured time for sample = |"
    "reduction|reduction|--n=1048576|600|^Test passed$|^Test failed"
    "scan|scan||3600|^ \.\.\.Results Match$|DON'T Match|long"
    "histogram|histogram||900|^Test passed$|^Test failed|"
    "sortingNetworks|sortingNetworks||1800|^\.\.\.inspecting keys array: OK$|^\*\*\*|corrupted"
    "threadFenceReduction|threadFenceReduction||600|^GPU result = |"
    # Cooperative launches, grid.sync(); its exit status says whether the
    # sums agree. 100 launches of 264 x 1024 threads, about 1 s each.
    "reductionMultiBlockCG|reductionMultiBlockCG|--n=1048576|1200|^GPU result = ||long"
    "conjugateGradientMultiBlockCG|conjugateGradientMultiBlockCG||1200|^&&&& conjugateGradientMultiBlockCG PASSED$|FAILED|long"
    # Built with CPU_DEBUG=1: it compares with a product made on the host.
    "cudaTensorCoreGemm|cudaTensorCoreGemm||7200|^Verifying correctness of the computations|^mismatch|long"
    "globalToShmemAsyncCopy-k0|globalToShmemAsyncCopy|-wA=128 -hA=128 -wB=128 -hB=128 -kernel=0|300|Result = PASS$|Result = FAIL"
    "globalToShmemAsyncCopy-k1|globalToShmemAsyncCopy|-wA=128 -hA=128 -wB=128 -hB=128 -kernel=1|300|Result = PASS$|Result = FAIL"
    "globalToShmemAsyncCopy-k2|globalToShmemAsyncCopy|-wA=128 -hA=128 -wB=128 -hB=128 -kernel=2|300|Result = PASS$|Result = FAIL"
    "globalToShmemAsyncCopy-k3|globalToShmemAsyncCopy|-wA=128 -hA=128 -wB=128 -hB=128 -kernel=3|300|Result = PASS$|Result = FAIL"
    "globalToShmemAsyncCopy-k4|globalToShmemAsyncCopy|-wA=128 -hA=128 -wB=128 -hB=128 -kernel=4|300|Result = PASS$|Result = FAIL"
    "globalToShmemAsyncCopy-k5|globalToShmemAsyncCopy|-wA=128 -hA=128 -wB=128 -hB=128 -kernel=5|300|Result = PASS$|Result = FAIL"
    "globalToShmemAsyncCopy-k6|globalToShmemAsyncCopy|-wA=128 -hA=128 -wB=128 -hB=128 -kernel=6|300|Result = PASS$|Result = FAIL"
    "globalToShmemAsyncCopy-k7|globalToShmemAsyncCopy|-wA=128 -hA=128 -wB=128 -hB=128 -kernel=7|300|Result = PASS$|Result = FAIL"
    "transpose|transpose|--dimX=256 --dimY=256|600|^Test passed$|FAILED|^Test failed"
    # No check of its own: it prints the sum of its 2^24 inputs twelve
    # times (extra_check: each the sum the host makes of them).
    "simpleCudaGraphs|simpleCudaGraphs||600|^\\[cudaGraphsUsingStreamCapture\\] Host callback final reduced sum = |"
    "LargeKernelParameter|LargeKernelParameter||600|^Test passed!$|^Test failed"
    # The texture samples compare with a reference (an image of data/, or
    # the host's computation) through compareData, which prints the share
    # of elements that differ when too many do.
    "simpleTexture|simpleTexture||600|^simpleTexture completed, returned OK$|mismatched|"
    "simpleSurfaceWrite|simpleSurfaceWrite||600|^simpleSurfaceWrite completed, returned OK$|mismatched|"
    "simpleLayeredTexture|simpleLayeredTexture||900|^Comparing kernel output to expected data$|mismatched|"
    # 200 launches of 4 Mi threads (2048 x 2048, NUM_REPS 100, two textures).
    "simplePitchLinearTexture|simplePitchLinearTexture||3600|^simplePitchLinearTexture completed, returned OK$|mismatched|long"
)

# A sample's extra check beyond its lines, where its lines are not enough:
# prints why it failed, or nothing.
extra_check() {
    local name=$1 out=$2
    case $name in
        simpleCudaGraphs)
            # Manual and captured graphs, each launched three times and
            # cloned and launched three times: 12 sums of the inputs
            # (rand() & 0xFF) / RAND_MAX, i < 2^24, which glibc's unseeded
            # rand() makes 0.996214 (summed in double on the host).
            awk '/Host callback final reduced sum = / {
                     n++; if ($NF != "0.996214") bad = bad " " $NF
                 }
                 END { if (n != 12) print "printed " n " sums, not 12"; else if (bad) print "sums differ from 0.996214:" bad }' "$out"
            ;;
        simpleZeroCopy-generic)
            # The flag took: malloc'd memory, registered.
            grep -q -E '^> Using Generic System Paged Memory \(malloc\)$' "$out" \
                || echo "it did not use malloc'd memory"
            ;;
        simpleZeroCopy)
            grep -q -E '^> Using CUDA Host Allocated \(cudaHostAlloc\)$' "$out" \
                || echo "it did not use cudaHostAlloc"
            ;;
        simpleCooperativeGroups)
            # One sum over the block of 64 and four over tiles of 16, each
            # equal to what it should be.
            awk '/is -?[0-9]+ \(expected -?[0-9]+\)/ {
                     n++; match($0, /is -?[0-9]+ \(expected -?[0-9]+\)/)
                     split(substr($0, RSTART, RLENGTH), f, /[ ()]+/)
                     if (f[2] != f[4]) bad = bad " " f[2] "!=" f[4]
                 }
                 END { if (n != 5) print "printed " n " sums, not 5"; else if (bad) print "sums differ:" bad }' "$out"
            ;;
    esac
}

linebuf=
command -v stdbuf >/dev/null && linebuf="stdbuf -oL -eL"

declare -a rows
passed=0 failed=0
started_all=$SECONDS
for entry in "${tests[@]}"; do
    IFS='|' read -r name prog args limit pass_re fail_re long <<<"$entry"
    if (( quick )) && [[ $long == long ]] && [[ -z $only ]]; then
        echo "(not run: $name is long, see --quick)"
        continue
    fi
    if [[ -n $only ]] && [[ ",$only," != *",$name,"* ]] && [[ ",$only," != *",$prog,"* ]]; then
        continue
    fi
    [[ -n $timeout_all ]] && limit=$timeout_all
    out=$outputs/$name.out
    started=$SECONDS
    status= why=
    if [[ ! -x $bin_dir/$prog ]]; then
        status=MISSING why="no program $bin_dir/$prog"
        : >"$out"
        rc=-
    else
        # shellcheck disable=SC2086
        # Line-buffered stdout, so that its lines and stderr's stay in order.
        (cd "$bin_dir" && exec timeout --kill-after=10 "$limit" $linebuf "./$prog" $args) </dev/null >"$out" 2>&1
        rc=$?
        if (( rc == 124 || rc == 137 )); then
            status=TIMEOUT why="still running after $limit s"
        elif (( rc != 0 )); then
            status=FAIL why="exit status $rc"
            (( rc > 128 )) && why="killed by signal $((rc - 128))"
            (( rc == 2 )) && why="exit status 2 (EXIT_WAIVED: the sample declined to run)"
            (( rc == 127 )) && why="exit status 127 (the loader failed: a missing library or symbol)"
        elif ! grep -q -E -- "$pass_re" "$out"; then
            status=FAIL why="no line matching /$pass_re/"
        elif [[ -n $fail_re ]] && grep -q -E -- "$fail_re" "$out"; then
            status=FAIL why="$(grep -m1 -E -- "$fail_re" "$out")"
        else
            why=$(extra_check "$name" "$out")
            if [[ -n $why ]]; then status=FAIL; else status=PASS; fi
        fi
        # What the output says last is most often why it stopped.
        if [[ $status != PASS ]]; then
            last=$(grep -v '^[[:space:]]*$' "$out" | tail -n 1 | cut -c1-160)
            [[ -n $last ]] && why="$why; last line: $last"
        fi
    fi
    secs=$((SECONDS - started))
    if [[ $status == PASS ]]; then passed=$((passed + 1)); else failed=$((failed + 1)); fi
    printf '%-8s %-28s %5ss  %s\n' "$status" "$name" "$secs" "$why"
    rows+=("$(printf '%-28s %-8s %4s %6s  %s' "$name" "$status" "$rc" "$secs" "$why")")
done

echo
printf '%-28s %-8s %4s %6s  %s\n' sample verdict exit secs why
printf '%s\n' "${rows[@]}"
echo
echo "cuda-samples: $passed passed, $failed failed of $((passed + failed)) ($((SECONDS - started_all)) s); outputs in $outputs/*.out"
(( failed == 0 ))
