//! The calling convention between lowered programs and semantic functions.
//!
//! A semantic function gets the decoded modifiers of its instruction and
//! the instruction's operand *slots* (see `ptx_core::lower`), one `u64` each:
//! it reads the input slots and writes the output slots. Inputs arrive
//! truncated to the operand's type (a `.s16` input holds 16 significant bits);
//! outputs are written in the operand's type, and the caller extends them to
//! the destination register's width. Predicates are 0 or 1.
//!
//! The same functions serve the code `ptx!` generates (where the modifiers
//! are a constant, so the optimizer folds every decision away), the
//! statement interpreter that runs PTX text at run time
//! ([`crate::statement`]) and the module interpreter ([`crate::kernel`]).

use crate::fault::Fault;
use ptx_core::{Mods, ScalarType, TypeKind};

/// The result of a semantic function: a [`Fault`] says why it could not
/// execute.
pub type SemResult = Result<(), Fault>;

/// A semantic function: `(modifiers, slots)`.
pub type SemFn = fn(&Mods, &mut [u64]) -> SemResult;

/// The low `bits` bits of `v`.
#[inline(always)]
pub const fn truncate(v: u64, bits: u32) -> u64 {
    if bits >= 64 {
        v
    } else {
        v & ((1u64 << bits) - 1)
    }
}

/// `v`'s low `bits` bits, sign-extended to 64.
#[inline(always)]
pub const fn sign_extend(v: u64, bits: u32) -> i64 {
    if bits >= 64 || bits == 0 {
        v as i64
    } else {
        let shift = 64 - bits;
        ((v << shift) as i64) >> shift
    }
}

/// A value read from a register of `reg_bits` as an operand of type `ty`.
#[inline(always)]
pub fn read_operand(value: u64, ty: Option<ScalarType>) -> u64 {
    match ty {
        Some(ScalarType::Pred) => u64::from(value != 0),
        Some(t) => truncate(value, t.bits()),
        None => value,
    }
}

/// A result of type `ty`, extended to a register of `reg_bits` (sign-extended
/// for signed types, as the PTX ISA says for wider destinations).
#[inline(always)]
pub fn write_operand(value: u64, ty: Option<ScalarType>, reg_bits: u32) -> u64 {
    let bits = match ty {
        Some(ScalarType::Pred) => return value & 1,
        Some(t) => t.bits(),
        None => 64,
    };
    let v = if ty.is_some_and(|t| t.kind() == TypeKind::Signed) {
        sign_extend(value, bits) as u64
    } else {
        truncate(value, bits)
    };
    truncate(v, reg_bits)
}

/// The type a form's semantic function works on (its first type modifier),
/// or a fault when the table gave it none.
#[inline(always)]
pub fn ty0(m: &Mods) -> Result<ScalarType, Fault> {
    m.ty(0)
        .ok_or_else(|| Fault::malformed(None, "instruction has no type modifier"))
}

/// The most operand slots a collective may have: `wgmma.mma_async`'s
/// m64n256 forms have 128 accumulator registers, 4 of A (or a descriptor),
/// the B descriptor, scale-d and up to four immediates.
pub const MAX_SLOTS: usize = 144;

/// One lane's operand slots at a collective.
pub type Slots = [u64; MAX_SLOTS];

/// The lane numbers of the bits set in `mask`, in increasing order.
#[inline]
pub(crate) fn lanes_of(mut mask: u32) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if mask == 0 {
            return None;
        }
        let l = mask.trailing_zeros() as usize;
        mask &= mask - 1;
        Some(l)
    })
}

/// The bytes of one element of the instruction's first type (at least
/// one: a predicate or `.b1` takes a byte).
pub(crate) fn elem_bytes(m: &Mods) -> Result<u64, Fault> {
    let t = m.ty(0).ok_or_else(|| Fault::malformed(None, "no type"))?;
    Ok(u64::from(t.bits().max(8) / 8))
}

/// Slots per value: a 128-bit value takes two (low half first).
pub(crate) fn slots_per(bytes: u64) -> usize {
    if bytes > 8 { 2 } else { 1 }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wider_destinations_are_sign_or_zero_extended() {
        // PTX ISA, operand size exceeding instruction-type size: sign-extend
        // signed results, zero-extend the others.
        assert_eq!(write_operand(0xFF, Some(ScalarType::S8), 32), 0xFFFF_FFFF);
        assert_eq!(write_operand(0xFF, Some(ScalarType::U8), 32), 0xFF);
        assert_eq!(write_operand(0x1_0000_0005, Some(ScalarType::S32), 64), 5);
    }

    #[test]
    fn narrower_instruction_types_truncate_sources() {
        assert_eq!(read_operand(0x1234_5678, Some(ScalarType::U16)), 0x5678);
        assert_eq!(read_operand(2, Some(ScalarType::Pred)), 1);
    }
}
