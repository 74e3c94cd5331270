#!/usr/bin/env bash
# Proves the GPU backend on an H100 (the device machine, which has the CUDA
# driver but no Rust): every recorded kernel case runs on the GPU through
# `ptxsim run --gpu` and is judged against its record, then runs on both
# (`--diff`) and the simulator is judged against the GPU; one module launch
# runs on both; a module the driver rejects gives its JIT log.
#
# Here, from the repository root (the binary travels in an ignored folder):
#   cargo build --release -p ptx-tools --features cuda
#   mkdir -p .device-carry && cp target/release/ptxsim .device-carry/ && strip .device-carry/ptxsim
# There (device tool, carry [".device-carry"]):
#   bash tools/gates/gpu-backend/prove.sh .device-carry/ptxsim [PHASE...] > $OUT/gpu_backend_h100.txt 2>&1
# The output is committed as tests/data/gpu/gpu_backend_h100.txt.
set -uo pipefail
cd "$(dirname "$0")/../../.."
sim=${1:-.device-carry/ptxsim}
shift || true
# The phases to run (all by default): samples-gpu ours-gpu samples-diff
# ours-diff module bad. Each case's time is printed (-v); each phase is
# bounded, so that a launch that hangs cannot hold the machine.
phases=${*:-samples-gpu ours-gpu samples-diff ours-diff module bad}
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
samples=(tests/data/kernels/samples_h100*.jsonl.gz)
ours=tests/data/kernels/ours/ours_h100.jsonl.gz
bounded() { timeout 240 "$sim" "$@"; echo "exit $?"; }
for phase in $phases; do
    case $phase in
    samples-gpu)
        echo "== the sample cases on the GPU, against the H100's records"
        bounded run "${samples[@]}" --gpu -v ;;
    ours-gpu)
        echo "== our cases on the GPU, against the H100's records (printf's lines go to stdout)"
        bounded run "$ours" --gpu -v ;;
    samples-diff)
        echo "== the sample cases in the simulator, against the GPU's bytes"
        bounded run "${samples[@]}" --diff -v ;;
    ours-diff)
        echo "== our cases in the simulator, against the GPU's bytes"
        bounded run "$ours" --diff -v ;;
    module)
        echo "== one module, both"
        bounded run examples/kernels/mandelbrot.ptx --grid 6,9 --block 16,4 --show 8 \
            --arg buf:u8:3456 --arg i32:96 --arg i32:36 --arg f32:-2.2 --arg f32:-1.2 \
            --arg f32:0.03125 --arg f32:0.0625 --arg i32:200 --diff ;;
    bad)
        echo "== a module for sm_100, which the H100's driver rejects"
        printf '.version 8.8\n.target sm_100\n.address_size 64\n.visible .entry k() { ret; }\n' > /tmp/sm100.ptx
        bounded run /tmp/sm100.ptx --gpu
        echo "== an illegal address on the GPU, then a launch that works"
        cat > /tmp/oob.ptx <<'PTX'
.version 8.0
.target sm_90
.address_size 64
.visible .entry poke(.param .u64 p) {
    .reg .b64 %rd<2>;
    ld.param.u64 %rd1, [p];
    st.global.u32 [%rd1], 7;
    ret;
}
PTX
        bounded run /tmp/oob.ptx --arg u64:16 --gpu
        bounded run /tmp/oob.ptx --arg buf:u32:1 --gpu ;;
    *) echo "unknown phase $phase"; exit 2 ;;
    esac
done
