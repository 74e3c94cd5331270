//! The runtime API (`libcudart.so.13`) over the driver part: the same
//! device, contexts and handles, reached as Rust functions. As NVIDIA's
//! runtime does, it initialises lazily: the first call that needs the
//! device makes the primary context current on the calling thread
//! ([`ensure`]), unless a context is current already.

pub mod device;
pub mod error;
pub mod event;
pub mod graph;
pub mod launch;
pub mod memory;
pub mod not_implemented;
pub mod pitched;
pub mod register;
pub mod stream;
pub mod texture;

use crate::driver::context::{retain_primary, set_current};
use crate::export::Outcome;
use crate::state::{current, state};

/// Readies the runtime on the calling thread: the driver initialised
/// and a current context (the primary one, retained once, unless one is
/// current).
pub fn ensure() -> Outcome {
    let mut state = state();
    state.initialized = true;
    let live = current().is_some_and(|c| state.contexts.contains(c));
    if !live {
        let primary = match state.primary.handle {
            Some(handle) if state.runtime.retained && state.contexts.contains(handle) => handle,
            _ => {
                state.runtime.retained = true;
                retain_primary(&mut state)
            }
        };
        set_current(primary);
    }
    Ok(())
}
