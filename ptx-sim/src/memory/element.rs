//! The values a launch's buffers hold, as the little-endian bytes of
//! global memory.

/// A value that global memory holds as little-endian bytes.
pub trait Element: Copy {
    /// Its size in bytes.
    const BYTES: usize;
    /// Its little-endian bytes.
    fn to_le(self) -> Vec<u8>;
    /// The value of `bytes` (exactly [`Element::BYTES`] of them).
    fn from_le(bytes: &[u8]) -> Self;
}

macro_rules! element {
    ($($t:ty),*) => {$(
        impl Element for $t {
            const BYTES: usize = std::mem::size_of::<$t>();
            fn to_le(self) -> Vec<u8> {
                self.to_le_bytes().to_vec()
            }
            fn from_le(bytes: &[u8]) -> Self {
                <$t>::from_le_bytes(bytes.try_into().expect("an element's bytes"))
            }
        }
    )*};
}
element!(
    u8,
    i8,
    u16,
    i16,
    u32,
    i32,
    u64,
    i64,
    f32,
    f64,
    half::f16,
    half::bf16
);
