#!/usr/bin/env bash
# Records the TMA kernel cases and the tensor-map encoder probe on an H100 (the device machine,
# which sees only this checkout). Lays out the project's recorder (tools/generators/gpu-golden/kernels/record.py,
# which encodes {"tensormap": ...} arguments and launches "cluster" specs through the driver) with
# tma_specs.py and the module compile.py built; records each spec in its own process (a launch that
# faults loses only itself) and joins them in spec order into OUT/tma_h100.jsonl.gz; then runs
# tools/generators/tensormap-probe/probe.py to OUT/tensormap_probe.jsonl.gz (only when every spec is recorded).
# Logs: OUT/tma_record_log.txt.
#
#   python3 tools/generators/tma-cases/compile.py              # here, before (the module is committed)
#   OUT=/some/folder bash tools/generators/tma-cases/record.sh [PART ...]
#
# With PARTs, only the specs whose name contains one of them are recorded (e.g. `_r3`: the specs new
# in the third recording), and the probe is skipped; tools/generators/tma-cases/merge.py then joins the result
# with the earlier recordings into tests/data/kernels/tma/tma_h100.jsonl.gz.
set -uo pipefail
cd "$(dirname "$0")/../../.."
: "${OUT:?set OUT}"
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1
exec > >(tee "$OUT/tma_record_log.txt") 2>&1
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
set_dir=$(mktemp -d)
cp tools/generators/gpu-golden/kernels/record.py tools/lib/kernel_inputs.py "$set_dir/"
python3 - "$@" > "$set_dir/tma_specs.py" <<'PY'
import sys
sys.path.insert(0, "tools/generators/tma-cases")
from tma_specs import SPECS
parts = sys.argv[1:]
chosen = [s for s in SPECS if not parts or any(p in s["name"] for p in parts)]
if not chosen:
    sys.exit(f"no spec name contains any of {parts}")
print("SPECS =", repr(chosen))
PY
[ -s "$set_dir/tma_specs.py" ] || exit 1
mkdir -p "$set_dir/modules/tma" "$set_dir/parts"
cp tests/data/kernels/tma/modules/*.ptx tests/data/kernels/tma/modules/index.tsv "$set_dir/modules/tma/"
if [ $# -eq 0 ]; then
    echo "== probe"
    timeout 120 python3 tools/generators/tensormap-probe/probe.py "$OUT/tensormap_probe.jsonl.gz" 2>&1 | tail -5
fi
echo "== record: $(python3 -c "import sys; sys.path.insert(0, '$set_dir'); from tma_specs import SPECS; print(len(SPECS))") specs${*:+ matching $*}"
i=0
python3 -c "
import sys; sys.path.insert(0, '$set_dir'); from tma_specs import SPECS
print('\n'.join(s['name'] for s in SPECS))" > "$set_dir/names.txt"
: > "$set_dir/failed.txt"
while read -r name; do
    i=$((i + 1))
    part="$set_dir/parts/$(printf %03d $i).jsonl.gz"
    timeout 60 python3 "$set_dir/record.py" tma "$part" --only "$name" > "$set_dir/spec.log" 2>&1
    grep -v '^recorded ' "$set_dir/spec.log" | grep -v -E '^  |^Traceback|^cupy_backends|^Exception ignored'
    if [ ! -s "$part" ] || grep -q '^FAIL' "$set_dir/spec.log"; then
        grep -q '^FAIL' "$set_dir/spec.log" || echo "FAIL $name (exit or timeout)"
        echo "$name" >> "$set_dir/failed.txt"
    fi
done < "$set_dir/names.txt"
python3 - "$set_dir/parts" "$OUT/tma_h100.jsonl.gz" <<'PY'
import glob, json, sys
sys.path.insert(0, "tools/lib")
from case_records import concatenate
lines = concatenate(sorted(glob.glob(sys.argv[1] + "/*.jsonl.gz")), sys.argv[2])
bad = [json.loads(l)["name"] for l in lines if any(b["dtype"] == "u32" and k == "status" and
       b.get("output") and b["output"] != __import__("base64").b64encode(
           (1).to_bytes(4, "little") * b["len"]).decode() for k, b in json.loads(l)["buffers"].items())]
print(f"{len(lines)} cases recorded into {sys.argv[2]}; status != 1 (mbarrier wait gave up) in: {bad}")
PY
# every spec: the first 10; with PARTs: the ones that failed above (up to 10), with the first
# error's lines (which instruction, which address), not only the summary
if [ $# -eq 0 ]; then mc="$set_dir/names.txt"; else mc="$set_dir/failed.txt"; fi
echo "== memcheck ($(head -10 "$mc" | wc -l) specs)"
head -10 "$mc" | while read -r name; do
    timeout 60 compute-sanitizer --tool memcheck --print-limit 2 python3 "$set_dir/record.py" tma /tmp/tma_mc.jsonl.gz --only "$name" 2>&1 \
        | grep -E "^=========|FAIL" | grep -v -E "Host Frame|^=========\s*$" | head -14 | sed "s|^|$name: |"
done
