//! CTAs of Rust-closure launches that wait on each other finish on one
//! worker as on many, as the CTAs an H100 holds at once all run; a grid
//! spinning on a value no one writes stops with an error.

use ptx::launch::{Fault, GlobalBuffer, Launch, LaunchFault};
use ptx::ptx;
use std::time::Duration;

/// The value at global address `addr`, read as a GPU thread spinning on it
/// reads it (a volatile load, which no cache keeps).
fn load_volatile(addr: u64) -> u32 {
    let v: u32;
    ptx!("ld.volatile.global.u32 %0, [%1];" : "=r"(v) : "l"(addr) : "memory");
    v
}

/// Thread 0 of each of `ctas` CTAs arrives at a grid barrier (a global
/// counter) and spins until all have: each returns the count it saw.
fn grid_barrier(ctas: u32, workers: usize) -> Vec<u32> {
    let mut launch = Launch::new(ctas, 32);
    launch.workers(workers);
    let counter: GlobalBuffer = launch.global_from(&[0u32]);
    let report = launch
        .run(|t| {
            if t.tid[0] != 0 {
                return 0;
            }
            let _old: u32;
            ptx!("atom.global.add.u32 %0, [%1], 1;" : "=r"(_old) : "l"(counter.addr) : "memory");
            loop {
                let seen = load_volatile(counter.addr);
                if seen >= ctas {
                    return seen;
                }
            }
        })
        .unwrap();
    report.results.iter().step_by(32).copied().collect()
}

#[test]
fn a_16_cta_grid_barrier_finishes_on_one_worker() {
    assert_eq!(grid_barrier(16, 1), vec![16; 16]);
}

#[test]
fn a_cta_waiting_for_cta_63_finishes_on_one_worker() {
    let mut launch = Launch::new(64, 32);
    launch.workers(1);
    let flag = launch.global_from(&[0u32]);
    let report = launch
        .run(|t| {
            if t.tid[0] != 0 {
                return 0;
            }
            match t.ctaid[0] {
                63 => {
                    ptx!("st.volatile.global.u32 [%0], %1;" :: "l"(flag.addr), "r"(63 * 7) : "memory");
                    0
                }
                0 => loop {
                    let v = load_volatile(flag.addr);
                    if v != 0 {
                        return v;
                    }
                },
                _ => 0,
            }
        })
        .unwrap();
    assert_eq!(report.results[0], 63 * 7);
}

#[test]
fn a_spin_on_a_value_no_one_writes_stops_with_an_error() {
    let mut launch = Launch::new(2, 32);
    launch.workers(1).stall_after(Duration::from_millis(300));
    let flag = launch.global_from(&[0u32]);
    let err = launch
        .run(|_| while load_volatile(flag.addr) == 0 {})
        .unwrap_err();
    assert!(
        err.faults
            .iter()
            .all(|f| matches!(f.fault, Fault::Launch(LaunchFault::Hang { .. }))),
        "{err}"
    );
}
