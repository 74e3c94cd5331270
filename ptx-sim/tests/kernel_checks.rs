//! The sanitizer (`ptx_sim::check`) on hand-written modules: a register
//! read by lanes that never wrote it, and local memory read before it was
//! written, are each reported once with the thread and the module's line;
//! the same kernels with the bug fixed are clean, including values that
//! travel through a device function's `.param` arguments and results; a
//! flag handed over by `st.release` and `ld.acquire` orders the data it
//! guards, and the same hand-over with plain accesses is a race. Expected
//! values are the arithmetic each kernel's comment works out.

use ptx_core::{SharedScope, StateSpace};
use ptx_sim::check::Checks;
use ptx_sim::fault::{Fault, Finding, Hazard, ThreadFault};
use ptx_sim::kernel::{KernelError, Module};

/// A module of `body` for sm_90.
fn module(body: &str) -> Module {
    let text = format!(".version 8.0\n.target sm_90\n.address_size 64\n{body}");
    Module::from_ptx(&text).unwrap_or_else(|e| panic!("{e}\n{text}"))
}

/// Kernel `k(out)`, after `functions`: `%r1` is `%tid.x`, `%rd1` the
/// buffer `out`; `body` runs, then each thread stores `result` in its word.
fn entry(functions: &str, locals: &str, body: &str, result: &str) -> String {
    format!(
        "{functions}
.visible .entry k(.param .u64 out) {{
    {locals}
    .reg .pred %p<3>;
    .reg .b32 %r<6>;
    .reg .b64 %rd<3>;
    ld.param.u64 %rd1, [out];
    mov.u32 %r1, %tid.x;
{body}
    mul.wide.u32 %rd2, %r1, 4;
    add.s64 %rd2, %rd1, %rd2;
    st.global.u32 [%rd2], {result};
    ret;
}}"
    )
}

/// Runs kernel `k` of `body` on one CTA of `threads` threads with every
/// check on, its one parameter a buffer of a word per thread: the words,
/// or the findings.
fn run_checked(body: &str, threads: u32) -> Result<Vec<u32>, Vec<ThreadFault>> {
    let m = module(body);
    let mut launch = m.kernel("k").unwrap();
    let out = launch.zeroed::<u32>(threads as usize);
    launch.arg(out).block(threads).checks(Checks::ALL);
    match launch.run() {
        Ok(report) => Ok(report.read::<u32>(out)),
        Err(KernelError::Faults(e)) => Err(e.faults),
        Err(e) => panic!("{e}"),
    }
}

/// Lanes below 16 set `%r2` to 5; every lane then adds its `%tid.x` to
/// it and stores the sum. With `guarded`, lanes 16 to 31 read `%r2`
/// without having written it.
fn partial_write(guarded: bool) -> String {
    let guard = if guarded { "@%p1 " } else { "" };
    let body = format!(
        "    setp.lt.u32 %p1, %r1, 16;
    {guard}mov.u32 %r2, 5;
    add.u32 %r3, %r2, %r1;"
    );
    entry("", "", &body, "%r3")
}

#[test]
fn a_register_read_by_lanes_that_never_wrote_it_is_one_finding() {
    let faults = run_checked(&partial_write(true), 32).unwrap_err();
    assert_eq!(faults.len(), 1, "{faults:?}");
    let f = &faults[0];
    assert_eq!(
        f.fault,
        Fault::Finding(Finding::UninitializedRegister {
            register: "%r2".into()
        })
    );
    // The lowest lane that had not written it: lane 16.
    assert_eq!(f.thread.expect("a thread").tid, [16, 0, 0]);
    let statement = f.statement.as_deref().expect("the statement");
    // Its line in the module: after the three lines `module` puts first.
    let line = 3
        + 1
        + partial_write(true)
            .lines()
            .position(|l| l.trim() == "add.u32 %r3, %r2, %r1;")
            .expect("the statement is in the kernel");
    assert!(
        statement.starts_with(&format!("`add.u32 %r3, %r2, %r1;` (line {line}")),
        "{statement}"
    );
    let text = f.to_string();
    assert!(text.contains("register `%r2` is read before the thread wrote it"));
}

