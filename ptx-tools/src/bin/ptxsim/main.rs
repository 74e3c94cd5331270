//! `ptxsim`: run kernels, replay kernel cases and golden records, and
//! check modules and statements as ptxas does.

use clap::{Args, Parser, Subcommand};
use ptx_core::Target;
use ptx_core::module::{LineIndex, check_module_text};
use ptx_tools::records::read_jsonl;
use ptx_tools::verdicts::Statement;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// `print!` that ends the program quietly when stdout is closed early (as
/// by `ptxsim golden FILE | head`), where `print!` would panic.
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

mod cuda;
mod run;

/// Runs PTX on the CPU, bit for bit as an H100 runs it, and checks it as
/// ptxas does.
#[derive(Parser)]
#[command(name = "ptxsim", version)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Run kernel cases (FILE.jsonl[.gz] ...) or one kernel of a module
    /// (FILE.ptx --entry NAME --grid X,Y,Z --block X,Y,Z [--arg ...]).
    Run(run::RunArgs),
    /// Run an unmodified CUDA program (`-- PROGRAM [ARGS...]`: a binary
    /// built with `nvcc -cudart shared`, python with CuPy or Numba, ...)
    /// on the simulator, through the stand-ins for libcudart.so.13 and
    /// libcuda.so.1 (docs/cuda.md).
    Cuda(cuda::CudaArgs),
    /// Check a module (FILE.ptx) as ptxas does, the asm() statements of a
    /// CUDA source (FILE.cu) as `ptx!` does, or recorded statements
    /// (FILE.jsonl[.gz]) against ptxas's verdicts.
    Check(CheckArgs),
    /// Print every asm() statement of CUDA sources as a JSON line in the
    /// real-world corpus's schema (tests/data/realworld/corpus/README.md), with `path`.
    Extract {
        /// CUDA sources.
        files: Vec<PathBuf>,
    },
    /// Replay golden records (what an H100 computed) through the simulator.
    Golden(GoldenArgs),
    /// Write the compiled-path golden test (ptx-tools/tests/golden_compiled/forms.rs).
    GenCompiledTest {
        /// The records.
        file: PathBuf,
    },
    /// Write the nvptx64 harness's golden kernels: DIR/golden_forms.rs (one
    /// kernel per statement, for rustc's nvptx64 backend) and kernel cases
    /// expecting the records' results from DIR/modules/golden_forms.ptx:
    /// DIR/golden_forms.jsonl.gz (exact forms) and
    /// DIR/golden_forms_gpu_only.jsonl.gz (.approx forms); see
    /// tools/gates/nvptx-harness.
    GenNvptxKernels {
        /// The records.
        file: PathBuf,
        /// The folder written.
        dir: PathBuf,
    },
    /// Write the coverage table (docs/coverage.md), verified against records.
    Coverage {
        /// Record files.
        files: Vec<PathBuf>,
    },
    /// Compare every approximate instruction with the GPU over every
    /// operand (a sample for the two-operand and full .f64 forms); see
    /// docs/special-functions.md.
    SfuExhaustive(SfuArgs),
}

#[derive(Args)]
struct SfuArgs {
    /// Only the forms whose name contains this.
    #[arg(long)]
    only: Option<String>,
    /// Operands per launch, as a power of two.
    #[arg(long, default_value_t = 27)]
    chunk_log: u32,
    /// Sampled operands of the sampled forms, as a power of two.
    #[arg(long, default_value_t = 30)]
    sample_log: u32,
    /// Comparing threads (default: every core).
    #[arg(long)]
    threads: Option<usize>,
}

#[derive(Args)]
struct CheckArgs {
    /// A module (.ptx), a CUDA source (.cu) or recorded statements (.jsonl[.gz]).
    file: PathBuf,
    /// Print each recorded statement's verdict as a JSON line.
    #[arg(long)]
    json: bool,
    /// The target recorded statements are checked for.
    #[arg(long)]
    target: Option<String>,
}

