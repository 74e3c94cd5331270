//! Constant memory and kernel parameters in a launch: `ld.const` and
//! `ld.param`, their generic addresses (`cvta`, `cvta.to`, `isspacep`), and
//! the errors of accesses the PTX ISA does not allow: both spaces are
//! read-only for a kernel ("State Spaces": `.const` and the kernel's
//! `.param` are read-only, shared by the grid). Expected values come from
//! the data each test registers.

use ptx::launch::{
    BufferSpan, Fault, Launch, MemoryFault, ParamScope, StateSpace, Thread, ThreadFault,
};
use ptx::ptx;

/// The first fault of `launch` running `body`, which must fail.
fn error_of<T: Send>(launch: &Launch, body: impl Fn(&Thread) -> T + Sync) -> ThreadFault {
    let err = launch.run(body).err().expect("the launch fails");
    err.faults[0].clone()
}

/// `ld.const.u32` at `.const` address `at`.
fn ld_const_u32(at: u64) -> u32 {
    let v: u32;
    ptx!("ld.const.u32 %0, [%1];" : "=r"(v) : "l"(at));
    v
}

/// Runs `f` outside any launch and returns its panic message.
fn panic_outside_a_launch(f: impl FnOnce() + std::panic::UnwindSafe) -> String {
    let payload = std::panic::catch_unwind(f).expect_err("the statement faults");
    payload
        .downcast_ref::<String>()
        .cloned()
        .unwrap_or_default()
}

#[test]
fn ld_const_reads_scalars_and_vectors_from_the_registered_buffers() {
    let mut launch = Launch::new(1, 32);
    let words = launch.constant_from(&(0..128).map(|i| 1000 + i as u32).collect::<Vec<_>>());
    let doubles = launch.constant_from(&[0.5f64, -2.25]);
    let bytes = launch.constant(vec![0x80, 0x7f]);
    let report = launch
        .run(|t| {
            let lane = u64::from(t.lane);
            let scalar: u32;
            ptx!("ld.const.u32 %0, [%1];" : "=r"(scalar) : "l"(words.addr + 4 * lane));
            let (a, b, c, d): (u32, u32, u32, u32);
            ptx!("ld.const.v4.u32 {%0, %1, %2, %3}, [%4];"
                 : "=r"(a), "=r"(b), "=r"(c), "=r"(d) : "l"(words.addr + 16 * lane));
            let (x, y): (f64, f64);
            ptx!("ld.const.v2.f64 {%0, %1}, [%2];" : "=d"(x), "=d"(y) : "l"(doubles.addr));
            // `ld.s8` sign-extends into the wider register, `ld.u8` zero-extends.
            let (negative, positive): (i32, u32);
            ptx!("ld.const.s8 %0, [%1];" : "=r"(negative) : "l"(bytes.addr));
            ptx!("ld.const.u8 %0, [%1];" : "=r"(positive) : "l"(bytes.addr + 1));
            (scalar, [a, b, c, d], (x, y), (negative, positive))
        })
        .unwrap();
    for (lane, (scalar, vector, pair, small)) in report.results.iter().enumerate() {
        let lane = lane as u32;
        assert_eq!(*scalar, 1000 + lane);
        let first = 1000 + 4 * lane;
        assert_eq!(*vector, [first, first + 1, first + 2, first + 3]);
        assert_eq!(*pair, (0.5, -2.25));
        assert_eq!(*small, (-128, 0x7f));
    }
}

