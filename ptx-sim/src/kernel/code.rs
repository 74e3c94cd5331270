//! A function's code as the module interpreter runs it: each step decoded
//! once at load, its operands resolved to registers of the function's
//! frame, constants, special registers or addresses, and each operation
//! sorted by how a warp runs it ([`crate::sem::Class`]).

use crate::exec::{sign_extend, truncate};
use crate::lane::WarpFn;
use crate::sem::{self, Class};
use ptx_core::{
    Mods, OperandAccess, ScalarType, Semantics, SpecialKind, SpecialRegister, TypeKind,
};

/// One operand slot of a decoded step: the parsed operand, resolved by the
/// loader to where its value lives.
#[derive(Clone, Copy, Debug)]
pub(crate) struct StepOperand {
    /// Where the value comes from (or goes).
    pub src: Src,
    /// Read, written or both.
    pub access: OperandAccess,
    /// How a read value is cut to the operand's type: the mask of its bits
    /// (all ones for addresses), or 0 for a predicate (any set bit is 1).
    pub read_mask: u64,
    /// How a written value becomes the register's: see [`StepOperand::widen`].
    pub write: Write,
}

/// How a result of the operand's type is stored in its register (PTX ISA:
/// sign-extended for signed types, zero-extended otherwise, to the
/// register's width).
#[derive(Clone, Copy, Debug)]
pub(crate) enum Write {
    /// Keep the low `bits` (of the narrower of type and register).
    Zero { bits: u32, reg_bits: u32 },
    /// Sign-extend from `bits`, then keep the register's `reg_bits`.
    Sign { bits: u32, reg_bits: u32 },
    /// A predicate: bit 0.
    Predicate,
    /// The high half of a 128-bit register: the value as it is.
    Raw,
}

impl StepOperand {
    /// The value `v` read from the operand's source, cut to its type.
    #[inline(always)]
    pub fn cut(&self, v: u64) -> u64 {
        if self.read_mask == 0 {
            u64::from(v != 0)
        } else {
            v & self.read_mask
        }
    }

    /// The register value a written result `v` becomes.
    #[inline(always)]
    pub fn widen(&self, v: u64) -> u64 {
        match self.write {
            Write::Zero { bits, reg_bits } => truncate(truncate(v, bits), reg_bits),
            Write::Sign { bits, reg_bits } => truncate(sign_extend(v, bits) as u64, reg_bits),
            Write::Predicate => v & 1,
            Write::Raw => v,
        }
    }
}

/// Where an operand's value is.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Src {
    /// A register of the frame (an index into its 64-bit registers).
    Reg(u32),
    /// `!p`: the complement of a predicate register.
    NotPred(u32),
    /// A constant.
    Imm(u64),
    /// A special register.
    Special(Special),
    /// A register's value plus an offset (an address).
    RegPlus(u32, i64),
    /// An offset into the thread's frame of local memory (a `.local` or
    /// device-function `.param` variable's `.local` address).
    Frame(i64),
    /// An offset into a static `.shared` variable (its place in the
    /// entry's layout, looked up at run time).
    Shared(u32, i64),
    /// `_`, or an optional operand left out: reads 0, writes nothing.
    Sink,
}

/// A special register and its component (a numbered register's number),
/// resolved at load; read through [`crate::engine::special::special`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Special {
    pub kind: SpecialKind,
    pub component: u8,
}

/// The bytes of shared memory each CTA has reserved for the system (what
/// cooperative groups keep there), before its own: offsets 0 to 1023, as
/// the H100 answers `%reserved_smem_offset_cap` and places the first
/// static array (`tests/data/kernels/ours`, `ours/smem/*`).
pub(crate) const RESERVED_SHARED: u64 = crate::engine::residency::SHARED_RESERVED_PER_CTA as u64;

