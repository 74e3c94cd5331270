//! Stream capture (`cuStreamBeginCapture` ... `cuStreamEndCapture`):
//! while a stream captures, the work enqueued on it becomes nodes of a
//! graph ([`crate::driver::graph`]) instead of running.
//!
//! A capture sequence starts on its origin stream; a stream that waits
//! for an event recorded in the sequence joins it (a fork), and the
//! origin waiting for an event recorded on a joined stream takes that
//! stream's work as its own dependencies (the join). Each stream keeps
//! its frontier: the nodes the next captured work depends on. Recording
//! an event in a capture notes the frontier in the event and adds no
//! node.
//!
//! What CUDA forbids during a capture is refused with the code its
//! documentation gives, and the capture is invalidated (its end returns
//! `CUDA_ERROR_STREAM_CAPTURE_INVALIDATED` and no graph):
//!
//! * synchronising or querying a capturing stream, or the context:
//!   `CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED`;
//! * using the legacy stream (`0`, `CU_STREAM_LEGACY`) while a stream
//!   created without `CU_STREAM_NON_BLOCKING` captures, which would make
//!   the legacy stream wait for work that does not run:
//!   `CUDA_ERROR_STREAM_CAPTURE_IMPLICIT`;
//! * a "potentially unsafe" call (a synchronous copy or fill, an
//!   allocation, a free) from a thread the capture modes forbid it
//!   (`CU_STREAM_CAPTURE_MODE_GLOBAL`, `_THREAD_LOCAL`, `_RELAXED` and
//!   `cuThreadExchangeStreamCaptureMode`, as documented):
//!   `CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED`;
//! * synchronising or querying an event last recorded in a capture:
//!   `CUDA_ERROR_CAPTURED_EVENT`.

use crate::driver::error::CUDA_ERROR_INVALID_VALUE;
use crate::driver::graph::{self, Work};
use crate::export::{Outcome, Status, driver_api, out};
use crate::state::{Handle, State, state};
use std::cell::Cell;
use std::collections::{HashMap, HashSet};
use std::thread::ThreadId;

/// `CUDA_ERROR_ILLEGAL_STATE`: ending a capture that is not under way.
pub const CUDA_ERROR_ILLEGAL_STATE: Status = 401;
/// `CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED`.
pub const CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED: Status = 900;
/// `CUDA_ERROR_STREAM_CAPTURE_INVALIDATED`.
pub const CUDA_ERROR_STREAM_CAPTURE_INVALIDATED: Status = 901;
/// `CUDA_ERROR_STREAM_CAPTURE_MERGE`.
pub const CUDA_ERROR_STREAM_CAPTURE_MERGE: Status = 902;
/// `CUDA_ERROR_STREAM_CAPTURE_UNMATCHED`.
pub const CUDA_ERROR_STREAM_CAPTURE_UNMATCHED: Status = 903;
/// `CUDA_ERROR_STREAM_CAPTURE_UNJOINED`.
pub const CUDA_ERROR_STREAM_CAPTURE_UNJOINED: Status = 904;
/// `CUDA_ERROR_STREAM_CAPTURE_IMPLICIT`.
pub const CUDA_ERROR_STREAM_CAPTURE_IMPLICIT: Status = 906;
/// `CUDA_ERROR_CAPTURED_EVENT`.
pub const CUDA_ERROR_CAPTURED_EVENT: Status = 907;
/// `CUDA_ERROR_STREAM_CAPTURE_WRONG_THREAD`.
pub const CUDA_ERROR_STREAM_CAPTURE_WRONG_THREAD: Status = 908;

/// `CU_STREAM_CAPTURE_MODE_GLOBAL`, `_THREAD_LOCAL`, `_RELAXED`.
const MODE_GLOBAL: u32 = 0;
const MODE_RELAXED: u32 = 2;

/// `CU_STREAM_CAPTURE_STATUS_NONE`, `_ACTIVE`, `_INVALIDATED`.
const STATUS_NONE: u32 = 0;
const STATUS_ACTIVE: u32 = 1;
const STATUS_INVALIDATED: u32 = 2;

/// `CU_STREAM_NON_BLOCKING`: a stream the legacy stream does not wait for.
const NON_BLOCKING: u32 = 1;

