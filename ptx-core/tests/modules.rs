//! Whole modules against ptxas 13.0: the modules nvcc 13.0 wrote for
//! NVIDIA's cuda-samples and for our `nvcc/features.cu`, and our
//! hand-written ones (all of which ptxas accepts)
//! check without an error, and `check_module` gives ptxas's verdict on every
//! recorded mutant of them (`tests/data/module_verdicts.tsv`, made by
//! `tools/generators/module-mutants/`; its README says how to rerun it).

use flate2::read::GzDecoder;
use ptx_core::module::{LineIndex, check_module_text};
use std::collections::HashMap;
use std::io::Read;
use std::path::{Path, PathBuf};

fn data() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data")
}

/// The text of `tests/data/modules/<rel>`, decompressed if it is `.gz`.
fn module_text(rel: &str) -> String {
    let path = data().join("modules").join(rel);
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    if rel.ends_with(".gz") {
        let mut text = String::new();
        GzDecoder::new(&bytes[..])
            .read_to_string(&mut text)
            .unwrap_or_else(|e| panic!("{rel}: {e}"));
        text
    } else {
        String::from_utf8(bytes).unwrap_or_else(|e| panic!("{rel}: {e}"))
    }
}

fn modules_in(dir: &str) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(data().join("modules").join(dir))
        .unwrap_or_else(|e| panic!("{dir}: {e}"))
        .map(|e| format!("{dir}/{}", e.unwrap().file_name().to_string_lossy()))
        .filter(|n| n.ends_with(".ptx") || n.ends_with(".ptx.gz"))
        .collect();
    names.sort();
    names
}

/// The errors `check_module` finds in `text`, rendered with line:column.
fn errors(name: &str, text: &str) -> Vec<String> {
    let lines = LineIndex::new(text);
    check_module_text(text)
        .iter()
        .filter(|d| d.is_error())
        .map(|d| lines.render(name, d))
        .collect()
}

