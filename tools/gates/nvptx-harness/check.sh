#!/usr/bin/env bash
# What CI checks of the nvptx64 harness (run by .ci/run after the tests):
# every module builds and ptxas 13.0 accepts it (build.sh), the modules
# committed as test data are the ones this build makes, and the golden-form
# kernels rustc compiled compute in the simulator what the H100 recorded.
#
#   bash tools/gates/nvptx-harness/check.sh
set -euo pipefail
cd "$(dirname "$0")/../../.."
out=target/nvptx-harness/out
bash tools/gates/nvptx-harness/build.sh "$out"

# The committed modules (replayed by `cargo test`, recorded on the H100)
# must be what this build makes of the committed sources.
stale=0
for pair in golden_forms:tests/data/kernels/nvptx/modules/golden_forms.ptx \
            warp:tests/data/kernels/nvptx/modules/warp.ptx \
            examples:tests/data/kernels/nvptx/modules/examples.ptx \
            warp_scan:examples/warp-scan-kernel/warp_scan.ptx; do
    built=$out/modules/${pair%%:*}.ptx committed=${pair#*:}
    if ! cmp -s "$built" "$committed"; then
        echo "nvptx-harness: $committed differs from what the build makes ($built): copy it over"
        stale=1
    fi
done
[[ $stale == 0 ]] || exit 1
echo "the committed modules are the build's"

# Each golden-form kernel, as rustc compiled it, in the simulator against
# what the H100 computed for the statement (nvcc's inline asm).
target/release/ptxsim run "$out/golden_forms.jsonl.gz" | tail -n 3
