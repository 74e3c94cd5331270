//! CUDA arrays, texture objects and surface objects through the runtime:
//! `cudaMallocArray`, `cudaMalloc3DArray` (layered too), the copies to
//! and from arrays, `cudaCreateTextureObject`, `cudaCreateSurfaceObject`
//! and their queries, over [`crate::driver::array`] (whose doc says how
//! arrays lie and what a handle is). The runtime's structures are turned
//! into the driver's: a channel descriptor into a `CUarray_format` and a
//! channel count, a texture descriptor's read mode and normalized flag
//! into `CU_TRSF_*` flags.

use crate::driver::array::{self, ResourceDesc, TextureDesc, array_format, sim_format};
use crate::driver::error::CUDA_ERROR_INVALID_VALUE;
use crate::driver::memory::{self as driver_memory, Side};
use crate::driver::pitched::{Named, copy_named};
use crate::export::{Outcome, Status, out, runtime_api};
use crate::runtime::ensure;
use crate::runtime::memory::ready;
use crate::runtime::pitched::Extent;
use crate::state::{Handle, state};
use ptx_sim::driver::texture::ChannelKind;
use std::ffi::c_void;

/// `cudaErrorInvalidChannelDescriptor`.
const INVALID_CHANNEL_DESCRIPTOR: Status = 20;
/// `cudaErrorInvalidMemcpyDirection`.
const INVALID_MEMCPY_DIRECTION: Status = 21;

/// `cudaChannelFormatDesc`: the bits of each channel and their kind
/// (`cudaChannelFormatKindSigned` 0, `Unsigned` 1, `Float` 2).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[allow(missing_docs)]
pub struct ChannelFormatDesc {
    pub x: i32,
    pub y: i32,
    pub z: i32,
    pub w: i32,
    pub f: u32,
}

impl ChannelFormatDesc {
    /// The `CUarray_format` and channel count, or
    /// `cudaErrorInvalidChannelDescriptor`: 1, 2 or 4 channels of one
    /// size, 8, 16 or 32 bits (floats 16 or 32).
    fn to_driver(self) -> Result<(u32, u32), Status> {
        let bits = [self.x, self.y, self.z, self.w];
        let channels = bits.iter().take_while(|&&b| b != 0).count();
        let same = bits[..channels].iter().all(|&b| b == self.x);
        let rest_zero = bits[channels..].iter().all(|&b| b == 0);
        let kind = match self.f {
            0 => ChannelKind::Signed,
            1 => ChannelKind::Unsigned,
            2 => ChannelKind::Float,
            _ => return Err(INVALID_CHANNEL_DESCRIPTOR),
        };
        if !same || !rest_zero || !matches!(channels, 1 | 2 | 4) {
            return Err(INVALID_CHANNEL_DESCRIPTOR);
        }
        let format = u8::try_from(self.x)
            .ok()
            .and_then(|b| array_format(kind, b))
            .ok_or(INVALID_CHANNEL_DESCRIPTOR)?;
        Ok((format, channels as u32))
    }

    /// The descriptor of `CUarray_format` `format` with `channels` channels.
    fn of_driver(format: u32, channels: u32) -> ChannelFormatDesc {
        let Some(f) = sim_format(format, channels) else {
            return ChannelFormatDesc::default();
        };
        let bits = |k: u32| if k < channels { i32::from(f.bits) } else { 0 };
        ChannelFormatDesc {
            x: bits(0),
            y: bits(1),
            z: bits(2),
            w: bits(3),
            f: match f.kind {
                ChannelKind::Signed => 0,
                ChannelKind::Unsigned => 1,
                ChannelKind::Float => 2,
            },
        }
    }
}

/// `cudaResourceDesc`: as [`ResourceDesc`], with a channel descriptor
/// (20 bytes at byte 16 of the union) where the driver has a format and
/// a channel count, and the sizes from byte 40.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
#[allow(missing_docs)]
pub struct RuntimeResourceDesc {
    pub res_type: u32,
    pub res: [u64; 16],
    pub flags: u32,
}

