//! Whole kernels in the interpreter: CTAs that wait on each other finish
//! on one worker as on many; a grid that cannot finish is an error naming
//! where its warps stand; calls, recursion, jump tables, printf, asserts
//! and module variables; every bad launch a clear error. Expected values
//! are the arithmetic of each kernel, worked out in its comment.

use ptx_sim::fault::{Fault, LaunchFault, MemoryFault, ProgramFault, SyncFault};
use ptx_sim::kernel::{Arg, KernelError, Module};

/// A module of `body` (functions and variables) for sm_90.
fn module(body: &str) -> Module {
    module_for("8.0", "sm_90", body)
}

/// A module of `body` for PTX ISA `version` and `target`.
fn module_for(version: &str, target: &str, body: &str) -> Module {
    let text = format!(".version {version}\n.target {target}\n.address_size 64\n{body}");
    Module::from_ptx(&text).unwrap_or_else(|e| panic!("{e}\n{text}"))
}

/// The first fault of kernel `k` of `m` launched on one warpgroup (a CTA
/// of 128 threads), which must fail, and the launch error's text.
fn warpgroup_fault(m: &Module) -> (Fault, String) {
    let mut launch = m.kernel("k").unwrap();
    launch.block(128);
    let err = launch.run().unwrap_err();
    (err.faults()[0].fault.clone(), err.to_string())
}

/// A grid barrier: thread 0 of every CTA adds 1 to a global counter, then
/// spins (volatile loads) until it reads the grid's size; then writes what
/// it read to `out[ctaid]`. Each CTA of the grid must have arrived before
/// any leaves, so every CTA writes the grid's size.
const GRID_BARRIER: &str = "
.visible .entry barrier(.param .u64 counter, .param .u64 out) {
    .reg .pred %p<3>;
    .reg .b32 %r<8>;
    .reg .b64 %rd<6>;
    ld.param.u64 %rd1, [counter];
    ld.param.u64 %rd2, [out];
    cvta.to.global.u64 %rd1, %rd1;
    cvta.to.global.u64 %rd2, %rd2;
    mov.u32 %r1, %tid.x;
    setp.ne.u32 %p1, %r1, 0;
    @%p1 bra DONE;
    mov.u32 %r2, %nctaid.x;
    atom.global.add.u32 %r3, [%rd1], 1;
SPIN:
    ld.volatile.global.u32 %r4, [%rd1];
    setp.lt.u32 %p2, %r4, %r2;
    @%p2 bra SPIN;
    mov.u32 %r5, %ctaid.x;
    mul.wide.u32 %rd3, %r5, 4;
    add.s64 %rd4, %rd2, %rd3;
    st.global.u32 [%rd4], %r4;
DONE:
    bar.sync 0;
    ret;
}";

fn grid_barrier(ctas: u32, workers: usize) -> Vec<u32> {
    let m = module(GRID_BARRIER);
    let mut launch = m.kernel("barrier").unwrap();
    let counter = launch.zeroed::<u32>(1);
    let out = launch.zeroed::<u32>(ctas as usize);
    launch
        .grid(ctas)
        .block(64)
        .workers(workers)
        .arg(counter)
        .arg(out);
    launch.run().unwrap().read::<u32>(out)
}

#[test]
fn a_grid_barrier_finishes_on_one_worker() {
    assert_eq!(grid_barrier(16, 1), vec![16; 16]);
}

#[test]
fn a_grid_barrier_finishes_on_two_workers() {
    assert_eq!(grid_barrier(132, 2), vec![132; 132]);
}

/// A chain: CTA `i` waits until `flags[i + 1]` is set (the last CTA does
/// not wait), then writes `value[i] = value[i + 1] + 1` and sets
/// `flags[i]`. CTAs start in index order, so each waits for one admitted
/// after it: `value[i] = ctas - 1 - i`.
const CHAIN: &str = "
.visible .entry chain(.param .u64 flags, .param .u64 value) {
    .reg .pred %p<4>;
    .reg .b32 %r<10>;
    .reg .b64 %rd<10>;
    ld.param.u64 %rd1, [flags];
    ld.param.u64 %rd2, [value];
    cvta.to.global.u64 %rd1, %rd1;
    cvta.to.global.u64 %rd2, %rd2;
    mov.u32 %r1, %tid.x;
    setp.ne.u32 %p1, %r1, 0;
    @%p1 bra DONE;
    mov.u32 %r2, %ctaid.x;
    mov.u32 %r3, %nctaid.x;
    add.u32 %r4, %r2, 1;
    mov.u32 %r6, 0;
    setp.ge.u32 %p2, %r4, %r3;
    @%p2 bra WRITE;
    mul.wide.u32 %rd3, %r4, 4;
    add.s64 %rd4, %rd1, %rd3;
SPIN:
    ld.volatile.global.u32 %r5, [%rd4];
    setp.eq.u32 %p3, %r5, 0;
    @%p3 bra SPIN;
    add.s64 %rd5, %rd2, %rd3;
    ld.volatile.global.u32 %r6, [%rd5];
    add.u32 %r6, %r6, 1;
WRITE:
    mul.wide.u32 %rd6, %r2, 4;
    add.s64 %rd7, %rd2, %rd6;
    st.volatile.global.u32 [%rd7], %r6;
    membar.gl;
    add.s64 %rd8, %rd1, %rd6;
    st.volatile.global.u32 [%rd8], 1;
DONE:
    ret;
}";

#[test]
fn a_132_cta_semaphore_chain_finishes_on_one_worker() {
    let m = module(CHAIN);
    let mut launch = m.kernel("chain").unwrap();
    let flags = launch.zeroed::<u32>(132);
    let value = launch.zeroed::<u32>(132);
    launch.grid(132).block(32).workers(1).arg(flags).arg(value);
    let report = launch.run().unwrap();
    let expected: Vec<u32> = (0..132).map(|i| 131 - i).collect();
    assert_eq!(report.read::<u32>(value), expected);
    assert_eq!(report.read::<u32>(flags), vec![1; 132]);
    // A CTA runs two full slices of 2^15 steps (when admitted, and once
    // more: admission counts as progress), then short ones of 2^10 while
    // it waits; CTA i waits while the i+1 after it finish, each a pass
    // over the waiting ones: 132 * 2 * 2^15 + 132^2 / 2 * 2^10, about 17.5
    // million steps. Full slices throughout would take 132^2 / 2 * 2^15,
    // about 285 million.
    assert!(
        report.steps.warp < 20_000_000,
        "{} warp steps",
        report.steps.warp
    );
}

