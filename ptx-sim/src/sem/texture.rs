//! Texture and surface instructions, the family of `ptx_core`'s
//! `table/texture.rs`, in unified mode: the first operand of the address
//! is a handle, the global address of a [`Descriptor`] (see
//! [`crate::driver::texture`]).
//!
//! - `tex.{1d,2d,3d,a1d,a2d}.v4.dtype.ctype`: a fetch as the CUDA
//!   programming guide's appendix "Texture Fetching" defines it. With
//!   normalized coordinates `x` is first multiplied by the size. Point
//!   filtering reads texel `floor(x)`; linear filtering reads texels
//!   `i = floor(x - 0.5)` and `i + 1` with weight `α = frac(x - 0.5)`
//!   held in 9-bit fixed point with 8 bits of fraction (rounded to the
//!   nearest 1/256), and gives `(1 - α) T[i] + α T[i + 1]` (per dimension:
//!   bilinear, trilinear) in `f32` arithmetic. The address mode places an
//!   index outside `[0, size)`: clamp to the edge, border (the border
//!   colour), wrap (modulo the size) and mirror (reflected every other
//!   period); wrap and mirror need normalized coordinates and act as
//!   clamp without them, as CUDA documents. Integer coordinates (`.s32`)
//!   name texels directly, with no filtering; on linear memory
//!   (`tex1Dfetch`) an index out of range reads zeros. An array index
//!   (`a1d`, `a2d`) is clamped to the layers.
//! - `tld4.comp.2d`: the component `comp` of the four texels linear
//!   filtering would weigh, as `(T[i, j+1], T[i+1, j+1], T[i+1, j],
//!   T[i, j])`.
//! - `suld.b` / `sust.b`: unformatted loads and stores of 1 to 4 values
//!   of 8 to 64 bits; the first coordinate is in bytes. Out of range,
//!   `.trap` faults, `.clamp` moves the access to the nearest element in
//!   range, `.zero` loads zeros and drops stores.
//! - `txq` / `suq`: the width, height, depth and layers; `txq` also the
//!   normalized-coordinates flag and the filter mode, and both the
//!   channel order and data type (OpenCL's `CLK_*` enumerations, as
//!   NVIDIA's OpenCL and LLVM's NVPTX back end use).
//!
//! What a texel holds: floats as floats (`binary16` widened), integers as
//! integers in element-type read mode, and 8- and 16-bit integers as
//! `v / (2^bits - 1)` (unsigned) or `max(v / (2^(bits-1) - 1), -1)`
//! (signed) in normalized-float read mode. A channel the format lacks
//! reads 0, except the fourth (alpha), which reads 1.
//!
//! A handle that leads to no descriptor, a surface used as a texture or
//! the other way round, a result type the texture cannot give and the
//! geometries not simulated (cube maps, multisample textures) are faults
//! that say so.

use crate::driver::texture::{
    AddressMode, ChannelKind, DESCRIPTOR_BYTES, Descriptor, Filter, Layout, ReadMode, Sampler,
};
use crate::exec::SemResult;
use crate::fault::{Fault, ProgramFault};
use crate::lane::{Lane, Memories};
use crate::sem::memory::address::Reach;
use ptx_core::{Keyword, Mods, ScalarType, Semantics};

/// `tex.geom.v4.dtype.ctype d, [t, c]`: slots `[d0..d3, t, c...]`.
pub fn tex<L: Lane>(lane: &mut L, m: &Mods, s: &mut [u64]) -> SemResult {
    lane.with_own_memories(false, |memories| run(Semantics::Tex, m, s, memories))
}

/// `tld4.comp.geom.v4.dtype.f32 d, [t, c]`: slots `[d0..d3, t, c...]`.
pub fn tld4<L: Lane>(lane: &mut L, m: &Mods, s: &mut [u64]) -> SemResult {
    lane.with_own_memories(false, |memories| run(Semantics::Tld4, m, s, memories))
}

