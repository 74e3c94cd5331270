//! How many CTAs an H100 holds at once, and the limits of one CTA: what
//! both front-ends admit a grid's CTAs by.

/// The H100's streaming multiprocessors.
pub const SMS: u32 = 132;

/// Threads one SM holds.
pub const THREADS_PER_SM: usize = 2048;
/// CTAs one SM holds.
pub const CTAS_PER_SM: usize = 32;
/// Shared memory of one SM, and what each CTA takes besides its own.
pub const SHARED_PER_SM: usize = 228 * 1024;
/// The shared memory each CTA has reserved for the system.
pub const SHARED_RESERVED_PER_CTA: usize = 1024;
/// The most threads a CTA may have.
pub const MAX_BLOCK_THREADS: usize = 1024;
/// The most shared memory a CTA may have on an H100, static and dynamic.
pub const MAX_SHARED_BYTES: usize = 227 * 1024;

/// How many CTAs of `block` threads and `shared` bytes of shared memory the
/// H100 holds at once: 132 SMs times what one SM's threads (2048, in whole
/// warps), CTA slots (32) and shared memory (228 KiB, 1 KiB of it taken per
/// CTA) allow. Registers are not counted: ptxas, not the PTX, decides them.
///
/// ```
/// use ptx_sim::engine::residency::resident;
/// assert_eq!(resident(256, 0), 132 * 8);
/// assert_eq!(resident(1024, 100 * 1024), 132 * 2);
/// ```
pub fn resident(block: usize, shared: usize) -> usize {
    let warps = block.div_ceil(32).max(1);
    let by_threads = THREADS_PER_SM / 32 / warps;
    let by_shared = if shared == 0 {
        CTAS_PER_SM
    } else {
        SHARED_PER_SM / (shared + SHARED_RESERVED_PER_CTA)
    };
    SMS as usize * by_threads.min(CTAS_PER_SM).min(by_shared).max(1)
}