/// CTA 0 waits for CTA 63's flag, which CTA 63 sets at once: the grid of
/// 64 finishes on one worker, and CTA 0 copies CTA 63's value (63 * 7).
#[test]
fn a_cta_waiting_for_the_last_one_finishes_on_one_worker() {
    let m = module(
        "
.visible .entry wait_last(.param .u64 flag, .param .u64 out) {
    .reg .pred %p<3>;
    .reg .b32 %r<8>;
    .reg .b64 %rd<6>;
    ld.param.u64 %rd1, [flag];
    ld.param.u64 %rd2, [out];
    cvta.to.global.u64 %rd1, %rd1;
    cvta.to.global.u64 %rd2, %rd2;
    mov.u32 %r1, %ctaid.x;
    mov.u32 %r2, %tid.x;
    setp.ne.u32 %p1, %r2, 0;
    @%p1 bra DONE;
    setp.eq.u32 %p2, %r1, 63;
    @%p2 bra LAST;
    setp.ne.u32 %p2, %r1, 0;
    @%p2 bra DONE;
SPIN:
    ld.volatile.global.u32 %r3, [%rd1];
    setp.eq.u32 %p1, %r3, 0;
    @%p1 bra SPIN;
    st.global.u32 [%rd2], %r3;
    bra.uni DONE;
LAST:
    mul.lo.u32 %r4, %r1, 7;
    st.volatile.global.u32 [%rd1], %r4;
DONE:
    ret;
}",
    );
    let mut launch = m.kernel("wait_last").unwrap();
    let flag = launch.zeroed::<u32>(1);
    let out = launch.zeroed::<u32>(1);
    launch.grid(64).block(128).workers(1).arg(flag).arg(out);
    assert_eq!(launch.run().unwrap().read::<u32>(out), [63 * 7]);
}

/// A spin on a flag no one sets is an error, in bounded time, naming where
/// the spinning warp stands.
#[test]
fn a_spin_no_one_ends_is_a_hang_naming_the_spinning_warp() {
    let m = module(
        "
.visible .entry spin(.param .u64 flag) {
    .reg .pred %p<2>;
    .reg .b32 %r<4>;
    .reg .b64 %rd<3>;
    ld.param.u64 %rd1, [flag];
    cvta.to.global.u64 %rd1, %rd1;
SPIN:
    ld.volatile.global.u32 %r1, [%rd1];
    setp.eq.u32 %p1, %r1, 0;
    @%p1 bra SPIN;
    ret;
}",
    );
    let mut launch = m.kernel("spin").unwrap();
    let flag = launch.zeroed::<u32>(1);
    launch
        .grid(2)
        .block(32)
        .workers(1)
        .hang_limit(1 << 16)
        .arg(flag);
    let err = launch.run().unwrap_err();
    let [fault] = err.faults() else {
        panic!("one fault: {err}");
    };
    let Fault::Launch(LaunchFault::Hang { positions, .. }) = &fault.fault else {
        panic!("not a hang: {err}");
    };
    assert_eq!(positions.len(), 2, "{positions:?}");
    assert!(
        positions[0].contains("ld.volatile.global.u32")
            || positions[0].contains("setp.eq.u32")
            || positions[0].contains("bra"),
        "{positions:?}"
    );
}

/// A CTA that computes for many times the hang limit in registers and
/// shared memory before its one global write is busy, not stuck: its
/// registers change from slice to slice. 20000 trips add 0..19999 through
/// a shared-memory word: 19999 * 20000 / 2 = 199990000.
#[test]
fn a_long_computation_in_registers_and_shared_memory_is_not_a_hang() {
    let m = module(
        "
.visible .entry sum(.param .u64 out) {
    .shared .u32 acc;
    .reg .pred %p<2>;
    .reg .b32 %r<4>;
    .reg .b64 %rd<3>;
    mov.u32 %r1, 0;
    st.shared.u32 [acc], 0;
LOOP:
    ld.shared.u32 %r2, [acc];
    add.u32 %r2, %r2, %r1;
    st.shared.u32 [acc], %r2;
    add.u32 %r1, %r1, 1;
    setp.lt.u32 %p1, %r1, 20000;
    @%p1 bra LOOP;
    ld.param.u64 %rd1, [out];
    cvta.to.global.u64 %rd1, %rd1;
    st.global.u32 [%rd1], %r2;
    ret;
}",
    );
    let mut launch = m.kernel("sum").unwrap();
    let out = launch.zeroed::<u32>(1);
    // 120000 warp steps, about 29 times the limit.
    launch
        .grid(1)
        .block(1)
        .workers(1)
        .hang_limit(1 << 12)
        .arg(out);
    let report = launch.run().unwrap();
    assert_eq!(report.read::<u32>(out), [199_990_000]);
}

/// A spin that counts its trips changes a register forever, yet waits for
/// what never comes: after 64 times the hang limit without an exit, a
/// changing state stops counting as progress and the grid ends as stuck.
#[test]
fn a_spin_that_counts_its_trips_is_still_a_hang() {
    let m = module(
        "
.visible .entry spin(.param .u64 flag) {
    .reg .pred %p<2>;
    .reg .b32 %r<4>;
    .reg .b64 %rd<3>;
    ld.param.u64 %rd1, [flag];
    cvta.to.global.u64 %rd1, %rd1;
    mov.u32 %r2, 0;
SPIN:
    ld.volatile.global.u32 %r1, [%rd1];
    add.u32 %r2, %r2, 1;
    setp.eq.u32 %p1, %r1, 0;
    @%p1 bra SPIN;
    st.global.u32 [%rd1], %r2;
    ret;
}",
    );
    let mut launch = m.kernel("spin").unwrap();
    let flag = launch.zeroed::<u32>(1);
    launch
        .grid(1)
        .block(32)
        .workers(1)
        .hang_limit(1 << 12)
        .arg(flag);
    let err = launch.run().unwrap_err();
    assert!(
        matches!(
            err.faults()[0].fault,
            Fault::Launch(LaunchFault::Hang { .. })
        ),
        "{err}"
    );
}

