use ptx::ptx;
fn main() {
    let a = 1u32;
    let x: u32;
    ptx!("{ .reg .b32 tmp; add.u32 tpm, %1, 1; mov.b32 %0, tmp; }" : "=r"(x) : "r"(a));
}
