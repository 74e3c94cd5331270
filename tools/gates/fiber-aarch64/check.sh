#!/usr/bin/env bash
# Checks ptx-sim's AArch64 fibers on an x86-64 machine: builds the launch
# tests (every kind of collective and barrier, nested launches, both fiber
# backends, panics and deadlocks) for aarch64-unknown-linux-gnu and runs
# them under qemu's user-mode emulation, so the inline stack switch and the
# trampoline of `ptx-sim/src/machine/fiber.rs` run as they would on an
# AArch64 machine. Extra arguments go to `cargo test` (a test name, say).
#
# Needs the Rust target (`rustup target add aarch64-unknown-linux-gnu`) and
# Debian's `gcc-aarch64-linux-gnu` and `qemu-user`. Prints cargo's test
# summary and exits 0 when every test passes.
set -euo pipefail
cd "$(dirname "$0")/../../.."
export CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_LINKER=aarch64-linux-gnu-gcc
export CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_RUNNER="qemu-aarch64 -L /usr/aarch64-linux-gnu"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-target}"
cargo test --release --target aarch64-unknown-linux-gnu -p ptx-sim --lib "$@"
cargo test --release --target aarch64-unknown-linux-gnu -p ptx-sim --test all "$@" -- launch::