/// A grid barrier over more CTAs than an H100 holds at once (132 SMs x 2
/// CTAs of 1024 threads) cannot finish there either: the CTAs past the
/// resident ones never start while those spin.
#[test]
fn a_grid_barrier_over_more_ctas_than_fit_hangs_as_on_a_gpu() {
    let m = module(GRID_BARRIER);
    let mut launch = m.kernel("barrier").unwrap();
    let counter = launch.zeroed::<u32>(1);
    let out = launch.zeroed::<u32>(265);
    launch
        .grid(265)
        .block(1024)
        .workers(1)
        .hang_limit(1 << 18)
        .arg(counter)
        .arg(out);
    let err = launch.run().unwrap_err();
    assert!(
        matches!(
            err.faults()[0].fault,
            Fault::Launch(LaunchFault::Hang { .. })
        ),
        "{err}"
    );
}

/// CUDA 13.0's `this_grid().sync()` as `cooperative_groups/details/sync.h`
/// has it, `ROUNDS` times: the workspace's address from `%envreg1` (high)
/// and `%envreg2` (low), its barrier word 4 bytes in; after `bar.sync`,
/// thread 0 of CTA 0 adds `0x80000000 - (n - 1)` and every other CTA's
/// adds 1 (a release atom), so the `n` arrivals add `0x80000000` and flip
/// the top bit, which each spins for (acquire loads). Before each
/// barrier thread 0 of every CTA adds 1 to `counts[round]`; after it, it
/// writes what `counts[round]` holds to `seen[round * n + ctaid]`: `n` in
/// every word if no CTA left a barrier before all had arrived.
const COOPERATIVE_SYNC: &str = "
.visible .entry rounds(.param .u64 counts, .param .u64 seen, .param .u32 rounds) {
    .reg .pred %p<4>;
    .reg .b32 %r<16>;
    .reg .b64 %rd<12>;
    ld.param.u64 %rd1, [counts];
    ld.param.u64 %rd2, [seen];
    ld.param.u32 %r10, [rounds];
    mov.u32 %r1, %tid.x;
    mov.u32 %r2, %ctaid.x;
    mov.u32 %r3, %nctaid.x;
    mov.u32 %r4, %envreg1;
    mov.u32 %r5, %envreg2;
    mov.b64 %rd3, {%r5, %r4};
    add.s64 %rd3, %rd3, 4;
    // nb: 0x80000000 - (n - 1) for CTA 0, else 1.
    mov.u32 %r6, 1;
    setp.eq.u32 %p1, %r2, 0;
    sub.u32 %r7, 0x80000001, %r3;
    selp.u32 %r6, %r7, %r6, %p1;
    setp.ne.u32 %p2, %r1, 0;
    mov.u32 %r11, 0;
ROUND:
    mul.wide.u32 %rd4, %r11, 4;
    add.s64 %rd5, %rd1, %rd4;
    @!%p2 atom.global.add.u32 %r12, [%rd5], 1;
    bar.sync 0;
    @%p2 bra WAITED;
    atom.add.release.gpu.u32 %r8, [%rd3], %r6;
SPIN:
    ld.acquire.gpu.u32 %r9, [%rd3];
    xor.b32 %r9, %r9, %r8;
    and.b32 %r9, %r9, 0x80000000;
    setp.eq.u32 %p3, %r9, 0;
    @%p3 bra SPIN;
    ld.global.u32 %r13, [%rd5];
    mad.lo.u32 %r14, %r11, %r3, %r2;
    mul.wide.u32 %rd6, %r14, 4;
    add.s64 %rd7, %rd2, %rd6;
    st.global.u32 [%rd7], %r13;
WAITED:
    bar.sync 0;
    add.u32 %r11, %r11, 1;
    setp.lt.u32 %p1, %r11, %r10;
    @%p1 bra ROUND;
    ret;
}";

/// Runs [`COOPERATIVE_SYNC`] cooperatively over `ctas` CTAs of `block`
/// threads for `rounds` rounds on `workers` workers: the `seen` words.
fn cooperative_rounds(ctas: u32, block: u32, rounds: u32, workers: usize) -> Vec<u32> {
    let m = module(COOPERATIVE_SYNC);
    let mut launch = m.kernel("rounds").unwrap();
    let counts = launch.zeroed::<u32>(rounds as usize);
    let seen = launch.zeroed::<u32>((rounds * ctas) as usize);
    launch
        .grid(ctas)
        .block(block)
        .workers(workers)
        .cooperative()
        .arg(counts)
        .arg(seen)
        .arg(rounds);
    launch.run().unwrap().read::<u32>(seen)
}

/// As many CTAs as the H100 holds at once (132 SMs x 8 CTAs of 256
/// threads), each round's barrier over all of them: every CTA sees all
/// `1056` arrivals, on one worker as on four.
#[test]
fn a_cooperative_grid_syncs_through_its_workspace_on_one_worker_and_on_four() {
    for workers in [1, 4] {
        let seen = cooperative_rounds(1056, 256, 3, workers);
        assert!(seen.iter().all(|&s| s == 1056), "{workers} workers");
    }
}

/// A cooperative grid must fit at once: 132 x 2 CTAs of 1024 threads do,
/// one more does not, and the launch is refused before any CTA runs.
#[test]
fn a_cooperative_grid_larger_than_the_h100_holds_is_refused() {
    assert_eq!(cooperative_rounds(264, 1024, 2, 2), vec![264; 528]);
    let m = module(COOPERATIVE_SYNC);
    let mut launch = m.kernel("rounds").unwrap();
    let counts = launch.zeroed::<u32>(1);
    let seen = launch.zeroed::<u32>(265);
    launch
        .grid(265)
        .block(1024)
        .cooperative()
        .arg(counts)
        .arg(seen)
        .arg(1u32);
    let err = launch.run().unwrap_err();
    assert!(
        matches!(
            err.faults()[0].fault,
            Fault::Launch(LaunchFault::CooperativeTooLarge {
                ctas: 265,
                most: 264
            })
        ),
        "{err}"
    );
}

