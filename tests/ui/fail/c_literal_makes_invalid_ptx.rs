use ptx::ptx;
fn main() {
    let (a, b) = (1.0f32, 2.0f32);
    let x: f32;
    ptx!("add%1.f32 %0, %2, %3;" : "=f"(x) : "C"(".rx"), "f"(a), "f"(b));
}
