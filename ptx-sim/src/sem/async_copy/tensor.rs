//! Bulk tensor copies, the Tensor Memory Accelerator's work:
//! `cp.async.bulk.tensor` from global memory into shared memory (one CTA's,
//! or every CTA of a mask with `.multicast::cluster`) and back, and
//! `cp.reduce.async.bulk.tensor` into global memory, each over a box of a
//! tensor that a tensor map ([`TensorMap`]) describes.
//!
//! A tile copy at coordinates `c` moves the box `[c_i, c_i + box_i)` of
//! each dimension, taking every `elementStride_i`-th element, so
//! `ceil(box_i / elementStride_i)` elements along dimension `i`. In shared
//! memory the box is dense, innermost dimension first, each element at the
//! byte its place in the box gives; a swizzle then exchanges 16-byte chunks
//! of each row by the address's bits (`[4, 7)` with `[7, 10)` for 128
//! bytes, two bits for 64, one for 32), the pattern repeating every 1024,
//! 512 or 256 bytes of shared memory. Elements outside the tensor are not
//! read: a load fills them (zeros, or with the NaN fill the map asks for
//! on float types) and a store or reduction leaves them alone. A load
//! completes the box's bytes on the mbarrier at the same place in each
//! destination CTA, whether or not they were inside the tensor.
//!
//! Through an interleaved map, dimension 0 counts 16- or 32-byte slices
//! (its size, coordinate and box alike, stepping by its traversal stride),
//! the box never steps along dimension rank - 2, and the slices are placed,
//! swizzled and filled as elements are (`docs/tensor-maps.md`,
//! "Interleaved maps"); tile loads, stores and reductions run through
//! one (a reduction combines each element of a slice), im2col loads do not.
//!
//! An im2col load (`.im2col`, through a map of that mode) takes
//! `pixelsPerColumn` pixels of `channelsPerPixel` elements, laid out as a
//! tile of that shape: the pixels walk the bounding box from the
//! coordinates' corner, innermost spatial dimension first, then the next
//! image, each read at its place plus the copy's im2col offsets
//! (`TileBox::each_im2col`; `docs/tensor-maps.md`).
//!
//! Copies complete at once, as every other asynchronous copy here: their
//! bytes are in place when the instruction returns, which is one of the
//! orders the GPU allows.

use crate::driver::tensor_map::{Interleave, Mode, Swizzle, TensorDtype, TensorMap};
use crate::exec::SemResult;
use crate::fault::{Fault, ProgramFault};
use crate::lane::Memories;
use crate::sem::memory::address::{Reach, check_access, shared_at};
use crate::sem::sync::mbarrier;
use ptx_core::{Flags, Keyword, Mods, SharedScope, StateSpace};

/// The bytes of a tensor map.
const MAP_BYTES: u64 = 128;

/// Reads and decodes the tensor map at generic (or `.param`, `.const`,
/// `.global`) address `addr`.
fn read_map(memories: &mut Memories<'_>, addr: u64, key: &'static str) -> Result<TensorMap, Fault> {
    let bytes = Reach::new(&Mods::default(), addr, MAP_BYTES, 64, key)?.read(memories, |b| {
        let mut raw = [0u8; MAP_BYTES as usize];
        raw.copy_from_slice(b);
        raw
    })?;
    TensorMap::from_bytes(&bytes).map_err(|e| {
        Fault::Program(ProgramFault::BadOperand {
            instruction: key,
            detail: format!("the tensor map at {addr:#x} is not one: {e}"),
        })
    })
}

/// How a copy's box lies: its rank, how many elements it takes along each
/// dimension, their size, the bytes from one row (dimension 0) to the
/// next in shared memory, and how dimension 0 is walked in global memory:
/// the step between two elements taken, in elements, and the bytes an
/// element's coordinate moves the address by.
#[derive(Clone, Copy, Debug)]
struct TileBox {
    rank: usize,
    counts: [u64; 5],
    element: u64,
    pitch: u64,
    step0: u64,
    stride0: u64,
}

