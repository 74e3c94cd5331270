//! Where each state space appears among generic addresses: the windows
//! that `cvta` converts into and out of, and where global buffers and
//! device allocations lie.
//!
//! Generic addresses: an address in a global buffer is global; the CTA's
//! shared memory appears at [`SHARED_WINDOW`] (what `cvta.shared` gives),
//! the thread's local memory at [`LOCAL_WINDOW`], constant memory at
//! [`CONST_WINDOW`] and the kernel's parameters at [`PARAM_WINDOW`], which
//! the ISA places inside the global window (`isspacep.global` is true
//! there).

use ptx_core::{ParamScope, StateSpace};

/// The device address of the first global buffer.
pub const GLOBAL_BASE: u64 = 0x7f00_0000_0000;

/// The device address of the first allocation of device memory that
/// outlives launches (`crate::device`), below the launches' own buffers
/// and above every generic window.
pub const DEVICE_BASE: u64 = 0x7000_0000_0000;

/// Where the running CTA's shared memory appears among generic addresses.
pub const SHARED_WINDOW: u64 = 0x1000_0000_0000;

/// Where the running thread's local memory appears among generic addresses.
pub const LOCAL_WINDOW: u64 = 0x2000_0000_0000;

/// Where the launch's constant memory appears among generic addresses:
/// `.const` address `a` is generic address `CONST_WINDOW + a`.
pub const CONST_WINDOW: u64 = 0x3000_0000_0000;

/// Where the kernel's parameters appear among generic addresses: `.param`
/// address `a` is generic address `PARAM_WINDOW + a`.
pub const PARAM_WINDOW: u64 = 0x4000_0000_0000;

/// How many bytes of generic addresses each window spans (4 GiB, what a
/// 32-bit `.shared`, `.local`, `.const` or `.param` address reaches).
pub const WINDOW_BYTES: u64 = 1 << 32;

/// The most local memory a thread may use (CUDA's limit per thread).
pub const LOCAL_LIMIT: u64 = 512 * 1024;

/// The offset of generic address `addr` in the window starting at
/// `window`, if it falls in it.
///
/// ```
/// use ptx_sim::memory::window::{CONST_WINDOW, WINDOW_BYTES, window_offset};
/// assert_eq!(window_offset(CONST_WINDOW + 8, CONST_WINDOW), Some(8));
/// assert_eq!(window_offset(CONST_WINDOW + WINDOW_BYTES, CONST_WINDOW), None);
/// assert_eq!(window_offset(CONST_WINDOW - 1, CONST_WINDOW), None);
/// ```
pub fn window_offset(addr: u64, window: u64) -> Option<u64> {
    addr.checked_sub(window)
        .filter(|&offset| offset < WINDOW_BYTES)
}

/// Where the generic window of `space` starts, if it has one (`.global`
/// addresses are generic already).
pub fn window_base(space: StateSpace) -> Option<u64> {
    match space {
        StateSpace::Shared(_) => Some(SHARED_WINDOW),
        StateSpace::Local => Some(LOCAL_WINDOW),
        StateSpace::Const => Some(CONST_WINDOW),
        StateSpace::Param(ParamScope::Default | ParamScope::Entry) => Some(PARAM_WINDOW),
        _ => None,
    }
}
