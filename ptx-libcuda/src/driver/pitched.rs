//! Pitched memory: 2-D allocations whose rows start a fixed number of
//! bytes apart (`cuMemAllocPitch`), and the copies and fills that move a
//! `width` x `height` block of bytes between two such layouts
//! (`cuMemcpy2D`, `cuMemsetD2D*`), slice by slice in 3-D (`cuMemcpy3D`),
//! which the runtime's `cudaMallocPitch`,
//! `cudaMemcpy2D`, `cudaMemset2D` and their 3-D forms use too.
//!
//! A pitch is what the driver gives an H100: the row's bytes rounded up
//! to [`PITCH_ALIGN`]. A side may be a CUDA array (`CU_MEMORYTYPE_ARRAY`,
//! [`crate::driver::array`]): its rows are its elements' bytes apart and
//! its slices (or layers) its rows', and a block must lie inside it.
//!
//! Every row of both sides is checked before a byte moves: a block that
//! runs past an allocation is `CUDA_ERROR_INVALID_VALUE`, and nothing is
//! copied.

use crate::driver::capture;
use crate::driver::error::CUDA_ERROR_INVALID_VALUE;
use crate::driver::graph::{self, MemsetParams, Work};
use crate::driver::memory::{self, Side, side_of};
use crate::export::{Outcome, Status, driver_api, out};
use crate::state::{Handle, State, state};
use std::ffi::c_void;

/// The alignment of a pitch `cuMemAllocPitch` gives, in bytes: the
/// device's texture alignment (`CU_DEVICE_ATTRIBUTE_TEXTURE_ALIGNMENT`),
/// what an H100's driver rounds a row to.
pub const PITCH_ALIGN: usize = 512;

/// The pitch of rows of `width` bytes.
///
/// ```
/// use ptx_libcuda::driver::pitched::pitch_for;
/// assert_eq!(pitch_for(100), 512);
/// assert_eq!(pitch_for(512), 512);
/// assert_eq!(pitch_for(513), 1024);
/// ```
pub fn pitch_for(width: usize) -> usize {
    width.div_ceil(PITCH_ALIGN).max(1) * PITCH_ALIGN
}

/// A pitched allocation of `height` rows of `width` bytes: its address
/// and pitch.
pub fn alloc_pitch(state: &mut State, width: usize, height: usize) -> Result<(u64, usize), Status> {
    let pitch = pitch_for(width);
    let bytes = pitch.checked_mul(height).ok_or(CUDA_ERROR_INVALID_VALUE)?;
    Ok((memory::alloc(state, bytes, false)?, pitch))
}

/// One side of a 2-D copy: its first byte and the distance between rows.
#[derive(Clone, Copy, Debug)]
pub struct Plane {
    /// The block's first byte.
    pub start: Side,
    /// Bytes from one row's start to the next's.
    pub pitch: usize,
}

impl Plane {
    /// Row `row`'s first byte.
    fn row(self, row: usize) -> Side {
        let offset = row * self.pitch;
        match self.start {
            Side::Host(p) => Side::Host(p + offset),
            Side::Device(a) => Side::Device(a + offset as u64),
        }
    }

    /// Checks that `height` rows of `width` bytes lie inside device
    /// memory (a host side is the caller's to get right).
    fn check(self, state: &State, width: usize, height: usize) -> Outcome {
        if width > self.pitch {
            return Err(CUDA_ERROR_INVALID_VALUE);
        }
        if height == 0 || width == 0 {
            return Ok(());
        }
        if let Side::Device(a) = self.start {
            let span = (height - 1)
                .checked_mul(self.pitch)
                .and_then(|s| s.checked_add(width))
                .ok_or(CUDA_ERROR_INVALID_VALUE)?;
            state.place(a, span)?;
        }
        Ok(())
    }
}

/// Copies `height` rows of `width` bytes from `src` to `dst`.
///
/// # Safety
/// Host sides must be valid for the rows they name.
pub unsafe fn copy_2d(
    state: &State,
    dst: Plane,
    src: Plane,
    width: usize,
    height: usize,
) -> Outcome {
    dst.check(state, width, height)?;
    src.check(state, width, height)?;
    if dst.pitch == width && src.pitch == width {
        // SAFETY: one block of `width * height` bytes, as the caller's.
        return unsafe { memory::copy(state, dst.start, src.start, width * height) };
    }
    for row in 0..height {
        // SAFETY: each row is one of the caller's.
        unsafe { memory::copy(state, dst.row(row), src.row(row), width)? };
    }
    Ok(())
}

