//! A closure launch's clusters on the engine's one grid
//! ([`crate::engine::grid`]): each resident cluster runs on a stack of its
//! own on the worker that admitted it, its lanes on fibers as ever, and
//! pauses once its lanes have run a slice's statements (`watch.rs`'s
//! [`Slice`](super::progress::Slice)), so that one worker takes turns among
//! clusters that wait on each other, as the module front-end's do.

use super::fiber;
use super::scheduler::{CtaOutcome, Paused, Resume, Suspend};
use crate::engine::grid::{Front, Resident, SliceEnd};
use crate::fault::{Fault, ThreadFault};
use crate::lane::LaunchMemory;
use corosensei::{Coroutine, CoroutineResult, Yielder};
use std::sync::{Arc, Mutex};

/// Statements a cluster's lanes run before it goes back to the queue.
pub(super) const SLICE: u64 = 1 << 15;

/// The stack a cluster's CTAs run their scheduler on (and the warp side
/// of their collectives): mapped as touched, so its size costs nothing
/// unused.
const HOST_STACK: usize = 1 << 20;

/// One per CTA of a cluster, by rank: most clusters are one CTA, which
/// needs no allocation.
pub(super) enum Ranks<X> {
    /// A cluster of one CTA.
    One(X),
    /// A cluster of several, by rank.
    Many(Vec<X>),
}

impl<X> IntoIterator for Ranks<X> {
    type Item = X;
    type IntoIter = std::iter::Chain<std::option::IntoIter<X>, std::vec::IntoIter<X>>;

    fn into_iter(self) -> Self::IntoIter {
        match self {
            Ranks::One(x) => Some(x).into_iter().chain(Vec::new()),
            Ranks::Many(xs) => None.into_iter().chain(xs),
        }
    }
}

/// A cluster's result cells, by rank, until it is admitted.
pub(super) type ClusterResults<'a, T> = Mutex<Option<Ranks<&'a mut [Option<T>]>>>;

/// Runs cluster `index` in slices (how it pauses, and its first budget),
/// its threads' results going to the cells given by rank: what a launch
/// does to run one of its clusters (`Launch::run_cluster_sliced`).
pub(super) type RunCluster<'a, T> = dyn for<'s> Fn(usize, Ranks<&'a mut [Option<T>]>, (Suspend<'s>, u64)) -> Ranks<CtaOutcome>
    + Sync
    + 'a;

/// A closure launch's side of its grid.
pub(super) struct FiberGrid<'a, T> {
    /// Runs one cluster.
    pub run: &'a RunCluster<'a, T>,
    /// The threads of a CTA.
    pub threads: usize,
    pub memory: &'a Option<Arc<LaunchMemory>>,
    /// Each cluster's result cells, by rank, taken as it is admitted.
    pub results: Vec<ClusterResults<'a, T>>,
}

/// One resident cluster: its CTAs' run, suspended between slices.
pub(super) struct FiberCluster<'a> {
    coroutine: Option<Coroutine<Resume, Paused, Ranks<CtaOutcome>, fiber::ColoredStack>>,
    memory: &'a Option<Arc<LaunchMemory>>,
    done: Option<Ranks<CtaOutcome>>,
}

impl FiberCluster<'_> {
    /// Resumes the cluster with `resume`: what it reports as it pauses
    /// again, or `None` once it has finished.
    fn resume(&mut self, resume: Resume) -> Option<Paused> {
        let coroutine = self.coroutine.as_mut()?;
        // The CTAs take the launch's memory as they start, in the first
        // resume, which makes it the thread's (here, not inside, as
        // clusters take turns); later resumes need nothing of it.
        let _memory = (!coroutine.started()).then(|| super::spaces::enter(self.memory.clone()));
        match coroutine.resume(resume) {
            CoroutineResult::Yield(paused) => Some(paused),
            CoroutineResult::Return(outcomes) => {
                self.done = Some(outcomes);
                if let Some(done) = self.coroutine.take() {
                    fiber::give_back_stack(done.into_stack());
                }
                None
            }
        }
    }
}

impl Resident for FiberCluster<'_> {
    fn run(&mut self, budget: u64) -> Result<(SliceEnd, u64), Box<ThreadFault>> {
        Ok(match self.resume(Resume::Run(budget)) {
            Some(paused) => (
                SliceEnd::Paused {
                    progress: paused.progress,
                    busy: false,
                },
                paused.used,
            ),
            None => (SliceEnd::Finished, 0),
        })
    }

    fn positions(&mut self) -> Vec<String> {
        self.resume(Resume::Report)
            .and_then(|p| p.positions)
            .unwrap_or_default()
    }

    fn stop(&mut self, why: &Fault) {
        while self.resume(Resume::Stop(why.clone())).is_some() {}
    }
}

impl<'a, T: Send> Front for FiberGrid<'a, T> {
    type Cluster = FiberCluster<'a>;
    type Done = Ranks<CtaOutcome>;

    fn admit(&self, index: usize) -> FiberCluster<'a> {
        let results = self.results[index]
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .take()
            .unwrap_or(Ranks::Many(Vec::new()));
        let run = self.run;
        let body = move |yielder: &Yielder<Resume, Paused>, first: Resume| {
            let budget = match first {
                Resume::Run(budget) => budget,
                // Stopped before it ran: it pauses at its first look,
                // and the grid's stop answers.
                _ => 1,
            };
            let suspend = |paused: Paused| yielder.suspend(paused);
            run(index, results, (&suspend, budget))
        };
        let coroutine = fiber::take_stack(HOST_STACK).map(|stack| {
            // SAFETY: what `body` borrows (the launch, the closure, the
            // result cells) outlives the grid's run, which drives every
            // cluster to its end (or, unwinding, drops it) before it
            // returns.
            unsafe { Coroutine::with_stack_unchecked(stack, body) }
        });
        match coroutine {
            Ok(coroutine) => FiberCluster {
                coroutine: Some(coroutine),
                memory: self.memory,
                done: None,
            },
            Err(why) => FiberCluster {
                coroutine: None,
                memory: self.memory,
                done: Some(Ranks::One(CtaOutcome::unstarted(
                    self.threads,
                    why.to_string(),
                ))),
            },
        }
    }

    fn finish(&self, cluster: &mut FiberCluster<'a>) -> Ranks<CtaOutcome> {
        cluster.done.take().unwrap_or(Ranks::Many(Vec::new()))
    }

    fn changes(&self) -> u64 {
        self.memory.as_ref().map_or(0, |m| m.global.changes())
    }
}
