use ptx::ptx;
fn main() {
    let (a, b, c) = (1i32, 2i32, 3i32);
    ptx!("add.s32 %0, %1, %2;" :: "r"(a), "r"(b), "r"(c));
}
