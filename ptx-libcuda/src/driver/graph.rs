//! CUDA graphs: nodes of work (kernels, copies, fills, host functions,
//! event records and waits, empty nodes, child graphs) with the edges
//! between them, built by hand (`cuGraphAdd*Node`) or by capturing a
//! stream ([`crate::driver::capture`]), instantiated
//! (`cuGraphInstantiate`) and launched on a stream (`cuGraphLaunch`).
//!
//! A node holds its work as a value ([`Work`]): a kernel node copies its
//! arguments when it is made, as CUDA does, so later changes to the
//! caller's argument memory do not reach the graph; a copy keeps its
//! addresses (host memory is read when the node runs). Instantiating
//! puts the nodes in an order that respects every edge (child graphs
//! inlined); a launch runs them in that order at the call, as all work
//! runs here. An executable graph keeps its own copy of the work, so
//! later changes to the graph do not reach it, and `cuGraphExec*SetParams`
//! and `cuGraphExecUpdate` change that copy.
//!
//! Not implemented (`CUDA_ERROR_NOT_SUPPORTED`, named on stderr once, or
//! not in `cuGetProcAddress`'s table): memory-allocation and -free nodes,
//! external semaphores, conditional nodes, batch memory operations,
//! user objects, kernel-node attributes, programmatic edges.

use crate::driver::capture;
use crate::driver::error::CUDA_ERROR_INVALID_VALUE;
use crate::driver::launch::{self, KernelLaunch, Shape};
use crate::driver::memory::Side;
use crate::driver::pitched::{self, Memcpy3D, Rows};
use crate::export::{Outcome, Status, driver_api, input, out};
use crate::state::{Handle, State, state};
use std::collections::{HashMap, HashSet};
use std::ffi::c_void;
use std::time::Instant;

/// `CUDA_ERROR_GRAPH_EXEC_UPDATE_FAILURE`.
pub const CUDA_ERROR_GRAPH_EXEC_UPDATE_FAILURE: Status = 910;

/// `CUgraphNodeType`: kernel, memcpy, memset, host, child graph, empty,
/// event wait, event record.
pub mod node_type {
    /// `CU_GRAPH_NODE_TYPE_KERNEL`.
    pub const KERNEL: u32 = 0;
    /// `CU_GRAPH_NODE_TYPE_MEMCPY`.
    pub const MEMCPY: u32 = 1;
    /// `CU_GRAPH_NODE_TYPE_MEMSET`.
    pub const MEMSET: u32 = 2;
    /// `CU_GRAPH_NODE_TYPE_HOST`.
    pub const HOST: u32 = 3;
    /// `CU_GRAPH_NODE_TYPE_GRAPH`.
    pub const GRAPH: u32 = 4;
    /// `CU_GRAPH_NODE_TYPE_EMPTY`.
    pub const EMPTY: u32 = 5;
    /// `CU_GRAPH_NODE_TYPE_WAIT_EVENT`.
    pub const WAIT_EVENT: u32 = 6;
    /// `CU_GRAPH_NODE_TYPE_EVENT_RECORD`.
    pub const EVENT_RECORD: u32 = 7;
}

/// `CUgraphExecUpdateResult`: success, the topology changed, a node's
/// type changed.
const UPDATE_SUCCESS: u32 = 0;
const UPDATE_TOPOLOGY_CHANGED: u32 = 2;
const UPDATE_NODE_TYPE_CHANGED: u32 = 3;

/// `CUDA_MEMSET_NODE_PARAMS` (`cudaMemsetParams` is laid out alike): a
/// fill of `height` rows of `width` elements of `element_size` bytes.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MemsetParams {
    /// The first byte.
    pub dst: u64,
    /// Bytes between rows (unused for one row).
    pub pitch: usize,
    /// The value, its low `element_size` bytes used.
    pub value: u32,
    /// 1, 2 or 4.
    pub element_size: u32,
    /// Elements a row.
    pub width: usize,
    /// Rows.
    pub height: usize,
}

impl MemsetParams {
    /// The fill of `height` rows (`pitch` bytes apart) of `width`
    /// elements of `pattern` (1, 2 or 4 bytes, little-endian) at `dst`.
    pub fn of(dst: u64, pitch: usize, pattern: &[u8], width: usize, height: usize) -> MemsetParams {
        let mut value = [0u8; 4];
        value[..pattern.len()].copy_from_slice(pattern);
        MemsetParams {
            dst,
            pitch,
            value: u32::from_le_bytes(value),
            element_size: pattern.len() as u32,
            width,
            height,
        }
    }
}

/// `CUDA_HOST_NODE_PARAMS` (`cudaHostNodeParams`): a host function and
/// its argument.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct HostParams {
    /// The function.
    pub function: crate::driver::stream::HostFn,
    /// Its argument.
    pub data: *mut c_void,
}

/// A host function to call, and its argument (an address).
#[derive(Clone, Copy, Debug)]
pub struct HostCall {
    /// The function.
    pub function: unsafe extern "C" fn(*mut c_void),
    /// Its argument.
    pub data: usize,
}

/// `CUgraphEdgeData` (`cudaGraphEdgeData`): the ports and type of an
/// edge; all zero for the default edge, the only kind here.
pub type EdgeData = [u8; 8];

/// What a node does.
#[derive(Clone, Debug)]
pub enum Work {
    /// A kernel launch, its arguments copied.
    Kernel(KernelLaunch),
    /// A copy: blocks of rows.
    Memcpy(Vec<Rows>),
    /// A fill.
    Memset(MemsetParams),
    /// A host function.
    Host(HostCall),
    /// A child graph (owned by the node).
    Graph(Handle),
    /// Nothing (a point to hang edges on).
    Empty,
    /// A wait for an event (nothing to wait for: work runs at the call).
    EventWait(Handle),
    /// An event record.
    EventRecord(Handle),
}

impl Work {
    /// Its `CUgraphNodeType`.
    pub fn node_type(&self) -> u32 {
        match self {
            Work::Kernel(_) => node_type::KERNEL,
            Work::Memcpy(_) => node_type::MEMCPY,
            Work::Memset(_) => node_type::MEMSET,
            Work::Host(_) => node_type::HOST,
            Work::Graph(_) => node_type::GRAPH,
            Work::Empty => node_type::EMPTY,
            Work::EventWait(_) => node_type::WAIT_EVENT,
            Work::EventRecord(_) => node_type::EVENT_RECORD,
        }
    }
}

/// A node of a graph.
#[derive(Clone, Debug)]
pub struct Node {
    /// Its handle.
    pub handle: Handle,
    /// What it does.
    pub work: Work,
    /// The nodes it depends on (edges into it), in the order added.
    pub deps: Vec<Handle>,
    /// For a kernel node, the pointers to its argument copies that
    /// `cuGraphKernelNodeGetParams` gave out.
    pub pointers: Vec<usize>,
}