/// `cvta.const` gives the generic address a plain `ld` reads; `isspacep`
/// places it in the constant window and not the global one (the constant
/// window is outside the global window, PTX ISA "State Spaces"; the H100
/// answers the same for a `__constant__` array, `tools/probes/const-param-probe`);
/// `cvta.to.const` gives the `.const` address back.
#[test]
fn cvta_const_gives_a_generic_address_that_ld_and_isspacep_see() {
    let mut launch = Launch::new(1, 32);
    let data = launch.constant_from(&(0..32).map(|i| i as u32 * 3).collect::<Vec<_>>());
    let report = launch
        .run(|t| {
            let at = data.addr + 4 * u64::from(t.lane);
            let generic: u64;
            ptx!("cvta.const.u64 %0, %1;" : "=l"(generic) : "l"(at));
            let value: u32;
            ptx!("ld.u32 %0, [%1];" : "=r"(value) : "l"(generic));
            let (is_const, is_global): (u32, u32);
            ptx!("{ .reg .pred p; isspacep.const p, %1; selp.u32 %0, 1, 0, p; }" : "=r"(is_const) : "l"(generic));
            ptx!("{ .reg .pred p; isspacep.global p, %1; selp.u32 %0, 1, 0, p; }" : "=r"(is_global) : "l"(generic));
            let back: u64;
            ptx!("cvta.to.const.u64 %0, %1;" : "=l"(back) : "l"(generic));
            (generic, value, is_const, is_global, back)
        })
        .unwrap();
    for (lane, &(generic, value, is_const, is_global, back)) in report.results.iter().enumerate() {
        let at = data.addr + 4 * lane as u64;
        assert_eq!(generic, data.generic + 4 * lane as u64);
        assert_eq!(
            (value, is_const, is_global, back),
            (3 * lane as u32, 1, 0, at)
        );
    }
}

/// One generic `ld` whose lanes point some into shared memory and some
/// into constant memory: each lane reads its own space, whichever lane
/// points where (a load from shared memory is warp-wide, so the first
/// lane's space must not decide the others').
#[test]
fn a_generic_load_reads_shared_and_constant_memory_in_one_warp() {
    let mut launch = Launch::new(1, 32);
    launch.shared_bytes(128);
    let data = launch.constant_from(&(0..32).map(|i| 1000 + i as u32).collect::<Vec<_>>());
    let report = launch
        .run(|t| {
            let lane = u64::from(t.lane);
            ptx!("st.shared.u32 [%0], %1;" :: "l"(4 * lane), "r"(500 + t.lane));
            ptx!("bar.warp.sync -1;");
            let (shared, constant): (u64, u64);
            ptx!("cvta.shared.u64 %0, %1;" : "=l"(shared) : "l"(4 * lane));
            ptx!("cvta.const.u64 %0, %1;" : "=l"(constant) : "l"(data.addr + 4 * lane));
            let (first, second): (u32, u32);
            let (mine, other) = if lane % 2 == 0 {
                (shared, constant)
            } else {
                (constant, shared)
            };
            ptx!("ld.u32 %0, [%1];" : "=r"(first) : "l"(mine));
            ptx!("ld.u32 %0, [%1];" : "=r"(second) : "l"(other));
            (first, second)
        })
        .unwrap();
    for (lane, &(first, second)) in report.results.iter().enumerate() {
        let (shared, constant) = (500 + lane as u32, 1000 + lane as u32);
        if lane % 2 == 0 {
            assert_eq!((first, second), (shared, constant), "lane {lane}");
        } else {
            assert_eq!((first, second), (constant, shared), "lane {lane}");
        }
    }
}

#[test]
fn isspacep_const_is_false_outside_the_constant_buffers() {
    let mut launch = Launch::new(1, 32);
    let data = launch.constant_from(&[1u32; 4]);
    let report = launch
        .run(|_| {
            let is_const = |a: u64| {
                let p: u32;
                ptx!("{ .reg .pred p; isspacep.const p, %1; selp.u32 %0, 1, 0, p; }" : "=r"(p) : "l"(a));
                p
            };
            // The last byte, one past it (the guard gap), a global address.
            [
                is_const(data.generic + 15),
                is_const(data.generic + 16),
                is_const(0x7f00_0000_0000),
            ]
        })
        .unwrap();
    assert!(report.results.iter().all(|r| *r == [1, 0, 0]));
}

