//! `ptx-sim`: replay golden records and ptxas verdicts against this project.
//!
//! ```text
//! ptx-sim check FILE.jsonl[.gz] [--json] [--target sm_90]
//! ptx-sim check FILE.ptx
//! ```

use ptx_core::Target;
use ptx_core::module::{LineIndex, check_module_text};
use ptx_tools::records::read_jsonl;
use ptx_tools::verdicts::Statement;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// `print!` that ends the program quietly when stdout is closed early (as
/// by `ptx-sim golden FILE | head`), where `print!` would panic.
macro_rules! out {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        if write!(std::io::stdout(), $($arg)*).is_err() {
            std::process::exit(0);
        }
    }};
}

/// `println!` that ends the program quietly when stdout is closed early.
macro_rules! outln {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        if writeln!(std::io::stdout(), $($arg)*).is_err() {
            std::process::exit(0);
        }
    }};
}

const USAGE: &str = "usage: ptx-sim check FILE.jsonl[.gz] [--json] [--target sm_90]\n       ptx-sim check FILE.ptx\n       ptx-sim golden FILE.jsonl[.gz] [--only SUBSTRING] [--max-report N] [--exact]\n       ptx-sim gen-compiled-test FILE.jsonl[.gz] > tests/golden_compiled/forms.rs\n       ptx-sim coverage [RECORDS.jsonl[.gz] ...] > docs/coverage.md";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("check") => run_check(&args[1..]),
        Some("golden") => run_golden(&args[1..]),
        Some("gen-compiled-test") => run_gen(&args[1..]),
        Some("coverage") => run_coverage(&args[1..]),
        _ => Err(USAGE.to_string()),
    };
    match result {
        Ok(code) => code,
        Err(message) => {
            eprintln!("ptx-sim: {message}");
            ExitCode::from(2)
        }
    }
}

/// `ptx-sim check FILE.ptx`: the module checked as ptxas checks it, each
/// diagnostic as `FILE:LINE:COLUMN: severity: message`; exit 1 when any is
/// an error.
fn check_module_file(path: &Path) -> Result<ExitCode, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let diagnostics = check_module_text(&text);
    let lines = LineIndex::new(&text);
    let name = path.display().to_string();
    for d in &diagnostics {
        outln!("{}", lines.render(&name, d));
    }
    let errors = diagnostics.iter().filter(|d| d.is_error()).count();
    let warnings = diagnostics.len() - errors;
    let plural = |n: usize| if n == 1 { "" } else { "s" };
    outln!(
        "{name}: {errors} error{}, {warnings} warning{}",
        plural(errors),
        plural(warnings)
    );
    Ok(if errors == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

struct Options {
    file: PathBuf,
    json: bool,
    target: Target,
}

fn options(args: &[String]) -> Result<Options, String> {
    let mut file = None;
    let mut json = false;
    let mut target = Target::default();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--json" => json = true,
            "--target" => target = it.next().ok_or("--target needs a value")?.parse()?,
            f if !f.starts_with("--") && file.is_none() => file = Some(PathBuf::from(f)),
            other => return Err(format!("unexpected argument `{other}`\n{USAGE}")),
        }
    }
    Ok(Options {
        file: file.ok_or(USAGE)?,
        json,
        target,
    })
}