/// A graph: its nodes in the order they were made.
#[derive(Default, Debug)]
pub struct Graph {
    /// The nodes.
    pub nodes: Vec<Node>,
    /// For a clone, its nodes by the original's.
    pub clones: HashMap<Handle, Handle>,
}

/// One step of an executable graph.
#[derive(Clone, Debug)]
pub struct Step {
    /// The node of the instantiated graph it came from (for a child
    /// graph's steps, the child graph's node).
    pub node: Handle,
    /// What it does (never a child graph: those are inlined).
    pub work: Work,
}

/// An executable graph (`CUgraphExec`).
#[derive(Debug)]
pub struct Exec {
    /// The instantiated graph's nodes, in the order they were made.
    pub nodes: Vec<Handle>,
    /// Each node's type and dependencies (as indices into `nodes`).
    pub shape: Vec<(u32, Vec<usize>)>,
    /// The steps, in an order that respects every edge.
    pub steps: Vec<Step>,
    /// The flags it was instantiated with.
    pub flags: u64,
}

pub use super::not_implemented::unsupported;

/// `CUDA_ERROR_NOT_SUPPORTED` unless every one of the `count` edges at
/// `edges` (if not null) is the default kind.
///
/// # Safety
/// A non-null `edges` must point to `count` edges.
pub unsafe fn default_edges(edges: *const EdgeData, count: usize) -> Outcome {
    if edges.is_null() || count == 0 {
        return Ok(());
    }
    // SAFETY: the caller's `count` edges.
    let edges = unsafe { std::slice::from_raw_parts(edges, count) };
    if edges.iter().all(|e| *e == [0; 8]) {
        Ok(())
    } else {
        Err(unsupported("an edge other than the default kind"))
    }
}

/// A new, empty graph.
pub fn create(state: &mut State) -> Handle {
    state.graphs.insert(Graph::default())
}

/// The graph `node` belongs to.
fn graph_of(state: &State, node: Handle) -> Result<Handle, Status> {
    state.graph_nodes.get(node).copied()
}

/// Node `node`.
pub fn node(state: &State, node: Handle) -> Result<&Node, Status> {
    let graph = graph_of(state, node)?;
    state
        .graphs
        .get(graph)?
        .nodes
        .iter()
        .find(|n| n.handle == node)
        .ok_or(CUDA_ERROR_INVALID_VALUE)
}

/// Node `node`, to change.
pub fn node_mut(state: &mut State, node: Handle) -> Result<&mut Node, Status> {
    let graph = graph_of(state, node)?;
    state
        .graphs
        .get_mut(graph)?
        .nodes
        .iter_mut()
        .find(|n| n.handle == node)
        .ok_or(CUDA_ERROR_INVALID_VALUE)
}

/// Adds a node doing `work` to `graph`, after `deps` (nodes of `graph`,
/// each once): its handle.
pub fn add_node(
    state: &mut State,
    graph: Handle,
    deps: &[Handle],
    work: Work,
) -> Result<Handle, Status> {
    state.graphs.get(graph)?;
    for (i, &dep) in deps.iter().enumerate() {
        if graph_of(state, dep) != Ok(graph) || deps[..i].contains(&dep) {
            return Err(CUDA_ERROR_INVALID_VALUE);
        }
    }
    let handle = state.graph_nodes.insert(graph);
    state.graphs.get_mut(graph)?.nodes.push(Node {
        handle,
        work,
        deps: deps.to_vec(),
        pointers: Vec::new(),
    });
    Ok(handle)
}

/// Adds a node running a copy of `child` to `graph`.
pub fn add_child(
    state: &mut State,
    graph: Handle,
    deps: &[Handle],
    child: Handle,
) -> Result<Handle, Status> {
    state.graphs.get(graph)?;
    let copy = clone(state, child)?;
    add_node(state, graph, deps, Work::Graph(copy)).inspect_err(|_| {
        let _ = destroy(state, copy);
    })
}

/// A copy of `graph`, every node new (child graphs copied too).
pub fn clone(state: &mut State, graph: Handle) -> Result<Handle, Status> {
    let nodes = state.graphs.get(graph)?.nodes.clone();
    let copy = create(state);
    let mut map = HashMap::new();
    for node in nodes {
        let work = match node.work {
            Work::Graph(child) => Work::Graph(clone(state, child)?),
            work => work,
        };
        let deps: Vec<Handle> = node.deps.iter().map(|d| map[d]).collect();
        let handle = add_node(state, copy, &deps, work)?;
        map.insert(node.handle, handle);
    }
    state.graphs.get_mut(copy)?.clones = map;
    Ok(copy)
}

/// Destroys `graph`, its nodes and their child graphs.
pub fn destroy(state: &mut State, graph: Handle) -> Outcome {
    let graph = state.graphs.remove(graph)?;
    for node in graph.nodes {
        let _ = state.graph_nodes.remove(node.handle);
        if let Work::Graph(child) = node.work {
            let _ = destroy(state, child);
        }
    }
    Ok(())
}

/// Destroys `node`, and the edges into and out of it.
pub fn destroy_node(state: &mut State, node: Handle) -> Outcome {
    let graph = graph_of(state, node)?;
    let g = state.graphs.get_mut(graph)?;
    let at = g
        .nodes
        .iter()
        .position(|n| n.handle == node)
        .ok_or(CUDA_ERROR_INVALID_VALUE)?;
    let removed = g.nodes.remove(at);
    for n in &mut g.nodes {
        n.deps.retain(|&d| d != node);
    }
    state.graph_nodes.remove(node)?;
    if let Work::Graph(child) = removed.work {
        let _ = destroy(state, child);
    }
    Ok(())
}

/// Adds (or with `remove`, removes) the edges `from[i]` to `to[i]` of
/// `graph`.
pub fn change_edges(
    state: &mut State,
    graph: Handle,
    from: &[Handle],
    to: &[Handle],
    remove: bool,
) -> Outcome {
    for (&a, &b) in from.iter().zip(to) {
        if graph_of(state, a) != Ok(graph) || graph_of(state, b) != Ok(graph) || a == b {
            return Err(CUDA_ERROR_INVALID_VALUE);
        }
    }
    for (&a, &b) in from.iter().zip(to) {
        let node = node_mut(state, b)?;
        let has = node.deps.contains(&a);
        match (remove, has) {
            (false, false) => node.deps.push(a),
            (true, true) => node.deps.retain(|&d| d != a),
            _ => return Err(CUDA_ERROR_INVALID_VALUE),
        }
    }
    Ok(())
}