/// The rank of `map` for a `dims`-dimensional copy: the copy's own.
fn copy_rank(map: &TensorMap, dims: usize, key: &'static str) -> Result<usize, Fault> {
    let rank = map.rank as usize;
    if rank != dims {
        return Err(Fault::Program(ProgramFault::BadOperand {
            instruction: key,
            detail: format!("a {dims}-dimensional copy through a tensor map of rank {rank}"),
        }));
    }
    Ok(rank)
}

/// Refuses an interleaved `map` for a copy whose interleaved form was not
/// recorded on the GPU (`what`: an im2col load).
fn not_interleaved(map: &TensorMap, what: &str, key: &'static str) -> SemResult {
    if map.interleave == Interleave::None {
        return Ok(());
    }
    Err(Fault::not_simulated(format!(
        "{key}: {what} through an interleaved tensor map"
    )))
}

impl TileBox {
    /// The box of a tile-mode map, checked against the copy's `dims`
    /// dimensions. Dimension 0 takes the whole box (its traversal stride
    /// is ignored, as the recorded `tma/estride/*` cases show); the others
    /// every `elementStride`-th element. A swizzled row takes the whole
    /// swizzle span in shared memory, however narrow the box
    /// (`tma/swizzle/f16_sw128_box32x8`).
    fn of(map: &TensorMap, dims: usize, key: &'static str) -> Result<TileBox, Fault> {
        let Mode::Tiled { box_dim } = map.mode else {
            return Err(Fault::Program(ProgramFault::BadOperand {
                instruction: key,
                detail: "a tile copy through a tensor map of im2col mode".into(),
            }));
        };
        let rank = copy_rank(map, dims, key)?;
        let taken =
            |i: usize| u64::from(box_dim[i]).div_ceil(u64::from(map.element_strides[i].max(1)));
        let mut counts = [1u64; 5];
        counts[0] = u64::from(box_dim[0]);
        for (i, count) in counts.iter_mut().enumerate().take(rank).skip(1) {
            *count = taken(i);
        }
        let element = map.dtype.size();
        let mut tile = TileBox {
            rank,
            counts,
            element,
            pitch: 0,
            step0: 1,
            stride0: element,
        };
        if let Some(unit) = map.interleave.bytes() {
            // Interleaved (`docs/tensor-maps.md`, "Interleaved maps"):
            // dimension 0 counts `unit`-byte slices, its size, coordinate
            // and box alike, stepping by its traversal stride; the box
            // never steps along dimension rank - 2.
            tile.element = unit;
            tile.stride0 = unit;
            tile.step0 = u64::from(map.element_strides[0].max(1));
            tile.counts[0] = taken(0);
            tile.counts[rank - 2] = 1;
        }
        tile.pitch = (tile.counts[0] * tile.element).max(map.swizzle.span());
        Ok(tile)
    }

    /// The box of an im2col map for a `dims`-dimensional copy: `pixels`
    /// rows of `channels` elements, laid out in shared memory as a tile
    /// of that shape is.
    fn of_im2col(map: &TensorMap, dims: usize, key: &'static str) -> Result<TileBox, Fault> {
        let Mode::Im2col {
            channels, pixels, ..
        } = map.mode
        else {
            return Err(Fault::Program(ProgramFault::BadOperand {
                instruction: key,
                detail: "an im2col copy through a tensor map of tile mode".into(),
            }));
        };
        copy_rank(map, dims, key)?;
        not_interleaved(map, "an im2col load", key)?;
        let element = map.dtype.size();
        let row = u64::from(channels) * element;
        let mut counts = [1u64; 5];
        counts[0] = u64::from(channels);
        counts[1] = u64::from(pixels);
        Ok(TileBox {
            rank: 2,
            counts,
            element,
            pitch: row.max(map.swizzle.span()),
            step0: 1,
            stride0: element,
        })
    }

