//! Warp intrinsics under CUDA's names, each a `ptx!` statement: in a
//! [`launch`](crate::launch) on the host they run in the simulator, on the
//! GPU (`nvptx64`) they are the same PTX through `asm!`. Every function is
//! `#[inline]` or generic, so that a kernel crate compiled to a single PTX
//! module (`--emit asm`, no device linker) holds all the code it calls.
//!
//! The signatures follow CUDA's (`__shfl_sync(mask, var, srcLane, width)`
//! is [`shfl_sync`]`(mask, var, src_lane, width)`); CUDA's default
//! arguments become explicit ones, and out-parameters become tuples.
//! Shuffles move any [`WarpWord`]: 64-bit values travel as two 32-bit
//! shuffles, as CUDA's headers do it.
//!
//! ```
//! use ptx::warp::{FULL_MASK, shfl_xor_sync};
//! use ptx::warp32;
//!
//! // Butterfly sum of 32 lanes: every lane ends with 0 + 1 + ... + 31.
//! let sums = warp32(|lane| {
//!     let mut v = lane as f32;
//!     for d in [16, 8, 4, 2, 1] {
//!         v += shfl_xor_sync(FULL_MASK, v, d, 32);
//!     }
//!     v
//! })
//! .unwrap();
//! assert_eq!(sums, [496.0; 32]);
//! ```

use crate::ptx;

/// Every lane of the warp (`0xffffffff`), the usual membermask.
pub const FULL_MASK: u32 = 0xffff_ffff;

/// A value a shuffle can move: one or two 32-bit words.
///
/// Implemented for the types CUDA's `__shfl_sync` family accepts: `u32`,
/// `i32`, `f32`, `u64`, `i64`, `f64` (and `u16`, `i16`, `half::f16`,
/// `half::bf16` in the low half of a word).
pub trait WarpWord: Copy {
    /// How many 32-bit words the value takes (1 or 2).
    const WORDS: usize;
    /// The value's bits as words, low word first.
    fn to_words(self) -> [u32; 2];
    /// The value from its words.
    fn from_words(words: [u32; 2]) -> Self;
}

macro_rules! warp_word_32 {
    ($($t:ty => $to:expr, $from:expr;)*) => {$(
        impl WarpWord for $t {
            const WORDS: usize = 1;
            #[inline]
            fn to_words(self) -> [u32; 2] {
                [$to(self), 0]
            }
            #[inline]
            fn from_words(words: [u32; 2]) -> $t {
                $from(words[0])
            }
        }
    )*};
}

warp_word_32! {
    u32 => |v| v, |w| w;
    i32 => |v: i32| v as u32, |w: u32| w as i32;
    f32 => f32::to_bits, f32::from_bits;
    u16 => u32::from, |w: u32| w as u16;
    i16 => |v: i16| v as u16 as u32, |w: u32| w as u16 as i16;
    half::f16 => |v: half::f16| u32::from(v.to_bits()), |w: u32| half::f16::from_bits(w as u16);
    half::bf16 => |v: half::bf16| u32::from(v.to_bits()), |w: u32| half::bf16::from_bits(w as u16);
}

macro_rules! warp_word_64 {
    ($($t:ty => $to:expr, $from:expr;)*) => {$(
        impl WarpWord for $t {
            const WORDS: usize = 2;
            #[inline]
            fn to_words(self) -> [u32; 2] {
                let bits: u64 = $to(self);
                [bits as u32, (bits >> 32) as u32]
            }
            #[inline]
            fn from_words(words: [u32; 2]) -> $t {
                $from(u64::from(words[0]) | u64::from(words[1]) << 32)
            }
        }
    )*};
}

warp_word_64! {
    u64 => |v| v, |w| w;
    i64 => |v: i64| v as u64, |w: u64| w as i64;
    f64 => f64::to_bits, f64::from_bits;
}

/// The `c` operand of `shfl.sync` for a CUDA `width` (a power of two up to
/// 32): the segment mask `32 - width` in bits 8-12, the clamp in bits 0-4
/// (`0x1f` for `idx`, `down` and `bfly`, 0 for `up`), as CUDA's headers
/// compute it.
#[inline]
fn shfl_c(width: u32, up: bool) -> u32 {
    let segment = (32 - width.clamp(1, 32)) << 8;
    if up { segment } else { segment | 0x1f }
}