/// `CU_EVENT_RECORD_EXTERNAL` / `CU_EVENT_WAIT_EXTERNAL`: an event record
/// or wait that becomes a node of the capture.
const EXTERNAL: u32 = 1;

/// `CU_STREAM_ADD_CAPTURE_DEPENDENCIES`, `CU_STREAM_SET_CAPTURE_DEPENDENCIES`.
const ADD_DEPENDENCIES: u32 = 0;
const SET_DEPENDENCIES: u32 = 1;

/// One capture sequence.
struct Sequence {
    /// The graph it builds.
    graph: Handle,
    /// The stream it began on, where it must end.
    origin: Handle,
    /// Its `CUstreamCaptureMode`.
    mode: u32,
    /// The thread that began it.
    thread: ThreadId,
    /// Whether a forbidden call invalidated it.
    invalidated: bool,
}

/// A stream taking part in a capture sequence.
struct Joined {
    /// The sequence's id.
    sequence: u64,
    /// The nodes the stream's next work depends on.
    frontier: Vec<Handle>,
}

/// Every capture under way, in the state.
#[derive(Default)]
pub struct Captures {
    /// Sequences by id (ids start at 1).
    sequences: HashMap<u64, Sequence>,
    /// The streams taking part, each in one sequence.
    streams: HashMap<Handle, Joined>,
    /// Events last recorded in a capture: the sequence and the frontier.
    events: HashMap<Handle, (u64, Vec<Handle>)>,
    /// The last id given.
    last_id: u64,
}

thread_local! {
    /// The calling thread's capture interaction mode
    /// (`cuThreadExchangeStreamCaptureMode`).
    static THREAD_MODE: Cell<u32> = const { Cell::new(MODE_GLOBAL) };
}

/// Whether `stream` names the legacy stream.
fn legacy(stream: Handle) -> bool {
    stream == 0 || stream == 1
}

impl Captures {
    /// Whether any capture is under way.
    pub fn any(&self) -> bool {
        !self.sequences.is_empty()
    }

    /// Marks every sequence `which` picks (by id) invalidated; whether
    /// any was.
    fn invalidate(&mut self, which: impl Fn(u64, &Sequence) -> bool) -> bool {
        let mut any = false;
        for (&id, sequence) in self.sequences.iter_mut() {
            if which(id, sequence) {
                sequence.invalidated = true;
                any = true;
            }
        }
        any
    }
}

/// The sequences with a blocking stream (one the legacy stream waits
/// for) taking part.
fn blocking(state: &State) -> HashSet<u64> {
    state
        .captures
        .streams
        .iter()
        .filter(|(s, _)| {
            state
                .streams
                .get(**s)
                .is_ok_and(|s| s.flags & NON_BLOCKING == 0)
        })
        .map(|(_, j)| j.sequence)
        .collect()
}

/// `CUDA_ERROR_STREAM_CAPTURE_IMPLICIT`, the captures invalidated, if
/// `stream` is the legacy stream and a blocking stream captures.
fn implicit(state: &mut State, stream: Handle) -> Outcome {
    if !legacy(stream) {
        return Ok(());
    }
    let blocking = blocking(state);
    if blocking.is_empty() {
        return Ok(());
    }
    state.captures.invalidate(|id, _| blocking.contains(&id));
    eprintln!(
        "ptx-libcuda: the legacy stream used while a blocking stream captures (it would wait for work that never runs); the capture is invalidated"
    );
    Err(CUDA_ERROR_STREAM_CAPTURE_IMPLICIT)
}

/// Whether work enqueued on `stream` is to be recorded (it captures), or
/// run; an error for a stream whose capture was invalidated, or for the
/// legacy stream while a blocking stream captures.
pub fn recording(state: &mut State, stream: Handle) -> Result<bool, Status> {
    if let Some(joined) = state.captures.streams.get(&stream) {
        return match state.captures.sequences.get(&joined.sequence) {
            Some(s) if s.invalidated => Err(CUDA_ERROR_STREAM_CAPTURE_INVALIDATED),
            _ => Ok(true),
        };
    }
    implicit(state, stream)?;
    Ok(false)
}