/// `suld.b.geom{.vec}.dtype.mode d, [t, c]`: slots `[d..., t, c...]`.
pub fn suld_b<L: Lane>(lane: &mut L, m: &Mods, s: &mut [u64]) -> SemResult {
    lane.with_own_memories(false, |memories| run(Semantics::SuldB, m, s, memories))
}

/// `sust.b.geom{.vec}.dtype.mode [t, c], v`: slots `[t, c..., v...]`.
pub fn sust_b<L: Lane>(lane: &mut L, m: &Mods, s: &mut [u64]) -> SemResult {
    lane.with_own_memories(false, |memories| run(Semantics::SustB, m, s, memories))
}

/// `txq.query.b32 d, [t]`: slots `[d, t]`.
pub fn txq<L: Lane>(lane: &mut L, m: &Mods, s: &mut [u64]) -> SemResult {
    lane.with_own_memories(false, |memories| run(Semantics::Txq, m, s, memories))
}

/// `suq.query.b32 d, [t]`: slots `[d, t]`.
pub fn suq<L: Lane>(lane: &mut L, m: &Mods, s: &mut [u64]) -> SemResult {
    lane.with_own_memories(false, |memories| run(Semantics::Suq, m, s, memories))
}

/// Runs the texture or surface instruction `sem` (modifiers `m`) over
/// one lane's slots `s`, reaching memory through `memories`: what the
/// functions above and the kernel interpreter call.
pub fn run(sem: Semantics, m: &Mods, s: &mut [u64], memories: &mut Memories<'_>) -> SemResult {
    let key = sem.key();
    match sem {
        Semantics::Tex | Semantics::Tld4 => {
            let geometry = Geometry::of(m, key)?;
            let handle = slot(s, 4, key)?;
            let d = read_descriptor(memories, handle, key)?;
            let coords = &s[5..(5 + geometry.coordinates()).min(s.len())];
            let value = if sem == Semantics::Tex {
                fetch(memories, &d, geometry, m, coords, key)?
            } else {
                gather(memories, &d, geometry, m, coords, key)?
            };
            let dtype = m.types[0].ok_or_else(|| Fault::malformed(key, "no result type"))?;
            for (k, out) in s.iter_mut().take(4).enumerate() {
                *out = value.result(k, dtype, key)?;
            }
            Ok(())
        }
        Semantics::SuldB | Semantics::SustB => surface(sem, m, s, memories),
        Semantics::Txq | Semantics::Suq => {
            let d = read_descriptor(memories, slot(s, 1, key)?, key)?;
            s[0] = query(&d, m, key)?;
            Ok(())
        }
        _ => Err(Fault::malformed(key, "not a texture instruction")),
    }
}

fn slot(s: &[u64], k: usize, key: &'static str) -> Result<u64, Fault> {
    s.get(k)
        .copied()
        .ok_or_else(|| Fault::malformed(key, "too few operands"))
}

fn bad(key: &'static str, detail: String) -> Fault {
    Fault::Program(ProgramFault::BadOperand {
        instruction: key,
        detail,
    })
}

/// Reads and decodes the descriptor handle `handle` leads to.
fn read_descriptor(
    memories: &mut Memories<'_>,
    handle: u64,
    key: &'static str,
) -> Result<Descriptor, Fault> {
    let no_object = |why: String| {
        bad(
            key,
            format!("the handle {handle:#x} leads to no texture or surface object: {why}"),
        )
    };
    let bytes = Reach::new(&Mods::default(), handle, DESCRIPTOR_BYTES, 8, key)
        .and_then(|r| {
            r.read(memories, |b| {
                let mut raw = [0u8; DESCRIPTOR_BYTES as usize];
                raw.copy_from_slice(b);
                raw
            })
        })
        .map_err(|f| no_object(f.to_string()))?;
    Descriptor::from_bytes(&bytes).map_err(|e| no_object(e.to_string()))
}

/// A texture's or surface's geometry, from the instruction's modifiers.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Geometry {
    D1,
    D2,
    D3,
    A1d,
    A2d,
}

