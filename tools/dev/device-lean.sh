#!/usr/bin/env bash
# The device tool sends the working tree (tracked files) to the GPU machine
# and refuses one over 64 MiB; the recorded data under tests/data and the
# crates' tests/data folders are most of the repository's 85 MiB, and a
# call that runs a carried binary needs none of them.
#
#   tools/dev/device-lean.sh on     # before the device call: the data folders leave the index
#   tools/dev/device-lean.sh off    # right after it: the index as HEAD has it again
#
# `on` only untracks (git rm --cached) and excludes (.git/info/exclude) the
# folders: the files stay on disk, and `off` (git reset) restores the
# index. Commit nothing in between.
set -euo pipefail
cd "$(dirname "$0")/../.."
folders=(tests/data ptx-tools/tests/data ptx-sim/tests/data ptx-core/tests/data)
exclude=.git/info/exclude
case ${1:-} in
on)
    git diff --cached --quiet || { echo "the index has staged changes: commit or unstage them first" >&2; exit 1; }
    git rm -r -q --cached "${folders[@]}"
    for f in "${folders[@]}"; do echo "/$f/"; done >>"$exclude"
    git ls-files -z | xargs -0 stat -c %s | awk '{s += $1} END {printf "tracked now: %.1f MiB\n", s / 1048576}'
    ;;
off)
    git reset -q
    for f in "${folders[@]}"; do
        grep -vxF "/$f/" "$exclude" >"$exclude.new" || true
        mv "$exclude.new" "$exclude"
    done
    git status --short | head -5
    ;;
*)
    echo "usage: $0 on|off" >&2
    exit 2
    ;;
esac
