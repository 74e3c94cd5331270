use ptx::ptx;
fn main() {
    let k = 42u32;
    let mut x = 0u32;
    ptx!("add.u32 %0, %0, %1;" : "+r"(x) : "n"(k));
}
