//! The launch engine: special registers per thread, collectives meeting in
//! a warp, barriers across a CTA, and errors (never hangs) for lanes that
//! do not meet.

use ptx_core::{AsmOperand, SharedScope, StateSpace, Target, check_asm, lower};
use ptx_sim::fault::{Fault, LaunchFault, MemoryFault, ProgramFault, SyncFault, WaitSite, Waiting};
use ptx_sim::machine::{Launch, warp32};
use ptx_sim::statement::Prepared;

fn prepare(asm: &str, cons: &[&str]) -> Prepared {
    let checked = check_asm(asm, cons, Target::default()).unwrap();
    let ops: Vec<AsmOperand> = cons
        .iter()
        .map(|c| AsmOperand::new(c.parse().unwrap()))
        .collect();
    Prepared::new(&lower(&checked, &ops).unwrap())
}

/// Runs `p` (output `%0`, input `%1`) on each lane of a warp, with the
/// lane's number as its input, and returns each lane's output.
fn lane_in_first_out(p: &Prepared) -> [u128; 32] {
    warp32(|lane| {
        let mut r = p.registers();
        r[1] = u128::from(lane);
        p.run(&mut r).unwrap();
        r[0]
    })
    .unwrap()
}

#[test]
fn special_registers_answer_per_thread() {
    let p = prepare(
        "{ .reg .u32 t; mov.u32 %0, %%tid.y; mov.u32 %1, %%ctaid.x; mov.u32 %2, %%laneid; mov.u32 %3, %%lanemask_lt; }",
        &["=r", "=r", "=r", "=r"],
    );
    let out = Launch::new(3, (16, 4))
        .run(|_| {
            let mut r = p.registers();
            p.run(&mut r).unwrap();
            [r[0], r[1], r[2], r[3]]
        })
        .unwrap();
    // Thread 37 of CTA 2: tid = (37 % 16, 37 / 16) = (5, 2), lane 37 % 32 = 5,
    // lanemask_lt = bits below 5 = 0x1f.
    assert_eq!(out.results[2 * 64 + 37], [2, 2, 5, 0x1f]);
}

#[test]
fn butterfly_shuffle_sums_a_warp() {
    // Five xor-shuffles of distances 16, 8, 4, 2, 1 leave every lane with
    // the sum of all 32 values: 0 + 1 + ... + 31 = 496.
    let p = prepare(
        "{ .reg .u32 t; shfl.sync.bfly.b32 t, %1, 16, 0x1f, 0xffffffff; add.u32 %0, %1, t;
           shfl.sync.bfly.b32 t, %0, 8, 0x1f, 0xffffffff; add.u32 %0, %0, t;
           shfl.sync.bfly.b32 t, %0, 4, 0x1f, 0xffffffff; add.u32 %0, %0, t;
           shfl.sync.bfly.b32 t, %0, 2, 0x1f, 0xffffffff; add.u32 %0, %0, t;
           shfl.sync.bfly.b32 t, %0, 1, 0x1f, 0xffffffff; add.u32 %0, %0, t; }",
        &["=r", "r"],
    );
    assert_eq!(lane_in_first_out(&p), [496; 32]);
}

#[test]
fn each_lane_keeps_its_own_carry_across_a_collective() {
    // Lane i adds 0xffffffff + i: only lane 0 does not carry out. A
    // shuffle between add.cc and addc lets every other lane run in
    // between; addc 0 + 0 + CC.CF then gives each lane its own carry.
    let p = prepare(
        "{ .reg .u32 t, s; add.cc.u32 s, %1, 0xffffffff;
           shfl.sync.bfly.b32 t, s, 1, 0x1f, 0xffffffff;
           addc.u32 %0, 0, 0; }",
        &["=r", "r"],
    );
    let expected: [u128; 32] = std::array::from_fn(|i| u128::from(i != 0));
    assert_eq!(lane_in_first_out(&p), expected);
}

