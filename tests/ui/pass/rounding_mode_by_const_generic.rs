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

pub fn main() {
    // One ulp of 1.0 is 2^-23; 1 + 0.75 ulp rounds up to 1 + 2^-23 under
    // .rn and down to 1 under .rz.
    let a = 1.0f32;
    let b = f32::from_bits(0x33C0_0000); // 1.5 * 2^-24 = 0.75 * 2^-23
    assert_eq!(compute_add::<false>(a, b), f32::from_bits(0x3F80_0001));
    assert_eq!(compute_add::<true>(a, b), 1.0);
}
