//! Global memory, generic addresses and their errors in a launch: loads,
//! stores and atomics through `ptx!`, checked against what the PTX ISA
//! defines (atomics are serialised, so a sum of atomic adds is exact).

use ptx::launch::{BufferSpan, Fault, Launch, MemoryFault, StateSpace};
use ptx::ptx;

#[test]
fn every_thread_adds_its_number_to_one_global_counter() {
    let mut launch = Launch::new(4, 64);
    let counter = launch.global_from(&[0u32]);
    let report = launch
        .run(|t| {
            let old: u32;
            let i = t.ctaid[0] * 64 + t.tid[0] + 1;
            ptx!("atom.global.add.u32 %0, [%1], %2;" : "=r"(old) : "l"(counter.addr), "r"(i) : "memory");
            old
        })
        .unwrap();
    // 1 + 2 + ... + 256 = 256 * 257 / 2.
    assert_eq!(report.read::<u32>(counter), [32896]);
    // Every old value is distinct: each add (of at least 1) saw the sum of
    // the ones before it.
    let mut olds = report.results.clone();
    olds.sort_unstable();
    olds.dedup();
    assert_eq!(olds.len(), 256);
}

#[test]
fn vector_loads_and_generic_addresses_reach_global_memory() {
    let mut launch = Launch::new(1, 32);
    let data = launch.global_from(&(0..128).map(|i| i as u32).collect::<Vec<_>>());
    let report = launch
        .run(|t| {
            let (a, b, c, d): (u32, u32, u32, u32);
            let addr = data.addr + 16 * u64::from(t.lane);
            // A generic load (no state space) of a global address.
            ptx!("ld.v4.u32 {%0, %1, %2, %3}, [%4];" : "=r"(a), "=r"(b), "=r"(c), "=r"(d) : "l"(addr));
            let is_global: u32;
            ptx!("{ .reg .pred p; isspacep.global p, %1; selp.u32 %0, 1, 0, p; }" : "=r"(is_global) : "l"(addr));
            (a + b + c + d, is_global)
        })
        .unwrap();
    for (lane, &(sum, is_global)) in report.results.iter().enumerate() {
        let base = 4 * lane as u32;
        assert_eq!(sum, 4 * base + 6, "lane {lane}");
        assert_eq!(is_global, 1);
    }
}

#[test]
fn cvta_gives_shared_memory_a_generic_address() {
    let report = Launch::new(1, 32)
        .shared_bytes(128)
        .run(|t| {
            let generic: u64;
            ptx!("cvta.shared.u64 %0, %1;" : "=l"(generic) : "l"(4 * u64::from(t.lane)));
            // Store through the generic address, read back through .shared.
            ptx!("st.u32 [%0], %1;" :: "l"(generic), "r"(t.lane + 100) : "memory");
            let back: u32;
            ptx!("ld.shared.u32 %0, [%1];" : "=r"(back) : "r"(4 * t.lane));
            let (is_shared, offset): (u32, u64);
            ptx!("{ .reg .pred p; isspacep.shared p, %1; selp.u32 %0, 1, 0, p; }" : "=r"(is_shared) : "l"(generic));
            ptx!("cvta.to.shared.u64 %0, %1;" : "=l"(offset) : "l"(generic));
            (back, is_shared, offset)
        })
        .unwrap();
    for (lane, &(back, is_shared, offset)) in report.results.iter().enumerate() {
        assert_eq!(
            (back, is_shared, offset),
            (lane as u32 + 100, 1, 4 * lane as u64)
        );
    }
}

#[test]
fn an_out_of_bounds_global_store_names_the_lane_and_the_address() {
    let mut launch = Launch::new(1, 32);
    let data = launch.global_from(&[0u32; 32]);
    let err = launch
        .run(|t| {
            // Lane 31 writes one element past the end.
            let addr = data.addr + 4 * u64::from(t.lane) + if t.lane == 31 { 4 } else { 0 };
            ptx!("st.global.u32 [%0], %1;" :: "l"(addr), "r"(t.lane) : "memory");
        })
        .unwrap_err();
    // The warp stores together: every lane is told about lane 31's store,
    // which is one fault, reported once.
    assert_eq!(err.faults.len(), 1, "{err}");
    assert_eq!(
        err.faults[0].fault,
        // One past the end: in the gap after the buffer, in none.
        Fault::Memory(MemoryFault::Unmapped {
            instruction: "st",
            lane: Some(31),
            space: StateSpace::Global,
            address: data.addr + 128,
            size: 4,
            // 32 words end at byte 128: the store starts 0 bytes past it.
            nearest: Some(Box::new(BufferSpan {
                index: Some(0),
                addresses: data.addr..data.addr + 128,
            })),
        })
    );
    let err = err.to_string();
    assert!(err.contains("lane 31"), "{err}");
    assert!(
        err.contains(&format!(
            "0 bytes past the end of buffer 0 (128 bytes at {:#x})",
            data.addr
        )),
        "{err}"
    );
    assert!(err.contains(&format!("{:#x}", data.addr + 128)), "{err}");
}

