//! `wmma.load`, `wmma.store` and `wmma.mma`: whole-warp matrix fragments,
//! with the fragment layouts of an H100 (sm_90).
//!
//! The PTX ISA leaves wmma fragments opaque ("the mapping of matrix
//! elements into fragments is unspecified"), so the layouts here were
//! **measured on an H100**: every load and store form of the table, over
//! memory whose elements identify themselves, in
//! `tests/data/golden/h100_sm90_wmma_seed13.jsonl.gz`
//! (`tools/generators/gpu-golden/wmma.py`). All 2,052 load and store records, of every
//! shape, type, layout, state space and stride, follow [`Fragment`].
//!
//! # The layouts
//!
//! On sm_90 ptxas builds wmma out of the `mma.sync` instructions
//! (HMMA.16816, HMMA.1684, IMMA.16816, IMMA.8816, DMMA.884, BMMA.88128), so
//! a fragment is a list of the ISA's `mma` fragment pieces. Its unit is a
//! *core*: 8 lines of the matrix, lane `l` holding `chunk` consecutive
//! elements of line `l / 4`, starting at element `chunk * (l % 4)`. Its
//! lines (the *outer* dimension) are the rows of A (`m`), the columns of B
//! (`n`) and the rows of C and D (`m`); along the line (the *inner*
//! dimension) run `k`, `k` and `n`. A multiplicand register is one core
//! (`chunk` = its register's bits over the element's bits); an accumulator
//! core holds two elements per lane, in one register (`.f16`) or two.
//!
//! Cores go in tiles of `height` cores along the outer dimension: 2 for the
//! operand in the role of the mma's A and for accumulators (a 16-line tile),
//! 1 for the operand in the role of its B. Core `c` is at inner block
//! `(c / height) % inner_blocks` and outer block
//! `c % height + height * (c / (height * inner_blocks))`. For `m8n32k16`
//! ptxas computes `Dᵀ = Bᵀ·Aᵀ`: B takes the A role, A the B role, and the
//! accumulators are transposed (their lines are the columns `n`).
//!
//! `.f16` A and B fragments have eight registers in every shape (the
//! sm_70 ABI), more than their cores: register `r` holds core
//! `r % cores` again, and a product reads only the first copy. The memory
//! layout (`.row`, `.col`) and the stride change where elements are read,
//! never which lane holds them.
//!
//! ```
//! use ptx_core::{Shape, ScalarType};
//! use ptx_sim::sem::matrix::wmma::{Fragment, FragmentRole};
//! let a = Fragment::new(FragmentRole::A, Shape { m: 16, n: 16, k: 16 }, ScalarType::F16).unwrap();
//! // Lane 5 holds A[1][2..4] in register 0 and A[9][2..4] in register 1,
//! // as mma.m16n8k16's A fragment; registers 4-7 repeat 0-3.
//! assert_eq!(a.position(5, 0, 1), (1, 3));
//! assert_eq!(a.position(5, 1, 0), (9, 2));
//! assert_eq!(a.position(5, 4, 0), a.position(5, 0, 0));
//! ```
//!
//! # Memory
//!
//! A load or store addresses the matrix at `p` with `stride` elements
//! between the starts of consecutive rows (`.row`) or columns (`.col`); the
//! default stride is the row's or column's length. Every row or column
//! start must be aligned to the fragment's size in bytes, at most 16
//! ([`Fragment::alignment`]), and every lane must give the same `p` and
//! stride (an omitted stride is told from a stride of 0, which repeats one
//! row or column). Shared, global and
//! generic addresses work as for `ld`/`st` ([`crate::sem::memory`]). In shared
//! memory, a load or store makes the requests of the banks that the
//! instructions ptxas builds it of make (an `ldmatrix` per sixteen lines,
//! or a load or store per core, register or element), counted under the
//! instruction's key.
//!
//! # Products
//!
//! `wmma.mma` computes each element as the `mma.sync` it compiles to
//! ([`crate::sem::matrix`], `docs/tensor-core-numerics.md`): `.f16` and `.bf16`
//! as one fused sum of 16 products and c; `.tf32` (k = 8) as two chained
//! fused sums of 4 products, the first rounded to f32 and taking c, the
//! second taking the first; `.f64` as a chain of fused multiply-adds in the
//! instruction's rounding; integers exactly.

