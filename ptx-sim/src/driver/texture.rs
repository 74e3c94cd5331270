//! Texture and surface objects: what a handle (`cudaTextureObject_t`,
//! `cudaSurfaceObject_t`, `CUtexObject`, `CUsurfObject`) stands for.
//!
//! On a GPU the driver keeps a descriptor table and a handle indexes it.
//! Here a handle is the global address of a [`Descriptor`] of
//! [`DESCRIPTOR_BYTES`] bytes that lives in the launch's global memory, as
//! a tensor map does: the driver (or any user of ptx-sim) allocates that
//! much device memory, writes [`Descriptor::to_bytes`] there and hands
//! the address to the kernel. `tex`, `tld4`, `suld`, `sust`, `txq` and
//! `suq` read it back with [`Descriptor::from_bytes`]; an address that
//! holds no descriptor is a fault naming the handle.
//!
//! The texels are read from global memory through the descriptor's base
//! address, so a CUDA array is plain device memory here: row-major,
//! rows of `width` elements, planes of `height` rows, layers of `depth`
//! planes (a GPU's array layout is opaque and tiled).
//!
//! ```
//! use ptx_sim::driver::texture::*;
//! let format = Format { kind: ChannelKind::Float, channels: 1, bits: 32 };
//! let resource = Resource::array(0x1000, format, [4, 2, 1], 0);
//! assert_eq!(resource.pitch, 16);
//! let sampler = Sampler { normalized: true, ..Sampler::default() };
//! let d = Descriptor { resource, sampler: Some(sampler) };
//! assert_eq!(Descriptor::from_bytes(&d.to_bytes()), Ok(d));
//! ```

use std::fmt;

/// The bytes of an encoded [`Descriptor`].
pub const DESCRIPTOR_BYTES: u64 = 128;

/// The first bytes of every encoded descriptor.
const MAGIC: [u8; 8] = *b"ptxsimTX";

/// How the channels of an element are numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChannelKind {
    /// Unsigned integers (`cudaChannelFormatKindUnsigned`).
    Unsigned,
    /// Two's complement integers (`cudaChannelFormatKindSigned`).
    Signed,
    /// IEEE floats: `binary16` for 16 bits, `binary32` for 32
    /// (`cudaChannelFormatKindFloat`).
    Float,
}

/// The format of one element: `channels` channels (1, 2 or 4; 3 as well
/// for what a user builds) of `bits` bits each (8, 16 or 32).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Format {
    /// What the channels hold.
    pub kind: ChannelKind,
    /// How many channels an element has, 1 to 4.
    pub channels: u8,
    /// The bits of each channel: 8, 16 or 32.
    pub bits: u8,
}

impl Format {
    /// The bytes of one element.
    pub fn bytes(self) -> u64 {
        u64::from(self.channels) * u64::from(self.bits / 8)
    }

    /// Whether the format is one the simulator reads: 1 to 4 channels of
    /// 8, 16 or 32 bits, floats of 16 or 32.
    pub fn is_valid(self) -> bool {
        (1..=4).contains(&self.channels)
            && matches!(self.bits, 8 | 16 | 32)
            && !(self.kind == ChannelKind::Float && self.bits == 8)
    }
}

/// How a resource's elements lie in memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    /// A CUDA array (row-major here, see the module's doc).
    Array,
    /// Linear memory, read by integer index (`tex1Dfetch`).
    Linear,
    /// Rows `pitch` bytes apart (`cudaResourceTypePitch2D`).
    Pitch2D,
}

/// The memory a texture or surface reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Resource {
    /// How the elements lie.
    pub layout: Layout,
    /// The global address of element 0.
    pub base: u64,
    /// The element format.
    pub format: Format,
    /// Width, height and depth in elements (1 for the dimensions the
    /// resource lacks).
    pub extent: [u64; 3],
    /// The number of layers of a layered array; 0 if it is not layered.
    pub layers: u64,
    /// The bytes from one row to the next.
    pub pitch: u64,
    /// The bytes from one plane (depth slice) to the next.
    pub slice: u64,
}

