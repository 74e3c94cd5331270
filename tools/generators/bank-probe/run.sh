#!/usr/bin/env bash
# Measures, on the device machine (CUDA 13.0, an H100, Nsight Compute), the
# shared-memory instructions, wavefronts and bank conflicts of each pattern
# of probe.py, and keeps the SASS ptxas builds of every wmma load and store
# form and of every atom/red form on shared memory.
#
# Usage (device machine, repository root): tools/generators/bank-probe/run.sh OUTDIR
# Writes OUTDIR/patterns.tsv (launch index, CUDA status), OUTDIR/ncu.csv
# (ncu's raw CSV: one row per launch and metric), OUTDIR/probe.sass,
# OUTDIR/wmma_forms.sass, OUTDIR/atom_forms.sass and OUTDIR/metrics.txt
# (the chip's shared-memory metrics). Then, here, probe.py summarize,
# wmma-sass and atom-sass OUTDIR write the tables under tests/data.
set -euo pipefail
out=${1:?usage: run.sh OUTDIR}
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
python3 "$here/probe.py" cu > "$work/probe.cu"
python3 "$here/probe.py" wmma-cu > "$work/wmma_forms.cu"
python3 "$here/probe.py" atom-cu > "$work/atom_forms.cu"
nvcc -O3 -arch=sm_90 -w -o "$work/probe" "$work/probe.cu"
nvcc -O3 -arch=sm_90 -w -cubin -o "$work/wmma_forms.cubin" "$work/wmma_forms.cu"
nvcc -O3 -arch=sm_90 -w -cubin -o "$work/atom_forms.cubin" "$work/atom_forms.cu"
cuobjdump -sass "$work/probe" > "$out/probe.sass"
cuobjdump -sass "$work/wmma_forms.cubin" > "$out/wmma_forms.sass"
cuobjdump -sass "$work/atom_forms.cubin" > "$out/atom_forms.sass"
"$work/probe" > "$out/patterns.tsv"
ncu --query-metrics --chip gh100 2>&1 | grep -E "shared|ldsm|stsm" > "$out/metrics.txt" || true
# Instructions, wavefronts and conflicts of every kind of shared access the
# chip counts (metrics.txt lists its names).
wanted=""
for op in ld st atom ldsm stsm; do
    for base in smsp__sass_inst_executed_op_shared_$op smsp__sass_inst_executed_op_$op \
                l1tex__data_pipe_lsu_wavefronts_mem_shared_op_$op \
                l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_$op; do
        if grep -qw "$base" "$out/metrics.txt"; then wanted+="${wanted:+,}$base.sum"; fi
    done
done
echo "metrics: $wanted"
ncu --metrics "$wanted" --csv --print-units base "$work/probe" > "$out/ncu.csv"
echo "patterns: $(wc -l < "$out/patterns.tsv"), ncu rows: $(grep -c '^"' "$out/ncu.csv")"
