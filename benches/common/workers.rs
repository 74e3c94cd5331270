//! The worker counts a bench runs a launch on: 1, 2, 4 and 16 (16: the
//! cores of the GPU box, where the ratio to 1 worker is what many workers
//! buy), or those `BENCH_WORKERS` lists (`BENCH_WORKERS=1,2`), so that a
//! comparison with an older bench binary (`tools/dev/bench-ab`) can run the
//! counts both have.

/// The worker counts: `BENCH_WORKERS`'s comma-separated list, else 1, 2,
/// 4 and 16.
pub fn counts() -> Vec<usize> {
    std::env::var("BENCH_WORKERS")
        .ok()
        .and_then(|list| list.split(',').map(|n| n.trim().parse().ok()).collect())
        .unwrap_or_else(|| vec![1, 2, 4, 16])
}
