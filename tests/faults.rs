//! Faults are values: a launch whose `ptx!` statements fault returns each
//! fault typed, with the thread and the statement, so that a caller tells a
//! deadlock from an out-of-bounds access by matching rather than by reading
//! the text. Expected values come from the launches written here.

use ptx::launch::{
    Fault, Launch, LaunchError, LaunchFault, MemoryFault, ProgramFault, SharedScope, StateSpace,
    SyncFault, WaitSite, Waiting,
};
use ptx::ptx;

/// What went wrong, as a caller decides it: by the variant.
fn kind(fault: &Fault) -> &'static str {
    match fault {
        Fault::Sync(SyncFault::Deadlock { .. }) => "deadlock",
        Fault::Memory(MemoryFault::OutOfBounds { .. }) => "out of bounds",
        _ => "something else",
    }
}

/// 64 threads meet at `bar.sync 0`, which waits for all 64; thread 63
/// returns before it.
fn barrier_missing_a_thread() -> LaunchError {
    Launch::new(1, 64)
        .run(|t| {
            if t.tid[0] != 63 {
                ptx!("bar.sync 0;");
            }
        })
        .unwrap_err()
}

/// 32 lanes load a word each from a CTA's 64 bytes of shared memory; lane
/// 16 loads the word at 64, just past the end.
fn shared_load_past_the_end() -> LaunchError {
    Launch::new(1, 32)
        .shared_bytes(64)
        .run(|t| {
            let at = if t.lane == 16 { 64 } else { 4 * (t.lane % 16) };
            let v: u32;
            ptx!("ld.shared.u32 %0, [%1];" : "=r"(v) : "r"(at));
            v
        })
        .unwrap_err()
}

/// Where in this file the first `ptx!` call with `text` is, as
/// `file:line:column` (both from 1): what a fault of it names.
fn call_site(text: &str) -> String {
    let source = include_str!("faults.rs");
    let needle = format!("ptx!(\"{text}\"");
    let (line, column) = source
        .lines()
        .enumerate()
        .find_map(|(i, l)| l.find(&needle).map(|c| (i + 1, c + 1)))
        .expect("the statement is in this file");
    format!("{}:{line}:{column}", file!())
}

#[test]
fn a_barrier_a_thread_never_reaches_is_a_deadlock_naming_who_waits_where() {
    let err = barrier_missing_a_thread();
    let deadlock = Fault::Sync(SyncFault::Deadlock {
        cta: [0, 0, 0],
        waiting: vec![Waiting {
            at: WaitSite::Barrier {
                instruction: "bar",
                barrier: 0,
                expected: 64,
            },
            threads: (0..63).collect(),
        }],
        exited: vec![63],
    });
    // One fault, the CTA's: it names every waiting thread, and the
    // statement and Rust line the first of them stopped at.
    assert_eq!(err.faults.len(), 1, "{err}");
    let f = &err.faults[0];
    assert_eq!(f.thread, None);
    assert_eq!(f.fault, deadlock);
    assert_eq!(f.statement.as_deref(), Some("bar.sync 0;"));
    assert_eq!(
        f.to_string(),
        format!(
            "{}: `bar.sync 0;`: deadlock in CTA (0, 0, 0): \
             threads 0-62 wait at `bar` barrier 0 (64 threads expected); threads 63 have exited",
            call_site("bar.sync 0;")
        )
    );
}

#[test]
fn a_shared_load_past_the_end_is_out_of_bounds_naming_lane_address_size_and_limit() {
    let err = shared_load_past_the_end();
    let past_the_end = Fault::Memory(MemoryFault::OutOfBounds {
        instruction: "ld",
        lane: Some(16),
        space: StateSpace::Shared(SharedScope::Cta),
        address: 64,
        size: 4,
        bounds: 0..64,
        buffer: None,
    });
    // The warp loads together: every lane's statement meets lane 16's
    // fault, which is reported once, by the first lane it stopped.
    assert_eq!(err.faults.len(), 1, "{err}");
    let f = &err.faults[0];
    assert_eq!(f.thread.map(|t| t.lane), Some(0));
    assert_eq!(f.statement.as_deref(), Some("ld.shared.u32 %0, [%1];"));
    assert_eq!(f.fault, past_the_end);
    assert_eq!(f.fault.lane(), Some(16));
    assert_eq!(
        f.to_string(),
        format!(
            "thread (0, 0, 0) of CTA (0, 0, 0): {}: `ld.shared.u32 %0, [%1];`: ld (lane 16): \
             shared address 0x40 (+4 bytes) is outside the CTA's 64 bytes of shared memory",
            call_site("ld.shared.u32 %0, [%1];")
        )
    );
}