#[test]
fn half_warp_member_masks_meet_separately() {
    // Each half-warp sums its own lanes with redux over its own mask:
    // 0..15 = 120, 16..31 = 376.
    let p = prepare("redux.sync.add.u32 %0, %1, %2;", &["=r", "r", "r"]);
    let sums = warp32(|lane| {
        let mut r = p.registers();
        r[1] = u128::from(lane);
        r[2] = if lane < 16 { 0x0000_ffff } else { 0xffff_0000 };
        p.run(&mut r).unwrap();
        r[0]
    })
    .unwrap();
    assert_eq!(sums[3], 120);
    assert_eq!(sums[20], 376);
}

#[test]
fn a_collective_outside_a_launch_faults() {
    let p = prepare("redux.sync.add.u32 %0, %1, 0xffffffff;", &["=r", "r"]);
    let mut r = p.registers();
    let f = p.run(&mut r).unwrap_err();
    assert_eq!(
        f.fault,
        Fault::Launch(LaunchFault::CollectiveOutsideLaunch {
            instruction: "redux.sync"
        })
    );
    assert_eq!(f.thread, None);
    assert!(
        f.to_string().contains("needs the other lanes of a launch"),
        "{f}"
    );
}

/// The deadlock of a warp whose lanes 0-15 wait at `redux.sync` over the
/// whole warp while lanes 16-31 have exited.
fn half_warp_deadlock() -> Fault {
    Fault::Sync(SyncFault::Deadlock {
        cta: [0, 0, 0],
        waiting: vec![Waiting {
            at: WaitSite::Collective {
                instruction: "redux.sync",
                warp: 0,
                membermask: Some(0xffff_ffff),
            },
            threads: (0..16).collect(),
        }],
        exited: (16..32).collect(),
    })
}

#[test]
fn lanes_that_skip_a_collective_are_named_not_hung() {
    let p = prepare("redux.sync.add.u32 %0, %1, 0xffffffff;", &["=r", "r"]);
    let out = warp32(|lane| {
        let mut r = p.registers();
        if lane < 16 {
            p.run(&mut r).map(|()| r[0]).map_err(|f| f.fault)
        } else {
            Ok(0)
        }
    });
    let e = out.unwrap_err();
    // The CTA's deadlock: the lanes returned theirs, so it is the only one.
    assert_eq!(e.faults.len(), 1, "{e}");
    assert_eq!(
        (e.faults[0].thread, &e.faults[0].fault),
        (None, &half_warp_deadlock())
    );
    let e = e.to_string();
    assert!(e.contains("threads 0-15 wait at `redux.sync`"), "{e}");
    assert!(e.contains("threads 16-31 have exited"), "{e}");
}

#[test]
fn lanes_faulted_out_of_a_deadlock_fail_their_later_collectives() {
    // Lanes 0-15 wait for a whole warp that never comes and are faulted
    // out; they go on to a collective of their own half-warp, complete
    // among themselves, which fails with the same deadlock rather than run.
    let whole = prepare("redux.sync.add.u32 %0, %1, 0xffffffff;", &["=r", "r"]);
    let half = prepare("redux.sync.add.u32 %0, %1, 0xffff;", &["=r", "r"]);
    // The launch fails (it had a deadlock), so the lanes report here.
    let seen = std::sync::Mutex::new(Vec::new());
    let e = warp32(|lane| {
        if lane < 16 {
            let first = whole.run(&mut whole.registers()).unwrap_err();
            let again = half.run(&mut half.registers());
            seen.lock().unwrap().push((first, again));
        }
    })
    .unwrap_err();
    assert!(
        e.to_string().contains("threads 0-15 wait at `redux.sync`"),
        "{e}"
    );
    let seen = seen.into_inner().unwrap();
    assert_eq!(seen.len(), 16);
    // The interpreter names the thread and the statement, and gives the
    // deadlock itself.
    let deadlock = half_warp_deadlock();
    let text = "deadlock in CTA (0, 0, 0): threads 0-15 wait at `redux.sync` \
                (warp 0, membermask 0xffffffff); threads 16-31 have exited";
    assert_eq!(deadlock.to_string(), text);
    for (first, again) in &seen {
        assert_eq!(first.fault, deadlock);
        let again = again.as_ref().unwrap_err();
        assert_eq!(again.fault, deadlock);
        assert_eq!(
            again.statement.as_deref(),
            Some("redux.sync.add.u32 %0, %1, 65535;")
        );
        assert_eq!(again.thread, first.thread);
        assert!(again.thread.is_some_and(|t| t.lane < 16), "{again}");
    }
}

