use ptx::ptx;
fn main() {
    let (a, b) = (1u32, 2u32);
    let x: u32;
    ptx!(target = "sm_80", "add.u16x2 %0, %1, %2;" : "=r"(x) : "r"(a), "r"(b));
}
