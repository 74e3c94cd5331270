#!/usr/bin/env bash
# Times the benchmarks of this checkout against those of an earlier commit
# in one run, so that a slower or busier machine slows both alike: builds
# the earlier commit's benchmarks in a worktree of its own, then runs each
# bench binary of the two builds one after the other, several rounds,
# and prints divan's output of each, labelled `base` and `head`.
#
# Usage: tools/dev/bench-ab/run.sh BASE_COMMIT [ROUNDS] [BENCH...]
#   (default: 2 rounds of check, thread_ops and warp_ops)
set -euo pipefail
base=${1:?usage: run.sh BASE_COMMIT [ROUNDS] [BENCH...]}
rounds=${2:-2}
shift $(( $# > 1 ? 2 : 1 ))
benches=("$@")
[ ${#benches[@]} -gt 0 ] || benches=(check thread_ops warp_ops)
root=$(cd "$(dirname "$0")/../../.." && pwd)
work=${BENCH_AB_DIR:-$root/target/bench-ab}
mkdir -p "$work"
if [ ! -d "$work/base" ]; then
    git -C "$root" worktree add --detach "$work/base" "$base" >/dev/null
else
    git -C "$work/base" checkout -q --detach "$base"
fi
# The path of a bench binary that `cargo bench --no-run` built.
binary() { # DIR TARGET_DIR BENCH
    (cd "$1" && CARGO_TARGET_DIR="$2" cargo bench --no-run --bench "$3" --message-format=json 2>/dev/null) |
        grep -o '"executable":"[^"]*"' | tail -1 | cut -d'"' -f4
}
head_rev=$(git -C "$root" rev-parse --short HEAD)
base_rev=$(git -C "$work/base" rev-parse --short HEAD)
for bench in "${benches[@]}"; do
    base_exe=$(binary "$work/base" "$work/target-base" "$bench")
    head_exe=$(binary "$root" "${CARGO_TARGET_DIR:-$root/target}" "$bench")
    for round in $(seq "$rounds"); do
        echo "=== $bench, round $round: base $base_rev"
        (cd "$work/base" && "$base_exe" --bench)
        echo "=== $bench, round $round: head $head_rev"
        (cd "$root" && "$head_exe" --bench)
    done
done
