//! Graphs and stream capture through the runtime: the driver's
//! ([`crate::driver::graph`], [`crate::driver::capture`]), a kernel
//! named by its host stub, a copy by `cudaMemcpyKind` or
//! `cudaMemcpy3DParms`.

use crate::driver::capture;
use crate::driver::graph::{
    self as driver, EdgeData, HostParams, KernelNodeParams, KernelNodeParamsV1, MemsetParams,
    UpdateResultInfo, Work,
};
use crate::export::{Outcome, Status, input, out, outcome, runtime_api};
use crate::runtime::ensure;
use crate::runtime::memory::sides;
use crate::runtime::pitched::{Memcpy3DParms, memcpy_3d_rows};
use crate::runtime::register::kernel_of;
use crate::state::{Handle, State, state};
use std::ffi::c_void;
use std::sync::MutexGuard;

/// The state, the runtime readied.
fn ready() -> Result<MutexGuard<'static, State>, Status> {
    ensure()?;
    let state = state();
    state.context()?;
    Ok(state)
}

/// The driver's kernel-node parameters for `p` (`cudaKernelNodeParams`,
/// laid out as `CUDA_KERNEL_NODE_PARAMS_v1`, its `func` a host stub).
fn kernel_params(state: &mut State, p: &KernelNodeParamsV1) -> Result<KernelNodeParams, Status> {
    let mut params = KernelNodeParams::from(p);
    params.func = kernel_of(state, p.func as *const c_void)?;
    Ok(params)
}

/// The kernel node work for `p`, its arguments copied.
///
/// # Safety
/// `p`'s `kernelParams`/`extra` must be as `cudaLaunchKernel` takes them.
unsafe fn kernel_work(state: &mut State, p: &KernelNodeParamsV1) -> Result<Work, Status> {
    let params = kernel_params(state, p)?;
    // SAFETY: the caller's parameters.
    unsafe { driver::kernel_work(state, &params) }
}

/// The host stub of kernel `function` (its handle, if no stub names it:
/// the runtime takes either).
fn host_stub(state: &State, function: Handle) -> Result<Handle, Status> {
    let name = &state.functions.get(function)?.name;
    Ok(state
        .runtime
        .functions
        .iter()
        .find(|(_, (_, n))| n == name)
        .map_or(function, |(&host, _)| host))
}

/// The copy `p` describes.
///
/// # Safety
/// `p` must be null or valid.
unsafe fn memcpy_work(state: &State, p: *const Memcpy3DParms) -> Result<Work, Status> {
    // SAFETY: the caller's struct.
    let p = unsafe { input(p)? };
    Ok(Work::Memcpy(memcpy_3d_rows(state, p)?))
}

/// A copy of `count` bytes of `kind`.
fn memcpy_1d(
    state: &State,
    dst: *mut c_void,
    src: *const c_void,
    count: usize,
    kind: u32,
) -> Result<Work, Status> {
    let (to, from) = sides(state, dst as usize, src as usize, kind)?;
    Ok(driver::linear_copy(to, from, count))
}

/// A memset node's fill, checked.
fn memset_work(p: *const MemsetParams) -> Result<Work, Status> {
    // SAFETY: the caller's struct, checked for null.
    let p = *unsafe { input(p)? };
    driver::check_memset(&p)?;
    Ok(Work::Memset(p))
}

/// Adds a node made by `work` to `graph`, its handle to `created`.
///
/// # Safety
/// `created` must be writable, `deps` hold `count` handles.
unsafe fn add(
    created: *mut Handle,
    graph: Handle,
    deps: *const Handle,
    count: usize,
    work: impl FnOnce(&mut State) -> Result<Work, Status>,
) -> Outcome {
    ensure()?;
    // SAFETY: the caller's pointers.
    unsafe { driver::add(created, graph, deps, count, work) }
}

