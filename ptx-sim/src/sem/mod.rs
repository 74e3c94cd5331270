//! Semantic functions, one per semantics key of the instruction table,
//! grouped by family: each module is named after the `ptx_core` table file
//! (`table/<family>.rs`) whose forms it runs. Each function has the
//! signature [`crate::exec::SemFn`]; [`fp`] is the exact floating-point
//! arithmetic the float families share.

pub mod approx;
pub mod async_copy;
pub mod compare;
pub mod convert;
pub mod float;
pub mod fp;
pub mod integer;
pub mod logic;
pub mod matrix;
pub mod memory;
pub mod movement;
pub mod sync;
pub mod video;
pub mod warp;

/// Running a statement through the checker, the lowering and the
/// interpreter, for the families' tests.
#[cfg(test)]
pub(crate) mod testing {
    use crate::fault::ThreadFault;
    use crate::interp::Prepared;
    use ptx_core::{AsmOperand, Target, check_asm, lower};

    /// Runs `asm` with the operands `cons` (outputs first, as CUDA writes
    /// them) and their values before the statement; gives their values after.
    pub fn try_run(
        asm: &str,
        cons: &[&str],
        values: &[u128],
    ) -> Result<Vec<u128>, Box<ThreadFault>> {
        let checked = check_asm(asm, cons, Target::default())
            .unwrap_or_else(|d| panic!("`{asm}` is rejected: {}", d[0]));
        let ops: Vec<AsmOperand> = cons
            .iter()
            .map(|c| AsmOperand::new(c.parse().expect("a constraint")))
            .collect();
        let prepared = Prepared::new(&lower(&checked, &ops).expect("lowers"));
        let mut regs = prepared.registers();
        regs[..values.len()].copy_from_slice(values);
        prepared.run(&mut regs)?;
        regs.truncate(cons.len());
        Ok(regs)
    }

    /// [`try_run`], for statements that must not fault.
    pub fn run(asm: &str, cons: &[&str], values: &[u128]) -> Vec<u128> {
        try_run(asm, cons, values).unwrap_or_else(|f| panic!("`{asm}` faults: {f}"))
    }

    /// Operand 0 after `asm` runs with `inputs` in the operands after it.
    pub fn run_asm(asm: &str, cons: &[&str], inputs: &[u64]) -> u64 {
        let values: Vec<u128> = std::iter::once(0)
            .chain(inputs.iter().map(|&v| u128::from(v)))
            .collect();
        run(asm, cons, &values)[0] as u64
    }
}
