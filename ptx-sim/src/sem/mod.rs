//! Semantic functions, one per semantics key of the instruction table,
//! grouped by family. Each has the signature [`crate::exec::SemFn`].

pub mod approx;
pub mod float;
pub mod float_convert;
pub mod fp;
pub mod integer;

/// Runs one inline-PTX statement through the checker, the lowering and the
/// interpreter, as `ptx-sim golden` does: `inputs` fill the operands after
/// the outputs; returns operand 0 after the statement.
#[cfg(test)]
pub(crate) fn run_asm(asm: &str, cons: &[&str], inputs: &[u64]) -> u64 {
    use ptx_core::{AsmOperand, Target, check_asm, lower};
    let checked = check_asm(asm, cons, Target::default())
        .unwrap_or_else(|d| panic!("`{asm}` rejected: {d:?}"));
    let ops: Vec<AsmOperand> = cons
        .iter()
        .map(|c| AsmOperand::new(c.parse().expect("constraint")))
        .collect();
    let prepared = crate::interp::Prepared::new(&lower(&checked, &ops).expect("lowered"));
    let mut regs = prepared.registers();
    for (reg, v) in regs.iter_mut().skip(1).zip(inputs) {
        *reg = u128::from(*v);
    }
    prepared
        .run(&mut regs)
        .unwrap_or_else(|f| panic!("`{asm}`: {f}"));
    regs[0] as u64
}
