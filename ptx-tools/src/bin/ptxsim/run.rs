//! `ptxsim run`: replay kernel cases, or launch one kernel of a module.

use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use ptx_sim::check::Checks;
use ptx_sim::kernel::{Arg, Backend, Buffer, Module, Ran};
use ptx_sim::machine::Dim3;
use ptx_tools::cases::{Dtype, Loose, Modules, Outcome, read_cases, replay_checked};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Args)]
pub struct RunArgs {
    /// Kernel case files (.jsonl[.gz]), or one module (.ptx).
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// The kernel to launch (a module only).
    #[arg(long)]
    entry: Option<String>,
    /// The grid, X[,Y[,Z]] CTAs (a module only).
    #[arg(long, value_parser = dim3, default_value = "1")]
    grid: Dim3,
    /// A CTA, X[,Y[,Z]] threads (a module only).
    #[arg(long, value_parser = dim3, default_value = "1")]
    block: Dim3,
    /// Bytes of dynamic shared memory (a module only).
    #[arg(long, default_value_t = 0)]
    shared: usize,
    /// A kernel argument, in order: i32:V, u32:V, i64:V, u64:V, f32:V,
    /// f64:V, or a buffer buf:DTYPE:N[:INIT] with INIT zeros (the default),
    /// arange, const=V, random or file=PATH (a module only).
    #[arg(long = "arg", value_name = "ARG")]
    args: Vec<String>,
    /// Run CTAs on this many workers (default: one per core).
    #[arg(long)]
    workers: Option<usize>,
    /// Only the cases whose name contains this.
    #[arg(long)]
    only: Option<String>,
    /// Elements of each buffer printed after a launch (a module only).
    #[arg(long, default_value_t = 16)]
    show: usize,
    /// Write each buffer's bytes to DIR/argK.bin after a launch (a module only).
    #[arg(long)]
    dump: Option<PathBuf>,
    /// Run on the GPU through the CUDA driver instead of the simulator
    /// (cases are judged against their records as the simulator's are).
    #[arg(long, conflicts_with = "diff")]
    gpu: bool,
    /// Run on the GPU and in the simulator, and report where they differ.
    #[arg(long)]
    diff: bool,
    /// Print each case's name and how long it took, as it ends.
    #[arg(long, short)]
    verbose: bool,
    /// Run the sanitizer's checks: all, none, or a list of race, init,
    /// sync (default: what PTX_SIM_CHECKS says, else none). What they
    /// find fails the launch.
    #[arg(long, value_parser = checks)]
    checks: Option<Checks>,
}

/// `--checks`: [`Checks::parse`].
fn checks(text: &str) -> Result<Checks, String> {
    Checks::parse(text).ok_or_else(|| {
        format!("`{text}`: give all, none, or a comma-separated list of race, init, sync")
    })
}

/// `--checks` of a command that passes the list on (to `PTX_SIM_CHECKS`):
/// the list as given, once [`Checks::parse`] accepts it.
pub fn checks_arg(text: &str) -> Result<String, String> {
    checks(text).map(|_| text.to_string())
}

impl RunArgs {
    /// Where the launches run.
    fn backend(&self) -> Backend {
        match (self.gpu, self.diff) {
            (_, true) => Backend::Both,
            (true, false) => Backend::Gpu,
            (false, false) => Backend::Simulator,
        }
    }
}

/// `X[,Y[,Z]]`.
fn dim3(text: &str) -> Result<Dim3, String> {
    let parts: Vec<u32> = text
        .split(',')
        .map(|p| p.trim().parse::<u32>().map_err(|e| format!("`{p}`: {e}")))
        .collect::<Result<_, _>>()?;
    match parts[..] {
        [x] => Ok(Dim3::from(x)),
        [x, y] => Ok(Dim3::from((x, y))),
        [x, y, z] => Ok(Dim3::from((x, y, z))),
        _ => Err(format!("`{text}` is not X[,Y[,Z]]")),
    }
}

pub fn run(args: RunArgs) -> Result<ExitCode, String> {
    let modules = args
        .files
        .iter()
        .filter(|f| f.extension().is_some_and(|e| e == "ptx"))
        .count();
    match (modules, args.files.len()) {
        (0, _) => run_cases(&args),
        (1, 1) => run_module(&args),
        _ => Err("`run` takes case files or one module, not both".into()),
    }
}

