#!/usr/bin/env bash
# Records the thread-block-cluster kernel cases on an H100 (the device machine, which sees only
# this checkout): lays out the project's copy of the recorder (tools/generators/gpu-golden/kernels/record.py) with
# cluster_specs.py and the modules compile.py built, checks every launch under
# compute-sanitizer's memcheck (a report only; its records are thrown away), and records each
# launch twice into OUT/cluster_h100.jsonl.gz. Copy that file to tests/data/kernels/cluster/
# (cases name modules by file name, looked up in modules/ beside the case file).
#
#   python3 tools/generators/cluster-cases/compile.py        # here, before: modules and index.tsv
#   OUT=/some/folder bash tools/generators/cluster-cases/record.sh [NAME]
# With NAME, only that spec (the recorder's --only).
set -uo pipefail
cd "$(dirname "$0")/../../.."
: "${OUT:?set OUT to the folder to write cluster_h100.jsonl.gz into}"
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1
only=()
[ -n "${1:-}" ] && only=(--only "$1")
set_dir=$(mktemp -d)
cp tools/generators/gpu-golden/kernels/record.py tools/lib/kernel_inputs.py tools/generators/cluster-cases/cluster_specs.py "$set_dir/"
mkdir -p "$set_dir/modules/cluster"
cp tests/data/kernels/cluster/modules/*.ptx tests/data/kernels/cluster/modules/index.tsv "$set_dir/modules/cluster/"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
echo "== memcheck"
if command -v compute-sanitizer >/dev/null; then
    timeout 240 compute-sanitizer --tool memcheck --print-limit 20 \
        python3 "$set_dir/record.py" cluster "$set_dir/memcheck.jsonl.gz" ${only[@]+"${only[@]}"} 2>&1 | grep -v '^OK ' | tail -40
else
    echo "compute-sanitizer not found; skipped"
fi
echo "== record"
timeout 120 python3 "$set_dir/record.py" cluster "$OUT/cluster_h100.jsonl.gz" ${only[@]+"${only[@]}"} 2>&1 | tail -40
ls -l "$OUT"/cluster_h100*.jsonl.gz
