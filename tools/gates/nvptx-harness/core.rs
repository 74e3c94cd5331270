//! A stand-in for `core` on `nvptx64-nvidia-cuda`, where the nightly
//! toolchain has no `rust-src` to build the real one. It declares what
//! `#![no_std]` crates using `ptx!` reach for, at the paths the real `core`
//! has them: the marker traits, `Clone` and `Copy` with their derives, the
//! operators, comparisons and `From` on primitives, closures, the prelude,
//! `asm!`, and the panic entry points (which trap). For primitives the
//! compiler lowers each operator itself; the traits only let it type-check.
//!
//! Nothing here is the project's product: it lets the harness compile the
//! real `ptx` crate and kernels for the GPU without the real `core`.
#![feature(
    no_core,
    lang_items,
    rustc_attrs,
    decl_macro,
    intrinsics,
    auto_traits,
    unboxed_closures,
    fundamental,
    asm_experimental_arch
)]
#![allow(
    internal_features,
    dead_code,
    unnecessary_transmutes,
    non_camel_case_types,
    incomplete_features
)]
#![no_core]
#![rustc_coherence_is_core]
#![crate_name = "core"]

pub mod marker {
    #[lang = "pointee_sized"]
    pub trait PointeeSized {}
    #[lang = "meta_sized"]
    pub trait MetaSized: PointeeSized {}
    #[lang = "sized"]
    pub trait Sized: MetaSized {}
    #[lang = "copy"]
    pub trait Copy: crate::clone::Clone {}
    #[lang = "sync"]
    pub unsafe auto trait Sync {}
    pub unsafe auto trait Send {}
    #[lang = "freeze"]
    pub unsafe auto trait Freeze {}
    #[lang = "unpin"]
    pub auto trait Unpin {}
    #[lang = "tuple_trait"]
    pub trait Tuple {}
    #[lang = "unsize"]
    pub trait Unsize<T: PointeeSized>: PointeeSized {}
    #[lang = "phantom_data"]
    pub struct PhantomData<T: PointeeSized>;
    /// `#[derive(Copy)]`, built into the compiler.
    #[rustc_builtin_macro]
    pub macro Copy($item:item) {
        /* compiler built-in */
    }

    macro_rules! copy {
        ($($t:ty)*) => {$( impl Copy for $t {} )*};
    }
    copy!(bool char u8 u16 u32 u64 u128 usize i8 i16 i32 i64 i128 isize f32 f64);
    impl<T: PointeeSized> Copy for *const T {}
    impl<T: PointeeSized> Copy for *mut T {}
    impl<T: PointeeSized> Copy for &T {}
    impl<T: Copy, const N: usize> Copy for [T; N] {}
}

pub mod clone {
    use crate::marker::Sized;
    #[lang = "clone"]
    pub trait Clone: Sized {
        fn clone(&self) -> Self;
    }
    /// `#[derive(Clone)]`, built into the compiler.
    #[rustc_builtin_macro]
    pub macro Clone($item:item) {
        /* compiler built-in */
    }
    /// What `#[derive(Clone)]` of a `Copy` type also implements.
    pub unsafe trait TrivialClone: Clone {}
    /// What `#[derive(Clone)]` asks of each field.
    pub struct AssertParamIsClone<T: Clone + crate::marker::PointeeSized> {
        _field: crate::marker::PhantomData<T>,
    }
    /// What `#[derive(Clone)]` asks of each field of a `Copy` type.
    pub struct AssertParamIsCopy<T: crate::marker::Copy + crate::marker::PointeeSized> {
        _field: crate::marker::PhantomData<T>,
    }

    macro_rules! clone {
        ($($t:ty)*) => {$(
            impl Clone for $t {
                #[inline(always)]
                fn clone(&self) -> Self { *self }
            }
        )*};
    }
    clone!(bool char u8 u16 u32 u64 u128 usize i8 i16 i32 i64 i128 isize f32 f64);
    impl<T: crate::marker::PointeeSized> Clone for *const T {
        #[inline(always)]
        fn clone(&self) -> Self {
            *self
        }
    }
    impl<T: crate::marker::PointeeSized> Clone for *mut T {
        #[inline(always)]
        fn clone(&self) -> Self {
            *self
        }
    }
    impl<T: crate::marker::PointeeSized> Clone for &T {
        #[inline(always)]
        fn clone(&self) -> Self {
            *self
        }
    }
    impl<T: crate::marker::Copy, const N: usize> Clone for [T; N] {
        #[inline(always)]
        fn clone(&self) -> Self {
            *self
        }
    }
}

