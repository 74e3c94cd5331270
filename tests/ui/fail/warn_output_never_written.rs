// What nvcc and ptxas accept but is probably a mistake is a warning; denied
// here, so the test shows its text.
#![deny(deprecated)]
use ptx::ptx;
fn main() {
    let (a, b) = (1i32, 2i32);
    let (x, y): (i32, i32);
    ptx!("add.s32 %0, %2, %3;" : "=r"(x), "=r"(y) : "r"(a), "r"(b));
}
