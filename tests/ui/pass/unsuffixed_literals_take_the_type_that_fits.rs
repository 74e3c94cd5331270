//! An unsuffixed integer literal bound to `h`, `r`, `l` or `q` takes the
//! type C gives it: the signed type of the register's width when it fits,
//! else the unsigned one, so CUDA's `"r"(0xffffffff)` ports verbatim.
use ptx::ptx;

pub fn main() {
    // 0xffffffff + 2 wraps to 1 in 32 bits.
    let x: u32;
    ptx!("add.u32 %0, %1, 2;" : "=r"(x) : "r"(0xffffffff));
    assert_eq!(x, 1);
    // -1 is all ones: 0xffffffff - 1.
    let y: u32;
    ptx!("add.u32 %0, %1, %2;" : "=r"(y) : "r"(-1), "r"(0xffffffff));
    assert_eq!(y, 0xffff_fffe);
    // The largest i32 stays signed; one more is the unsigned 2^31.
    let (lo, hi): (u32, u32);
    ptx!("mov.b32 %0, %1;" : "=r"(lo) : "r"(2147483647));
    ptx!("mov.b32 %0, %1;" : "=r"(hi) : "r"(2147483648));
    assert_eq!((lo, hi), (0x7fff_ffff, 0x8000_0000));
    // 64 bits: 2^64 - 1 plus 1 wraps to 0; the smallest i64 is its bits.
    let (z, m): (u64, u64);
    ptx!("add.u64 %0, %1, 1;" : "=l"(z) : "l"(0xffffffffffffffff));
    ptx!("mov.b64 %0, %1;" : "=l"(m) : "l"(-9223372036854775808));
    assert_eq!((z, m), (0, 1 << 63));
    // 16 bits: 0xffff is -1 as a .s16.
    let h: i16;
    ptx!("add.s16 %0, %1, 0;" : "=h"(h) : "h"(0xffff));
    assert_eq!(h, -1);
    // 128 bits: 2^128 - 1 moves unchanged.
    let q: u128;
    ptx!("mov.b128 %0, %1;" : "=q"(q) : "q"(0xffffffffffffffffffffffffffffffff));
    assert_eq!(q, u128::MAX);
}