/// Spins until `%clock64` has moved on by `cycles` (simpleHyperQ's
/// `clock_block`), or, with `flag` non-zero, until the word at `flag` is
/// non-zero too (reading the clock each time round); then writes how far
/// the clock moved to `out`.
const CLOCK_SPIN: &str = "
.visible .entry spin(.param .u64 out, .param .u64 cycles, .param .u64 flag) {
    .reg .pred %p<4>;
    .reg .b32 %r<4>;
    .reg .b64 %rd<10>;
    ld.param.u64 %rd1, [out];
    ld.param.u64 %rd2, [cycles];
    ld.param.u64 %rd3, [flag];
    setp.ne.u64 %p2, %rd3, 0;
    mov.u64 %rd4, %clock64;
SPIN:
    mov.u64 %rd5, %clock64;
    sub.s64 %rd6, %rd5, %rd4;
    mov.u32 %r1, 1;
    @%p2 ld.volatile.global.u32 %r1, [%rd3];
    setp.eq.u32 %p3, %r1, 0;
    setp.lt.u64 %p1, %rd6, %rd2;
    or.pred %p1, %p1, %p3;
    @%p1 bra SPIN;
    st.global.u64 [%rd1], %rd6;
    ret;
}";

/// A spin on the clock for 2³⁴ cycles (8.7 s of an H100 at 1.98 GHz,
/// some 3·10⁹ turns of its loop) ends, as on a GPU: time passes while
/// the warp spins, though the simulator runs far fewer steps. The clock
/// moved on by at least the cycles asked for.
#[test]
fn a_spin_on_the_clock_ends_as_time_passes() {
    let m = module(CLOCK_SPIN);
    let mut launch = m.kernel("spin").unwrap();
    let out = launch.zeroed::<u64>(1);
    launch.grid(1).block(1).arg(out).arg(1u64 << 34).arg(0u64);
    let report = launch.run().unwrap();
    assert!(report.read::<u64>(out)[0] >= 1 << 34);
}

/// A spin on a word no one writes that reads the clock each time round
/// still never ends: the clock's passing time is no progress, and the
/// launch stops with a hang.
#[test]
fn a_spin_on_memory_that_reads_the_clock_still_hangs() {
    let m = module(CLOCK_SPIN);
    let mut launch = m.kernel("spin").unwrap();
    let out = launch.zeroed::<u64>(1);
    let flag = launch.zeroed::<u32>(1);
    launch
        .grid(2)
        .block(32)
        .hang_limit(1 << 20)
        .arg(out)
        .arg(0u64)
        .arg(flag);
    let err = launch.run().unwrap_err();
    assert!(
        matches!(
            err.faults()[0].fault,
            Fault::Launch(LaunchFault::Hang { .. })
        ),
        "{err}"
    );
}

/// A `.func` with `.param` arguments and return value, called
/// recursively: fib(n) for n = lane % 12, so that lanes recurse to
/// different depths and diverge across calls.
#[test]
fn recursive_calls_with_param_frames_compute_each_lanes_fibonacci() {
    let m = module(
        "
.func (.param .b32 ret) fib(.param .b32 n) {
    .reg .pred %p<2>;
    .reg .b32 %r<8>;
    ld.param.b32 %r1, [n];
    setp.lt.u32 %p1, %r1, 2;
    @%p1 bra BASE;
    add.u32 %r2, %r1, -1;
    {
    .param .b32 a;
    .param .b32 r;
    st.param.b32 [a], %r2;
    call (r), fib, (a);
    ld.param.b32 %r3, [r];
    }
    add.u32 %r4, %r1, -2;
    {
    .param .b32 a;
    .param .b32 r;
    st.param.b32 [a], %r4;
    call (r), fib, (a);
    ld.param.b32 %r5, [r];
    }
    add.u32 %r6, %r3, %r5;
    st.param.b32 [ret], %r6;
    ret;
BASE:
    st.param.b32 [ret], %r1;
    ret;
}
.visible .entry k(.param .u64 out) {
    .reg .b32 %r<8>;
    .reg .b64 %rd<4>;
    ld.param.u64 %rd1, [out];
    cvta.to.global.u64 %rd1, %rd1;
    mov.u32 %r1, %tid.x;
    rem.u32 %r2, %r1, 12;
    {
    .param .b32 a;
    .param .b32 r;
    st.param.b32 [a], %r2;
    call (r), fib, (a);
    ld.param.b32 %r3, [r];
    }
    mul.wide.u32 %rd2, %r1, 4;
    add.s64 %rd3, %rd1, %rd2;
    st.global.u32 [%rd3], %r3;
    ret;
}",
    );
    let mut launch = m.kernel("k").unwrap();
    let out = launch.zeroed::<u32>(64);
    launch.block(64).arg(out);
    let fib = |n: u32| -> u32 {
        let (mut a, mut b) = (0, 1);
        for _ in 0..n {
            (a, b) = (b, a + b);
        }
        a
    };
    let expected: Vec<u32> = (0..64).map(|t| fib(t % 12)).collect();
    assert_eq!(launch.run().unwrap().read::<u32>(out), expected);
}

/// `.reg` parameters, a call through a register (the function's address
/// taken with `mov`) and `brx.idx` over a `.branchtargets` list, all
/// divergent: lane t takes target t % 3, which adds 10, 20 or 30, then
/// calls `twice` or `square` by address (t even: twice).
#[test]
fn jump_tables_and_indirect_calls_diverge_per_lane() {
    let m = module(
        "
.func (.reg .b32 r) twice(.reg .b32 a) {
    add.u32 r, a, a;
    ret;
}
.func (.reg .b32 r) square(.reg .b32 a) {
    mul.lo.u32 r, a, a;
    ret;
}
.visible .entry k(.param .u64 out) {
    .reg .pred %p<2>;
    .reg .b32 %r<8>;
    .reg .b64 %rd<8>;
    ld.param.u64 %rd1, [out];
    cvta.to.global.u64 %rd1, %rd1;
    mov.u32 %r1, %tid.x;
    rem.u32 %r2, %r1, 3;
    ts: .branchtargets T0, T1, T2;
    brx.idx %r2, ts;
T0:
    add.u32 %r3, %r1, 10;
    bra.uni JOIN;
T1:
    add.u32 %r3, %r1, 20;
    bra.uni JOIN;
T2:
    add.u32 %r3, %r1, 30;
JOIN:
    and.b32 %r4, %r1, 1;
    setp.eq.u32 %p1, %r4, 0;
    mov.u64 %rd2, twice;
    mov.u64 %rd3, square;
    selp.b64 %rd4, %rd2, %rd3, %p1;
    proto: .callprototype (.reg .b32 _) _ (.reg .b32 _);
    call (%r5), %rd4, (%r3), proto;
    mul.wide.u32 %rd5, %r1, 4;
    add.s64 %rd6, %rd1, %rd5;
    st.global.u32 [%rd6], %r5;
    ret;
}",
    );
    let mut launch = m.kernel("k").unwrap();
    let out = launch.zeroed::<u32>(32);
    launch.block(32).arg(out);
    let expected: Vec<u32> = (0..32)
        .map(|t| {
            let v = t + 10 * (t % 3 + 1);
            if t % 2 == 0 { v + v } else { v * v }
        })
        .collect();
    assert_eq!(launch.run().unwrap().read::<u32>(out), expected);
}

