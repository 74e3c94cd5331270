//! CUDA arrays (`cuArrayCreate`, `cuArray3DCreate`) and the texture and
//! surface objects over them or over linear memory (`cuTexObjectCreate`,
//! `cuSurfObjectCreate`), which the runtime's `cudaMallocArray`,
//! `cudaCreateTextureObject` and their kin use too.
//!
//! An array is one device allocation whose elements lie row-major:
//! rows of `Width` elements, slices (or layers) of `Height` rows (a GPU's
//! array layout is opaque; nothing a program can see depends on it, since
//! arrays are reached only through copies, textures and surfaces). Its
//! handle is a [`Table`](crate::state::Table) handle, not the address.
//!
//! A texture or surface object's handle is the device address of a
//! descriptor of ptx-sim's `driver::texture` written into a 128-byte
//! allocation: the kernel's `tex`/`suld`/`sust` read it from there.

use crate::driver::error::{
    CUDA_ERROR_INVALID_HANDLE, CUDA_ERROR_INVALID_VALUE, CUDA_ERROR_NOT_SUPPORTED,
};
use crate::driver::memory;
use crate::export::{Outcome, Status, driver_api, out};
use crate::state::{Handle, State, state};
use ptx_sim::driver::texture::{
    AddressMode, ChannelKind, DESCRIPTOR_BYTES, Descriptor, Filter, Format, ReadMode, Resource,
    Sampler,
};

/// `CUDA_ARRAY3D_LAYERED`.
pub const LAYERED: u32 = 0x01;
/// `CUDA_ARRAY3D_SURFACE_LDST`.
pub const SURFACE_LDST: u32 = 0x02;
/// `CUDA_ARRAY3D_CUBEMAP`.
const CUBEMAP: u32 = 0x04;
/// `CUDA_ARRAY3D_TEXTURE_GATHER`.
const TEXTURE_GATHER: u32 = 0x08;

/// A CUDA array: its storage and its shape as created.
#[derive(Clone, Copy, Debug)]
pub struct Array {
    /// The device address of element 0.
    pub addr: u64,
    /// `CUarray_format`.
    pub format: u32,
    /// Channels per element.
    pub channels: u32,
    /// Width, height and depth as given (0 for a dimension the array lacks).
    pub extent: [usize; 3],
    /// `CUDA_ARRAY3D_*` flags.
    pub flags: u32,
}

impl Array {
    /// The element format in ptx-sim's terms.
    pub fn sim_format(&self) -> Format {
        sim_format(self.format, self.channels).expect("checked at creation")
    }

    /// Bytes of one element.
    pub fn element(&self) -> usize {
        self.sim_format().bytes() as usize
    }

    /// Bytes of one row.
    pub fn row(&self) -> usize {
        self.extent[0] * self.element()
    }

    /// Rows in a slice or layer.
    pub fn rows(&self) -> usize {
        self.extent[1].max(1)
    }

    /// Slices or layers.
    pub fn slices(&self) -> usize {
        self.extent[2].max(1)
    }

    /// The ptx-sim resource the array is.
    pub fn resource(&self) -> Resource {
        let [w, h, d] = self.extent;
        let (extent, layers) = if self.flags & LAYERED != 0 {
            ([w, h.max(1), 1], d.max(1))
        } else {
            ([w, h.max(1), d.max(1)], 0)
        };
        Resource::array(
            self.addr,
            self.sim_format(),
            extent.map(|e| e as u64),
            layers as u64,
        )
    }
}