#[test]
fn the_same_kernel_with_every_lane_writing_the_register_is_clean() {
    let out = run_checked(&partial_write(false), 32).unwrap();
    let expected: Vec<u32> = (0..32).map(|t| 5 + t).collect();
    assert_eq!(out, expected);
}

#[test]
fn without_checks_the_read_runs_plain() {
    // The simulator's registers start at zero: lanes 16 to 31 store their
    // `%tid.x`, lanes below store 5 more.
    let m = module(&partial_write(true));
    let mut launch = m.kernel("k").unwrap();
    let out = launch.zeroed::<u32>(32);
    launch.arg(out).block(32).checks(Checks::NONE);
    let report = launch.run().unwrap();
    let expected: Vec<u32> = (0..32).map(|t| if t < 16 { 5 + t } else { t }).collect();
    assert_eq!(report.read::<u32>(out), expected);
}

/// Each thread stores its `%tid.x` at byte `store` of a local array and
/// loads the word at byte `load`, then doubles it through a device
/// function that takes and returns it in `.param` variables, and stores
/// that.
fn local_round_trip(store: u32, load: u32) -> String {
    let twice = "
.func (.param .b32 twice_out) twice(.param .b32 twice_in) {
    .reg .b32 %a<2>;
    ld.param.b32 %a0, [twice_in];
    add.u32 %a1, %a0, %a0;
    st.param.b32 [twice_out], %a1;
    ret;
}";
    let body = format!(
        "    st.local.u32 [buf+{store}], %r1;
    ld.local.u32 %r2, [buf+{load}];
    {{
        .param .b32 in;
        .param .b32 result;
        st.param.b32 [in], %r2;
        call.uni (result), twice, (in);
        ld.param.b32 %r3, [result];
    }}"
    );
    entry(twice, ".local .align 4 .b8 buf[16];", &body, "%r3")
}

#[test]
fn local_memory_read_before_it_was_written_is_one_finding() {
    let faults = run_checked(&local_round_trip(0, 4), 64).unwrap_err();
    assert_eq!(faults.len(), 1, "{faults:?}");
    let f = &faults[0];
    let Fault::Finding(Finding::Uninitialized { space, size, .. }) = f.fault else {
        panic!("{f}");
    };
    assert_eq!((space, size), (StateSpace::Local, 4));
    assert_eq!(f.thread.expect("a thread").tid, [0, 0, 0]);
    let statement = f.statement.as_deref().expect("the statement");
    assert!(
        statement.starts_with("`ld.local.u32 %r2, [buf+4];`"),
        "{statement}"
    );
}

#[test]
fn local_memory_and_call_parameters_written_first_are_clean() {
    let out = run_checked(&local_round_trip(4, 4), 64).unwrap();
    let expected: Vec<u32> = (0..64).map(|t| 2 * t).collect();
    assert_eq!(out, expected);
}

/// Warp 0 writes a word of shared memory, then sets a flag beside it;
/// warp 1 spins until it sees the flag, then reads the word and every
/// thread stores what its warp read (warp 0: the 7 it wrote). `strong`
/// makes the flag's store `st.release.cta` and its load `ld.acquire.cta`,
/// else both are plain (`ld.volatile` would be strong too).
fn flag_hand_over(strong: bool) -> String {
    let (st, ld) = if strong {
        ("st.release.cta.shared.u32", "ld.acquire.cta.shared.u32")
    } else {
        ("st.shared.u32", "ld.shared.u32")
    };
    let body = format!(
        "    mov.u32 %r2, 7;
    setp.ge.u32 %p1, %r1, 32;
    @%p1 bra CONSUME;
    st.shared.u32 [cells], %r2;
    {st} [cells+4], 1;
    bra DONE;
CONSUME:
    {ld} %r3, [cells+4];
    setp.eq.u32 %p2, %r3, 0;
    @%p2 bra CONSUME;
    ld.shared.u32 %r2, [cells];
DONE:"
    );
    entry("", ".shared .align 4 .b8 cells[8];", &body, "%r2")
}

#[test]
fn a_release_store_and_an_acquire_load_order_what_the_flag_guards() {
    let out = run_checked(&flag_hand_over(true), 64).unwrap();
    assert_eq!(out, vec![7; 64]);
}