/// A copy of `height` rows of `width` bytes from `src` to `dst`: one
/// slice of a 2-D or 3-D copy, or a whole linear one.
#[derive(Clone, Copy, Debug)]
pub struct Rows {
    /// Where the rows go.
    pub dst: Plane,
    /// Where they come from.
    pub src: Plane,
    /// Bytes a row.
    pub width: usize,
    /// Rows.
    pub height: usize,
}

impl Rows {
    /// A linear copy of `len` bytes: one row.
    pub fn linear(dst: Side, src: Side, len: usize) -> Rows {
        Rows {
            dst: Plane {
                start: dst,
                pitch: len,
            },
            src: Plane {
                start: src,
                pitch: len,
            },
            width: len,
            height: 1,
        }
    }
}

/// Copies each block of `rows` in turn.
///
/// # Safety
/// Host sides must be valid for their rows. (A graph's copy node runs
/// this long after the call that made it: CUDA asks the program to keep
/// its host memory valid as long as the graph may run.)
pub fn copy_rows(state: &State, rows: &[Rows]) -> Outcome {
    for r in rows {
        // SAFETY: the host sides the program gave, valid as CUDA asks.
        unsafe { copy_2d(state, r.dst, r.src, r.width, r.height)? };
    }
    Ok(())
}

/// Sets `height` rows of `width` elements of `pattern` (1, 2 or 4 bytes)
/// at device address `dst`, rows `pitch` bytes apart.
pub fn fill_2d(
    state: &State,
    dst: u64,
    pitch: usize,
    pattern: &[u8],
    width: usize,
    height: usize,
) -> Outcome {
    let row_bytes = width
        .checked_mul(pattern.len())
        .ok_or(CUDA_ERROR_INVALID_VALUE)?;
    // One row needs no pitch: an H200's driver fills 65 bytes at a pitch
    // of 64 (tests/gpu-clients/h200/pitched.txt).
    let pitch = if height <= 1 {
        pitch.max(row_bytes)
    } else {
        pitch
    };
    let plane = Plane {
        start: Side::Device(dst),
        pitch,
    };
    plane.check(state, row_bytes, height)?;
    if pitch == row_bytes {
        return memory::fill(state, dst, pattern, width * height);
    }
    for row in 0..height {
        memory::fill(state, dst + (row * pitch) as u64, pattern, width)?;
    }
    Ok(())
}

/// `CU_MEMORYTYPE_HOST`, `_DEVICE`, `_ARRAY`, `_UNIFIED`.
const HOST: u32 = 1;
const DEVICE: u32 = 2;
const ARRAY: u32 = 3;
const UNIFIED: u32 = 4;

/// `CUDA_MEMCPY2D`: a 2-D copy's two sides and its block.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
#[allow(non_snake_case, missing_docs)]
pub struct Memcpy2D {
    pub srcXInBytes: usize,
    pub srcY: usize,
    pub srcMemoryType: u32,
    pub srcHost: *const c_void,
    pub srcDevice: u64,
    pub srcArray: *mut c_void,
    pub srcPitch: usize,
    pub dstXInBytes: usize,
    pub dstY: usize,
    pub dstMemoryType: u32,
    pub dstHost: *mut c_void,
    pub dstDevice: u64,
    pub dstArray: *mut c_void,
    pub dstPitch: usize,
    pub WidthInBytes: usize,
    pub Height: usize,
}

/// `CUDA_MEMCPY3D`: a 3-D copy's two sides and its block.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
#[allow(non_snake_case, missing_docs)]
pub struct Memcpy3D {
    pub srcXInBytes: usize,
    pub srcY: usize,
    pub srcZ: usize,
    pub srcLOD: usize,
    pub srcMemoryType: u32,
    pub srcHost: *const c_void,
    pub srcDevice: u64,
    pub srcArray: *mut c_void,
    pub reserved0: *mut c_void,
    pub srcPitch: usize,
    pub srcHeight: usize,
    pub dstXInBytes: usize,
    pub dstY: usize,
    pub dstZ: usize,
    pub dstLOD: usize,
    pub dstMemoryType: u32,
    pub dstHost: *mut c_void,
    pub dstDevice: u64,
    pub dstArray: *mut c_void,
    pub reserved1: *mut c_void,
    pub dstPitch: usize,
    pub dstHeight: usize,
    pub WidthInBytes: usize,
    pub Height: usize,
    pub Depth: usize,
}

