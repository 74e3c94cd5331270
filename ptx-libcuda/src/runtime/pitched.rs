//! Pitched memory through the runtime: `cudaMallocPitch` and
//! `cudaMalloc3D`, 2-D and 3-D copies and fills of linear memory, over
//! [`crate::driver::pitched`]. A copy's pitch shorter than the block's
//! rows is `cudaErrorInvalidPitchValue`, as NVIDIA's runtime says it (a
//! fill's is the driver's `cudaErrorInvalidValue`, as there). A 3-D copy
//! with a `cudaArray_t` side is [`crate::runtime::texture`]'s.

use crate::driver::error::CUDA_ERROR_INVALID_VALUE;
use crate::driver::graph::{self, MemsetParams, Work};
use crate::driver::pitched::{self as driver, Plane, Rows};
use crate::export::{Outcome, Status, out, runtime_api};
use crate::runtime::memory::{enqueue, ready, sides};
use crate::state::{Handle, State};
use std::ffi::c_void;

/// `cudaErrorInvalidPitchValue`.
pub(crate) const INVALID_PITCH: Status = 12;

/// `cudaPitchedPtr`: pitched memory and its shape.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct PitchedPtr {
    /// The first byte.
    pub ptr: *mut c_void,
    /// Bytes from one row to the next.
    pub pitch: usize,
    /// A row's bytes in use (the logical width).
    pub xsize: usize,
    /// Rows in a slice.
    pub ysize: usize,
}

/// `cudaExtent`: a block's width (in bytes, for linear memory), height
/// and depth.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct Extent {
    /// Bytes in a row.
    pub width: usize,
    /// Rows in a slice.
    pub height: usize,
    /// Slices.
    pub depth: usize,
}

/// `cudaPos`: a position in a pitched block (`x` in bytes).
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct Pos {
    /// Byte in the row.
    pub x: usize,
    /// Row in the slice.
    pub y: usize,
    /// Slice.
    pub z: usize,
}

/// `cudaMemcpy3DParms`.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
#[allow(non_snake_case, missing_docs)]
pub struct Memcpy3DParms {
    pub srcArray: *mut c_void,
    pub srcPos: Pos,
    pub srcPtr: PitchedPtr,
    pub dstArray: *mut c_void,
    pub dstPos: Pos,
    pub dstPtr: PitchedPtr,
    pub extent: Extent,
    pub kind: u32,
}

const _: () = assert!(std::mem::size_of::<Memcpy3DParms>() == 160);

/// `width` against both pitches, as the runtime checks it first.
fn pitches(width: usize, dpitch: usize, spitch: usize) -> Outcome {
    if width > dpitch || width > spitch {
        return Err(INVALID_PITCH);
    }
    Ok(())
}

/// `cudaMemcpy2D` and `cudaMemcpy2DAsync`.
///
/// # Safety
/// Host sides must be valid for their rows.
#[allow(clippy::too_many_arguments)]
unsafe fn memcpy_2d(
    dst: *mut c_void,
    dpitch: usize,
    src: *const c_void,
    spitch: usize,
    width: usize,
    height: usize,
    kind: u32,
    stream: Option<Handle>,
) -> Outcome {
    pitches(width, dpitch, spitch)?;
    let mut state = enqueue(stream)?;
    let (to, from) = sides(&state, dst as usize, src as usize, kind)?;
    let (dst, src) = (
        Plane {
            start: to,
            pitch: dpitch,
        },
        Plane {
            start: from,
            pitch: spitch,
        },
    );
    let rows = Rows {
        dst,
        src,
        width,
        height,
    };
    graph::submit(&mut state, stream.unwrap_or(0), Work::Memcpy(vec![rows]))
}

/// The plane of slice `z` of `ptr` from `pos`.
fn slice(ptr: &PitchedPtr, pos: &Pos, z: usize) -> Result<usize, Status> {
    let slice_bytes = ptr
        .pitch
        .checked_mul(ptr.ysize)
        .ok_or(CUDA_ERROR_INVALID_VALUE)?;
    (pos.z + z)
        .checked_mul(slice_bytes)
        .and_then(|o| o.checked_add(pos.y.checked_mul(ptr.pitch)?))
        .and_then(|o| o.checked_add(pos.x))
        .and_then(|o| (ptr.ptr as usize).checked_add(o))
        .ok_or(CUDA_ERROR_INVALID_VALUE)
}

/// `cudaMemcpy3D` and `cudaMemcpy3DAsync` of linear memory: each slice a
/// 2-D copy.
///
/// # Safety
/// `p` must be null or valid, its host sides valid for their slices.
unsafe fn memcpy_3d(p: *const Memcpy3DParms, stream: Option<Handle>) -> Outcome {
    // SAFETY: the caller's struct, checked for null.
    let p = unsafe { p.as_ref() }.ok_or(CUDA_ERROR_INVALID_VALUE)?;
    if !p.srcArray.is_null() || !p.dstArray.is_null() {
        // SAFETY: the caller's host side.
        return unsafe { crate::runtime::texture::memcpy_3d_array(p, stream.unwrap_or(0)) };
    }
    let mut state = enqueue(stream)?;
    let rows = memcpy_3d_rows(&state, p)?;
    graph::submit(&mut state, stream.unwrap_or(0), Work::Memcpy(rows))
}