runtime_api! {
    /// `cudaStreamBeginCapture`.
    fn cudaStreamBeginCapture(stream: Handle, mode: u32) {
        ensure()?;
        capture::begin(stream, mode)
    }

    /// `cudaStreamBeginCapture_ptsz`: as `cudaStreamBeginCapture`.
    fn cudaStreamBeginCapture_ptsz(stream: Handle, mode: u32) {
        ensure()?;
        capture::begin(stream, mode)
    }

    /// `cudaStreamEndCapture`: the graph, or null and the error that
    /// invalidated the capture.
    fn cudaStreamEndCapture(stream: Handle, graph: *mut Handle) {
        ensure()?;
        outcome(capture::cuStreamEndCapture(stream, graph))
    }

    /// `cudaStreamEndCapture_ptsz`: as `cudaStreamEndCapture`.
    fn cudaStreamEndCapture_ptsz(stream: Handle, graph: *mut Handle) {
        ensure()?;
        outcome(capture::cuStreamEndCapture(stream, graph))
    }

    /// `cudaStreamIsCapturing`.
    fn cudaStreamIsCapturing(stream: Handle, status: *mut u32) {
        ensure()?;
        outcome(capture::cuStreamIsCapturing(stream, status))
    }

    /// `cudaStreamGetCaptureInfo` (CUDA 13's, with edge data).
    fn cudaStreamGetCaptureInfo(stream: Handle, status: *mut u32, id: *mut u64, graph: *mut Handle, deps: *mut *const Handle, edges: *mut *const EdgeData, count: *mut usize) {
        ensure()?;
        outcome(capture::cuStreamGetCaptureInfo_v3(stream, status, id, graph, deps, edges, count))
    }

    /// `cudaStreamGetCaptureInfo_ptsz`: as `cudaStreamGetCaptureInfo`.
    fn cudaStreamGetCaptureInfo_ptsz(stream: Handle, status: *mut u32, id: *mut u64, graph: *mut Handle, deps: *mut *const Handle, edges: *mut *const EdgeData, count: *mut usize) {
        ensure()?;
        outcome(capture::cuStreamGetCaptureInfo_v3(stream, status, id, graph, deps, edges, count))
    }

    /// `cudaStreamUpdateCaptureDependencies`.
    fn cudaStreamUpdateCaptureDependencies(stream: Handle, deps: *const Handle, edges: *const EdgeData, count: usize, flags: u32) {
        ensure()?;
        outcome(capture::cuStreamUpdateCaptureDependencies_v2(stream, deps, edges, count, flags))
    }

    /// `cudaThreadExchangeStreamCaptureMode`.
    fn cudaThreadExchangeStreamCaptureMode(mode: *mut u32) {
        capture::exchange_mode(out(mode)?)
    }

    /// `cudaGraphCreate`.
    fn cudaGraphCreate(graph: *mut Handle, flags: u32) {
        ensure()?;
        outcome(driver::cuGraphCreate(graph, flags))
    }

    /// `cudaGraphDestroy`.
    fn cudaGraphDestroy(graph: Handle) {
        ensure()?;
        outcome(driver::cuGraphDestroy(graph))
    }

    /// `cudaGraphClone`.
    fn cudaGraphClone(copy: *mut Handle, graph: Handle) {
        ensure()?;
        outcome(driver::cuGraphClone(copy, graph))
    }

    /// `cudaGraphNodeFindInClone`.
    fn cudaGraphNodeFindInClone(found: *mut Handle, original: Handle, copy: Handle) {
        ensure()?;
        outcome(driver::cuGraphNodeFindInClone(found, original, copy))
    }

    /// `cudaGraphDestroyNode`.
    fn cudaGraphDestroyNode(node: Handle) {
        ensure()?;
        outcome(driver::cuGraphDestroyNode(node))
    }

    /// `cudaGraphNodeGetType` (`cudaGraphNodeType` numbers as the driver).
    fn cudaGraphNodeGetType(node: Handle, kind: *mut u32) {
        ensure()?;
        outcome(driver::cuGraphNodeGetType(node, kind))
    }

    /// `cudaGraphAddKernelNode`: the arguments copied now.
    fn cudaGraphAddKernelNode(created: *mut Handle, graph: Handle, deps: *const Handle, count: usize, params: *const KernelNodeParamsV1) {
        let params = input(params)?;
        add(created, graph, deps, count, |state| kernel_work(state, params))
    }

    /// `cudaGraphKernelNodeGetParams`: `func` the host stub.
    fn cudaGraphKernelNodeGetParams(node: Handle, params: *mut KernelNodeParamsV1) {
        let params = out(params)?;
        let mut state = ready()?;
        let p = driver::kernel_params(&mut state, node)?;
        *params = KernelNodeParamsV1 {
            func: host_stub(&state, p.func)?,
            grid: p.grid,
            block: p.block,
            sharedMemBytes: p.sharedMemBytes,
            kernelParams: p.kernelParams,
            extra: p.extra,
        };
        Ok(())
    }

    /// `cudaGraphKernelNodeSetParams`: the arguments copied now.
    fn cudaGraphKernelNodeSetParams(node: Handle, params: *const KernelNodeParamsV1) {
        let params = input(params)?;
        let mut state = ready()?;
        let work = kernel_work(&mut state, params)?;
        driver::set_work(&mut state, node, work)
    }

    /// `cudaGraphExecKernelNodeSetParams`: the arguments copied now.
    fn cudaGraphExecKernelNodeSetParams(exec: Handle, node: Handle, params: *const KernelNodeParamsV1) {
        let params = input(params)?;
        let mut state = ready()?;
        let work = kernel_work(&mut state, params)?;
        driver::exec_set(&mut state, exec, node, work)
    }

    /// `cudaGraphAddMemcpyNode` (linear memory).
    fn cudaGraphAddMemcpyNode(created: *mut Handle, graph: Handle, deps: *const Handle, count: usize, params: *const Memcpy3DParms) {
        add(created, graph, deps, count, |state| memcpy_work(state, params))
    }

    /// `cudaGraphAddMemcpyNode1D`.
    fn cudaGraphAddMemcpyNode1D(created: *mut Handle, graph: Handle, deps: *const Handle, count: usize, dst: *mut c_void, src: *const c_void, bytes: usize, kind: u32) {
        add(created, graph, deps, count, |state| memcpy_1d(state, dst, src, bytes, kind))
    }

    /// `cudaGraphMemcpyNodeSetParams`.
    fn cudaGraphMemcpyNodeSetParams(node: Handle, params: *const Memcpy3DParms) {
        let mut state = ready()?;
        let work = memcpy_work(&state, params)?;
        driver::set_work(&mut state, node, work)
    }

    /// `cudaGraphMemcpyNodeSetParams1D`.
    fn cudaGraphMemcpyNodeSetParams1D(node: Handle, dst: *mut c_void, src: *const c_void, bytes: usize, kind: u32) {
        let mut state = ready()?;
        let work = memcpy_1d(&state, dst, src, bytes, kind)?;
        driver::set_work(&mut state, node, work)
    }

    /// `cudaGraphExecMemcpyNodeSetParams`.
    fn cudaGraphExecMemcpyNodeSetParams(exec: Handle, node: Handle, params: *const Memcpy3DParms) {
        let mut state = ready()?;
        let work = memcpy_work(&state, params)?;
        driver::exec_set(&mut state, exec, node, work)
    }

    /// `cudaGraphExecMemcpyNodeSetParams1D`.
    fn cudaGraphExecMemcpyNodeSetParams1D(exec: Handle, node: Handle, dst: *mut c_void, src: *const c_void, bytes: usize, kind: u32) {
        let mut state = ready()?;
        let work = memcpy_1d(&state, dst, src, bytes, kind)?;
        driver::exec_set(&mut state, exec, node, work)
    }

    /// `cudaGraphAddMemsetNode`.
    fn cudaGraphAddMemsetNode(created: *mut Handle, graph: Handle, deps: *const Handle, count: usize, params: *const MemsetParams) {
        let work = memset_work(params)?;
        add(created, graph, deps, count, |_| Ok(work))
    }

    /// `cudaGraphMemsetNodeGetParams`.
    fn cudaGraphMemsetNodeGetParams(node: Handle, params: *mut MemsetParams) {
        ensure()?;
        outcome(driver::cuGraphMemsetNodeGetParams(node, params))
    }

    /// `cudaGraphMemsetNodeSetParams`.
    fn cudaGraphMemsetNodeSetParams(node: Handle, params: *const MemsetParams) {
        let work = memset_work(params)?;
        driver::set_work(&mut *ready()?, node, work)
    }

    /// `cudaGraphExecMemsetNodeSetParams`.
    fn cudaGraphExecMemsetNodeSetParams(exec: Handle, node: Handle, params: *const MemsetParams) {
        let work = memset_work(params)?;
        driver::exec_set(&mut *ready()?, exec, node, work)
    }

    /// `cudaGraphAddHostNode`.
    fn cudaGraphAddHostNode(created: *mut Handle, graph: Handle, deps: *const Handle, count: usize, params: *const HostParams) {
        ensure()?;
        outcome(driver::cuGraphAddHostNode(created, graph, deps, count, params))
    }

    /// `cudaGraphHostNodeGetParams`.
    fn cudaGraphHostNodeGetParams(node: Handle, params: *mut HostParams) {
        ensure()?;
        outcome(driver::cuGraphHostNodeGetParams(node, params))
    }

    /// `cudaGraphHostNodeSetParams`.
    fn cudaGraphHostNodeSetParams(node: Handle, params: *const HostParams) {
        ensure()?;
        outcome(driver::cuGraphHostNodeSetParams(node, params))
    }

    /// `cudaGraphExecHostNodeSetParams`.
    fn cudaGraphExecHostNodeSetParams(exec: Handle, node: Handle, params: *const HostParams) {
        ensure()?;
        outcome(driver::cuGraphExecHostNodeSetParams(exec, node, params))
    }

    /// `cudaGraphAddChildGraphNode`: the node runs a copy of `child`.
    fn cudaGraphAddChildGraphNode(created: *mut Handle, graph: Handle, deps: *const Handle, count: usize, child: Handle) {
        ensure()?;
        outcome(driver::cuGraphAddChildGraphNode(created, graph, deps, count, child))
    }

    /// `cudaGraphChildGraphNodeGetGraph`.
    fn cudaGraphChildGraphNodeGetGraph(node: Handle, graph: *mut Handle) {
        ensure()?;
        outcome(driver::cuGraphChildGraphNodeGetGraph(node, graph))
    }

    /// `cudaGraphAddEmptyNode`.
    fn cudaGraphAddEmptyNode(created: *mut Handle, graph: Handle, deps: *const Handle, count: usize) {
        ensure()?;
        outcome(driver::cuGraphAddEmptyNode(created, graph, deps, count))
    }

    /// `cudaGraphAddEventRecordNode`.
    fn cudaGraphAddEventRecordNode(created: *mut Handle, graph: Handle, deps: *const Handle, count: usize, event: Handle) {
        ensure()?;
        outcome(driver::cuGraphAddEventRecordNode(created, graph, deps, count, event))
    }

    /// `cudaGraphAddEventWaitNode`.
    fn cudaGraphAddEventWaitNode(created: *mut Handle, graph: Handle, deps: *const Handle, count: usize, event: Handle) {
        ensure()?;
        outcome(driver::cuGraphAddEventWaitNode(created, graph, deps, count, event))
    }

    /// `cudaGraphEventRecordNodeGetEvent`.
    fn cudaGraphEventRecordNodeGetEvent(node: Handle, event: *mut Handle) {
        ensure()?;
        outcome(driver::cuGraphEventRecordNodeGetEvent(node, event))
    }

    /// `cudaGraphEventWaitNodeGetEvent`.
    fn cudaGraphEventWaitNodeGetEvent(node: Handle, event: *mut Handle) {
        ensure()?;
        outcome(driver::cuGraphEventWaitNodeGetEvent(node, event))
    }

    /// `cudaGraphAddDependencies` (edges of the default kind only).
    fn cudaGraphAddDependencies(graph: Handle, from: *const Handle, to: *const Handle, edges: *const EdgeData, count: usize) {
        ensure()?;
        driver::edit_edges(graph, from, to, edges, count, false)
    }

    /// `cudaGraphRemoveDependencies`.
    fn cudaGraphRemoveDependencies(graph: Handle, from: *const Handle, to: *const Handle, edges: *const EdgeData, count: usize) {
        ensure()?;
        driver::edit_edges(graph, from, to, edges, count, true)
    }

    /// `cudaGraphGetNodes`.
    fn cudaGraphGetNodes(graph: Handle, nodes: *mut Handle, count: *mut usize) {
        ensure()?;
        outcome(driver::cuGraphGetNodes(graph, nodes, count))
    }

    /// `cudaGraphGetRootNodes`.
    fn cudaGraphGetRootNodes(graph: Handle, nodes: *mut Handle, count: *mut usize) {
        ensure()?;
        outcome(driver::cuGraphGetRootNodes(graph, nodes, count))
    }

    /// `cudaGraphGetEdges`.
    fn cudaGraphGetEdges(graph: Handle, from: *mut Handle, to: *mut Handle, edges: *mut EdgeData, count: *mut usize) {
        ensure()?;
        driver::list_edges(graph, from, to, edges, count)
    }

    /// `cudaGraphNodeGetDependencies`.
    fn cudaGraphNodeGetDependencies(node: Handle, deps: *mut Handle, edges: *mut EdgeData, count: *mut usize) {
        ensure()?;
        driver::list_neighbours(node, deps, edges, count, false)
    }

    /// `cudaGraphNodeGetDependentNodes`.
    fn cudaGraphNodeGetDependentNodes(node: Handle, nodes: *mut Handle, edges: *mut EdgeData, count: *mut usize) {
        ensure()?;
        driver::list_neighbours(node, nodes, edges, count, true)
    }

    /// `cudaGraphInstantiate` (CUDA 12's, with flags).
    fn cudaGraphInstantiate(exec: *mut Handle, graph: Handle, flags: u64) {
        ensure()?;
        outcome(driver::cuGraphInstantiateWithFlags(exec, graph, flags))
    }

    /// `cudaGraphInstantiateWithFlags`.
    fn cudaGraphInstantiateWithFlags(exec: *mut Handle, graph: Handle, flags: u64) {
        ensure()?;
        outcome(driver::cuGraphInstantiateWithFlags(exec, graph, flags))
    }

    /// `cudaGraphInstantiateWithParams`.
    fn cudaGraphInstantiateWithParams(exec: *mut Handle, graph: Handle, params: *mut driver::InstantiateParams) {
        ensure()?;
        outcome(driver::cuGraphInstantiateWithParams(exec, graph, params))
    }

    /// `cudaGraphInstantiateWithParams_ptsz`: as `cudaGraphInstantiateWithParams`.
    fn cudaGraphInstantiateWithParams_ptsz(exec: *mut Handle, graph: Handle, params: *mut driver::InstantiateParams) {
        ensure()?;
        outcome(driver::cuGraphInstantiateWithParams(exec, graph, params))
    }

    /// `cudaGraphExecGetFlags`.
    fn cudaGraphExecGetFlags(exec: Handle, flags: *mut u64) {
        ensure()?;
        outcome(driver::cuGraphExecGetFlags(exec, flags))
    }

    /// `cudaGraphExecDestroy`.
    fn cudaGraphExecDestroy(exec: Handle) {
        ensure()?;
        outcome(driver::cuGraphExecDestroy(exec))
    }

    /// `cudaGraphUpload`: nothing to upload.
    fn cudaGraphUpload(exec: Handle, stream: Handle) {
        ensure()?;
        outcome(driver::cuGraphUpload(exec, stream))
    }

    /// `cudaGraphUpload_ptsz`: as `cudaGraphUpload`.
    fn cudaGraphUpload_ptsz(exec: Handle, stream: Handle) {
        ensure()?;
        outcome(driver::cuGraphUpload(exec, stream))
    }

    /// `cudaGraphLaunch`: the graph's nodes run now, in an order that
    /// respects its edges.
    fn cudaGraphLaunch(exec: Handle, stream: Handle) {
        ensure()?;
        driver::launch_exec(exec, stream)
    }

    /// `cudaGraphLaunch_ptsz`: as `cudaGraphLaunch`.
    fn cudaGraphLaunch_ptsz(exec: Handle, stream: Handle) {
        ensure()?;
        driver::launch_exec(exec, stream)
    }

    /// `cudaGraphExecUpdate`: see [`driver::update`].
    fn cudaGraphExecUpdate(exec: Handle, graph: Handle, info: *mut UpdateResultInfo) {
        ensure()?;
        driver::exec_update(exec, graph, out(info)?)
    }
}