/// Adds `work` to the capture `stream` takes part in, after the stream's
/// frontier; the new node is its frontier.
pub fn record(state: &mut State, stream: Handle, work: Work) -> Outcome {
    let joined = state
        .captures
        .streams
        .get(&stream)
        .ok_or(CUDA_ERROR_INVALID_VALUE)?;
    let graph = state.captures.sequences[&joined.sequence].graph;
    let deps = joined.frontier.clone();
    let node = graph::add_node(state, graph, &deps, work)?;
    if let Some(joined) = state.captures.streams.get_mut(&stream) {
        joined.frontier = vec![node];
    }
    Ok(())
}

/// What a call that synchronises or queries `stream` checks: not a
/// capturing stream (that invalidates its capture), not the legacy
/// stream while a blocking stream captures.
pub fn check_stream_wait(state: &mut State, stream: Handle) -> Outcome {
    if let Some(sequence) = state.captures.streams.get(&stream).map(|j| j.sequence) {
        if let Some(s) = state.captures.sequences.get_mut(&sequence) {
            s.invalidated = true;
        }
        eprintln!(
            "ptx-libcuda: a capturing stream synchronised or queried; the capture is invalidated"
        );
        return Err(CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED);
    }
    implicit(state, stream)
}

/// What a call that synchronises the whole context checks: no capture
/// under way (each is invalidated).
pub fn check_context_wait(state: &mut State) -> Outcome {
    if state.captures.invalidate(|_, _| true) {
        eprintln!(
            "ptx-libcuda: the context synchronised while a stream captures; the capture is invalidated"
        );
        return Err(CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED);
    }
    Ok(())
}

/// What a "potentially unsafe" call (a synchronous copy or fill on the
/// legacy stream, an allocation, a free) checks: the legacy stream's
/// implicit dependency on a blocking capture, then whether the calling
/// thread's mode and the captures' modes forbid the call (the captures
/// that forbid it are invalidated).
pub fn check_unsafe(state: &mut State) -> Outcome {
    implicit(state, 0)?;
    let me = std::thread::current().id();
    let mode = THREAD_MODE.with(Cell::get);
    let forbids = |_, s: &Sequence| match mode {
        MODE_RELAXED => false,
        MODE_GLOBAL => {
            (s.thread == me && s.mode != MODE_RELAXED) || (s.thread != me && s.mode == MODE_GLOBAL)
        }
        _ => s.thread == me && s.mode != MODE_RELAXED,
    };
    if state.captures.invalidate(forbids) {
        eprintln!(
            "ptx-libcuda: a call that may synchronise (a synchronous copy or fill, an allocation, a free) while a stream captures; the capture is invalidated"
        );
        return Err(CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED);
    }
    Ok(())
}

/// [`check_unsafe`], the state locked.
pub fn unsafe_call() -> Outcome {
    check_unsafe(&mut state())
}

/// What synchronising or querying `event` checks: it was not last
/// recorded in a capture under way.
pub fn check_event(state: &State, event: Handle) -> Outcome {
    match state.captures.events.get(&event) {
        Some((sequence, _)) if state.captures.sequences.contains_key(sequence) => {
            Err(CUDA_ERROR_CAPTURED_EVENT)
        }
        _ => Ok(()),
    }
}

/// Records `event` on `stream` if it captures: the event keeps the
/// stream's frontier (an external record, `flags` 1, is a node). Whether
/// it did; an event recorded outside a capture forgets any capture.
pub fn record_event(
    state: &mut State,
    event: Handle,
    stream: Handle,
    flags: u32,
) -> Result<bool, Status> {
    if !recording(state, stream)? {
        state.captures.events.remove(&event);
        return Ok(false);
    }
    if flags & EXTERNAL != 0 {
        record(state, stream, Work::EventRecord(event))?;
    }
    let joined = &state.captures.streams[&stream];
    let noted = (joined.sequence, joined.frontier.clone());
    state.captures.events.insert(event, noted);
    Ok(true)
}