#[test]
fn an_out_of_bounds_const_load_names_the_lane_and_the_address() {
    let mut launch = Launch::new(1, 32);
    let data = launch.constant_from(&[0u32; 32]);
    // A second buffer after the gap: the load past the first must not reach it.
    launch.constant_from(&[0u32; 32]);
    let err = error_of(&launch, |t| {
        // Lane 31 reads one element past the end.
        ld_const_u32(data.addr + 4 * u64::from(t.lane) + if t.lane == 31 { 4 } else { 0 })
    });
    // Lane 0 returns what it read: the first fault is lane 31's own.
    assert_eq!(err.thread.map(|t| t.lane), Some(31));
    assert_eq!(
        err.fault,
        Fault::Memory(MemoryFault::Unmapped {
            instruction: "ld",
            lane: Some(31),
            space: StateSpace::Const,
            address: data.addr + 128,
            size: 4,
            // The first of the two buffers, 32 words: it ends at byte 128.
            nearest: Some(Box::new(BufferSpan {
                index: Some(0),
                addresses: data.addr..data.addr + 128,
            })),
        })
    );
    let err = err.to_string();
    assert!(
        err.contains(&format!(
            "ld (lane 31): constant address {:#x} is in no constant buffer",
            data.addr + 128
        )),
        "{err}"
    );
}

/// A `.u32` access must be aligned to 4 bytes (PTX ISA, `ld`: "the address
/// must be naturally aligned to a multiple of the access size").
#[test]
fn a_misaligned_const_load_names_the_lane_and_the_address() {
    let mut launch = Launch::new(1, 32);
    let data = launch.constant_from(&[0u32; 64]);
    let err = error_of(&launch, |t| {
        ld_const_u32(data.addr + 4 * u64::from(t.lane) + if t.lane == 5 { 2 } else { 0 })
    });
    let at = data.addr + 4 * 5 + 2;
    assert_eq!(
        err.fault,
        Fault::Memory(MemoryFault::Misaligned {
            instruction: "ld",
            lane: Some(5),
            space: StateSpace::Const,
            address: at,
            align: 4,
        })
    );
    let err = err.to_string();
    assert!(
        err.contains(&format!(
            "ld (lane 5): constant address {at:#x} is not aligned to 4 bytes"
        )),
        "{err}"
    );
}

/// The constant space is read-only (PTX ISA: `st` has no `.const` form, and
/// the checker refuses `st.const`): a generic store into its window is an
/// error, as is an atomic there.
#[test]
fn a_generic_store_into_constant_memory_is_an_error() {
    let mut launch = Launch::new(1, 32);
    let data = launch.constant_from(&[0u32; 32]);
    let out = launch.global_from(&[0u32; 32]);
    let err = error_of(&launch, |t| {
        // Lane 7 stores into constant memory, the others into a global buffer.
        let base = if t.lane == 7 { data.generic } else { out.addr };
        let at = base + 4 * u64::from(t.lane);
        ptx!("st.u32 [%0], %1;" :: "l"(at), "r"(t.lane) : "memory");
    });
    assert_eq!(
        err.fault,
        Fault::Memory(MemoryFault::ReadOnly {
            instruction: "st",
            lane: Some(7),
            space: StateSpace::Const,
            address: data.generic + 28,
        })
    );
    let text = err.to_string();
    assert!(
        text.contains("st (lane 7): constant memory is read-only"),
        "{text}"
    );
    assert!(
        text.contains(&format!("{:#x}", data.generic + 28)),
        "{text}"
    );
    let err = error_of(&launch, |_| {
        let old: u32;
        ptx!("atom.add.u32 %0, [%1], 1;" : "=r"(old) : "l"(data.generic) : "memory");
        old
    });
    assert!(
        matches!(
            err.fault,
            Fault::Memory(MemoryFault::ReadOnly {
                space: StateSpace::Const,
                ..
            })
        ),
        "{err}"
    );
}

