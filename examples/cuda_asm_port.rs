//! The examples of NVIDIA's "Inline PTX Assembly in CUDA" guide, ported to
//! Rust: `cube`, `cond`, a `%clock` read and the `"C"` rounding-mode choice.
//! The `asm()` strings are unchanged; only the operand lists became Rust.
//!
//! Run with `cargo run --release --example cuda_asm_port`.

use ptx::ptx;

/// `asm("{ .reg .u32 t1; mul.lo.u32 t1, %1, %1; mul.lo.u32 %0, t1, %1; }" : "=r"(y) : "r"(x));`
fn cube(x: u32) -> u32 {
    let y: u32;
    ptx!("{\n\t .reg .u32 t1;\n\t"
         " mul.lo.u32 t1, %1, %1;\n\t"
         " mul.lo.u32 %0, t1, %1;\n\t"
         "}"
         : "=r"(y) : "r"(x));
    y
}

/// The guide's `cond`: `y` is written only when `x == 34`, so it is `"+r"`.
fn cond(x: i32) -> i32 {
    let mut y = 0;
    ptx!("{\n\t .reg .pred %p;\n\t"
         " setp.eq.s32 %p, %1, 34;\n\t"
         " @%p mov.s32 %0, 1;\n\t"
         "}"
         : "+r"(y) : "r"(x));
    y
}

/// `asm volatile("mov.u32 %0, %%clock;" : "=r"(t));`
fn clock() -> u32 {
    let t: u32;
    ptx!(volatile "mov.u32 %0, %%clock;" : "=r"(t));
    t
}

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
