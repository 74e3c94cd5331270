//! Kernels that call every family of `ptx::warp` intrinsics, for rustc's
//! nvptx64 backend (built by `tools/gates/nvptx-harness/build.sh`). Each lane
//! stores what each intrinsic gave it, so that a launch on the H100 and one
//! in the simulator can be compared word for word. Every value a kernel
//! computes with depends on the lane, so that a lane reading the wrong
//! partner shows.
#![no_std]
#![feature(abi_ptx, asm_experimental_arch)]
#![allow(clippy::missing_safety_doc)]

use ptx::ptx;
use ptx::warp::*;

/// `%tid.x`.
#[inline(always)]
fn thread() -> u32 {
    let t: u32;
    ptx!("mov.u32 %0, %tid.x;" : "=r"(t));
    t
}

/// Where the next word of a lane's results goes: lane `t` of a kernel
/// storing `n` words a lane owns `out[t * n ..][.. n]`.
struct Words {
    out: *mut u32,
    next: usize,
}

impl Words {
    #[inline(always)]
    fn new(out: *mut u32, per_thread: usize) -> Words {
        Words {
            out,
            next: thread() as usize * per_thread,
        }
    }
    #[inline(always)]
    fn put(&mut self, word: u32) {
        // SAFETY: the launch gives `out` `per_thread` words for each thread.
        unsafe { *self.out.add(self.next) = word };
        self.next += 1;
    }
}

/// Shuffles of 32- and 64-bit values, whole-warp and in segments of 16 and 8
/// lanes: 10 words a lane.
#[unsafe(no_mangle)]
pub unsafe extern "ptx-kernel" fn shuffles(out: *mut u32) {
    let lane = lane_id();
    let mut w = Words::new(out, 10);
    let x = lane * 3 + 1;
    w.put(shfl_sync(FULL_MASK, x, 5, 32));
    w.put(shfl_sync(FULL_MASK, x, lane + 9, 16));
    w.put(shfl_up_sync(FULL_MASK, x, 3, 32));
    w.put(shfl_up_sync(FULL_MASK, x, 2, 8));
    w.put(shfl_down_sync(FULL_MASK, x, 2, 32));
    w.put(shfl_down_sync(FULL_MASK, x, 5, 16));
    w.put(shfl_xor_sync(FULL_MASK, x, 7, 32));
    let f = shfl_xor_sync(FULL_MASK, lane as f32 * 0.75 - 3.0, 19, 32);
    w.put(f.to_bits());
    let d = shfl_sync(FULL_MASK, lane as f64 * 1.5e10 + 0.25, 31 - lane, 32);
    let bits = d.to_bits();
    w.put(bits as u32);
    w.put((bits >> 32) as u32);
}

/// Votes, matches, reductions and the lane's own registers: 18 words a lane.
#[unsafe(no_mangle)]
pub unsafe extern "ptx-kernel" fn votes(out: *mut u32) {
    let lane = lane_id();
    let mut w = Words::new(out, 18);
    w.put(u32::from(all_sync(FULL_MASK, lane < 32)));
    w.put(u32::from(all_sync(FULL_MASK, lane != 13)));
    w.put(u32::from(any_sync(FULL_MASK, lane == 17)));
    w.put(u32::from(any_sync(FULL_MASK, lane > 40)));
    w.put(u32::from(uni_sync(FULL_MASK, lane < 40)));
    w.put(u32::from(uni_sync(FULL_MASK, lane < 16)));
    w.put(ballot_sync(FULL_MASK, lane % 3 == 0));
    w.put(match_any_sync(FULL_MASK, lane / 4));
    w.put(match_any_sync(FULL_MASK, (lane % 5) as u64 * 0x1_0000_0001));
    let (mask, all) = match_all_sync(FULL_MASK, 7u32);
    w.put(mask);
    w.put(u32::from(all));
    w.put(reduce_add_sync(FULL_MASK, lane * lane));
    w.put(reduce_min_sync(FULL_MASK, 100 - lane as i32) as u32);
    w.put(reduce_max_sync(FULL_MASK, lane ^ 21));
    w.put(reduce_and_sync(FULL_MASK, !(1 << lane)));
    w.put(reduce_or_sync(FULL_MASK, 1 << (lane % 7)));
    w.put(reduce_xor_sync(FULL_MASK, lane * 0x0101_0101));
    syncwarp(FULL_MASK);
    w.put(activemask());
}