const _: () = assert!(std::mem::size_of::<RuntimeResourceDesc>() == 144);

impl RuntimeResourceDesc {
    /// The channel descriptor of a linear or pitch-2D resource.
    fn channels(&self) -> ChannelFormatDesc {
        let r = &self.res;
        ChannelFormatDesc {
            x: r[1] as i32,
            y: (r[1] >> 32) as i32,
            z: r[2] as i32,
            w: (r[2] >> 32) as i32,
            f: r[3] as u32,
        }
    }

    /// The driver's resource descriptor.
    fn to_driver(self) -> Result<ResourceDesc, Status> {
        let r = &self.res;
        let mut res = [0u64; 16];
        match self.res_type {
            2 | 3 => {
                let (format, channels) = self.channels().to_driver()?;
                res[0] = r[0];
                res[1] = u64::from(format) | u64::from(channels) << 32;
                res[2] = r[4];
                res[3] = r[5];
                res[4] = r[6];
            }
            _ => res[0] = r[0],
        }
        Ok(ResourceDesc {
            res_type: self.res_type,
            res,
            flags: self.flags,
        })
    }

    /// The runtime's descriptor of the driver's `d`.
    fn of_driver(d: &ResourceDesc) -> RuntimeResourceDesc {
        let mut res = [0u64; 16];
        match d.res_type {
            2 | 3 => {
                let c = ChannelFormatDesc::of_driver(d.res[1] as u32, (d.res[1] >> 32) as u32);
                res[0] = d.res[0];
                res[1] = u64::from(c.x as u32) | u64::from(c.y as u32) << 32;
                res[2] = u64::from(c.z as u32) | u64::from(c.w as u32) << 32;
                res[3] = u64::from(c.f);
                res[4] = d.res[2];
                res[5] = d.res[3];
                res[6] = d.res[4];
            }
            _ => res[0] = d.res[0],
        }
        RuntimeResourceDesc {
            res_type: d.res_type,
            res,
            flags: d.flags,
        }
    }
}

/// `cudaTextureDesc`.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
#[allow(missing_docs)]
pub struct RuntimeTextureDesc {
    pub address_mode: [u32; 3],
    pub filter_mode: u32,
    pub read_mode: u32,
    pub srgb: i32,
    pub border_color: [f32; 4],
    pub normalized_coords: i32,
    pub max_anisotropy: u32,
    pub mipmap_filter_mode: u32,
    pub mipmap_level_bias: f32,
    pub min_mipmap_level_clamp: f32,
    pub max_mipmap_level_clamp: f32,
    pub disable_trilinear_optimization: i32,
    pub seamless_cubemap: i32,
}

const _: () = assert!(std::mem::size_of::<RuntimeTextureDesc>() == 72);

/// `cudaReadModeElementType`: integers come back as integers.
const ELEMENT_TYPE: u32 = 0;

impl RuntimeTextureDesc {
    /// The driver's texture descriptor.
    fn to_driver(self) -> TextureDesc {
        let flags = u32::from(self.read_mode == ELEMENT_TYPE)
            | u32::from(self.normalized_coords != 0) << 1
            | u32::from(self.srgb != 0) << 4
            | u32::from(self.disable_trilinear_optimization != 0) << 5
            | u32::from(self.seamless_cubemap != 0) << 6;
        TextureDesc {
            address_mode: self.address_mode,
            filter_mode: self.filter_mode,
            flags,
            max_anisotropy: self.max_anisotropy,
            mipmap_filter_mode: self.mipmap_filter_mode,
            mipmap_level_bias: self.mipmap_level_bias,
            min_mipmap_level_clamp: self.min_mipmap_level_clamp,
            max_mipmap_level_clamp: self.max_mipmap_level_clamp,
            border_color: self.border_color,
            reserved: [0; 12],
        }
    }

