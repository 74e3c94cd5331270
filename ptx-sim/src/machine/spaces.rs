//! The memory of a launch that outlives its CTAs: its global buffers,
//! constant buffers and kernel parameters ([`crate::memory::global`]) with
//! the sanitizer's shadow of them, and which launch's memory the CTAs run
//! on the calling thread reach.

use crate::fault::{Fault, LaunchFault};
use crate::memory::global::{GlobalMemory, ReadOnlyMemory};
use ptx_core::StateSpace;
use std::cell::RefCell;
use std::sync::{Arc, LazyLock};

/// Everything one launch registered: its global buffers, constant buffers
/// and kernel parameters.
#[derive(Debug)]
pub struct LaunchMemory {
    /// The global buffers.
    pub global: GlobalMemory,
    /// The constant buffers.
    pub constant: ReadOnlyMemory,
    /// The kernel's parameters.
    pub params: ReadOnlyMemory,
    /// The sanitizer's shadow of the global buffers ([`crate::check`]),
    /// touched only when a launch runs checks.
    pub check: crate::check::GlobalCheck,
}

impl LaunchMemory {
    /// A launch's memory holding `global` and `constant` buffers and the
    /// kernel parameters `params`.
    pub fn new(global: Vec<Vec<u8>>, constant: Vec<Vec<u8>>, params: Vec<u8>) -> LaunchMemory {
        LaunchMemory::with_global(GlobalMemory::new(global), constant, params)
    }

    /// A launch's memory holding `global` memory (see
    /// [`GlobalMemory::placed`]), `constant` buffers and the kernel
    /// parameters `params`.
    pub fn with_global(
        global: GlobalMemory,
        constant: Vec<Vec<u8>>,
        params: Vec<u8>,
    ) -> LaunchMemory {
        LaunchMemory {
            global,
            constant: ReadOnlyMemory::constant(constant),
            params: ReadOnlyMemory::params(params),
            check: crate::check::GlobalCheck::new(),
        }
    }
}

thread_local! {
    static CURRENT: RefCell<Option<Arc<LaunchMemory>>> = const { RefCell::new(None) };
}

/// Makes `memory` the memory of the CTAs run on this thread until the
/// returned guard is dropped; `None` for a launch that registered nothing,
/// which sees none of an enclosing launch's (see [`current`]).
pub(crate) fn enter(memory: Option<Arc<LaunchMemory>>) -> Entered {
    let previous = CURRENT.with(|c| c.replace(memory));
    Entered { previous }
}

/// Restores the thread's previous launch memory when dropped.
pub(crate) struct Entered {
    previous: Option<Arc<LaunchMemory>>,
}

impl Drop for Entered {
    fn drop(&mut self) {
        let previous = self.previous.take();
        CURRENT.with(|c| *c.borrow_mut() = previous);
    }
}

/// The running launch's memory (a launch that registered nothing has an
/// empty one, shared, so that it costs no allocation); `instruction` on
/// `space` names the access in the fault outside a launch.
pub(crate) fn current(
    instruction: &'static str,
    space: StateSpace,
) -> Result<Arc<LaunchMemory>, Fault> {
    static EMPTY: LazyLock<Arc<LaunchMemory>> =
        LazyLock::new(|| Arc::new(LaunchMemory::new(Vec::new(), Vec::new(), Vec::new())));
    if let Some(memory) = CURRENT.with(|c| c.borrow().clone()) {
        return Ok(memory);
    }
    if super::running::in_launch() {
        return Ok(EMPTY.clone());
    }
    Err(Fault::Launch(LaunchFault::NeedsLaunch {
        instruction,
        memory: Some(space),
    }))
}
