// What nvcc and ptxas accept but is probably a mistake is a warning; denied
// here, so the test shows its text.
#![deny(deprecated)]
use ptx::ptx;
fn main() {
    let a = 1i16;
    let x: i16;
    ptx!("add.s16 %0, %1, 70000;" : "=h"(x) : "h"(a));
}
