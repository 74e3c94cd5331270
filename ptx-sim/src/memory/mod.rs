//! Memory as the machine holds it, below every engine: where an address
//! points ([`window`], [`cluster_address`], [`place`]); the global and
//! read-only buffers of a launch ([`global`]), the atomic words they are
//! made of ([`words`]) and the values they hold ([`element`]); the shared
//! memories of a cluster's CTAs ([`peers`]); a thread's asynchronous
//! copies in flight ([`in_flight`]); the device heap's bookkeeping, what
//! a kernel's `malloc` and `free` give out ([`heap`]); and the
//! shared-memory bank model ([`banks`]) with what it counts
//! ([`bank_counts`]).
//!
//! Everything here is a plain value or a function of its arguments: no
//! thread-local says which launch or lane is running (the engines hand
//! their memory in), so the sanitizer and the instruction semantics above
//! can use it without reaching back up.

pub mod bank_counts;
pub mod banks;
pub mod cluster_address;
pub mod element;
pub mod global;
pub mod heap;
pub mod in_flight;
pub mod peers;
pub mod place;
pub mod window;
pub mod words;