impl Geometry {
    fn of(m: &Mods, key: &'static str) -> Result<Geometry, Fault> {
        let found = m.keywords.iter().flatten().find_map(|k| match k {
            Keyword::D1 => Some(Ok(Geometry::D1)),
            Keyword::D2 => Some(Ok(Geometry::D2)),
            Keyword::D3 => Some(Ok(Geometry::D3)),
            Keyword::A1d => Some(Ok(Geometry::A1d)),
            Keyword::A2d => Some(Ok(Geometry::A2d)),
            Keyword::Cube | Keyword::Acube | Keyword::D2ms | Keyword::A2dms => {
                Some(Err(Fault::not_simulated(format!(
                    "{key}.{} (cube and multisample textures)",
                    k.word()
                ))))
            }
            _ => None,
        });
        found.unwrap_or_else(|| Err(Fault::malformed(key, "no geometry")))
    }

    /// The coordinates written, an array index first.
    fn coordinates(self) -> usize {
        match self {
            Geometry::D1 => 1,
            Geometry::D2 | Geometry::A1d => 2,
            Geometry::D3 | Geometry::A2d => 4,
        }
    }

    /// The spatial dimensions.
    fn dims(self) -> usize {
        match self {
            Geometry::D1 | Geometry::A1d => 1,
            Geometry::D2 | Geometry::A2d => 2,
            Geometry::D3 => 3,
        }
    }

    fn layered(self) -> bool {
        matches!(self, Geometry::A1d | Geometry::A2d)
    }
}

/// A fetched value: four channels, floats or integers.
#[derive(Clone, Copy)]
enum Value {
    Float([f32; 4]),
    Int([u32; 4]),
}

impl Value {
    /// Channel `k` as a slot of type `dtype`.
    fn result(self, k: usize, dtype: ScalarType, key: &'static str) -> Result<u64, Fault> {
        match (self, dtype) {
            (Value::Float(v), ScalarType::F32) => Ok(u64::from(v[k].to_bits())),
            (Value::Float(v), ScalarType::F16) => {
                Ok(u64::from(half::f16::from_f32(v[k]).to_bits()))
            }
            (Value::Int(v), ScalarType::U32 | ScalarType::S32) => Ok(u64::from(v[k])),
            (Value::Float(_), _) => Err(bad(
                key,
                format!(
                    "the texture gives floats (a float format or normalized-float read mode), not .{}",
                    dtype.name()
                ),
            )),
            (Value::Int(_), _) => Err(bad(
                key,
                format!(
                    "the texture gives integers (element-type read mode), not .{}",
                    dtype.name()
                ),
            )),
        }
    }
}

/// Whether texels of `d` come back as floats.
fn gives_floats(d: &Descriptor) -> bool {
    let read = d.sampler.map(|s| s.read).unwrap_or_default();
    d.resource.format.kind == ChannelKind::Float || read == ReadMode::NormalizedFloat
}