#[test]
fn a_launch_sees_only_its_own_constant_buffers() {
    let mut outer = Launch::new(1, 32);
    let data = outer.constant_from(&[7u32; 32]);
    let report = outer
        .run(|t| {
            let own = ld_const_u32(data.addr + 4 * u64::from(t.lane));
            // A nested launch with a constant buffer of its own, at the
            // same address, reads its own; one without reads none.
            let mut with_own = Launch::new(1, 32);
            with_own.constant_from(&[9u32; 32]);
            let nested = with_own.run(|_| ld_const_u32(data.addr)).unwrap().results[0];
            let without = error_of(&Launch::new(1, 32), |_| ld_const_u32(data.addr));
            (own, nested, without)
        })
        .unwrap();
    for (own, nested, without) in &report.results {
        assert_eq!((*own, *nested), (7, 9));
        assert!(
            matches!(
                without.fault,
                Fault::Memory(MemoryFault::Unmapped { space: StateSpace::Const, address, .. }) if address == data.addr
            ),
            "{without}"
        );
        assert!(
            without.to_string().contains(&format!(
                "constant address {:#x} is in no constant buffer",
                data.addr
            )),
            "{without}"
        );
    }
}

#[test]
fn constant_memory_outside_a_launch_is_an_error() {
    let message = panic_outside_a_launch(|| {
        ld_const_u32(0);
    });
    assert!(
        message.contains("`ld` on constant memory needs a launch"),
        "{message}"
    );
    let message = panic_outside_a_launch(|| {
        let p: u32;
        ptx!("{ .reg .pred p; isspacep.const p, %1; selp.u32 %0, 1, 0, p; }" : "=r"(p) : "l"(0u64));
        let _ = p;
    });
    assert!(
        message.contains("`isspacep` on constant memory needs a launch"),
        "{message}"
    );
}

/// A kernel's parameters as nvcc lays them out for `(const float *x,
/// unsigned n)`: the pointer at offset 0, `n` at offset 8. Each thread
/// reads both with `ld.param` and loads through the pointer.
#[test]
fn ld_param_reads_the_registered_kernel_parameters() {
    let mut launch = Launch::new(1, 32);
    let x = launch.global_from(&(0..32).map(|i| i as f32 * 0.5).collect::<Vec<_>>());
    let mut params = x.addr.to_le_bytes().to_vec();
    params.extend(32u32.to_le_bytes());
    params.extend(0xdead_beefu32.to_le_bytes());
    launch.params(params);
    let report = launch
        .run(|t| {
            let (pointer, n): (u64, u32);
            ptx!("ld.param.u64 %0, [%1];" : "=l"(pointer) : "l"(0u64));
            ptx!("ld.param::entry.u32 %0, [%1];" : "=r"(n) : "l"(8u64));
            let (lo, hi): (u32, u32);
            ptx!("ld.param.v2.u32 {%0, %1}, [%2];" : "=r"(lo), "=r"(hi) : "l"(8u64));
            let value: f32;
            ptx!("ld.global.f32 %0, [%1];" : "=f"(value) : "l"(pointer + 4 * u64::from(t.lane % n)));
            (pointer, n, [lo, hi], value)
        })
        .unwrap();
    for (lane, &(pointer, n, pair, value)) in report.results.iter().enumerate() {
        assert_eq!((pointer, n, pair), (x.addr, 32, [32, 0xdead_beef]));
        assert_eq!(value, lane as f32 * 0.5);
    }
}

/// The H100 answers 1 to both `isspacep.param` and `isspacep.global` for a
/// kernel parameter's generic address (`tools/probes/const-param-probe`), as the
/// ISA says: the kernel parameter window lies inside the global window.
#[test]
fn cvta_param_gives_a_generic_address_in_the_global_window() {
    let mut launch = Launch::new(1, 32);
    let params = launch.params_from(&[11u32, 22, 33, 44]);
    let report = launch
        .run(|t| {
            let at = 4 * u64::from(t.lane % 4);
            let generic: u64;
            ptx!("cvta.param.u64 %0, %1;" : "=l"(generic) : "l"(at));
            let value: u32;
            ptx!("ld.u32 %0, [%1];" : "=r"(value) : "l"(generic));
            let (is_param, is_global): (u32, u32);
            ptx!("{ .reg .pred p; isspacep.param p, %1; selp.u32 %0, 1, 0, p; }" : "=r"(is_param) : "l"(generic));
            ptx!("{ .reg .pred p; isspacep.global p, %1; selp.u32 %0, 1, 0, p; }" : "=r"(is_global) : "l"(generic));
            let back: u64;
            ptx!("cvta.to.param.u64 %0, %1;" : "=l"(back) : "l"(generic));
            (generic - params.generic, value, is_param, is_global, back)
        })
        .unwrap();
    for (lane, &(offset, value, is_param, is_global, back)) in report.results.iter().enumerate() {
        let at = 4 * (lane as u64 % 4);
        assert_eq!((offset, back), (at, at));
        assert_eq!(
            (value, is_param, is_global),
            (11 * (lane as u32 % 4 + 1), 1, 1)
        );
    }
}

