// An instruction the simulator does not model compiles (it runs on the GPU)
// with a warning on the host; denied here, so the test shows its text.
#![deny(deprecated)]
use ptx::ptx;
fn main() {
    let (a, rank) = (0x1000u64, 1u32);
    let d: u64;
    ptx!("mapa.u64 %0, %1, %2;" : "=l"(d) : "l"(a), "r"(rank));
    let _ = d;
}
