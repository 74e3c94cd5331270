//! PTX's bit instructions on real tasks: a byte swap with `prmt`, the
//! population count of a bitset with `popc`, a three-input boolean function
//! with `lop3`, a bit field read and written with `bfe`/`bfi`, and a bit
//! reversal with `brev`. Each result is checked against plain Rust.
//!
//! Run with `cargo run --release --example bit_tricks`.

use ptx::ptx;

/// Byte swap: `prmt` picks bytes 3, 2, 1, 0 of `x` (selector 0x0123).
fn bswap(x: u32) -> u32 {
    let y: u32;
    ptx!("prmt.b32 %0, %1, 0, 0x0123;" : "=r"(y) : "r"(x));
    y
}

/// Members of a bitset of 256 bits, four 64-bit words.
fn count(set: [u64; 4]) -> u32 {
    set.iter()
        .map(|&w| {
            let n: u32;
            ptx!("popc.b64 %0, %1;" : "=r"(n) : "l"(w));
            n
        })
        .sum()
}

/// Majority of three bit vectors: the lookup table of `(a & b) | (a & c) |
/// (b & c)` over the ISA's operand constants a = 0xF0, b = 0xCC, c = 0xAA
/// is 0xE8.
fn majority(a: u32, b: u32, c: u32) -> u32 {
    let d: u32;
    ptx!("lop3.b32 %0, %1, %2, %3, 0xE8;" : "=r"(d) : "r"(a), "r"(b), "r"(c));
    d
}

/// The 5-bit field at bit 11 of an RGB565 pixel (red), read with `bfe` and
/// written back with `bfi`.
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

pub fn main() {
    let x = 0x1234_5678;
    println!("bswap({x:#010x}) = {:#010x}", bswap(x));
    assert_eq!(bswap(x), x.swap_bytes());

    let set = [u64::MAX, 0x8000_0000_0000_0001, 0, 0xFF];
    println!("the bitset has {} members", count(set));
    assert_eq!(count(set), set.iter().map(|w| w.count_ones()).sum::<u32>());

    let (a, b, c) = (0b1100, 0b1010, 0b0110);
    println!(
        "majority({a:04b}, {b:04b}, {c:04b}) = {:04b}",
        majority(a, b, c)
    );
    assert_eq!(majority(a, b, c), (a & b) | (a & c) | (b & c));

    let pixel = 0b1011_0101_0101_1100; // red 10110, green 101010, blue 11100
    println!(
        "red of {pixel:#06x} is {}; with red 3: {:#06x}",
        red(pixel),
        with_red(pixel, 3)
    );
    assert_eq!(red(pixel), 0b10110);
    assert_eq!(with_red(pixel, 3), (pixel & !(0x1F << 11)) | (3 << 11));

    println!("brev(1) = {:#010x}", reverse(1));
    assert_eq!(reverse(0x0000_00F1), 0x0000_00F1u32.reverse_bits());
}
