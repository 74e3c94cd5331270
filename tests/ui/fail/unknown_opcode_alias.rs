use ptx::ptx;
fn main() {
    let a = 1u32;
    let x: u32;
    ptx!("shuffle.sync.idx.b32 %0, %1, 0, 31, 0xffffffff;" : "=r"(x) : "r"(a));
}