#[test]
fn every_cuda_samples_module_nvcc_wrote_checks_clean() {
    let names = modules_in("cuda-samples");
    assert_eq!(names.len(), 31);
    let failures: Vec<String> = names
        .iter()
        .flat_map(|n| errors(n, &module_text(n)))
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn every_module_nvcc_wrote_from_our_cuda_source_checks_clean() {
    let names = modules_in("nvcc");
    assert_eq!(names.len(), 3);
    let failures: Vec<String> = names
        .iter()
        .flat_map(|n| errors(n, &module_text(n)))
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn every_hand_written_module_checks_clean() {
    let names = modules_in("hand");
    assert!(names.len() >= 6);
    let failures: Vec<String> = names
        .iter()
        .flat_map(|n| errors(n, &module_text(n)))
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Undoes the TSV escaping of `tools/generators/module-mutants/gen.py`.
fn unescape(s: &str) -> String {
    let mut out = String::new();
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('n') => out.push('\n'),
            Some('t') => out.push('\t'),
            Some(other) => out.push(other),
            None => out.push('\\'),
        }
    }
    out
}

/// One recorded mutant: which line of which module it replaces, with what,
/// and what ptxas said.
struct Mutant {
    id: String,
    module: String,
    line: usize,
    kind: String,
    old: String,
    new: String,
    /// ptxas's verdict: `accept`, `reject` or `crash`.
    verdict: String,
    message: String,
}

fn mutants() -> Vec<Mutant> {
    let path = data().join("module_verdicts.tsv");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut rows = text.lines();
    let header: Vec<&str> = rows.next().expect("a header").split('\t').collect();
    let col = |name: &str| {
        header
            .iter()
            .position(|h| *h == name)
            .unwrap_or_else(|| panic!("no column {name}"))
    };
    let (id, module, line, kind, old, new, verdict, message) = (
        col("id"),
        col("module"),
        col("line"),
        col("kind"),
        col("old"),
        col("new"),
        col("verdict"),
        col("message"),
    );
    rows.map(|row| {
        let f: Vec<&str> = row.split('\t').collect();
        Mutant {
            id: f[id].to_string(),
            module: f[module].to_string(),
            line: f[line].parse().expect("a line number"),
            kind: f[kind].to_string(),
            old: unescape(f[old]),
            new: unescape(f[new]),
            verdict: f[verdict].to_string(),
            message: unescape(f.get(message).copied().unwrap_or("")),
        }
    })
    .collect()
}

/// The module with the mutant's line replaced.
fn apply(text: &str, m: &Mutant) -> String {
    let mut lines: Vec<&str> = text.split('\n').collect();
    assert_eq!(
        lines.get(m.line - 1).copied(),
        Some(m.old.as_str()),
        "{}: line {} of {} is no longer what the mutant replaced: regenerate the verdicts",
        m.id,
        m.line,
        m.module
    );
    if m.new.is_empty() {
        lines.remove(m.line - 1);
    } else {
        lines[m.line - 1] = &m.new;
    }
    lines.join("\n")
}

/// The tensor-core samples, each near a megabyte of unrolled PTX: a debug
/// build checks their mutants in minutes, a release build in seconds, so
/// only release builds (`cargo test --release`) check them.
const LARGE_MODULES: &[&str] = &[
    "bf16TensorCoreGemm",
    "cudaTensorCoreGemm",
    "dmmaTensorCoreGemm",
    "immaTensorCoreGemm",
    "tf32TensorCoreGemm",
];

/// Mutants on which `check_module` and ptxas 13.0 still disagree, each with
/// the reason. The test fails when one of them starts to agree (remove it
/// here) or another disagrees.
const KNOWN_DISAGREEMENTS: &[(&str, &str)] = &[];

#[test]
fn check_module_agrees_with_ptxas_on_every_recorded_mutant() {
    let mutants = mutants();
    assert!(mutants.len() >= 300, "{} mutants", mutants.len());
    let mut sources: HashMap<&str, String> = HashMap::new();
    let mut disagreements = Vec::new();
    let mut crashes = Vec::new();
    let mut skipped = Vec::new();
    for m in &mutants {
        if m.verdict == "crash" {
            crashes.push(m.id.as_str());
            continue;
        }
        if cfg!(debug_assertions) && LARGE_MODULES.iter().any(|l| m.module.contains(l)) {
            skipped.push(m.id.as_str());
            continue;
        }
        let accepted = m.verdict == "accept";
        let source = sources
            .entry(&m.module)
            .or_insert_with(|| module_text(&m.module));
        let text = apply(source, m);
        let errors = errors(&m.id, &text);
        let ours = errors.is_empty();
        if ours != accepted {
            let ptxas = if accepted {
                "ptxas accepts".to_string()
            } else {
                format!("ptxas rejects: {}", m.message)
            };
            let we = if ours {
                "we accept".to_string()
            } else {
                format!("we reject: {}", errors[0].lines().next().unwrap_or(""))
            };
            disagreements.push((
                m.id.as_str(),
                format!(
                    "{} {} line {} `{}` -> `{}`: {ptxas}; {we}",
                    m.id,
                    m.kind,
                    m.line,
                    m.old.trim(),
                    m.new.trim()
                ),
            ));
        }
    }
    let known: HashMap<&str, &str> = KNOWN_DISAGREEMENTS.iter().copied().collect();
    let unexpected: Vec<&String> = disagreements
        .iter()
        .filter(|(id, _)| !known.contains_key(id))
        .map(|(_, s)| s)
        .collect();
    let resolved: Vec<&&str> = known
        .keys()
        .filter(|id| !disagreements.iter().any(|(d, _)| d == *id) && !skipped.contains(id))
        .collect();
    let judged = mutants.len() - crashes.len() - skipped.len();
    println!(
        "check_module agrees with ptxas 13.0 on {} of {judged} mutants \
         ({} where ptxas crashed, {} of the largest modules left to release builds)",
        judged - disagreements.len(),
        crashes.len(),
        skipped.len(),
    );
    assert!(
        unexpected.is_empty() && resolved.is_empty(),
        "{} new disagreements:\n{}\nknown disagreements that now agree: {resolved:?}",
        unexpected.len(),
        unexpected
            .iter()
            .map(|s| s.as_str())
            .collect::<Vec<_>>()
            .join("\n")
    );
}
