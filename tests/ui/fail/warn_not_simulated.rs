// An instruction the simulator does not model compiles (it runs on the GPU)
// with a warning on the host; denied here, so the test shows its text.
#![deny(deprecated)]
use ptx::ptx;
fn main() {
    let (a, b) = (0x1000u64, 1u32);
    ptx!("multimem.red.relaxed.sys.global.add.u32 [%0], %1;" :: "l"(a), "r"(b));
}
