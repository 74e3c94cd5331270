use ptx::ptx;
fn main() {
    let (a, b) = (1u32, 2u32);
    let x: u32;
    ptx!(concat!("add", ".u32 %0, %1, %2;") : "=r"(x) : "r"(a), "r"(b));
}
