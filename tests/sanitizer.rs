//! The sanitizer on closure launches (`ptx_sim::check`): a missing
//! barrier, a read of shared memory never written and a barrier reached by
//! half a warp are each reported once, naming both threads and the Rust
//! lines of their `ptx!` statements; the same launches with the bug fixed
//! are clean. Expected values come from the launches written here: which
//! warp writes, which reads, and what the PTX ISA says orders them.

use ptx::launch::{Checks, Fault, Finding, Hazard, Launch, LaunchError, SharedScope, StateSpace};
use ptx::ptx;

/// Where in this file the first `ptx!` call with `text` is, as
/// `file:line:column`.
fn call_site(text: &str) -> (String, u32) {
    let source = include_str!("sanitizer.rs");
    let needle = format!("ptx!(\"{text}\"");
    let line = source
        .lines()
        .position(|l| l.contains(&needle))
        .expect("the statement is in this file");
    (file!().to_string(), line as u32 + 1)
}

/// Warp 0 stores a word per lane into shared memory and warp 1 loads
/// them back, with `bar.sync 0` between the two if `barrier`; the
/// sanitizer on.
fn producer_consumer(barrier: bool) -> Result<Vec<u32>, LaunchError> {
    run_producer_consumer(barrier, Checks::ALL, None)
}

/// [`producer_consumer`] with `checks`, its schedule varied by `seed`.
fn run_producer_consumer(
    barrier: bool,
    checks: Checks,
    seed: Option<u64>,
) -> Result<Vec<u32>, LaunchError> {
    let mut launch = Launch::new(1, 64);
    launch.shared_bytes(128).checks(checks);
    match seed {
        Some(seed) => launch.schedule(seed),
        // The fixed order, whatever PTX_SIM_SCHEDULE says: warp 0 first.
        None => launch.fixed_schedule(),
    };
    launch
        .run(|t| {
            let at = 4 * (t.lane);
            if t.warp == 0 {
                ptx!("st.shared.u32 [%0], %1;" :: "r"(at), "r"(t.lane + 100));
            }
            if barrier {
                ptx!("bar.sync 0;");
            }
            let mut v = 0u32;
            if t.warp == 1 {
                ptx!("ld.shared.u32 %0, [%1];" : "=r"(v) : "r"(at));
            }
            v
        })
        .map(|r| r.results)
}

#[test]
fn a_missing_barrier_between_a_producer_and_a_consumer_warp_is_one_race() {
    // The simulator runs warp 0 before warp 1, so the values are right
    // anyway: only the sanitizer tells.
    let err = producer_consumer(false).unwrap_err();
    assert_eq!(err.faults.len(), 1, "{err}");
    let Fault::Finding(Finding::Race(race)) = &err.faults[0].fault else {
        panic!("not a race: {err}");
    };
    assert_eq!(race.hazard, Hazard::ReadAfterWrite);
    assert_eq!(race.space, StateSpace::Shared(SharedScope::Cta));
    let [write, read] = &race.accesses;
    assert!(write.write && !read.write);
    assert_eq!(write.thread.warp, 0);
    assert_eq!(read.thread.warp, 1);
    // The two threads touched the same word: the writer's lane is the
    // reader's, and the address is 4 bytes per lane.
    assert_eq!(write.thread.lane, read.thread.lane);
    assert_eq!(race.address, 4 * u64::from(read.thread.lane));
    for (access, text) in [
        (write, "st.shared.u32 [%0], %1;"),
        (read, "ld.shared.u32 %0, [%1];"),
    ] {
        let location = access.location.expect("a ptx! statement's line");
        assert_eq!(
            (location.file().to_string(), location.line()),
            call_site(text)
        );
        assert_eq!(access.statement.as_deref(), Some(text));
    }
}

#[test]
fn with_the_barrier_the_same_launch_is_clean_and_reads_what_was_written() {
    let results = producer_consumer(true).unwrap();
    let expected: Vec<u32> = (0..64)
        .map(|t| if t >= 32 { t - 32 + 100 } else { 0 })
        .collect();
    assert_eq!(results, expected);
}

/// 32 lanes load a word each from `bytes` of shared memory given as
/// `given`: zeroed but never written (`shared_bytes`) or given values
/// (`shared_init`).
fn load_words(given: bool) -> Result<Vec<u32>, LaunchError> {
    let mut launch = Launch::new(1, 32);
    if given {
        launch.shared_init((0..128).map(|b| b as u8).collect());
    } else {
        launch.shared_bytes(128);
    }
    launch.checks(Checks::ALL);
    launch
        .run(|t| {
            let v: u32;
            ptx!("ld.shared.u32 %0, [%1];" : "=r"(v) : "r"(4 * t.lane));
            v
        })
        .map(|r| r.results)
}

