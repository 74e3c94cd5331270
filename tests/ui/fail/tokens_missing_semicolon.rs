use ptx::ptx;
fn main() {
    let (a, b) = (1i32, 2i32);
    let c: i32;
    ptx! { add.s32 c, a, b }
}