use super::mma::{elem_bits, f64_chain, mma_float, mma_int};
use crate::exec::{SemResult, lanes_of};
use crate::fault::{Fault, MemoryFault};
use crate::lane::WarpCall;
use crate::memory::banks::{RequestKind, warp_request, wavefronts};
use crate::sem::memory::address::{Reach, shared_offset, store_bytes};
use ptx_core::{Flags, Layout, Rounding, ScalarType, Shape};

/// Which part of `D = A·B + C` a fragment holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FragmentRole {
    /// A, `m`×`k`.
    A,
    /// B, `k`×`n`.
    B,
    /// C or D, `m`×`n`.
    Accumulator,
}

/// Where each element of a wmma fragment sits: which lane, register and
/// position in the register holds matrix element (row, column). See the
/// module documentation for the rule, measured on an H100.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fragment {
    /// Rows of the matrix.
    pub rows: usize,
    /// Columns of the matrix.
    pub cols: usize,
    /// Bits of one element.
    pub elem_bits: usize,
    /// Bits of one register (64 for `.f64`, else 32).
    pub reg_bits: usize,
    /// Registers per lane, as the instruction has them.
    pub regs: usize,
    /// Whether a core's lines are the matrix's rows (else its columns).
    lines_are_rows: bool,
    /// Elements a lane holds of one core line.
    chunk: usize,
    /// Registers one core takes.
    regs_per_core: usize,
    /// Cores per tile along the outer dimension.
    height: usize,
    /// Core blocks along the inner dimension.
    inner_blocks: usize,
    /// Cores in the fragment.
    cores: usize,
}

impl Fragment {
    /// The fragment in `role` for a `shape` of element type `ty`, or
    /// why there is none (a [`crate::fault::ProgramFault::Malformed`]: the checker admits no
    /// such form).
    pub fn new(role: FragmentRole, shape: Shape, ty: ScalarType) -> Result<Fragment, Fault> {
        let (m, n, k) = (
            usize::from(shape.m),
            usize::from(shape.n),
            usize::from(shape.k),
        );
        let elem_bits = elem_bits(ty) as usize;
        let reg_bits = if ty == ScalarType::F64 { 64 } else { 32 };
        // m8n32k16 runs as Dᵀ = Bᵀ·Aᵀ.
        let swapped = m < n;
        let (rows, cols, lines_are_rows, height) = match role {
            FragmentRole::A => (m, k, true, if swapped { 1 } else { 2 }),
            FragmentRole::B => (k, n, false, if swapped { 2 } else { 1 }),
            FragmentRole::Accumulator => (m, n, !swapped, 2),
        };
        let (chunk, regs_per_core) = match role {
            FragmentRole::Accumulator => (2, (2 * elem_bits).div_ceil(reg_bits)),
            _ => (reg_bits / elem_bits, 1),
        };
        let (outer, inner) = if lines_are_rows {
            (rows, cols)
        } else {
            (cols, rows)
        };
        if outer % 8 != 0 || inner % (4 * chunk) != 0 {
            return Err(Fault::malformed(
                "wmma",
                format!(
                    "no fragment of {role:?} for m{m}n{n}k{k} with .{} elements",
                    ty.name()
                ),
            ));
        }
        let inner_blocks = inner / (4 * chunk);
        let cores = outer / 8 * inner_blocks;
        let multiplicand = role != FragmentRole::Accumulator;
        // The sm_70 ABI: .f16 multiplicands have eight registers.
        let regs = if multiplicand && ty == ScalarType::F16 {
            8
        } else {
            cores * regs_per_core
        };
        Ok(Fragment {
            rows,
            cols,
            elem_bits,
            reg_bits,
            regs,
            lines_are_rows,
            chunk,
            regs_per_core,
            height,
            inner_blocks,
            cores,
        })
    }

    /// Elements per register.
    pub fn per_register(&self) -> usize {
        self.chunk / self.regs_per_core
    }