#[test]
fn a_barrier_orders_shared_memory_across_warps() {
    // Thread t stores t at byte t, meets the others at bar.sync 0, then
    // reads byte 63 - t: what thread 63 - t stored, whatever the order.
    let st = prepare("st.shared.u8 [%0], %1;", &["r", "r"]);
    let bar = prepare("bar.sync 0;", &[]);
    let ld = prepare("ld.shared.u8 %0, [%1];", &["=r", "r"]);
    let out = Launch::new(1, 64)
        .shared_bytes(64)
        .run(|t| {
            let i = u128::from(t.tid[0]);
            let mut r = st.registers();
            r[0] = i;
            r[1] = i;
            st.run(&mut r).unwrap();
            bar.run(&mut bar.registers()).unwrap();
            let mut r = ld.registers();
            r[1] = 63 - i;
            ld.run(&mut r).unwrap();
            r[0]
        })
        .unwrap();
    assert_eq!(out.results[0], 63);
    assert_eq!(out.results[40], 23);
}

#[test]
fn a_barrier_some_threads_skip_is_an_error() {
    let bar = prepare("bar.sync 0;", &[]);
    let e = Launch::new(1, 64)
        .run(|t| {
            if t.tid[0] < 32 {
                let _ = bar.run(&mut bar.registers());
            }
        })
        .unwrap_err();
    assert_eq!(
        e.faults[0].fault,
        Fault::Sync(SyncFault::Deadlock {
            cta: [0, 0, 0],
            waiting: vec![Waiting {
                at: WaitSite::Barrier {
                    instruction: "bar",
                    barrier: 0,
                    expected: 64
                },
                threads: (0..32).collect(),
            }],
            exited: (32..64).collect(),
        })
    );
    let e = e.to_string();
    assert!(
        e.contains("threads 0-31 wait at `bar` barrier 0 (64 threads expected)"),
        "{e}"
    );
}

#[test]
fn results_do_not_depend_on_the_number_of_workers() {
    let p = prepare("shfl.sync.up.b32 %0, %1, 1, 0, 0xffffffff;", &["=r", "r"]);
    let go = |workers| {
        Launch::new(8, 64)
            .workers(workers)
            .run(|t| {
                let mut r = p.registers();
                r[1] = t.index as u128;
                p.run(&mut r).unwrap();
                r[0]
            })
            .unwrap()
            .results
    };
    let one = go(1);
    // `up` by 1: lane 0 keeps its own value, the others get their left neighbour's.
    assert_eq!(one[32], 32);
    assert_eq!(one[33], 32);
    assert_eq!(one, go(2));
}

#[test]
fn colliding_shared_stores_keep_the_lowest_lanes_value() {
    // All 32 lanes store their lane number to byte 5; the H100 keeps lane
    // 0's value (golden `st.shared.u8 ... #colliding`: the lowest lane of
    // each group of colliding lanes wins).
    let st = prepare("st.shared.u8 [%0], %1;", &["r", "r"]);
    let out = Launch::new(1, 32)
        .shared_init(vec![0xaa; 8])
        .run(|t| {
            let mut r = st.registers();
            r[0] = 5;
            r[1] = u128::from(t.lane) + 1;
            st.run(&mut r).unwrap();
        })
        .unwrap();
    assert_eq!(out.shared[0][5], 1);
}

