//! `ldmatrix`, `stmatrix` and `movmatrix`: 8×8 matrices of 16-bit
//! elements between shared memory (or a register) and the fragments of a
//! warp, one row of 16 bytes a lane address, as the PTX ISA lays them out.

use crate::exec::{SemResult, lanes_of};
use crate::fault::Fault;
use crate::lane::WarpCall;
use crate::memory::banks::wavefronts;
use crate::memory::cluster_address::cta_offset;
use crate::sem::memory::address::check_access;
use ptx_core::Flags;

fn m8n8_only(call: &WarpCall<'_>) -> Result<usize, Fault> {
    match call.mods.shape {
        Some(s) if s.m == 8 && s.n == 8 => Ok(usize::from(call.mods.count.max(1))),
        Some(s) => Err(Fault::not_simulated(format!(
            "{}.m{}n{}",
            call.key, s.m, s.n
        ))),
        None => Err(Fault::malformed(call.key, "without a shape")),
    }
}

/// Where lane `l`'s halves of an 8×8 b16 fragment sit: (row, column) of its
/// low half; the high half is the next column.
fn fragment(l: usize) -> (usize, usize) {
    (l / 4, 2 * (l % 4))
}

/// The 8 row addresses of matrix `i`: lanes 8i..8i+7 give them. Adds the
/// matrix's wavefronts (and the ideal, one) to `waves`.
fn rows(
    call: &mut WarpCall<'_>,
    i: usize,
    slot: usize,
    waves: &mut (u64, u64),
) -> Result<[usize; 8], Fault> {
    let mut out = [0; 8];
    let mut acc = [(0u64, 16u64); 8];
    for (r, o) in out.iter_mut().enumerate() {
        let lane = 8 * i + r;
        let addr = cta_offset(call.lanes[lane][slot], call.memory.peers.rank());
        *o = check_access(call.memory.shared.len(), addr, 16, 16, call.key)
            .map_err(|f| f.on_lane(lane as u32))?;
        acc[r].0 = addr;
    }
    let (w, ideal) = wavefronts(&acc);
    waves.0 += w;
    waves.1 += ideal;
    Ok(out)
}

/// `ldmatrix.sync.aligned.m8n8.num{.trans}.shared.b16 d, [p]`.
pub fn ldmatrix_warp(call: &mut WarpCall<'_>) -> SemResult {
    let num = m8n8_only(call)?;
    let trans = call.mods.has(Flags::TRANS);
    let mut waves = (0, 0);
    for i in 0..num {
        let rows = rows(call, i, num, &mut waves)?;
        let at = |r: usize, c: usize, shared: &[u8]| {
            let o = rows[r] + 2 * c;
            u64::from(u16::from_le_bytes([shared[o], shared[o + 1]]))
        };
        for l in lanes_of(call.members) {
            let (r, c) = fragment(l);
            let (lo, hi) = if trans {
                (
                    at(c, r, call.memory.shared),
                    at(c + 1, r, call.memory.shared),
                )
            } else {
                (
                    at(r, c, call.memory.shared),
                    at(r, c + 1, call.memory.shared),
                )
            };
            call.lanes[l][i] = lo | hi << 16;
        }
    }
    // One request per warp instruction, each matrix ideally one wavefront.
    call.stats.record(call.key, waves.0, waves.1);
    Ok(())
}

/// `stmatrix.sync.aligned.m8n8.num{.trans}.shared.b16 [p], r`.
pub fn stmatrix_warp(call: &mut WarpCall<'_>) -> SemResult {
    let num = m8n8_only(call)?;
    let trans = call.mods.has(Flags::TRANS);
    let mut waves = (0, 0);
    for i in 0..num {
        let rows = rows(call, i, 0, &mut waves)?;
        for l in lanes_of(call.members) {
            let (r, c) = fragment(l);
            let v = call.lanes[l][1 + i];
            for (half, col) in [(v as u16, c), ((v >> 16) as u16, c + 1)] {
                let (rr, cc) = if trans { (col, r) } else { (r, col) };
                let o = rows[rr] + 2 * cc;
                call.memory.shared[o..o + 2].copy_from_slice(&half.to_le_bytes());
            }
        }
    }
    call.stats.record(call.key, waves.0, waves.1);
    Ok(())
}

/// `movmatrix.sync.aligned.m8n8.trans.b16 d, a`.
pub fn movmatrix_warp(call: &mut WarpCall<'_>) -> SemResult {
    let a: [u64; 32] = std::array::from_fn(|l| call.lanes[l][1]);
    // A[i][j]: lane 4i + j/2, half j%2.
    let elem = |i: usize, j: usize| (a[4 * i + j / 2] >> (16 * (j % 2))) & 0xFFFF;
    for l in lanes_of(call.members) {
        let (r, c) = fragment(l);
        call.lanes[l][0] = elem(c, r) | elem(c + 1, r) << 16;
    }
    Ok(())
}
