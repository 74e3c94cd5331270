#!/usr/bin/env bash
# Records the seeded-bug cases on the GPU (the device machine, which sees only this checkout) and
# runs compute-sanitizer on each: every launch of specs.py is recorded as a kernel case by the
# project's recorder (tools/generators/gpu-golden/kernels/record.py, two launches each) into
# OUT/seeded_h200.jsonl.gz, and run again, through the same recorder, under compute-sanitizer's
# racecheck (twice: its analysis report, one line per racing pair of instructions, and its hazard
# report, "racecheck_hazard", one per racing access, first 20), initcheck, synccheck and
# memcheck, one process per case and tool (so that a hang or a flood in one case touches no
# other), 12 at a time. Every output goes into OUT/sanitizer_texts.tar.gz (SET/CASE__TOOL.txt,
# with CASE__TOOL.rc: exit status and seconds) and is summarised in OUT/compute_sanitizer.tsv
# (summarize.py). The log is OUT/record_log.txt.
#
# With SAMPLES=DIR (a folder holding samples_specs.py, the recorder's specs (tools/generators/gpu-golden/kernels/), and index.tsv,
# case name TAB module file: samples_input.py writes them) the unmodified cuda-samples cases (modules from
# tests/data/kernels/modules/) also go under racecheck, synccheck and initcheck (SAMPLES_TOOLS),
# after the seeded ones (SEEDED_TOOLS), as far as DEADLINE seconds (default 480) from the start
# allow.
#
#   OUT=/some/folder [SAMPLES=DIR] [SEEDED_TOOLS=...] [SAMPLES_TOOLS=...] bash tools/generators/seeded-bugs/record.sh
set -uo pipefail
cd "$(dirname "$0")/../../.."
start=$(date +%s)
deadline=${DEADLINE:-480}
exec > >(tee "$OUT/record_log.txt") 2>&1
set_dir=$(mktemp -d)
cp tools/generators/gpu-golden/kernels/record.py tools/lib/kernel_inputs.py "$set_dir/"
cp tools/generators/seeded-bugs/specs.py "$set_dir/seeded_specs.py"
mkdir -p "$set_dir/modules/seeded"
cp tests/data/kernels/seeded/modules/*.ptx tests/data/kernels/seeded/modules/index.tsv "$set_dir/modules/seeded/"
sets="seeded"
if [ -n "${SAMPLES:-}" ]; then
    cp "$SAMPLES/samples_specs.py" "$set_dir/"
    mkdir -p "$set_dir/modules/samples"
    cp tests/data/kernels/modules/*.ptx "$SAMPLES/index.tsv" "$set_dir/modules/samples/"
    sets="seeded samples"
fi
export PYTHONUNBUFFERED=1 SET_DIR=$set_dir
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
compute-sanitizer --version | tail -1
names() { cut -f1 "$set_dir/modules/$1/index.tsv"; }

echo "== record (one process per case, 8 at a time)"
mkdir -p "$set_dir/rec"
names seeded | xargs -P 8 -I{} sh -c 'n="{}"; f=$(echo "$n" | tr / _); timeout 60 python3 "$SET_DIR/record.py" seeded "$SET_DIR/rec/$f.jsonl.gz" --only "$n" > "$SET_DIR/rec/$f.log" 2>&1; echo "rc $? $n"'
cat "$set_dir"/rec/*.log | grep -v "^recorded"
python3 - "$set_dir" "$OUT/seeded_h200.jsonl.gz" <<'PY'
import os, sys
sys.path.insert(0, "tools/lib")
from case_records import concatenate
d, out = sys.argv[1], sys.argv[2]
order = [l.split("\t")[0] for l in open(f"{d}/modules/seeded/index.tsv")]
parts = [f"{d}/rec/{n.replace('/', '_')}.jsonl.gz" for n in order]
# one record a part, in index order; a recorder killed mid-write leaves an empty or unreadable part
lines = concatenate([p for p in parts if os.path.exists(p) and os.path.getsize(p)], out)
print(f"{len(lines)} of {len(order)} cases in {out}")
PY

# One job a line: SET CASE TOOL TIMEOUT. racecheck_hazard is racecheck's per-access report.
jobs=$set_dir/jobs.txt
: > "$jobs"
for tool in ${SEEDED_TOOLS:-racecheck racecheck_hazard initcheck synccheck memcheck}; do
    names seeded | while read -r n; do echo "seeded $n $tool 90"; done >> "$jobs"
done
if [ -n "${SAMPLES:-}" ]; then
    names samples | while read -r n; do
        for tool in ${SAMPLES_TOOLS:-racecheck synccheck initcheck}; do echo "samples $n $tool 120"; done
    done >> "$jobs"
fi
mkdir -p "$set_dir/texts/seeded" "$set_dir/texts/samples"
sanitize() {  # SET CASE TOOL TIMEOUT
    local set=$1 name=$2 tool=$3 limit=$4
    local now=$(date +%s)
    if [ $((now - START)) -gt "$DEADLINE" ]; then return; fi
    local left=$((DEADLINE + 60 - (now - START)))
    [ "$left" -lt "$limit" ] && limit=$left
    local f="$SET_DIR/texts/$set/$(echo "$name" | sed 's|/|__|g')__$tool"
    local opts="--tool $tool --print-limit 100"
    case $tool in
        racecheck) opts="$opts --racecheck-report analysis --racecheck-detect-level info";;
        racecheck_hazard) opts="--tool racecheck --print-limit 20 --racecheck-report hazard --racecheck-detect-level info";;
    esac
    local scratch=$(mktemp -d) t0=$(date +%s%N)
    timeout -k 5 "$limit" compute-sanitizer $opts python3 "$SET_DIR/record.py" "$set" "$scratch/case.jsonl.gz" --only "$name" > "$f.txt" 2>&1
    local rc=$? ms=$(( ($(date +%s%N) - t0) / 1000000 ))
    rm -rf "$scratch"
    printf '%s %d.%03d\n' "$rc" $((ms / 1000)) $((ms % 1000)) > "$f.rc"
    echo "$set $name $tool rc=$rc"
}
export -f sanitize
export START=$start DEADLINE=$deadline
echo "== compute-sanitizer: $(wc -l < "$jobs") runs, 12 at a time"
xargs -P 12 -L 1 bash -c 'sanitize "$@"' _ < "$jobs" > "$set_dir/runs.txt"
grep -v "rc=0$" "$set_dir/runs.txt" | head -80
echo "runs with exit 0: $(grep -c 'rc=0$' "$set_dir/runs.txt") of $(wc -l < "$set_dir/runs.txt") started"
python3 tools/generators/seeded-bugs/summarize.py "$set_dir/texts" "$OUT/compute_sanitizer.tsv"
tar -C "$set_dir/texts" -czf "$OUT/sanitizer_texts.tar.gz" .
grep "^seeded" "$OUT/compute_sanitizer.tsv" | cut -f2-6 | cut -c1-220
echo "elapsed $(( $(date +%s) - start )) s"
