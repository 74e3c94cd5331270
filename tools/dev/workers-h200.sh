#!/usr/bin/env bash
# What many workers buy, on the 16-core GPU box: approx_sweep (2^22 threads,
# tests/data/repro/) with ptxsim at 1, 2, 4, 8 and 16 workers, then the kernels
# bench's reduce6 and matrixMul and warp_ops' grid_1m_add_launch at the same
# worker counts. The box has no Rust: put `ptxsim`
# (cargo build --release -p ptx-tools --bin ptxsim), the `kernels` and
# `warp_ops` bench binaries (cargo bench --no-run; stripped, to fit the
# device tool's carry limit) and tests/data/repro/approx_sweep.ptx in one
# folder, DEVICE_CARRY (default: this script's own), and run it there with
# OUT set; tests/data/repro/workers_h200_engine.txt is its output.
set -u
here=${DEVICE_CARRY:-$(cd "$(dirname "$0")" && pwd)}
out=${OUT:-/tmp/out}
mkdir -p "$out"
nproc > "$out/nproc.txt"
n=$((1 << 22))
for w in 1 2 4 8 16; do
    /usr/bin/time -f "approx_sweep workers $w: wall %e s user %U s" "$here/ptxsim" run "$here/approx_sweep.ptx" \
        --entry approx_sweep --grid $((n / 256)) --block 256 \
        --arg buf:f32:$((15 * n)) --arg u32:12345 --arg u32:255 --arg u32:$n --show 0 --workers $w
done > "$out/approx.txt" 2>&1
cat "$out/approx.txt"
"$here/kernels" --bench --sample-count 10 reduce6_int_256 matrix_mul_block16 approx_sweep_64k > "$out/kernels.txt" 2>&1
cat "$out/kernels.txt"
"$here/warp_ops" --bench --sample-count 10 grid_1m_add_launch > "$out/warp_ops.txt" 2>&1
cat "$out/warp_ops.txt"
