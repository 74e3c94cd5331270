//! What a launch that did not finish gives back: every fault its threads
//! and CTAs met.

use super::{Fault, ThreadFault};
use std::fmt;

/// A launch that went wrong: threads that panicked (a `ptx!` fault, or
/// any other panic), lanes that waited at a collective or barrier the
/// others never reached, a grid that could not run.
///
/// Each fault names the thread that met it and the statement, where they
/// are known, so a caller tells a deadlock from an out-of-bounds access by
/// matching [`ThreadFault::fault`]:
///
/// ```
/// use ptx_sim::fault::{Fault, ProgramFault};
/// use ptx_sim::machine::Launch;
/// let err = Launch::new(1, 64)
///     .run(|t| assert!(t.tid[0] != 40, "thread 40 gives up"))
///     .unwrap_err();
/// assert_eq!(err.faults.len(), 1);
/// assert_eq!(err.faults[0].thread.map(|t| t.tid), Some([40, 0, 0]));
/// assert_eq!(err.faults[0].fault, Fault::Program(ProgramFault::Panic { message: "thread 40 gives up".into() }));
/// assert_eq!(err.to_string(), "thread (40, 0, 0) of CTA (0, 0, 0): thread 40 gives up");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LaunchError {
    /// Every fault, in CTA order, each CTA's in the order they happened: a
    /// deadlock (no thread: it is the CTA's), then each thread it stopped
    /// that panicked over it.
    pub faults: Vec<ThreadFault>,
}

impl From<Fault> for LaunchError {
    fn from(fault: Fault) -> LaunchError {
        LaunchError {
            faults: vec![fault.into()],
        }
    }
}

/// One line per fault, the first eight of them.
impl fmt::Display for LaunchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let shown = self.faults.len().min(8);
        for (i, fault) in self.faults[..shown].iter().enumerate() {
            if i > 0 {
                f.write_str("\n")?;
            }
            write!(f, "{fault}")?;
        }
        if self.faults.len() > shown {
            write!(f, "\n... {} more", self.faults.len() - shown)?;
        }
        Ok(())
    }
}

impl std::error::Error for LaunchError {}