    /// [`TileBox::each`] for an im2col copy at `coords` (channel, the
    /// filter's corner in each spatial dimension, image) with the filter
    /// offsets `offsets`: the pixels are taken from the corner on through
    /// the bounding box (each spatial dimension from its lower corner to
    /// its size less one plus its upper corner, stepping by its traversal
    /// stride; the innermost first, then the next image), each read at its
    /// place plus the offsets, `channels` elements from the coordinate's
    /// channel.
    fn each_im2col(
        &self,
        map: &TensorMap,
        coords: &[i64],
        offsets: &[i64],
        f: &mut dyn FnMut(u64, Option<u64>) -> SemResult,
    ) -> SemResult {
        let Mode::Im2col { lower, upper, .. } = map.mode else {
            return Ok(());
        };
        let rank = map.rank as usize;
        let spatial = rank - 2;
        let image = rank - 1;
        // The pixel's place: spatial coordinates 1..=spatial, then the image.
        let mut at = [0i64; 5];
        at[..rank].copy_from_slice(&coords[..rank]);
        for pixel in 0..self.counts[1] {
            for k in 0..self.counts[0] {
                let mut inside = true;
                let mut addr = map.address;
                for i in 0..rank {
                    let g = if i == 0 {
                        at[0] + k as i64
                    } else if i <= spatial {
                        at[i] + offsets.get(i - 1).copied().unwrap_or(0)
                    } else {
                        at[i]
                    };
                    if g < 0 || g as u64 >= map.dims[i] {
                        inside = false;
                    } else {
                        addr = addr.wrapping_add(g as u64 * map.strides[i]);
                    }
                }
                f(
                    pixel * self.pitch + k * self.element,
                    inside.then_some(addr),
                )?;
            }
            // The next pixel: step the innermost spatial dimension,
            // wrapping into the next and at last into the next image.
            let mut carry = true;
            for i in 1..=spatial {
                if !carry {
                    break;
                }
                let step = i64::from(map.element_strides[i].max(1));
                let last = map.dims[i] as i64 - 1 + i64::from(upper[i - 1]);
                at[i] += step;
                if at[i] > last {
                    at[i] = i64::from(lower[i - 1]);
                } else {
                    carry = false;
                }
            }
            if carry {
                at[image] += 1;
            }
        }
        Ok(())
    }

    /// The box's bytes: what a load completes on its mbarrier.
    fn bytes(&self) -> u64 {
        self.counts.iter().product::<u64>() * self.element
    }

    /// The bytes that move together through the swizzle: an element, or
    /// a 16-byte chunk of an interleaved copy's 32-byte slice (the
    /// swizzle moves 16-byte chunks).
    fn piece(&self) -> u64 {
        self.element.min(16)
    }

    /// Each piece's byte in the box before the swizzle, in order.
    fn pieces(&self) -> impl Iterator<Item = u64> + '_ {
        let rows: u64 = self.counts[1..].iter().product();
        let row = self.counts[0] * self.element;
        let piece = self.piece();
        (0..rows).flat_map(move |r| (0..row / piece).map(move |k| r * self.pitch + k * piece))
    }

    /// The bytes it spans in shared memory (rows at their pitch).
    fn span(&self) -> u64 {
        self.counts[1..].iter().product::<u64>() * self.pitch
    }

    /// Calls `f(place, global)` for each element of the box at `coords`,
    /// in shared-memory order: its byte in the box before the swizzle,
    /// and its global address if it is inside the tensor. With
    /// `chunks`, dimension 0 is bounded by 16-byte chunks: an element
    /// counts as inside if its chunk of the row starts inside (what the
    /// H100's stores do, `tma/store/u8_3d_box16x4x2`).
    fn each(
        &self,
        map: &TensorMap,
        coords: &[i64],
        chunks: bool,
        mut f: impl FnMut(u64, Option<u64>) -> SemResult,
    ) -> SemResult {
        let mut k = [0u64; 5];
        let total: u64 = self.counts.iter().product();
        let per_chunk = (16 / self.element).max(1) as i64;
        for _ in 0..total {
            let mut inside = true;
            let mut addr = map.address;
            for i in 0..self.rank {
                let (step, stride) = if i == 0 {
                    (self.step0, self.stride0)
                } else {
                    (u64::from(map.element_strides[i].max(1)), map.strides[i])
                };
                let g = coords[i] + (k[i] * step) as i64;
                let bound = if i == 0 && chunks {
                    g.div_euclid(per_chunk) * per_chunk
                } else {
                    g
                };
                if bound < 0 || bound as u64 >= map.dims[i] {
                    inside = false;
                } else {
                    addr = addr.wrapping_add(g as u64 * stride);
                }
            }
            let rows: u64 = (1..self.rank)
                .rev()
                .fold(0, |acc, i| acc * self.counts[i] + k[i]);
            f(
                rows * self.pitch + k[0] * self.element,
                inside.then_some(addr),
            )?;
            for (k, &count) in k.iter_mut().zip(&self.counts).take(self.rank) {
                *k += 1;
                if *k < count {
                    break;
                }
                *k = 0;
            }
        }
        Ok(())
    }
}

