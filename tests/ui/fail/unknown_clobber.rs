use ptx::ptx;
fn main() {
    let a = 1u32;
    let x: u32;
    ptx!("mov.u32 %0, %1;" : "=r"(x) : "r"(a) : "cc");
}
