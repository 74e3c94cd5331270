//! Pitched memory through the runtime: `cudaMallocPitch` and
//! `cudaMalloc3D`, 2-D and 3-D copies and fills of linear memory, over
//! [`crate::driver::pitched`]. A copy's pitch shorter than the block's
//! rows is `cudaErrorInvalidPitchValue`, as NVIDIA's runtime says it (a
//! fill's is the driver's `cudaErrorInvalidValue`, as there). A 3-D copy
//! with a `cudaArray_t` side is [`crate::runtime::texture`]'s.

use crate::driver::error::CUDA_ERROR_INVALID_VALUE;
use crate::driver::pitched::{self as driver, Plane};
use crate::export::{Outcome, Status, out, runtime_api};
use crate::runtime::memory::{ready, sides};
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
    stream: Handle,
) -> Outcome {
    pitches(width, dpitch, spitch)?;
    let state = ready(stream)?;
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
    // SAFETY: the caller's host sides.
    unsafe { driver::copy_2d(&state, dst, src, width, height) }
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
unsafe fn memcpy_3d(p: *const Memcpy3DParms, stream: Handle) -> Outcome {
    // SAFETY: the caller's struct, checked for null.
    let p = unsafe { p.as_ref() }.ok_or(CUDA_ERROR_INVALID_VALUE)?;
    if !p.srcArray.is_null() || !p.dstArray.is_null() {
        // SAFETY: the caller's host side.
        return unsafe { crate::runtime::texture::memcpy_3d_array(p, stream) };
    }
    if p.srcPtr.ptr.is_null() || p.dstPtr.ptr.is_null() {
        return Err(CUDA_ERROR_INVALID_VALUE);
    }
    let Extent {
        width,
        height,
        depth,
    } = p.extent;
    pitches(width, p.dstPtr.pitch, p.srcPtr.pitch)?;
    let state = ready(stream)?;
    for z in 0..depth {
        let dst = slice(&p.dstPtr, &p.dstPos, z)?;
        let src = slice(&p.srcPtr, &p.srcPos, z)?;
        let (to, from) = sides(&state, dst, src, p.kind)?;
        let dst = Plane {
            start: to,
            pitch: p.dstPtr.pitch,
        };
        let src = Plane {
            start: from,
            pitch: p.srcPtr.pitch,
        };
        // SAFETY: the caller's host sides.
        unsafe { driver::copy_2d(&state, dst, src, width, height)? };
    }
    Ok(())
}

/// Fills `depth` slices of `height` rows of `width` bytes with `value`.
fn memset_3d(state: &State, ptr: PitchedPtr, value: i32, extent: Extent) -> Outcome {
    if ptr.ptr.is_null() {
        return Err(CUDA_ERROR_INVALID_VALUE);
    }
    let origin = Pos { x: 0, y: 0, z: 0 };
    for z in 0..extent.depth {
        let start = slice(&ptr, &origin, z)? as u64;
        driver::fill_2d(
            state,
            start,
            ptr.pitch,
            &[value as u8],
            extent.width,
            extent.height,
        )?;
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
        memcpy_2d(dst, dpitch, src, spitch, width, height, kind, 0)
    }

    /// `cudaMemcpy2DAsync`: runs at the call.
    fn cudaMemcpy2DAsync(dst: *mut c_void, dpitch: usize, src: *const c_void, spitch: usize, width: usize, height: usize, kind: u32, stream: Handle) {
        memcpy_2d(dst, dpitch, src, spitch, width, height, kind, stream)
    }

    /// `cudaMemset2D`.
    fn cudaMemset2D(pointer: *mut c_void, pitch: usize, value: i32, width: usize, height: usize) {
        let state = ready(0)?;
        driver::fill_2d(&state, pointer as u64, pitch, &[value as u8], width, height)
    }

    /// `cudaMemset2DAsync`: runs at the call.
    fn cudaMemset2DAsync(pointer: *mut c_void, pitch: usize, value: i32, width: usize, height: usize, stream: Handle) {
        let state = ready(stream)?;
        driver::fill_2d(&state, pointer as u64, pitch, &[value as u8], width, height)
    }

    /// `cudaMemcpy3D`.
    fn cudaMemcpy3D(p: *const Memcpy3DParms) {
        memcpy_3d(p, 0)
    }

    /// `cudaMemcpy3DAsync`: runs at the call.
    fn cudaMemcpy3DAsync(p: *const Memcpy3DParms, stream: Handle) {
        memcpy_3d(p, stream)
    }

    /// `cudaMemset3D`.
    fn cudaMemset3D(pointer: PitchedPtr, value: i32, extent: Extent) {
        let state = ready(0)?;
        memset_3d(&state, pointer, value, extent)
    }

    /// `cudaMemset3DAsync`: runs at the call.
    fn cudaMemset3DAsync(pointer: PitchedPtr, value: i32, extent: Extent, stream: Handle) {
        let state = ready(stream)?;
        memset_3d(&state, pointer, value, extent)
    }
}