#[test]
fn divergent_lanes_at_different_stores_each_store_their_own_width() {
    // Lanes 0-15 reach a byte store while lanes 16-31 reach a word store,
    // at the same time: each lane stores what its own instruction says.
    // Lane l < 16 writes l + 1 to byte l; lane l >= 16 writes the word
    // 0x0101_0101 * (l + 1) to bytes 4l..4l+4.
    let byte = prepare("st.shared.u8 [%0], %1;", &["r", "r"]);
    let word = prepare("st.shared.u32 [%0], %1;", &["r", "r"]);
    let out = Launch::new(1, 32)
        .shared_bytes(128)
        .run(|t| {
            let l = u128::from(t.lane);
            let (p, addr, v) = if l < 16 {
                (&byte, l, l + 1)
            } else {
                (&word, 4 * l, 0x0101_0101 * (l + 1))
            };
            let mut r = p.registers();
            r[0] = addr;
            r[1] = v;
            p.run(&mut r).unwrap();
        })
        .unwrap();
    let shared = &out.shared[0];
    for (l, &byte) in shared.iter().enumerate().take(16) {
        assert_eq!(byte, l as u8 + 1, "byte lane {l}");
    }
    for l in 16..32 {
        assert_eq!(shared[4 * l..4 * l + 4], [l as u8 + 1; 4], "word lane {l}");
    }
}

#[test]
fn shared_atomics_serialise_lanes_lowest_first() {
    // atom.exch: lane l swaps in l + 1; lane 0 sees the initial 7, lane l
    // sees what lane l - 1 wrote (l), and lane 31's 32 stays.
    let atom = prepare("atom.shared.exch.b32 %0, [%1], %2;", &["=r", "r", "r"]);
    let out = Launch::new(1, 32)
        .shared_init(vec![7, 0, 0, 0])
        .run(|t| {
            let mut r = atom.registers();
            r[1] = 0;
            r[2] = u128::from(t.lane) + 1;
            atom.run(&mut r).unwrap();
            r[0]
        })
        .unwrap();
    assert_eq!(out.results[0], 7);
    assert_eq!(out.results[9], 9);
    assert_eq!(out.shared[0][..4], [32, 0, 0, 0]);
}

#[test]
fn half_precision_atomic_add_rounds_in_the_format() {
    // f16: 1.0 (0x3c00) + 2^-11 (0x1000) is a tie between 1.0 and 1 + 2^-10:
    // round to nearest even keeps 1.0; one lane adding 2^-10 (0x1400) gives
    // 1 + 2^-10 = 0x3c01.
    let red = prepare("red.shared.add.noftz.f16 [%0], %1;", &["r", "h"]);
    for (b, expect) in [(0x1000u16, 0x3c00u16), (0x1400, 0x3c01)] {
        let out = Launch::new(1, 1)
            .shared_init(vec![0x00, 0x3c])
            .run(|_| {
                let mut r = red.registers();
                r[0] = 0;
                r[1] = u128::from(b);
                red.run(&mut r).unwrap();
            })
            .unwrap();
        assert_eq!(
            u16::from_le_bytes([out.shared[0][0], out.shared[0][1]]),
            expect
        );
    }
}

#[test]
fn b128_loads_and_stores_keep_the_low_half_first() {
    // A .b128 value is two 64-bit slots, low first, stored little-endian:
    // byte 0 is the low byte of the low half, byte 15 the high byte of the high half.
    let st = prepare(
        "{ .reg .b128 t; mov.b128 t, {%1, %2}; st.shared.b128 [%0], t; }",
        &["r", "l", "l"],
    );
    let out = Launch::new(1, 1)
        .shared_bytes(32)
        .run(|_| {
            let mut r = st.registers();
            r[0] = 16;
            r[1] = 0x0706_0504_0302_0100;
            r[2] = 0x0f0e_0d0c_0b0a_0908;
            st.run(&mut r).unwrap();
        })
        .unwrap();
    let expect: Vec<u8> = (0..16).collect();
    assert_eq!(out.shared[0][16..], expect[..]);
}

