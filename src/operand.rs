//! Rust types that may be passed as `ptx!` operands, per constraint letter.
//!
//! | letter | register | Rust types |
//! | --- | --- | --- |
//! | `h` | `.b16` | `u16`, `i16`, `half::f16`, `half::bf16` |
//! | `r` | `.b32` | `u32`, `i32` |
//! | `l` | `.b64` | `u64`, `i64`, raw pointers |
//! | `q` | `.b128` | `u128`, `i128` |
//! | `f` | `.f32` | `f32` |
//! | `d` | `.f64` | `f64` |
//! | `n` | constant | any integer type, as a constant expression |
//! | `C` | text | `&'static str`, as a constant expression |
//!
//! The macro checks each operand against its own copy of these lists, so that
//! a mismatch names the operand; the traits here do the conversions.

/// Converts a Rust value to and from the bits of the register a constraint binds.
///
/// ```
/// use ptx::operand::Register;
/// assert_eq!(<i32 as Register>::to_bits(-1), 0xFFFF_FFFF);
/// assert_eq!(<f32 as Register>::from_bits(0x3F80_0000), 1.0);
/// ```
pub trait Register: Copy {
    /// The register width in bits.
    const BITS: u32;
    /// The value's bits, zero-extended.
    fn to_bits(self) -> u64;
    /// The value held by a register's bits (the low `BITS` bits count).
    fn from_bits(bits: u64) -> Self;
}

macro_rules! register {
    ($bits:literal: $($t:ty => |$v:ident| $to:expr, |$b:ident| $from:expr;)*) => {$(
        impl Register for $t {
            const BITS: u32 = $bits;
            #[inline(always)]
            fn to_bits(self) -> u64 {
                let $v = self;
                $to
            }
            #[inline(always)]
            fn from_bits(bits: u64) -> Self {
                let $b = bits;
                $from
            }
        }
    )*};
}

register! { 16:
    u16 => |v| u64::from(v), |b| b as u16;
    i16 => |v| u64::from(v as u16), |b| b as u16 as i16;
    half::f16 => |v| u64::from(v.to_bits()), |b| half::f16::from_bits(b as u16);
    half::bf16 => |v| u64::from(v.to_bits()), |b| half::bf16::from_bits(b as u16);
}
register! { 32:
    u32 => |v| u64::from(v), |b| b as u32;
    i32 => |v| u64::from(v as u32), |b| b as u32 as i32;
    f32 => |v| u64::from(v.to_bits()), |b| f32::from_bits(b as u32);
}
register! { 64:
    u64 => |v| v, |b| b;
    i64 => |v| v as u64, |b| b as i64;
    f64 => |v| v.to_bits(), |b| f64::from_bits(b);
}

impl<T> Register for *const T {
    const BITS: u32 = 64;
    #[inline(always)]
    fn to_bits(self) -> u64 {
        self as usize as u64
    }
    #[inline(always)]
    fn from_bits(bits: u64) -> Self {
        bits as usize as *const T
    }
}

impl<T> Register for *mut T {
    const BITS: u32 = 64;
    #[inline(always)]
    fn to_bits(self) -> u64 {
        self as usize as u64
    }
    #[inline(always)]
    fn from_bits(bits: u64) -> Self {
        bits as usize as *mut T
    }
}

/// 128-bit operands (constraint `q`), carried as two 64-bit halves.
///
/// ```
/// use ptx::operand::Wide;
/// assert_eq!(<u128 as Wide>::to_bits(1 << 64 | 2), 1 << 64 | 2);
/// ```
pub trait Wide: Copy {
    /// The value's bits.
    fn to_bits(self) -> u128;
    /// The value held by a register's bits.
    fn from_bits(bits: u128) -> Self;
}

impl Wide for u128 {
    #[inline(always)]
    fn to_bits(self) -> u128 {
        self
    }
    #[inline(always)]
    fn from_bits(bits: u128) -> Self {
        bits
    }
}

impl Wide for i128 {
    #[inline(always)]
    fn to_bits(self) -> u128 {
        self as u128
    }
    #[inline(always)]
    fn from_bits(bits: u128) -> Self {
        bits as i128
    }
}

/// Integer constants for the `n` constraint.
///
/// ```
/// use ptx::operand::Constant;
/// assert_eq!(Constant::value(-3i8), -3);
/// ```
pub trait Constant: Copy {
    /// The constant's value.
    fn value(self) -> i128;
}

macro_rules! constant {
    ($($t:ty),*) => {$(
        impl Constant for $t {
            #[inline(always)]
            fn value(self) -> i128 {
                self as i128
            }
        }
    )*};
}

constant!(
    u8, u16, u32, u64, u128, usize, i8, i16, i32, i64, i128, isize
);