    /// The registers that hold distinct elements: the first ones (the rest
    /// repeat them).
    pub fn distinct_registers(&self) -> usize {
        self.cores * self.regs_per_core
    }

    /// What every row and column start in memory must be aligned to: the
    /// fragment's size in bytes (the ISA's rule), but at most 16. The ISA's
    /// own default strides break its rule for the 32-byte `.f16` A and B
    /// fragments (B of m32n8k16 `.row`: rows of 8 elements, 16 bytes), and
    /// the H100 loads those (the golden records): 16 is what it needs.
    pub fn alignment(&self) -> u64 {
        ((self.regs * self.reg_bits / 8) as u64).min(16)
    }

    /// Which eight lines of the outer dimension core `c` holds.
    fn outer_block(&self, c: usize) -> usize {
        let h = self.height;
        c % h + h * (c / (h * self.inner_blocks))
    }

    /// (row, column) of element `e` (from the least significant bits) of
    /// register `r` of lane `lane`.
    pub fn position(&self, lane: usize, r: usize, e: usize) -> (usize, usize) {
        let c = (r / self.regs_per_core) % self.cores;
        let inner_block = (c / self.height) % self.inner_blocks;
        let outer = 8 * self.outer_block(c) + lane / 4;
        let inner = (4 * inner_block + lane % 4) * self.chunk
            + (r % self.regs_per_core) * self.per_register()
            + e;
        if self.lines_are_rows {
            (outer, inner)
        } else {
            (inner, outer)
        }
    }
}

/// `wmma.load.a.sync.aligned.layout.shape{.ss}.type r, [p]{, stride}`.
pub fn load_a_warp(call: &mut WarpCall<'_>) -> SemResult {
    load_warp(call, FragmentRole::A)
}

/// `wmma.load.b.sync.aligned.layout.shape{.ss}.type r, [p]{, stride}`.
pub fn load_b_warp(call: &mut WarpCall<'_>) -> SemResult {
    load_warp(call, FragmentRole::B)
}

/// `wmma.load.c.sync.aligned.layout.shape{.ss}.type r, [p]{, stride}`.
pub fn load_c_warp(call: &mut WarpCall<'_>) -> SemResult {
    load_warp(call, FragmentRole::Accumulator)
}

/// A load's or store's fragment and where its matrix lies.
struct Placement {
    fragment: Fragment,
    row_major: bool,
    base: u64,
    stride: u64,
}

impl Placement {
    /// The fragment of `role` and the warp's address and stride: the
    /// address before the registers for a store, after them for a load,
    /// the stride (if written) last. Every lane must give the same; row and
    /// column starts must be aligned to the fragment's size.
    fn of(call: &WarpCall<'_>, role: FragmentRole, store: bool) -> Result<Placement, Fault> {
        let key = call.key;
        let shape = call
            .mods
            .shape
            .ok_or_else(|| Fault::malformed(key, "without a shape"))?;
        let ty = call
            .mods
            .ty(0)
            .ok_or_else(|| Fault::malformed(key, "without a type"))?;
        let fragment = Fragment::new(role, shape, ty)?;
        let regs = fragment.regs;
        let addr_slot = if store { 0 } else { regs };
        if call.len != regs + 2 {
            return Err(Fault::malformed(
                key,
                format!(
                    "{} operand slots, expected {regs} registers, an address and a stride",
                    call.len
                ),
            ));
        }
        let row_major = call.mods.layout[0] != Some(Layout::Col);
        let default_stride = if row_major {
            fragment.cols
        } else {
            fragment.rows
        } as u64;
        // An omitted stride reads 0 like any omitted operand: the flag tells.
        let stride_slot = (!call.mods.has(Flags::OMITTED)).then_some(regs + 1);
        let lanes: Vec<usize> = lanes_of(call.members).collect();
        let first = lanes[0];
        let read = |l: usize| {
            let s = &call.lanes[l];
            (
                s[addr_slot],
                stride_slot.map_or(default_stride, |k| s[k] & 0xFFFF_FFFF),
            )
        };
        let (base, stride) = read(first);
        if let Some(&l) = lanes.iter().find(|&&l| read(l) != (base, stride)) {
            let (address, stride_of_lane) = read(l);
            return Err(Fault::Memory(MemoryFault::NonUniformTile {
                instruction: key,
                lane: l as u32,
                address,
                stride: stride_of_lane,
                first_lane: first as u32,
                first_address: base,
                first_stride: stride,
            }));
        }
        let align = fragment.alignment();
        let line_bits = stride * fragment.elem_bits as u64;
        if base % align != 0 || !line_bits.is_multiple_of(8 * align) {
            return Err(Fault::Memory(MemoryFault::MisalignedTile {
                instruction: key,
                lane: first as u32,
                address: base,
                stride,
                element_bits: fragment.elem_bits as u32,
                row_major,
                align,
            }));
        }
        Ok(Placement {
            fragment,
            row_major,
            base,
            stride,
        })
    }

