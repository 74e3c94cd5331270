#!/usr/bin/env bash
# Counts the instructions a one-warp launch costs (valgrind's callgrind,
# which counts the same on a quiet or a busy machine), for 0, 1, 2, 5 and
# 10 butterfly `shfl.sync` per lane: the launch itself, the first
# collective (which starts every lane's fiber) and each further one.
# `docs/launch-performance.md` reads these counts; `cargo bench --bench
# warp_ops` times the same launches.
#
# Generates a small crate in a temporary folder that depends on `ptx`
# (this checkout), builds it in release mode and runs it under callgrind.
#
# Usage: tools/dev/warp-cost/run.sh [WARPS]   (default 5000 warps per count)
set -euo pipefail
warps=${1:-5000}
root=$(cd "$(dirname "$0")/../../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$root/target}"
mkdir -p "$work/src"
cat > "$work/Cargo.toml" <<TOML
[package]
name = "warp-cost"
version = "0.0.0"
edition = "2024"
publish = false
[dependencies]
ptx = { path = "$root" }
[profile.release]
debug = 1
[workspace]
TOML
cat > "$work/src/main.rs" <<RUST
// The benchmark's own butterfly, so that the counts are of what it times.
#[path = "$root/benches/common/butterfly.rs"]
mod butterfly;

use ptx::sim::machine::warp32;

fn main() {
    let mut args = std::env::args().skip(1).map(|a| a.parse::<usize>().expect("a number"));
    let (shuffles, warps) = (args.next().unwrap_or(5), args.next().unwrap_or(5000));
    let mut sum = 0.0;
    for _ in 0..warps {
        sum += warp32(|lane| butterfly::butterfly(std::hint::black_box(lane as f32), shuffles))
            .unwrap()[0];
    }
    std::hint::black_box(sum);
}
RUST
cargo build --release -q --manifest-path "$work/Cargo.toml"
bin="$CARGO_TARGET_DIR/release/warp-cost"
# The program's own start and end, without any warp, to subtract.
base=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null "$bin" 0 0 2>&1 |
    sed -n 's/.*Collected : \([0-9]*\).*/\1/p')
for n in 0 1 2 5 10; do
    total=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null "$bin" "$n" "$warps" 2>&1 |
        sed -n 's/.*Collected : \([0-9]*\).*/\1/p')
    echo "$n shuffles: $(( (total - base) / warps )) instructions per warp"
done