/// Makes `stream` wait for `event` if that involves a capture: an event
/// recorded in a capture forks the capture into `stream` or joins its
/// work into `stream`'s; a capturing stream waiting for an event of no
/// capture adds an event-wait node if the wait is external (`flags` 1),
/// else nothing. Whether it did.
pub fn wait_event(
    state: &mut State,
    stream: Handle,
    event: Handle,
    flags: u32,
) -> Result<bool, Status> {
    let noted = state
        .captures
        .events
        .get(&event)
        .filter(|(sequence, _)| state.captures.sequences.contains_key(sequence))
        .cloned();
    let Some((sequence, nodes)) = noted else {
        if !recording(state, stream)? {
            return Ok(false);
        }
        if flags & EXTERNAL != 0 {
            record(state, stream, Work::EventWait(event))?;
        }
        return Ok(true);
    };
    match state.captures.streams.get_mut(&stream) {
        Some(joined) if joined.sequence != sequence => Err(CUDA_ERROR_STREAM_CAPTURE_MERGE),
        Some(joined) => {
            for node in nodes {
                if !joined.frontier.contains(&node) {
                    joined.frontier.push(node);
                }
            }
            Ok(true)
        }
        None if legacy(stream) => Err(CUDA_ERROR_STREAM_CAPTURE_IMPLICIT),
        None => {
            state.captures.streams.insert(
                stream,
                Joined {
                    sequence,
                    frontier: nodes,
                },
            );
            Ok(true)
        }
    }
}

/// Begins capturing `stream` in `mode` into a new graph.
pub fn begin(stream: Handle, mode: u32) -> Outcome {
    let mut state = state();
    state.ready()?;
    state.stream(stream)?;
    if mode > MODE_RELAXED {
        return Err(CUDA_ERROR_INVALID_VALUE);
    }
    if legacy(stream) {
        eprintln!("ptx-libcuda: the legacy stream cannot capture");
        return Err(CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED);
    }
    if state.captures.streams.contains_key(&stream) {
        return Err(CUDA_ERROR_ILLEGAL_STATE);
    }
    let graph = graph::create(&mut state);
    let captures = &mut state.captures;
    captures.last_id += 1;
    let id = captures.last_id;
    captures.sequences.insert(
        id,
        Sequence {
            graph,
            origin: stream,
            mode,
            thread: std::thread::current().id(),
            invalidated: false,
        },
    );
    captures.streams.insert(
        stream,
        Joined {
            sequence: id,
            frontier: Vec::new(),
        },
    );
    Ok(())
}

/// Ends the capture begun on `stream`: its graph, or the error that
/// invalidated it (no graph then).
pub fn end(stream: Handle) -> Result<Handle, Status> {
    let mut state = state();
    state.context()?;
    state.stream(stream)?;
    let sequence = state
        .captures
        .streams
        .get(&stream)
        .map(|j| j.sequence)
        .ok_or(CUDA_ERROR_ILLEGAL_STATE)?;
    let s = &state.captures.sequences[&sequence];
    if s.origin != stream {
        return Err(CUDA_ERROR_STREAM_CAPTURE_UNMATCHED);
    }
    if s.mode != MODE_RELAXED && s.thread != std::thread::current().id() {
        return Err(CUDA_ERROR_STREAM_CAPTURE_WRONG_THREAD);
    }
    let Some(s) = state.captures.sequences.remove(&sequence) else {
        return Err(CUDA_ERROR_ILLEGAL_STATE);
    };
    let members: Vec<(Handle, Joined)> = {
        let streams = &mut state.captures.streams;
        let keys: Vec<Handle> = streams
            .iter()
            .filter(|(_, j)| j.sequence == sequence)
            .map(|(&k, _)| k)
            .collect();
        keys.into_iter()
            .filter_map(|k| streams.remove(&k).map(|j| (k, j)))
            .collect()
    };
    state.captures.events.retain(|_, (q, _)| *q != sequence);
    let fail = |state: &mut State, code| {
        let _ = graph::destroy(state, s.graph);
        Err(code)
    };
    if s.invalidated {
        return fail(&mut state, CUDA_ERROR_STREAM_CAPTURE_INVALIDATED);
    }
    // Every forked stream's work must lead into the origin's frontier.
    let origin = members
        .iter()
        .find(|(k, _)| *k == stream)
        .map(|(_, j)| j.frontier.clone())
        .unwrap_or_default();
    let joined = graph::ancestors(&state, s.graph, &origin);
    let unjoined = members
        .iter()
        .filter(|(k, _)| *k != stream)
        .any(|(_, j)| j.frontier.iter().any(|n| !joined.contains(n)));
    if unjoined {
        eprintln!(
            "ptx-libcuda: a stream forked into the capture has work the origin stream never waited for"
        );
        return fail(&mut state, CUDA_ERROR_STREAM_CAPTURE_UNJOINED);
    }
    Ok(s.graph)
}

