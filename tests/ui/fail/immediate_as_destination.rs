use ptx::ptx;
fn main() {
    let (a, b) = (1i32, 2i32);
    ptx!("add.s32 5, %0, %1;" :: "r"(a), "r"(b));
}
