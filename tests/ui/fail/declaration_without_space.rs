use ptx::ptx;
fn main() {
    let x: u32;
    ptx!("{ .b32 t; mov.b32 t, 1; mov.b32 %0, t; }" : "=r"(x));
}