#[test]
fn a_read_of_shared_memory_never_written_is_reported_once() {
    let err = load_words(false).unwrap_err();
    assert_eq!(err.faults.len(), 1, "{err}");
    let f = &err.faults[0];
    assert_eq!(
        f.fault,
        Fault::Finding(Finding::Uninitialized {
            space: StateSpace::Shared(SharedScope::Cta),
            address: 0,
            size: 4
        })
    );
    assert_eq!(f.thread.map(|t| t.lane), Some(0));
    let text = f.to_string();
    assert!(
        text.contains("is read before any thread wrote it"),
        "{text}"
    );
}

#[test]
fn shared_memory_given_at_launch_is_initialised() {
    let words = load_words(true).unwrap();
    // Bytes 4l..4l+3 hold 4l, 4l+1, 4l+2, 4l+3: little-endian words.
    for (l, w) in words.iter().enumerate() {
        let b = 4 * l as u32;
        assert_eq!(*w, b | (b + 1) << 8 | (b + 2) << 16 | (b + 3) << 24);
    }
}

#[test]
fn an_aligned_barrier_reached_by_half_a_warp_is_reported() {
    // Lanes 0-15 and 16-31 of each warp reach two different statements on
    // barrier 0 (the second names its 64 threads): it completes (every
    // thread arrives), but
    // `bar.sync` is `barrier.sync.aligned`, which the whole warp must
    // execute together (PTX ISA, "bar, barrier").
    let mut launch = Launch::new(1, 64);
    launch.checks(Checks::ALL);
    let err = launch
        .run(|t| {
            if t.lane < 16 {
                ptx!("bar.sync 0;");
            } else {
                ptx!("bar.sync 0, 64;");
            }
        })
        .unwrap_err();
    assert_eq!(err.faults.len(), 1, "{err}");
    let Fault::Finding(Finding::DivergentBarrier {
        arrived, missing, ..
    }) = err.faults[0].fault
    else {
        panic!("not a divergent barrier: {err}");
    };
    assert_eq!((arrived, missing), (0x0000_ffff, 0xffff_0000));
    // `barrier.sync` (not aligned) may be reached by part of a warp.
    let mut launch = Launch::new(1, 64);
    launch.checks(Checks::ALL);
    launch
        .run(|t| {
            if t.lane < 16 {
                ptx!("barrier.sync 0;");
            } else {
                ptx!("barrier.sync 0, 64;");
            }
        })
        .unwrap();
}

#[test]
fn atomics_from_every_warp_do_not_race_but_a_plain_read_after_them_does() {
    let run = |read_without_barrier: bool| {
        let mut launch = Launch::new(1, 64);
        launch.shared_init(vec![0; 4]).checks(Checks::ALL);
        launch.run(|t| {
            ptx!("red.shared.add.u32 [%0], 1;" :: "r"(0u32));
            if read_without_barrier && t.warp == 1 {
                let v: u32;
                ptx!("ld.shared.u32 %0, [%1];" : "=r"(v) : "r"(0u32));
                return v;
            }
            0
        })
    };
    assert!(run(false).is_ok());
    let err = run(true).unwrap_err();
    assert!(
        matches!(&err.faults[0].fault, Fault::Finding(Finding::Race(r)) if r.hazard == Hazard::ReadAfterWrite),
        "{err}"
    );
}

#[test]
fn without_checks_the_racy_launch_runs_plain() {
    let mut launch = Launch::new(1, 64);
    launch
        .shared_bytes(128)
        .checks(Checks::NONE)
        .fixed_schedule();
    let report = launch
        .run(|t| {
            if t.warp == 0 {
                ptx!("st.shared.u32 [%0], %1;" :: "r"(4 * t.lane), "r"(t.lane));
            }
            let v: u32;
            ptx!("ld.shared.u32 %0, [%1];" : "=r"(v) : "r"(4 * (t.lane)));
            v
        })
        .unwrap();
    // Warp 0 runs first: warp 1 reads its values.
    assert_eq!(report.results[33], 1);
}

/// How many of the consumer warp's 32 loads see the producer's value.
fn consumer_reads_right(results: &[u32]) -> usize {
    (0..32)
        .filter(|&lane| results[32 + lane] == lane as u32 + 100)
        .count()
}