/// Checks a tile copy's coordinates as the H100 does: dimension 0's
/// coordinate must fall on a 16-byte boundary of the tensor's rows (every
/// recorded copy whose coordinate was not faulted, an illegal instruction at its
/// UTMALDG or UTMASTG: `tests/data/kernels/tma/tma_record_log.txt`), and a
/// store or reduction may not start below 0 in dimension 0
/// (`tma/store/f16_1d_box64_a16` and `f16_2d_box32x8_a16` faulted).
fn check_coordinates(map: &TensorMap, coords: &[i64], store: bool, key: &'static str) -> SemResult {
    let first = coords.first().copied().unwrap_or(0);
    if map.interleave != Interleave::None {
        // Counted in whole slices: always on a boundary.
        return Ok(());
    }
    let bytes = first * map.dtype.size() as i64;
    if bytes % 16 != 0 {
        return Err(Fault::Program(ProgramFault::BadOperand {
            instruction: key,
            detail: format!(
                "coordinate {first} of dimension 0 is {bytes} bytes into a row, not a multiple of 16 (the GPU faults)"
            ),
        }));
    }
    if store && first < 0 {
        return Err(Fault::Program(ProgramFault::BadOperand {
            instruction: key,
            detail: format!(
                "a store or reduction at coordinate {first} of dimension 0, below the tensor (the GPU faults)"
            ),
        }));
    }
    Ok(())
}

/// Where byte `place` of a box that starts at shared offset `start`
/// lands: the swizzle exchanges 16-byte chunks by the address's bits.
///
/// ```
/// use ptx_sim::sem::async_copy::tensor::swizzled;
/// use ptx_sim::driver::tensor_map::Swizzle;
/// // Row 1 of a 128-byte swizzle: chunk 0 and chunk 1 trade places.
/// assert_eq!(swizzled(0, 128, Swizzle::B128), 144);
/// assert_eq!(swizzled(0, 144, Swizzle::B128), 128);
/// assert_eq!(swizzled(0, 144, Swizzle::None), 144);
/// ```
pub fn swizzled(start: u64, place: u64, swizzle: Swizzle) -> u64 {
    let addr = start + place;
    let bits = match swizzle {
        Swizzle::None => return addr,
        Swizzle::B32 => 1,
        Swizzle::B64 => 3,
        _ => 7,
    };
    addr ^ (((addr >> 7) & bits) << 4)
}

/// The bytes an element outside the tensor reads as: zeros, or for the
/// NaN fill of a float type, the H100's fill pattern.
fn fill(map: &TensorMap, element: u64) -> Vec<u8> {
    let nan = map.oob_nan && map.dtype.is_float();
    if nan {
        // Recorded (`tma/tile2d/f32_box8x16_nan`): every 16 bits 0x7ff7.
        (0..element)
            .map(|i| if i % 2 == 0 { 0xf7 } else { 0x7f })
            .collect()
    } else {
        vec![0; element as usize]
    }
}

/// The destinations of a load: the ranks of the CTAs of its mask, or the
/// CTA its destination address names.
pub(crate) fn targets(m: &Mods, mask: u64) -> Vec<Option<u32>> {
    if m.has(Flags::MULTICAST) {
        (0..16)
            .filter(|r| mask >> r & 1 != 0)
            .map(|r| Some(r as u32))
            .collect()
    } else {
        vec![None]
    }
}