/// Every edge of `graph`: (from, to), in the order of the nodes they
/// lead to.
pub fn edges(state: &State, graph: Handle) -> Result<Vec<(Handle, Handle)>, Status> {
    Ok(state
        .graphs
        .get(graph)?
        .nodes
        .iter()
        .flat_map(|n| n.deps.iter().map(move |&d| (d, n.handle)))
        .collect())
}

/// The nodes that depend on `node`.
pub fn dependents(state: &State, node: Handle) -> Result<Vec<Handle>, Status> {
    let graph = graph_of(state, node)?;
    Ok(state
        .graphs
        .get(graph)?
        .nodes
        .iter()
        .filter(|n| n.deps.contains(&node))
        .map(|n| n.handle)
        .collect())
}

/// `nodes` and every node of `graph` they depend on, directly or not.
pub fn ancestors(state: &State, graph: Handle, nodes: &[Handle]) -> HashSet<Handle> {
    let mut seen: HashSet<Handle> = HashSet::new();
    let mut todo = nodes.to_vec();
    let Ok(g) = state.graphs.get(graph) else {
        return seen;
    };
    let deps: HashMap<Handle, &Vec<Handle>> = g.nodes.iter().map(|n| (n.handle, &n.deps)).collect();
    while let Some(n) = todo.pop() {
        if seen.insert(n) {
            todo.extend(deps.get(&n).into_iter().flat_map(|d| d.iter().copied()));
        }
    }
    seen
}

/// `graph`'s nodes in an order that respects every edge (among nodes
/// ready at once, the one made first first), or `CUDA_ERROR_INVALID_VALUE`
/// for a cycle.
fn ordered(graph: &Graph) -> Result<Vec<&Node>, Status> {
    let mut done: HashSet<Handle> = HashSet::new();
    let mut order = Vec::with_capacity(graph.nodes.len());
    while order.len() < graph.nodes.len() {
        let next = graph
            .nodes
            .iter()
            .find(|n| !done.contains(&n.handle) && n.deps.iter().all(|d| done.contains(d)));
        let Some(next) = next else {
            eprintln!("ptx-libcuda: the graph's edges make a cycle");
            return Err(CUDA_ERROR_INVALID_VALUE);
        };
        done.insert(next.handle);
        order.push(next);
    }
    Ok(order)
}

/// Appends the steps of `graph` (child graphs inlined, their steps
/// named after `top`'s node if given) to `steps`.
fn flatten(state: &State, graph: Handle, top: Option<Handle>, steps: &mut Vec<Step>) -> Outcome {
    for node in ordered(state.graphs.get(graph)?)? {
        let name = top.unwrap_or(node.handle);
        match &node.work {
            Work::Graph(child) => flatten(state, *child, Some(name), steps)?,
            work => steps.push(Step {
                node: name,
                work: work.clone(),
            }),
        }
    }
    Ok(())
}

/// The type and dependencies (as indices) of each node of `graph`.
fn shape(graph: &Graph) -> Vec<(u32, Vec<usize>)> {
    let index: HashMap<Handle, usize> = graph
        .nodes
        .iter()
        .enumerate()
        .map(|(i, n)| (n.handle, i))
        .collect();
    graph
        .nodes
        .iter()
        .map(|n| {
            (
                n.work.node_type(),
                n.deps.iter().map(|d| index[d]).collect(),
            )
        })
        .collect()
}

/// Instantiates `graph`: an executable graph's handle.
pub fn instantiate(state: &mut State, graph: Handle, flags: u64) -> Result<Handle, Status> {
    let g = state.graphs.get(graph)?;
    let mut steps = Vec::new();
    flatten(state, graph, None, &mut steps)?;
    let exec = Exec {
        nodes: g.nodes.iter().map(|n| n.handle).collect(),
        shape: shape(g),
        steps,
        flags,
    };
    Ok(state.execs.insert(exec))
}

/// Why `cuGraphExecUpdate` refused: the result code and the node of the
/// new graph at fault.
pub struct UpdateRefused {
    /// `CUgraphExecUpdateResult`.
    pub result: u32,
    /// The node (0 if none).
    pub node: Handle,
}

/// Gives `exec` the work of `graph`, whose topology must be the one
/// `exec` was instantiated from (the same nodes, made in the same order,
/// of the same types, with the same edges).
pub fn update(
    state: &mut State,
    exec: Handle,
    graph: Handle,
) -> Result<Result<(), UpdateRefused>, Status> {
    let g = state.graphs.get(graph)?;
    let e = state.execs.get(exec)?;
    let new_shape = shape(g);
    if new_shape.len() != e.shape.len() {
        return Ok(Err(UpdateRefused {
            result: UPDATE_TOPOLOGY_CHANGED,
            node: 0,
        }));
    }
    for (i, ((new_type, new_deps), (old_type, old_deps))) in
        new_shape.iter().zip(&e.shape).enumerate()
    {
        let refused = if new_type != old_type {
            UPDATE_NODE_TYPE_CHANGED
        } else if new_deps != old_deps {
            UPDATE_TOPOLOGY_CHANGED
        } else {
            continue;
        };
        return Ok(Err(UpdateRefused {
            result: refused,
            node: g.nodes[i].handle,
        }));
    }
    let names: HashMap<Handle, Handle> = g
        .nodes
        .iter()
        .map(|n| n.handle)
        .zip(e.nodes.iter().copied())
        .collect();
    let mut steps = Vec::new();
    flatten(state, graph, None, &mut steps)?;
    for step in &mut steps {
        step.node = names[&step.node];
    }
    state.execs.get_mut(exec)?.steps = steps;
    Ok(Ok(()))
}

/// Sets the work of `exec`'s step for `node` (a node of the graph it was
/// instantiated from) to `work`, of the same type.
pub fn exec_set(state: &mut State, exec: Handle, node: Handle, work: Work) -> Outcome {
    let exec = state.execs.get_mut(exec)?;
    let step = exec
        .steps
        .iter_mut()
        .find(|s| s.node == node && s.work.node_type() == work.node_type())
        .ok_or(CUDA_ERROR_INVALID_VALUE)?;
    step.work = work;
    Ok(())
}

/// Runs or records `work` on `stream`: a node of its capture if it
/// captures, else at once, the state locked (so not a host function,
/// which must run unlocked: `cuLaunchHostFunc` records or calls it
/// itself).
pub fn submit(state: &mut State, stream: Handle, work: Work) -> Outcome {
    if capture::recording(state, stream)? {
        capture::record(state, stream, work)
    } else {
        run_locked(state, &work)
    }
}

