// What nvcc and ptxas accept but is probably a mistake is a warning; denied
// here, so the test shows its text.
#![deny(deprecated)]
use ptx::ptx;
fn main() {
    let x0 = 34i32;
    let y: i32;
    ptx!("{ .reg .pred p; setp.eq.s32 p, %1, 34; @p mov.s32 %0, 1; }" : "=r"(y) : "r"(x0));
}
