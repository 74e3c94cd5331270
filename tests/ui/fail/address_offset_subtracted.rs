use ptx::ptx;
fn main() {
    let p = 0u32;
    let x: u32;
    ptx!("ld.shared.u32 %0, [%1-4];" : "=r"(x) : "r"(p));
}