/// Runs `work` (not a host function, not a child graph), the state
/// locked.
fn run_locked(state: &mut State, work: &Work) -> Outcome {
    match work {
        Work::Kernel(kernel) => launch::run_kernel(state, kernel),
        Work::Memcpy(rows) => pitched::copy_rows(state, rows),
        Work::Memset(fill) => memset(state, fill),
        Work::EventRecord(event) => {
            state.events.get_mut(*event)?.recorded = Some(Instant::now());
            Ok(())
        }
        Work::EventWait(event) => state.events.get(*event).map(drop),
        Work::Empty => Ok(()),
        Work::Host(_) | Work::Graph(_) => Err(CUDA_ERROR_INVALID_VALUE),
    }
}

/// Runs `work` (not a child graph), locking the state as it needs.
fn run(work: &Work) -> Outcome {
    if let Work::Host(call) = work {
        state().ready()?;
        // SAFETY: the function and argument the program gave, called as
        // CUDA calls a host node's.
        unsafe { (call.function)(call.data as *mut c_void) };
        return Ok(());
    }
    let mut state = state();
    state.ready()?;
    run_locked(&mut state, work)
}

/// The fill `params` describes.
fn memset(state: &State, params: &MemsetParams) -> Outcome {
    let size = params.element_size as usize;
    if ![1, 2, 4].contains(&size) {
        return Err(CUDA_ERROR_INVALID_VALUE);
    }
    let pattern = &params.value.to_le_bytes()[..size];
    pitched::fill_2d(
        state,
        params.dst,
        params.pitch,
        pattern,
        params.width,
        params.height,
    )
}

/// Checks `params` for a memset node: an element size of 1, 2 or 4.
pub fn check_memset(params: &MemsetParams) -> Outcome {
    if [1, 2, 4].contains(&params.element_size) && params.height > 0 {
        Ok(())
    } else {
        Err(CUDA_ERROR_INVALID_VALUE)
    }
}

/// Launches `exec` on `stream`: its steps run in order, now; into a
/// capturing stream, a child-graph node of them.
pub fn launch_exec(exec: Handle, stream: Handle) -> Outcome {
    let steps = {
        let mut state = state();
        state.ready()?;
        state.stream(stream)?;
        let steps = state.execs.get(exec)?.steps.clone();
        if capture::recording(&mut state, stream)? {
            let child = create(&mut state);
            let mut last: Vec<Handle> = Vec::new();
            for step in steps {
                last = vec![add_node(&mut state, child, &last, step.work)?];
            }
            return capture::record(&mut state, stream, Work::Graph(child));
        }
        steps
    };
    for step in &steps {
        // A kernel that faulted leaves the rest undone; the fault is
        // reported by the next call, as a launch's is.
        if state().sticky.is_some() {
            return Ok(());
        }
        run(&step.work)?;
    }
    Ok(())
}

/// `CUDA_KERNEL_NODE_PARAMS_v2` (CUDA 12's `CUDA_KERNEL_NODE_PARAMS`).
#[repr(C)]
#[derive(Clone, Copy, Debug)]
#[allow(non_snake_case, missing_docs)]
pub struct KernelNodeParams {
    pub func: Handle,
    pub grid: [u32; 3],
    pub block: [u32; 3],
    pub sharedMemBytes: u32,
    pub kernelParams: *const *const c_void,
    pub extra: *const *const c_void,
    pub kern: Handle,
    pub ctx: Handle,
}

/// `CUDA_KERNEL_NODE_PARAMS_v1`: the fields before `kern`.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
#[allow(non_snake_case, missing_docs)]
pub struct KernelNodeParamsV1 {
    pub func: Handle,
    pub grid: [u32; 3],
    pub block: [u32; 3],
    pub sharedMemBytes: u32,
    pub kernelParams: *const *const c_void,
    pub extra: *const *const c_void,
}

const _: () = assert!(std::mem::size_of::<KernelNodeParams>() == 72);
const _: () = assert!(std::mem::size_of::<KernelNodeParamsV1>() == 56);
const _: () = assert!(std::mem::size_of::<MemsetParams>() == 40);

impl From<&KernelNodeParamsV1> for KernelNodeParams {
    fn from(p: &KernelNodeParamsV1) -> KernelNodeParams {
        KernelNodeParams {
            func: p.func,
            grid: p.grid,
            block: p.block,
            sharedMemBytes: p.sharedMemBytes,
            kernelParams: p.kernelParams,
            extra: p.extra,
            kern: 0,
            ctx: 0,
        }
    }
}

/// The launch `p` describes, its arguments copied.
///
/// # Safety
/// `p`'s `kernelParams`/`extra` must be as `cuLaunchKernel` takes them.
pub unsafe fn kernel_work(state: &State, p: &KernelNodeParams) -> Result<Work, Status> {
    let function = if p.func != 0 { p.func } else { p.kern };
    let shape = Shape {
        grid: p.grid,
        block: p.block,
        shared: p.sharedMemBytes,
        ..Shape::default()
    };
    // SAFETY: the caller's parameters.
    let params = unsafe { launch::params(p.kernelParams, p.extra)? };
    // SAFETY: as above.
    Ok(Work::Kernel(unsafe {
        launch::kernel_launch(state, function, &shape, &params)?
    }))
}

/// The parameters of kernel node `node`: `kernelParams` points to copies
/// of its arguments that live as long as the node's parameters.
pub fn kernel_params(state: &mut State, node: Handle) -> Result<KernelNodeParams, Status> {
    let n = node_mut(state, node)?;
    let Work::Kernel(kernel) = &n.work else {
        return Err(CUDA_ERROR_INVALID_VALUE);
    };
    n.pointers = kernel.args.iter().map(|a| a.as_ptr() as usize).collect();
    Ok(KernelNodeParams {
        func: kernel.function,
        grid: kernel.shape.grid,
        block: kernel.shape.block,
        sharedMemBytes: kernel.shape.shared,
        kernelParams: n.pointers.as_ptr().cast(),
        extra: std::ptr::null(),
        kern: kernel.function,
        ctx: 0,
    })
}

/// Sets node `node`'s work to `work`, of the same type.
pub fn set_work(state: &mut State, node: Handle, work: Work) -> Outcome {
    let n = node_mut(state, node)?;
    if n.work.node_type() != work.node_type() {
        return Err(CUDA_ERROR_INVALID_VALUE);
    }
    n.work = work;
    n.pointers.clear();
    Ok(())
}

/// The copy a `CUDA_MEMCPY3D` describes.
///
/// # Safety
/// `p` must be null or valid.
unsafe fn memcpy_work(state: &State, p: *const Memcpy3D) -> Result<Work, Status> {
    // SAFETY: the caller's struct.
    let p = unsafe { input(p)? };
    Ok(Work::Memcpy(pitched::memcpy_3d_rows(state, p)?))
}