#[test]
fn misaligned_shared_access_faults_naming_the_lane_and_address() {
    let st = prepare("st.shared.b32 [%0], %1;", &["r", "r"]);
    let out = Launch::new(1, 32).shared_bytes(256).run(|t| {
        let mut r = st.registers();
        r[0] = if t.lane == 3 {
            6
        } else {
            4 * u128::from(t.lane)
        };
        st.run(&mut r).map_err(|f| f.fault)
    });
    let results = out.unwrap().results;
    // The lanes store together: every one is told about lane 3's address.
    for result in &results {
        assert_eq!(
            result.clone().unwrap_err(),
            Fault::Memory(MemoryFault::Misaligned {
                instruction: "st",
                lane: Some(3),
                space: StateSpace::Shared(SharedScope::Cta),
                address: 6,
                align: 4
            })
        );
    }
    let err = results[0].clone().unwrap_err().to_string();
    assert_eq!(
        err,
        "st (lane 3): shared address 0x6 is not aligned to 4 bytes"
    );
}

#[test]
fn an_mbarrier_phase_completes_when_every_arrival_and_transaction_is_in() {
    // PTX ISA 9.7.13.15: a phase completes when the pending arrival count
    // and the tx-count both reach zero. 32 lanes arrive on a barrier of 32;
    // lane 0 also expects 16 bytes: the phase stays open until complete_tx
    // delivers them. pending_count of lane 0's state is the count (32)
    // before its arrival, as the H100 recorded.
    let p = prepare(
        "{ .reg .pred z, q; .reg .b32 l; .reg .b64 s;
           mov.u32 l, %%laneid; setp.eq.u32 z, l, 0;
           @z mbarrier.init.shared.b64 [%3], 32;
           bar.warp.sync 0xffffffff;
           @z mbarrier.arrive.expect_tx.shared::cta.b64 s, [%3], 16;
           @!z mbarrier.arrive.shared.b64 s, [%3];
           mbarrier.pending_count.b64 %2, s;
           mbarrier.test_wait.parity.shared.b64 q, [%3], 0; selp.u32 %0, 1, 0, q;
           @z mbarrier.complete_tx.shared::cta.b64 [%3], 16;
           mbarrier.test_wait.shared.b64 q, [%3], s; selp.u32 %1, 1, 0, q; }",
        &["=r", "=r", "=r", "r"],
    );
    let lanes = Launch::new(1, 32)
        .shared_bytes(16)
        .run(|_| {
            let mut r = p.registers();
            r[3] = 8;
            p.run(&mut r).unwrap();
            [r[0], r[1], r[2]]
        })
        .unwrap()
        .results;
    // Lanes arrive lowest first: lane 31 finds one arrival pending.
    assert_eq!(lanes[0], [0, 1, 32]);
    assert_eq!(lanes[31], [0, 1, 1]);
}

/// A CTA of 96 threads (three warps) that exercises every way a lane
/// stops: shuffles, a CTA barrier, `activemask` in a divergent branch, and
/// lanes that finish early. Returns each thread's result and the error text.
fn every_kind_of_stop(portable: bool) -> (Vec<u64>, String) {
    let shfl = prepare(
        "shfl.sync.bfly.b32 %0, %1, %2, 0x1f, 0xffffffff;",
        &["=r", "r", "r"],
    );
    let bar = prepare("bar.sync 0;", &[]);
    let active = prepare("activemask.b32 %0;", &["=r"]);
    let launch = || {
        let mut launch = Launch::new(2, 96);
        launch.portable_fibers(portable);
        launch
    };
    let ok = launch()
        .run(|t| {
            let mut v = u128::from(t.tid[0]);
            for d in [16u128, 8, 4, 2, 1] {
                let mut r = shfl.registers();
                r[1] = v;
                r[2] = d;
                shfl.run(&mut r).unwrap();
                v += r[0];
            }
            bar.run(&mut bar.registers()).unwrap();
            let mut r = active.registers();
            if t.lane % 3 == 0 {
                active.run(&mut r).unwrap();
            }
            (v as u64) << 32 | r[0] as u64
        })
        .unwrap()
        .results;
    let err = launch()
        .run(|t| {
            if t.tid[0] < 40 {
                let _ = bar.run(&mut bar.registers());
            }
        })
        .unwrap_err()
        .to_string();
    (ok, err)
}

