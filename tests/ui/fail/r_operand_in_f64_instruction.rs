use ptx::ptx;
fn main() {
    let (a, b) = (1.0f64, 2u32);
    let x: f64;
    ptx!("add.f64 %0, %1, %2;" : "=d"(x) : "d"(a), "r"(b));
}