/// A copy of `count` bytes from `src` to `dst`, as one block of one row.
pub fn linear_copy(dst: Side, src: Side, count: usize) -> Work {
    Work::Memcpy(vec![Rows::linear(dst, src, count)])
}

/// A host node's call.
pub fn host_work(params: &HostParams) -> Result<Work, Status> {
    let function = params.function.ok_or(CUDA_ERROR_INVALID_VALUE)?;
    Ok(Work::Host(HostCall {
        function,
        data: params.data as usize,
    }))
}

/// Writes up to `*count` of `items` to `list` (if not null; the rest of
/// its `*count` entries zeroed) and sets `*count` to how many there are
/// (`list` null) or were written.
///
/// # Safety
/// A non-null `list` must have `*count` entries.
pub unsafe fn write_list<T: Copy + Default>(
    items: &[T],
    list: *mut T,
    count: *mut usize,
) -> Outcome {
    // SAFETY: the caller's pointers.
    let count = unsafe { out(count)? };
    if list.is_null() {
        *count = items.len();
        return Ok(());
    }
    // SAFETY: `*count` entries.
    let list = unsafe { std::slice::from_raw_parts_mut(list, *count) };
    for (i, entry) in list.iter_mut().enumerate() {
        *entry = items.get(i).copied().unwrap_or_default();
    }
    *count = items.len().min(list.len());
    Ok(())
}

/// Zeroes the edge data of `count` edges (every edge the default kind).
///
/// # Safety
/// A non-null `edges` must have `count` entries.
pub unsafe fn write_default_edges(edges: *mut EdgeData, count: usize) {
    if !edges.is_null() {
        // SAFETY: the caller's `count` entries.
        unsafe { std::slice::from_raw_parts_mut(edges, count) }.fill([0; 8]);
    }
}

/// Adds a node made by `work` (given the locked state) to `graph`, and
/// writes its handle to `created`.
///
/// # Safety
/// `created` must be writable, `deps` hold `count` handles.
pub unsafe fn add(
    created: *mut Handle,
    graph: Handle,
    deps: *const Handle,
    count: usize,
    work: impl FnOnce(&mut State) -> Result<Work, Status>,
) -> Outcome {
    // SAFETY: the caller's pointers.
    let (created, deps) = unsafe { (out(created)?, capture::handles(deps, count)?) };
    let mut state = state();
    state.context()?;
    state.graphs.get(graph)?;
    let work = work(&mut state)?;
    *created = add_node(&mut state, graph, deps, work)?;
    Ok(())
}

/// Lists `graph`'s nodes that `keep` picks.
///
/// # Safety
/// As [`write_list`].
unsafe fn list_nodes(
    graph: Handle,
    list: *mut Handle,
    count: *mut usize,
    keep: fn(&Node) -> bool,
) -> Outcome {
    let state = state();
    let nodes: Vec<Handle> = state
        .graphs
        .get(graph)?
        .nodes
        .iter()
        .filter(|n| keep(n))
        .map(|n| n.handle)
        .collect();
    // SAFETY: the caller's pointers.
    unsafe { write_list(&nodes, list, count) }
}

/// Lists the edges of `graph` into `from` and `to` (both null: counts
/// them).
///
/// # Safety
/// Non-null lists must have `*count` entries.
pub unsafe fn list_edges(
    graph: Handle,
    from: *mut Handle,
    to: *mut Handle,
    data: *mut EdgeData,
    count: *mut usize,
) -> Outcome {
    let all = edges(&state(), graph)?;
    let (a, b): (Vec<Handle>, Vec<Handle>) = all.into_iter().unzip();
    // SAFETY: the caller's pointers.
    unsafe {
        let given = *out(count)?;
        if from.is_null() != to.is_null() {
            return Err(CUDA_ERROR_INVALID_VALUE);
        }
        let mut n = given;
        write_list(&a, from, &mut n)?;
        write_list(&b, to, count)?;
        if !from.is_null() {
            write_default_edges(data, *count);
        }
    }
    Ok(())
}

/// Lists `node`'s dependencies (or, with `dependents`, the nodes that
/// depend on it).
///
/// # Safety
/// As [`write_list`].
pub unsafe fn list_neighbours(
    node: Handle,
    list: *mut Handle,
    data: *mut EdgeData,
    count: *mut usize,
    dependents: bool,
) -> Outcome {
    let state = state();
    let items = if dependents {
        self::dependents(&state, node)?
    } else {
        self::node(&state, node)?.deps.clone()
    };
    // SAFETY: the caller's pointers.
    unsafe {
        write_list(&items, list, count)?;
        if !list.is_null() {
            write_default_edges(data, *count);
        }
    }
    Ok(())
}

/// Adds or removes edges, as `cuGraphAddDependencies` and
/// `cuGraphRemoveDependencies` do.
///
/// # Safety
/// `from` and `to` must hold `count` handles, `data` null or `count`
/// edges.
pub unsafe fn edit_edges(
    graph: Handle,
    from: *const Handle,
    to: *const Handle,
    data: *const EdgeData,
    count: usize,
    remove: bool,
) -> Outcome {
    // SAFETY: the caller's pointers.
    let (from, to) = unsafe {
        default_edges(data, count)?;
        (capture::handles(from, count)?, capture::handles(to, count)?)
    };
    let mut state = state();
    state.context()?;
    change_edges(&mut state, graph, from, to, remove)
}

/// `CUgraphExecUpdateResultInfo`.
#[repr(C)]
#[allow(non_snake_case, missing_docs)]
pub struct UpdateResultInfo {
    pub result: u32,
    pub errorNode: Handle,
    pub errorFromNode: Handle,
}

/// `cuGraphExecUpdate`: the result, and `CUDA_ERROR_GRAPH_EXEC_UPDATE_FAILURE`
/// if refused.
pub fn exec_update(exec: Handle, graph: Handle, info: &mut UpdateResultInfo) -> Outcome {
    let mut state = state();
    state.context()?;
    let outcome = update(&mut state, exec, graph)?;
    *info = UpdateResultInfo {
        result: UPDATE_SUCCESS,
        errorNode: 0,
        errorFromNode: 0,
    };
    match outcome {
        Ok(()) => Ok(()),
        Err(refused) => {
            info.result = refused.result;
            info.errorNode = refused.node;
            Err(CUDA_ERROR_GRAPH_EXEC_UPDATE_FAILURE)
        }
    }
}

/// `CUDA_GRAPH_INSTANTIATE_PARAMS`.
#[repr(C)]
#[allow(non_snake_case, missing_docs)]
pub struct InstantiateParams {
    pub flags: u64,
    pub hUploadStream: Handle,
    pub hErrNode_out: Handle,
    pub result_out: u32,
}