/// `printf` (`vprintf`): each lane's line in lane order, formatted as C's.
#[test]
fn printf_prints_each_lanes_line_in_order() {
    let m = module(
        r#"
.extern .func (.param .b32 ret) vprintf(.param .b64 fmt, .param .b64 args);
.global .align 1 .b8 fmt[20] = {108, 97, 110, 101, 32, 37, 50, 100, 58, 32, 37, 46, 50, 102, 10, 0};
.visible .entry k() {
    .local .align 8 .b8 buf[16];
    .reg .b32 %r<4>;
    .reg .f64 %fd<2>;
    .reg .b64 %rd<8>;
    mov.u32 %r1, %tid.x;
    cvt.rn.f64.u32 %fd1, %r1;
    mul.f64 %fd1, %fd1, 0d3FF8000000000000;
    mov.u64 %rd1, buf;
    cvta.local.u64 %rd2, %rd1;
    st.local.u32 [%rd1], %r1;
    st.local.f64 [%rd1+8], %fd1;
    mov.u64 %rd3, fmt;
    cvta.global.u64 %rd4, %rd3;
    {
    .param .b64 p0;
    .param .b64 p1;
    .param .b32 r;
    st.param.b64 [p0], %rd4;
    st.param.b64 [p1], %rd2;
    call (r), vprintf, (p0, p1);
    }
    ret;
}"#,
    );
    let mut launch = m.kernel("k").unwrap();
    launch.block(4);
    let report = launch.run().unwrap();
    // "lane %2d: %.2f\n" with (t, 1.5 t).
    assert_eq!(
        report.output,
        "lane  0: 0.00\nlane  1: 1.50\nlane  2: 3.00\nlane  3: 4.50\n"
    );
}

/// `__assertfail` (a failed `assert`) is an error naming the expression,
/// file, line and thread.
#[test]
fn a_failed_assert_names_its_expression_file_line_and_thread() {
    let m = module(
        r#"
.extern .func __assertfail(.param .b64 m, .param .b64 f, .param .b32 l, .param .b64 fn, .param .b64 c);
.global .align 1 .b8 msg[6] = {120, 32, 62, 32, 48, 0};
.global .align 1 .b8 file[5] = {107, 46, 99, 117, 0};
.visible .entry k() {
    .reg .pred %p<2>;
    .reg .b32 %r<4>;
    .reg .b64 %rd<4>;
    mov.u32 %r1, %tid.x;
    setp.ne.u32 %p1, %r1, 5;
    @%p1 bra DONE;
    mov.u64 %rd1, msg;
    cvta.global.u64 %rd1, %rd1;
    mov.u64 %rd2, file;
    cvta.global.u64 %rd2, %rd2;
    {
    .param .b64 a0;
    .param .b64 a1;
    .param .b32 a2;
    .param .b64 a3;
    .param .b64 a4;
    st.param.b64 [a0], %rd1;
    st.param.b64 [a1], %rd2;
    st.param.b32 [a2], 17;
    st.param.b64 [a3], 0;
    st.param.b64 [a4], 1;
    call __assertfail, (a0, a1, a2, a3, a4);
    }
DONE:
    ret;
}"#,
    );
    let mut launch = m.kernel("k").unwrap();
    launch.block(32);
    let err = launch.run().unwrap_err();
    let [fault] = err.faults() else {
        panic!("one fault: {err}");
    };
    assert_eq!(fault.thread.map(|t| t.tid), Some([5, 0, 0]));
    assert_eq!(
        fault.fault,
        Fault::Program(ProgramFault::Assert {
            message: "x > 0".into(),
            file: "k.cu".into(),
            line: 17
        })
    );
}

#[test]
fn trap_stops_the_launch_naming_the_thread() {
    let m = module(
        "
.visible .entry k() {
    .reg .pred %p<2>;
    .reg .b32 %r<2>;
    mov.u32 %r1, %tid.x;
    setp.eq.u32 %p1, %r1, 9;
    @%p1 trap;
    ret;
}",
    );
    let mut launch = m.kernel("k").unwrap();
    launch.grid(2).block(32);
    let err = launch.run().unwrap_err();
    let fault = &err.faults()[0];
    assert_eq!(fault.fault, Fault::Program(ProgramFault::Trap));
    assert_eq!(fault.thread.map(|t| t.tid), Some([9, 0, 0]));
    assert!(fault.statement.as_deref().unwrap_or("").contains("trap"));
}