#[test]
fn the_same_hand_over_with_plain_accesses_races() {
    let faults = run_checked(&flag_hand_over(false), 64).unwrap_err();
    let races: Vec<_> = faults
        .iter()
        .filter_map(|f| match &f.fault {
            Fault::Finding(Finding::Race(r)) => Some(r),
            _ => None,
        })
        .collect();
    assert!(!races.is_empty(), "{faults:?}");
    // The flag's store and load race; so do the data's, which nothing
    // orders once the flag does not.
    assert!(races.iter().all(|r| r.hazard == Hazard::ReadAfterWrite
        && r.space == StateSpace::Shared(SharedScope::Cta)
        && r.accesses[0].thread.warp == 0
        && r.accesses[1].thread.warp == 1));
    // `cells` is the CTA's first static array, after the H100's 1 KiB
    // reserved region: the word at 0x400, the flag at 0x404.
    let mut addresses: Vec<u64> = races.iter().map(|r| r.address).collect();
    addresses.sort_unstable();
    assert_eq!(addresses, [0x400, 0x404]);
}

/// Each warp of a CTA of 96 threads arrives at barrier 1 giving
/// `first` threads (warp 0) or 96 (the others), then stores its `%tid.x`.
fn counted_barrier(first: u32) -> String {
    let body = format!(
        "    setp.lt.u32 %p1, %r1, 32;
    selp.u32 %r2, {first}, 96, %p1;
    bar.sync 1, %r2;"
    );
    entry("", "", &body, "%r1")
}

#[test]
fn arrivals_at_one_barrier_giving_different_thread_counts_are_one_finding() {
    // Warp 0 gives 64, warps 1 and 2 give 96: the phase completes once the
    // 96 threads the latest count names have arrived, but the PTX ISA
    // wants every arrival to give the same count.
    let faults = run_checked(&counted_barrier(64), 96).unwrap_err();
    assert_eq!(faults.len(), 1, "{faults:?}");
    assert_eq!(
        faults[0].fault,
        Fault::Finding(Finding::BarrierCountsDiffer {
            barrier: 1,
            earlier: 64,
            count: 96
        })
    );
    // Warp 1 is the first to give another count than warp 0's.
    assert_eq!(faults[0].thread.expect("a thread").warp, 1);
    // The same counts everywhere: clean, and every thread got past it.
    let out = run_checked(&counted_barrier(96), 96).unwrap();
    assert_eq!(out, (0..96).collect::<Vec<u32>>());
}

/// Lane 0 stores 77 in a shared word, then every lane loads it (a
/// broadcast, one instruction for the warp), with `bar.warp.sync` between
/// the two if `sync`.
fn broadcast(sync: bool) -> String {
    let between = if sync { "bar.warp.sync -1;" } else { "" };
    let body = format!(
        "    setp.eq.u32 %p1, %r1, 0;
    mov.u32 %r2, s;
    mov.u32 %r4, 77;
    @%p1 st.shared.u32 [%r2], %r4;
    {between}
    ld.shared.u32 %r3, [%r2];"
    );
    entry("", ".shared .align 4 .b32 s[1];", &body, "%r3")
}

#[test]
fn a_broadcast_read_races_with_the_warps_own_write_for_every_other_lane() {
    // Lane 0 reads its own write in order; lanes 1 to 31, in the same
    // instruction, may read before it (from sm_70 on, lanes need not run
    // in lock step): one read after write, reported once.
    let faults = run_checked(&broadcast(false), 32).unwrap_err();
    assert_eq!(faults.len(), 1, "{faults:?}");
    let Fault::Finding(Finding::Race(race)) = &faults[0].fault else {
        panic!("not a race: {faults:?}");
    };
    assert_eq!(race.hazard, Hazard::ReadAfterWrite);
    let [write, read] = &race.accesses;
    assert_eq!(write.thread.tid, [0, 0, 0]);
    assert_ne!(read.thread.tid, [0, 0, 0]);
    // With the warp synchronised, every lane reads lane 0's word.
    assert_eq!(run_checked(&broadcast(true), 32).unwrap(), vec![77; 32]);
}