    /// The byte address and bit offset of element (row, col).
    fn address(&self, (row, col): (usize, usize)) -> (u64, u32) {
        let (line, at) = if self.row_major {
            (row, col)
        } else {
            (col, row)
        };
        let bit = (line as u64 * self.stride + at as u64) * self.fragment.elem_bits as u64;
        (self.base + bit / 8, (bit % 8) as u32)
    }
}

/// The mask of an element of `bits` bits.
fn mask(bits: usize) -> u64 {
    if bits >= 64 {
        u64::MAX
    } else {
        (1 << bits) - 1
    }
}

/// The shared-memory instructions ptxas builds a wmma load or store of on
/// sm_90 (`tests/data/wmma_sass_h100.tsv`, every form): how a fragment's
/// elements are grouped into requests of the banks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Lowering {
    /// One `ldmatrix` (`LDSM.16.M88` or, along the other dimension,
    /// `.MT88`) for every sixteen lines of the outer dimension (two cores
    /// along it, with every core beside them): one request, each core
    /// eight lines of 16 bytes.
    Ldsm,
    /// One load or store per core (`LDS`, `LDS.64`, `LDS.128` as a lane's
    /// elements of the core take 4, 8 or 16 bytes, all contiguous; a `.f16`
    /// accumulator core read across its lines is moved into place with
    /// `MOVM`, reading the same bytes).
    PerCore,
    /// One load or store per register (a lane's elements of a core not
    /// contiguous: accumulators across their lines).
    PerRegister,
    /// One byte load per element (8-bit multiplicands across their lines).
    PerElement,
}

impl Lowering {
    /// How a load or store of `f` with its lines along the memory's rows
    /// (`along`: row-major lines are rows) is built.
    fn of(role: FragmentRole, f: &Fragment, along: bool) -> Lowering {
        match (role, f.elem_bits) {
            (FragmentRole::A | FragmentRole::B, 16 | 4 | 1) => Lowering::Ldsm,
            (FragmentRole::A | FragmentRole::B, 8) if along => Lowering::Ldsm,
            (FragmentRole::A | FragmentRole::B, 8) => Lowering::PerElement,
            (FragmentRole::Accumulator, 16) => Lowering::PerCore,
            _ if along || f.per_register() * f.regs_per_core == 1 => Lowering::PerCore,
            _ => Lowering::PerRegister,
        }
    }
}