#[derive(Args)]
struct GoldenArgs {
    /// The records.
    file: PathBuf,
    /// Only the records whose form or statement contains this.
    #[arg(long)]
    only: Option<String>,
    /// Mismatching lanes shown per failing record.
    #[arg(long, default_value_t = 3)]
    max_report: usize,
    /// Approximate instructions too must match bit for bit.
    #[arg(long)]
    exact: bool,
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            return ExitCode::from(if e.use_stderr() { 2 } else { 0 });
        }
    };
    let result = match cli.command {
        Command::Run(args) => run::run(args),
        Command::Cuda(args) => cuda::run(args),
        Command::Check(args) => run_check(args),
        Command::Extract { files } => run_extract(&files),
        Command::Golden(args) => run_golden(args),
        Command::GenCompiledTest { file } => run_gen(&file),
        Command::GenNvptxKernels { file, dir } => run_gen_nvptx(&file, &dir),
        Command::Coverage { files } => run_coverage(&files),
        Command::SfuExhaustive(args) => run_sfu(&args),
    };
    match result {
        Ok(code) => code,
        Err(message) => {
            eprintln!("ptxsim: {message}");
            ExitCode::from(2)
        }
    }
}

/// `ptxsim check FILE.ptx`: the module checked as ptxas checks it, each
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
    summary(
        &name,
        diagnostics.iter().filter(|d| d.is_error()).count(),
        diagnostics.len(),
    )
}

/// `NAME: N errors, M warnings`, and the exit code they give.
fn summary(name: &str, errors: usize, all: usize) -> Result<ExitCode, String> {
    let warnings = all - errors;
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

/// `ptxsim check FILE.cu`: every `asm()` statement of a CUDA source
/// checked as `ptx!` checks it, each diagnostic at its place in the file.
/// Bytes that are not UTF-8 (a Latin-1 comment) are read as U+FFFD.
fn check_cuda_file(path: &Path, target: Target) -> Result<ExitCode, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let text = String::from_utf8_lossy(&bytes);
    let name = path.display().to_string();
    let report = ptx_tools::cuda::check_source(&text, target);
    for line in &report.lines(&name) {
        outln!("{line}");
    }
    let plural = if report.statements == 1 { "" } else { "s" };
    outln!(
        "{name}: {} asm statement{plural}, {} not checked",
        report.statements,
        report.unchecked
    );
    summary(&name, report.errors(), report.diagnostics.len())
}

