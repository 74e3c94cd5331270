//! The device functions of `examples/bit_tricks.rs`: plain `ptx!` code
//! that the example runs on the CPU and `tools/gates/nvptx-harness` compiles for
//! the GPU with rustc's nvptx64 backend (`kernels/examples.rs`).

use ptx::ptx;

/// Byte swap: `prmt` picks bytes 3, 2, 1, 0 of `x` (selector 0x0123).
pub fn bswap(x: u32) -> u32 {
    let y: u32;
    ptx!("prmt.b32 %0, %1, 0, 0x0123;" : "=r"(y) : "r"(x));
    y
}

/// The set bits of a 64-bit word.
pub fn popc(w: u64) -> u32 {
    let n: u32;
    ptx!("popc.b64 %0, %1;" : "=r"(n) : "l"(w));
    n
}

/// Majority of three bit vectors: the lookup table of `(a & b) | (a & c) |
/// (b & c)` over the ISA's operand constants a = 0xF0, b = 0xCC, c = 0xAA
/// is 0xE8.
pub fn majority(a: u32, b: u32, c: u32) -> u32 {
    let d: u32;
    ptx!("lop3.b32 %0, %1, %2, %3, 0xE8;" : "=r"(d) : "r"(a), "r"(b), "r"(c));
    d
}

/// The 5-bit field at bit 11 of an RGB565 pixel (red), read with `bfe` and
/// written back with `bfi`.
pub fn red(pixel: u32) -> u32 {
    let r: u32;
    ptx!("bfe.u32 %0, %1, 11, 5;" : "=r"(r) : "r"(pixel));
    r
}

pub fn with_red(pixel: u32, r: u32) -> u32 {
    let p: u32;
    ptx!("bfi.b32 %0, %1, %2, 11, 5;" : "=r"(p) : "r"(r), "r"(pixel));
    p
}

pub fn reverse(x: u32) -> u32 {
    let y: u32;
    ptx!("brev.b32 %0, %1;" : "=r"(y) : "r"(x));
    y
}
