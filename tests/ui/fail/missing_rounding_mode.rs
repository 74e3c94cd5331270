use ptx::ptx;
fn main() {
    let a = 1.5f32;
    let x: i32;
    ptx!("cvt.s32.f32 %0, %1;" : "=r"(x) : "f"(a));
}
