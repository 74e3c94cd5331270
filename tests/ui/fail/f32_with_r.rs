use ptx::ptx;
fn main() {
    let (a, b) = (1.0f32, 2u32);
    let x: u32;
    ptx!("add.u32 %0, %1, %2;" : "=r"(x) : "r"(a), "r"(b));
}