/// Replays every case of the files, printing each failure and then
/// `N passed, M failed`.
fn run_cases(args: &RunArgs) -> Result<ExitCode, String> {
    if args.entry.is_some() || !args.args.is_empty() {
        return Err("--entry and --arg launch a module (.ptx), not kernel cases".into());
    }
    let cases: Vec<_> = read_cases(&args.files)
        .map_err(|e| e.to_string())?
        .into_iter()
        .filter(|(c, _)| args.only.as_deref().is_none_or(|o| c.name.contains(o)))
        .collect();
    let bar = ProgressBar::new(cases.len() as u64).with_style(
        ProgressStyle::with_template("{bar:30} {pos}/{len} {msg}")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let mut modules = Modules::default();
    let (mut passed, mut failed) = (0usize, 0usize);
    let mut loose = Loose::default();
    for (case, folder) in &cases {
        bar.set_message(case.name.clone());
        let started = std::time::Instant::now();
        let outcome = match modules.get(&folder.join(&case.module)) {
            Ok(module) => replay_checked(case, module, args.workers, args.backend(), args.checks).0,
            Err(e) => Outcome::Error(e.to_string()),
        };
        bar.inc(1);
        if args.verbose {
            let seconds = started.elapsed().as_secs_f64();
            bar.suspend(|| outln!("{seconds:7.2} s  {}", case.name));
        }
        match outcome {
            Outcome::Pass(l) => {
                passed += 1;
                loose.add(l);
            }
            other => {
                failed += 1;
                bar.suspend(|| {
                    outln!("FAIL {}", case.name);
                    for line in other.to_string().lines() {
                        outln!("     {line}");
                    }
                });
            }
        }
    }
    bar.finish_and_clear();
    if !loose.is_empty() {
        outln!("where the H100's two launches differed: {loose}");
    }
    outln!("{passed} passed, {failed} failed");
    Ok(if failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

/// A buffer argument: its element type and bytes.
struct BufferArg {
    dtype: Dtype,
    bytes: Vec<u8>,
}

/// An argument of `--arg`.
enum Given {
    Scalar(Arg),
    Buffer(BufferArg),
}

/// Reads `--arg` text, the `index`th argument.
fn parse_arg(text: &str, index: usize) -> Result<Given, String> {
    let bad = |why: &str| format!("--arg `{text}`: {why}");
    let (kind, rest) = text
        .split_once(':')
        .ok_or_else(|| bad("expected KIND:VALUE"))?;
    let number = |v: &str| v.parse::<f64>().map_err(|e| bad(&e.to_string()));
    Ok(Given::Scalar(match kind {
        "i32" => Arg::I32(rest.parse().map_err(|e| bad(&format!("{e}")))?),
        "u32" => Arg::U32(rest.parse().map_err(|e| bad(&format!("{e}")))?),
        "i64" => Arg::I64(rest.parse().map_err(|e| bad(&format!("{e}")))?),
        "u64" => Arg::U64(rest.parse().map_err(|e| bad(&format!("{e}")))?),
        "f32" => Arg::F32(number(rest)? as f32),
        "f64" => Arg::F64(number(rest)?),
        "buf" => {
            return parse_buffer(rest, index)
                .map(Given::Buffer)
                .map_err(|e| bad(&e));
        }
        _ => return Err(bad("KIND is one of i32 u32 i64 u64 f32 f64 buf")),
    }))
}

/// `DTYPE:N[:INIT]`, the `index`th argument (what seeds `random`).
fn parse_buffer(text: &str, index: usize) -> Result<BufferArg, String> {
    let mut parts = text.splitn(3, ':');
    let dtype_name = parts.next().unwrap_or("");
    let dtype: Dtype = serde_json::from_value(serde_json::Value::String(dtype_name.into()))
        .map_err(|_| format!("`{dtype_name}` is not an element type"))?;
    let n: usize = parts
        .next()
        .ok_or("expected buf:DTYPE:N")?
        .parse()
        .map_err(|e| format!("the element count: {e}"))?;
    let init = parts.next().unwrap_or("zeros");
    let size = dtype.size();
    let element = |v: f64| -> Vec<u8> {
        let bits: u64 = match dtype {
            Dtype::F32 => u64::from((v as f32).to_bits()),
            Dtype::F64 => v.to_bits(),
            Dtype::F16 => u64::from(half::f16::from_f64(v).to_bits()),
            Dtype::Bf16 => u64::from(half::bf16::from_f64(v).to_bits()),
            _ => v as i64 as u64,
        };
        bits.to_le_bytes()[..size].to_vec()
    };
    let bytes = match init.split_once('=') {
        None if init == "zeros" => vec![0; n * size],
        None if init == "arange" => (0..n).flat_map(|i| element(i as f64)).collect(),
        None if init == "random" => {
            // A fixed generator, so that runs repeat, seeded with the
            // argument's index so that each buffer gets values of its own:
            // floats in [0, 1), integers in [0, 100). (The multiply keeps
            // the seed odd and far from 0, which xorshift never leaves.)
            let mut state =
                0x9E37_79B9_7F4A_7C15u64 ^ (index as u64 + 1).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            if state == 0 {
                state = 0x9E37_79B9_7F4A_7C15;
            }
            (0..n)
                .flat_map(|_| {
                    state ^= state << 13;
                    state ^= state >> 7;
                    state ^= state << 17;
                    let unit = (state >> 11) as f64 / (1u64 << 53) as f64;
                    element(if dtype.is_float() {
                        unit
                    } else {
                        (unit * 100.0).floor()
                    })
                })
                .collect()
        }
        Some(("const", v)) => {
            let v: f64 = v.parse().map_err(|e| format!("const={v}: {e}"))?;
            (0..n).flat_map(|_| element(v)).collect()
        }
        Some(("file", path)) => {
            let mut bytes = std::fs::read(path).map_err(|e| format!("{path}: {e}"))?;
            bytes.resize(n * size, 0);
            bytes
        }
        _ => {
            return Err(format!(
                "`{init}` is not zeros, arange, const=V, random or file=PATH"
            ));
        }
    };
    Ok(BufferArg { dtype, bytes })
}

/// Launches one kernel of a module and prints what it printed and its
/// buffers.
fn run_module(args: &RunArgs) -> Result<ExitCode, String> {
    let path = &args.files[0];
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let module = Module::from_ptx(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    let entry = match (&args.entry, module.entries().as_slice()) {
        (Some(e), _) => e.clone(),
        (None, [only]) => only.to_string(),
        (None, entries) => {
            return Err(format!(
                "--entry is needed: the module's kernels are {}",
                entries.join(", ")
            ));
        }
    };
    let mut launch = module.kernel(&entry).map_err(|e| e.to_string())?;
    let mut buffers: Vec<(usize, Buffer, Dtype)> = Vec::new();
    for (k, text) in args.args.iter().enumerate() {
        match parse_arg(text, k)? {
            Given::Scalar(a) => {
                launch.arg(a);
            }
            Given::Buffer(b) => {
                let buffer = launch.buffer(b.bytes);
                buffers.push((k, buffer, b.dtype));
                launch.arg(buffer);
            }
        }
    }
    launch
        .grid(args.grid)
        .block(args.block)
        .shared_bytes(args.shared);
    if let Some(n) = args.workers {
        launch.workers(n);
    }
    if let Some(checks) = args.checks {
        launch.checks(checks);
    }
    let report = launch
        .backend(args.backend())
        .run()
        .map_err(|e| e.to_string())?;
    if let Ran::Gpu(device) = &report.ran {
        outln!("ran on {device}");
    }
    out!("{}", report.output);
    if let Some(dir) = &args.dump {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    for (k, buffer, dtype) in &buffers {
        let bytes = report.bytes(*buffer);
        let n = bytes.len() / dtype.size();
        let shown: Vec<String> = bytes
            .chunks_exact(dtype.size())
            .take(args.show)
            .map(|e| format!("{}", dtype.value(e)))
            .collect();
        if args.show > 0 {
            let more = if n > args.show { ", ..." } else { "" };
            outln!("arg {k} ({dtype}[{n}]): {}{more}", shown.join(", "));
        }
        if let (Some(gpu), Some(d)) = (&report.gpu, report.difference(*buffer)) {
            let size = dtype.size();
            let i = d.first_byte / size;
            let element = |bytes: &[u8]| dtype.show(&bytes[i * size..(i + 1) * size]);
            outln!(
                "  differs from the GPU's: element {i} is {} here, {} there ({} bytes differ)",
                element(bytes),
                element(gpu.bytes(*buffer)),
                d.bytes
            );
        }
        if let Some(dir) = &args.dump {
            let file = dir.join(format!("arg{k}.bin"));
            std::fs::write(&file, bytes).map_err(|e| format!("{}: {e}", file.display()))?;
        }
    }
    if let Some(gpu) = &report.gpu {
        let Ran::Gpu(device) = &gpu.ran else {
            return Err("the GPU's report says it ran in the simulator".into());
        };
        if report.differs() {
            outln!("the simulator and {device} differ");
            return Ok(ExitCode::FAILURE);
        }
        outln!("the simulator and {device} left the same bytes");
    }
    Ok(ExitCode::SUCCESS)
}
