use ptx::ptx;
fn main() {
    let (a, b) = (1u16, 2.0f32);
    let x: f32;
    ptx!("mul.rn.f32 %0, %1, %2;" : "=f"(x) : "h"(a), "f"(b));
}