#[test]
fn both_fiber_backends_schedule_alike() {
    let (native, native_err) = every_kind_of_stop(false);
    let (portable, portable_err) = every_kind_of_stop(true);
    // Warp w sums 32w + (0 + ... + 31) = 1024w + 496 in every lane; the
    // lanes with lane % 3 == 0 run `activemask` together: bits 0, 3, ... 30.
    let every_third = (0..32).step_by(3).fold(0u64, |m, l| m | 1 << l);
    for (i, &r) in native.iter().enumerate() {
        let (t, lane) = (i % 96, i % 32);
        let sum = 1024 * (t / 32) as u64 + 496;
        let mask = if lane % 3 == 0 { every_third } else { 0 };
        assert_eq!(r, sum << 32 | mask, "thread {i}");
    }
    assert_eq!(native, portable);
    assert!(
        native_err.contains("threads 0-39 wait at `bar` barrier 0 (96 threads expected)"),
        "{native_err}"
    );
    assert_eq!(native_err, portable_err);
}

#[test]
fn a_launch_inside_a_lane_leaves_the_lane_its_warp() {
    // Each outer lane runs a whole inner warp (whose shuffles must not
    // disturb it), then shuffles with its own warp: lane i gets lane i ^ 1's
    // inner sum, 2 * 496 + (i ^ 1).
    let shfl = prepare(
        "shfl.sync.bfly.b32 %0, %1, %2, 0x1f, 0xffffffff;",
        &["=r", "r", "r"],
    );
    let swap = |v: u128, d: u128| {
        let mut r = shfl.registers();
        r[1] = v;
        r[2] = d;
        shfl.run(&mut r).unwrap();
        r[0]
    };
    for portable in [false, true] {
        let out = Launch::new(1, 32)
            .portable_fibers(portable)
            .run(|t| {
                let inner = Launch::new(1, 32)
                    .portable_fibers(portable)
                    .run(|u| swap(u128::from(u.lane), 16) + u128::from(u.lane))
                    .unwrap();
                let inner_sum: u128 = inner.results.iter().sum();
                swap(inner_sum + u128::from(t.lane), 1)
            })
            .unwrap();
        assert_eq!(out.results[6], 2 * 496 + 7, "portable: {portable}");
        assert_eq!(out.results[7], 2 * 496 + 6, "portable: {portable}");
    }
}

#[test]
fn a_backtrace_taken_in_a_suspended_lane_ends_at_its_stack() {
    // Walking a lane's stack to its end must stop cleanly at the bottom of
    // the fiber (its first frame has no caller) rather than crash.
    let shfl = prepare(
        "shfl.sync.idx.b32 %0, %1, 0, 0x1f, 0xffffffff;",
        &["=r", "r"],
    );
    let out = warp32(|lane| lane_taking_a_backtrace(&shfl, lane)).unwrap();
    assert!(out.iter().all(|&(v, named)| v == 100 && named));
}

/// One lane of [`a_backtrace_taken_in_a_suspended_lane_ends_at_its_stack`]:
/// shuffles, then takes a backtrace, which names this function. Never
/// inlined, so that its frame has its name without debug information.
#[inline(never)]
fn lane_taking_a_backtrace(shfl: &Prepared, lane: u32) -> (u128, bool) {
    let mut r = shfl.registers();
    r[1] = u128::from(lane) + 100;
    shfl.run(&mut r).unwrap();
    let trace = std::backtrace::Backtrace::force_capture().to_string();
    (r[0], trace.contains("lane_taking_a_backtrace"))
}

#[test]
fn a_panicking_lane_is_reported_and_the_others_finish() {
    for portable in [false, true] {
        let e = Launch::new(1, 64)
            .portable_fibers(portable)
            .run(|t| {
                assert!(t.tid[0] != 40, "lane 40 gives up");
                t.tid[0]
            })
            .unwrap_err();
        assert_eq!(e.faults.len(), 1, "{e}");
        assert_eq!(e.faults[0].thread.map(|t| t.tid), Some([40, 0, 0]));
        assert_eq!(
            e.faults[0].fault,
            Fault::Program(ProgramFault::Panic {
                message: "lane 40 gives up".into()
            })
        );
        assert_eq!(
            e.to_string(),
            "thread (40, 0, 0) of CTA (0, 0, 0): lane 40 gives up"
        );
    }
}