    /// The runtime's descriptor of the driver's `t`.
    fn of_driver(t: &TextureDesc) -> RuntimeTextureDesc {
        RuntimeTextureDesc {
            address_mode: t.address_mode,
            filter_mode: t.filter_mode,
            read_mode: u32::from(t.flags & 1 == 0),
            srgb: i32::from(t.flags & 0x10 != 0),
            border_color: t.border_color,
            normalized_coords: i32::from(t.flags & 2 != 0),
            max_anisotropy: t.max_anisotropy,
            mipmap_filter_mode: t.mipmap_filter_mode,
            mipmap_level_bias: t.mipmap_level_bias,
            min_mipmap_level_clamp: t.min_mipmap_level_clamp,
            max_mipmap_level_clamp: t.max_mipmap_level_clamp,
            disable_trilinear_optimization: i32::from(t.flags & 0x20 != 0),
            seamless_cubemap: i32::from(t.flags & 0x40 != 0),
        }
    }
}

/// Creates an array of `extent` elements with the format `desc` gives.
///
/// # Safety
/// `desc` must be null or valid.
unsafe fn malloc_array(
    handle: *mut Handle,
    desc: *const ChannelFormatDesc,
    extent: [usize; 3],
    flags: u32,
) -> Outcome {
    // SAFETY: the caller's out-parameter, checked for null.
    let handle = unsafe { out(handle) }?;
    // SAFETY: the caller's descriptor, checked for null.
    let desc = unsafe { desc.as_ref() }.ok_or(CUDA_ERROR_INVALID_VALUE)?;
    let (format, channels) = desc.to_driver()?;
    let mut state = ready(0)?;
    *handle = array::create(&mut state, format, channels, extent, flags)?;
    Ok(())
}

/// A linear side of a copy to or from an array: host memory if `kind`
/// says so for this side (`host_kind`), else whatever the address is.
fn linear_side(
    ptr: usize,
    kind: u32,
    host_kind: u32,
    at: [usize; 3],
    pitch: usize,
    height: usize,
) -> Named {
    if kind == host_kind {
        Named::host(ptr, at, pitch, height)
    } else {
        Named::device(ptr as u64, at, pitch, height)
    }
}

/// Checks a copy's `kind` for a copy into an array (`to_array`) or out of one.
fn direction(kind: u32, to_array: bool) -> Outcome {
    let fits = match kind {
        1 => to_array,  // cudaMemcpyHostToDevice
        2 => !to_array, // cudaMemcpyDeviceToHost
        3 | 4 => true,  // cudaMemcpyDeviceToDevice, cudaMemcpyDefault
        _ => false,
    };
    if fits {
        Ok(())
    } else {
        Err(INVALID_MEMCPY_DIRECTION)
    }
}

/// `cudaMemcpy2DToArray` and its `Async` form.
///
/// # Safety
/// A host source must be valid for its rows.
#[allow(clippy::too_many_arguments)]
unsafe fn to_array_2d(
    dst: Handle,
    w_offset: usize,
    h_offset: usize,
    src: *const c_void,
    spitch: usize,
    width: usize,
    height: usize,
    kind: u32,
    stream: Handle,
) -> Outcome {
    direction(kind, true)?;
    ensure()?;
    let to = Named::array(dst, [w_offset, h_offset, 0]);
    let from = linear_side(src as usize, kind, 1, [0; 3], spitch, height);
    if width > spitch {
        return Err(crate::runtime::pitched::INVALID_PITCH);
    }
    // SAFETY: the caller's host side.
    unsafe { copy_named(to, from, [width, height, 1], stream) }
}

/// `cudaMemcpy2DFromArray` and its `Async` form.
///
/// # Safety
/// A host destination must be valid for its rows.
#[allow(clippy::too_many_arguments)]
unsafe fn from_array_2d(
    dst: *mut c_void,
    dpitch: usize,
    src: Handle,
    w_offset: usize,
    h_offset: usize,
    width: usize,
    height: usize,
    kind: u32,
    stream: Handle,
) -> Outcome {
    direction(kind, false)?;
    ensure()?;
    let from = Named::array(src, [w_offset, h_offset, 0]);
    let to = linear_side(dst as usize, kind, 2, [0; 3], dpitch, height);
    if width > dpitch {
        return Err(crate::runtime::pitched::INVALID_PITCH);
    }
    // SAFETY: the caller's host side.
    unsafe { copy_named(to, from, [width, height, 1], stream) }
}

