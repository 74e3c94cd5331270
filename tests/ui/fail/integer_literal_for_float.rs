use ptx::ptx;
fn main() {
    let a = 1.0f32;
    let x: f32;
    ptx!("add.f32 %0, %1, 1;" : "=f"(x) : "f"(a));
}