/// The slices of the 3-D copy `p` describes (of linear memory, its
/// pointers checked; a graph's copy node naming an array is not
/// implemented).
pub fn memcpy_3d_rows(state: &State, p: &Memcpy3DParms) -> Result<Vec<Rows>, Status> {
    if !p.srcArray.is_null() || !p.dstArray.is_null() {
        return Err(crate::driver::not_implemented::unsupported(
            "a graph's copy node naming an array",
        ));
    }
    if p.srcPtr.ptr.is_null() || p.dstPtr.ptr.is_null() {
        return Err(CUDA_ERROR_INVALID_VALUE);
    }
    pitches(p.extent.width, p.dstPtr.pitch, p.srcPtr.pitch)?;
    let Extent {
        width,
        height,
        depth,
    } = p.extent;
    let mut rows = Vec::with_capacity(depth);
    for z in 0..depth {
        let dst = slice(&p.dstPtr, &p.dstPos, z)?;
        let src = slice(&p.srcPtr, &p.srcPos, z)?;
        let (to, from) = sides(state, dst, src, p.kind)?;
        let dst = Plane {
            start: to,
            pitch: p.dstPtr.pitch,
        };
        let src = Plane {
            start: from,
            pitch: p.srcPtr.pitch,
        };
        rows.push(Rows {
            dst,
            src,
            width,
            height,
        });
    }
    Ok(rows)
}

/// Fills `depth` slices of `height` rows of `width` bytes with `value`
/// (each slice a fill node, on a capturing stream).
fn memset_3d(
    state: &mut State,
    stream: Handle,
    ptr: PitchedPtr,
    value: i32,
    extent: Extent,
) -> Outcome {
    if ptr.ptr.is_null() {
        return Err(CUDA_ERROR_INVALID_VALUE);
    }
    let origin = Pos { x: 0, y: 0, z: 0 };
    for z in 0..extent.depth {
        let start = slice(&ptr, &origin, z)? as u64;
        let fill = MemsetParams::of(
            start,
            ptr.pitch,
            &[value as u8],
            extent.width,
            extent.height,
        );
        graph::submit(state, stream, Work::Memset(fill))?;
    }
    Ok(())
}

runtime_api! {
    /// `cudaMallocPitch`: rows of `width` bytes at a pitch of a multiple
    /// of [`driver::PITCH_ALIGN`].
    fn cudaMallocPitch(pointer: *mut u64, pitch: *mut usize, width: usize, height: usize) {
        let (pointer, pitch) = (out(pointer)?, out(pitch)?);
        let mut state = ready(0)?;
        let (addr, p) = driver::alloc_pitch(&mut state, width, height)?;
        *pointer = addr;
        *pitch = p;
        Ok(())
    }

    /// `cudaMalloc3D`: `depth` slices of `height` pitched rows of
    /// `width` bytes.
    fn cudaMalloc3D(pointer: *mut PitchedPtr, extent: Extent) {
        let pointer = out(pointer)?;
        let rows = extent
            .height
            .checked_mul(extent.depth)
            .ok_or(CUDA_ERROR_INVALID_VALUE)?;
        let mut state = ready(0)?;
        let (addr, pitch) = driver::alloc_pitch(&mut state, extent.width, rows)?;
        *pointer = PitchedPtr {
            ptr: addr as *mut c_void,
            pitch,
            xsize: extent.width,
            ysize: extent.height,
        };
        Ok(())
    }

    /// `cudaMemcpy2D`.
    fn cudaMemcpy2D(dst: *mut c_void, dpitch: usize, src: *const c_void, spitch: usize, width: usize, height: usize, kind: u32) {
        memcpy_2d(dst, dpitch, src, spitch, width, height, kind, None)
    }

    /// `cudaMemcpy2DAsync`: runs at the call (or is captured).
    fn cudaMemcpy2DAsync(dst: *mut c_void, dpitch: usize, src: *const c_void, spitch: usize, width: usize, height: usize, kind: u32, stream: Handle) {
        memcpy_2d(dst, dpitch, src, spitch, width, height, kind, Some(stream))
    }

    /// `cudaMemset2D`.
    fn cudaMemset2D(pointer: *mut c_void, pitch: usize, value: i32, width: usize, height: usize) {
        let mut state = enqueue(None)?;
        let fill = MemsetParams::of(pointer as u64, pitch, &[value as u8], width, height);
        graph::submit(&mut state, 0, Work::Memset(fill))
    }

    /// `cudaMemset2DAsync`: runs at the call (or is captured).
    fn cudaMemset2DAsync(pointer: *mut c_void, pitch: usize, value: i32, width: usize, height: usize, stream: Handle) {
        let mut state = enqueue(Some(stream))?;
        let fill = MemsetParams::of(pointer as u64, pitch, &[value as u8], width, height);
        graph::submit(&mut state, stream, Work::Memset(fill))
    }

    /// `cudaMemcpy3D`.
    fn cudaMemcpy3D(p: *const Memcpy3DParms) {
        memcpy_3d(p, None)
    }

    /// `cudaMemcpy3DAsync`: runs at the call (or is captured).
    fn cudaMemcpy3DAsync(p: *const Memcpy3DParms, stream: Handle) {
        memcpy_3d(p, Some(stream))
    }

    /// `cudaMemset3D`.
    fn cudaMemset3D(pointer: PitchedPtr, value: i32, extent: Extent) {
        memset_3d(&mut *enqueue(None)?, 0, pointer, value, extent)
    }

    /// `cudaMemset3DAsync`: runs at the call (or is captured).
    fn cudaMemset3DAsync(pointer: PitchedPtr, value: i32, extent: Extent, stream: Handle) {
        memset_3d(&mut *enqueue(Some(stream))?, stream, pointer, value, extent)
    }
}