#[test]
fn a_caller_tells_a_deadlock_from_an_out_of_bounds_access_by_matching() {
    let kinds = |err: LaunchError| {
        let mut kinds: Vec<_> = err.faults.iter().map(|f| kind(&f.fault)).collect();
        kinds.dedup();
        kinds
    };
    assert_eq!(kinds(barrier_missing_a_thread()), ["deadlock"]);
    assert_eq!(kinds(shared_load_past_the_end()), ["out of bounds"]);
}

#[test]
fn a_panic_that_is_no_fault_is_reported_with_its_message() {
    let err = Launch::new(1, 32)
        .run(|t| {
            if t.lane == 9 {
                panic!("lane {} gives up", t.lane);
            }
        })
        .unwrap_err();
    assert_eq!(err.faults.len(), 1);
    assert_eq!(err.faults[0].thread.map(|t| t.lane), Some(9));
    assert_eq!(err.faults[0].statement, None);
    assert_eq!(
        err.faults[0].fault,
        Fault::Program(ProgramFault::Panic {
            message: "lane 9 gives up".into()
        })
    );
}

#[test]
fn a_fault_outside_a_launch_panics_with_its_text() {
    let payload = std::panic::catch_unwind(|| {
        let v: u32;
        ptx!("ld.global.u32 %0, [%1];" : "=r"(v) : "l"(0x7f00_0000_0000u64));
        v
    })
    .expect_err("the statement faults");
    assert_eq!(
        payload.downcast_ref::<String>().map(String::as_str),
        Some("ptx!: `ld.global.u32 %0, [%1];`: `ld` on global memory needs a launch")
    );
}

/// CUDA refuses a launch with a zero dimension ("invalid configuration
/// argument") and one asking for more shared memory than the H100's 227 KiB
/// a CTA; so does the simulator, before running anything.
#[test]
fn a_launch_with_no_threads_or_too_much_shared_memory_is_refused() {
    let only = |e: LaunchError| e.faults.into_iter().next().expect("a fault").fault;
    let empty = only(Launch::new(0, 32).run(|t| t.lane).unwrap_err());
    assert!(
        matches!(empty, Fault::Launch(LaunchFault::EmptyLaunch { .. })),
        "{empty}"
    );
    let empty = only(Launch::new(4, (32, 0)).run(|t| t.lane).unwrap_err());
    assert!(
        matches!(empty, Fault::Launch(LaunchFault::EmptyLaunch { .. })),
        "{empty}"
    );
    let big = only(
        Launch::new(1, 32)
            .shared_bytes(227 * 1024 + 1)
            .run(|t| t.lane)
            .unwrap_err(),
    );
    assert_eq!(
        big,
        Fault::Launch(LaunchFault::SharedTooLarge {
            bytes: 232_449,
            max: 232_448
        })
    );
    let fits = Launch::new(1, 32).shared_bytes(227 * 1024).run(|t| t.lane);
    assert_eq!(fits.unwrap().results.len(), 32);
}

/// `setmaxnreg` in warpgroups of 4 warps: `producer_dec` is what warp 2
/// of the first warpgroup asks for (the others `.dec 40`); the second
/// warpgroup asks for `.inc 232`, which is its own business.
fn setmaxnreg_launch(producer_dec: bool) -> Result<(), ptx::launch::LaunchError> {
    Launch::new(1, 256)
        .run(|t| {
            if t.warp < 4 {
                if t.warp == 2 && !producer_dec {
                    ptx!(target = "sm_90a", volatile "setmaxnreg.inc.sync.aligned.u32 232;");
                } else {
                    ptx!(target = "sm_90a", volatile "setmaxnreg.dec.sync.aligned.u32 40;");
                }
            } else {
                ptx!(target = "sm_90a", volatile "setmaxnreg.inc.sync.aligned.u32 232;");
            }
        })
        .map(|_| ())
}

