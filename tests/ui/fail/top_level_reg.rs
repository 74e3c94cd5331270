use ptx::ptx;
fn main() {
    let a = 3u32;
    let y: u32;
    ptx!(".reg .u32 t1; mul.lo.u32 t1, %1, %1; mul.lo.u32 %0, t1, %1;" : "=r"(y) : "r"(a));
}