/// `cudaMemcpyToArray`/`FromArray` (deprecated): `count` bytes from
/// byte `w_offset` of row `h_offset` on, through the rows in order (the
/// array's bytes are one row-major block here, see the driver's doc).
///
/// # Safety
/// The host side must be valid for `count` bytes.
#[allow(clippy::too_many_arguments)]
unsafe fn linear_array_copy(
    array: Handle,
    w_offset: usize,
    h_offset: usize,
    other: usize,
    count: usize,
    kind: u32,
    to_array: bool,
    stream: Handle,
) -> Outcome {
    direction(kind, to_array)?;
    let state = ready(stream)?;
    let a = *state
        .arrays
        .get(array)
        .map_err(|_| CUDA_ERROR_INVALID_VALUE)?;
    let start = h_offset
        .checked_mul(a.row())
        .and_then(|o| o.checked_add(w_offset))
        .ok_or(CUDA_ERROR_INVALID_VALUE)?;
    let total = a.row() * a.rows() * a.slices();
    if w_offset > a.row() || start.checked_add(count).is_none_or(|end| end > total) {
        return Err(CUDA_ERROR_INVALID_VALUE);
    }
    let inside = Side::Device(a.addr + start as u64);
    let host_kind = if to_array { 1 } else { 2 };
    let outside = if kind == host_kind {
        Side::Host(other)
    } else {
        driver_memory::side_of(&state, other)
    };
    let (dst, src) = if to_array {
        (inside, outside)
    } else {
        (outside, inside)
    };
    // SAFETY: the caller's host side.
    unsafe { driver_memory::copy(&state, dst, src, count) }
}

/// `cudaMemcpy3D` with an array on either side (`extent` and an array
/// side's `x` in elements, a linear side's `x` in bytes).
///
/// # Safety
/// `p`'s host side must be valid for its slices.
pub(crate) unsafe fn memcpy_3d_array(
    p: &crate::runtime::pitched::Memcpy3DParms,
    stream: Handle,
) -> Outcome {
    ensure()?;
    let element = {
        let state = state();
        let array = if p.srcArray.is_null() {
            p.dstArray
        } else {
            p.srcArray
        };
        state
            .arrays
            .get(array as Handle)
            .map_err(|_| CUDA_ERROR_INVALID_VALUE)?
            .element()
    };
    let side = |array: *mut c_void,
                pos: &crate::runtime::pitched::Pos,
                ptr: &crate::runtime::pitched::PitchedPtr,
                host_kind: u32| {
        if array.is_null() {
            linear_side(
                ptr.ptr as usize,
                p.kind,
                host_kind,
                [pos.x, pos.y, pos.z],
                ptr.pitch,
                ptr.ysize,
            )
        } else {
            Named::array(array as Handle, [pos.x * element, pos.y, pos.z])
        }
    };
    let src = side(p.srcArray, &p.srcPos, &p.srcPtr, 1);
    let dst = side(p.dstArray, &p.dstPos, &p.dstPtr, 2);
    let Extent {
        width,
        height,
        depth,
    } = p.extent;
    let width = width.checked_mul(element).ok_or(CUDA_ERROR_INVALID_VALUE)?;
    // SAFETY: the caller's host side.
    unsafe { copy_named(dst, src, [width, height.max(1), depth.max(1)], stream) }
}