const _: () = assert!(std::mem::size_of::<Memcpy2D>() == 128);
const _: () = assert!(std::mem::size_of::<Memcpy3D>() == 200);

/// One side of a `CUDA_MEMCPY2D`/`3D` as it names it.
pub(crate) struct Named {
    kind: u32,
    host: usize,
    device: u64,
    /// The array of an `ARRAY` side.
    array: Handle,
    /// Byte, row and slice of the block's first byte.
    at: [usize; 3],
    pitch: usize,
    /// Rows in a slice.
    height: usize,
}

impl Named {
    /// A side in host memory.
    pub(crate) fn host(host: usize, at: [usize; 3], pitch: usize, height: usize) -> Named {
        Named {
            kind: HOST,
            host,
            device: 0,
            array: 0,
            at,
            pitch,
            height,
        }
    }

    /// A side in device (or managed) memory.
    pub(crate) fn device(device: u64, at: [usize; 3], pitch: usize, height: usize) -> Named {
        Named {
            kind: UNIFIED,
            host: 0,
            device,
            array: 0,
            at,
            pitch,
            height,
        }
    }

    /// A side in array `array`, from byte `at[0]` of row `at[1]` of slice `at[2]`.
    pub(crate) fn array(array: Handle, at: [usize; 3]) -> Named {
        Named {
            kind: ARRAY,
            host: 0,
            device: 0,
            array,
            at,
            pitch: 0,
            height: 0,
        }
    }

    /// An array side with its rows' pitch and its slices' height, and its
    /// storage as the device side; any other side as it is.
    fn resolved(mut self, state: &State, block: [usize; 3]) -> Result<Named, Status> {
        if self.kind != ARRAY {
            return Ok(self);
        }
        let a = state
            .arrays
            .get(self.array)
            .map_err(|_| CUDA_ERROR_INVALID_VALUE)?;
        let limits = [a.row(), a.rows(), a.slices()];
        let outside = (0..3).any(|k| {
            self.at[k]
                .checked_add(block[k])
                .is_none_or(|end| end > limits[k])
        });
        if outside {
            eprintln!(
                "ptx-libcuda: a copy of {} bytes x {} rows x {} slices from {:?} of an array of {} bytes x {} rows x {} slices",
                block[0], block[1], block[2], self.at, limits[0], limits[1], limits[2]
            );
            return Err(CUDA_ERROR_INVALID_VALUE);
        }
        self.kind = DEVICE;
        self.device = a.addr;
        self.pitch = a.row();
        self.height = a.rows();
        Ok(self)
    }

    /// The plane of slice `z` of the block.
    fn plane(&self, state: &State, z: usize) -> Result<Plane, Status> {
        let [x, y, z0] = self.at;
        let offset = (z0 + z)
            .checked_mul(self.height)
            .and_then(|rows| rows.checked_add(y))
            .and_then(|rows| rows.checked_mul(self.pitch))
            .and_then(|o| o.checked_add(x))
            .ok_or(CUDA_ERROR_INVALID_VALUE)?;
        let start = match self.kind {
            HOST if self.host != 0 => Side::Host(self.host + offset),
            DEVICE if self.device != 0 => Side::Device(self.device + offset as u64),
            UNIFIED if self.device != 0 => match side_of(state, self.device as usize) {
                Side::Host(p) => Side::Host(p + offset),
                Side::Device(a) => Side::Device(a + offset as u64),
            },
            _ => return Err(CUDA_ERROR_INVALID_VALUE),
        };
        Ok(Plane {
            start,
            pitch: self.pitch,
        })
    }
}

/// Copies `depth` slices of `height` rows of `width` bytes between the
/// sides named, on `stream` (or records the copy, if `stream` captures).
///
/// # Safety
/// Host sides must be valid for their rows.
pub(crate) unsafe fn copy_named(
    dst: Named,
    src: Named,
    block: [usize; 3],
    stream: Handle,
) -> Outcome {
    let mut state = state();
    submit_copy(&mut state, stream, |state| {
        named_rows(state, dst, src, block)
    })
}

