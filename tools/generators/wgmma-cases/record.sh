#!/usr/bin/env bash
# Records the wgmma kernel cases on an H100 (the device machine, which sees only this checkout):
# lays out the project's copy of the recorder (tools/generators/gpu-golden/kernels/record.py) with the modules
# gen.py wrote and its specs, in 8 interleaved chunks recorded by separate processes (a launch that
# faults ends only its own chunk's recording), each launch twice: OUT/wgmma_chunkK.jsonl.gz.
# merge.py joins the chunks into tests/data/kernels/wgmma/wgmma_h100.jsonl.gz in spec order.
#
#   python3 tools/generators/wgmma-cases/gen.py            # here, before: the modules
#   OUT=/some/folder bash tools/generators/wgmma-cases/record.sh [PART]
# With PART, only the specs whose name contains it (e.g. /sp. for the sparse ones).
set -uo pipefail
cd "$(dirname "$0")/../../.."
export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for k in 0 1 2 3 4 5 6 7; do
    set_dir=$(mktemp -d)
    cp tools/generators/gpu-golden/kernels/record.py tools/lib/kernel_inputs.py "$set_dir/"
    python3 - "$k" "${1:-}" > "$set_dir/wgmma_specs.py" <<'PY'
import sys
sys.path.insert(0, "tools/generators/wgmma-cases")
from gen import specs
chosen = [s for s in specs() if sys.argv[2] in s["name"]]
print("SPECS =", repr(chosen[int(sys.argv[1])::8]))
PY
    mkdir -p "$set_dir/modules/wgmma"
    cp tests/data/kernels/wgmma/modules/*.ptx tests/data/kernels/wgmma/modules/index.tsv "$set_dir/modules/wgmma/"
    echo "== chunk $k"
    timeout 100 python3 "$set_dir/record.py" wgmma "$OUT/wgmma_chunk$k.jsonl.gz" 2>&1 | grep -v '^OK .* det ' | tail -12
done