/// The start of the CTA's dynamic shared memory: the first byte after the
/// region the system reserves (`%reserved_smem_offset_cap`), which is where
/// a kernel without static shared arrays gets it.
#[inline(always)]
fn shared_base() -> u32 {
    let base: u32;
    ptx!("mov.u32 %0, %reserved_smem_offset_cap;" : "=r"(base));
    base
}

#[inline(always)]
fn store_shared(address: u32, word: u32) {
    ptx!(volatile "st.shared.u32 [%0], %1;" :: "r"(address), "r"(word) : "memory");
}

#[inline(always)]
fn load_shared(address: u32) -> u32 {
    let word: u32;
    ptx!(volatile "ld.shared.u32 %0, [%1];" : "=r"(word) : "r"(address) : "memory");
    word
}

#[inline(always)]
fn barrier() {
    ptx!(volatile "bar.sync 0;" ::: "memory");
}

/// `ldmatrix` (x1, x2, x4, transposed), `movmatrix`, `stmatrix` and the
/// four `mma` shapes of `ptx::warp`, on one warp with 2 KiB of dynamic
/// shared memory: the first KiB is copied from `input` (256 words), the
/// second takes `stmatrix`'s stores. 32 words a lane, then the stored KiB.
#[unsafe(no_mangle)]
pub unsafe extern "ptx-kernel" fn matrices(input: *const u32, out: *mut u32) {
    let lane = lane_id();
    let base = shared_base();
    let mut i = lane;
    while i < 256 {
        // SAFETY: the launch gives `input` 256 words.
        store_shared(base + 4 * i, unsafe { *input.add(i as usize) });
        i += 32;
    }
    barrier();
    let mut w = Words::new(out, 32);
    // Rows of 16 bytes: lane l addresses row l of the 32 rows of four 8x8 matrices.
    let row = base + 16 * lane;
    let one = ldmatrix_x1(row);
    let two = ldmatrix_x2(row);
    let four = ldmatrix_x4(row);
    let four_t = ldmatrix_x4_trans(row);
    w.put(one[0]);
    w.put(two[0]);
    w.put(two[1]);
    let mut k = 0;
    while k < 4 {
        w.put(four[k]);
        w.put(four_t[k]);
        k += 1;
    }
    w.put(movmatrix(four[2]));
    // mma operands from the matrices just loaded; accumulators from the lane.
    let a = four;
    let b = [four_t[1], four_t[3]];
    let c = [lane as f32, -0.5, 1.0e3, lane as f32 * 0.125];
    let f16 = mma_m16n8k16_f16_f32(a, b, c);
    let bf16 = mma_m16n8k16_bf16_f32(a, b, c);
    let tf32 = mma_m16n8k8_tf32_f32(a, b, c);
    let s8 = mma_m16n8k32_s8_s32(a, b, [lane as i32, -7, 1 << 20, -(lane as i32)]);
    let mut k = 0;
    while k < 4 {
        w.put(f16[k].to_bits());
        w.put(bf16[k].to_bits());
        w.put(tf32[k].to_bits());
        w.put(s8[k] as u32);
        k += 1;
    }
    w.put(0);
    // stmatrix x4 into the second KiB, fragments rotated so every word moves:
    // its four 8x8 matrices of 16-bit elements are 512 bytes, 128 words,
    // which are read back (the words past them were never written: reading
    // them, as this kernel once did, is what the sanitizer's initcheck
    // reports).
    let stored = base + 1024;
    stmatrix_x4(stored + 16 * lane, [four[1], four[2], four[3], four[0]]);
    barrier();
    let mut i = lane;
    while i < 128 {
        // SAFETY: the launch gives `out` 32 words a lane and 128 more.
        unsafe { *out.add(32 * 32 + i as usize) = load_shared(stored + 4 * i) };
        i += 32;
    }
}
