use ptx::ptx;
fn main() {
    let (a, b) = (1.0f32, 2i32);
    let x: i32;
    ptx!("max.s32 %0, %1, %2;" : "=r"(x) : "f"(a), "r"(b));
}
