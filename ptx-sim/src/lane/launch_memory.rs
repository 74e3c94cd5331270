//! The memory of a launch that outlives its CTAs: its global buffers,
//! constant buffers and kernel parameters ([`crate::memory::global`]) with
//! the sanitizer's shadow of them, and the device heap's bookkeeping.

use crate::check::GlobalCheck;
use crate::memory::global::{GlobalMemory, ReadOnlyMemory};
use crate::memory::heap::Heap;
use std::sync::{Arc, LazyLock, OnceLock};

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
    /// The device heap that `malloc` and `free` reach, if the launch has
    /// one (its bytes are among the global buffers).
    pub heap: Option<Arc<Heap>>,
    /// The sanitizer's shadow of the global buffers ([`crate::check`]),
    /// made when a CTA of a launch that runs checks first asks for it
    /// ([`LaunchMemory::global_check`]).
    check: OnceLock<Arc<GlobalCheck>>,
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
            heap: None,
            check: OnceLock::new(),
        }
    }
}

impl LaunchMemory {
    /// The sanitizer's shadow of the global buffers, which every CTA's
    /// checker shares: made on the first call, so that a launch that runs
    /// no checks makes none.
    pub fn global_check(&self) -> Arc<GlobalCheck> {
        Arc::clone(
            self.check
                .get_or_init(|| Arc::new(GlobalCheck::with_heap(self.heap.clone()))),
        )
    }

    /// The memory of a launch that registered nothing: shared by all such
    /// launches, so that it costs no allocation.
    pub fn empty() -> Arc<LaunchMemory> {
        static EMPTY: LazyLock<Arc<LaunchMemory>> =
            LazyLock::new(|| Arc::new(LaunchMemory::new(Vec::new(), Vec::new(), Vec::new())));
        EMPTY.clone()
    }
}