/// Reads texel `index` of layer `layer` (`None`: the border) as a value.
fn texel(
    memories: &mut Memories<'_>,
    d: &Descriptor,
    index: Option<[u64; 3]>,
    layer: u64,
    key: &'static str,
) -> Result<Value, Fault> {
    let r = &d.resource;
    let floats = gives_floats(d);
    let Some(index) = index else {
        let border = d.sampler.map(|s| s.border).unwrap_or_default();
        return Ok(if floats {
            Value::Float(border)
        } else {
            Value::Int(border.map(|c| c as i64 as u32))
        });
    };
    let f = r.format;
    let size = u64::from(f.bits / 8);
    let raw = Reach::new(
        &Mods::default(),
        r.address(index, layer),
        f.bytes(),
        size,
        key,
    )?
    .read(memories, |b| {
        let mut raw = [0u32; 4];
        for (k, c) in raw.iter_mut().enumerate().take(usize::from(f.channels)) {
            let at = k * size as usize;
            *c = b[at..at + size as usize]
                .iter()
                .rev()
                .fold(0, |acc, &x| acc << 8 | u32::from(x));
        }
        raw
    })?;
    let read = d.sampler.map(|s| s.read).unwrap_or_default();
    let channels = usize::from(f.channels);
    let missing = |k: usize| if k == 3 { 1 } else { 0 };
    Ok(if floats {
        let mut v = [0f32; 4];
        for (k, out) in v.iter_mut().enumerate() {
            *out = if k >= channels {
                missing(k) as f32
            } else {
                let c = raw[k];
                match (f.kind, f.bits) {
                    (ChannelKind::Float, 16) => half::f16::from_bits(c as u16).to_f32(),
                    (ChannelKind::Float, _) => f32::from_bits(c),
                    (ChannelKind::Unsigned, bits)
                        if read == ReadMode::NormalizedFloat && bits < 32 =>
                    {
                        c as f32 / ((1u64 << bits) - 1) as f32
                    }
                    (ChannelKind::Signed, bits)
                        if read == ReadMode::NormalizedFloat && bits < 32 =>
                    {
                        let signed = (c << (32 - bits)) as i32 >> (32 - bits);
                        (signed as f32 / ((1i64 << (bits - 1)) - 1) as f32).max(-1.0)
                    }
                    _ => {
                        return Err(bad(
                            key,
                            "normalized-float read mode needs 8- or 16-bit integer channels".into(),
                        ));
                    }
                }
            };
        }
        Value::Float(v)
    } else {
        let mut v = [0u32; 4];
        for (k, out) in v.iter_mut().enumerate() {
            *out = if k >= channels {
                missing(k)
            } else if f.kind == ChannelKind::Signed && f.bits < 32 {
                ((raw[k] << (32 - f.bits)) as i32 >> (32 - f.bits)) as u32
            } else {
                raw[k]
            };
        }
        Value::Int(v)
    })
}

/// Where index `i` of a dimension of `n` texels lands under `mode`
/// (`None`: outside, in border mode).
fn place(i: i64, n: u64, mode: AddressMode, normalized: bool) -> Option<u64> {
    let n = n.max(1) as i64;
    let mode = match mode {
        AddressMode::Wrap | AddressMode::Mirror if !normalized => AddressMode::Clamp,
        m => m,
    };
    Some(match mode {
        AddressMode::Clamp => i.clamp(0, n - 1),
        AddressMode::Border => {
            if (0..n).contains(&i) {
                i
            } else {
                return None;
            }
        }
        AddressMode::Wrap => i.rem_euclid(n),
        AddressMode::Mirror => {
            let m = i.rem_euclid(2 * n);
            if m >= n { 2 * n - 1 - m } else { m }
        }
    } as u64)
}

/// The layer an array index names (clamped), or 0 for a geometry without one.
fn layer_of(
    d: &Descriptor,
    geometry: Geometry,
    coords: &[u64],
    key: &'static str,
) -> Result<u64, Fault> {
    if !geometry.layered() {
        return Ok(0);
    }
    if d.resource.layers == 0 {
        return Err(bad(
            key,
            "an array (layered) fetch of a texture that is not layered".into(),
        ));
    }
    let index = coords.first().copied().unwrap_or(0) as u32;
    Ok(u64::from(index).min(d.resource.layers - 1))
}

/// The spatial coordinates after the array index.
fn spatial(geometry: Geometry, coords: &[u64]) -> &[u64] {
    let skip = usize::from(geometry.layered());
    &coords[skip.min(coords.len())..]
}

/// The sampler of texture object `d`; a surface object's handle given to
/// a texture fetch is an error.
fn sampler_of(d: &Descriptor, key: &'static str) -> Result<Sampler, Fault> {
    d.sampler.ok_or_else(|| {
        bad(
            key,
            "the handle is a surface object, not a texture object".into(),
        )
    })
}

