#!/usr/bin/env bash
# Counts the instructions one iteration of each named benchmark takes in
# two bench binaries (valgrind's callgrind, which counts the same on a quiet
# or a busy machine, where wall-clock medians of this 2-core VM spread by
# 10-20% from run to run). A run's count includes the binary's start-up and
# divan's calibration, so each benchmark runs with one iteration and with
# ITERS + 1 (default 20 + 1), and the difference over ITERS is one
# iteration's.
#
# Usage: [ITERS=N] tools/dev/bench-ab/instructions.sh BASE_EXE HEAD_EXE FILTER...
#   BASE_EXE, HEAD_EXE: bench binaries as `cargo bench --no-run` prints them
#   (run.sh builds the base's under target/bench-ab/target-base).
set -euo pipefail
base_exe=${1:?usage: instructions.sh BASE_EXE HEAD_EXE FILTER...}
head_exe=${2:?usage: instructions.sh BASE_EXE HEAD_EXE FILTER...}
shift 2
iters=${ITERS:-20}
total() { # EXE FILTER SAMPLE_SIZE
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$1" --bench \
        --sample-count 1 --sample-size "$3" "$2" 2>&1 | grep -o 'Collected : [0-9]*' | grep -o '[0-9]*$'
}
count() { # EXE FILTER: instructions per iteration
    echo $(( ($(total "$1" "$2" $((iters + 1))) - $(total "$1" "$2" 1)) / iters ))
}
printf '%-40s %15s %15s %7s\n' filter base head ratio
for filter in "$@"; do
    b=$(count "$base_exe" "$filter")
    h=$(count "$head_exe" "$filter")
    printf '%-40s %15s %15s %7s\n' "$filter" "$b" "$h" "$(awk -v b="$b" -v h="$h" 'BEGIN { printf "%.4f", h / b }')"
done
