//! The instructions the rules name: products, sums, the copies between
//! them, barriers, and which steps read, write or only compute registers.

use ptx_core::{
    AddressBase, Callee, Flags, Mods, OperandAccess, Rounding, ScalarType, Semantics, Slot,
    SlotSource, Step, StepKind,
};

/// The float types ptxas contracts.
const CONTRACTED_TYPES: [ScalarType; 6] = [
    ScalarType::F32,
    ScalarType::F64,
    ScalarType::F16,
    ScalarType::F16x2,
    ScalarType::Bf16,
    ScalarType::Bf16x2,
];

/// An executed step's semantics, modifiers and operands.
pub(super) fn exec(step: &Step) -> Option<(Semantics, &Mods, &[Slot])> {
    match &step.kind {
        StepKind::Exec { form, mods, slots } => Some((form.semantics, mods, slots)),
        _ => None,
    }
}

/// The one type of an arithmetic step (`add.f32`), if ptxas contracts it.
fn contracted_type(mods: &Mods) -> Option<ScalarType> {
    let ty = mods.ty(0)?;
    (mods.ty(1).is_none() && CONTRACTED_TYPES.contains(&ty)).then_some(ty)
}

/// The register a slot names.
pub(super) fn register(slot: &Slot) -> Option<usize> {
    match slot.source {
        SlotSource::Register { index, .. } => Some(index),
        _ => None,
    }
}

/// Whether an immediate operand is 1.0 (`Some(false)`) or -1.0 (`Some(true)`).
pub(super) fn unit_immediate(slot: &Slot) -> Option<bool> {
    let SlotSource::Immediate(bits) = slot.source else {
        return None;
    };
    match (slot.ty?, bits) {
        (ScalarType::F32, 0x3F80_0000) | (ScalarType::F64, 0x3FF0_0000_0000_0000) => Some(false),
        (ScalarType::F32, 0xBF80_0000) | (ScalarType::F64, 0xBFF0_0000_0000_0000) => Some(true),
        _ => None,
    }
}

/// A `mul` that ptxas can fuse (rule 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Product {
    /// Its type.
    pub ty: ScalarType,
    /// Whether it has `.ftz`.
    pub ftz: bool,
    /// Whether an operand is an immediate: ptxas then fuses it into sums in
    /// other blocks and past barriers too, multiplying again where the sum is.
    pub anywhere: bool,
}

/// The product a step is, if it is one (rule 1): an unguarded `mul` of a
/// contracted type with no rounding modifier and no `.sat`, with a register
/// operand, not by ±1.0.
pub(super) fn product(step: &Step) -> Option<Product> {
    let (semantics, mods, slots) = exec(step)?;
    let ty = contracted_type(mods)?;
    let plain = mods.rnd == Rounding::Default && !mods.has(Flags::SAT);
    let sources = slots.get(1..3)?;
    let reads_register = sources.iter().any(|s| register(s).is_some());
    let by_unit = sources.iter().any(|s| unit_immediate(s).is_some());
    let fusable = semantics == Semantics::Mul && step.guard.is_none() && plain;
    (fusable && reads_register && !by_unit).then(|| Product {
        ty,
        ftz: mods.has(Flags::FTZ),
        anywhere: sources
            .iter()
            .any(|s| matches!(s.source, SlotSource::Immediate(_))),
    })
}

/// Whether a step is a sum `product` can be fused into (rule 2, the
/// instruction's part): an `add` or `sub` of its type, no rounding
/// modifier, `.ftz` exactly when the product has it.
pub(super) fn is_sum_for(step: &Step, product: Product) -> bool {
    exec(step).is_some_and(|(semantics, mods, _)| {
        matches!(semantics, Semantics::Add | Semantics::Sub)
            && contracted_type(mods) == Some(product.ty)
            && mods.rnd == Rounding::Default
            && mods.has(Flags::FTZ) == product.ftz
    })
}

/// Whether a step subtracts (`sub`).
pub(super) fn subtracts(step: &Step) -> bool {
    matches!(exec(step), Some((Semantics::Sub, _, _)))
}