/// Module variables: a `.global` table with an initializer list, a
/// `.global` pointer initialized to `generic(table)+8` (its third
/// element), a `.const` table; the kernel writes `table[t] + ctab[t] +
/// *ptr` and doubles `table`, whose new bytes the report holds.
#[test]
fn module_variables_start_from_their_initializers_and_are_read_back() {
    let m = module(
        "
.global .align 4 .u32 table[4] = {1, 2, 3, 4};
.global .align 8 .u64 ptr = generic(table)+8;
.const .align 4 .u32 ctab[4] = {100, 200, 300, 400};
.visible .entry k(.param .u64 out) {
    .reg .b32 %r<8>;
    .reg .b64 %rd<10>;
    ld.param.u64 %rd1, [out];
    cvta.to.global.u64 %rd1, %rd1;
    mov.u32 %r1, %tid.x;
    mul.wide.u32 %rd2, %r1, 4;
    mov.u64 %rd3, table;
    add.s64 %rd4, %rd3, %rd2;
    ld.global.u32 %r2, [%rd4];
    mov.u64 %rd5, ctab;
    add.s64 %rd6, %rd5, %rd2;
    ld.const.u32 %r3, [%rd6];
    ld.global.u64 %rd7, [ptr];
    ld.u32 %r4, [%rd7];
    add.u32 %r5, %r2, %r3;
    add.u32 %r5, %r5, %r4;
    add.s64 %rd8, %rd1, %rd2;
    st.global.u32 [%rd8], %r5;
    bar.sync 0;
    add.u32 %r6, %r2, %r2;
    st.global.u32 [%rd4], %r6;
    ret;
}",
    );
    let mut launch = m.kernel("k").unwrap();
    let out = launch.zeroed::<u32>(4);
    launch.block(4).arg(out);
    let report = launch.run().unwrap();
    assert_eq!(report.read::<u32>(out), [104, 205, 306, 407]);
    let table: Vec<u32> = report
        .global("table")
        .unwrap()
        .chunks_exact(4)
        .map(|b| u32::from_le_bytes(b.try_into().unwrap()))
        .collect();
    assert_eq!(table, [2, 4, 6, 8]);
}

/// Lanes that leave a loop at different trips wait for the others where
/// the loop ends, then run on together: a shuffle after the loop sees
/// every lane. Lane t loops t % 5 times adding t; then each adds its
/// neighbour's (`bfly 1`) value: out[t] = t(t%5) + u(u%5), u = t ^ 1.
#[test]
fn divergent_loops_reconverge_before_a_full_warp_shuffle() {
    let m = module(
        "
.visible .entry k(.param .u64 out) {
    .reg .pred %p<2>;
    .reg .b32 %r<10>;
    .reg .b64 %rd<4>;
    ld.param.u64 %rd1, [out];
    cvta.to.global.u64 %rd1, %rd1;
    mov.u32 %r1, %tid.x;
    rem.u32 %r2, %r1, 5;
    mov.u32 %r3, 0;
    mov.u32 %r4, 0;
LOOP:
    setp.ge.u32 %p1, %r4, %r2;
    @%p1 bra END;
    add.u32 %r3, %r3, %r1;
    add.u32 %r4, %r4, 1;
    bra.uni LOOP;
END:
    shfl.sync.bfly.b32 %r5, %r3, 1, 31, -1;
    add.u32 %r6, %r3, %r5;
    mul.wide.u32 %rd2, %r1, 4;
    add.s64 %rd3, %rd1, %rd2;
    st.global.u32 [%rd3], %r6;
    ret;
}",
    );
    let mut launch = m.kernel("k").unwrap();
    let out = launch.zeroed::<u32>(64);
    launch.block(64).arg(out);
    let expected: Vec<u32> = (0..64u32)
        .map(|t| {
            let u = t ^ 1;
            t * (t % 5) + u * (u % 5)
        })
        .collect();
    assert_eq!(launch.run().unwrap().read::<u32>(out), expected);
}

/// Threads that return early do not hold up a later `bar.sync` (as on
/// the H100, where exited threads do not count): the 16 survivors of each
/// warp sum through shared memory after the barrier.
#[test]
fn a_barrier_after_some_threads_exit_waits_only_for_the_others() {
    let m = module(
        "
.visible .entry k(.param .u64 out) {
    .shared .align 4 .b8 s[256];
    .reg .pred %p<3>;
    .reg .b32 %r<10>;
    .reg .b64 %rd<4>;
    ld.param.u64 %rd1, [out];
    cvta.to.global.u64 %rd1, %rd1;
    mov.u32 %r1, %tid.x;
    and.b32 %r2, %r1, 16;
    setp.ne.u32 %p1, %r2, 0;
    @%p1 bra EXIT;
    mov.u32 %r3, s;
    shl.b32 %r4, %r1, 2;
    add.u32 %r5, %r3, %r4;
    st.shared.u32 [%r5], %r1;
    bar.sync 0;
    setp.ne.u32 %p2, %r1, 0;
    @%p2 bra EXIT;
    mov.u32 %r6, 0;
    mov.u32 %r7, 0;
SUM:
    ld.shared.u32 %r8, [%r3];
    add.u32 %r6, %r6, %r8;
    add.u32 %r3, %r3, 4;
    add.u32 %r7, %r7, 1;
    setp.lt.u32 %p2, %r7, 64;
    @%p2 bra SUM;
    st.global.u32 [%rd1], %r6;
EXIT:
    ret;
}",
    );
    let mut launch = m.kernel("k").unwrap();
    let out = launch.zeroed::<u32>(1);
    launch.block(64).arg(out);
    // Threads with bit 4 clear store their index: 0-15 and 32-47.
    let expected: u32 = (0..16).sum::<u32>() + (32..48).sum::<u32>();
    assert_eq!(launch.run().unwrap().read::<u32>(out), [expected]);
}

#[test]
fn a_launch_gives_the_same_bytes_on_one_worker_and_on_two() {
    assert_eq!(grid_barrier(40, 1), grid_barrier(40, 2));
}

const ADD_ONE: &str = "
.visible .entry add_one(.param .u64 data, .param .u32 n) .maxntid 256, 1, 1 {
    .reg .pred %p<2>;
    .reg .b32 %r<6>;
    .reg .b64 %rd<4>;
    ld.param.u64 %rd1, [data];
    ld.param.u32 %r4, [n];
    mov.u32 %r1, %ctaid.x;
    mov.u32 %r2, %ntid.x;
    mov.u32 %r3, %tid.x;
    mad.lo.s32 %r1, %r1, %r2, %r3;
    setp.ge.u32 %p1, %r1, %r4;
    @%p1 bra DONE;
    cvta.to.global.u64 %rd1, %rd1;
    mul.wide.u32 %rd2, %r1, 4;
    add.s64 %rd3, %rd1, %rd2;
    ld.global.u32 %r5, [%rd3];
    add.u32 %r5, %r5, 1;
    st.global.u32 [%rd3], %r5;
DONE:
    ret;
}";