#[test]
fn a_launch_sees_only_its_own_global_buffers() {
    // A launch nested in a lane of one with a buffer, and a launch
    // without buffers, find no buffer at the outer buffer's address.
    let load = |addr: u64| {
        let v: u32;
        ptx!("ld.global.u32 %0, [%1];" : "=r"(v) : "l"(addr));
        v
    };
    let mut outer = Launch::new(1, 32);
    let data = outer.global_from(&[7u32; 32]);
    let report = outer
        .run(|t| {
            let own = load(data.addr + 4 * u64::from(t.lane));
            let nested = Launch::new(1, 32).run(|_| load(data.addr)).unwrap_err();
            (own, nested)
        })
        .unwrap();
    let missing = |lane| {
        Fault::Memory(MemoryFault::Unmapped {
            instruction: "ld",
            lane: Some(lane),
            space: StateSpace::Global,
            address: data.addr,
            size: 4,
            nearest: None,
        })
    };
    let text = format!(
        "global address {:#x} is in no buffer of the launch",
        data.addr
    );
    for (own, nested) in &report.results {
        assert_eq!(*own, 7);
        // A global load is the thread's own: each names its lane.
        for (lane, f) in nested.faults.iter().enumerate() {
            assert_eq!(f.fault, missing(lane as u32));
        }
        assert!(nested.to_string().contains(&text), "{nested}");
    }
    let alone = Launch::new(1, 32).run(|_| load(data.addr)).unwrap_err();
    assert_eq!(alone.faults.len(), 32);
    assert_eq!(alone.faults[5].fault, missing(5));
    assert!(alone.to_string().contains(&text), "{alone}");
}

/// `cp.async` copies global to shared memory; with a source size of 4, the
/// other 12 bytes of a 16-byte copy are zeros (PTX ISA 9.7.9.25.3.1).
#[test]
fn cp_async_copies_global_to_shared_and_zero_fills() {
    let mut launch = Launch::new(1, 32);
    let data = launch.global_from(&(0..128).map(|i| i as u32 + 1).collect::<Vec<_>>());
    let report = launch
        .shared_bytes(512)
        .run(|t| {
            let dst = 16 * t.lane;
            let src = data.addr + 16 * u64::from(t.lane);
            if t.lane % 2 == 0 {
                ptx!("cp.async.cg.shared.global [%0], [%1], 16;" :: "r"(dst), "l"(src) : "memory");
            } else {
                ptx!("cp.async.ca.shared.global [%0], [%1], 16, %2;" :: "r"(dst), "l"(src), "r"(4u32) : "memory");
            }
            ptx!(volatile "cp.async.commit_group;" ::: "memory");
            ptx!(volatile "cp.async.wait_group 0;" ::: "memory");
        })
        .unwrap();
    let shared: Vec<u32> = report.shared[0]
        .chunks_exact(4)
        .map(|b| u32::from_le_bytes(b.try_into().unwrap()))
        .collect();
    for lane in 0..32 {
        let row = &shared[4 * lane..4 * lane + 4];
        let first = 4 * lane as u32 + 1;
        if lane % 2 == 0 {
            assert_eq!(row, [first, first + 1, first + 2, first + 3], "lane {lane}");
        } else {
            assert_eq!(row, [first, 0, 0, 0], "lane {lane}");
        }
    }
}

/// Every thread has its own `.local` memory: the same local address holds
/// each thread's own value, through `.local` and through the generic
/// address `cvta.local` gives.
#[test]
fn local_memory_is_private_to_each_thread() {
    let report = Launch::new(2, 32)
        .run(|t| {
            let id = t.ctaid[0] * 32 + t.tid[0];
            ptx!("st.local.u32 [%0], %1;" :: "r"(8u32), "r"(id * 3) : "memory");
            let generic: u64;
            ptx!("cvta.local.u64 %0, %1;" : "=l"(generic) : "l"(8u64));
            let (direct, through_generic): (u32, u32);
            ptx!("ld.local.u32 %0, [%1];" : "=r"(direct) : "r"(8u32));
            ptx!("ld.u32 %0, [%1];" : "=r"(through_generic) : "l"(generic));
            (direct, through_generic)
        })
        .unwrap();
    for (i, &(direct, generic)) in report.results.iter().enumerate() {
        assert_eq!((direct, generic), (3 * i as u32, 3 * i as u32));
    }
}
