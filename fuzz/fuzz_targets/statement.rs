//! The statement parser and checker on arbitrary bytes: `parse`, then
//! `check` for one of a few targets, and for a statement that checks, its
//! printing and lowering. None of them may panic or hang.

#![no_main]

use libfuzzer_sys::fuzz_target;
use ptx_core::{Target, check, lower, number_statement, parse, print};
use ptx_fuzz::Statement;

/// The targets a statement is checked for: nvcc's default, an
/// architecture-specific Hopper and a Blackwell one (their instruction
/// sets differ most). One per input, picked by its length, so that a run
/// costs one check.
const TARGETS: [&str; 3] = ["sm_90", "sm_90a", "sm_100a"];

fuzz_target!(|data: &[u8]| {
    let Some(statement) = Statement::from_bytes(data) else {
        return;
    };
    // nvcc numbers `%=` before ptxas reads the statement; so does ptx!.
    let (text, _) = number_statement(statement.template, 3);
    let Ok(template) = parse(&text) else {
        return;
    };
    let _ = print(&template);
    let target: Target = TARGETS[data.len() % TARGETS.len()]
        .parse()
        .expect("a valid target");
    if let Ok(checked) = check(&template, &statement.operands, target) {
        let _ = print(&checked.template);
        let _ = lower(&checked, &statement.operands);
    }
});