/// The element format of `CUarray_format` `format` with `channels`
/// channels, if ptx-sim reads it (1, 2 or 4 channels of the integer,
/// half and float formats).
pub fn sim_format(format: u32, channels: u32) -> Option<Format> {
    let (kind, bits) = match format {
        0x01 => (ChannelKind::Unsigned, 8),
        0x02 => (ChannelKind::Unsigned, 16),
        0x03 => (ChannelKind::Unsigned, 32),
        0x08 => (ChannelKind::Signed, 8),
        0x09 => (ChannelKind::Signed, 16),
        0x0a => (ChannelKind::Signed, 32),
        0x10 => (ChannelKind::Float, 16),
        0x20 => (ChannelKind::Float, 32),
        _ => return None,
    };
    matches!(channels, 1 | 2 | 4).then_some(Format {
        kind,
        channels: channels as u8,
        bits,
    })
}

/// The `CUarray_format` of `kind` channels of `bits` bits.
pub fn array_format(kind: ChannelKind, bits: u8) -> Option<u32> {
    Some(match (kind, bits) {
        (ChannelKind::Unsigned, 8) => 0x01,
        (ChannelKind::Unsigned, 16) => 0x02,
        (ChannelKind::Unsigned, 32) => 0x03,
        (ChannelKind::Signed, 8) => 0x08,
        (ChannelKind::Signed, 16) => 0x09,
        (ChannelKind::Signed, 32) => 0x0a,
        (ChannelKind::Float, 16) => 0x10,
        (ChannelKind::Float, 32) => 0x20,
        _ => return None,
    })
}

/// Creates an array of `extent` elements (`[w, 0, 0]` 1-D, `[w, h, 0]`
/// 2-D, a depth for 3-D or, with [`LAYERED`], the layers).
pub fn create(
    state: &mut State,
    format: u32,
    channels: u32,
    extent: [usize; 3],
    flags: u32,
) -> Result<Handle, Status> {
    if sim_format(format, channels).is_none() {
        eprintln!(
            "ptx-libcuda: an array of format {format:#x} with {channels} channels: the simulator reads 1, 2 or 4 channels of 8-, 16- or 32-bit integers, halves or floats"
        );
        return Err(CUDA_ERROR_INVALID_VALUE);
    }
    if flags & CUBEMAP != 0 {
        eprintln!("ptx-libcuda: cube map arrays are not implemented");
        return Err(CUDA_ERROR_NOT_SUPPORTED);
    }
    if flags & !(LAYERED | SURFACE_LDST | TEXTURE_GATHER) != 0 {
        return Err(CUDA_ERROR_INVALID_VALUE);
    }
    let [w, h, d] = extent;
    // A width is needed; a depth needs a height unless the array is layered.
    if w == 0 || (d != 0 && h == 0 && flags & LAYERED == 0) || (flags & LAYERED != 0 && d == 0) {
        return Err(CUDA_ERROR_INVALID_VALUE);
    }
    let mut array = Array {
        addr: 0,
        format,
        channels,
        extent,
        flags,
    };
    let bytes = array
        .row()
        .checked_mul(array.rows())
        .and_then(|b| b.checked_mul(array.slices()))
        .ok_or(CUDA_ERROR_INVALID_VALUE)?;
    array.addr = memory::alloc(state, bytes, false)?;
    Ok(state.arrays.insert(array))
}

/// Frees the array `handle`.
pub fn destroy(state: &mut State, handle: Handle) -> Outcome {
    let array = state.arrays.remove(handle)?;
    memory::free(state, array.addr)
}

/// `CUDA_ARRAY_DESCRIPTOR`.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
#[allow(non_snake_case, missing_docs)]
pub struct ArrayDescriptor {
    pub Width: usize,
    pub Height: usize,
    pub Format: u32,
    pub NumChannels: u32,
}

/// `CUDA_ARRAY3D_DESCRIPTOR`.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
#[allow(non_snake_case, missing_docs)]
pub struct Array3DDescriptor {
    pub Width: usize,
    pub Height: usize,
    pub Depth: usize,
    pub Format: u32,
    pub NumChannels: u32,
    pub Flags: u32,
}

