use ptx::ptx;
fn main() {
    let c: u32;
    ptx! { mov.u32 c, %clock_lo; }
}
