use ptx::ptx;
fn main() {
    let mut x = 0u32;
    let c = 1u32;
    ptx!("@%1 add.u32 %0, %0, 1;" : "+r"(x) : "r"(c));
}