impl Resource {
    /// An array of `extent` elements (`layers` layers, 0 if not layered),
    /// row-major at `base`.
    pub fn array(base: u64, format: Format, extent: [u64; 3], layers: u64) -> Resource {
        let pitch = extent[0] * format.bytes();
        Resource {
            layout: Layout::Array,
            base,
            format,
            extent,
            layers,
            pitch,
            slice: pitch * extent[1],
        }
    }

    /// `bytes` bytes of linear memory at `base`, read as elements of `format`.
    pub fn linear(base: u64, format: Format, bytes: u64) -> Resource {
        let width = bytes / format.bytes().max(1);
        Resource {
            layout: Layout::Linear,
            base,
            format,
            extent: [width, 1, 1],
            layers: 0,
            pitch: bytes,
            slice: bytes,
        }
    }

    /// `height` rows of `width` elements, `pitch` bytes apart, at `base`.
    pub fn pitch2d(base: u64, format: Format, width: u64, height: u64, pitch: u64) -> Resource {
        Resource {
            layout: Layout::Pitch2D,
            base,
            format,
            extent: [width, height, 1],
            layers: 0,
            pitch,
            slice: pitch * height,
        }
    }

    /// The bytes from one layer to the next.
    pub fn layer_bytes(&self) -> u64 {
        self.slice * self.extent[2]
    }

    /// The global address of element `(x, y, z)` of layer `layer`, all in range.
    pub fn address(&self, [x, y, z]: [u64; 3], layer: u64) -> u64 {
        self.base
            + layer * self.layer_bytes()
            + z * self.slice
            + y * self.pitch
            + x * self.format.bytes()
    }
}

/// What a coordinate outside `[0, size)` becomes (`cudaTextureAddressMode`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum AddressMode {
    /// Repeats the texture (normalized coordinates only).
    Wrap,
    /// Clamps to the edge.
    #[default]
    Clamp,
    /// Repeats the texture mirrored every other time (normalized
    /// coordinates only).
    Mirror,
    /// Reads the border colour.
    Border,
}

/// Which texels a fetch reads (`cudaTextureFilterMode`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Filter {
    /// The nearest texel.
    #[default]
    Point,
    /// The 2, 4 or 8 nearest texels, weighted (float results only).
    Linear,
}

/// How integer texels come back (`cudaTextureReadMode`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum ReadMode {
    /// As they are stored.
    #[default]
    ElementType,
    /// 8- and 16-bit integers as floats in `[0, 1]` (unsigned) or
    /// `[-1, 1]` (signed).
    NormalizedFloat,
}

/// How a texture samples its resource; a surface has none.
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub struct Sampler {
    /// The address mode of each dimension.
    pub address: [AddressMode; 3],
    /// Point or linear filtering.
    pub filter: Filter,
    /// How integer texels come back.
    pub read: ReadMode,
    /// Whether coordinates are in `[0, 1)` rather than in elements.
    pub normalized: bool,
    /// The colour read outside the resource in [`AddressMode::Border`].
    pub border: [f32; 4],
}

/// A texture object (a resource and a sampler) or a surface object (a
/// resource alone), as a handle leads to it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Descriptor {
    /// What it reads.
    pub resource: Resource,
    /// How it samples: `Some` for a texture, `None` for a surface.
    pub sampler: Option<Sampler>,
}

/// Why bytes are not a descriptor.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DescriptorError(pub String);

impl fmt::Display for DescriptorError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for DescriptorError {}

fn put(bytes: &mut [u8], at: usize, v: u64) {
    bytes[at..at + 8].copy_from_slice(&v.to_le_bytes());
}

fn get(bytes: &[u8], at: usize) -> u64 {
    let mut b = [0u8; 8];
    b.copy_from_slice(&bytes[at..at + 8]);
    u64::from_le_bytes(b)
}