/// A step that passes a value on, unchanged or negated (rule 2's copies).
#[derive(Clone, Copy, Debug)]
pub(super) struct Copying {
    /// The slot holding the value copied.
    pub source: usize,
    /// Whether it negates.
    pub negates: bool,
    /// For a `neg`, whether it has `.ftz`.
    pub neg_ftz: Option<bool>,
}

/// The copy a step is, if it is one: an unguarded `mov` of a register, a
/// `neg` of a contracted type, or a `mul` by ±1.0 with no rounding
/// modifier, `.ftz` or `.sat` (ptxas drops it).
pub(super) fn copying(step: &Step) -> Option<Copying> {
    if step.guard.is_some() {
        return None;
    }
    let (semantics, mods, slots) = exec(step)?;
    match (semantics, slots) {
        (Semantics::Mov, [d, a]) if register(d).is_some() && register(a).is_some() => {
            Some(Copying {
                source: 1,
                negates: false,
                neg_ftz: None,
            })
        }
        (Semantics::Neg, [d, a])
            if register(d).is_some()
                && register(a).is_some()
                && contracted_type(mods).is_some() =>
        {
            Some(Copying {
                source: 1,
                negates: true,
                neg_ftz: Some(mods.has(Flags::FTZ)),
            })
        }
        (Semantics::Mul, [d, a, b]) if register(d).is_some() && is_exact(mods) => {
            let (source, negates) = match (register(a), register(b)) {
                (Some(_), None) => (1, unit_immediate(b)?),
                (None, Some(_)) => (2, unit_immediate(a)?),
                _ => return None,
            };
            Some(Copying {
                source,
                negates,
                neg_ftz: None,
            })
        }
        _ => None,
    }
}

/// Whether a multiplication by ±1.0 with these modifiers is exact: no
/// rounding modifier, no `.ftz`, no `.sat`.
fn is_exact(mods: &Mods) -> bool {
    mods.rnd == Rounding::Default && !mods.has(Flags::FTZ) && !mods.has(Flags::SAT)
}

/// Whether ptxas folds a `neg` (with `.ftz` or not) of a product into the
/// fma. It does a plain `neg`, except of `.bf16x2`, which it computes as an
/// fma of its own; a `neg.ftz` also flushes, so it folds only where the
/// product is flushed anyway (`.f32`, `.f16x2`), and never for `.f16`.
pub(super) fn folds_neg(product: Product, neg_ftz: bool) -> bool {
    match product.ty {
        ScalarType::Bf16x2 => false,
        ScalarType::F16 => !neg_ftz,
        _ => !neg_ftz || product.ftz,
    }
}

/// Whether ptxas fuses no product before a step with a sum after it: a
/// `membar` or `fence.sc`/`fence.acq_rel` (not `fence.proxy`), a call,
/// `trap`, `brkpt` or `pmevent`, and the instructions ptxas expands into
/// calls of its own: integer division and remainder other than `.u32`,
/// IEEE `div`, `rcp` and `sqrt` (with a rounding modifier; not `.approx`
/// or `div.full`), and `rsqrt.approx.f64` without `.ftz`.
pub(super) fn is_barrier(step: &Step) -> bool {
    use Semantics as S;
    if matches!(step.kind, StepKind::Call { .. }) {
        return true;
    }
    let Some((semantics, mods, _)) = exec(step) else {
        return false;
    };
    let float = matches!(mods.ty(0), Some(ScalarType::F32 | ScalarType::F64));
    match semantics {
        S::Membar | S::Fence | S::Trap | S::Brkpt | S::Pmevent | S::Rcp | S::Sqrt => true,
        S::Div if float => true,
        S::Div | S::Rem => mods.ty(0) != Some(ScalarType::U32),
        S::RsqrtApprox => mods.ty(0) == Some(ScalarType::F64) && !mods.has(Flags::FTZ),
        _ => false,
    }
}

/// Whether a step only computes registers from its operands, so that
/// ptxas deletes it when nothing reads them.
pub(super) fn is_pure(step: &Step) -> bool {
    let Some((semantics, _, slots)) = exec(step) else {
        return false;
    };
    let writes_registers_only = slots
        .iter()
        .filter(|s| s.access != OperandAccess::Read)
        .all(|s| {
            s.access == OperandAccess::Write
                && matches!(s.source, SlotSource::Register { .. } | SlotSource::Sink)
        });
    computes_only(semantics) && writes_registers_only
}

