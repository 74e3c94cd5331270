//! PTX's bit instructions on real tasks: a byte swap with `prmt`, the
//! population count of a bitset with `popc`, a three-input boolean function
//! with `lop3`, a bit field read and written with `bfe`/`bfi`, and a bit
//! reversal with `brev`. Each result is checked against plain Rust.
//!
//! Run with `cargo run --release -p ptx-examples --example bit_tricks`.

#[path = "device/bit_tricks.rs"]
mod device;
use device::{bswap, majority, popc, red, reverse, with_red};

/// Members of a bitset of 256 bits, four 64-bit words.
fn count(set: [u64; 4]) -> u32 {
    set.iter().map(|&w| popc(w)).sum()
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