#[test]
fn bad_launches_are_errors_that_say_what_is_wrong() {
    let m = module(ADD_ONE);
    let err = m.kernel("add_two").unwrap_err();
    assert!(err.to_string().contains("no kernel `add_two`"), "{err}");
    assert!(err.to_string().contains("add_one"), "{err}");

    let mut launch = m.kernel("add_one").unwrap();
    let data = launch.zeroed::<u32>(8);
    launch.block(8).arg(data);
    let err = launch.run().unwrap_err();
    assert!(
        err.to_string().contains("takes 2 arguments") && err.to_string().contains("given 1"),
        "{err}"
    );
    launch.arg(2.5f32);
    let err = launch.run().unwrap_err();
    assert!(
        matches!(&err, KernelError::Arguments { detail, .. } if detail.contains("parameter 1 `n`")),
        "{err}"
    );

    let mut launch = m.kernel("add_one").unwrap();
    launch.block(512).args([Arg::U64(0), Arg::U32(0)]);
    let err = launch.run().unwrap_err();
    assert!(err.to_string().contains(".maxntid"), "{err}");
    launch.block((32, 32, 2));
    assert!(launch.run().unwrap_err().to_string().contains("1024"));
    launch.block(32).shared_bytes(300 * 1024);
    let err = launch.run().unwrap_err();
    assert!(err.to_string().contains("shared memory"), "{err}");
    launch.shared_bytes(0).grid((1, 70000, 1));
    assert!(launch.run().unwrap_err().to_string().contains("65535"));
}

#[test]
fn an_access_out_of_bounds_names_the_thread_the_address_and_the_buffer() {
    let m = module(ADD_ONE);
    let mut launch = m.kernel("add_one").unwrap();
    let data = launch.zeroed::<u32>(8);
    // n = 9: thread 8 reads one element past the buffer.
    launch.block(32).arg(data).arg(9u32);
    let err = launch.run().unwrap_err();
    let fault = &err.faults()[0];
    assert_eq!(fault.thread.map(|t| t.tid), Some([8, 0, 0]));
    // One past the end is in the gap after the buffer: in none.
    assert!(
        matches!(fault.fault, Fault::Memory(MemoryFault::Unmapped { address, .. }) if address == data.addr + 32),
        "{err}"
    );
    assert!(
        fault
            .statement
            .as_deref()
            .unwrap_or("")
            .contains("ld.global.u32")
    );
}

#[test]
fn a_module_ptxas_rejects_is_an_error_at_its_line() {
    let text = ".version 8.0\n.target sm_90\n.address_size 64\n.visible .entry k() {\n    add.f32x %f1, %f2, %f3;\n    ret;\n}";
    let err = Module::from_ptx(text).unwrap_err();
    assert!(err.to_string().contains("5:"), "{err}");
}

/// `mul.f32` then `sub.f32` with no rounding modifier fuse, as ptxas fuses
/// them (`ptx_sim::kernel`'s contraction rules): for x = 1 + 2^-12,
/// x*x = 1 + 2^-11 + 2^-24 rounds to 1 + 2^-11 (a tie, to even), so the
/// unfused difference from 1 + 2^-11 is 0 and the fused one 2^-24. With
/// `.rn` on the `mul` nothing fuses. The fused `mul`'s operand is the
/// value it had when the `mul` ran, even when its register is written
/// before the `sub` (ptxas keeps it).
#[test]
fn mul_and_sub_fuse_as_ptxas_fuses_them() {
    let m = module(
        "
.visible .entry k(.param .u64 out) {
    .reg .f32 %f<12>;
    .reg .b64 %rd<2>;
    ld.param.u64 %rd1, [out];
    mov.f32 %f1, 0f3F800800;
    mov.f32 %f2, 0f3F801000;
    mul.f32 %f3, %f1, %f1;
    sub.f32 %f4, %f3, %f2;
    st.global.f32 [%rd1], %f4;
    mul.rn.f32 %f5, %f1, %f1;
    sub.f32 %f6, %f5, %f2;
    st.global.f32 [%rd1+4], %f6;
    mov.f32 %f7, 0f3F800800;
    mul.f32 %f8, %f7, %f7;
    mov.f32 %f7, 0f00000000;
    sub.f32 %f9, %f8, %f2;
    st.global.f32 [%rd1+8], %f9;
    ret;
}",
    );
    let mut launch = m.kernel("k").unwrap();
    let out = launch.zeroed::<u32>(3);
    launch.block(1).arg(out);
    let bits = launch.run().unwrap().read::<u32>(out);
    // 2^-24 is 0x33800000.
    assert_eq!(bits, [0x3380_0000, 0, 0x3380_0000]);
}

/// `setmaxnreg` (sm_90a) changes only the register budget, which the
/// simulator does not model: a warpgroup that gives registers up and takes
/// more back keeps its values. out[t] = 3t.
#[test]
fn setmaxnreg_runs_and_leaves_the_registers_as_they_were() {
    let m = module_for(
        "8.0",
        "sm_90a",
        "
.visible .entry k(.param .u64 out) {
    .reg .b32 %r<4>;
    .reg .b64 %rd<4>;
    ld.param.u64 %rd1, [out];
    cvta.to.global.u64 %rd1, %rd1;
    mov.u32 %r1, %tid.x;
    mul.lo.u32 %r2, %r1, 3;
    setmaxnreg.dec.sync.aligned.u32 40;
    setmaxnreg.inc.sync.aligned.u32 232;
    mul.wide.u32 %rd2, %r1, 4;
    add.s64 %rd3, %rd1, %rd2;
    st.global.u32 [%rd3], %r2;
    ret;
}",
    );
    let mut launch = m.kernel("k").unwrap();
    let out = launch.zeroed::<u32>(128);
    launch.block(128).arg(out);
    let expected: Vec<u32> = (0..128).map(|t| 3 * t).collect();
    assert_eq!(launch.run().unwrap().read::<u32>(out), expected);
}

