//! The `ptx!` statements of the project's examples in kernels for rustc's
//! nvptx64 backend (built by `tools/gates/nvptx-harness/build.sh`): the device
//! functions of `examples/bit_tricks.rs` and `examples/cuda_asm_port.rs`
//! are their own files (`examples/device/`), included here as they are;
//! the rounding-mode and warp-sum statements are written out, since the
//! examples give the first a constant path (host-only) and loop over an
//! array for the second (which needs `core`'s iterators). What each
//! statement computes is stored per lane.
#![no_std]
#![feature(abi_ptx, asm_experimental_arch)]
#![allow(clippy::missing_safety_doc)]

use ptx::ptx;

#[inline(always)]
fn thread() -> usize {
    let t: u32;
    ptx!("mov.u32 %0, %tid.x;" : "=r"(t));
    t as usize
}

#[path = "../../../../examples/device/bit_tricks.rs"]
mod bit_tricks;
#[path = "../../../../examples/device/cuda_asm_port.rs"]
mod cuda_asm_port;
use bit_tricks::{bswap, majority, popc, red, reverse, with_red};
use cuda_asm_port::{clock, cond, cube};

// On nvptx64 a "C" operand is spliced into the `asm!` template, so it must
// be a literal there (the example's const path works on the host only).
fn add_rn(a: f32, b: f32) -> f32 {
    let r: f32;
    ptx!("add%1.f32 %0, %2, %3;" : "=f"(r) : "C"(".rn"), "f"(a), "f"(b));
    r
}

fn add_rz(a: f32, b: f32) -> f32 {
    let r: f32;
    ptx!("add%1.f32 %0, %2, %3;" : "=f"(r) : "C"(".rz"), "f"(a), "f"(b));
    r
}

// examples/warp_reduce.rs

fn warp_sum_ptx(x: f32) -> f32 {
    let mut v = x;
    let mut d = 16u32;
    while d > 0 {
        let other: f32;
        ptx!("shfl.sync.bfly.b32 %0, %1, %2, 0x1f, 0xffffffff;" : "=f"(other) : "f"(v), "r"(d));
        v += other;
        d >>= 1;
    }
    v
}

/// Each thread takes four input words and stores 14 results.
#[unsafe(no_mangle)]
pub unsafe extern "ptx-kernel" fn examples(input: *const u32, out: *mut u32) {
    let t = thread();
    // SAFETY: the launch gives `input` 4 words and `out` 14 words a thread.
    let word = |k: usize| unsafe { *input.add(4 * t + k) };
    let (a, b, c, d) = (word(0), word(1), word(2), word(3));
    let results = [
        bswap(a),
        popc((b as u64) << 32 | c as u64),
        majority(a, b, c),
        red(d),
        with_red(d, a),
        reverse(b),
        cube(c),
        cond(if a % 2 == 0 { 34 } else { a as i32 }) as u32,
        u32::from(clock() <= clock()),
        add_rn(1.0, f32::from_bits(0x3380_0000 | (d & 0x7f_ffff))).to_bits(),
        add_rz(1.0, f32::from_bits(0x3380_0000 | (d & 0x7f_ffff))).to_bits(),
        add_rn(f32::from_bits(a & 0x807f_ffff | 0x3f00_0000), -0.75).to_bits(),
        warp_sum_ptx((t as u32 % 32) as f32 * 0.5 + 1.0).to_bits(),
        warp_sum_ptx(f32::from_bits(b & 0x807f_ffff | 0x4000_0000)).to_bits(),
    ];
    let mut k = 0;
    while k < 14 {
        // SAFETY: as above.
        unsafe { *out.add(14 * t + k) = results[k] };
        k += 1;
    }
}