/// `stream`'s `CUstreamCaptureStatus`.
pub fn status(stream: Handle) -> Result<u32, Status> {
    let state = state();
    state.context()?;
    state.stream(stream)?;
    match state.captures.streams.get(&stream) {
        Some(j) => Ok(match state.captures.sequences.get(&j.sequence) {
            Some(s) if s.invalidated => STATUS_INVALIDATED,
            _ => STATUS_ACTIVE,
        }),
        None => {
            if legacy(stream) && !blocking(&state).is_empty() {
                return Err(CUDA_ERROR_STREAM_CAPTURE_IMPLICIT);
            }
            Ok(STATUS_NONE)
        }
    }
}

/// What `cuStreamGetCaptureInfo` says of a stream.
pub struct Info {
    /// `CUstreamCaptureStatus`.
    pub status: u32,
    /// The sequence's id (0 if none).
    pub id: u64,
    /// The graph being built (0 if none).
    pub graph: Handle,
    /// The stream's frontier: valid until the stream's next call.
    pub dependencies: *const Handle,
    /// How many.
    pub count: usize,
}

/// What `stream`'s capture is.
pub fn info(stream: Handle) -> Result<Info, Status> {
    let status = status(stream)?;
    let state = state();
    let Some(joined) = state.captures.streams.get(&stream) else {
        return Ok(Info {
            status,
            id: 0,
            graph: 0,
            dependencies: std::ptr::null(),
            count: 0,
        });
    };
    Ok(Info {
        status,
        id: joined.sequence,
        graph: state.captures.sequences[&joined.sequence].graph,
        dependencies: joined.frontier.as_ptr(),
        count: joined.frontier.len(),
    })
}

/// Changes `stream`'s frontier: `nodes` added (`flags` 0) or in its place
/// (1).
pub fn update_dependencies(stream: Handle, nodes: &[Handle], flags: u32) -> Outcome {
    let mut state = state();
    state.context()?;
    let sequence = match state.captures.streams.get(&stream) {
        Some(j) => j.sequence,
        None => return Err(CUDA_ERROR_ILLEGAL_STATE),
    };
    let graph = state.captures.sequences[&sequence].graph;
    for &node in nodes {
        if state.graph_nodes.get(node).copied() != Ok(graph) {
            return Err(CUDA_ERROR_INVALID_VALUE);
        }
    }
    let joined = state
        .captures
        .streams
        .get_mut(&stream)
        .ok_or(CUDA_ERROR_ILLEGAL_STATE)?;
    match flags {
        ADD_DEPENDENCIES => {
            for &node in nodes {
                if !joined.frontier.contains(&node) {
                    joined.frontier.push(node);
                }
            }
        }
        SET_DEPENDENCIES => joined.frontier = nodes.to_vec(),
        _ => return Err(CUDA_ERROR_INVALID_VALUE),
    }
    Ok(())
}

/// Sets the calling thread's capture interaction mode to `*mode`, and
/// `*mode` to the one before.
pub fn exchange_mode(mode: &mut u32) -> Outcome {
    if *mode > MODE_RELAXED {
        return Err(CUDA_ERROR_INVALID_VALUE);
    }
    *mode = THREAD_MODE.with(|m| m.replace(*mode));
    Ok(())
}

/// The nodes at `dependencies` (`count` of them; none if null).
///
/// # Safety
/// A non-null `dependencies` must point to `count` handles.
pub unsafe fn handles<'a>(
    dependencies: *const Handle,
    count: usize,
) -> Result<&'a [Handle], Status> {
    if count == 0 {
        return Ok(&[]);
    }
    if dependencies.is_null() {
        return Err(CUDA_ERROR_INVALID_VALUE);
    }
    // SAFETY: the caller's `count` handles.
    Ok(unsafe { std::slice::from_raw_parts(dependencies, count) })
}