#[test]
fn lanes_a_partial_warp_lacks_give_an_aligned_mma_zeros_whatever_ran_before() {
    // m8n8k4.f64: lane l holds A[l/4][l%4] and B[l%4][l/4], and gets
    // D[l/4][2(l%4)] and D[l/4][2(l%4)+1] (PTX ISA, mma.m8n8k4 .f64).
    let p = prepare(
        "mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 {%0, %1}, {%2}, {%3}, {%4, %5};",
        &["=d", "=d", "d", "d", "d", "d"],
    );
    let mma = |threads: u32| {
        Launch::new(1, threads)
            .run(|_| {
                let mut r = p.registers();
                for (k, v) in [(2, 1.0f64), (3, 1.0), (4, 0.0), (5, 0.0)] {
                    r[k] = u128::from(v.to_bits());
                }
                p.run(&mut r).unwrap();
                [f64::from_bits(r[0] as u64), f64::from_bits(r[1] as u64)]
            })
            .unwrap()
            .results
    };
    // A full warp first leaves every lane's operands at 1.0 on this thread.
    assert!(mma(32).iter().all(|d| *d == [4.0, 4.0]));
    // Sixteen threads: A's rows 4-7 and B's columns 4-7 would come from
    // lanes 16-31, which do not exist and count as zero, so D is 4 in its
    // top-left 4x4 corner and 0 elsewhere.
    let d = mma(16);
    for (l, got) in d.iter().enumerate() {
        let (row, col) = (l / 4, 2 * (l % 4));
        let want = |c: usize| if row < 4 && c < 4 { 4.0 } else { 0.0 };
        assert_eq!(*got, [want(col), want(col + 1)], "lane {l}");
    }
}

#[test]
fn fibers_of_one_launch_serve_the_next_whatever_its_size() {
    // Native fibers keep their stacks and stack-pointer cells from one CTA
    // to the next on an OS thread, and are laid out afresh on them. CTAs of
    // growing and shrinking sizes and stack sizes, with a launch nested in
    // a lane, must each compute what a fresh set of fibers would.
    let shfl = prepare(
        "shfl.sync.bfly.b32 %0, %1, %2, 0x1f, 0xffffffff;",
        &["=r", "r", "r"],
    );
    let butterfly = |v: u128| {
        (0..5).fold(v, |v, k| {
            let mut r = shfl.registers();
            r[1] = v;
            r[2] = 16 >> k;
            shfl.run(&mut r).unwrap();
            v + r[0]
        })
    };
    // Every lane of warp w ends with the sum of its warp's values
    // 32w + l + 1 for l in 0..32: 32 * 32w + 528.
    let warp_sum = |w: u128| 32 * 32 * w + 528;
    for (threads, stack) in [
        (64, 64 * 1024),
        (32, 512 * 1024),
        (96, 64 * 1024),
        (32, 64 * 1024),
    ] {
        let out = Launch::new(1, threads)
            .stack_size(stack)
            .run(|t| butterfly(t.index as u128 + 1))
            .unwrap();
        for (i, &v) in out.results.iter().enumerate() {
            assert_eq!(v, warp_sum(i as u128 / 32), "{threads} threads, thread {i}");
        }
    }
    let out = Launch::new(1, 64)
        .run(|t| {
            let inner = warp32(|lane| butterfly(u128::from(lane) + 1)).unwrap();
            inner[0] + butterfly(t.index as u128 + 1)
        })
        .unwrap();
    assert_eq!(out.results[40], warp_sum(0) + warp_sum(1));
    let again = warp32(|lane| butterfly(u128::from(lane) + 1)).unwrap();
    assert_eq!(again, [warp_sum(0); 32]);
}
