use ptx::ptx;
fn main() {
    let (a, b, c) = (1u32, 2u32, 3u32);
    let d: u32;
    ptx!("vadd4.u32.u32.u32 %0, %1.b8765, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c));
    let e: u32;
    ptx!("vadd.s32.s32.s32 %0, -%1, %2;" : "=r"(e) : "r"(a), "r"(b));
}
