//! The examples of NVIDIA's "Inline PTX Assembly in CUDA" guide, ported to
//! Rust: `cube`, `cond`, a `%clock` read and the `"C"` rounding-mode choice.
//! The `asm()` strings are unchanged; only the operand lists became Rust.
//!
//! Run with `cargo run --release -p ptx-examples --example cuda_asm_port`.

use ptx::ptx;

#[path = "device/cuda_asm_port.rs"]
mod device;
use device::{clock, cond, cube};

struct Rounding<const TOWARD_ZERO: bool>;

impl<const TOWARD_ZERO: bool> Rounding<TOWARD_ZERO> {
    const MODE: &'static str = if TOWARD_ZERO { ".rz" } else { ".rn" };
}

/// The guide's `"C"` example: the rounding mode is a compile-time string.
fn add<const TOWARD_ZERO: bool>(a: f32, b: f32) -> f32 {
    let r: f32;
    ptx!("add%1.f32 %0, %2, %3;" : "=f"(r) : "C"(Rounding::<TOWARD_ZERO>::MODE), "f"(a), "f"(b));
    r
}

pub fn main() {
    println!("cube(3) = {}, cube(1000) = {}", cube(3), cube(1000));
    assert_eq!((cube(3), cube(1000)), (27, 1_000_000_000));
    println!("cond(34) = {}, cond(35) = {}", cond(34), cond(35));
    assert_eq!((cond(34), cond(35)), (1, 0));
    let (t0, t1) = (clock(), clock());
    println!("%clock: {t0} then {t1}");
    assert!(t1 >= t0, "the simulated clock runs forward");
    // One ulp of 1.0 is 2^-23; 1 + 0.75 ulp rounds up to nearest, down toward zero.
    let b = f32::from_bits(0x33C0_0000);
    let (rn, rz) = (add::<false>(1.0, b), add::<true>(1.0, b));
    println!(
        "1 + 0.75 ulp: .rn gives {:#010x}, .rz gives {:#010x}",
        rn.to_bits(),
        rz.to_bits()
    );
    assert_eq!((rn.to_bits(), rz.to_bits()), (0x3F80_0001, 0x3F80_0000));
}
