// What nvcc and ptxas accept but is probably a mistake is a warning; denied
// here, so the test shows its text.
#![deny(deprecated)]
use ptx::ptx;
fn main() {
    ptx!("");
}
