use ptx::ptx;
fn main() {
    let x: u32;
    ptx!("mov.u32 %0, % 1;" : "=r"(x));
}
