use ptx::ptx;
fn main() {
    let x: i32;
    ptx!("mov.s32 %0, 1;" : "=n"(x));
}