#[test]
fn setmaxnreg_requests_alike_within_each_warpgroup_run() {
    setmaxnreg_launch(true).unwrap();
}

#[test]
fn setmaxnreg_requests_that_differ_within_a_warpgroup_are_an_error_naming_both_warps() {
    let err = setmaxnreg_launch(false).unwrap_err();
    let details: Vec<&str> = err
        .faults
        .iter()
        .filter_map(|f| match &f.fault {
            Fault::Sync(SyncFault::Divergent {
                instruction: "setmaxnreg",
                detail,
            }) => Some(detail.as_str()),
            _ => None,
        })
        .collect();
    // Warps 0 and 1 asked for .dec 40 first; warp 2's .inc 232 differs.
    assert_eq!(
        details,
        [
            "warp 2 asks for .inc 232 as its setmaxnreg number 1, where warp 0 of its warpgroup asked for .dec 40"
        ],
        "{err}"
    );
}

/// The fault a launch of one CTA that spins ends with, once, and its text.
fn hang_of(err: &LaunchError) -> (&Fault, String) {
    let hangs: Vec<&Fault> = err
        .faults
        .iter()
        .map(|f| &f.fault)
        .filter(|f| matches!(f, Fault::Launch(LaunchFault::Hang { .. })))
        .collect();
    assert_eq!(hangs.len(), 1, "one hang, reported once: {err}");
    (hangs[0], err.to_string())
}

/// Runs `spin` as a launch of one CTA of 64 threads with 16 bytes of
/// shared memory (an mbarrier at 0, a flag at 8) and a global flag: every
/// such spin must end (how soon is not for a test to say: a loaded
/// machine would make any time limit fail).
fn spinning(spin: impl Fn(u32, u64) + Sync) -> LaunchError {
    let mut launch = Launch::new(1, 64);
    launch.shared_bytes(16);
    let flag = launch.global_from(&[0u32]);
    launch.run(|t| spin(t.tid[0], flag.addr)).unwrap_err()
}

/// An mbarrier expecting 2 arrivals that gets 1, as thread 0 sets it up,
/// then every thread waits on phase 0 (`wait(bar, phase)`).
fn wrong_arrival_count(tid: u32, wait: impl Fn(u32, u32)) {
    if tid == 0 {
        ptx!("mbarrier.init.shared::cta.b64 [%0], 2;" :: "r"(0u32) : "memory");
        ptx!("mbarrier.arrive.shared::cta.b64 _, [%0];" :: "r"(0u32) : "memory");
    }
    ptx!("bar.sync 0;");
    wait(0, 0);
}

#[test]
fn a_deepep_wait_loop_on_an_mbarrier_never_completed_stops_naming_the_loop() {
    // DeepEP's wait: the loop is inside the statement, branches and all.
    let err = spinning(|tid, _| {
        wrong_arrival_count(tid, |bar, phase| {
            ptx!("{ .reg .pred P1; LAB_WAIT: mbarrier.try_wait.parity.shared::cta.b64 P1, [%0], %1; @P1 bra DONE; bra LAB_WAIT; DONE: }"
                :: "r"(bar), "r"(phase) : "memory");
        })
    });
    let (fault, text) = hang_of(&err);
    let Fault::Launch(LaunchFault::Hang { quiet, positions }) = fault else {
        unreachable!()
    };
    assert!(
        matches!(quiet, ptx::launch::QuietSpan::Statements(_)),
        "{text}"
    );
    // Both warps, every lane, at the try_wait of the loop, in this file.
    assert_eq!(positions.len(), 2, "{text}");
    for (warp, position) in positions.iter().enumerate() {
        assert!(
            position.starts_with(&format!("CTA (0, 0, 0) warp {warp} lanes 0xffffffff at `mbarrier.try_wait.parity.shared::cta.b64")),
            "{text}"
        );
        assert!(position.contains("tests/faults.rs:"), "{text}");
    }
}

