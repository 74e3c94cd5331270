//! The core both front-ends share: what a launch is configured with
//! ([`config`]), how many CTAs the H100 holds at once ([`residency`]), what
//! the CTAs of a cluster share ([`cluster`]: its barrier, its shape and
//! ranks), what the special registers say ([`special`]), the grid of
//! resident clusters run in slices ([`grid`]) and the worker threads it
//! runs on, kept from launch to launch (`workers`).
//!
//! The closure front-end ([`crate::machine`], lanes on fibers) and the
//! module front-end ([`crate::kernel`], warps in lockstep) both launch
//! through one [`config::LaunchConfig`], checked once, admit CTAs by one
//! residency rule, run clusters on one implementation and answer the
//! special registers with one function, so a rule added here reaches
//! both.

pub mod cluster;
pub mod config;
pub mod grid;
pub mod register_requests;
pub mod residency;
pub mod special;
pub(crate) mod workers;
