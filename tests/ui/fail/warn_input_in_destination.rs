// What nvcc and ptxas accept but is probably a mistake is a warning; denied
// here, so the test shows its text.
#![deny(deprecated)]
use ptx::ptx;
fn main() {
    let (a, b, c) = (1i32, 2i32, 3i32);
    ptx!("add.s32 %0, %1, %2;" :: "r"(a), "r"(b), "r"(c));
}