#[test]
fn a_rust_loop_on_try_wait_of_an_mbarrier_never_completed_stops() {
    let err = spinning(|tid, _| {
        wrong_arrival_count(tid, |bar, phase| {
            loop {
                let done: u32;
                ptx!("{ .reg .pred p; mbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2; selp.u32 %0, 1, 0, p; }"
                : "=r"(done) : "r"(bar), "r"(phase) : "memory");
                if done != 0 {
                    break;
                }
            }
        })
    });
    let (_, text) = hang_of(&err);
    assert!(
        text.contains("warp 1 lanes 0xffffffff at `mbarrier.try_wait.parity"),
        "{text}"
    );
}

#[test]
fn a_spin_on_a_shared_flag_no_one_sets_stops_naming_the_lane_and_the_load() {
    // Thread 33 alone waits; the others return.
    let err = spinning(|tid, _| {
        if tid != 33 {
            return;
        }
        loop {
            let seen: u32;
            ptx!("ld.volatile.shared.u32 %0, [%1];" : "=r"(seen) : "r"(8u32) : "memory");
            if seen != 0 {
                break;
            }
        }
    });
    let (_, text) = hang_of(&err);
    assert!(
        text.contains("the grid makes no progress: in ") && text.contains("`ptx!` statements no thread finished and no shared or global memory changed; CTA (0, 0, 0) warp 1 lane 0x00000002 at `ld.volatile.shared.u32 %0, [%1];` (tests/faults.rs:"),
        "{text}"
    );
    // Only thread 33 is listed, and it is the one faulted.
    assert_eq!(err.faults.len(), 1, "{text}");
}

#[test]
fn a_spin_on_a_global_flag_no_one_sets_stops_in_a_launch_of_one_cta() {
    let err = spinning(|tid, flag| {
        if tid < 32 {
            return;
        }
        loop {
            let seen: u32;
            ptx!("ld.volatile.global.u32 %0, [%1];" : "=r"(seen) : "l"(flag) : "memory");
            if seen != 0 {
                break;
            }
        }
    });
    let (_, text) = hang_of(&err);
    // Lane 0 of warp 1 spins (the first to run never lets the others
    // run: a global load meets no other thread); lanes 1-31 have not started.
    assert!(
        text.contains("warp 1 lane 0x00000001 at `ld.volatile.global.u32 %0, [%1];`"),
        "{text}"
    );
    assert!(
        text.contains("warp 1 lanes 0xfffffffe not started"),
        "{text}"
    );
}

#[test]
fn a_spin_on_a_flag_another_warp_sets_after_a_while_finishes() {
    // Warp 1 stores 100000 times into a word of its own (shared memory
    // changes) before it sets the flag warp 0 waits for: 100000 * 32
    // statements of a store, and as many of warp 0's loads between them,
    // are past the hang limit (2^22), but the CTA made progress all along.
    let mut launch = Launch::new(1, 64);
    launch.shared_bytes(16);
    let report = launch
        .run(|t| {
            if t.tid[0] >= 32 {
                for i in 1..=100_000u32 {
                    ptx!("st.volatile.shared.u32 [%0], %1;" :: "r"(4u32), "r"(i) : "memory");
                }
                ptx!("st.volatile.shared.u32 [%0], %1;" :: "r"(8u32), "r"(7u32) : "memory");
                return 0;
            }
            let mut spins = 0u32;
            loop {
                let seen: u32;
                ptx!("ld.volatile.shared.u32 %0, [%1];" : "=r"(seen) : "r"(8u32) : "memory");
                if seen != 0 {
                    return spins;
                }
                spins += 1;
            }
        })
        .unwrap();
    // The warps take turns, warp 0's load first in each round: warp 1's
    // 100001st store (the flag) is in round 100001, after warp 0's load
    // of that round, so warp 0 sees the flag in round 100002.
    assert_eq!(report.results[0], 100_001);
}