fn run_check(args: &[String]) -> Result<ExitCode, String> {
    if let [file] = args
        && file.ends_with(".ptx")
    {
        return check_module_file(Path::new(file));
    }
    let opts = options(args)?;
    if opts.file.extension().is_some_and(|e| e == "ptx") {
        return Err(format!(
            "`check FILE.ptx` takes no options: the module's own .target and .version decide what it may use\n{USAGE}"
        ));
    }
    let records = read_jsonl(&opts.file)?;
    let (mut passed, mut failed, mut unjudged) = (0usize, 0usize, 0usize);
    for record in &records {
        let statement = Statement::from_record(record, opts.target)?;
        let verdict = statement.check(opts.target);
        let errors: Vec<String> = match &verdict {
            Ok(()) => Vec::new(),
            Err(diags) => diags
                .iter()
                .filter(|d| d.is_error())
                .map(|d| d.to_string())
                .collect(),
        };
        let ok = verdict.is_ok();
        if opts.json {
            outln!("{}", serde_json::json!({"ok": ok, "errors": errors}));
        }
        match statement.expected {
            None => unjudged += 1,
            Some(expected) if expected == ok => passed += 1,
            Some(expected) => {
                failed += 1;
                if !opts.json {
                    outln!(
                        "FAIL {}  cons={:?}",
                        statement.asm.replace('\n', " "),
                        statement.cons
                    );
                    outln!(
                        "     ptxas: {}  checker: {}",
                        verdict_word(expected),
                        verdict_word(ok)
                    );
                    if let Some(m) = statement.message.as_deref().filter(|m| !m.is_empty()) {
                        outln!("     ptxas says: {m}");
                    }
                    for e in &errors {
                        outln!("     checker says: {e}");
                    }
                }
            }
        }
    }
    if unjudged > 0 {
        outln!("{unjudged} statements without a recorded verdict (reported only)");
    }
    outln!("{passed} passed, {failed} failed");
    Ok(if failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

fn verdict_word(ok: bool) -> &'static str {
    if ok { "accepts" } else { "rejects" }
}

fn run_golden(args: &[String]) -> Result<ExitCode, String> {
    use ptx_tools::golden::{Judge, Outcome, Record, approx_ok, exact, replay_thread, replay_warp};
    let mut file = None;
    let mut only = None;
    let mut max_report = 3usize;
    let mut bit_exact = false;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--only" => only = Some(it.next().ok_or("--only needs a value")?.clone()),
            "--exact" => bit_exact = true,
            "--max-report" => {
                max_report = it
                    .next()
                    .ok_or("--max-report needs a value")?
                    .parse()
                    .map_err(|_| "bad --max-report")?
            }
            f if !f.starts_with("--") && file.is_none() => file = Some(PathBuf::from(f)),
            other => return Err(format!("unexpected argument `{other}`\n{USAGE}")),
        }
    }
    let records = read_jsonl(&file.ok_or(USAGE)?)?;
    let (mut passed, mut failed, mut skipped) = (0usize, 0usize, 0usize);
    for raw in &records {
        let Some(record) = Record::from_json(raw)? else {
            skipped += 1;
            continue;
        };
        if only
            .as_deref()
            .is_some_and(|o| !record.form.contains(o) && !record.asm.contains(o))
        {
            continue;
        }
        let judge: &Judge = if bit_exact { &exact } else { &approx_ok };
        let outcome = if record.scope == "thread" {
            replay_thread(&record, judge)
        } else {
            replay_warp(&record, judge)
        };
        match outcome {
            Outcome::Pass => passed += 1,
            Outcome::Skipped(_) => skipped += 1,
            Outcome::Fail(lines) => {
                failed += 1;
                outln!("FAIL {}", record.asm.replace('\n', " "));
                for l in lines.iter().take(max_report) {
                    outln!("     {l}");
                }
                if lines.len() > max_report {
                    outln!("     ... {} more mismatches", lines.len() - max_report);
                }
            }
        }
    }
    if skipped > 0 {
        outln!("{skipped} records skipped");
    }
    outln!("{passed} passed, {failed} failed");
    Ok(if failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

fn run_gen(args: &[String]) -> Result<ExitCode, String> {
    let [file] = args else {
        return Err(USAGE.to_string());
    };
    let records = read_jsonl(std::path::Path::new(file))?;
    let parsed: Vec<ptx_tools::golden::Record> = records
        .iter()
        .map(ptx_tools::golden::Record::from_json)
        .collect::<Result<Vec<_>, _>>()?
        .into_iter()
        .flatten()
        .collect();
    let name = std::path::Path::new(file)
        .file_name()
        .map_or(file.clone(), |n| n.to_string_lossy().into_owned());
    out!(
        "{}",
        ptx_tools::codegen::compiled_test_source(&parsed, &name)
    );
    Ok(ExitCode::SUCCESS)
}

/// `ptx-sim coverage FILES...`: the coverage table, verified against the
/// records of FILES.
fn run_coverage(args: &[String]) -> Result<ExitCode, String> {
    let mut records = Vec::new();
    for file in args {
        for value in ptx_tools::records::read_jsonl(std::path::Path::new(file))? {
            records.extend(ptx_tools::golden::Record::from_json(&value)?);
        }
    }
    out!(
        "{}",
        ptx_tools::coverage::markdown(&ptx_tools::coverage::rows(&records))
    );
    Ok(ExitCode::SUCCESS)
}
