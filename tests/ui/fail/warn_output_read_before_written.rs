// What nvcc and ptxas accept but is probably a mistake is a warning; denied
// here, so the test shows its text.
#![deny(deprecated)]
use ptx::ptx;
fn main() {
    let a = 1i32;
    let x: i32;
    ptx!("add.s32 %0, %0, %1;" : "=r"(x) : "r"(a));
}