/// `cp.async.bulk.tensor.Nd.shared::cluster.global.tile.mbarrier::complete_tx::bytes{.multicast::cluster}
/// [dst], [tmap, {c...}], [mbar]{, mask}`: the box at `c` into shared
/// memory, completing its bytes on `[mbar]`.
fn load(m: &Mods, s: &[u64], memories: &mut Memories<'_>, key: &'static str) -> SemResult {
    let dims = usize::from(m.count);
    let (dst, tmap, mbar) = (s[0], s[1], s[2 + dims]);
    let coords: Vec<i64> = s[2..2 + dims]
        .iter()
        .map(|&c| c as u32 as i32 as i64)
        .collect();
    // im2col: the offsets (one per spatial dimension, 16 bits each) come
    // before the multicast mask.
    let im2col = m.has(Flags::IM2COL);
    let offsets: Vec<i64> = if im2col {
        s.get(3 + dims..1 + 2 * dims)
            .unwrap_or(&[])
            .iter()
            .map(|&o| i64::from(o as u16))
            .collect()
    } else {
        Vec::new()
    };
    let mask = s.get(3 + dims + offsets.len()).copied().unwrap_or(0);
    let map = read_map(memories, tmap, key)?;
    let tile = if im2col {
        TileBox::of_im2col(&map, dims, key)?
    } else {
        TileBox::of(&map, dims, key)?
    };
    check_coordinates(&map, &coords, false, key)?;
    let mut data = vec![0u8; tile.span() as usize];
    let oob = fill(&map, tile.element);
    // Each element of the box: its bytes from the tensor, or the fill.
    let mut take = |place: u64, global: Option<u64>| -> SemResult {
        let at = place as usize..(place + tile.element) as usize;
        match global {
            Some(addr) => {
                let global = Mods {
                    space: Some(StateSpace::Global),
                    ..Mods::default()
                };
                Reach::new(&global, addr, tile.element, 1, key)?
                    .read(memories, |b| data[at].copy_from_slice(b))
            }
            None => {
                data[at].copy_from_slice(&oob);
                Ok(())
            }
        }
    };
    if im2col {
        tile.each_im2col(&map, &coords, &offsets, &mut take)?;
    } else {
        tile.each(&map, &coords, false, &mut take)?;
    }
    let space = Mods {
        space: Some(m.space.unwrap_or(StateSpace::Shared(SharedScope::Cluster))),
        ..Mods::default()
    };
    for target in targets(m, mask) {
        // A multicast lands at the same offset in each CTA of the mask.
        let (target_space, d, b) = at_target(&space, target, dst, mbar);
        place(memories, &target_space, d, &data, &tile, map.swizzle, key)?;
        let lane = memories.shared_only();
        let (shared, at) = shared_at(lane, &target_space, b, key)?;
        mbarrier::complete_tx_at(shared, key, at, tile.bytes())?;
    }
    Ok(())
}

/// Where a copy to `dst` completing on `mbar` (in the space of `m`) lands
/// in the CTA of rank `target` of its multicast mask: the same offsets in
/// that CTA's window (`None`: where `dst` and `mbar` point).
pub(crate) fn at_target(m: &Mods, target: Option<u32>, dst: u64, mbar: u64) -> (Mods, u64, u64) {
    use crate::memory::cluster_address::{CLUSTER_STRIDE, cluster_address};
    match target {
        Some(rank) => (
            Mods {
                space: Some(StateSpace::Shared(SharedScope::Cluster)),
                ..Mods::default()
            },
            cluster_address(rank, dst % CLUSTER_STRIDE),
            cluster_address(rank, mbar % CLUSTER_STRIDE),
        ),
        None => (*m, dst, mbar),
    }
}

