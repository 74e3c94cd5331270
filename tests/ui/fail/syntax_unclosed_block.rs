use ptx::ptx;
fn main() {
    let x: u32;
    ptx!("{ .reg .b32 t; mov.u32 t, 1; mov.u32 %0, t;" : "=r"(x));
}
