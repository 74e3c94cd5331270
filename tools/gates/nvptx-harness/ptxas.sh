#!/usr/bin/env bash
# Prints the path of CUDA 13.0's ptxas: $PTXAS if set, else the one in the
# Python environment $CUDA_VENV (default target/cuda-venv, from the
# repository root), installed there from the Python package registry by
# tools/lib/cuda_env.py --install (all of CUDA 13.0's pinned packages, so
# that nvcc in the same environment stays whole). Fails, never skips.
set -euo pipefail
cd "$(dirname "$0")/../../.."
if [[ -n ${PTXAS:-} ]]; then
    [[ -x $PTXAS ]] || { echo "ptxas.sh: PTXAS=$PTXAS is not executable" >&2; exit 1; }
    echo "$PTXAS"
    exit 0
fi
venv=${CUDA_VENV:-target/cuda-venv}
find_ptxas() { compgen -G "$venv/lib/python3*/site-packages/nvidia/cu13/bin/ptxas" | head -n1; }
CUDA_VENV=$venv python3 tools/lib/cuda_env.py --install >/dev/null
ptxas=$(find_ptxas)
[[ -n $ptxas ]] || { echo "ptxas.sh: no ptxas in $venv after tools/lib/cuda_env.py --install" >&2; exit 1; }
# The version read whole first: `grep -q` in a pipe stops reading at the
# match, and under pipefail the SIGPIPE ptxas may then get failed the check.
version=$("$ptxas" --version)
[[ $version == *V13.0.88* ]] || { echo "ptxas.sh: $ptxas is not CUDA 13.0.88" >&2; exit 1; }
realpath "$ptxas"
