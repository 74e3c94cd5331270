#!/usr/bin/env bash
# Measures what 1,000 `ptx!` statements add to a crate's build time.
#
# Generates two crates beside each other in a temporary folder: `with` has
# 1,000 functions each holding one `ptx!` statement, `without` has the same
# 1,000 functions computing the same thing in plain Rust. Both depend on
# `ptx` (this checkout). Dependencies are built first; then each crate is
# built from clean (its own code only) three times, and the median is kept.
# Prints the two medians and the extra time per statement.
#
# Usage: tools/dev/expansion-cost/run.sh [N]   (default N = 1000)
set -euo pipefail
n=${1:-1000}
root=$(cd "$(dirname "$0")/../../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export CARGO_TARGET_DIR="$work/target"

make_crate() { # name, body-generator
    local name=$1 kind=$2
    mkdir -p "$work/$name/src"
    cat > "$work/$name/Cargo.toml" <<TOML
[package]
name = "$name"
version = "0.0.0"
edition = "2024"
publish = false
[dependencies]
ptx = { path = "$root" }
[workspace]
TOML
    {
        echo "#![allow(dead_code)]"
        echo "use ptx::ptx;"
        for i in $(seq 0 $((n - 1))); do
            local op=$(( i % 4 ))
            if [ "$kind" = with ]; then
                case $op in
                0) echo "pub fn f$i(a: i32, b: i32) -> i32 { let d: i32; ptx!(\"add.s32 %0, %1, %2;\" : \"=r\"(d) : \"r\"(a), \"r\"(b)); d }" ;;
                1) echo "pub fn f$i(a: u32, b: u32) -> u32 { let d: u32; ptx!(\"mul.lo.u32 %0, %1, %2;\" : \"=r\"(d) : \"r\"(a), \"r\"(b)); d }" ;;
                2) echo "pub fn f$i(a: u32, b: u32) -> u32 { let d: u32; ptx!(\"{ .reg .u32 t; mul.lo.u32 t, %1, %2; add.u32 %0, t, $i; }\" : \"=r\"(d) : \"r\"(a), \"r\"(b)); d }" ;;
                3) echo "pub fn f$i(a: i64, b: i64) -> i64 { let d: i64; ptx!(\"max.s64 %0, %1, %2;\" : \"=l\"(d) : \"l\"(a), \"l\"(b)); d }" ;;
                esac
            else
                case $op in
                0) echo "pub fn f$i(a: i32, b: i32) -> i32 { a.wrapping_add(b) }" ;;
                1) echo "pub fn f$i(a: u32, b: u32) -> u32 { a.wrapping_mul(b) }" ;;
                2) echo "pub fn f$i(a: u32, b: u32) -> u32 { a.wrapping_mul(b).wrapping_add($i) }" ;;
                3) echo "pub fn f$i(a: i64, b: i64) -> i64 { a.max(b) }" ;;
                esac
            fi
        done
    } > "$work/$name/src/lib.rs"
}

make_crate with with
make_crate without without
(cd "$work/without" && cargo build -q 2>/dev/null)   # dependencies, once
median() { sort -n | sed -n 2p; }
time_build() {
    local name=$1
    for _ in 1 2 3; do
        (cd "$work/$name" && cargo clean -q -p "$name" && /usr/bin/env time -f %e cargo build -q 2>&1 >/dev/null | tail -1)
    done | median
}
t_with=$(time_build with)
t_without=$(time_build without)
per=$(echo "scale=3; ($t_with - $t_without) * 1000 / $n" | bc)
echo "crate with $n ptx! statements: ${t_with} s (debug build, median of 3)"
echo "same crate in plain Rust:      ${t_without} s"
echo "extra per statement:           ${per} ms"
