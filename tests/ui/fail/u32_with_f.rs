use ptx::ptx;
fn main() {
    let (a, b) = (1u32, 2.0f32);
    let x: f32;
    ptx!("add.f32 %0, %1, %2;" : "=f"(x) : "f"(a), "f"(b));
}
