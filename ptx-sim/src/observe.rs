//! What a launch's engines tell whoever watches a CTA run: the
//! [`Observer`] trait, one method per event. The sanitizer
//! ([`crate::check`]) is one observer; a profiler, or the bank model,
//! would be others, implementing only the events they need.
//!
//! Both front-ends hold a CTA's observer as an `Option<Box<dyn
//! Observer>>`, set when the CTA is made and only when the launch asks for
//! one (its checks), and call it at the places below; a launch that runs
//! none pays one test of the `Option` at each of them. What an observer
//! made of the run is taken from it when the CTA ends: it is an [`Any`],
//! so the code that made it can have its own type back.
//!
//! Events name the things the engines already know:
//!
//! - a *warp* by its index in the CTA, a *thread* by its index in the
//!   CTA (`warp * 32 + lane`), *lanes* by a mask of a warp's lanes (bit
//!   `l`: lane `l`);
//! - a statement by its *site*, a number the front-end gives it (a
//!   module's function and instruction, a `ptx!` statement's text and
//!   Rust line) and maps back to a [`Site`] when the CTA's findings are
//!   told;
//! - an operation by its [`Semantics`] and modifiers ([`Mods`]), and each
//!   member lane's operand slots ([`Slots`]) as the semantic function sees
//!   them;
//! - `own`: the CTA's rank in its cluster (0 without clusters), which
//!   tells its own shared memory from its peers' in `.shared::cluster`
//!   addresses.

use crate::exec::Slots;
use ptx_core::{Mods, Semantics};
use std::any::Any;
use std::panic::Location;

/// The statement a site number names: its text, and the Rust source line
/// of a `ptx!` statement.
pub type Site = (Option<String>, Option<&'static Location<'static>>);

/// What watches one CTA run: told of each event below as the engine meets
/// it, in the order the CTA's warps make them. Every method does nothing
/// unless an observer says otherwise.
#[allow(unused_variables)]
pub trait Observer: Any {
    /// Warp operation `sem` (modifiers `m`) is about to run for the
    /// `members` lanes of warp `warp`, from statement `site`, their
    /// operand slots in `rows` (only the members' rows mean anything), in
    /// a CTA of rank `own` of its cluster. `collective`: the lanes run it
    /// together (a semantic function of the warp class,
    /// `crate::sem::Class::Warp`), which orders them as one. Called for
    /// every operation the engine runs a warp at a time: loads, stores,
    /// atomics, `mbarrier` operations, collectives.
    #[allow(clippy::too_many_arguments)]
    fn warp_op(
        &mut self,
        warp: u32,
        site: u32,
        sem: Semantics,
        m: &Mods,
        members: u32,
        rows: &[Slots; 32],
        own: u32,
        collective: bool,
    ) {
    }

    /// Warp operation `sem` (modifiers `m`) ran without a fault for the
    /// `members` lanes of warp `warp`, their slots now in `rows` (what it
    /// returned: loaded values, an `mbarrier` wait's answer), in a CTA of
    /// rank `own`. Called after each [`Observer::warp_op`] whose operation
    /// succeeded.
    #[allow(clippy::too_many_arguments)]
    fn after_warp_op(
        &mut self,
        warp: u32,
        sem: Semantics,
        m: &Mods,
        members: u32,
        rows: &[Slots; 32],
        own: u32,
    ) {
    }

    /// Lane `lane` of warp `warp` is about to issue a `cp.async` from
    /// statement `site`: `size` bytes to address `dst` (where modifiers `m`
    /// place it, in a CTA of rank `own`) from global address `src`, of
    /// which `read` bytes are read (the rest are zeros).
    #[allow(clippy::too_many_arguments)]
    fn async_copy(
        &mut self,
        warp: u32,
        lane: u32,
        site: u32,
        m: &Mods,
        dst: u64,
        src: u64,
        size: u64,
        read: u64,
        own: u32,
    ) {
    }

    /// Shared memory may from now on be written where no event tells: a
    /// bulk copy (`cp.async.bulk` and its kin) was issued, or, once when
    /// the CTA is made, the CTA is in a cluster of more than one, whose
    /// other CTAs write it through `.shared::cluster` addresses.
    fn unseen_writes(&mut self) {}

    /// Warp `warp` arrived at the cluster barrier
    /// (`barrier.cluster.arrive`). Called once per warp's arrival, before
    /// the cluster counts it.
    fn cluster_arrive(&mut self, warp: u32) {}

    /// Warp `warp` passed the cluster barrier (`barrier.cluster.wait`):
    /// the phase it waited for completed. Called when it goes on.
    fn cluster_wait(&mut self, warp: u32) {}

    /// Warp `warp` ran a fence (`fence`, `membar`). Called before it runs.
    fn fence(&mut self, warp: u32) {}

    /// A phase of one of the CTA's barriers (`bar`, `barrier`) completed:
    /// the warps of `releasing` (a bit per warp) arrived at it, those of
    /// `acquiring` waited for it. Called as the engine releases the
    /// waiting lanes.
    fn barrier(&mut self, releasing: u32, acquiring: u32) {}

    /// Collective `instruction` (its PTX name) runs for lanes `lanes` of
    /// warp `warp`, from statement `site`, over member mask `membermask`
    /// whose lanes `exited` (not 0) have exited. Called before it runs.
    #[allow(clippy::too_many_arguments)]
    fn collective_over_exited(
        &mut self,
        instruction: &'static str,
        warp: u32,
        site: u32,
        lanes: u32,
        membermask: u32,
        exited: u32,
    ) {
    }

    /// Lanes `lanes` of warp `warp` arrived at barrier `barrier` from
    /// statement `site` giving thread count `count`, while an earlier
    /// arrival in the same phase gave `earlier`. Called at the arrival.
    fn barrier_counts_differ(
        &mut self,
        warp: u32,
        lanes: u32,
        site: u32,
        barrier: u32,
        earlier: u32,
        count: u32,
    ) {
    }

    /// Aligned barrier `instruction` (`bar.sync`, `barrier.sync.aligned`,
    /// ...) was reached by lanes `arrived` of warp `warp` from statement
    /// `site`, while its lanes `missing` (not 0; none exited) were
    /// elsewhere. Called when the arrival is made (module) or the barrier
    /// completes (closures).
    fn divergent_barrier(
        &mut self,
        instruction: &'static str,
        warp: u32,
        site: u32,
        arrived: u32,
        missing: u32,
    ) {
    }

    /// Thread `thread` (its index in the CTA) had `size` bytes of its
    /// local memory at `at` written by the engine rather than by an
    /// instruction: an argument or result a call of a module's function
    /// passed there.
    fn local_written(&mut self, thread: u32, at: u64, size: u64) {}

    /// Lanes `lanes` of warp `warp` read register `register` of their
    /// frame before writing it, at statement `site` (a module's
    /// instruction, its guard or an operand); `name` gives the register's
    /// name. Called before the instruction runs, only in a launch whose
    /// warps track which registers they wrote (the `init` check).
    fn uninitialized_register(
        &mut self,
        warp: u32,
        lanes: u32,
        site: u32,
        register: u32,
        name: &dyn Fn() -> String,
    ) {
    }
}