/// What a step does.
#[derive(Clone, Debug)]
pub(crate) enum Op {
    /// An operation of [`Class::Lane`] or [`Class::Carry`] (whose
    /// semantic function `sem::run_lanes` hands the lane's carry flag).
    Lane {
        sem: Semantics,
        mods: Mods,
        slots: Box<[StepOperand]>,
    },
    /// A warp collective: its warp side, over the member mask in the last
    /// slot or the whole warp (`aligned`).
    Warp {
        sem: Semantics,
        mods: Mods,
        slots: Box<[StepOperand]>,
        run: WarpFn,
        aligned: bool,
    },
    /// An operation the machine runs ([`Class::Machine`]).
    Machine {
        sem: Semantics,
        mods: Mods,
        slots: Box<[StepOperand]>,
    },
    /// `bra`.
    Branch(u32),
    /// `brx.idx`.
    BranchIndexed {
        index: StepOperand,
        targets: Box<[u32]>,
    },
    /// `call` of a function of the module, or of one whose address a
    /// register holds.
    Call {
        callee: Callee,
        args: Box<[StepOperand]>,
        returns: Box<[StepOperand]>,
    },
    /// `call` of a function the CUDA driver provides.
    Builtin {
        builtin: Builtin,
        args: Box<[StepOperand]>,
        returns: Box<[StepOperand]>,
    },
    /// `ret`.
    Return,
    /// `exit`.
    Exit,
    /// A `mul`'s product fused with the `add`/`sub` that reads it, as
    /// ptxas fuses them (see [`super::fma_fusion`]): `fma(a, b, c)` rounded
    /// once, over the slots `[d, a, b, c]`, `a` and `c` first xored with
    /// the masks of `negate` (the product's sign, the addend's), in the
    /// add's type with its `.ftz`/`.sat`.
    Fused {
        mods: Mods,
        slots: Box<[StepOperand]>,
        negate: [u64; 2],
    },
    /// Copies registers (`(from, to)`), then runs `op`: a fused `mul` whose
    /// operands are written again before its `add` keeps them for the fma.
    Keep {
        copies: Box<[(u32, u32)]>,
        op: Box<Op>,
    },
    /// An operation the simulator does not model: running it faults.
    NotSimulated(Semantics),
}

/// The function a `call` runs.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Callee {
    /// Function `index` of the module.
    Direct(u32),
    /// The function whose address the operand holds.
    Indirect(StepOperand),
}

/// The functions the CUDA driver gives every program.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Builtin {
    /// `vprintf(format, args)`: CUDA's `printf`.
    Vprintf,
    /// `__assertfail(message, file, line, function, char_size)`: a failed
    /// `assert`.
    AssertFail,
    /// `malloc(size)`: `size` bytes of the device heap, or NULL.
    Malloc,
    /// `__cuda_syscall_aligned_malloc(size, align)`, what
    /// `__nv_aligned_device_malloc` compiles to: `malloc` at a multiple
    /// of `align`.
    AlignedMalloc,
    /// `free(ptr)`: gives back what `malloc` gave.
    Free,
}

impl Builtin {
    /// The built-in function named `name`, if it is one.
    pub fn named(name: &str) -> Option<Builtin> {
        Some(match name {
            "vprintf" => Builtin::Vprintf,
            "__assertfail" => Builtin::AssertFail,
            "malloc" => Builtin::Malloc,
            "__cuda_syscall_aligned_malloc" => Builtin::AlignedMalloc,
            "free" => Builtin::Free,
            _ => return None,
        })
    }

    /// Whether it reaches the device heap.
    pub fn uses_heap(self) -> bool {
        matches!(
            self,
            Builtin::Malloc | Builtin::AlignedMalloc | Builtin::Free
        )
    }
}

/// A step: an optional guard predicate and what to do.
#[derive(Clone, Debug)]
pub(crate) struct Step {
    /// `@p` (register, false) or `@!p` (register, true).
    pub guard: Option<(u32, bool)>,
    /// What it does.
    pub op: Op,
}

/// How a parameter receives its value on a call (or a return parameter
/// gives it back).
#[derive(Clone, Copy, Debug)]
pub(crate) enum Binding {
    /// A `.reg` parameter: a register of the callee's frame.
    Register(StepOperand),
    /// A `.param` parameter: bytes at an offset of the callee's frame.
    Frame { offset: u64, size: u64 },
}

