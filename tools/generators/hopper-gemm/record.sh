#!/usr/bin/env bash
# Records the warp-specialised Hopper GEMM (hopper_specs.py) on an H100 (the device machine, which
# sees only this checkout), with the project's recorder: OUT/hopper_h100.jsonl.gz; then runs it
# under compute-sanitizer's memcheck, racecheck and synccheck (reports only, OUT/sanitizer.txt).
#
#   OUT=/some/folder bash tools/generators/hopper-gemm/record.sh
set -uo pipefail
cd "$(dirname "$0")/../../.."
: "${OUT:?set OUT}"
export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
d=$(mktemp -d)
cp tools/generators/gpu-golden/kernels/record.py tools/lib/kernel_inputs.py tools/generators/hopper-gemm/hopper_specs.py "$d/"
mkdir -p "$d/modules/hopper"
cp tests/data/kernels/hopper/modules/* "$d/modules/hopper/"
timeout 120 python3 "$d/record.py" hopper "$OUT/hopper_h100.jsonl.gz" 2>&1 | tail -5
for tool in memcheck racecheck synccheck; do
    echo "== $tool"
    timeout 120 compute-sanitizer --tool $tool python3 "$d/record.py" hopper "$d/x.jsonl.gz" 2>&1 | grep -E "ERROR SUMMARY|RACECHECK SUMMARY|Error|Hazard" | head -5
done > "$OUT/sanitizer.txt"
cat "$OUT/sanitizer.txt"
