//! The threads a launch's workers run on, kept from launch to launch.
//!
//! Starting an OS thread costs tens of microseconds, and a launch on 16
//! workers started 15 of them: for a short launch (`reduce6` runs in 4 ms
//! on 16 workers) that was a tenth of its time, and each new thread began
//! with empty thread-local pools (a closure launch's fiber stacks). A
//! worker thread here, once its part of a launch is done, waits for the
//! next launch's.
//!
//! [`run`] is scoped as `std::thread::scope` is: it returns only once
//! every thread has finished the work it was handed, also when the work
//! panics, so the work may borrow from the caller's stack.

use std::any::Any;
use std::panic::{AssertUnwindSafe, catch_unwind, resume_unwind};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::sync::{Arc, Condvar, Mutex, PoisonError};

/// What one launch's threads count down as they finish: how many are
/// still at work, and the first panic among them.
struct Latch {
    state: Mutex<(usize, Option<Box<dyn Any + Send>>)>,
    done: Condvar,
}

impl Latch {
    /// One thread has finished, with the panic it ended in, if any.
    fn finish(&self, panic: Option<Box<dyn Any + Send>>) {
        let mut state = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        state.0 -= 1;
        if state.1.is_none() {
            state.1 = panic;
        }
        if state.0 == 0 {
            self.done.notify_all();
        }
    }

    /// Waits until every thread has finished; the first panic among them.
    fn wait(&self) -> Option<Box<dyn Any + Send>> {
        let mut state = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        while state.0 > 0 {
            state = self
                .done
                .wait(state)
                .unwrap_or_else(PoisonError::into_inner);
        }
        state.1.take()
    }
}

/// One thread's part of a launch: the work, its lifetime erased (see
/// [`run`] for why it outlives every use), and the latch to count down.
struct Job {
    work: *const (dyn Fn() + Sync + 'static),
    latch: Arc<Latch>,
}

// SAFETY: `work` points at a `Sync` closure, which may be called from any
// thread; `run` keeps it alive until the job's thread has finished with it.
unsafe impl Send for Job {}

/// The threads waiting for work, each reached through its channel.
static IDLE: Mutex<Vec<Sender<Job>>> = Mutex::new(Vec::new());

/// Runs `work` on `threads` threads at once, the calling thread one of
/// them, and returns when every one has returned. A panic in any of them
/// is resumed here, after all have finished.
pub(crate) fn run(threads: usize, work: &(dyn Fn() + Sync)) {
    let others = threads.saturating_sub(1);
    let latch = Arc::new(Latch {
        state: Mutex::new((others, None)),
        done: Condvar::new(),
    });
    // SAFETY: only the lifetime is erased. Every job holding this pointer
    // counts `latch` down after its last use of it, and this function does
    // not return (nor unwind: the calling thread's own part is caught)
    // before `latch.wait()` has seen all of them.
    let erased: *const (dyn Fn() + Sync + 'static) = unsafe { std::mem::transmute(work) };
    for _ in 0..others {
        let mut job = Job {
            work: erased,
            latch: latch.clone(),
        };
        loop {
            let idle = IDLE.lock().unwrap_or_else(PoisonError::into_inner).pop();
            let Some(sender) = idle else {
                start(job);
                break;
            };
            // A thread that has gone (it cannot, but if it had) hands the
            // job back: try the next one.
            match sender.send(job) {
                Ok(()) => break,
                Err(back) => job = back.0,
            }
        }
    }
    let own = catch_unwind(AssertUnwindSafe(work));
    let theirs = latch.wait();
    if let Err(panic) = own {
        resume_unwind(panic);
    }
    if let Some(panic) = theirs {
        resume_unwind(panic);
    }
}

/// Starts a worker thread with `job` as its first job; it then waits
/// for more among the idle ones. If no thread can be started, the job
/// runs on the calling thread instead, before the caller's own part (a
/// worker that finds the grid done returns at once).
fn start(job: Job) {
    let (sender, receiver) = channel();
    let me = sender.clone();
    let spawned = std::thread::Builder::new()
        .name("ptx-sim worker".into())
        .spawn(move || serve(me, receiver));
    match spawned {
        Ok(_) => {
            if let Err(back) = sender.send(job) {
                run_here(back.0);
            }
        }
        Err(_) => run_here(job),
    }
}

/// Runs `job` on the calling thread and counts its latch down.
fn run_here(job: Job) {
    // SAFETY: see `run`: the work outlives this call.
    let work = unsafe { &*job.work };
    let panic = catch_unwind(AssertUnwindSafe(work)).err();
    job.latch.finish(panic);
}

/// A worker thread's life: runs each job it is sent, then offers itself
/// to the next launch through `me`.
fn serve(me: Sender<Job>, jobs: Receiver<Job>) {
    while let Ok(job) = jobs.recv() {
        // SAFETY: see `run`: the work outlives this call.
        let work = unsafe { &*job.work };
        let panic = catch_unwind(AssertUnwindSafe(work)).err();
        // Offered again before the launch hears it is done, so that the
        // next launch finds it.
        IDLE.lock()
            .unwrap_or_else(PoisonError::into_inner)
            .push(me.clone());
        job.latch.finish(panic);
    }
}

#[cfg(test)]
mod tests {
    use super::run;
    use std::sync::atomic::{AtomicUsize, Ordering};

    #[test]
    fn every_thread_runs_the_work_once_per_launch_and_threads_are_kept() {
        let hits = AtomicUsize::new(0);
        let names = std::sync::Mutex::new(std::collections::BTreeSet::new());
        for _ in 0..20 {
            run(4, &|| {
                hits.fetch_add(1, Ordering::Relaxed);
                let me = format!("{:?}", std::thread::current().id());
                names.lock().unwrap().insert(me);
            });
        }
        assert_eq!(hits.into_inner(), 80);
        // 20 launches of 3 other threads each ran on far fewer than 60
        // threads (other tests may share the pool, so not exactly 4).
        assert!(names.into_inner().unwrap().len() < 60);
    }

    #[test]
    fn a_panic_on_a_worker_reaches_the_caller_after_all_have_finished() {
        let finished = AtomicUsize::new(0);
        let caught = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            run(3, &|| {
                let me = finished.fetch_add(1, Ordering::SeqCst);
                if me == 1 {
                    panic!("worker {me} fails");
                }
            })
        }));
        assert!(caught.is_err());
        assert_eq!(finished.into_inner(), 3);
    }
}