/// One function's code.
#[derive(Clone, Debug)]
pub(crate) struct FunctionCode {
    /// Its name.
    pub name: String,
    /// Whether it is an `.entry`.
    pub entry: bool,
    /// Its steps.
    pub steps: Vec<Step>,
    /// Each step's text and where it is, for faults.
    pub texts: Vec<String>,
    /// How many 64-bit registers a frame of it holds.
    pub registers: u32,
    /// Each of them's name in the module (a 128-bit register's two halves
    /// both bear it; a register the loader adds, its own).
    pub register_names: Vec<String>,
    /// Its parameters, in order.
    pub params: Vec<Binding>,
    /// Its return parameters, in order.
    pub returns: Vec<Binding>,
    /// The bytes of local memory a frame of it takes (its `.local`
    /// variables and `.param` variables, 16-byte aligned).
    pub frame_bytes: u64,
    /// The static `.shared` variables it names (indices of the module's).
    pub shared_used: Vec<u32>,
    /// The functions it calls directly.
    pub calls: Vec<u32>,
    /// The functions whose addresses it takes (an indirect call may reach them).
    pub address_taken: Vec<String>,
    /// Whether it makes an indirect call.
    pub calls_indirect: bool,
}

/// The site number of step `pc` of function `function`, which names the
/// step to the sanitizer: the function in the bits from 20 up, the step in
/// the 20 below.
pub(crate) fn site(function: u32, pc: u32) -> u32 {
    (function << 20) | (pc & 0xF_FFFF)
}

/// The function and step a site number names (see [`site`]).
pub(crate) fn site_step(site: u32) -> (u32, u32) {
    (site >> 20, site & 0xF_FFFF)
}

/// How the read and write of a register operand of type `ty` go, for a
/// register of `reg_bits`.
pub(crate) fn operand(
    src: Src,
    access: OperandAccess,
    ty: Option<ScalarType>,
    reg_bits: u32,
) -> StepOperand {
    let (read_mask, write) = match ty {
        Some(ScalarType::Pred) => (0, Write::Predicate),
        Some(t) => {
            let bits = t.bits().min(64);
            let mask = truncate(u64::MAX, bits);
            let reg_bits = reg_bits.min(64);
            let write = if t.kind() == TypeKind::Signed {
                Write::Sign { bits, reg_bits }
            } else {
                Write::Zero { bits, reg_bits }
            };
            (mask, write)
        }
        None => (
            u64::MAX,
            Write::Zero {
                bits: 64,
                reg_bits: reg_bits.min(64),
            },
        ),
    };
    StepOperand {
        src,
        access,
        read_mask,
        write,
    }
}

/// The operation of `sem` with modifiers `mods` over `slots`, by its class.
pub(crate) fn exec_op(sem: Semantics, mods: Mods, slots: Box<[StepOperand]>) -> Op {
    match sem::class(sem) {
        Class::Lane | Class::Carry => Op::Lane { sem, mods, slots },
        Class::Warp { run, aligned } => Op::Warp {
            sem,
            mods,
            slots,
            run,
            aligned,
        },
        Class::Machine => Op::Machine { sem, mods, slots },
        Class::Control | Class::NotSimulated => Op::NotSimulated(sem),
    }
}

/// The special register of `register`'s `component`.
pub(crate) fn special(register: SpecialRegister, component: u8) -> Src {
    Src::Special(Special {
        kind: register.kind,
        component,
    })
}

/// How ptxas 13.0 lays out one function, and where the paths of each
/// branch meet again: what decides the order in which the H100 runs a
/// diverged warp's paths (`tests/data/kernels/src/divergence.cu`'s SASS and
/// tickets).
#[derive(Clone, Debug, Default)]
pub(crate) struct Layout {
    /// Each step's place in the layout ([`layout_rank`]).
    pub rank: Vec<u32>,
    /// For each branch step, the first step of its block's immediate
    /// post-dominator, where the lanes it splits meet again (as ptxas's
    /// `BSSY`/`BSYNC` pair has them meet); [`NO_JOIN`] for other steps
    /// and for branches whose paths meet only at the function's end.
    pub join: Vec<u32>,
}