/// The slices of a copy of `depth` slices of `height` rows of `width`
/// bytes between the sides named (an array side resolved to its storage).
fn named_rows(
    state: &State,
    dst: Named,
    src: Named,
    [width, height, depth]: [usize; 3],
) -> Result<Vec<Rows>, Status> {
    let block = [width, height, depth];
    let (mut dst, mut src) = (dst.resolved(state, block)?, src.resolved(state, block)?);
    if depth > 1 && (dst.height < height || src.height < height) {
        return Err(CUDA_ERROR_INVALID_VALUE);
    }
    // One row needs no pitch: NVIDIA's runtime makes a graph's 1-D copy
    // node a `CUDA_MEMCPY3D` of one row with both pitches 0.
    if height <= 1 && depth <= 1 {
        dst.pitch = dst.pitch.max(width);
        src.pitch = src.pitch.max(width);
    }
    (0..depth)
        .map(|z| {
            Ok(Rows {
                dst: dst.plane(state, z)?,
                src: src.plane(state, z)?,
                width,
                height,
            })
        })
        .collect()
}

/// The slices of the 2-D copy `p` describes.
fn memcpy_2d_rows(state: &State, p: &Memcpy2D) -> Result<Vec<Rows>, Status> {
    let src = Named {
        kind: p.srcMemoryType,
        host: p.srcHost as usize,
        device: p.srcDevice,
        array: p.srcArray as Handle,
        at: [p.srcXInBytes, p.srcY, 0],
        pitch: p.srcPitch,
        height: p.Height,
    };
    let dst = Named {
        kind: p.dstMemoryType,
        host: p.dstHost as usize,
        device: p.dstDevice,
        array: p.dstArray as Handle,
        at: [p.dstXInBytes, p.dstY, 0],
        pitch: p.dstPitch,
        height: p.Height,
    };
    named_rows(state, dst, src, [p.WidthInBytes, p.Height, 1])
}

/// The slices of the 3-D copy `p` describes (of linear memory).
pub fn memcpy_3d_rows(state: &State, p: &Memcpy3D) -> Result<Vec<Rows>, Status> {
    if p.srcLOD != 0 || p.dstLOD != 0 {
        return Err(CUDA_ERROR_INVALID_VALUE);
    }
    let src = Named {
        kind: p.srcMemoryType,
        host: p.srcHost as usize,
        device: p.srcDevice,
        array: p.srcArray as Handle,
        at: [p.srcXInBytes, p.srcY, p.srcZ],
        pitch: p.srcPitch,
        height: p.srcHeight,
    };
    let dst = Named {
        kind: p.dstMemoryType,
        host: p.dstHost as usize,
        device: p.dstDevice,
        array: p.dstArray as Handle,
        at: [p.dstXInBytes, p.dstY, p.dstZ],
        pitch: p.dstPitch,
        height: p.dstHeight,
    };
    named_rows(state, dst, src, [p.WidthInBytes, p.Height, p.Depth])
}

/// Runs (or, on a capturing stream, records) the copy of `rows`.
fn submit_copy(
    state: &mut State,
    stream: Handle,
    rows: impl FnOnce(&State) -> Result<Vec<Rows>, Status>,
) -> Outcome {
    state.ready()?;
    state.stream(stream)?;
    let rows = rows(state)?;
    graph::submit(state, stream, Work::Memcpy(rows))
}

/// Runs the 2-D copy `p` describes, on `stream` (a synchronous call's
/// is `None`).
///
/// # Safety
/// `p` must be null or valid; its host sides valid for their rows.
unsafe fn memcpy_2d_call(p: *const Memcpy2D, stream: Option<Handle>) -> Outcome {
    // SAFETY: the caller's struct, checked for null.
    let p = unsafe { p.as_ref() }.ok_or(CUDA_ERROR_INVALID_VALUE)?;
    let mut state = state();
    if stream.is_none() {
        capture::check_unsafe(&mut state)?;
    }
    submit_copy(&mut state, stream.unwrap_or(0), |state| {
        memcpy_2d_rows(state, p)
    })
}

/// Runs the 3-D copy `p` describes, on `stream` (a synchronous call's
/// is `None`).
///
/// # Safety
/// `p` must be null or valid; its host sides valid for their slices.
unsafe fn memcpy_3d_call(p: *const Memcpy3D, stream: Option<Handle>) -> Outcome {
    // SAFETY: the caller's struct, checked for null.
    let p = unsafe { p.as_ref() }.ok_or(CUDA_ERROR_INVALID_VALUE)?;
    let mut state = state();
    if stream.is_none() {
        capture::check_unsafe(&mut state)?;
    }
    submit_copy(&mut state, stream.unwrap_or(0), |state| {
        memcpy_3d_rows(state, p)
    })
}