/// Writes a box's bytes `data` into the shared memory that `dst` (in the
/// space of `m`) names, each element at its swizzled place.
fn place(
    memories: &mut Memories<'_>,
    m: &Mods,
    dst: u64,
    data: &[u8],
    tile: &TileBox,
    swizzle: Swizzle,
    key: &'static str,
) -> SemResult {
    let (shared, start) = shared_at(memories.shared_only(), m, dst, key)?;
    // The box must be 128-byte aligned and inside the CTA's shared memory.
    check_access(shared.len(), start, tile.span(), 128, key)?;
    for place in tile.pieces() {
        let at = swizzled(start, place, swizzle) as usize;
        let e = tile.piece() as usize;
        shared[at..at + e].copy_from_slice(&data[place as usize..place as usize + e]);
    }
    Ok(())
}

/// `cp.async.bulk.tensor.Nd.global.shared::cta.tile.bulk_group [tmap, {c...}], [src]`
/// and `cp.reduce.async.bulk.tensor.Nd.global.shared::cta.op.tile.bulk_group`:
/// the box from shared memory at `src` into the tensor at `c` (elements
/// outside it are not written), stored or combined by `.op`.
fn store(m: &Mods, s: &[u64], memories: &mut Memories<'_>, key: &'static str) -> SemResult {
    let dims = usize::from(m.count);
    if m.has(Flags::IM2COL) {
        return Err(Fault::not_simulated(format!("{key} in im2col mode")));
    }
    let tmap = s[0];
    let coords: Vec<i64> = s[1..1 + dims]
        .iter()
        .map(|&c| c as u32 as i32 as i64)
        .collect();
    let src = s[1 + dims];
    let map = read_map(memories, tmap, key)?;
    let tile = TileBox::of(&map, dims, key)?;
    check_coordinates(&map, &coords, true, key)?;
    let cta = Mods {
        space: Some(StateSpace::Shared(SharedScope::Cta)),
        ..Mods::default()
    };
    let (shared, start) = shared_at(memories.shared_only(), &cta, src, key)?;
    check_access(shared.len(), start, tile.span(), 128, key)?;
    let mut data = vec![0u8; tile.span() as usize];
    for place in tile.pieces() {
        let at = swizzled(start, place, map.swizzle) as usize;
        let e = tile.piece() as usize;
        data[place as usize..place as usize + e].copy_from_slice(&shared[at..at + e]);
    }
    let op = reduction(m);
    let global = Mods {
        space: Some(StateSpace::Global),
        ..Mods::default()
    };
    tile.each(&map, &coords, true, |place, addr| {
        let Some(addr) = addr else { return Ok(()) };
        let new = &data[place as usize..(place + tile.element) as usize];
        Reach::new(&global, addr, tile.element, 1, key)?.write(memories, |old| match op {
            None => {
                old.copy_from_slice(new);
                Ok(())
            }
            // Element by element (an interleaved slice holds several).
            Some(op) => {
                let size = map.dtype.size() as usize;
                old.chunks_exact_mut(size)
                    .zip(new.chunks_exact(size))
                    .try_for_each(|(old, new)| reduce(op, Kind::of_map(map.dtype), old, new, key))
            }
        })?
    })
}

/// The operations a bulk reduction takes.
const REDUCE_OPS: [Keyword; 8] = [
    Keyword::Add,
    Keyword::Min,
    Keyword::Max,
    Keyword::Inc,
    Keyword::Dec,
    Keyword::And,
    Keyword::Or,
    Keyword::Xor,
];

/// How a reduction reads an element.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    Unsigned,
    Signed,
    F16,
    Bf16,
    F32,
    F64,
}

impl Kind {
    /// The kind of a tensor map's elements.
    fn of_map(dtype: TensorDtype) -> Kind {
        match dtype {
            TensorDtype::F16 => Kind::F16,
            TensorDtype::Bf16 => Kind::Bf16,
            TensorDtype::F32 | TensorDtype::F32Ftz | TensorDtype::Tf32 | TensorDtype::Tf32Ftz => {
                Kind::F32
            }
            TensorDtype::F64 => Kind::F64,
            TensorDtype::I32 | TensorDtype::I64 => Kind::Signed,
            _ => Kind::Unsigned,
        }
    }

