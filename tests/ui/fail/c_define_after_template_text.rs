use ptx::ptx;
fn main() {
    let p = 0u64;
    let x: u32;
    ptx!("ld.global" CACHE_OP ".u32 %0, [%1];" : "=r"(x) : "l"(p));
}