/// `st.param` stores only to a device function's parameters (PTX ISA, `st`:
/// `.ss = { ..., .param::func }`), and kernel parameters are read-only. A
/// `ptx!` statement runs in the kernel itself, so it has nothing `st.param`
/// may write: the store is an error (nvcc 13.0 does not compile it either,
/// `tools/probes/const-param-probe`), as is a generic store into the parameters.
#[test]
fn kernel_parameters_are_read_only() {
    let mut launch = Launch::new(1, 32);
    launch.params_from(&[1u32, 2]);
    let err = error_of(
        &launch,
        |_| ptx!("st.param.u32 [%0], %1;" :: "l"(0u64), "r"(5u32) : "memory"),
    );
    assert!(
        matches!(
            err.fault,
            Fault::Memory(MemoryFault::ReadOnly {
                instruction: "st",
                lane: Some(_),
                space: StateSpace::Param(ParamScope::Entry),
                address: 0
            })
        ),
        "{err}"
    );
    let text = err.to_string();
    assert!(text.contains("kernel parameters are read-only"), "{text}");
    assert!(text.contains("st (lane "), "{text}");
    let err = error_of(&launch, |_| {
        let generic: u64;
        ptx!("cvta.param.u64 %0, %1;" : "=l"(generic) : "l"(4u64));
        ptx!("st.u32 [%0], %1;" :: "l"(generic), "r"(5u32) : "memory");
    });
    assert!(
        matches!(
            err.fault,
            Fault::Memory(MemoryFault::ReadOnly {
                space: StateSpace::Param(ParamScope::Entry),
                address: 0x4000_0000_0004,
                ..
            })
        ),
        "{err}"
    );
    assert!(err.to_string().contains("0x400000000004"), "{err}");
    let err = error_of(
        &launch,
        |_| ptx!("st.param::func.u32 [%0], %1;" :: "l"(0u64), "r"(5u32) : "memory"),
    );
    assert_eq!(
        err.fault,
        Fault::Memory(MemoryFault::DeviceFunctionParams { instruction: "st" })
    );
    assert!(
        err.to_string()
            .contains(".param::func is a device function's own parameters"),
        "{err}"
    );
}

#[test]
fn a_param_load_past_the_parameters_is_an_error() {
    let mut launch = Launch::new(1, 32);
    launch.params_from(&[1u32, 2]);
    let err = error_of(&launch, |_| {
        let v: u64;
        ptx!("ld.param.u64 %0, [%1];" : "=l"(v) : "l"(8u64));
        v
    });
    assert!(
        matches!(
            err.fault,
            Fault::Memory(MemoryFault::Unmapped {
                space: StateSpace::Param(ParamScope::Entry),
                address: 8,
                size: 8,
                ..
            })
        ),
        "{err}"
    );
    assert!(
        err.to_string()
            .contains("param address 0x8 is past the kernel's parameters"),
        "{err}"
    );
    // A launch that registered none has none.
    let err = error_of(&Launch::new(1, 32), |_| {
        let v: u32;
        ptx!("ld.param.u32 %0, [%1];" : "=r"(v) : "l"(0u64));
        v
    });
    assert!(
        matches!(
            err.fault,
            Fault::Memory(MemoryFault::Unmapped {
                space: StateSpace::Param(ParamScope::Entry),
                address: 0,
                ..
            })
        ),
        "{err}"
    );
    assert!(
        err.to_string()
            .contains("param address 0x0 is past the kernel's parameters"),
        "{err}"
    );
}
