use ptx::ptx;
fn main() {
    let (a, b) = (1i32, 2i32);
    let x: i32;
    ptx!("add.s32 %[sum], %[lhs], %[rhz];" : [sum] "=r"(x) : [lhs] "r"(a), [rhs] "r"(b));
}
