#!/usr/bin/env bash
# Records the project's own kernel cases on an H100 (the device machine, which sees only this
# checkout): lays out the recorder (record.py, a copy of tools/generators/gpu-golden/kernels/record.py)
# with ours_specs.py and the modules tools/generators/kernel-cases/compile.py built, checks every launch
# under compute-sanitizer's memcheck, records them (OUT/ours_h100.jsonl.gz), captures what the
# printf kernels print (OUT/ours_printf_h100.txt), and keeps what compute-sanitizer's racecheck
# and synccheck say of them (OUT/ours_racecheck.txt, OUT/ours_synccheck.txt).
#
#   OUT=/some/folder bash tools/generators/kernel-cases/record_ours.sh
set -uo pipefail
cd "$(dirname "$0")/../../.."
set_dir=$(mktemp -d)
cp tools/generators/gpu-golden/kernels/record.py tools/lib/kernel_inputs.py tools/generators/kernel-cases/ours_specs.py tools/generators/kernel-cases/printf_capture.py "$set_dir/"
mkdir -p "$set_dir/modules/ours"
cp tests/data/kernels/ours/modules/*.ptx tests/data/kernels/ours/modules/index.tsv "$set_dir/modules/ours/"
export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
echo "== memcheck"
timeout 240 compute-sanitizer --tool memcheck --print-limit 20 python3 "$set_dir/record.py" ours /tmp/memcheck.jsonl.gz 2>&1 | grep -v '^OK ' | tail -40
echo "== record"
timeout 120 python3 "$set_dir/record.py" ours "$OUT/ours_h100.jsonl.gz" 2>&1 | tail -60
echo "== printf"
timeout 60 python3 "$set_dir/printf_capture.py" "$set_dir" > "$OUT/ours_printf_h100.txt" 2>&1
tail -3 "$OUT/ours_printf_h100.txt"
for tool in racecheck synccheck; do
    echo "== $tool"
    timeout 120 compute-sanitizer --tool $tool --print-limit 50 python3 "$set_dir/record.py" ours /tmp/$tool.jsonl.gz > "$OUT/ours_$tool.txt" 2>&1
    grep -c "" "$OUT/ours_$tool.txt"
done