/// Counts the requests a load or store at `place` makes of shared memory
/// (none elsewhere), grouped as ptxas builds it ([`Lowering`]). An
/// `ldmatrix` serves each core on its own, eight lines of 16 bytes as
/// [`crate::memory::banks::wavefronts`] counts them, and takes at most sixteen
/// lines (two cores along the outer dimension) an instruction; the other
/// instructions follow the bank model of [`warp_request`].
fn record_requests(
    call: &mut WarpCall<'_>,
    place: &Placement,
    role: FragmentRole,
    kind: RequestKind,
) {
    let f = place.fragment;
    let size = f.elem_bits.div_ceil(8) as u64;
    let mods = call.mods;
    let members = call.members;
    let own = call.memory.peers.rank();
    // `(lane, shared offset, bytes)` of every lane's elements `group`, as
    // `(register, element)` pairs.
    let accesses = |group: &[(usize, usize)]| -> Vec<(u32, u64, u64)> {
        lanes_of(members)
            .flat_map(|l| group.iter().map(move |&(r, e)| (l, r, e)))
            .filter_map(|(l, r, e)| {
                let (addr, _) = place.address(f.position(l, r, e));
                shared_offset(&mods, addr, own).map(|at| (l as u32, at, size))
            })
            .collect()
    };
    // The elements of register `r`, and of core `c`.
    let register = |r: usize| (0..f.per_register()).map(move |e| (r, e));
    let core = |c: usize| -> Vec<(usize, usize)> {
        (c * f.regs_per_core..(c + 1) * f.regs_per_core)
            .flat_map(register)
            .collect()
    };
    let along = place.row_major == f.lines_are_rows;
    let lowering = Lowering::of(role, &f, along);
    if lowering == Lowering::Ldsm {
        let mut instructions: Vec<(u64, u64)> = Vec::new();
        for c in 0..f.cores {
            let lines: Vec<(u64, u64)> = accesses(&core(c))
                .iter()
                .map(|&(_, at, n)| (at, n))
                .collect();
            if lines.is_empty() {
                continue;
            }
            let i = f.outer_block(c) / 2;
            if instructions.len() <= i {
                instructions.resize(i + 1, (0, 0));
            }
            let (waves, ideal) = wavefronts(&lines);
            instructions[i].0 += waves;
            instructions[i].1 += ideal;
        }
        for (waves, ideal) in instructions.into_iter().filter(|w| w.0 > 0) {
            call.stats.record(call.key, waves, ideal);
        }
        return;
    }
    let groups: Vec<Vec<(u32, u64, u64)>> = match lowering {
        Lowering::PerRegister => (0..f.distinct_registers())
            .map(|r| accesses(&register(r).collect::<Vec<_>>()))
            .collect(),
        Lowering::PerElement => (0..f.distinct_registers())
            .flat_map(register)
            .map(|element| accesses(&[element]))
            .collect(),
        _ => (0..f.cores).map(|c| accesses(&core(c))).collect(),
    };
    for request in groups.iter().filter(|r| !r.is_empty()) {
        let (waves, conflicts) = warp_request(request, kind);
        call.stats.record(call.key, waves, waves - conflicts);
    }
}

fn load_warp(call: &mut WarpCall<'_>, role: FragmentRole) -> SemResult {
    let place = Placement::of(call, role, false)?;
    record_requests(call, &place, role, RequestKind::Load);
    let f = place.fragment;
    let bits = f.elem_bits;
    let size = bits.div_ceil(8) as u64;
    let mods = call.mods;
    for l in lanes_of(call.members) {
        for r in 0..f.regs {
            let mut v = 0u64;
            for e in 0..f.per_register() {
                let (addr, shift) = place.address(f.position(l, r, e));
                let raw = Reach::new(&mods, addr, size, 1, call.key)
                    .and_then(|span| {
                        span.read(&mut call.memory.lane(l), |b| {
                            b.iter().rev().fold(0u64, |acc, &x| acc << 8 | u64::from(x))
                        })
                    })
                    .map_err(|fault| fault.on_lane(l as u32))?;
                v |= (raw >> shift & mask(bits)) << (e * bits);
            }
            call.lanes[l][r] = v;
        }
    }
    Ok(())
}

/// `wmma.store.d.sync.aligned.layout.shape{.ss}.type [p], r{, stride}`.
pub fn store_warp(call: &mut WarpCall<'_>) -> SemResult {
    let place = Placement::of(call, FragmentRole::Accumulator, true)?;
    record_requests(call, &place, FragmentRole::Accumulator, RequestKind::Store);
    let f = place.fragment;
    let bits = f.elem_bits;
    let size = bits.div_ceil(8) as u64;
    let mods = call.mods;
    for l in lanes_of(call.members) {
        for r in 0..f.regs {
            let v = call.lanes[l][1 + r];
            for e in 0..f.per_register() {
                let (addr, _) = place.address(f.position(l, r, e));
                let x = v >> (e * bits) & mask(bits);
                store_bytes(
                    &mut call.memory.lane(l),
                    &mods,
                    addr,
                    size,
                    1,
                    call.key,
                    |b| {
                        for (i, byte) in b.iter_mut().enumerate() {
                            *byte = (x >> (8 * i)) as u8;
                        }
                    },
                )
                .map_err(|fault| fault.on_lane(l as u32))?;
            }
        }
    }
    Ok(())
}