/// A 2-D fill after the checks, on `stream` (a synchronous call's is
/// `None`).
fn fill_2d_call(
    dst: u64,
    pitch: usize,
    pattern: &[u8],
    width: usize,
    height: usize,
    stream: Option<Handle>,
) -> Outcome {
    let mut state = state();
    if stream.is_none() {
        capture::check_unsafe(&mut state)?;
    }
    let stream = stream.unwrap_or(0);
    state.ready()?;
    state.stream(stream)?;
    let fill = MemsetParams::of(dst, pitch, pattern, width, height);
    graph::submit(&mut state, stream, Work::Memset(fill))
}

driver_api! {
    /// `cuMemAllocPitch`: `height` rows of `width` bytes, each row
    /// starting at a multiple of [`PITCH_ALIGN`]. `elementSize` (4, 8 or
    /// 16) only bounds what may be asked.
    fn cuMemAllocPitch_v2(dptr: *mut u64, pitch: *mut usize, width: usize, height: usize, element_size: u32) {
        let (dptr, pitch) = (out(dptr)?, out(pitch)?);
        if width == 0 || height == 0 || !matches!(element_size, 4 | 8 | 16) {
            return Err(CUDA_ERROR_INVALID_VALUE);
        }
        let (addr, p) = alloc_pitch(&mut state(), width, height)?;
        *dptr = addr;
        *pitch = p;
        Ok(())
    }

    /// `cuMemcpy2D`.
    fn cuMemcpy2D_v2(p: *const Memcpy2D) {
        memcpy_2d_call(p, None)
    }

    /// `cuMemcpy2DUnaligned`: as `cuMemcpy2D` (no alignment matters here).
    fn cuMemcpy2DUnaligned_v2(p: *const Memcpy2D) {
        memcpy_2d_call(p, None)
    }

    /// `cuMemcpy2DAsync`: runs at the call (or is captured).
    fn cuMemcpy2DAsync_v2(p: *const Memcpy2D, stream: Handle) {
        memcpy_2d_call(p, Some(stream))
    }

    /// `cuMemcpy3D`.
    fn cuMemcpy3D_v2(p: *const Memcpy3D) {
        memcpy_3d_call(p, None)
    }

    /// `cuMemcpy3DAsync`: runs at the call (or is captured).
    fn cuMemcpy3DAsync_v2(p: *const Memcpy3D, stream: Handle) {
        memcpy_3d_call(p, Some(stream))
    }

    /// `cuMemsetD2D8`.
    fn cuMemsetD2D8_v2(dst: u64, pitch: usize, value: u8, width: usize, height: usize) {
        fill_2d_call(dst, pitch, &[value], width, height, None)
    }

    /// `cuMemsetD2D16`.
    fn cuMemsetD2D16_v2(dst: u64, pitch: usize, value: u16, width: usize, height: usize) {
        fill_2d_call(dst, pitch, &value.to_le_bytes(), width, height, None)
    }

    /// `cuMemsetD2D32`.
    fn cuMemsetD2D32_v2(dst: u64, pitch: usize, value: u32, width: usize, height: usize) {
        fill_2d_call(dst, pitch, &value.to_le_bytes(), width, height, None)
    }

    /// `cuMemsetD2D8Async`: runs at the call (or is captured).
    fn cuMemsetD2D8Async(dst: u64, pitch: usize, value: u8, width: usize, height: usize, stream: Handle) {
        fill_2d_call(dst, pitch, &[value], width, height, Some(stream))
    }

    /// `cuMemsetD2D16Async`: runs at the call (or is captured).
    fn cuMemsetD2D16Async(dst: u64, pitch: usize, value: u16, width: usize, height: usize, stream: Handle) {
        fill_2d_call(dst, pitch, &value.to_le_bytes(), width, height, Some(stream))
    }

    /// `cuMemsetD2D32Async`: runs at the call (or is captured).
    fn cuMemsetD2D32Async(dst: u64, pitch: usize, value: u32, width: usize, height: usize, stream: Handle) {
        fill_2d_call(dst, pitch, &value.to_le_bytes(), width, height, Some(stream))
    }
}
