#!/usr/bin/env bash
# Runs the launch engine's tests (fibers, stack switches, CTAs on worker
# threads) under AddressSanitizer and ThreadSanitizer, and checks that each
# sanitizer reports a bug seeded inside a lane. See README.md here.
#
#   tools/gates/sanitizers/run.sh            # both sanitizers
#   tools/gates/sanitizers/run.sh thread     # one of them
#
# Needs the nightly toolchain (`-Zsanitizer`), not rust-src: std is the
# prebuilt, uninstrumented one (see README.md for what that leaves out).
# `--target` keeps the sanitizer flags off build scripts and proc macros.
# `--cfg ptx_sanitize=...` turns on the fibers' switch annotations
# (ptx-sim/src/machine/fiber/sanitize.rs) and corosensei's.
set -uo pipefail
cd "$(dirname "$0")/../../.."

target=x86_64-unknown-linux-gnu
# One directory per sanitizer: the flags differ, and sharing one would
# rebuild everything on every switch between them.
target_root=${SANITIZER_TARGET_DIR:-${CARGO_TARGET_DIR:-target}/sanitizers}
here=$(pwd)/tools/gates/sanitizers
failed=()

# The launch engine's tests: the simulator's unit tests of machine/, its
# closure-launch suite (fibers, both backends, CTAs on worker
# threads), and the crate's fault, co-residency and global-memory suites.
engine=(
  "-p ptx-sim --lib -- machine::"
  "-p ptx-sim --test all -- launch::"
  "-p ptx --test all -- faults:: coresidency:: global_memory:: cluster_launch:: device::"
)
# Module launches (the interpreter, clusters, CTAs handed between worker
# threads): their grid tells ThreadSanitizer of its queue's hand-offs
# (`handoff` in ptx-sim/src/kernel/grid.rs), which it cannot see inside
# std here (README.md).
modules=(
  "-p ptx-sim --lib -- kernel::"
  "-p ptx-sim --test all -- kernels:: clusters::"
)

cargo_test() {
  local sanitizer=$1
  shift
  local flags="-Zsanitizer=$sanitizer --cfg ptx_sanitize=\"$sanitizer\""
  # rustc refuses to link ThreadSanitizer code with the prebuilt std, which
  # is not instrumented (no rust-src here for -Zbuild-std). We accept it:
  # std's own memory accesses and atomics are then invisible to TSan (it
  # still sees pthread_create/join, which std's threads go through).
  if [[ $sanitizer == thread ]]; then
    flags+=" -Cunsafe-allow-abi-mismatch=sanitizer"
  fi
  # RUST_BACKTRACE=0: a panicking lane's hook would symbolise a backtrace
  # through std's global cache, filled under a lock inside std, which
  # ThreadSanitizer cannot see (tests that capture backtraces still do).
  CARGO_TARGET_DIR="$target_root/$sanitizer" \
    RUSTFLAGS="$flags" \
    RUSTDOCFLAGS="-Zsanitizer=$sanitizer" \
    ASAN_OPTIONS="detect_stack_use_after_return=1:detect_leaks=1" \
    TSAN_OPTIONS="suppressions=$here/tsan.supp" \
    RUST_BACKTRACE=0 \
    cargo +nightly test --release --no-fail-fast --target "$target" "$@"
}

sanitizers=("$@")
((${#sanitizers[@]})) || sanitizers=(address thread)

for sanitizer in "${sanitizers[@]}"; do
  # The bug seeded for this sanitizer, and the report it must give.
  case $sanitizer in
    address)
      seeded=heap_read_one_past_the_end_after_a_stack_switch
      report="ERROR: AddressSanitizer: heap-buffer-overflow"
      ;;
    thread)
      seeded=unsynchronised_write_from_two_ctas_on_worker_threads
      report="WARNING: ThreadSanitizer: data race"
      ;;
    *)
      echo "unknown sanitizer: $sanitizer (address or thread)" >&2
      exit 2
      ;;
  esac
  echo "=== $sanitizer: the launch engine's tests"
  start=$SECONDS
  suites=("${engine[@]}" "${modules[@]}")
  for suite in "${suites[@]}"; do
    # shellcheck disable=SC2086 # each suite is a word list
    if ! cargo_test "$sanitizer" $suite; then
      failed+=("$sanitizer: $suite")
    fi
  done
  echo "=== $sanitizer: tests took $((SECONDS - start)) s"

  # The seeded bug must be reported (and fail its test).
  echo "=== $sanitizer: the seeded bug ($seeded) must be reported"
  log=$(cargo_test "$sanitizer" -p ptx-sim --lib -- --ignored --exact \
    "machine::fiber::seeded_bugs::$seeded" 2>&1)
  if [[ $? -ne 0 && $log == *"$report"* ]]; then
    echo "reported: $report"
  else
    echo "$log" | tail -40
    failed+=("$sanitizer: the seeded bug $seeded was not reported")
  fi
done

if ((${#failed[@]})); then
  printf 'FAILED: %s\n' "${failed[@]}"
  exit 1
fi
echo "clean: no sanitizer report, and every seeded bug caught"