/// `tex`: one fetch.
fn fetch(
    memories: &mut Memories<'_>,
    d: &Descriptor,
    geometry: Geometry,
    m: &Mods,
    coords: &[u64],
    key: &'static str,
) -> Result<Value, Fault> {
    let sampler = sampler_of(d, key)?;
    let r = &d.resource;
    let layer = layer_of(d, geometry, coords, key)?;
    let xs = spatial(geometry, coords);
    let dims = geometry.dims();
    let integer = m.types[1] == Some(ScalarType::S32);
    if integer {
        let mut index = [0u64; 3];
        for (k, slot) in index.iter_mut().enumerate().take(dims) {
            let i = i64::from(xs.get(k).copied().unwrap_or(0) as u32 as i32);
            if r.layout == Layout::Linear {
                if !(0..r.extent[k] as i64).contains(&i) {
                    return Ok(if gives_floats(d) {
                        Value::Float([0.0; 4])
                    } else {
                        Value::Int([0; 4])
                    });
                }
                *slot = i as u64;
            } else {
                match place(i, r.extent[k], sampler.address[k], sampler.normalized) {
                    Some(p) => *slot = p,
                    None => return texel(memories, d, None, layer, key),
                }
            }
        }
        return texel(memories, d, Some(index), layer, key);
    }
    // Unnormalized coordinates, one per dimension.
    let mut x = [0f32; 3];
    for (k, xk) in x.iter_mut().enumerate().take(dims) {
        let c = f32::from_bits(xs.get(k).copied().unwrap_or(0) as u32);
        let c = if c.is_nan() { 0.0 } else { c };
        *xk = if sampler.normalized {
            c * r.extent[k] as f32
        } else {
            c
        };
    }
    let linear = sampler.filter == Filter::Linear && gives_floats(d);
    if !linear {
        let mut index = Some([0u64; 3]);
        for k in 0..dims {
            let i = x[k].floor().clamp(i64::MIN as f32, i64::MAX as f32) as i64;
            let p = place(i, r.extent[k], sampler.address[k], sampler.normalized);
            index = index.zip(p).map(|(mut ix, p)| {
                ix[k] = p;
                ix
            });
        }
        return texel(memories, d, index, layer, key);
    }
    // Linear: the 2^dims corners, weighted.
    let mut base = [0i64; 3];
    let mut alpha = [0f32; 3];
    for k in 0..dims {
        let xb = x[k] - 0.5;
        let i = xb.floor();
        base[k] = i.clamp(i64::MIN as f32 / 4.0, i64::MAX as f32 / 4.0) as i64;
        // 9-bit fixed point, 8 bits of fraction.
        alpha[k] = ((xb - i) * 256.0).round() / 256.0;
    }
    let mut sum = [0f32; 4];
    for corner in 0..(1usize << dims) {
        let mut weight = 1f32;
        let mut index = Some([0u64; 3]);
        for k in 0..dims {
            let up = corner >> k & 1 == 1;
            weight *= if up { alpha[k] } else { 1.0 - alpha[k] };
            let p = place(
                base[k] + i64::from(up),
                r.extent[k],
                sampler.address[k],
                sampler.normalized,
            );
            index = index.zip(p).map(|(mut ix, p)| {
                ix[k] = p;
                ix
            });
        }
        let Value::Float(v) = texel(memories, d, index, layer, key)? else {
            return Err(Fault::malformed(key, "a filtered texel is not a float"));
        };
        for (s, v) in sum.iter_mut().zip(v) {
            *s += weight * v;
        }
    }
    Ok(Value::Float(sum))
}