runtime_api! {
    /// `cudaCreateChannelDesc`: the descriptor as given.
    fn cudaCreateChannelDesc(x: i32, y: i32, z: i32, w: i32, f: u32) -> ChannelFormatDesc [ChannelFormatDesc::default()] {
        ChannelFormatDesc { x, y, z, w, f }
    }

    /// `cudaMallocArray`: a 1-D (`height` 0) or 2-D array.
    fn cudaMallocArray(handle: *mut Handle, desc: *const ChannelFormatDesc, width: usize, height: usize, flags: u32) {
        malloc_array(handle, desc, [width, height, 0], flags)
    }

    /// `cudaMalloc3DArray`: a 1-D, 2-D, 3-D or layered array (`extent`
    /// in elements; with `cudaArrayLayered` its depth is the layers).
    fn cudaMalloc3DArray(handle: *mut Handle, desc: *const ChannelFormatDesc, extent: Extent, flags: u32) {
        malloc_array(handle, desc, [extent.width, extent.height, extent.depth], flags)
    }

    /// `cudaFreeArray`: a null array is no error.
    fn cudaFreeArray(handle: Handle) {
        if handle == 0 {
            return Ok(());
        }
        let mut state = ready(0)?;
        array::destroy(&mut state, handle).map_err(|_| CUDA_ERROR_INVALID_VALUE)
    }

    /// `cudaArrayGetInfo`: the format, extent and flags of an array (each
    /// out-parameter may be null).
    fn cudaArrayGetInfo(desc: *mut ChannelFormatDesc, extent: *mut Extent, flags: *mut u32, handle: Handle) {
        ensure()?;
        let a = *state().arrays.get(handle).map_err(|_| CUDA_ERROR_INVALID_VALUE)?;
        if let Some(desc) = desc.as_mut() {
            *desc = ChannelFormatDesc::of_driver(a.format, a.channels);
        }
        if let Some(extent) = extent.as_mut() {
            *extent = Extent { width: a.extent[0], height: a.extent[1], depth: a.extent[2] };
        }
        if let Some(flags) = flags.as_mut() {
            *flags = a.flags;
        }
        Ok(())
    }

    /// `cudaGetChannelDesc`.
    fn cudaGetChannelDesc(desc: *mut ChannelFormatDesc, handle: Handle) {
        let desc = out(desc)?;
        ensure()?;
        let a = *state().arrays.get(handle).map_err(|_| CUDA_ERROR_INVALID_VALUE)?;
        *desc = ChannelFormatDesc::of_driver(a.format, a.channels);
        Ok(())
    }

    /// `cudaMemcpy2DToArray`: `width` bytes by `height` rows.
    fn cudaMemcpy2DToArray(dst: Handle, w_offset: usize, h_offset: usize, src: *const c_void, spitch: usize, width: usize, height: usize, kind: u32) {
        to_array_2d(dst, w_offset, h_offset, src, spitch, width, height, kind, 0)
    }

    /// `cudaMemcpy2DToArrayAsync`: runs at the call.
    fn cudaMemcpy2DToArrayAsync(dst: Handle, w_offset: usize, h_offset: usize, src: *const c_void, spitch: usize, width: usize, height: usize, kind: u32, stream: Handle) {
        to_array_2d(dst, w_offset, h_offset, src, spitch, width, height, kind, stream)
    }

    /// `cudaMemcpy2DFromArray`.
    fn cudaMemcpy2DFromArray(dst: *mut c_void, dpitch: usize, src: Handle, w_offset: usize, h_offset: usize, width: usize, height: usize, kind: u32) {
        from_array_2d(dst, dpitch, src, w_offset, h_offset, width, height, kind, 0)
    }

    /// `cudaMemcpy2DFromArrayAsync`: runs at the call.
    fn cudaMemcpy2DFromArrayAsync(dst: *mut c_void, dpitch: usize, src: Handle, w_offset: usize, h_offset: usize, width: usize, height: usize, kind: u32, stream: Handle) {
        from_array_2d(dst, dpitch, src, w_offset, h_offset, width, height, kind, stream)
    }

    /// `cudaMemcpyToArray` (deprecated).
    fn cudaMemcpyToArray(dst: Handle, w_offset: usize, h_offset: usize, src: *const c_void, count: usize, kind: u32) {
        linear_array_copy(dst, w_offset, h_offset, src as usize, count, kind, true, 0)
    }

    /// `cudaMemcpyToArrayAsync` (deprecated): runs at the call.
    fn cudaMemcpyToArrayAsync(dst: Handle, w_offset: usize, h_offset: usize, src: *const c_void, count: usize, kind: u32, stream: Handle) {
        linear_array_copy(dst, w_offset, h_offset, src as usize, count, kind, true, stream)
    }

    /// `cudaMemcpyFromArray` (deprecated).
    fn cudaMemcpyFromArray(dst: *mut c_void, src: Handle, w_offset: usize, h_offset: usize, count: usize, kind: u32) {
        linear_array_copy(src, w_offset, h_offset, dst as usize, count, kind, false, 0)
    }

    /// `cudaMemcpyFromArrayAsync` (deprecated): runs at the call.
    fn cudaMemcpyFromArrayAsync(dst: *mut c_void, src: Handle, w_offset: usize, h_offset: usize, count: usize, kind: u32, stream: Handle) {
        linear_array_copy(src, w_offset, h_offset, dst as usize, count, kind, false, stream)
    }

    /// `cudaCreateTextureObject`. A resource view is not implemented.
    fn cudaCreateTextureObject(handle: *mut u64, resource: *const RuntimeResourceDesc, texture: *const RuntimeTextureDesc, view: *const c_void) {
        let handle = out(handle)?;
        let resource = resource.as_ref().ok_or(CUDA_ERROR_INVALID_VALUE)?.to_driver()?;
        let texture = texture.as_ref().ok_or(CUDA_ERROR_INVALID_VALUE)?.to_driver();
        if !view.is_null() {
            return Err(crate::runtime::not_implemented::unsupported("cudaCreateTextureObject with a resource view"));
        }
        let mut state = ready(0)?;
        *handle = array::create_object(&mut state, &resource, Some(&texture))?;
        Ok(())
    }

    /// `cudaDestroyTextureObject`: 0 is no error.
    fn cudaDestroyTextureObject(handle: u64) {
        if handle == 0 {
            return Ok(());
        }
        let mut state = ready(0)?;
        array::destroy_object(&mut state, handle, true)
    }

    /// `cudaGetTextureObjectResourceDesc`.
    fn cudaGetTextureObjectResourceDesc(desc: *mut RuntimeResourceDesc, handle: u64) {
        let desc = out(desc)?;
        ensure()?;
        *desc = RuntimeResourceDesc::of_driver(&array::object(&state(), handle, true)?.resource);
        Ok(())
    }

    /// `cudaGetTextureObjectTextureDesc`.
    fn cudaGetTextureObjectTextureDesc(desc: *mut RuntimeTextureDesc, handle: u64) {
        let desc = out(desc)?;
        ensure()?;
        let object = array::object(&state(), handle, true)?;
        let texture = object.texture.ok_or(CUDA_ERROR_INVALID_VALUE)?;
        *desc = RuntimeTextureDesc::of_driver(&texture);
        Ok(())
    }

    /// `cudaCreateSurfaceObject`: over an array made with
    /// `cudaArraySurfaceLoadStore`.
    fn cudaCreateSurfaceObject(handle: *mut u64, resource: *const RuntimeResourceDesc) {
        let handle = out(handle)?;
        let resource = resource.as_ref().ok_or(CUDA_ERROR_INVALID_VALUE)?.to_driver()?;
        let mut state = ready(0)?;
        *handle = array::create_object(&mut state, &resource, None)?;
        Ok(())
    }

    /// `cudaDestroySurfaceObject`: 0 is no error.
    fn cudaDestroySurfaceObject(handle: u64) {
        if handle == 0 {
            return Ok(());
        }
        let mut state = ready(0)?;
        array::destroy_object(&mut state, handle, false)
    }

    /// `cudaGetSurfaceObjectResourceDesc`.
    fn cudaGetSurfaceObjectResourceDesc(desc: *mut RuntimeResourceDesc, handle: u64) {
        let desc = out(desc)?;
        ensure()?;
        *desc = RuntimeResourceDesc::of_driver(&array::object(&state(), handle, false)?.resource);
        Ok(())
    }
}
