//! Kernels for the ptx project's kernel cases, compiled by rustc's nvptx64
//! backend with no `core` at all (`#![no_core]`): the few lang items that
//! arithmetic, comparisons and `Copy` need are declared below, the special
//! registers and the warp shuffle are LLVM intrinsics, and pointer arithmetic
//! is the `offset` compiler intrinsic. Build (nightly rustc, no rust-src
//! needed), from this directory:
//!
//!     rustc +nightly --target nvptx64-nvidia-cuda -C target-cpu=sm_90 \
//!         --crate-type cdylib -O --emit asm kernels.rs -o kernels.ptx
//!
//! Kernels: `saxpy` (y = a*x + y, rounded after the multiply: Rust does not
//! contract to fma), `warp_sums` (each thread sums a strided slice in a fixed
//! order, then a butterfly shuffle reduction per warp; lane 0 writes the warp's
//! sum), `collatz_steps` (a data-dependent loop on u64 with wrapping
//! arithmetic and a step cap).

#![feature(no_core, lang_items, abi_ptx, link_llvm_intrinsics, intrinsics, rustc_attrs)]
#![no_core]
#![no_std]
#![allow(internal_features, improper_ctypes)]

// ---------------------------------------------------------------- a minimal core

#[lang = "pointee_sized"]
pub trait PointeeSized {}
#[lang = "meta_sized"]
pub trait MetaSized: PointeeSized {}
#[lang = "sized"]
pub trait Sized: MetaSized {}
#[lang = "copy"]
pub trait Copy {}
#[lang = "legacy_receiver"]
pub trait LegacyReceiver {}
impl<T: ?Sized> LegacyReceiver for &T {}
impl<T: ?Sized> LegacyReceiver for &mut T {}

impl Copy for bool {}
impl Copy for i32 {}
impl Copy for u32 {}
impl Copy for u64 {}
impl Copy for f32 {}
impl Copy for isize {}
impl<T: ?Sized> Copy for *const T {}
impl<T: ?Sized> Copy for *mut T {}

#[lang = "add"]
pub trait Add<Rhs = Self> {
    type Output;
    fn add(self, rhs: Rhs) -> Self::Output;
}
#[lang = "sub"]
pub trait Sub<Rhs = Self> {
    type Output;
    fn sub(self, rhs: Rhs) -> Self::Output;
}
#[lang = "mul"]
pub trait Mul<Rhs = Self> {
    type Output;
    fn mul(self, rhs: Rhs) -> Self::Output;
}
#[lang = "div"]
pub trait Div<Rhs = Self> {
    type Output;
    fn div(self, rhs: Rhs) -> Self::Output;
}
#[lang = "rem"]
pub trait Rem<Rhs = Self> {
    type Output;
    fn rem(self, rhs: Rhs) -> Self::Output;
}
#[lang = "bitand"]
pub trait BitAnd<Rhs = Self> {
    type Output;
    fn bitand(self, rhs: Rhs) -> Self::Output;
}
#[lang = "shr"]
pub trait Shr<Rhs = Self> {
    type Output;
    fn shr(self, rhs: Rhs) -> Self::Output;
}
#[lang = "add_assign"]
pub trait AddAssign<Rhs = Self> {
    fn add_assign(&mut self, rhs: Rhs);
}
#[lang = "eq"]
pub trait PartialEq<Rhs: ?Sized = Self> {
    fn eq(&self, other: &Rhs) -> bool;
    fn ne(&self, other: &Rhs) -> bool;
}
#[lang = "partial_ord"]
pub trait PartialOrd<Rhs: ?Sized = Self>: PartialEq<Rhs> {
    fn lt(&self, other: &Rhs) -> bool;
    fn le(&self, other: &Rhs) -> bool;
    fn gt(&self, other: &Rhs) -> bool;
    fn ge(&self, other: &Rhs) -> bool;
}