/// `tld4`: one component of the four texels bilinear filtering weighs.
fn gather(
    memories: &mut Memories<'_>,
    d: &Descriptor,
    geometry: Geometry,
    m: &Mods,
    coords: &[u64],
    key: &'static str,
) -> Result<Value, Fault> {
    let sampler = sampler_of(d, key)?;
    let comp = if m.has_keyword(Keyword::G) {
        1
    } else if m.has_keyword(Keyword::B) {
        2
    } else if m.has_keyword(Keyword::A) {
        3
    } else {
        0
    };
    let r = &d.resource;
    let layer = layer_of(d, geometry, coords, key)?;
    let xs = spatial(geometry, coords);
    let mut base = [0i64; 2];
    for (k, b) in base.iter_mut().enumerate() {
        let c = f32::from_bits(xs.get(k).copied().unwrap_or(0) as u32);
        let c = if c.is_nan() { 0.0 } else { c };
        let x = if sampler.normalized {
            c * r.extent[k] as f32
        } else {
            c
        };
        *b = (x - 0.5)
            .floor()
            .clamp(-(1i64 << 40) as f32, (1i64 << 40) as f32) as i64;
    }
    let mut out_f = [0f32; 4];
    let mut out_i = [0u32; 4];
    let mut floats = true;
    for (k, (dx, dy)) in [(0, 1), (1, 1), (1, 0), (0, 0)].into_iter().enumerate() {
        let px = place(
            base[0] + dx,
            r.extent[0],
            sampler.address[0],
            sampler.normalized,
        );
        let py = place(
            base[1] + dy,
            r.extent[1],
            sampler.address[1],
            sampler.normalized,
        );
        let index = px.zip(py).map(|(x, y)| [x, y, 0]);
        match texel(memories, d, index, layer, key)? {
            Value::Float(v) => out_f[k] = v[comp],
            Value::Int(v) => {
                floats = false;
                out_i[k] = v[comp];
            }
        }
    }
    Ok(if floats {
        Value::Float(out_f)
    } else {
        Value::Int(out_i)
    })
}

/// `suld.b` and `sust.b`.
fn surface(sem: Semantics, m: &Mods, s: &mut [u64], memories: &mut Memories<'_>) -> SemResult {
    let key = sem.key();
    let geometry = Geometry::of(m, key)?;
    let dtype = m.types[0].ok_or_else(|| Fault::malformed(key, "no data type"))?;
    let n = geometry.coordinates();
    // The values are the slots besides the handle and the coordinates
    // (`m.count` also holds a `.1d`-`.3d` geometry's number).
    let count = s.len().saturating_sub(1 + n).clamp(1, 4);
    let bytes = u64::from(dtype.bits() / 8);
    let size = bytes * count as u64;
    let load = sem == Semantics::SuldB;
    let (handle_at, coords_at) = if load { (count, count + 1) } else { (0, 1) };
    let handle = slot(s, handle_at, key)?;
    let d = read_descriptor(memories, handle, key)?;
    if d.sampler.is_some() {
        return Err(bad(
            key,
            format!("the handle {handle:#x} is a texture object, not a surface object"),
        ));
    }
    let r = &d.resource;
    let coords: Vec<u64> = s[coords_at..(coords_at + n).min(s.len())].to_vec();
    let layered = geometry.layered();
    if layered && r.layers == 0 {
        return Err(bad(
            key,
            "an array (layered) access of a surface that is not layered".into(),
        ));
    }
    let xs = spatial(geometry, &coords);
    let row_bytes = r.extent[0] * r.format.bytes();
    // [x in bytes, y, z, layer] and each one's limit.
    let mut at = [0i64; 4];
    let mut limit = [row_bytes.saturating_sub(size) as i64 + 1, 1, 1, 1];
    for k in 0..geometry.dims() {
        at[k] = i64::from(xs.get(k).copied().unwrap_or(0) as u32 as i32);
        if k > 0 {
            limit[k] = r.extent[k] as i64;
        }
    }
    if layered {
        at[3] = i64::from(coords[0] as u32);
        limit[3] = r.layers as i64;
    }
    let outside = size > row_bytes || at.iter().zip(limit).any(|(&a, l)| !(0..l).contains(&a));
    if outside {
        if m.has_keyword(Keyword::Trap) {
            return Err(bad(
                key,
                format!(
                    "the access at x = {} bytes, y = {}, z = {}, layer = {} lies outside the surface ({} bytes by {} by {}, {} layers): `.trap`",
                    at[0], at[1], at[2], at[3], row_bytes, r.extent[1], r.extent[2], r.layers
                ),
            ));
        }
        if m.has_keyword(Keyword::Zero) || size > row_bytes {
            if load {
                s[..count].fill(0);
            }
            return Ok(());
        }
        // `.clamp`: the nearest element in range.
        let element = r.format.bytes() as i64;
        for (a, l) in at.iter_mut().zip(limit) {
            *a = (*a).clamp(0, l - 1);
        }
        at[0] -= at[0] % element.max(1);
    }
    let address = r.base
        + at[3] as u64 * r.layer_bytes()
        + at[2] as u64 * r.slice
        + at[1] as u64 * r.pitch
        + at[0] as u64;
    let reach = Reach::new(&Mods::default(), address, size, 1, key)?;
    let b = bytes as usize;
    if load {
        let mut values = [0u64; 4];
        reach.read(memories, |mem| {
            for (k, v) in values.iter_mut().enumerate().take(count) {
                *v = mem[k * b..(k + 1) * b]
                    .iter()
                    .rev()
                    .fold(0, |acc, &x| acc << 8 | u64::from(x));
            }
        })?;
        s[..count].copy_from_slice(&values[..count]);
    } else {
        let values: Vec<u64> = s[coords_at + n..].iter().take(count).copied().collect();
        reach.store(memories, |mem| {
            for (k, v) in values.iter().enumerate() {
                for (j, byte) in mem[k * b..(k + 1) * b].iter_mut().enumerate() {
                    *byte = (v >> (8 * j)) as u8;
                }
            }
        })?;
    }
    Ok(())
}

