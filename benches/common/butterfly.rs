//! The butterfly shuffle both `benches/warp_ops.rs` times and
//! `tools/dev/warp-cost/run.sh` counts instructions of, kept in one place so
//! that the two measure the same code.

use ptx::ptx;

/// `shuffles` butterfly steps (distances 16, 8, 4, 2, 1, 16, ...): after
/// five, every lane of a warp holds the warp's sum.
pub fn butterfly(x: f32, shuffles: usize) -> f32 {
    let mut v = x;
    for d in [16u32, 8, 4, 2, 1].into_iter().cycle().take(shuffles) {
        let o: f32;
        ptx!("shfl.sync.bfly.b32 %0, %1, %2, 0x1f, 0xffffffff;" : "=f"(o) : "f"(v), "r"(d));
        v += o;
    }
    v
}
