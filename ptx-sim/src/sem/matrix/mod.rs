//! Warp-wide matrix instructions, the family of `ptx_core`'s
//! `table/matrix/`: `ldmatrix`, `stmatrix` and `movmatrix`
//! ([`load_store`]), `mma.sync` ([`mma`]) and the `wmma` loads, stores and
//! products ([`wmma`]), with the fragment layouts of the PTX ISA (section
//! 9.7.14) and the H100's tensor-core numerics (see
//! `docs/tensor-core-numerics.md` and [`mma::fused_sum`]), and the
//! warpgroup's `wgmma`, dense and sparse ([`wgmma`]). `tcgen05` is not
//! simulated.

pub mod load_store;
pub mod mma;
pub mod wgmma;
pub mod wmma;
