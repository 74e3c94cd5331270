use ptx::ptx;
fn main() {
    let cond = true;
    let mut c = 0u32;
    ptx! { @cond add.u32 c, c, 1; }
}
