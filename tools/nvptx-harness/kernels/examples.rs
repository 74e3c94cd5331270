//! The `ptx!` statements of the project's examples (`examples/bit_tricks.rs`,
//! `examples/cuda_asm_port.rs`, `examples/warp_reduce.rs`), each unchanged,
//! in kernels for rustc's nvptx64 backend (built by
//! `tools/nvptx-harness/build.sh`). The examples' host code (printing,
//! `for` loops over arrays, `Vec`) is not device code; what each statement
//! computes is stored per lane instead.
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

// examples/bit_tricks.rs

fn bswap(x: u32) -> u32 {
    let y: u32;
    ptx!("prmt.b32 %0, %1, 0, 0x0123;" : "=r"(y) : "r"(x));
    y
}

fn popc(w: u64) -> u32 {
    let n: u32;
    ptx!("popc.b64 %0, %1;" : "=r"(n) : "l"(w));
    n
}

fn majority(a: u32, b: u32, c: u32) -> u32 {
    let d: u32;
    ptx!("lop3.b32 %0, %1, %2, %3, 0xE8;" : "=r"(d) : "r"(a), "r"(b), "r"(c));
    d
}

fn red(pixel: u32) -> u32 {
    let r: u32;
    ptx!("bfe.u32 %0, %1, 11, 5;" : "=r"(r) : "r"(pixel));
    r
}

fn with_red(pixel: u32, r: u32) -> u32 {
    let p: u32;
    ptx!("bfi.b32 %0, %1, %2, 11, 5;" : "=r"(p) : "r"(r), "r"(pixel));
    p
}

fn reverse(x: u32) -> u32 {
    let y: u32;
    ptx!("brev.b32 %0, %1;" : "=r"(y) : "r"(x));
    y
}

// examples/cuda_asm_port.rs

fn cube(x: u32) -> u32 {
    let y: u32;
    ptx!("{\n\t .reg .u32 t1;\n\t"
         " mul.lo.u32 t1, %1, %1;\n\t"
         " mul.lo.u32 %0, t1, %1;\n\t"
         "}"
         : "=r"(y) : "r"(x));
    y
}

fn cond(x: i32) -> i32 {
    let mut y = 0;
    ptx!("{\n\t .reg .pred %p;\n\t"
         " setp.eq.s32 %p, %1, 34;\n\t"
         " @%p mov.s32 %0, 1;\n\t"
         "}"
         : "+r"(y) : "r"(x));
    y
}

fn clock() -> u32 {
    let t: u32;
    ptx!(volatile "mov.u32 %0, %%clock;" : "=r"(t));
    t
}

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