#[test]
fn a_varied_schedule_makes_a_missing_barrier_change_the_result() {
    // In the fixed order warp 0 runs first and every load is right; a
    // varied schedule lets some loads run before the stores, and which
    // ones depends on the seed. With the barrier, no seed changes a value.
    let fixed = run_producer_consumer(false, Checks::NONE, None).unwrap();
    assert_eq!(consumer_reads_right(&fixed), 32);
    let right: Vec<usize> = (0..16)
        .map(|seed| {
            let results = run_producer_consumer(false, Checks::NONE, Some(seed)).unwrap();
            consumer_reads_right(&results)
        })
        .collect();
    assert!(right.iter().any(|&n| n < 32), "{right:?}");
    let distinct: std::collections::BTreeSet<usize> = right.iter().copied().collect();
    assert!(distinct.len() > 1, "every seed read the same: {right:?}");
    for seed in 0..16 {
        let results = run_producer_consumer(true, Checks::ALL, Some(seed)).unwrap();
        assert_eq!(consumer_reads_right(&results), 32, "seed {seed}");
    }
    // The same seed, the same run.
    let again = run_producer_consumer(false, Checks::NONE, Some(3)).unwrap();
    assert_eq!(consumer_reads_right(&again), right[3]);
}

/// One warp: every lane stores its lane number in its word of shared
/// memory, then reads its neighbour's (lane `l` reads lane `l ^ 1`'s),
/// with `bar.warp.sync` between the two if `sync`.
fn neighbours(sync: bool) -> Result<Vec<u32>, LaunchError> {
    let mut launch = Launch::new(1, 32);
    launch.shared_bytes(128).checks(Checks::ALL);
    launch
        .run(|t| {
            ptx!("st.shared.u32 [%0], %1;" :: "r"(4 * t.lane), "r"(t.lane));
            if sync {
                ptx!("bar.warp.sync %0;" :: "r"(u32::MAX));
            }
            let v: u32;
            ptx!("ld.shared.u32 %0, [%1];" : "=r"(v) : "r"(4 * (t.lane ^ 1)));
            v
        })
        .map(|r| r.results)
}

#[test]
fn lanes_of_one_warp_race_without_a_warp_barrier_between_them() {
    // From sm_70 on a warp's lanes need not run in lock step: without
    // `bar.warp.sync` (`__syncwarp()`) a lane may read its neighbour's word
    // before the neighbour wrote it.
    let err = neighbours(false).unwrap_err();
    let Fault::Finding(Finding::Race(race)) = &err.faults[0].fault else {
        panic!("not a race: {err}");
    };
    assert_eq!(race.hazard, Hazard::ReadAfterWrite);
    let [write, read] = &race.accesses;
    assert_eq!(write.thread.warp, read.thread.warp);
    assert_eq!(write.thread.lane, read.thread.lane ^ 1);
    assert!(err.to_string().contains("no `bar.warp.sync`"), "{err}");
    // With it, every lane reads its neighbour's number.
    let read = neighbours(true).unwrap();
    assert_eq!(read, (0..32).map(|l| l ^ 1).collect::<Vec<u32>>());
}

/// Warp 1's 32 lanes read one word of shared memory (given at launch),
/// then warp 0's lanes all store to it, with `bar.sync 0` between if
/// `barrier`.
fn read_then_overwrite(barrier: bool) -> Result<Vec<u32>, LaunchError> {
    let mut launch = Launch::new(1, 64);
    launch
        .shared_init(5u32.to_le_bytes().to_vec())
        .checks(Checks::ALL)
        .fixed_schedule();
    launch
        .run(|t| {
            let mut v = 0u32;
            if t.warp == 1 {
                ptx!("ld.shared.u32 %0, [%1];" : "=r"(v) : "r"(0u32));
            }
            if barrier {
                ptx!("bar.sync 0;");
            }
            if t.warp == 0 {
                ptx!("st.shared.u32 [%0], %1;" :: "r"(0u32), "r"(t.lane));
            }
            v
        })
        .map(|r| r.results)
}

#[test]
fn a_store_after_another_warps_broadcast_read_is_one_write_after_read() {
    // Warp 0 runs first in the fixed order, so the store comes first
    // there; warp 1's read then sees it unordered: a read after write.
    // Either way one pair of statements, reported once.
    let err = read_then_overwrite(false).unwrap_err();
    assert_eq!(err.faults.len(), 1, "{err}");
    let Fault::Finding(Finding::Race(race)) = &err.faults[0].fault else {
        panic!("not a race: {err}");
    };
    let [earlier, later] = &race.accesses;
    assert_ne!(earlier.thread.warp, later.thread.warp);
    assert_eq!(race.address, 0);
    // With the barrier, warp 1 reads the word given at launch.
    let results = read_then_overwrite(true).unwrap();
    assert_eq!(&results[32..], &[5; 32]);
}
