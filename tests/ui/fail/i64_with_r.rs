use ptx::ptx;
fn main() {
    let (a, b) = (1i64, 2i32);
    let x: i32;
    ptx!("add.s32 %0, %1, %2;" : "=r"(x) : "r"(a), "r"(b));
}
