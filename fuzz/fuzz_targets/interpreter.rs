//! The interpreter on checked random programs: a statement read from the
//! fuzz input that the checker accepts is lowered and run by
//! `ptx_sim::statement::Prepared` on register values from the input. A fault
//! is a fine outcome (an access outside a launch, an exit); a panic or a
//! hang is not.

#![no_main]

use libfuzzer_sys::fuzz_target;
use ptx_core::{StepKind, Target, check, lower, number_statement, parse};
use ptx_fuzz::Statement;
use ptx_sim::statement::Prepared;

fuzz_target!(|data: &[u8]| {
    let Some(statement) = Statement::from_bytes(data) else {
        return;
    };
    let (text, _) = number_statement(statement.template, 3);
    let Ok(template) = parse(&text) else {
        return;
    };
    let Ok(checked) = check(&template, &statement.operands, Target::default()) else {
        return;
    };
    let Ok(program) = lower(&checked, &statement.operands) else {
        return;
    };
    // A backward branch can loop: `Prepared::run` stops a loop only after
    // 2^32 branches (seconds, which libFuzzer would call a hang), so loops
    // are left out rather than timed.
    let loops = program
        .steps
        .iter()
        .enumerate()
        .any(|(at, step)| matches!(step.kind, StepKind::Branch { target } if target <= at));
    if loops {
        return;
    }
    let prepared = Prepared::new(&program);
    let mut registers = prepared.registers();
    // Each register holds only as many bits as its type has, as after
    // any write.
    for ((index, register), info) in registers.iter_mut().enumerate().zip(&program.registers) {
        let bits = info.ty.bits().min(128);
        let mask = if bits == 128 {
            u128::MAX
        } else {
            (1u128 << bits) - 1
        };
        *register = statement.register_value(index) & mask;
    }
    let _ = prepared.run(&mut registers);
});
