//! Parse-and-check cost per statement, over the statements of the golden
//! file (the forms real ptxas accepts). Run with `cargo bench --bench check`;
//! divan reports the median time per statement and statements per second.

use divan::Bencher;
use divan::counter::ItemsCount;
use ptx_core::{AsmOperand, Target, check, parse};
use std::collections::BTreeSet;
use std::path::Path;

fn main() {
    divan::main();
}

/// The distinct (template, constraints) pairs of the golden file.
fn golden_statements() -> Vec<(String, Vec<AsmOperand>)> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/data/golden/h100_sm90_seed11.jsonl.gz");
    let records =
        ptx_tools::records::read_jsonl(&path).expect("the golden file beside the checkout");
    let mut seen = BTreeSet::new();
    let mut out = Vec::new();
    for r in records {
        let asm = r["asm"].as_str().unwrap_or_default().to_string();
        let cons: Vec<String> = r["cons"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|c| c.as_str().map(String::from))
            .collect();
        if seen.insert((asm.clone(), cons.clone())) {
            let ops = cons
                .iter()
                .map(|c| AsmOperand::new(c.parse().expect("valid constraint")))
                .collect();
            out.push((asm, ops));
        }
    }
    out
}

/// Parse and check every golden statement once; one item = one statement.
#[divan::bench]
fn parse_and_check_each_golden_statement(bencher: Bencher) {
    let statements = golden_statements();
    ptx_core::table();
    bencher
        .counter(ItemsCount::new(statements.len()))
        .bench(|| {
            let mut accepted = 0usize;
            for (asm, ops) in &statements {
                let template = parse(divan::black_box(asm)).expect("golden statements parse");
                accepted += usize::from(check(&template, ops, Target::default()).is_ok());
            }
            accepted
        });
}

/// Parsing alone, for comparison.
#[divan::bench]
fn parse_each_golden_statement(bencher: Bencher) {
    let statements = golden_statements();
    bencher
        .counter(ItemsCount::new(statements.len()))
        .bench(|| {
            statements
                .iter()
                .filter(|(asm, _)| parse(divan::black_box(asm)).is_ok())
                .count()
        });
}