/// The semantics of instructions that only compute (no memory, no control,
/// no other thread).
fn computes_only(semantics: Semantics) -> bool {
    use Semantics as S;
    matches!(
        semantics,
        S::Add
            | S::Sub
            | S::Mul
            | S::Fma
            | S::Neg
            | S::Abs
            | S::Min
            | S::Max
            | S::MulLo
            | S::MulHi
            | S::MulWide
            | S::MadLo
            | S::MadHi
            | S::MadWide
            | S::Mul24Lo
            | S::Mul24Hi
            | S::Mad24Lo
            | S::Mad24Hi
            | S::Sad
            | S::Popc
            | S::Clz
            | S::Bfind
            | S::Brev
            | S::Bfe
            | S::Bfi
            | S::Div
            | S::Rem
            | S::Rcp
            | S::Sqrt
            | S::Copysign
            | S::Testp
            | S::RcpApprox
            | S::SqrtApprox
            | S::RsqrtApprox
            | S::SinApprox
            | S::CosApprox
            | S::Lg2Approx
            | S::Ex2Approx
            | S::TanhApprox
            | S::DivApprox
            | S::DivFull
            | S::Setp
            | S::SetpBoolop
            | S::Set
            | S::SetBoolop
            | S::Selp
            | S::Slct
            | S::And
            | S::Or
            | S::Xor
            | S::Not
            | S::Cnot
            | S::Lop3
            | S::Shl
            | S::Shr
            | S::ShfL
            | S::ShfR
            | S::Mov
            | S::MovPack
            | S::MovUnpack
            | S::Prmt
            | S::Cvt
            | S::CvtPack
            | S::Cvta
            | S::CvtaTo
    )
}

/// The registers a step reads: its guard, its operands, its address bases,
/// a call's arguments and callee.
pub(super) fn reads(step: &Step) -> Vec<usize> {
    let mut out: Vec<usize> = step.guard.iter().map(|&(r, _)| r).collect();
    let mut read = |s: &Slot| match s.source {
        _ if s.access == OperandAccess::Write => {}
        SlotSource::Register { index, .. }
        | SlotSource::Address {
            base: AddressBase::Register(index),
            ..
        } => out.push(index),
        _ => {}
    };
    match &step.kind {
        StepKind::Exec { slots, .. } => slots.iter().for_each(&mut read),
        StepKind::BranchIndexed { index, .. } => read(index),
        StepKind::Call {
            callee,
            returns,
            args,
        } => {
            args.iter().chain(returns).for_each(&mut read);
            if let Callee::Indirect(s) = callee {
                read(s);
            }
        }
        StepKind::Branch { .. } | StepKind::Return | StepKind::Exit => {}
    }
    out
}

/// The registers a step writes.
pub(super) fn writes(step: &Step) -> Vec<usize> {
    let slots: &[Slot] = match &step.kind {
        StepKind::Exec { slots, .. } => slots,
        StepKind::Call { returns, .. } => returns,
        _ => &[],
    };
    slots
        .iter()
        .filter(|s| s.access != OperandAccess::Read)
        .filter_map(register)
        .collect()
}

/// How a step reads register `r`: `Some(k)` for each operand slot `k` that
/// reads it, `None` for each other read (its guard, an address, a call's
/// argument).
pub(super) fn slots_reading(step: &Step, r: usize) -> Vec<Option<usize>> {
    let mut out: Vec<Option<usize>> = match &step.kind {
        StepKind::Exec { slots, .. } => slots
            .iter()
            .enumerate()
            .filter(|(_, s)| s.access != OperandAccess::Write && register(s) == Some(r))
            .map(|(k, _)| Some(k))
            .collect(),
        _ => Vec::new(),
    };
    let all = reads(step).into_iter().filter(|&x| x == r).count();
    out.extend(std::iter::repeat_n(None, all.saturating_sub(out.len())));
    out
}
