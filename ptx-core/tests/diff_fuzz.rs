//! The checker against ptxas 13.0 on mutants of real inline asm: every
//! statement of `tests/data/diff_fuzz_statements.tsv.gz` (a token dropped,
//! a modifier duplicated, an empty statement, a label defined twice, an
//! operand made an immediate, ...; made by `tools/dev/diff-fuzz/`, whose
//! README says how to rerun it) gets ptxas's verdict from `check`, as
//! `ptx!` checks it for `sm_90a`.
//!
//! The mutants the checker still disagrees on are listed, with the
//! reason, in `KNOWN_DISAGREEMENTS`; the test fails when another one
//! disagrees or a listed one starts to agree.

use flate2::read::GzDecoder;
use ptx_core::{
    AsmOperand, Constraint, ConstraintError, ConstraintLetter, Target, TargetError, check,
    number_statement, parse,
};
use std::collections::HashMap;
use std::io::Read;
use std::path::Path;

/// One mutant and ptxas's verdict on it.
struct Mutant {
    id: String,
    mutation: String,
    constraints: Vec<String>,
    /// The value each `n` operand stood for when ptxas judged it.
    values: Vec<Option<i128>>,
    accepted: bool,
    message: String,
    template: String,
}

/// Undoes the TSV's escapes (`\\`, `\t`, `\n`).
fn unescape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('t') => out.push('\t'),
            Some('n') => out.push('\n'),
            Some(other) => out.push(other),
            None => out.push('\\'),
        }
    }
    out
}

fn mutants() -> Vec<Mutant> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/diff_fuzz_statements.tsv.gz");
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut text = String::new();
    GzDecoder::new(&bytes[..])
        .read_to_string(&mut text)
        .expect("gzipped UTF-8");
    text.lines()
        .skip(1)
        .map(|line| {
            let f: Vec<&str> = line.split('\t').collect();
            assert_eq!(f.len(), 7, "{line}");
            Mutant {
                id: f[0].to_string(),
                mutation: f[1].to_string(),
                constraints: f[2].split_whitespace().map(str::to_string).collect(),
                values: f[3]
                    .split(',')
                    .filter(|v| !v.is_empty())
                    .map(|v| v.parse().ok())
                    .collect(),
                accepted: f[4] == "accept",
                message: unescape(f[5]),
                template: unescape(f[6]),
            }
        })
        .collect()
}

/// The checker's verdict on `m`, with its first error when it rejects.
fn checker_verdict(m: &Mutant) -> Result<(), String> {
    let mut operands = Vec::new();
    for (k, c) in m.constraints.iter().enumerate() {
        let constraint: Constraint = c.parse().map_err(|e: ConstraintError| e.to_string())?;
        let value = (constraint.letter == ConstraintLetter::N)
            .then(|| m.values.get(k).copied().flatten().unwrap_or(0));
        operands.push(AsmOperand {
            constraint,
            name: None,
            value,
        });
    }
    // nvcc numbers `%=` before ptxas reads the statement.
    let first = |d: Vec<ptx_core::Diagnostic>| d[0].message.clone();
    let template = parse(&number_statement(&m.template, 0).0).map_err(first)?;
    let target: Target = "sm_90a".parse().map_err(|e: TargetError| e.to_string())?;
    check(&template, &operands, target)
        .map(|_| ())
        .map_err(first)
}

/// Mutants the checker does not yet agree with ptxas on, and why.
const KNOWN_DISAGREEMENTS: &[(&str, &str)] = &[
    (
        "s00144",
        "tensormap.replace's new value in an .f32 register: ptxas refuses it (\"Arguments mismatch for instruction 'sub'\"), the checker lets .f32 stand for .b32",
    ),
    (
        "s02262",
        "`%2%2` with `n` operands: nvcc pastes the two values into one number (`00`), the checker reads two operands",
    ),
    (
        "s02767",
        "an immediate first in a tensor's coordinate vector: ptxas then takes a .b64 register among the .b32 ones",
    ),
];

#[test]
fn check_agrees_with_ptxas_on_every_recorded_mutant() {
    let mutants = mutants();
    assert!(mutants.len() > 1000, "{} mutants", mutants.len());
    let known: HashMap<&str, &str> = KNOWN_DISAGREEMENTS.iter().copied().collect();
    let mut unexpected = Vec::new();
    let mut agreeing_known = Vec::new();
    let mut disagreements = 0;
    for m in &mutants {
        let verdict = checker_verdict(m);
        let agrees = verdict.is_ok() == m.accepted;
        if !agrees {
            disagreements += 1;
        }
        match (agrees, known.contains_key(m.id.as_str())) {
            (false, false) => unexpected.push(format!(
                "{} ({}): ptxas {}, checker {}\n  {}",
                m.id,
                m.mutation,
                if m.accepted {
                    "accepts".to_string()
                } else {
                    format!("rejects: {}", m.message)
                },
                match &verdict {
                    Ok(()) => "accepts".to_string(),
                    Err(e) => format!("rejects: {e}"),
                },
                m.template.replace('\n', "\n  ")
            )),
            (true, true) => agreeing_known.push(m.id.clone()),
            _ => {}
        }
    }
    println!(
        "{} of {} mutants agree with ptxas",
        mutants.len() - disagreements,
        mutants.len()
    );
    assert!(
        unexpected.is_empty(),
        "{} mutants disagree with ptxas:\n{}",
        unexpected.len(),
        unexpected.join("\n")
    );
    assert!(
        agreeing_known.is_empty(),
        "listed as disagreeing but now agree (remove them from KNOWN_DISAGREEMENTS): {agreeing_known:?}"
    );
}