/// `txq` / `suq`.
fn query(d: &Descriptor, m: &Mods, key: &'static str) -> Result<u64, Fault> {
    let r = &d.resource;
    let word = m
        .keywords
        .iter()
        .flatten()
        .next()
        .ok_or_else(|| Fault::malformed(key, "no query"))?;
    // OpenCL's channel orders and data types (CLK_R ... CLK_FLOAT).
    let order = match r.format.channels {
        1 => 0x10B0,
        2 => 0x10B2,
        3 => 0x10B4,
        _ => 0x10B5,
    };
    let normalized = d.sampler.map(|s| s.read) == Some(ReadMode::NormalizedFloat);
    let data_type = match (r.format.kind, r.format.bits, normalized) {
        (ChannelKind::Float, 16, _) => 0x10DD,
        (ChannelKind::Float, _, _) => 0x10DE,
        (ChannelKind::Signed, 8, true) => 0x10D0,
        (ChannelKind::Signed, 16, true) => 0x10D1,
        (ChannelKind::Unsigned, 8, true) => 0x10D2,
        (ChannelKind::Unsigned, 16, true) => 0x10D3,
        (ChannelKind::Signed, 8, _) => 0x10D7,
        (ChannelKind::Signed, 16, _) => 0x10D8,
        (ChannelKind::Signed, _, _) => 0x10D9,
        (ChannelKind::Unsigned, 8, _) => 0x10DA,
        (ChannelKind::Unsigned, 16, _) => 0x10DB,
        (ChannelKind::Unsigned, _, _) => 0x10DC,
    };
    let sampler = d.sampler.unwrap_or_default();
    Ok(match word {
        Keyword::Width => r.extent[0],
        Keyword::Height => r.extent[1],
        Keyword::Depth => r.extent[2],
        Keyword::ArraySize => r.layers,
        Keyword::ChannelOrder => order,
        Keyword::ChannelDataType => data_type,
        Keyword::NormalizedCoords if d.sampler.is_some() => u64::from(sampler.normalized),
        Keyword::FilterMode if d.sampler.is_some() => u64::from(sampler.filter == Filter::Linear),
        k => return Err(Fault::not_simulated(format!("{key}.{}", k.word()))),
    })
}