/// `CUDA_RESOURCE_DESC`: the resource a texture or surface object reads.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
#[allow(missing_docs)]
pub struct ResourceDesc {
    /// `CU_RESOURCE_TYPE_ARRAY` 0, `_MIPMAPPED_ARRAY` 1, `_LINEAR` 2, `_PITCH2D` 3.
    pub res_type: u32,
    /// The union: an array handle; or `devPtr`, `format` and
    /// `numChannels` (as two `u32`s in one word), then `sizeInBytes`
    /// (linear) or `width`, `height`, `pitchInBytes` (pitch2D).
    pub res: [u64; 16],
    /// Must be 0.
    pub flags: u32,
}

/// `CUDA_TEXTURE_DESC`.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
#[allow(missing_docs)]
pub struct TextureDesc {
    pub address_mode: [u32; 3],
    pub filter_mode: u32,
    pub flags: u32,
    pub max_anisotropy: u32,
    pub mipmap_filter_mode: u32,
    pub mipmap_level_bias: f32,
    pub min_mipmap_level_clamp: f32,
    pub max_mipmap_level_clamp: f32,
    pub border_color: [f32; 4],
    pub reserved: [i32; 12],
}

const _: () = assert!(std::mem::size_of::<ResourceDesc>() == 144);
const _: () = assert!(std::mem::size_of::<TextureDesc>() == 104);

/// `CU_TRSF_READ_AS_INTEGER`.
const READ_AS_INTEGER: u32 = 0x01;
/// `CU_TRSF_NORMALIZED_COORDINATES`.
const NORMALIZED_COORDINATES: u32 = 0x02;

/// A texture or surface object: what it was created from.
#[derive(Clone, Copy, Debug)]
pub struct Object {
    /// The resource as given.
    pub resource: ResourceDesc,
    /// The sampler as given: `Some` for a texture.
    pub texture: Option<TextureDesc>,
}

/// The ptx-sim resource `desc` describes; `surface`: for a surface object.
fn resource_of(state: &State, desc: &ResourceDesc, surface: bool) -> Result<Resource, Status> {
    let format = |word: u64| {
        sim_format(word as u32, (word >> 32) as u32).ok_or_else(|| {
            eprintln!(
                "ptx-libcuda: a texture of format {:#x} with {} channels: the simulator reads 1, 2 or 4 channels of 8-, 16- or 32-bit integers, halves or floats",
                word as u32,
                word >> 32
            );
            CUDA_ERROR_INVALID_VALUE
        })
    };
    let r = &desc.res;
    if desc.flags != 0 {
        return Err(CUDA_ERROR_INVALID_VALUE);
    }
    let resource = match desc.res_type {
        0 => {
            let array = state
                .arrays
                .get(r[0] as Handle)
                .map_err(|_| CUDA_ERROR_INVALID_HANDLE)?;
            if surface && array.flags & SURFACE_LDST == 0 {
                eprintln!(
                    "ptx-libcuda: a surface object needs an array made with the surface load/store flag (cudaArraySurfaceLoadStore, CUDA_ARRAY3D_SURFACE_LDST)"
                );
                return Err(CUDA_ERROR_INVALID_VALUE);
            }
            array.resource()
        }
        2 | 3 if surface => return Err(CUDA_ERROR_INVALID_VALUE),
        2 => {
            let f = format(r[1])?;
            if r[0] == 0 || r[2] == 0 {
                return Err(CUDA_ERROR_INVALID_VALUE);
            }
            state.place(r[0], r[2] as usize)?;
            Resource::linear(r[0], f, r[2])
        }
        3 => {
            let f = format(r[1])?;
            let (width, height, pitch) = (r[2], r[3], r[4]);
            if r[0] == 0 || width == 0 || height == 0 || pitch < width * f.bytes() {
                return Err(CUDA_ERROR_INVALID_VALUE);
            }
            state.place(r[0], (pitch * (height - 1) + width * f.bytes()) as usize)?;
            Resource::pitch2d(r[0], f, width, height, pitch)
        }
        1 => {
            eprintln!("ptx-libcuda: textures over mipmapped arrays are not implemented");
            return Err(CUDA_ERROR_NOT_SUPPORTED);
        }
        _ => return Err(CUDA_ERROR_INVALID_VALUE),
    };
    Ok(resource)
}