/// The warps of a warpgroup must ask `setmaxnreg` for the same counts in
/// the same order: here warp 1 asks for 48 registers where warps 0, 2
/// and 3 ask for 40, and the launch fails naming both requests.
#[test]
fn setmaxnreg_requests_that_differ_within_a_warpgroup_are_an_error() {
    let m = module_for(
        "8.0",
        "sm_90a",
        "
.visible .entry k() {
    .reg .pred %p<2>;
    .reg .b32 %r<4>;
    mov.u32 %r1, %tid.x;
    shr.u32 %r2, %r1, 5;
    setp.eq.u32 %p1, %r2, 1;
    @%p1 bra ODD;
    setmaxnreg.dec.sync.aligned.u32 40;
    ret;
ODD:
    setmaxnreg.dec.sync.aligned.u32 48;
    ret;
}",
    );
    let (fault, err) = warpgroup_fault(&m);
    let Fault::Sync(SyncFault::Divergent {
        instruction,
        detail,
    }) = fault
    else {
        panic!("not a divergence: {err}");
    };
    assert_eq!(instruction, "setmaxnreg");
    assert!(
        detail.contains(".dec 48") && detail.contains(".dec 40"),
        "{detail}"
    );
}

/// A `wgmma` whose B descriptor reaches past the CTA's shared memory (its
/// stride byte offset, 4096, puts B's second 8-row group at 4096 + 128
/// bytes, in a CTA with 1 KiB) is an error naming the B descriptor's
/// fields, not garbage read from elsewhere.
#[test]
fn a_wgmma_descriptor_reaching_past_shared_memory_is_an_error_naming_its_fields() {
    // Descriptors: start 0, LBO 128 (field 8), SBO 256 (field 16) for A;
    // for B, SBO 4096 (field 256). No swizzle.
    let m = module_for(
        "8.0",
        "sm_90a",
        "
.visible .entry k() {
    .shared .align 1024 .b8 s[1024];
    .reg .pred %p<2>;
    .reg .f32 %d<8>;
    .reg .b64 %rd<4>;
    mov.f32 %d0, 0f00000000; mov.f32 %d1, 0f00000000; mov.f32 %d2, 0f00000000;
    mov.f32 %d3, 0f00000000;
    setp.eq.u32 %p1, 1, 1;
    mov.u64 %rd1, 0x0000001000080000;
    mov.u64 %rd2, 0x0000010000080000;
    wgmma.fence.sync.aligned;
    wgmma.mma_async.sync.aligned.m64n16k16.f32.f16.f16 {%d0, %d1, %d2, %d3, %d4, %d5, %d6, %d7}, %rd1, %rd2, %p1, 1, 1, 0, 0;
    wgmma.commit_group.sync.aligned;
    wgmma.wait_group.sync.aligned 0;
    ret;
}",
    );
    let (fault, err) = warpgroup_fault(&m);
    let Fault::Program(ProgramFault::BadOperand {
        instruction,
        detail,
    }) = fault
    else {
        panic!("not a bad operand: {err}");
    };
    assert_eq!(instruction, "wgmma.mma_async");
    assert!(
        detail.contains("the B descriptor") && detail.contains("stride byte offset 4096"),
        "{detail}"
    );
}

/// Sparse `wgmma` metadata whose code names no pattern (0: indices 0 and
/// 0, where two different indices of four are needed) is an error naming
/// the lane, its metadata word and the nibble.
#[test]
fn sparse_wgmma_metadata_naming_no_pattern_is_an_error() {
    // A at s (LBO 128, SBO 256), B at s + 2048 (LBO 128, SBO 512), both
    // K-major without a swizzle; every lane's metadata is 0.
    let m = module_for(
        "8.2",
        "sm_90a",
        "
.visible .entry k() {
    .shared .align 1024 .b8 s[4096];
    .reg .pred %p<2>;
    .reg .f32 %d<4>;
    .reg .b32 %r<4>;
    .reg .b64 %rd<4>;
    mov.f32 %d0, 0f00000000; mov.f32 %d1, 0f00000000;
    mov.f32 %d2, 0f00000000; mov.f32 %d3, 0f00000000;
    setp.eq.u32 %p1, 1, 1;
    mov.u32 %r1, s;
    shr.u32 %r2, %r1, 4;
    cvt.u64.u32 %rd3, %r2;
    mov.u64 %rd1, 0x0000001000080000;
    add.u64 %rd1, %rd1, %rd3;
    mov.u64 %rd2, 0x0000002000080080;
    add.u64 %rd2, %rd2, %rd3;
    mov.u32 %r3, 0;
    wgmma.fence.sync.aligned;
    wgmma.mma_async.sp.sync.aligned.m64n8k32.f32.f16.f16 {%d0, %d1, %d2, %d3}, %rd1, %rd2, %r3, 0, %p1, 1, 1, 0, 0;
    wgmma.commit_group.sync.aligned;
    wgmma.wait_group.sync.aligned 0;
    ret;
}",
    );
    let (fault, err) = warpgroup_fault(&m);
    let Fault::Program(ProgramFault::BadOperand {
        instruction,
        detail,
    }) = fault
    else {
        panic!("not a bad operand: {err}");
    };
    assert_eq!(instruction, "wgmma.mma_async.sp");
    assert!(
        detail.contains("lane 0's sparsity metadata 0x00000000 has code 0x0 at nibble 0"),
        "{detail}"
    );
}

/// A kernel with no instruction (ptxas takes it): it loads and every thread
/// ends at once. Found by the module fuzzer (`fuzz/`), whose input declared
/// a register named `ret` where a `ret;` was meant; the control-flow split
/// of an empty body underflowed.
#[test]
fn a_kernel_with_an_empty_body_loads_and_runs() {
    for body in [
        ".visible .entry k() { }",
        ".visible .entry k(.param .u64 out) {\n .reg .f32\n ret;\n}",
    ] {
        let m = module(body);
        let mut launch = m.kernel("k").expect("the kernel is there");
        launch.grid(2).block(64);
        if body.contains("out") {
            let out = launch.zeroed::<u32>(1);
            launch.arg(out);
        }
        launch.run().expect("nothing to run");
    }
    // The fuzzer's input itself, source positions and debug sections too.
    let fuzzed = include_str!("../../fuzz/open/module-empty-body-flow-overflow.ptx");
    let m = Module::from_ptx(fuzzed).expect("ptxas takes it");
    assert_eq!(m.entries(), ["scaled"]);
}