fn run_check(args: CheckArgs) -> Result<ExitCode, String> {
    let extension = args.file.extension().and_then(|e| e.to_str()).unwrap_or("");
    let target = match &args.target {
        Some(t) => t
            .parse()
            .map_err(|e: ptx_core::TargetError| e.to_string())?,
        None => Target::default(),
    };
    match extension {
        "ptx" => {
            if args.json || args.target.is_some() {
                return Err(
                    "`check FILE.ptx` takes no options: the module's own .target and .version decide what it may use"
                        .into(),
                );
            }
            return check_module_file(&args.file);
        }
        "cu" | "cuh" | "h" | "hpp" | "cpp" => return check_cuda_file(&args.file, target),
        _ => {}
    }
    let records = read_jsonl(&args.file).map_err(|e| e.to_string())?;
    let (mut passed, mut failed, mut unjudged) = (0usize, 0usize, 0usize);
    for record in &records {
        let statement = Statement::from_record(record, target).map_err(|e| e.to_string())?;
        let verdict = statement.check(target);
        let errors: Vec<String> = match &verdict {
            Ok(()) => Vec::new(),
            Err(diags) => diags
                .iter()
                .filter(|d| d.is_error())
                .map(|d| d.to_string())
                .collect(),
        };
        let ok = verdict.is_ok();
        if args.json {
            outln!("{}", serde_json::json!({"ok": ok, "errors": errors}));
        }
        match statement.expected {
            None => unjudged += 1,
            Some(expected) if expected == ok => passed += 1,
            Some(expected) => {
                failed += 1;
                if !args.json {
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

fn run_golden(args: GoldenArgs) -> Result<ExitCode, String> {
    use ptx_tools::golden::{Judge, Outcome, Record, approx_ok, exact, replay_thread, replay_warp};
    let records = read_jsonl(&args.file).map_err(|e| e.to_string())?;
    let (mut passed, mut failed, mut skipped) = (0usize, 0usize, 0usize);
    for raw in &records {
        let Some(record) = Record::from_json(raw).map_err(|e| e.to_string())? else {
            skipped += 1;
            continue;
        };
        if args
            .only
            .as_deref()
            .is_some_and(|o| !record.form.contains(o) && !record.asm.contains(o))
        {
            continue;
        }
        let judge: &Judge = if args.exact { &exact } else { &approx_ok };
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
                for l in lines.iter().take(args.max_report) {
                    outln!("     {l}");
                }
                if lines.len() > args.max_report {
                    outln!("     ... {} more mismatches", lines.len() - args.max_report);
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

/// `ptxsim extract FILES...`: each statement as a JSON line.
fn run_extract(files: &[PathBuf]) -> Result<ExitCode, String> {
    for file in files {
        let bytes = std::fs::read(file).map_err(|e| format!("{}: {e}", file.display()))?;
        let source = String::from_utf8_lossy(&bytes);
        for mut record in ptx_tools::cuda::statement_records(&source) {
            record["path"] = file.display().to_string().into();
            outln!("{record}");
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// The records of a golden file (those with an `error` left out) and the
/// file's name.
fn golden_records(file: &Path) -> Result<(Vec<ptx_tools::golden::Record>, String), String> {
    let records = read_jsonl(file).map_err(|e| e.to_string())?;
    let parsed: Vec<ptx_tools::golden::Record> = records
        .iter()
        .map(ptx_tools::golden::Record::from_json)
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| e.to_string())?
        .into_iter()
        .flatten()
        .collect();
    let name = file.file_name().map_or(file.display().to_string(), |n| {
        n.to_string_lossy().into_owned()
    });
    Ok((parsed, name))
}

fn run_gen_nvptx(file: &Path, dir: &Path) -> Result<ExitCode, String> {
    use std::io::Write as _;
    let (parsed, name) = golden_records(file)?;
    let failed = |what: &Path, e: std::io::Error| format!("{}: {e}", what.display());
    std::fs::create_dir_all(dir).map_err(|e| failed(dir, e))?;
    let source = dir.join("golden_forms.rs");
    std::fs::write(
        &source,
        ptx_tools::codegen::nvptx_kernels_source(&parsed, &name),
    )
    .map_err(|e| failed(&source, e))?;
    let kernels = ptx_tools::codegen::forms(&parsed).len();
    outln!("{}: {kernels} kernels", source.display());
    // The exact forms, and the `.approx` ones, whose H100 results the
    // simulator does not reproduce yet: those run on the GPU only.
    for (file, approx) in [("golden_forms", false), ("golden_forms_gpu_only", true)] {
        let cases = ptx_tools::codegen::nvptx_kernel_cases(&parsed, "golden_forms.ptx", approx);
        let path = dir.join(format!("{file}.jsonl.gz"));
        let file = std::fs::File::create(&path).map_err(|e| failed(&path, e))?;
        let mut gz = flate2::write::GzEncoder::new(file, flate2::Compression::default());
        for case in &cases {
            writeln!(gz, "{case}").map_err(|e| failed(&path, e))?;
        }
        gz.finish().map_err(|e| failed(&path, e))?;
        outln!("{}: {} cases", path.display(), cases.len());
    }
    Ok(ExitCode::SUCCESS)
}

fn run_gen(file: &Path) -> Result<ExitCode, String> {
    let (parsed, name) = golden_records(file)?;
    out!(
        "{}",
        ptx_tools::codegen::compiled_test_source(&parsed, &name)
    );
    Ok(ExitCode::SUCCESS)
}

/// `ptxsim coverage FILES...`: the coverage table, verified against the
/// records of FILES.
fn run_coverage(files: &[PathBuf]) -> Result<ExitCode, String> {
    let mut records = Vec::new();
    for file in files {
        for value in read_jsonl(file).map_err(|e| e.to_string())? {
            records
                .extend(ptx_tools::golden::Record::from_json(&value).map_err(|e| e.to_string())?);
        }
    }
    out!(
        "{}",
        ptx_tools::coverage::markdown(&ptx_tools::coverage::rows(&records))
    );
    Ok(ExitCode::SUCCESS)
}

fn run_sfu(args: &SfuArgs) -> Result<ExitCode, String> {
    use ptx_tools::sfu::{FORMS, compare};
    let threads = args
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let mut any = false;
    for form in FORMS {
        if args.only.as_deref().is_some_and(|o| !form.name.contains(o)) {
            continue;
        }
        let started = std::time::Instant::now();
        let tally = compare(
            form,
            args.chunk_log,
            args.sample_log,
            ptx_sim::kernel::Backend::Gpu,
            threads,
        )
        .map_err(|e| e.to_string())?;
        let examples: Vec<String> = tally
            .examples
            .iter()
            .map(|(i, sim, gpu)| format!("{i:#010x}: sim {sim:#x} gpu {gpu:#x}"))
            .collect();
        outln!(
            "{}\t{}\t{}\t{:.1}s\t{}",
            form.name,
            tally.operands,
            tally.differ,
            started.elapsed().as_secs_f64(),
            examples.join("; ")
        );
        any |= tally.differ > 0;
    }
    Ok(if any {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}