/// The ptx-sim sampler `desc` describes for `format`.
fn sampler_of(desc: &TextureDesc, format: Format) -> Result<Sampler, Status> {
    let mode = |m: u32| match m {
        0 => Ok(AddressMode::Wrap),
        1 => Ok(AddressMode::Clamp),
        2 => Ok(AddressMode::Mirror),
        3 => Ok(AddressMode::Border),
        _ => Err(CUDA_ERROR_INVALID_VALUE),
    };
    let small_integers = format.kind != ChannelKind::Float && format.bits < 32;
    Ok(Sampler {
        address: [
            mode(desc.address_mode[0])?,
            mode(desc.address_mode[1])?,
            mode(desc.address_mode[2])?,
        ],
        filter: match desc.filter_mode {
            0 => Filter::Point,
            1 => Filter::Linear,
            _ => return Err(CUDA_ERROR_INVALID_VALUE),
        },
        // Without CU_TRSF_READ_AS_INTEGER the driver promotes 8- and
        // 16-bit integers to normalized floats.
        read: if small_integers && desc.flags & READ_AS_INTEGER == 0 {
            ReadMode::NormalizedFloat
        } else {
            ReadMode::ElementType
        },
        normalized: desc.flags & NORMALIZED_COORDINATES != 0,
        border: desc.border_color,
    })
}

/// Creates a texture object (`texture` given) or a surface object over
/// `resource`: its handle, the address of its descriptor.
pub fn create_object(
    state: &mut State,
    resource: &ResourceDesc,
    texture: Option<&TextureDesc>,
) -> Result<u64, Status> {
    let r = resource_of(state, resource, texture.is_none())?;
    let sampler = texture.map(|t| sampler_of(t, r.format)).transpose()?;
    let descriptor = Descriptor {
        resource: r,
        sampler,
    };
    let addr = memory::alloc(state, DESCRIPTOR_BYTES as usize, false)?;
    state
        .device
        .write_bytes(addr, &descriptor.to_bytes())
        .map_err(|_| CUDA_ERROR_INVALID_VALUE)?;
    state.objects.insert(
        addr,
        Object {
            resource: *resource,
            texture: texture.copied(),
        },
    );
    Ok(addr)
}

/// The object `handle`, if it is a texture (`texture`) or a surface one.
pub fn object(state: &State, handle: u64, texture: bool) -> Result<Object, Status> {
    match state.objects.get(&handle) {
        Some(o) if o.texture.is_some() == texture => Ok(*o),
        _ => Err(CUDA_ERROR_INVALID_VALUE),
    }
}

/// Destroys the texture (`texture`) or surface object `handle`.
pub fn destroy_object(state: &mut State, handle: u64, texture: bool) -> Outcome {
    object(state, handle, texture)?;
    state.objects.remove(&handle);
    memory::free(state, handle)
}

