use ptx::ptx;
fn main() {
    let (a, b, c) = (1u32, 2u32, 3u32);
    let x: u32;
    ptx!("lop3.b32 %0, %1, %2, %3, 256;" : "=r"(x) : "r"(a), "r"(b), "r"(c));
}
