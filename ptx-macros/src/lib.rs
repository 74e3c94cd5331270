//! The `ptx!` macro.