/// Writes `info` through the out-parameters `cuStreamGetCaptureInfo`
/// has (each may be null but the status).
///
/// # Safety
/// Non-null pointers must be writable.
unsafe fn write_info(
    info: Info,
    status: *mut u32,
    id: *mut u64,
    graph: *mut Handle,
    dependencies: *mut *const Handle,
    edges: *mut *const graph::EdgeData,
    count: *mut usize,
) -> Outcome {
    // SAFETY: the caller's out-parameters.
    unsafe {
        *out(status)? = info.status;
        if let Some(id) = id.as_mut() {
            *id = info.id;
        }
        if let Some(graph) = graph.as_mut() {
            *graph = info.graph;
        }
        if let Some(dependencies) = dependencies.as_mut() {
            *dependencies = info.dependencies;
        }
        if let Some(edges) = edges.as_mut() {
            // All edges are the default kind: CUDA gives null then.
            *edges = std::ptr::null();
        }
        if let Some(count) = count.as_mut() {
            *count = info.count;
        }
    }
    Ok(())
}

driver_api! {
    /// `cuStreamBeginCapture_v2` (`cuStreamBeginCapture` since CUDA 10.1).
    fn cuStreamBeginCapture_v2(stream: Handle, mode: u32) {
        begin(stream, mode)
    }

    /// `cuStreamBeginCapture` of CUDA 10.0: the global mode.
    fn cuStreamBeginCapture(stream: Handle) {
        begin(stream, MODE_GLOBAL)
    }

    /// `cuStreamBeginCaptureToGraph`: not implemented.
    fn cuStreamBeginCaptureToGraph(stream: Handle, graph: Handle, deps: *const Handle, edges: *const graph::EdgeData, count: usize, mode: u32) {
        let _ = (stream, graph, deps, edges, count, mode);
        Err(graph::unsupported("cuStreamBeginCaptureToGraph"))
    }

    /// `cuStreamEndCapture`.
    fn cuStreamEndCapture(stream: Handle, graph: *mut Handle) {
        let graph = out(graph)?;
        *graph = 0;
        *graph = end(stream)?;
        Ok(())
    }

    /// `cuStreamIsCapturing`: `CU_STREAM_CAPTURE_STATUS_NONE` (0),
    /// `_ACTIVE` (1) or `_INVALIDATED` (2).
    fn cuStreamIsCapturing(stream: Handle, captured: *mut u32) {
        *out(captured)? = status(stream)?;
        Ok(())
    }

    /// `cuStreamGetCaptureInfo` of CUDA 10.1: status and id.
    fn cuStreamGetCaptureInfo(stream: Handle, captured: *mut u32, id: *mut u64) {
        write_info(info(stream)?, captured, id, std::ptr::null_mut(), std::ptr::null_mut(), std::ptr::null_mut(), std::ptr::null_mut())
    }

    /// `cuStreamGetCaptureInfo_v2` (CUDA 11.3 to 12.2).
    fn cuStreamGetCaptureInfo_v2(stream: Handle, captured: *mut u32, id: *mut u64, graph: *mut Handle, deps: *mut *const Handle, count: *mut usize) {
        write_info(info(stream)?, captured, id, graph, deps, std::ptr::null_mut(), count)
    }

    /// `cuStreamGetCaptureInfo_v3` (CUDA 12.3+'s, with edge data: null,
    /// every edge being the default kind).
    fn cuStreamGetCaptureInfo_v3(stream: Handle, captured: *mut u32, id: *mut u64, graph: *mut Handle, deps: *mut *const Handle, edges: *mut *const graph::EdgeData, count: *mut usize) {
        write_info(info(stream)?, captured, id, graph, deps, edges, count)
    }

    /// `cuStreamUpdateCaptureDependencies` (CUDA 11.3 to 12.2).
    fn cuStreamUpdateCaptureDependencies(stream: Handle, deps: *const Handle, count: usize, flags: u32) {
        update_dependencies(stream, handles(deps, count)?, flags)
    }

    /// `cuStreamUpdateCaptureDependencies_v2`: edge data must be null
    /// (default edges).
    fn cuStreamUpdateCaptureDependencies_v2(stream: Handle, deps: *const Handle, edges: *const graph::EdgeData, count: usize, flags: u32) {
        graph::default_edges(edges, count)?;
        update_dependencies(stream, handles(deps, count)?, flags)
    }

    /// `cuThreadExchangeStreamCaptureMode`.
    fn cuThreadExchangeStreamCaptureMode(mode: *mut u32) {
        exchange_mode(out(mode)?)
    }
}