pub mod ops {
    use crate::marker::{Sized, Tuple};

    #[lang = "legacy_receiver"]
    pub trait LegacyReceiver {}
    impl<T: crate::marker::PointeeSized> LegacyReceiver for &T {}
    impl<T: crate::marker::PointeeSized> LegacyReceiver for &mut T {}

    #[lang = "fn_once"]
    #[rustc_paren_sugar]
    #[fundamental]
    pub trait FnOnce<Args: Tuple> {
        #[lang = "fn_once_output"]
        type Output;
        extern "rust-call" fn call_once(self, args: Args) -> Self::Output;
    }
    #[lang = "fn_mut"]
    #[rustc_paren_sugar]
    #[fundamental]
    pub trait FnMut<Args: Tuple>: FnOnce<Args> {
        extern "rust-call" fn call_mut(&mut self, args: Args) -> Self::Output;
    }
    #[lang = "fn"]
    #[rustc_paren_sugar]
    #[fundamental]
    pub trait Fn<Args: Tuple>: FnMut<Args> {
        extern "rust-call" fn call(&self, args: Args) -> Self::Output;
    }

    macro_rules! binary {
        ($($lang:literal $trait:ident $method:ident $assign_lang:literal $assign:ident $assign_method:ident;)*) => {$(
            #[lang = $lang]
            pub trait $trait<Rhs = Self> {
                type Output;
                fn $method(self, rhs: Rhs) -> Self::Output;
            }
            #[lang = $assign_lang]
            pub trait $assign<Rhs = Self> {
                fn $assign_method(&mut self, rhs: Rhs);
            }
        )*};
    }
    binary! {
        "add" Add add "add_assign" AddAssign add_assign;
        "sub" Sub sub "sub_assign" SubAssign sub_assign;
        "mul" Mul mul "mul_assign" MulAssign mul_assign;
        "div" Div div "div_assign" DivAssign div_assign;
        "rem" Rem rem "rem_assign" RemAssign rem_assign;
        "bitand" BitAnd bitand "bitand_assign" BitAndAssign bitand_assign;
        "bitor" BitOr bitor "bitor_assign" BitOrAssign bitor_assign;
        "bitxor" BitXor bitxor "bitxor_assign" BitXorAssign bitxor_assign;
        "shl" Shl shl "shl_assign" ShlAssign shl_assign;
        "shr" Shr shr "shr_assign" ShrAssign shr_assign;
    }
    #[lang = "neg"]
    pub trait Neg {
        type Output;
        fn neg(self) -> Self::Output;
    }
    #[lang = "not"]
    pub trait Not {
        type Output;
        fn not(self) -> Self::Output;
    }
    #[lang = "index"]
    pub trait Index<Idx: ?Sized> {
        type Output: ?Sized;
        fn index(&self, index: Idx) -> &Self::Output;
    }
    #[lang = "index_mut"]
    pub trait IndexMut<Idx: ?Sized>: Index<Idx> {
        fn index_mut(&mut self, index: Idx) -> &mut Self::Output;
    }
    impl<T, const N: usize> Index<usize> for [T; N] {
        type Output = T;
        #[inline(always)]
        fn index(&self, index: usize) -> &T {
            &self[index]
        }
    }
    impl<T, const N: usize> IndexMut<usize> for [T; N] {
        #[inline(always)]
        fn index_mut(&mut self, index: usize) -> &mut T {
            &mut self[index]
        }
    }
    impl<T> Index<usize> for [T] {
        type Output = T;
        #[inline(always)]
        fn index(&self, index: usize) -> &T {
            &self[index]
        }
    }
    impl<T> IndexMut<usize> for [T] {
        #[inline(always)]
        fn index_mut(&mut self, index: usize) -> &mut T {
            &mut self[index]
        }
    }
    #[lang = "coerce_unsized"]
    pub trait CoerceUnsized<T: ?Sized> {}
    impl<'a, 'b: 'a, T: ?Sized + crate::marker::Unsize<U>, U: ?Sized> CoerceUnsized<&'a U> for &'b T {}
    impl<'a, T: ?Sized + crate::marker::Unsize<U>, U: ?Sized> CoerceUnsized<&'a mut U> for &'a mut T {}
    impl<T: ?Sized + crate::marker::Unsize<U>, U: ?Sized> CoerceUnsized<*const U> for *const T {}
    impl<T: ?Sized + crate::marker::Unsize<U>, U: ?Sized> CoerceUnsized<*mut U> for *mut T {}
    #[lang = "deref"]
    pub trait Deref {
        #[lang = "deref_target"]
        type Target: ?Sized;
        fn deref(&self) -> &Self::Target;
    }
    impl<T: ?Sized> Deref for &T {
        type Target = T;
        fn deref(&self) -> &T {
            *self
        }
    }
    impl<T: ?Sized> Deref for &mut T {
        type Target = T;
        fn deref(&self) -> &T {
            *self
        }
    }