    /// The kind of an instruction's `.type`.
    pub(crate) fn of_type(ty: ptx_core::ScalarType) -> Kind {
        use ptx_core::ScalarType as T;
        match ty {
            T::F16 => Kind::F16,
            T::Bf16 => Kind::Bf16,
            T::F32 => Kind::F32,
            T::F64 => Kind::F64,
            T::S8 | T::S16 | T::S32 | T::S64 => Kind::Signed,
            _ => Kind::Unsigned,
        }
    }

    fn float(self, v: u64) -> f64 {
        match self {
            Kind::F16 => half::f16::from_bits(v as u16).to_f64(),
            Kind::Bf16 => half::bf16::from_bits(v as u16).to_f64(),
            Kind::F64 => f64::from_bits(v),
            _ => f64::from(f32::from_bits(v as u32)),
        }
    }

    /// `x` rounded to the nearest value of the kind (the sum of two
    /// elements is exact in `f64`, so one rounding).
    fn round(self, x: f64) -> u64 {
        match self {
            Kind::F16 => u64::from(half::f16::from_f64(x).to_bits()),
            Kind::Bf16 => u64::from(half::bf16::from_f64(x).to_bits()),
            Kind::F64 => x.to_bits(),
            _ => u64::from((x as f32).to_bits()),
        }
    }
}

/// Combines element `new` into `old` (little-endian, of kind `kind`) by
/// `op`, as `red` does.
pub(crate) fn reduce(
    op: Keyword,
    kind: Kind,
    old: &mut [u8],
    new: &[u8],
    key: &'static str,
) -> SemResult {
    let get = |b: &[u8]| b.iter().rev().fold(0u64, |acc, &x| acc << 8 | u64::from(x));
    let (a, b) = (get(old), get(new));
    let bits = 8 * old.len() as u32;
    let mask = if bits == 64 {
        u64::MAX
    } else {
        (1 << bits) - 1
    };
    let signed = |v: u64| ((v << (64 - bits)) as i64) >> (64 - bits);
    let float = !matches!(kind, Kind::Unsigned | Kind::Signed);
    let v = match op {
        Keyword::Add if float => kind.round(kind.float(a) + kind.float(b)),
        Keyword::Add => a.wrapping_add(b),
        Keyword::Min if float => kind.round(kind.float(a).min(kind.float(b))),
        Keyword::Max if float => kind.round(kind.float(a).max(kind.float(b))),
        Keyword::Min if kind == Kind::Signed => signed(a).min(signed(b)) as u64,
        Keyword::Max if kind == Kind::Signed => signed(a).max(signed(b)) as u64,
        Keyword::Min => a.min(b),
        Keyword::Max => a.max(b),
        Keyword::Inc => {
            if a >= b {
                0
            } else {
                a + 1
            }
        }
        Keyword::Dec => {
            if a == 0 || a > b {
                b
            } else {
                a - 1
            }
        }
        Keyword::And => a & b,
        Keyword::Or => a | b,
        Keyword::Xor => a ^ b,
        _ => return Err(Fault::malformed(key, "no reduction")),
    } & mask;
    for (i, byte) in old.iter_mut().enumerate() {
        *byte = (v >> (8 * i)) as u8;
    }
    Ok(())
}

/// The reduction a bulk reduction's modifiers name, if any.
pub(crate) fn reduction(m: &Mods) -> Option<Keyword> {
    m.keywords
        .iter()
        .flatten()
        .copied()
        .find(|k| REDUCE_OPS.contains(k))
}

/// Runs a bulk tensor copy or reduction with slots `s`.
pub(crate) fn run(
    m: &Mods,
    s: &[u64],
    memories: &mut Memories<'_>,
    key: &'static str,
) -> SemResult {
    match (m.space, m.source) {
        (Some(StateSpace::Shared(_)), Some(StateSpace::Global)) => load(m, s, memories, key),
        (Some(StateSpace::Global), Some(StateSpace::Shared(_))) => store(m, s, memories, key),
        _ => Err(Fault::malformed(key, "no direction")),
    }
}

