//! The launch engine: special registers per thread, collectives meeting in
//! a warp, barriers across a CTA, and errors (never hangs) for lanes that
//! do not meet.

use ptx_core::{AsmOperand, Target, check_asm, lower};
use ptx_sim::interp::Prepared;
use ptx_sim::launch::{Launch, warp32};

fn prepare(asm: &str, cons: &[&str]) -> Prepared {
    let checked = check_asm(asm, cons, Target::default()).unwrap();
    let ops: Vec<AsmOperand> = cons
        .iter()
        .map(|c| AsmOperand::new(c.parse().unwrap()))
        .collect();
    Prepared::new(&lower(&checked, &ops).unwrap())
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
    let sums = warp32(|lane| {
        let mut r = p.registers();
        r[1] = u128::from(lane);
        p.run(&mut r).unwrap();
        r[0]
    })
    .unwrap();
    assert_eq!(sums, [496; 32]);
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
    assert!(f.message.contains("redux.sync"), "{f}");
    assert!(f.message.contains("launch"), "{f}");
}

#[test]
fn lanes_that_skip_a_collective_are_named_not_hung() {
    let p = prepare("redux.sync.add.u32 %0, %1, 0xffffffff;", &["=r", "r"]);
    let out = warp32(|lane| {
        let mut r = p.registers();
        if lane < 16 {
            p.run(&mut r).map(|()| r[0]).map_err(|f| f.message)
        } else {
            Ok(0)
        }
    });
    let e = out.unwrap_err().to_string();
    assert!(e.contains("threads 0-15 wait at `redux.sync`"), "{e}");
    assert!(e.contains("threads 16-31 have exited"), "{e}");
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
        .unwrap_err()
        .to_string();
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