/// No join point ([`Layout::join`]).
pub(crate) const NO_JOIN: u32 = u32::MAX;

impl Layout {
    /// The layout of a function's `steps`.
    pub(crate) fn of(steps: &[Step]) -> Layout {
        let blocks = Blocks::of(steps);
        Layout {
            rank: layout_rank(steps, &blocks),
            join: join_points(steps, &blocks),
        }
    }
}

/// A function's basic blocks: `(first, end)` step ranges in PTX order, and
/// each step's block.
struct Blocks {
    ranges: Vec<(usize, usize)>,
    block_of: Vec<usize>,
}

impl Blocks {
    /// Blocks start at the entry, every branch target, and the step after
    /// a branch, `ret` or `exit`.
    fn of(steps: &[Step]) -> Blocks {
        let n = steps.len();
        let mut start = vec![false; n + 1];
        start[0] = true;
        start[n] = true;
        for (pc, step) in steps.iter().enumerate() {
            match &step.op {
                Op::Branch(t) => {
                    start[(*t as usize).min(n)] = true;
                    start[pc + 1] = true;
                }
                Op::BranchIndexed { targets, .. } => {
                    for &t in targets.iter() {
                        start[(t as usize).min(n)] = true;
                    }
                    start[pc + 1] = true;
                }
                Op::Return | Op::Exit => start[pc + 1] = true,
                _ => {}
            }
        }
        let bounds: Vec<usize> = (0..=n).filter(|&pc| start[pc]).collect();
        let ranges: Vec<(usize, usize)> = bounds.windows(2).map(|w| (w[0], w[1])).collect();
        let mut block_of = vec![0; n];
        for (b, &(s, e)) in ranges.iter().enumerate() {
            block_of[s..e].fill(b);
        }
        Blocks { ranges, block_of }
    }

    /// The blocks control may go to from block `b`; `exit` (one past the
    /// last block) stands for leaving the function.
    fn successors(&self, steps: &[Step], b: usize) -> Vec<usize> {
        let exit = self.ranges.len();
        let block = |pc: u32| self.block_of.get(pc as usize).copied().unwrap_or(exit);
        let last = &steps[self.ranges[b].1 - 1];
        let mut next = match &last.op {
            Op::Branch(t) => vec![block(*t)],
            Op::BranchIndexed { targets, .. } => targets.iter().map(|&t| block(t)).collect(),
            Op::Return | Op::Exit => vec![exit],
            _ => return vec![b + 1],
        };
        if last.guard.is_some() {
            next.push(b + 1);
        }
        next
    }
}

/// Each step's place in the order ptxas 13.0 lays out a function's blocks,
/// which is the order in which the H100 runs a diverged warp's paths where
/// both have as many lanes (the fall-through path first).
///
/// The blocks keep their PTX order but for one move, read from the SASS of
/// `tests/data/kernels/src/divergence.cu`: where a conditional branch is
/// followed by an unconditional one (`@p bra A; bra.uni B;`, as nvcc writes
/// an `if`), ptxas inverts the branch and places block `B` right after it,
/// so that `B` falls through.
fn layout_rank(steps: &[Step], blocks: &Blocks) -> Vec<u32> {
    let conditional =
        |pc: usize| matches!(steps[pc].op, Op::Branch(_)) && steps[pc].guard.is_some();
    let mut placed = vec![false; blocks.ranges.len()];
    let mut rank = vec![0; steps.len()];
    let mut next = 0;
    for first in 0..blocks.ranges.len() {
        let mut b = first;
        while !placed[b] {
            placed[b] = true;
            let (s, e) = blocks.ranges[b];
            for r in &mut rank[s..e] {
                *r = next;
                next += 1;
            }
            let last = e - 1;
            match steps[last].op {
                Op::Branch(t)
                    if steps[last].guard.is_none() && last > 0 && conditional(last - 1) =>
                {
                    match blocks.block_of.get(t as usize) {
                        Some(&target) => b = target,
                        None => break,
                    }
                }
                _ => break,
            }
        }
    }
    rank
}

