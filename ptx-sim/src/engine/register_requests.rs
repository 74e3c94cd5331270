//! What the warps of a CTA asked of `setmaxnreg`: state of the CTA that
//! the closure front-end keeps (`machine::cta`) and the module front-end
//! keeps (`kernel::cta`), checked by one rule after each `setmaxnreg`.

use crate::fault::{Fault, SyncFault};

/// Each warp's `setmaxnreg` requests so far, (`.inc`, count) in order: the
/// warps of a warpgroup must make the same ones (the instruction's
/// `.sync.aligned` spans the warpgroup).
///
/// ```
/// use ptx_sim::engine::register_requests::RegisterRequests;
/// let mut requests = RegisterRequests::default();
/// assert!(requests.note(0, true, 240).is_ok());
/// assert!(requests.note(1, true, 240).is_ok());
/// let err = requests.note(2, false, 40).unwrap_err();
/// assert!(err.to_string().contains("warp 2 asks for .dec 40 as its setmaxnreg number 1, where warp 0"));
/// assert!(requests.note(4, false, 40).is_ok()); // another warpgroup
/// ```
#[derive(Clone, Debug, Default)]
pub struct RegisterRequests(Vec<Vec<(bool, u32)>>);

impl RegisterRequests {
    /// Warp `w` asks for `count` registers (`inc`: more, else fewer): an
    /// error naming both if another warp of its warpgroup asked for
    /// something else at the same point.
    pub fn note(&mut self, w: usize, inc: bool, count: u32) -> Result<(), Fault> {
        let request = (inc, count);
        let requests = &mut self.0;
        if requests.len() <= w {
            requests.resize(w + 1, Vec::new());
        }
        requests[w].push(request);
        let nth = requests[w].len();
        let name =
            |(inc, count): (bool, u32)| format!(".{} {count}", if inc { "inc" } else { "dec" });
        // The first request made at this point in the warpgroup is the
        // one the others must match.
        let group = w / 4 * 4;
        let end = (group + 4).min(requests.len());
        let first = (group..end)
            .filter(|&other| other != w)
            .find_map(|other| Some((other, *requests[other].get(nth - 1)?)));
        match first {
            Some((other, theirs)) if theirs != request => Err(Fault::Sync(SyncFault::Divergent {
                instruction: "setmaxnreg",
                detail: format!(
                    "warp {w} asks for {} as its setmaxnreg number {nth}, where warp {other} of its warpgroup asked for {}",
                    name(request),
                    name(theirs)
                ),
            })),
            _ => Ok(()),
        }
    }
}
