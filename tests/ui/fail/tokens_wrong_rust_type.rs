use ptx::ptx;
fn main() {
    let (a, b) = (1.0f32, 2.0f32);
    let c: f32;
    ptx! { add.s32 c, a, b; }
}