driver_api! {
    /// `cuArrayCreate`: a 1-D (`Height` 0) or 2-D array.
    fn cuArrayCreate_v2(handle: *mut Handle, desc: *const ArrayDescriptor) {
        let handle = out(handle)?;
        let d = desc.as_ref().ok_or(CUDA_ERROR_INVALID_VALUE)?;
        let mut state = state();
        state.ready()?;
        *handle = create(&mut state, d.Format, d.NumChannels, [d.Width, d.Height, 0], 0)?;
        Ok(())
    }

    /// `cuArray3DCreate`: a 1-D, 2-D, 3-D or layered array.
    fn cuArray3DCreate_v2(handle: *mut Handle, desc: *const Array3DDescriptor) {
        let handle = out(handle)?;
        let d = desc.as_ref().ok_or(CUDA_ERROR_INVALID_VALUE)?;
        let mut state = state();
        state.ready()?;
        *handle = create(&mut state, d.Format, d.NumChannels, [d.Width, d.Height, d.Depth], d.Flags)?;
        Ok(())
    }

    /// `cuArrayDestroy`.
    fn cuArrayDestroy(handle: Handle) {
        let mut state = state();
        state.ready()?;
        destroy(&mut state, handle)
    }

    /// `cuArrayGetDescriptor`.
    fn cuArrayGetDescriptor_v2(desc: *mut ArrayDescriptor, handle: Handle) {
        let desc = out(desc)?;
        let state = state();
        let a = state.arrays.get(handle)?;
        *desc = ArrayDescriptor {
            Width: a.extent[0],
            Height: a.extent[1],
            Format: a.format,
            NumChannels: a.channels,
        };
        Ok(())
    }

    /// `cuArray3DGetDescriptor`.
    fn cuArray3DGetDescriptor_v2(desc: *mut Array3DDescriptor, handle: Handle) {
        let desc = out(desc)?;
        let state = state();
        let a = state.arrays.get(handle)?;
        *desc = Array3DDescriptor {
            Width: a.extent[0],
            Height: a.extent[1],
            Depth: a.extent[2],
            Format: a.format,
            NumChannels: a.channels,
            Flags: a.flags,
        };
        Ok(())
    }

    /// `cuTexObjectCreate`. A resource view (`view`) is not implemented.
    fn cuTexObjectCreate(handle: *mut u64, resource: *const ResourceDesc, texture: *const TextureDesc, view: *const std::ffi::c_void) {
        let handle = out(handle)?;
        let resource = resource.as_ref().ok_or(CUDA_ERROR_INVALID_VALUE)?;
        let texture = texture.as_ref().ok_or(CUDA_ERROR_INVALID_VALUE)?;
        if !view.is_null() {
            eprintln!("ptx-libcuda: texture resource views are not implemented");
            return Err(CUDA_ERROR_NOT_SUPPORTED);
        }
        let mut state = state();
        state.ready()?;
        *handle = create_object(&mut state, resource, Some(texture))?;
        Ok(())
    }

    /// `cuTexObjectDestroy`.
    fn cuTexObjectDestroy(handle: u64) {
        let mut state = state();
        destroy_object(&mut state, handle, true)
    }

    /// `cuTexObjectGetResourceDesc`.
    fn cuTexObjectGetResourceDesc(desc: *mut ResourceDesc, handle: u64) {
        let desc = out(desc)?;
        *desc = object(&state(), handle, true)?.resource;
        Ok(())
    }

    /// `cuTexObjectGetTextureDesc`.
    fn cuTexObjectGetTextureDesc(desc: *mut TextureDesc, handle: u64) {
        let desc = out(desc)?;
        *desc = object(&state(), handle, true)?.texture.ok_or(CUDA_ERROR_INVALID_VALUE)?;
        Ok(())
    }

    /// `cuSurfObjectCreate`: over an array made with
    /// `CUDA_ARRAY3D_SURFACE_LDST`.
    fn cuSurfObjectCreate(handle: *mut u64, resource: *const ResourceDesc) {
        let handle = out(handle)?;
        let resource = resource.as_ref().ok_or(CUDA_ERROR_INVALID_VALUE)?;
        let mut state = state();
        state.ready()?;
        *handle = create_object(&mut state, resource, None)?;
        Ok(())
    }

    /// `cuSurfObjectDestroy`.
    fn cuSurfObjectDestroy(handle: u64) {
        let mut state = state();
        destroy_object(&mut state, handle, false)
    }

    /// `cuSurfObjectGetResourceDesc`.
    fn cuSurfObjectGetResourceDesc(desc: *mut ResourceDesc, handle: u64) {
        let desc = out(desc)?;
        *desc = object(&state(), handle, false)?.resource;
        Ok(())
    }
}