impl Descriptor {
    /// The descriptor's bytes: the magic `ptxsimTX`, then the fields
    /// (one byte each for the enumerations and counts, eight for
    /// addresses and sizes, four for each border channel).
    pub fn to_bytes(&self) -> [u8; DESCRIPTOR_BYTES as usize] {
        let mut b = [0u8; DESCRIPTOR_BYTES as usize];
        let r = &self.resource;
        b[..8].copy_from_slice(&MAGIC);
        b[8] = u8::from(self.sampler.is_some());
        b[9] = r.layout as u8;
        b[10] = r.format.kind as u8;
        b[11] = r.format.channels;
        b[12] = r.format.bits;
        put(&mut b, 16, r.base);
        for (k, e) in r.extent.iter().enumerate() {
            put(&mut b, 24 + 8 * k, *e);
        }
        put(&mut b, 48, r.layers);
        put(&mut b, 56, r.pitch);
        put(&mut b, 64, r.slice);
        if let Some(s) = &self.sampler {
            for (k, a) in s.address.iter().enumerate() {
                b[72 + k] = *a as u8;
            }
            b[75] = s.filter as u8;
            b[76] = s.read as u8;
            b[77] = u8::from(s.normalized);
            for (k, c) in s.border.iter().enumerate() {
                b[80 + 4 * k..84 + 4 * k].copy_from_slice(&c.to_le_bytes());
            }
        }
        b
    }

    /// Decodes [`Descriptor::to_bytes`]'s bytes; bytes that are not a
    /// descriptor (no magic, a field out of range) are an error.
    pub fn from_bytes(b: &[u8; DESCRIPTOR_BYTES as usize]) -> Result<Descriptor, DescriptorError> {
        let bad = |what: &str| DescriptorError(format!("{what} is out of range"));
        if b[..8] != MAGIC {
            return Err(DescriptorError(
                "no texture or surface object is there".into(),
            ));
        }
        let layout = match b[9] {
            0 => Layout::Array,
            1 => Layout::Linear,
            2 => Layout::Pitch2D,
            _ => return Err(bad("the layout")),
        };
        let kind = match b[10] {
            0 => ChannelKind::Unsigned,
            1 => ChannelKind::Signed,
            2 => ChannelKind::Float,
            _ => return Err(bad("the channel kind")),
        };
        let format = Format {
            kind,
            channels: b[11],
            bits: b[12],
        };
        if !format.is_valid() {
            return Err(bad("the format"));
        }
        let resource = Resource {
            layout,
            base: get(b, 16),
            format,
            extent: [get(b, 24), get(b, 32), get(b, 40)],
            layers: get(b, 48),
            pitch: get(b, 56),
            slice: get(b, 64),
        };
        let sampler = if b[8] == 0 {
            None
        } else {
            let address = |v: u8| match v {
                0 => Ok(AddressMode::Wrap),
                1 => Ok(AddressMode::Clamp),
                2 => Ok(AddressMode::Mirror),
                3 => Ok(AddressMode::Border),
                _ => Err(bad("an address mode")),
            };
            let mut border = [0f32; 4];
            for (k, c) in border.iter_mut().enumerate() {
                let mut w = [0u8; 4];
                w.copy_from_slice(&b[80 + 4 * k..84 + 4 * k]);
                *c = f32::from_le_bytes(w);
            }
            Some(Sampler {
                address: [address(b[72])?, address(b[73])?, address(b[74])?],
                filter: match b[75] {
                    0 => Filter::Point,
                    1 => Filter::Linear,
                    _ => return Err(bad("the filter mode")),
                },
                read: match b[76] {
                    0 => ReadMode::ElementType,
                    1 => ReadMode::NormalizedFloat,
                    _ => return Err(bad("the read mode")),
                },
                normalized: b[77] != 0,
                border,
            })
        };
        Ok(Descriptor { resource, sampler })
    }
}
