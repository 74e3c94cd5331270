use ptx::ptx;
fn main() {
    let x: f32;
    ptx!("mov.f32 %0, 0f3F80;" : "=f"(x));
}
