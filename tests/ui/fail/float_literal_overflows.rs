use ptx::ptx;
fn main() {
    let x: f32;
    ptx!("mov.f32 %0, 1e9992;" : "=f"(x));
}