/// Each branch step's join point ([`Layout::join`]): the immediate
/// post-dominator of its block, found as the immediate dominator in the
/// reversed control-flow graph (Cooper, Harvey and Kennedy's iteration),
/// rooted at a node standing for the function's end.
fn join_points(steps: &[Step], blocks: &Blocks) -> Vec<u32> {
    let count = blocks.ranges.len();
    let exit = count;
    let successors: Vec<Vec<usize>> = (0..count).map(|b| blocks.successors(steps, b)).collect();
    let mut predecessors = vec![Vec::new(); count + 1];
    for (b, next) in successors.iter().enumerate() {
        for &s in next {
            predecessors[s].push(b);
        }
    }
    // Postorder of the reversed graph from the end (iteratively: functions
    // may have thousands of blocks).
    const UNSEEN: usize = usize::MAX;
    let mut order = vec![UNSEEN; count + 1];
    let mut postorder = Vec::with_capacity(count + 1);
    let mut seen = vec![false; count + 1];
    let mut stack = vec![(exit, 0usize)];
    seen[exit] = true;
    while let Some((node, i)) = stack.pop() {
        if let Some(&p) = predecessors[node].get(i) {
            stack.push((node, i + 1));
            if !seen[p] {
                seen[p] = true;
                stack.push((p, 0));
            }
        } else {
            order[node] = postorder.len();
            postorder.push(node);
        }
    }
    let mut ipdom = vec![UNSEEN; count + 1];
    ipdom[exit] = exit;
    let intersect = |ipdom: &[usize], mut a: usize, mut b: usize| {
        while a != b {
            while order[a] < order[b] {
                a = ipdom[a];
            }
            while order[b] < order[a] {
                b = ipdom[b];
            }
        }
        a
    };
    let mut changed = true;
    while changed {
        changed = false;
        for &node in postorder.iter().rev().skip(1) {
            let mut new = UNSEEN;
            for &s in &successors[node] {
                if ipdom[s] != UNSEEN {
                    new = if new == UNSEEN {
                        s
                    } else {
                        intersect(&ipdom, s, new)
                    };
                }
            }
            if new != UNSEEN && ipdom[node] != new {
                ipdom[node] = new;
                changed = true;
            }
        }
    }
    let mut join = vec![NO_JOIN; steps.len()];
    for (pc, step) in steps.iter().enumerate() {
        if matches!(step.op, Op::Branch(_) | Op::BranchIndexed { .. }) {
            let b = blocks.block_of[pc];
            if ipdom[b] < count {
                join[pc] = blocks.ranges[ipdom[b]].0 as u32;
            }
        }
    }
    join
}

#[cfg(test)]
mod tests {
    use crate::kernel::load::Image;

    #[test]
    fn the_target_of_a_branch_after_a_conditional_one_falls_through() {
        // Steps: 0 mov, 1 setp, 2 `@p bra A`, 3 `bra.uni B`, 4 A's add,
        // 5 `bra.uni C`, 6 B's add, 7 C's ret. ptxas places B after the
        // branches (its SASS for this shape, `div_if_else`), then A, then C.
        let image = Image::load(
            ".version 8.0\n.target sm_90\n.address_size 64\n\
             .visible .entry k() {\n.reg .pred p;\n.reg .b32 r;\n\
             mov.u32 r, %tid.x;\nsetp.eq.u32 p, r, 0;\n@p bra A;\nbra.uni B;\n\
             A: add.u32 r, r, 1;\nbra.uni C;\nB: add.u32 r, r, 2;\nC: ret;\n}",
        )
        .unwrap();
        assert_eq!(image.layouts[0].rank, [0, 1, 2, 3, 5, 6, 4, 7]);
        // Both paths of the `@p bra A` meet at C (step 7).
        assert_eq!(image.layouts[0].join[2], 7);
    }
}
