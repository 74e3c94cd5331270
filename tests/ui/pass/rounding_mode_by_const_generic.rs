use ptx::ptx;

// The inline-PTX guide's "C" constraint example: the rounding mode is a
// string constant chosen by a const generic.
struct Rounding<const TOWARD_ZERO: bool>;

impl<const TOWARD_ZERO: bool> Rounding<TOWARD_ZERO> {
    const MODE: &'static str = if TOWARD_ZERO { ".rz" } else { ".rn" };
}

fn compute_add<const TOWARD_ZERO: bool>(a: f32, b: f32) -> f32 {
    let result: f32;
    ptx!("add.f32%1 %0, %2, %3;" : "=f"(result) : "C"(Rounding::<TOWARD_ZERO>::MODE), "f"(a), "f"(b));
    result
}

fn main() {
    // 1 + 2^-24 is a tie between 1 and 1 + 2^-23: .rn picks the even 1,
    // and so does .rz; 1 + 3*2^-25 rounds up under .rn, down under .rz.
    let a = 1.0f32;
    let b = f32::from_bits(0x3340_0000); // 3 * 2^-25
    assert_eq!(compute_add::<false>(a, b), f32::from_bits(0x3F80_0001));
    assert_eq!(compute_add::<true>(a, b), 1.0);
}
