use ptx::ptx;
fn main() {
    let p = 0u64;
    let x: i32;
    ptx!(LD_NC_FUNC ".s32 %0, [%1];" : "=r"(x) : "l"(p));
}
