//! A stand-in for the `half` crate on `nvptx64-nvidia-cuda`, for the harness
//! that builds without `rust-src`: the two 16-bit float types as their bits,
//! with the conversions `ptx`'s operand traits use. A real build of `half`
//! (`-Zbuild-std`) has the same types and methods.
#![no_std]

macro_rules! float16 {
    ($($name:ident: $doc:literal;)*) => {$(
        #[doc = $doc]
        #[derive(Clone, Copy)]
        #[repr(transparent)]
        #[allow(non_camel_case_types)]
        pub struct $name(u16);

        impl $name {
            /// The value with these bits.
            #[inline(always)]
            pub const fn from_bits(bits: u16) -> $name {
                $name(bits)
            }
            /// The value's bits.
            #[inline(always)]
            pub const fn to_bits(self) -> u16 {
                self.0
            }
        }
    )*};
}

float16! {
    f16: "IEEE 754 binary16.";
    bf16: "bfloat16: the high half of an `f32`.";
}