// The bodies use the built-in operators of primitive types.
macro_rules! binary {
    ($trait:ident, $method:ident, $op:tt, $($t:ty)*) => {$(
        impl $trait for $t {
            type Output = $t;
            fn $method(self, rhs: $t) -> $t { self $op rhs }
        }
    )*};
}
binary!(Add, add, +, i32 u32 u64 f32 isize);
binary!(Sub, sub, -, i32 u32 u64 f32);
binary!(Mul, mul, *, i32 u32 u64 f32);
binary!(Div, div, /, u32 u64);
binary!(Rem, rem, %, u32 u64);
binary!(BitAnd, bitand, &, u32 u64);
binary!(Shr, shr, >>, u32 u64);
macro_rules! compare {
    ($($t:ty)*) => {$(
        impl AddAssign for $t { fn add_assign(&mut self, rhs: $t) { *self = *self + rhs; } }
        impl PartialEq for $t {
            fn eq(&self, o: &$t) -> bool { *self == *o }
            fn ne(&self, o: &$t) -> bool { *self != *o }
        }
        impl PartialOrd for $t {
            fn lt(&self, o: &$t) -> bool { *self < *o }
            fn le(&self, o: &$t) -> bool { *self <= *o }
            fn gt(&self, o: &$t) -> bool { *self > *o }
            fn ge(&self, o: &$t) -> bool { *self >= *o }
        }
    )*};
}
compare!(i32 u32 u64 f32 isize);

#[rustc_intrinsic]
unsafe fn offset<Ptr, Delta>(dst: Ptr, offset: Delta) -> Ptr;

// ---------------------------------------------------------------- the GPU side

extern "C" {
    #[link_name = "llvm.nvvm.read.ptx.sreg.tid.x"]
    fn tid_x() -> i32;
    #[link_name = "llvm.nvvm.read.ptx.sreg.ntid.x"]
    fn ntid_x() -> i32;
    #[link_name = "llvm.nvvm.read.ptx.sreg.ctaid.x"]
    fn ctaid_x() -> i32;
    #[link_name = "llvm.nvvm.read.ptx.sreg.nctaid.x"]
    fn nctaid_x() -> i32;
    #[link_name = "llvm.nvvm.shfl.sync.bfly.f32"]
    fn shfl_bfly_f32(mask: i32, value: f32, lane_mask: i32, clamp: i32) -> f32;
}

unsafe fn global_index() -> i32 {
    ctaid_x() * ntid_x() + tid_x()
}

/// y[i] = a * x[i] + y[i] for i < n.
#[no_mangle]
pub unsafe extern "ptx-kernel" fn saxpy(n: i32, a: f32, x: *const f32, y: *mut f32) {
    let i = global_index();
    if i < n {
        let yi = offset(y, i as isize);
        *yi = a * *offset(x, i as isize) + *yi;
    }
}

/// Each thread sums in[g], in[g + T], in[g + 2T], ... (T = all threads) in
/// that order, then the warp adds its 32 partial sums by butterfly shuffles
/// (xor 16, 8, 4, 2, 1); lane 0 writes out[warp]. The whole grid must be
/// full warps.
#[no_mangle]
pub unsafe extern "ptx-kernel" fn warp_sums(input: *const f32, n: i32, out: *mut f32) {
    let g = global_index();
    let threads = nctaid_x() * ntid_x();
    let mut acc = 0.0f32;
    let mut j = g;
    while j < n {
        acc += *offset(input, j as isize);
        j += threads;
    }
    let mut d = 16;
    while d > 0 {
        acc = acc + shfl_bfly_f32(0xffff_ffffu32 as i32, acc, d, 31);
        d = (d as u32 >> 1u32) as i32;
    }
    if (g as u32 & 31u32) == 0u32 {
        *offset(out, (g as u32 >> 5u32) as isize) = acc;
    }
}

/// steps[i] = number of Collatz steps from start[i] (u64) to 1, at most 500;
/// peak[i] = the largest value reached (wrapping arithmetic, as Rust's
/// release build does without overflow checks).
#[no_mangle]
pub unsafe extern "ptx-kernel" fn collatz_steps(start: *const u64, steps: *mut u32, peak: *mut u64, n: i32) {
    let i = global_index();
    if i < n {
        let mut v = *offset(start, i as isize);
        let mut count = 0u32;
        let mut top = v;
        while v > 1u64 && count < 500u32 {
            if (v & 1u64) == 1u64 {
                v = v * 3u64 + 1u64;
            } else {
                v = v / 2u64;
            }
            if v > top {
                top = v;
            }
            count += 1u32;
        }
        *offset(steps, i as isize) = count;
        *offset(peak, i as isize) = top;
    }
}
