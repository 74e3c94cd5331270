use ptx::ptx;
fn main() {
    let a = 1i32;
    let c: i32;
    ptx! { add.s32 c, a; }
}