macro_rules! shfl_word {
    ($name:ident, $template:literal) => {
        #[inline]
        fn $name(mask: u32, a: u32, b: u32, c: u32) -> u32 {
            let d: u32;
            ptx!($template
                : "=r"(d) : "r"(a), "r"(b), "r"(c), "r"(mask));
            d
        }
    };
}

shfl_word!(shfl_idx_word, "shfl.sync.idx.b32 %0, %1, %2, %3, %4;");
shfl_word!(shfl_up_word, "shfl.sync.up.b32 %0, %1, %2, %3, %4;");
shfl_word!(shfl_down_word, "shfl.sync.down.b32 %0, %1, %2, %3, %4;");
shfl_word!(shfl_bfly_word, "shfl.sync.bfly.b32 %0, %1, %2, %3, %4;");

#[inline]
fn shfl_words<T: WarpWord>(var: T, each: impl Fn(u32) -> u32) -> T {
    let w = var.to_words();
    let lo = each(w[0]);
    let hi = if T::WORDS == 2 { each(w[1]) } else { 0 };
    T::from_words([lo, hi])
}

/// `__shfl_sync`: `var` of lane `src_lane` of the caller's segment of
/// `width` lanes (`shfl.sync.idx`).
///
/// ```
/// use ptx::warp::{FULL_MASK, shfl_sync};
/// // Broadcast lane 3's value to every lane; 64-bit values work too.
/// let v = ptx::warp32(|lane| shfl_sync(FULL_MASK, u64::from(lane) << 40, 3, 32)).unwrap();
/// assert_eq!(v, [3u64 << 40; 32]);
/// ```
#[inline]
pub fn shfl_sync<T: WarpWord>(mask: u32, var: T, src_lane: u32, width: u32) -> T {
    shfl_words(var, |w| {
        shfl_idx_word(mask, w, src_lane, shfl_c(width, false))
    })
}

/// `__shfl_up_sync`: `var` of the lane `delta` below (`shfl.sync.up`);
/// lanes with none in their segment keep their own.
///
/// ```
/// use ptx::warp::{FULL_MASK, shfl_up_sync};
/// let v = ptx::warp32(|lane| shfl_up_sync(FULL_MASK, lane as i32, 1, 32)).unwrap();
/// assert_eq!(v[0], 0); // no lane below: its own value
/// assert_eq!(v[5], 4);
/// ```
#[inline]
pub fn shfl_up_sync<T: WarpWord>(mask: u32, var: T, delta: u32, width: u32) -> T {
    shfl_words(var, |w| shfl_up_word(mask, w, delta, shfl_c(width, true)))
}

/// `__shfl_down_sync`: `var` of the lane `delta` above (`shfl.sync.down`);
/// lanes with none in their segment keep their own.
///
/// ```
/// use ptx::warp::{FULL_MASK, shfl_down_sync};
/// let v = ptx::warp32(|lane| shfl_down_sync(FULL_MASK, lane as f64, 2, 32)).unwrap();
/// assert_eq!(v[0], 2.0);
/// assert_eq!(v[31], 31.0); // no lane 33: its own value
/// ```
#[inline]
pub fn shfl_down_sync<T: WarpWord>(mask: u32, var: T, delta: u32, width: u32) -> T {
    shfl_words(var, |w| {
        shfl_down_word(mask, w, delta, shfl_c(width, false))
    })
}

/// `__shfl_xor_sync`: `var` of lane `lane ^ lane_mask` (`shfl.sync.bfly`).
///
/// ```
/// use ptx::warp::{FULL_MASK, shfl_xor_sync};
/// let v = ptx::warp32(|lane| shfl_xor_sync(FULL_MASK, lane, 1, 32)).unwrap();
/// assert_eq!(&v[..4], &[1, 0, 3, 2]);
/// ```
#[inline]
pub fn shfl_xor_sync<T: WarpWord>(mask: u32, var: T, lane_mask: u32, width: u32) -> T {
    shfl_words(var, |w| {
        shfl_bfly_word(mask, w, lane_mask, shfl_c(width, false))
    })
}

