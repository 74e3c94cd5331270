use ptx::ptx;
fn main() {
    let (a, b) = (1u32, 2u64);
    let c: u32;
    ptx! { add.u32 c, a, 1; add.u64 b, b, 1; add.u32 c, c, b; }
}