/// `tensormap.replace.tile.field{.ss}.b1024.type [map], {ord,} new_val`:
/// writes `new_val` into the field of the 128-byte tensor map at `map` (in
/// `.global` or `.shared::cta`, or generic), as [`crate::driver::tensor_map::replace`] says.
pub(crate) fn replace(
    m: &Mods,
    s: &[u64],
    memories: &mut Memories<'_>,
    key: &'static str,
) -> SemResult {
    use crate::driver::tensor_map::{self, Field};
    let flag = |f| m.has(f);
    let ord = s.get(1).copied().unwrap_or(0) as u32;
    let field = if flag(Flags::TM_GLOBAL_ADDRESS) {
        Field::GlobalAddress
    } else if flag(Flags::TM_RANK) {
        Field::Rank
    } else if flag(Flags::TM_BOX_DIM) {
        Field::BoxDim(ord)
    } else if flag(Flags::TM_GLOBAL_DIM) {
        Field::GlobalDim(ord)
    } else if flag(Flags::TM_GLOBAL_STRIDE) {
        Field::GlobalStride(ord)
    } else if flag(Flags::TM_ELEMENT_STRIDE) {
        Field::ElementStride(ord)
    } else if flag(Flags::TM_ELEMTYPE) {
        Field::Elemtype
    } else if flag(Flags::TM_INTERLEAVE_LAYOUT) {
        Field::InterleaveLayout
    } else if flag(Flags::TM_SWIZZLE_MODE) {
        Field::SwizzleMode
    } else if flag(Flags::TM_FILL_MODE) {
        Field::FillMode
    } else {
        // `.swizzle_atomicity` (sm_100): not recorded on an H100.
        return Err(Fault::not_simulated(format!("{key} of this field")));
    };
    let value = s.last().copied().unwrap_or(0);
    let space = Mods {
        space: m.space,
        ..Mods::default()
    };
    Reach::new(&space, s[0], MAP_BYTES, 64, key)?.write(memories, |bytes| {
        let mut map = [0u8; MAP_BYTES as usize];
        map.copy_from_slice(bytes);
        tensor_map::replace(&mut map, field, value).map_err(|e| {
            Fault::Program(ProgramFault::BadOperand {
                instruction: key,
                detail: format!("`.{}`: {}", e.field, e.detail),
            })
        })?;
        bytes.copy_from_slice(&map);
        Ok(())
    })?
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::driver::tensor_map::L2Promotion;

    #[test]
    fn an_interleaved_box_walks_slices_and_skips_dimension_rank_minus_2() {
        // `tma/interleave/f16_4d_box8x3x2x4_r5` (H200): f16, 16-byte
        // slices, strides of 3, 29 and 131 slices. The runs of 8 slices
        // the GPU wrote started at slices 0, 3, 6 (dimension 1), then
        // 131 and 262 on (dimension 3), never 29 (dimension 2); the
        // fourth step of dimension 3 is past its size of 3, zero-filled.
        let map = TensorMap::encode_tiled(
            TensorDtype::F16,
            4,
            0x10000,
            &[8, 6, 4, 3],
            &[3 * 16, 29 * 16, 131 * 16],
            &[8, 3, 2, 4],
            &[1, 1, 1, 1],
            Interleave::B16,
            Swizzle::None,
            L2Promotion::None,
            false,
        )
        .unwrap();
        let tile = TileBox::of(&map, 4, "test").unwrap();
        assert_eq!(tile.bytes(), 8 * 16 * 3 * 4);
        let mut runs = Vec::new();
        tile.each(&map, &[0, 0, 0, 0], false, |place, global| {
            if place % 128 == 0 {
                runs.push(global.map(|a| (a - 0x10000) / 16));
            }
            Ok(())
        })
        .unwrap();
        let expected: Vec<Option<u64>> = [0, 3, 6, 131, 134, 137, 262, 265, 268]
            .into_iter()
            .map(Some)
            .chain([None; 3])
            .collect();
        assert_eq!(runs, expected);
    }
}