macro_rules! vote {
    ($(#[$doc:meta])* $name:ident, $template:literal) => {
        $(#[$doc])*
        #[inline]
        pub fn $name(mask: u32, predicate: bool) -> bool {
            let d: u32;
            ptx!($template
                : "=r"(d) : "r"(u32::from(predicate)), "r"(mask));
            d != 0
        }
    };
}

vote!(
    /// `__all_sync`: whether `predicate` holds in every lane of `mask` (`vote.sync.all`).
    ///
    /// ```
    /// use ptx::warp::{FULL_MASK, all_sync};
    /// assert_eq!(ptx::warp32(|lane| all_sync(FULL_MASK, lane < 32)).unwrap(), [true; 32]);
    /// assert_eq!(ptx::warp32(|lane| all_sync(FULL_MASK, lane < 31)).unwrap(), [false; 32]);
    /// ```
    all_sync,
    "{ .reg .pred p, q; setp.ne.u32 p, %1, 0; vote.sync.all.pred q, p, %2; selp.u32 %0, 1, 0, q; }"
);

vote!(
    /// `__any_sync`: whether `predicate` holds in some lane of `mask` (`vote.sync.any`).
    ///
    /// ```
    /// use ptx::warp::{FULL_MASK, any_sync};
    /// assert_eq!(ptx::warp32(|lane| any_sync(FULL_MASK, lane == 17)).unwrap(), [true; 32]);
    /// ```
    any_sync,
    "{ .reg .pred p, q; setp.ne.u32 p, %1, 0; vote.sync.any.pred q, p, %2; selp.u32 %0, 1, 0, q; }"
);

vote!(
    /// `__uni_sync`: whether `predicate` is the same in every lane of `mask` (`vote.sync.uni`).
    ///
    /// ```
    /// use ptx::warp::{FULL_MASK, uni_sync};
    /// assert_eq!(ptx::warp32(|_| uni_sync(FULL_MASK, false)).unwrap(), [true; 32]);
    /// assert_eq!(ptx::warp32(|lane| uni_sync(FULL_MASK, lane == 0)).unwrap(), [false; 32]);
    /// ```
    uni_sync,
    "{ .reg .pred p, q; setp.ne.u32 p, %1, 0; vote.sync.uni.pred q, p, %2; selp.u32 %0, 1, 0, q; }"
);

/// `__ballot_sync`: bit `i` set when `predicate` holds in lane `i` of
/// `mask` (`vote.sync.ballot.b32`).
///
/// ```
/// use ptx::warp::{FULL_MASK, ballot_sync};
/// let b = ptx::warp32(|lane| ballot_sync(FULL_MASK, lane % 2 == 1)).unwrap();
/// assert_eq!(b, [0xaaaa_aaaa; 32]);
/// ```
#[inline]
pub fn ballot_sync(mask: u32, predicate: bool) -> u32 {
    let d: u32;
    ptx!("{ .reg .pred p; setp.ne.u32 p, %1, 0; vote.sync.ballot.b32 %0, p, %2; }"
        : "=r"(d) : "r"(u32::from(predicate)), "r"(mask));
    d
}

/// A value `match.sync` compares: 32 or 64 bits (`u32`, `i32`, `f32`,
/// `u64`, `i64`, `f64`, as CUDA's `__match_any_sync` takes).
pub trait MatchValue: WarpWord {}
impl MatchValue for u32 {}
impl MatchValue for i32 {}
impl MatchValue for f32 {}
impl MatchValue for u64 {}
impl MatchValue for i64 {}
impl MatchValue for f64 {}

/// `__match_any_sync`: the lanes of `mask` whose `value` has the same bits
/// as the caller's (`match.any.sync`).
///
/// ```
/// use ptx::warp::{FULL_MASK, match_any_sync};
/// let m = ptx::warp32(|lane| match_any_sync(FULL_MASK, lane % 4)).unwrap();
/// assert_eq!(m[0], 0x1111_1111);
/// assert_eq!(m[6], 0x4444_4444);
/// ```
#[inline]
pub fn match_any_sync<T: MatchValue>(mask: u32, value: T) -> u32 {
    let w = value.to_words();
    let d: u32;
    if T::WORDS == 2 {
        let bits = u64::from(w[0]) | u64::from(w[1]) << 32;
        ptx!("match.any.sync.b64 %0, %1, %2;" : "=r"(d) : "l"(bits), "r"(mask));
    } else {
        ptx!("match.any.sync.b32 %0, %1, %2;" : "=r"(d) : "r"(w[0]), "r"(mask));
    }
    d
}

/// `__match_all_sync`: `(mask, true)` when every lane of `mask` holds the
/// same bits, `(0, false)` otherwise (`match.all.sync`; CUDA returns the
/// flag through a pointer).
///
/// ```
/// use ptx::warp::{FULL_MASK, match_all_sync};
/// assert_eq!(ptx::warp32(|_| match_all_sync(FULL_MASK, 2.5f64)).unwrap()[0], (FULL_MASK, true));
/// assert_eq!(ptx::warp32(|lane| match_all_sync(FULL_MASK, lane)).unwrap()[0], (0, false));
/// ```
#[inline]
pub fn match_all_sync<T: MatchValue>(mask: u32, value: T) -> (u32, bool) {
    let w = value.to_words();
    let (d, p): (u32, u32);
    if T::WORDS == 2 {
        let bits = u64::from(w[0]) | u64::from(w[1]) << 32;
        ptx!("{ .reg .pred p; match.all.sync.b64 %0|p, %2, %3; selp.u32 %1, 1, 0, p; }"
            : "=r"(d), "=r"(p) : "l"(bits), "r"(mask));
    } else {
        ptx!("{ .reg .pred p; match.all.sync.b32 %0|p, %2, %3; selp.u32 %1, 1, 0, p; }"
            : "=r"(d), "=r"(p) : "r"(w[0]), "r"(mask));
    }
    (d, p != 0)
}

/// An integer `redux.sync` adds, compares or combines: `u32` (`.u32`,
/// `.b32`) and `i32` (`.s32`), as CUDA's `__reduce_*_sync` take.
pub trait ReduxInt: Copy {
    /// `redux.sync.add`.
    fn redux_add(mask: u32, v: Self) -> Self;
    /// `redux.sync.min`.
    fn redux_min(mask: u32, v: Self) -> Self;
    /// `redux.sync.max`.
    fn redux_max(mask: u32, v: Self) -> Self;
}

macro_rules! redux_int {
    ($t:ty, $add:literal, $min:literal, $max:literal) => {
        impl ReduxInt for $t {
            #[inline]
            fn redux_add(mask: u32, v: $t) -> $t {
                let d: $t;
                ptx!($add : "=r"(d) : "r"(v), "r"(mask));
                d
            }
            #[inline]
            fn redux_min(mask: u32, v: $t) -> $t {
                let d: $t;
                ptx!($min : "=r"(d) : "r"(v), "r"(mask));
                d
            }
            #[inline]
            fn redux_max(mask: u32, v: $t) -> $t {
                let d: $t;
                ptx!($max : "=r"(d) : "r"(v), "r"(mask));
                d
            }
        }
    };
}

redux_int!(
    u32,
    "redux.sync.add.u32 %0, %1, %2;",
    "redux.sync.min.u32 %0, %1, %2;",
    "redux.sync.max.u32 %0, %1, %2;"
);
redux_int!(
    i32,
    "redux.sync.add.s32 %0, %1, %2;",
    "redux.sync.min.s32 %0, %1, %2;",
    "redux.sync.max.s32 %0, %1, %2;"
);

/// `__reduce_add_sync`: the sum (wrapping) of `value` over the lanes of
/// `mask` (`redux.sync.add`).
///
/// ```
/// use ptx::warp::{FULL_MASK, reduce_add_sync};
/// assert_eq!(ptx::warp32(|lane| reduce_add_sync(FULL_MASK, lane)).unwrap(), [496; 32]);
/// ```
#[inline]
pub fn reduce_add_sync<T: ReduxInt>(mask: u32, value: T) -> T {
    T::redux_add(mask, value)
}

/// `__reduce_min_sync`: the least `value` over the lanes of `mask`
/// (`redux.sync.min`, signed for `i32`).
///
/// ```
/// use ptx::warp::{FULL_MASK, reduce_min_sync};
/// assert_eq!(ptx::warp32(|lane| reduce_min_sync(FULL_MASK, lane as i32 - 5)).unwrap(), [-5; 32]);
/// ```
#[inline]
pub fn reduce_min_sync<T: ReduxInt>(mask: u32, value: T) -> T {
    T::redux_min(mask, value)
}

/// `__reduce_max_sync`: the greatest `value` over the lanes of `mask`
/// (`redux.sync.max`, signed for `i32`).
///
/// ```
/// use ptx::warp::{FULL_MASK, reduce_max_sync};
/// assert_eq!(ptx::warp32(|lane| reduce_max_sync(FULL_MASK, lane * 3)).unwrap(), [93; 32]);
/// ```
#[inline]
pub fn reduce_max_sync<T: ReduxInt>(mask: u32, value: T) -> T {
    T::redux_max(mask, value)
}

macro_rules! redux_bits {
    ($(#[$doc:meta])* $name:ident, $template:literal) => {
        $(#[$doc])*
        #[inline]
        pub fn $name(mask: u32, value: u32) -> u32 {
            let d: u32;
            ptx!($template : "=r"(d) : "r"(value), "r"(mask));
            d
        }
    };
}

redux_bits!(
    /// `__reduce_and_sync`: the bitwise and of `value` over the lanes of `mask`.
    ///
    /// ```
    /// use ptx::warp::{FULL_MASK, reduce_and_sync};
    /// assert_eq!(ptx::warp32(|lane| reduce_and_sync(FULL_MASK, !(1 << lane))).unwrap(), [0; 32]);
    /// ```
    reduce_and_sync,
    "redux.sync.and.b32 %0, %1, %2;"
);

redux_bits!(
    /// `__reduce_or_sync`: the bitwise or of `value` over the lanes of `mask`.
    ///
    /// ```
    /// use ptx::warp::{FULL_MASK, reduce_or_sync};
    /// assert_eq!(ptx::warp32(|lane| reduce_or_sync(FULL_MASK, 1 << lane)).unwrap(), [FULL_MASK; 32]);
    /// ```
    reduce_or_sync,
    "redux.sync.or.b32 %0, %1, %2;"
);

redux_bits!(
    /// `__reduce_xor_sync`: the bitwise exclusive or of `value` over the lanes of `mask`.
    ///
    /// ```
    /// use ptx::warp::{FULL_MASK, reduce_xor_sync};
    /// // 32 copies of the same bits cancel out.
    /// assert_eq!(ptx::warp32(|_| reduce_xor_sync(FULL_MASK, 0xdead)).unwrap(), [0; 32]);
    /// ```
    reduce_xor_sync,
    "redux.sync.xor.b32 %0, %1, %2;"
);

/// `__activemask`: the lanes of the warp executing this call together
/// (`activemask.b32`).
///
/// ```
/// use ptx::warp::activemask;
/// assert_eq!(ptx::warp32(|_| activemask()).unwrap(), [0xffff_ffff; 32]);
/// ```
#[inline]
pub fn activemask() -> u32 {
    let d: u32;
    ptx!("activemask.b32 %0;" : "=r"(d));
    d
}

/// `__syncwarp`: the lanes of `mask` meet before going on (`bar.warp.sync`).
///
/// ```
/// use ptx::warp::{FULL_MASK, syncwarp};
/// ptx::warp32(|_| syncwarp(FULL_MASK)).unwrap();
/// ```
#[inline]
pub fn syncwarp(mask: u32) {
    ptx!("bar.warp.sync %0;" :: "r"(mask));
}

/// The caller's lane number in its warp, 0-31 (`%laneid`).
///
/// ```
/// use ptx::warp::lane_id;
/// assert_eq!(ptx::warp32(|_| lane_id()).unwrap()[7], 7);
/// ```
#[inline]
pub fn lane_id() -> u32 {
    let d: u32;
    ptx!("mov.u32 %0, %laneid;" : "=r"(d));
    d
}

macro_rules! ldmatrix {
    ($(#[$doc:meta])* $name:ident, $template:literal, $n:literal, $($out:ident),+) => {
        $(#[$doc])*
        #[inline]
        pub fn $name(shared_address: u32) -> [u32; $n] {
            $(let $out: u32;)+
            ptx!($template : $("=r"($out)),+ : "r"(shared_address));
            [$($out),+]
        }
    };
}

ldmatrix!(
    /// `ldmatrix.sync.aligned.m8n8.x1.shared.b16`: one 8×8 matrix of 16-bit
    /// elements from shared memory. Lanes 0-7 give the byte addresses of
    /// rows 0-7 (16 bytes each, in the shared window); lane `l` receives
    /// row `l / 4`, elements `2 (l % 4)` and `2 (l % 4) + 1` (low half first).
    ///
    /// ```
    /// use ptx::launch::Launch;
    /// use ptx::warp::ldmatrix_x1;
    /// // An 8×8 matrix of u16 whose element (r, c) is 8r + c, rows 16 bytes apart.
    /// let bytes: Vec<u8> = (0..64u16).flat_map(u16::to_le_bytes).collect();
    /// let out = Launch::new(1, 32)
    ///     .shared_init(bytes)
    ///     .run(|t| ldmatrix_x1(t.lane % 8 * 16)[0])
    ///     .unwrap();
    /// // Lane 5: row 1, columns 2 and 3.
    /// assert_eq!(out.results[5], 10 | 11 << 16);
    /// ```
    ldmatrix_x1,
    "ldmatrix.sync.aligned.m8n8.x1.shared.b16 {%0}, [%1];",
    1, d0
);

ldmatrix!(
    /// `ldmatrix ... .x2`: two 8×8 matrices; lanes 0-7 address matrix 0's
    /// rows, lanes 8-15 matrix 1's; element `i` of the result is from matrix `i`.
    ldmatrix_x2,
    "ldmatrix.sync.aligned.m8n8.x2.shared.b16 {%0, %1}, [%2];",
    2, d0, d1
);

ldmatrix!(
    /// `ldmatrix ... .x4`: four 8×8 matrices; lanes `8i..8i+7` address matrix `i`'s rows.
    ///
    /// ```
    /// use ptx::launch::Launch;
    /// use ptx::warp::ldmatrix_x4;
    /// // A 16×16 u16 tile (row-major, 32 bytes a row) as four 8×8 matrices:
    /// // 0 = rows 0-7 columns 0-7, 1 = rows 8-15, 2 = columns 8-15, 3 = both.
    /// let bytes: Vec<u8> = (0..256u16).flat_map(u16::to_le_bytes).collect();
    /// let out = Launch::new(1, 32)
    ///     .shared_init(bytes)
    ///     .run(|t| {
    ///         let (l, m) = (t.lane % 8, t.lane / 8);
    ///         ldmatrix_x4((m % 2 * 8 + l) * 32 + m / 2 * 16)
    ///     })
    ///     .unwrap();
    /// // Lane 0 holds element (0, 0) of each matrix in its low half.
    /// let low: Vec<u32> = out.results[0].iter().map(|r| r & 0xffff).collect();
    /// assert_eq!(low, [0, 8 * 16, 8, 8 * 16 + 8]);
    /// ```
    ldmatrix_x4,
    "ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];",
    4, d0, d1, d2, d3
);

ldmatrix!(
    /// `ldmatrix ... .x1.trans`: as [`ldmatrix_x1`], transposed: lane `l`
    /// receives column `l / 4`, rows `2 (l % 4)` and `2 (l % 4) + 1`.
    ///
    /// ```
    /// use ptx::launch::Launch;
    /// use ptx::warp::ldmatrix_x1_trans;
    /// let bytes: Vec<u8> = (0..64u16).flat_map(u16::to_le_bytes).collect();
    /// let out = Launch::new(1, 32)
    ///     .shared_init(bytes)
    ///     .run(|t| ldmatrix_x1_trans(t.lane % 8 * 16)[0])
    ///     .unwrap();
    /// // Lane 5: column 1, rows 2 and 3: elements 17 and 25.
    /// assert_eq!(out.results[5], 17 | 25 << 16);
    /// ```
    ldmatrix_x1_trans,
    "ldmatrix.sync.aligned.m8n8.x1.trans.shared.b16 {%0}, [%1];",
    1, d0
);

ldmatrix!(
    /// `ldmatrix ... .x2.trans`: [`ldmatrix_x2`], each matrix transposed.
    ldmatrix_x2_trans,
    "ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16 {%0, %1}, [%2];",
    2, d0, d1
);

ldmatrix!(
    /// `ldmatrix ... .x4.trans`: [`ldmatrix_x4`], each matrix transposed.
    ldmatrix_x4_trans,
    "ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {%0, %1, %2, %3}, [%4];",
    4, d0, d1, d2, d3
);

macro_rules! stmatrix {
    ($(#[$doc:meta])* $name:ident, $template:literal, $n:literal, $($i:literal),+) => {
        $(#[$doc])*
        #[inline]
        pub fn $name(shared_address: u32, fragments: [u32; $n]) {
            ptx!($template :: "r"(shared_address), $("r"(fragments[$i])),+);
        }
    };
}

stmatrix!(
    /// `stmatrix.sync.aligned.m8n8.x1.shared.b16`: the inverse of
    /// [`ldmatrix_x1`]: lane `l`'s fragment is row `l / 4`, elements
    /// `2 (l % 4)` and `2 (l % 4) + 1`; lanes 0-7 give the rows' addresses.
    ///
    /// ```
    /// use ptx::launch::Launch;
    /// use ptx::warp::stmatrix_x1;
    /// let out = Launch::new(1, 32)
    ///     .shared_bytes(128)
    ///     .run(|t| {
    ///         let (r, c) = (t.lane / 4, t.lane % 4 * 2);
    ///         stmatrix_x1(t.lane % 8 * 16, [(8 * r + c) | (8 * r + c + 1) << 16]);
    ///     })
    ///     .unwrap();
    /// let expected: Vec<u8> = (0..64u16).flat_map(u16::to_le_bytes).collect();
    /// assert_eq!(out.shared[0], expected);
    /// ```
    stmatrix_x1,
    "stmatrix.sync.aligned.m8n8.x1.shared.b16 [%0], {%1};",
    1, 0
);

stmatrix!(
    /// `stmatrix ... .x2`: two matrices; lanes 0-15 give the row addresses.
    stmatrix_x2,
    "stmatrix.sync.aligned.m8n8.x2.shared.b16 [%0], {%1, %2};",
    2, 0, 1
);

stmatrix!(
    /// `stmatrix ... .x4`: four matrices; all 32 lanes give row addresses.
    stmatrix_x4,
    "stmatrix.sync.aligned.m8n8.x4.shared.b16 [%0], {%1, %2, %3, %4};",
    4, 0, 1, 2, 3
);

stmatrix!(
    /// `stmatrix ... .x1.trans`: [`stmatrix_x1`], the matrix stored transposed.
    stmatrix_x1_trans,
    "stmatrix.sync.aligned.m8n8.x1.trans.shared.b16 [%0], {%1};",
    1, 0
);

stmatrix!(
    /// `stmatrix ... .x2.trans`: [`stmatrix_x2`], each matrix stored transposed.
    stmatrix_x2_trans,
    "stmatrix.sync.aligned.m8n8.x2.trans.shared.b16 [%0], {%1, %2};",
    2, 0, 1
);

stmatrix!(
    /// `stmatrix ... .x4.trans`: [`stmatrix_x4`], each matrix stored transposed.
    stmatrix_x4_trans,
    "stmatrix.sync.aligned.m8n8.x4.trans.shared.b16 [%0], {%1, %2, %3, %4};",
    4, 0, 1, 2, 3
);

/// `movmatrix.sync.aligned.m8n8.trans.b16`: transposes an 8×8 matrix of
/// 16-bit elements held in the warp's registers in the `ldmatrix` layout.
///
/// ```
/// use ptx::warp::movmatrix;
/// let t = ptx::warp32(|lane| {
///     let (r, c) = (lane / 4, lane % 4 * 2);
///     movmatrix((8 * r + c) | (8 * r + c + 1) << 16)
/// })
/// .unwrap();
/// // Lane 1 now holds row 0, columns 2-3 of the transpose: elements (2, 0), (3, 0).
/// assert_eq!(t[1], 16 | 24 << 16);
/// ```
#[inline]
pub fn movmatrix(fragment: u32) -> u32 {
    let d: u32;
    ptx!("movmatrix.sync.aligned.m8n8.trans.b16 %0, %1;" : "=r"(d) : "r"(fragment));
    d
}

macro_rules! mma_float {
    ($(#[$doc:meta])* $name:ident, $template:literal) => {
        $(#[$doc])*
        #[inline]
        pub fn $name(a: [u32; 4], b: [u32; 2], c: [f32; 4]) -> [f32; 4] {
            let (d0, d1, d2, d3): (f32, f32, f32, f32);
            ptx!($template
                : "=f"(d0), "=f"(d1), "=f"(d2), "=f"(d3)
                : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]),
                  "f"(c[0]), "f"(c[1]), "f"(c[2]), "f"(c[3]));
            [d0, d1, d2, d3]
        }
    };
}

mma_float!(
    /// `mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32`: D = A·B + C for a
    /// 16×16 `f16` A, a 16×8 `f16` B and a 16×8 `f32` C, as the H100 rounds it.
    ///
    /// Fragments (PTX ISA, "Matrix Fragments for mma.m16n8k16"), with
    /// `g = lane / 4`, `t = lane % 4`: `a[i]` holds A's row `g + 8 (i % 2)`,
    /// columns `2t + 8 (i / 2)` and the next (low half first); `b[i]` holds
    /// B's column `g`, rows `2t + 8i` and the next; `c[i]` and the result hold
    /// row `g + 8 (i / 2)`, column `2t + i % 2`.
    ///
    /// ```
    /// use ptx::warp::mma_m16n8k16_f16_f32;
    /// // All-ones A and B: every element of D is 16 + C.
    /// let one = 0x3c00_3c00; // two f16 ones
    /// let d = ptx::warp32(|_| mma_m16n8k16_f16_f32([one; 4], [one; 2], [0.5; 4])).unwrap();
    /// assert_eq!(d, [[16.5; 4]; 32]);
    /// ```
    mma_m16n8k16_f16_f32,
    "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};"
);

mma_float!(
    /// `mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32`: as
    /// [`mma_m16n8k16_f16_f32`] with `bf16` A and B.
    ///
    /// ```
    /// use ptx::warp::mma_m16n8k16_bf16_f32;
    /// let two = 0x4000_4000; // two bf16 twos
    /// let d = ptx::warp32(|_| mma_m16n8k16_bf16_f32([two; 4], [two; 2], [0.0; 4])).unwrap();
    /// assert_eq!(d[0], [64.0; 4]);
    /// ```
    mma_m16n8k16_bf16_f32,
    "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};"
);

mma_float!(
    /// `mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32`: D = A·B + C for a
    /// 16×8 `tf32` A (an `f32` whose low 13 bits are ignored), an 8×8 B and a
    /// 16×8 `f32` C. With `g = lane / 4`, `t = lane % 4`: `a[i]` holds A's row
    /// `g + 8 (i % 2)`, column `t + 4 (i / 2)`; `b[i]` holds B's row `t + 4i`,
    /// column `g`; C and D as in [`mma_m16n8k16_f16_f32`].
    ///
    /// ```
    /// use ptx::warp::mma_m16n8k8_tf32_f32;
    /// let (a, b) = (1.5f32.to_bits(), 2.0f32.to_bits());
    /// let d = ptx::warp32(|_| mma_m16n8k8_tf32_f32([a; 4], [b; 2], [1.0; 4])).unwrap();
    /// assert_eq!(d[31], [25.0; 4]); // 8 · 1.5 · 2 + 1
    /// ```
    mma_m16n8k8_tf32_f32,
    "mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};"
);

/// `mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32`: D = A·B + C for a
/// 16×32 `s8` A, a 32×8 `s8` B and a 16×8 `s32` C (wrapping). With
/// `g = lane / 4`, `t = lane % 4`: `a[i]` holds A's row `g + 8 (i % 2)`,
/// columns `4t + 16 (i / 2)` to `4t + 16 (i / 2) + 3` (lowest byte first);
/// `b[i]` holds B's column `g`, rows `4t + 16i` to `4t + 16i + 3`; C and D
/// as in [`mma_m16n8k16_f16_f32`].
///
/// ```
/// use ptx::warp::mma_m16n8k32_s8_s32;
/// let minus_one = 0xffff_ffff; // four s8 -1s
/// let three = 0x0303_0303;
/// let d = ptx::warp32(|_| mma_m16n8k32_s8_s32([minus_one; 4], [three; 2], [7; 4])).unwrap();
/// assert_eq!(d[0], [7 - 32 * 3; 4]);
/// ```
#[inline]
pub fn mma_m16n8k32_s8_s32(a: [u32; 4], b: [u32; 2], c: [i32; 4]) -> [i32; 4] {
    let (d0, d1, d2, d3): (i32, i32, i32, i32);
    ptx!("mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};"
        : "=r"(d0), "=r"(d1), "=r"(d2), "=r"(d3)
        : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]),
          "r"(c[0]), "r"(c[1]), "r"(c[2]), "r"(c[3]));
    [d0, d1, d2, d3]
}