    macro_rules! arithmetic {
        ($($t:ty)*) => {$(
            impl Add for $t { type Output = $t; #[inline(always)] fn add(self, r: $t) -> $t { self + r } }
            impl Sub for $t { type Output = $t; #[inline(always)] fn sub(self, r: $t) -> $t { self - r } }
            impl Mul for $t { type Output = $t; #[inline(always)] fn mul(self, r: $t) -> $t { self * r } }
            impl Div for $t { type Output = $t; #[inline(always)] fn div(self, r: $t) -> $t { self / r } }
            impl Rem for $t { type Output = $t; #[inline(always)] fn rem(self, r: $t) -> $t { self % r } }
            impl AddAssign for $t { #[inline(always)] fn add_assign(&mut self, r: $t) { *self += r } }
            impl SubAssign for $t { #[inline(always)] fn sub_assign(&mut self, r: $t) { *self -= r } }
            impl MulAssign for $t { #[inline(always)] fn mul_assign(&mut self, r: $t) { *self *= r } }
        )*};
    }
    arithmetic!(u8 u16 u32 u64 u128 usize i8 i16 i32 i64 i128 isize f32 f64);
    macro_rules! bits {
        ($($t:ty)*) => {$(
            impl BitAnd for $t { type Output = $t; #[inline(always)] fn bitand(self, r: $t) -> $t { self & r } }
            impl BitOr for $t { type Output = $t; #[inline(always)] fn bitor(self, r: $t) -> $t { self | r } }
            impl BitXor for $t { type Output = $t; #[inline(always)] fn bitxor(self, r: $t) -> $t { self ^ r } }
            impl BitAndAssign for $t { #[inline(always)] fn bitand_assign(&mut self, r: $t) { *self &= r } }
            impl BitOrAssign for $t { #[inline(always)] fn bitor_assign(&mut self, r: $t) { *self |= r } }
            impl BitXorAssign for $t { #[inline(always)] fn bitxor_assign(&mut self, r: $t) { *self ^= r } }
            impl Not for $t { type Output = $t; #[inline(always)] fn not(self) -> $t { !self } }
        )*};
    }
    bits!(bool u8 u16 u32 u64 u128 usize i8 i16 i32 i64 i128 isize);
    macro_rules! shifts {
        ($($t:ty)*) => {$(
            impl Shl<u32> for $t { type Output = $t; #[inline(always)] fn shl(self, r: u32) -> $t { self << r } }
            impl Shr<u32> for $t { type Output = $t; #[inline(always)] fn shr(self, r: u32) -> $t { self >> r } }
            impl ShlAssign<u32> for $t { #[inline(always)] fn shl_assign(&mut self, r: u32) { *self <<= r } }
            impl ShrAssign<u32> for $t { #[inline(always)] fn shr_assign(&mut self, r: u32) { *self >>= r } }
        )*};
    }
    shifts!(u8 u16 u32 u64 u128 usize i8 i16 i32 i64 i128 isize);
    macro_rules! negate {
        ($($t:ty)*) => {$(
            impl Neg for $t { type Output = $t; #[inline(always)] fn neg(self) -> $t { -self } }
        )*};
    }
    negate!(i8 i16 i32 i64 i128 isize f32 f64);
}

pub mod cmp {
    use crate::marker::Sized;
    #[lang = "eq"]
    pub trait PartialEq<Rhs: ?Sized = Self> {
        fn eq(&self, other: &Rhs) -> bool;
        fn ne(&self, other: &Rhs) -> bool {
            !self.eq(other)
        }
    }
    #[lang = "partial_ord"]
    pub trait PartialOrd<Rhs: ?Sized = Self>: PartialEq<Rhs> {
        fn lt(&self, other: &Rhs) -> bool;
        fn le(&self, other: &Rhs) -> bool;
        fn gt(&self, other: &Rhs) -> bool;
        fn ge(&self, other: &Rhs) -> bool;
    }
    /// Total orders: only `clamp`, the one `ptx::warp` uses.
    pub trait Ord: PartialOrd + Sized {
        fn clamp(self, min: Self, max: Self) -> Self {
            if self.lt(&min) {
                min
            } else if self.gt(&max) {
                max
            } else {
                self
            }
        }
    }
    macro_rules! compare {
        ($($t:ty)*) => {$(
            impl PartialEq for $t {
                #[inline(always)] fn eq(&self, o: &$t) -> bool { *self == *o }
                #[inline(always)] fn ne(&self, o: &$t) -> bool { *self != *o }
            }
            impl PartialOrd for $t {
                #[inline(always)] fn lt(&self, o: &$t) -> bool { *self < *o }
                #[inline(always)] fn le(&self, o: &$t) -> bool { *self <= *o }
                #[inline(always)] fn gt(&self, o: &$t) -> bool { *self > *o }
                #[inline(always)] fn ge(&self, o: &$t) -> bool { *self >= *o }
            }
        )*};
    }
    compare!(bool u8 u16 u32 u64 u128 usize i8 i16 i32 i64 i128 isize f32 f64);
    macro_rules! ord {
        ($($t:ty)*) => {$( impl Ord for $t {} )*};
    }
    ord!(bool u8 u16 u32 u64 u128 usize i8 i16 i32 i64 i128 isize);
}

pub mod convert {
    use crate::marker::Sized;
    /// Lossless conversions, for the widenings `ptx` uses.
    pub trait From<T>: Sized {
        fn from(value: T) -> Self;
    }
    macro_rules! widen {
        ($($from:ty => $($to:ty)*;)*) => {$($(
            impl From<$from> for $to {
                #[inline(always)]
                fn from(v: $from) -> $to { v as $to }
            }
        )*)*};
    }
    widen! {
        u8 => u16 u32 u64 u128 usize;
        u16 => u32 u64 u128 usize;
        u32 => u64 u128;
        u64 => u128;
        i8 => i16 i32 i64 i128 isize;
        i16 => i32 i64 i128 isize;
        i32 => i64 i128;
        i64 => i128;
        bool => u8 u16 u32 u64;
    }
}

pub mod intrinsics {
    /// Drops a value in place: the compiler fills in the body.
    #[lang = "drop_glue"]
    #[allow(unconditional_recursion)]
    pub unsafe fn drop_in_place<T: ?crate::marker::Sized>(to_drop: *mut T) {
        // SAFETY: the compiler's drop glue, as in the real `core`.
        unsafe { drop_in_place(to_drop) }
    }
    /// A pointer `offset` elements on.
    #[rustc_intrinsic]
    #[rustc_nounwind]
    pub unsafe fn offset<Ptr, Delta>(dst: Ptr, offset: Delta) -> Ptr;
    /// Reinterprets the bits of a value as another type of the same size.
    #[rustc_intrinsic]
    #[rustc_nounwind]
    pub unsafe fn transmute<Src, Dst>(src: Src) -> Dst;
}

/// Pointer arithmetic in elements, as the real `core` has it.
impl<T> *const T {
    #[inline(always)]
    pub unsafe fn add(self, count: usize) -> *const T {
        // SAFETY: the caller keeps the result inside the allocation.
        unsafe { intrinsics::offset(self, count) }
    }
}
impl<T> *mut T {
    #[inline(always)]
    pub unsafe fn add(self, count: usize) -> *mut T {
        // SAFETY: as above.
        unsafe { intrinsics::offset(self, count) }
    }
}

/// The bit conversions of the float types.
macro_rules! float_bits {
    ($($f:ident $bits:ident;)*) => {$(
        impl $f {
            #[inline(always)]
            pub fn to_bits(self) -> $bits {
                // SAFETY: the float and the integer have the same size, and every bit pattern is both.
                unsafe { intrinsics::transmute(self) }
            }
            #[inline(always)]
            pub fn from_bits(bits: $bits) -> $f {
                // SAFETY: as above.
                unsafe { intrinsics::transmute(bits) }
            }
        }
    )*};
}
float_bits! {
    f32 u32;
    f64 u64;
}

pub mod panic {
    /// Where a panic happened, as the compiler passes it to the panic entry
    /// points (the same fields, in the same order, as the real `core`).
    #[lang = "panic_location"]
    pub struct Location<'a> {
        file: &'a str,
        line: u32,
        col: u32,
    }
}

pub mod panicking {
    //! The compiler's panic entry points. On the GPU a panic is `trap`:
    //! the launch fails, as a CUDA kernel's `__trap()` fails it.
    #[inline(always)]
    fn trap() -> ! {
        // SAFETY: `trap` stops the thread and touches nothing.
        unsafe { crate::arch::asm!("trap;", options(noreturn, nostack)) }
    }
    #[lang = "panic"]
    pub fn panic(_: &'static str) -> ! {
        trap()
    }
    #[lang = "panic_bounds_check"]
    fn panic_bounds_check(_: usize, _: usize) -> ! {
        trap()
    }
    #[lang = "panic_const_add_overflow"]
    fn panic_const_add_overflow() -> ! {
        trap()
    }
    #[lang = "panic_const_sub_overflow"]
    fn panic_const_sub_overflow() -> ! {
        trap()
    }
    #[lang = "panic_const_mul_overflow"]
    fn panic_const_mul_overflow() -> ! {
        trap()
    }
    #[lang = "panic_const_shl_overflow"]
    fn panic_const_shl_overflow() -> ! {
        trap()
    }
    #[lang = "panic_const_shr_overflow"]
    fn panic_const_shr_overflow() -> ! {
        trap()
    }
    #[lang = "panic_const_div_by_zero"]
    fn panic_const_div_by_zero() -> ! {
        trap()
    }
    #[lang = "panic_const_rem_by_zero"]
    fn panic_const_rem_by_zero() -> ! {
        trap()
    }
}

pub mod arch {
    /// The inline assembly macro, built into the compiler.
    #[rustc_builtin_macro]
    pub macro asm("assembly template", $(operands,)* $(options($(option),*))?) {
        /* compiler built-in */
    }
}

pub mod option {
    /// `Option`, for the paths `ptx!`'s host expansion names (only
    /// type-checked on the device when a `cfg` leaves it in).
    #[lang = "Option"]
    pub enum Option<T> {
        #[lang = "None"]
        None,
        #[lang = "Some"]
        Some(T),
    }
}

pub mod macros {
    /// `#[derive]`, built into the compiler.
    #[rustc_builtin_macro]
    pub macro derive($item:item) {
        /* compiler built-in */
    }
    /// `#[test]`, which has no meaning on the device.
    #[rustc_builtin_macro]
    pub macro test($item:item) {
        /* compiler built-in */
    }
    /// `#[cfg_accessible]`, `#[cfg_eval]`, ... are not needed here.
    /// A compile error, built into the compiler.
    #[rustc_builtin_macro]
    pub macro compile_error($msg:expr $(,)?) {
        /* compiler built-in */
    }
    /// `concat!`, built into the compiler.
    #[rustc_builtin_macro]
    pub macro concat($($arg:tt)*) {
        /* compiler built-in */
    }
    /// `include_str!`, built into the compiler.
    #[rustc_builtin_macro]
    pub macro include_str($file:expr $(,)?) {
        /* compiler built-in */
    }
    /// `stringify!`, built into the compiler.
    #[rustc_builtin_macro]
    pub macro stringify($($arg:tt)*) {
        /* compiler built-in */
    }
}

pub use macros::{compile_error, concat, include_str, stringify};

pub mod prelude {
    //! What every `#![no_std]` module sees unqualified.
    pub mod v1 {
        pub use crate::clone::Clone;
        pub use crate::cmp::{Ord, PartialEq, PartialOrd};
        pub use crate::convert::From;
        pub use crate::macros::{compile_error, concat, derive, include_str, stringify, test};
        pub use crate::marker::{Copy, Send, Sized, Sync, Unpin};
        pub use crate::ops::{Fn, FnMut, FnOnce};
        pub use crate::option::Option::{self, None, Some};
    }
    pub mod rust_2015 {
        pub use super::v1::*;
    }
    pub mod rust_2018 {
        pub use super::v1::*;
    }
    pub mod rust_2021 {
        pub use super::v1::*;
    }
    pub mod rust_2024 {
        pub use super::v1::*;
    }
}
