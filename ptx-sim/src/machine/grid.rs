//! A grid's CTAs on worker threads, and the CTAs an H100 holds at once.
//!
//! A launch runs its CTAs on the workers it was given, each CTA to its
//! end. CTAs that wait on each other (a grid barrier, a semaphore set by a
//! later CTA) would leave every worker spinning in a CTA whose partner has
//! not started: so when no CTA finishes for a while and CTAs wait to
//! start, the launch adds workers, up to as many CTAs as the GPU holds at
//! once ([`resident`]), as the GPU runs all of those at once. A grid in
//! which no CTA finishes and no global memory changes for the stall limit
//! is stuck: its threads' next global access faults
//! ([`crate::fault::LaunchFault::Stalled`]), which ends the launch.
//!
//! The kernel interpreter ([`crate::kernel`]) keeps its CTAs' whole state
//! as values and needs no extra workers: it takes turns among the resident
//! CTAs itself.

use super::spaces::LaunchMemory;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// The H100's streaming multiprocessors.
pub const SMS: u32 = 132;

/// Threads one SM holds.
const THREADS_PER_SM: usize = 2048;
/// CTAs one SM holds.
const CTAS_PER_SM: usize = 32;
/// Shared memory of one SM, and what each CTA takes besides its own.
const SHARED_PER_SM: usize = 228 * 1024;
/// The shared memory each CTA has reserved for the system.
pub const SHARED_RESERVED_PER_CTA: usize = 1024;
/// The most threads a CTA may have.
pub const MAX_BLOCK_THREADS: usize = 1024;
/// The most shared memory a CTA may have on an H100, static and dynamic.
pub const MAX_SHARED_BYTES: usize = 227 * 1024;

/// How many CTAs of `block` threads and `shared` bytes of shared memory the
/// H100 holds at once: 132 SMs times what one SM's threads (2048, in whole
/// warps), CTA slots (32) and shared memory (228 KiB, 1 KiB of it taken per
/// CTA) allow. Registers are not counted: ptxas, not the PTX, decides them.
///
/// ```
/// use ptx_sim::machine::grid::resident;
/// assert_eq!(resident(256, 0), 132 * 8);
/// assert_eq!(resident(1024, 100 * 1024), 132 * 2);
/// ```
pub fn resident(block: usize, shared: usize) -> usize {
    let warps = block.div_ceil(32).max(1);
    let by_threads = THREADS_PER_SM / 32 / warps;
    let by_shared = if shared == 0 {
        CTAS_PER_SM
    } else {
        SHARED_PER_SM / (shared + SHARED_RESERVED_PER_CTA)
    };
    SMS as usize * by_threads.min(CTAS_PER_SM).min(by_shared).max(1)
}

/// How long no CTA may finish before the launch adds workers.
const WAIT_FOR_MORE: Duration = Duration::from_millis(50);

/// Runs `run(c, part)` for every CTA `c` of `parts.len()`, on `workers`
/// threads (the calling one among them) and more while CTAs wait to start
/// and none finishes, up to `limit`; a grid in which no CTA finishes and no
/// global memory of `memory` changes for `stall` stops (see the module
/// docs). Returns each CTA's outcome, in CTA order.
pub(crate) fn run_ctas<P: Send, O: Send>(
    parts: Vec<P>,
    workers: usize,
    limit: usize,
    memory: Option<&LaunchMemory>,
    stall: Duration,
    run: impl Fn(usize, P) -> O + Sync,
) -> Vec<O> {
    let total = parts.len();
    let parts: Vec<Mutex<Option<P>>> = parts.into_iter().map(|p| Mutex::new(Some(p))).collect();
    let outcomes: Vec<Mutex<Option<O>>> = (0..total).map(|_| Mutex::new(None)).collect();
    let next = AtomicUsize::new(0);
    let finished = AtomicUsize::new(0);
    let work = || {
        loop {
            let c = next.fetch_add(1, Ordering::Relaxed);
            if c >= total {
                return;
            }
            let part = parts[c].lock().unwrap_or_else(|e| e.into_inner()).take();
            if let Some(part) = part {
                let outcome = run(c, part);
                *outcomes[c].lock().unwrap_or_else(|e| e.into_inner()) = Some(outcome);
            }
            finished.fetch_add(1, Ordering::Release);
        }
    };
    let first = workers.clamp(1, total.max(1));
    std::thread::scope(|s| {
        // Every worker is joined, not left to the scope's end: a join is a
        // `pthread_join`, which ThreadSanitizer sees (the scope's own wait
        // is inside std, not instrumented), so what the workers wrote is
        // ordered before what this thread reads after (tools/gates/sanitizers/).
        let started: Vec<_> = (1..first).map(|_| s.spawn(work)).collect();
        let monitor = s.spawn(|| {
            let mut spawned = Vec::new();
            let mut live = first;
            let mut seen = (0, memory.map_or(0, |m| m.global.changes()));
            // When a CTA last finished, when anything last changed, when
            // workers were last added.
            let (mut finish, mut change, mut added) =
                (Instant::now(), Instant::now(), Instant::now());
            while finished.load(Ordering::Acquire) < total {
                std::thread::park_timeout(WAIT_FOR_MORE / 5);
                let now = (
                    finished.load(Ordering::Acquire),
                    memory.map_or(0, |m| m.global.changes()),
                );
                if now.0 != seen.0 {
                    finish = Instant::now();
                }
                if now != seen {
                    change = Instant::now();
                }
                seen = now;
                let waiting = total.saturating_sub(next.load(Ordering::Relaxed));
                if waiting > 0
                    && live < limit
                    && finish.elapsed() >= WAIT_FOR_MORE
                    && added.elapsed() >= WAIT_FOR_MORE
                {
                    // Double the workers: a grid barrier over n CTAs needs
                    // them all running.
                    let more = live.min(limit - live).min(waiting);
                    spawned.extend((0..more).map(|_| s.spawn(work)));
                    live += more;
                    added = Instant::now();
                }
                if change.elapsed() >= stall
                    && let Some(m) = memory
                {
                    m.stall(stall);
                    break;
                }
            }
            spawned
        });
        work();
        let spawned = monitor.join().unwrap_or_default();
        for worker in started.into_iter().chain(spawned) {
            // A panic in a worker is the scope's to report, as before.
            let _ = worker.join();
        }
    });
    outcomes
        .into_iter()
        .map(|o| {
            o.into_inner()
                .unwrap_or_else(|e| e.into_inner())
                .expect("every CTA ran")
        })
        .collect()
}