/// Locks the state for a graph call, a context current.
fn ready() -> Result<std::sync::MutexGuard<'static, State>, Status> {
    let state = state();
    state.context()?;
    Ok(state)
}

driver_api! {
    /// `cuGraphCreate`: `flags` must be 0.
    fn cuGraphCreate(graph: *mut Handle, flags: u32) {
        let graph = out(graph)?;
        if flags != 0 {
            return Err(CUDA_ERROR_INVALID_VALUE);
        }
        *graph = create(&mut *ready()?);
        Ok(())
    }

    /// `cuGraphDestroy`.
    fn cuGraphDestroy(graph: Handle) {
        destroy(&mut *ready()?, graph)
    }

    /// `cuGraphClone`.
    fn cuGraphClone(copy: *mut Handle, graph: Handle) {
        *out(copy)? = clone(&mut *ready()?, graph)?;
        Ok(())
    }

    /// `cuGraphNodeFindInClone`.
    fn cuGraphNodeFindInClone(found: *mut Handle, original: Handle, copy: Handle) {
        let found = out(found)?;
        let state = ready()?;
        *found = *state.graphs.get(copy)?.clones.get(&original).ok_or(CUDA_ERROR_INVALID_VALUE)?;
        Ok(())
    }

    /// `cuGraphDestroyNode`.
    fn cuGraphDestroyNode(node: Handle) {
        destroy_node(&mut *ready()?, node)
    }

    /// `cuGraphNodeGetType`.
    fn cuGraphNodeGetType(node: Handle, kind: *mut u32) {
        *out(kind)? = self::node(&*ready()?, node)?.work.node_type();
        Ok(())
    }

    /// `cuGraphAddKernelNode_v2` (CUDA 12's `cuGraphAddKernelNode`): the
    /// arguments copied now.
    fn cuGraphAddKernelNode_v2(created: *mut Handle, graph: Handle, deps: *const Handle, count: usize, params: *const KernelNodeParams) {
        let params = input(params)?;
        add(created, graph, deps, count, |state| kernel_work(state, params))
    }

    /// `cuGraphAddKernelNode` of CUDA 11 (`CUDA_KERNEL_NODE_PARAMS_v1`).
    fn cuGraphAddKernelNode(created: *mut Handle, graph: Handle, deps: *const Handle, count: usize, params: *const KernelNodeParamsV1) {
        let params = KernelNodeParams::from(input(params)?);
        add(created, graph, deps, count, |state| kernel_work(state, &params))
    }

    /// `cuGraphKernelNodeGetParams_v2`.
    fn cuGraphKernelNodeGetParams_v2(node: Handle, params: *mut KernelNodeParams) {
        *out(params)? = kernel_params(&mut *ready()?, node)?;
        Ok(())
    }

    /// `cuGraphKernelNodeGetParams` of CUDA 11.
    fn cuGraphKernelNodeGetParams(node: Handle, params: *mut KernelNodeParamsV1) {
        let p = kernel_params(&mut *ready()?, node)?;
        *out(params)? = KernelNodeParamsV1 {
            func: p.func, grid: p.grid, block: p.block, sharedMemBytes: p.sharedMemBytes,
            kernelParams: p.kernelParams, extra: p.extra,
        };
        Ok(())
    }

    /// `cuGraphKernelNodeSetParams_v2`: the arguments copied now.
    fn cuGraphKernelNodeSetParams_v2(node: Handle, params: *const KernelNodeParams) {
        let params = input(params)?;
        let mut state = ready()?;
        let work = kernel_work(&state, params)?;
        set_work(&mut state, node, work)
    }

    /// `cuGraphKernelNodeSetParams` of CUDA 11.
    fn cuGraphKernelNodeSetParams(node: Handle, params: *const KernelNodeParamsV1) {
        let params = KernelNodeParams::from(input(params)?);
        let mut state = ready()?;
        let work = kernel_work(&state, &params)?;
        set_work(&mut state, node, work)
    }

    /// `cuGraphAddMemcpyNode`: a `CUDA_MEMCPY3D` of linear memory.
    fn cuGraphAddMemcpyNode(created: *mut Handle, graph: Handle, deps: *const Handle, count: usize, params: *const Memcpy3D, context: Handle) {
        let _ = context;
        add(created, graph, deps, count, |state| memcpy_work(state, params))
    }

    /// `cuGraphMemcpyNodeSetParams`.
    fn cuGraphMemcpyNodeSetParams(node: Handle, params: *const Memcpy3D) {
        let mut state = ready()?;
        let work = memcpy_work(&state, params)?;
        set_work(&mut state, node, work)
    }

    /// `cuGraphAddMemsetNode`.
    fn cuGraphAddMemsetNode(created: *mut Handle, graph: Handle, deps: *const Handle, count: usize, params: *const MemsetParams, context: Handle) {
        let _ = context;
        let params = *input(params)?;
        check_memset(&params)?;
        add(created, graph, deps, count, |_| Ok(Work::Memset(params)))
    }

    /// `cuGraphMemsetNodeGetParams`.
    fn cuGraphMemsetNodeGetParams(node: Handle, params: *mut MemsetParams) {
        let params = out(params)?;
        match self::node(&*ready()?, node)?.work {
            Work::Memset(p) => { *params = p; Ok(()) }
            _ => Err(CUDA_ERROR_INVALID_VALUE),
        }
    }

    /// `cuGraphMemsetNodeSetParams`.
    fn cuGraphMemsetNodeSetParams(node: Handle, params: *const MemsetParams) {
        let params = *input(params)?;
        check_memset(&params)?;
        set_work(&mut *ready()?, node, Work::Memset(params))
    }

    /// `cuGraphAddHostNode`.
    fn cuGraphAddHostNode(created: *mut Handle, graph: Handle, deps: *const Handle, count: usize, params: *const HostParams) {
        let work = host_work(input(params)?)?;
        add(created, graph, deps, count, |_| Ok(work))
    }

    /// `cuGraphHostNodeGetParams`.
    fn cuGraphHostNodeGetParams(node: Handle, params: *mut HostParams) {
        let params = out(params)?;
        match self::node(&*ready()?, node)?.work {
            Work::Host(call) => {
                *params = HostParams { function: Some(call.function), data: call.data as *mut c_void };
                Ok(())
            }
            _ => Err(CUDA_ERROR_INVALID_VALUE),
        }
    }

    /// `cuGraphHostNodeSetParams`.
    fn cuGraphHostNodeSetParams(node: Handle, params: *const HostParams) {
        let work = host_work(input(params)?)?;
        set_work(&mut *ready()?, node, work)
    }

    /// `cuGraphAddChildGraphNode`: the node runs a copy of `child`.
    fn cuGraphAddChildGraphNode(created: *mut Handle, graph: Handle, deps: *const Handle, count: usize, child: Handle) {
        let (created, deps) = (out(created)?, capture::handles(deps, count)?);
        *created = add_child(&mut *ready()?, graph, deps, child)?;
        Ok(())
    }

    /// `cuGraphChildGraphNodeGetGraph`: the node's own graph.
    fn cuGraphChildGraphNodeGetGraph(node: Handle, graph: *mut Handle) {
        let graph = out(graph)?;
        match self::node(&*ready()?, node)?.work {
            Work::Graph(child) => { *graph = child; Ok(()) }
            _ => Err(CUDA_ERROR_INVALID_VALUE),
        }
    }

    /// `cuGraphAddEmptyNode`.
    fn cuGraphAddEmptyNode(created: *mut Handle, graph: Handle, deps: *const Handle, count: usize) {
        add(created, graph, deps, count, |_| Ok(Work::Empty))
    }

    /// `cuGraphAddEventRecordNode`.
    fn cuGraphAddEventRecordNode(created: *mut Handle, graph: Handle, deps: *const Handle, count: usize, event: Handle) {
        add(created, graph, deps, count, |state| { state.events.get(event)?; Ok(Work::EventRecord(event)) })
    }

    /// `cuGraphAddEventWaitNode`.
    fn cuGraphAddEventWaitNode(created: *mut Handle, graph: Handle, deps: *const Handle, count: usize, event: Handle) {
        add(created, graph, deps, count, |state| { state.events.get(event)?; Ok(Work::EventWait(event)) })
    }

    /// `cuGraphEventRecordNodeGetEvent`.
    fn cuGraphEventRecordNodeGetEvent(node: Handle, event: *mut Handle) {
        let event = out(event)?;
        match self::node(&*ready()?, node)?.work {
            Work::EventRecord(e) => { *event = e; Ok(()) }
            _ => Err(CUDA_ERROR_INVALID_VALUE),
        }
    }

    /// `cuGraphEventWaitNodeGetEvent`.
    fn cuGraphEventWaitNodeGetEvent(node: Handle, event: *mut Handle) {
        let event = out(event)?;
        match self::node(&*ready()?, node)?.work {
            Work::EventWait(e) => { *event = e; Ok(()) }
            _ => Err(CUDA_ERROR_INVALID_VALUE),
        }
    }

    /// `cuGraphAddDependencies_v2` (edges of the default kind only).
    fn cuGraphAddDependencies_v2(graph: Handle, from: *const Handle, to: *const Handle, data: *const EdgeData, count: usize) {
        edit_edges(graph, from, to, data, count, false)
    }

    /// `cuGraphAddDependencies` before CUDA 12.3.
    fn cuGraphAddDependencies(graph: Handle, from: *const Handle, to: *const Handle, count: usize) {
        edit_edges(graph, from, to, std::ptr::null(), count, false)
    }

    /// `cuGraphRemoveDependencies_v2`.
    fn cuGraphRemoveDependencies_v2(graph: Handle, from: *const Handle, to: *const Handle, data: *const EdgeData, count: usize) {
        edit_edges(graph, from, to, data, count, true)
    }

    /// `cuGraphRemoveDependencies` before CUDA 12.3.
    fn cuGraphRemoveDependencies(graph: Handle, from: *const Handle, to: *const Handle, count: usize) {
        edit_edges(graph, from, to, std::ptr::null(), count, true)
    }

    /// `cuGraphGetNodes`.
    fn cuGraphGetNodes(graph: Handle, nodes: *mut Handle, count: *mut usize) {
        list_nodes(graph, nodes, count, |_| true)
    }

    /// `cuGraphGetRootNodes`: the nodes without dependencies.
    fn cuGraphGetRootNodes(graph: Handle, nodes: *mut Handle, count: *mut usize) {
        list_nodes(graph, nodes, count, |n| n.deps.is_empty())
    }

    /// `cuGraphGetEdges_v2`.
    fn cuGraphGetEdges_v2(graph: Handle, from: *mut Handle, to: *mut Handle, data: *mut EdgeData, count: *mut usize) {
        list_edges(graph, from, to, data, count)
    }

    /// `cuGraphGetEdges` before CUDA 12.3.
    fn cuGraphGetEdges(graph: Handle, from: *mut Handle, to: *mut Handle, count: *mut usize) {
        list_edges(graph, from, to, std::ptr::null_mut(), count)
    }

    /// `cuGraphNodeGetDependencies_v2`.
    fn cuGraphNodeGetDependencies_v2(node: Handle, deps: *mut Handle, data: *mut EdgeData, count: *mut usize) {
        list_neighbours(node, deps, data, count, false)
    }

    /// `cuGraphNodeGetDependencies` before CUDA 12.3.
    fn cuGraphNodeGetDependencies(node: Handle, deps: *mut Handle, count: *mut usize) {
        list_neighbours(node, deps, std::ptr::null_mut(), count, false)
    }

    /// `cuGraphNodeGetDependentNodes_v2`.
    fn cuGraphNodeGetDependentNodes_v2(node: Handle, nodes: *mut Handle, data: *mut EdgeData, count: *mut usize) {
        list_neighbours(node, nodes, data, count, true)
    }

    /// `cuGraphNodeGetDependentNodes` before CUDA 12.3.
    fn cuGraphNodeGetDependentNodes(node: Handle, nodes: *mut Handle, count: *mut usize) {
        list_neighbours(node, nodes, std::ptr::null_mut(), count, true)
    }

    /// `cuGraphInstantiateWithFlags` (CUDA 12's `cuGraphInstantiate`).
    fn cuGraphInstantiateWithFlags(exec: *mut Handle, graph: Handle, flags: u64) {
        let exec = out(exec)?;
        *exec = instantiate(&mut *ready()?, graph, flags)?;
        Ok(())
    }

    /// `cuGraphInstantiate_v2` (CUDA 11's `cuGraphInstantiate`): the
    /// error node and log are left empty.
    fn cuGraphInstantiate_v2(exec: *mut Handle, graph: Handle, error_node: *mut Handle, log: *mut u8, log_size: usize) {
        let exec = out(exec)?;
        if let Some(node) = error_node.as_mut() {
            *node = 0;
        }
        if !log.is_null() && log_size > 0 {
            *log = 0;
        }
        *exec = instantiate(&mut *ready()?, graph, 0)?;
        Ok(())
    }

    /// `cuGraphInstantiateWithParams`: the result `CUDA_GRAPH_INSTANTIATE_SUCCESS`.
    fn cuGraphInstantiateWithParams(exec: *mut Handle, graph: Handle, params: *mut InstantiateParams) {
        let (exec, params) = (out(exec)?, out(params)?);
        *exec = instantiate(&mut *ready()?, graph, params.flags)?;
        params.hErrNode_out = 0;
        params.result_out = 0;
        Ok(())
    }

    /// `cuGraphExecGetFlags`.
    fn cuGraphExecGetFlags(exec: Handle, flags: *mut u64) {
        *out(flags)? = ready()?.execs.get(exec)?.flags;
        Ok(())
    }

    /// `cuGraphExecDestroy`.
    fn cuGraphExecDestroy(exec: Handle) {
        ready()?.execs.remove(exec).map(drop)
    }

    /// `cuGraphUpload`: nothing to upload (work runs at the call).
    fn cuGraphUpload(exec: Handle, stream: Handle) {
        let mut state = ready()?;
        state.ready()?;
        state.stream(stream)?;
        state.execs.get(exec)?;
        capture::recording(&mut state, stream).map(drop)
    }

    /// `cuGraphLaunch`: see [`launch_exec`].
    fn cuGraphLaunch(exec: Handle, stream: Handle) {
        launch_exec(exec, stream)
    }

    /// `cuGraphExecKernelNodeSetParams_v2`: the arguments copied now.
    fn cuGraphExecKernelNodeSetParams_v2(exec: Handle, node: Handle, params: *const KernelNodeParams) {
        let params = input(params)?;
        let mut state = ready()?;
        let work = kernel_work(&state, params)?;
        exec_set(&mut state, exec, node, work)
    }

    /// `cuGraphExecKernelNodeSetParams` of CUDA 11.
    fn cuGraphExecKernelNodeSetParams(exec: Handle, node: Handle, params: *const KernelNodeParamsV1) {
        let params = KernelNodeParams::from(input(params)?);
        let mut state = ready()?;
        let work = kernel_work(&state, &params)?;
        exec_set(&mut state, exec, node, work)
    }

    /// `cuGraphExecMemcpyNodeSetParams`.
    fn cuGraphExecMemcpyNodeSetParams(exec: Handle, node: Handle, params: *const Memcpy3D, context: Handle) {
        let _ = context;
        let mut state = ready()?;
        let work = memcpy_work(&state, params)?;
        exec_set(&mut state, exec, node, work)
    }

    /// `cuGraphExecMemsetNodeSetParams`.
    fn cuGraphExecMemsetNodeSetParams(exec: Handle, node: Handle, params: *const MemsetParams, context: Handle) {
        let _ = context;
        let params = *input(params)?;
        check_memset(&params)?;
        exec_set(&mut *ready()?, exec, node, Work::Memset(params))
    }

    /// `cuGraphExecHostNodeSetParams`.
    fn cuGraphExecHostNodeSetParams(exec: Handle, node: Handle, params: *const HostParams) {
        let work = host_work(input(params)?)?;
        exec_set(&mut *ready()?, exec, node, work)
    }

    /// `cuGraphExecUpdate_v2` (CUDA 12's `cuGraphExecUpdate`): see
    /// [`update`].
    fn cuGraphExecUpdate_v2(exec: Handle, graph: Handle, info: *mut UpdateResultInfo) {
        exec_update(exec, graph, out(info)?)
    }

    /// `cuGraphExecUpdate` of CUDA 11.
    fn cuGraphExecUpdate(exec: Handle, graph: Handle, error_node: *mut Handle, result: *mut u32) {
        let (error_node, result) = (out(error_node)?, out(result)?);
        let mut info = UpdateResultInfo { result: 0, errorNode: 0, errorFromNode: 0 };
        let outcome = exec_update(exec, graph, &mut info);
        *error_node = info.errorNode;
        *result = info.result;
        outcome
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The steps' nodes of `exec`, in order.
    fn order(state: &State, exec: Handle) -> Vec<Handle> {
        state
            .execs
            .get(exec)
            .unwrap()
            .steps
            .iter()
            .map(|s| s.node)
            .collect()
    }

    #[test]
    fn instantiation_respects_every_edge_and_refuses_a_cycle() {
        let mut state = state();
        let g = create(&mut state);
        // d is made first but depends on c, made last.
        let d = add_node(&mut state, g, &[], Work::Empty).unwrap();
        let a = add_node(&mut state, g, &[], Work::Empty).unwrap();
        let b = add_node(&mut state, g, &[a], Work::Empty).unwrap();
        let c = add_node(&mut state, g, &[a], Work::Empty).unwrap();
        change_edges(&mut state, g, &[b, c], &[d, d], false).unwrap();
        let exec = instantiate(&mut state, g, 0).unwrap();
        assert_eq!(order(&state, exec), [a, b, c, d]);
        // A node twice among the dependencies, an edge twice: refused.
        assert_eq!(
            add_node(&mut state, g, &[a, a], Work::Empty),
            Err(CUDA_ERROR_INVALID_VALUE)
        );
        assert_eq!(
            change_edges(&mut state, g, &[a], &[b], false),
            Err(CUDA_ERROR_INVALID_VALUE)
        );
        // d -> a closes a cycle.
        change_edges(&mut state, g, &[d], &[a], false).unwrap();
        assert_eq!(instantiate(&mut state, g, 0), Err(CUDA_ERROR_INVALID_VALUE));
        destroy(&mut state, g).unwrap();
        assert!(state.graph_nodes.get(a).is_err());
    }

    #[test]
    fn an_update_needs_the_same_nodes_types_and_edges() {
        let mut state = state();
        let g = create(&mut state);
        let a = add_node(&mut state, g, &[], Work::Empty).unwrap();
        add_node(&mut state, g, &[a], Work::EventWait(0)).unwrap();
        let exec = instantiate(&mut state, g, 0).unwrap();
        let same = clone(&mut state, g).unwrap();
        assert!(update(&mut state, exec, same).unwrap().is_ok());

        let retyped = create(&mut state);
        let x = add_node(&mut state, retyped, &[], Work::Empty).unwrap();
        let y = add_node(&mut state, retyped, &[x], Work::Empty).unwrap();
        let refused = update(&mut state, exec, retyped).unwrap().unwrap_err();
        assert_eq!(
            (refused.result, refused.node),
            (UPDATE_NODE_TYPE_CHANGED, y)
        );

        let rewired = create(&mut state);
        add_node(&mut state, rewired, &[], Work::Empty).unwrap();
        add_node(&mut state, rewired, &[], Work::EventWait(0)).unwrap();
        let refused = update(&mut state, exec, rewired).unwrap().unwrap_err();
        assert_eq!(refused.result, UPDATE_TOPOLOGY_CHANGED);
    }
}