/// The matrix a fragment holds, gathered from every lane's registers
/// starting at slot `first` (the first copy of repeated registers).
fn gather(call: &WarpCall<'_>, f: &Fragment, first: usize) -> Vec<Vec<u64>> {
    let mut out = vec![vec![0u64; f.cols]; f.rows];
    for l in 0..32 {
        for r in 0..f.distinct_registers() {
            let v = call.lanes[l][first + r];
            for e in 0..f.per_register() {
                let (row, col) = f.position(l, r, e);
                out[row][col] = v >> (e * f.elem_bits) & mask(f.elem_bits);
            }
        }
    }
    out
}

/// `wmma.mma.sync.aligned.alayout.blayout.shape.types d, a, b, c` (and the
/// `.b1` forms with `.xor.popc`/`.and.popc`).
pub fn mma_warp(call: &mut WarpCall<'_>) -> SemResult {
    let m = call.mods;
    let shape = m
        .shape
        .ok_or_else(|| Fault::malformed("wmma.mma", "without a shape"))?;
    // `.f16` forms write only `.dtype.ctype`; the others all four types.
    let (dt, at, bt, ct) = match m.types {
        [Some(d), Some(c), None, None] => (d, ScalarType::F16, ScalarType::F16, c),
        [Some(d), Some(a), Some(b), Some(c)] => (d, a, b, c),
        _ => return Err(Fault::malformed("wmma.mma", "expected two or four types")),
    };
    let frag = |op, ty| Fragment::new(op, shape, ty);
    let (fd, fa, fb, fc) = (
        frag(FragmentRole::Accumulator, dt)?,
        frag(FragmentRole::A, at)?,
        frag(FragmentRole::B, bt)?,
        frag(FragmentRole::Accumulator, ct)?,
    );
    let (a0, b0, c0) = (fd.regs, fd.regs + fa.regs, fd.regs + fa.regs + fb.regs);
    if call.len != c0 + fc.regs {
        return Err(Fault::malformed(
            "wmma.mma",
            format!("{} operands, expected {}", call.len, c0 + fc.regs),
        ));
    }
    let (a, b, c) = (
        gather(call, &fa, a0),
        gather(call, &fb, b0),
        gather(call, &fc, c0),
    );
    let int = matches!(
        at,
        ScalarType::S8 | ScalarType::U8 | ScalarType::S4 | ScalarType::U4 | ScalarType::B1
    );
    let rnd = match m.rnd {
        Rounding::Default => Rounding::Rn,
        r => r,
    };
    let mut d = vec![vec![0u64; fd.cols]; fd.rows];
    for (i, row) in d.iter_mut().enumerate() {
        for (j, out) in row.iter_mut().enumerate() {
            *out = if int {
                mma_int(&m, at, bt, &a[i], &b, j, c[i][j])
            } else if at == ScalarType::F64 {
                f64_chain(rnd, &a[i], &b, j, c[i][j])
            } else if at == ScalarType::Tf32 {
                // Two HMMA.1684 in a row: k = 0..3 onto c, then k = 4..7 onto that.
                let half = a[i].len() / 2;
                let first = mma_float(
                    ScalarType::F32,
                    at,
                    bt,
                    ct,
                    &a[i][..half],
                    &b[..half],
                    j,
                    c[i][j],
                )?;
                mma_float(
                    dt,
                    at,
                    bt,
                    ScalarType::F32,
                    &a[i][half..],
                    &b[half..],
                    j,
                    first,
                )?
            } else {
                mma_float(dt, at, bt, ct, &a[i], &b, j, c[i][j])?
            };
        }
    }
    for l in 0..32 {
        for r in 0..fd.regs {
            let mut v = 0u64;
            for e in 0..fd.per_register() {
                let (row, col) = fd.position(l, r, e);
                v |= d[row][col] << (e * fd.elem_bits);
            }
            call.lanes[l][r] = v;
        }
    }
    Ok(())
}
