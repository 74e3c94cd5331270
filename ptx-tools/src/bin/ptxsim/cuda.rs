//! `ptxsim cuda -- PROGRAM [ARGS...]`: runs an unmodified CUDA program (a
//! binary built with `nvcc -cudart shared`, a Python process using CuPy or
//! Numba, a Rust program using cudarc) on the simulator, as
//! `compute-sanitizer PROGRAM` runs one under its tools: the program finds
//! the stand-ins for `libcudart.so.13` and `libcuda.so.1` (the
//! `ptx-libcuda` crate) first on its library path, and every kernel it
//! launches runs on ptx-sim.

use clap::Args;
use std::ffi::OsString;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

/// The names the stand-in answers to, which its folder must hold.
const LIBRARIES: [&str; 2] = ["libcudart.so.13", "libcuda.so.1"];

#[derive(Args)]
pub struct CudaArgs {
    /// The folder holding the stand-in's `libcudart.so.13` and
    /// `libcuda.so.1` (default: `$PTX_LIBCUDA_DIR`, else the `cuda/`
    /// folder beside this executable, where `cargo build --release`
    /// leaves them).
    #[arg(long, value_name = "DIR")]
    lib: Option<PathBuf>,
    /// Run the sanitizer's checks on every launch: all, none, or a list of
    /// race, init, sync (sets `PTX_SIM_CHECKS` for the program).
    #[arg(long, value_parser = super::run::checks_arg, value_name = "LIST")]
    checks: Option<String>,
    /// The program and its arguments.
    #[arg(required = true, trailing_var_arg = true, allow_hyphen_values = true)]
    program: Vec<OsString>,
}

/// Runs the program with the stand-in first on its library path; returns
/// only if it could not be started.
pub fn run(args: CudaArgs) -> Result<ExitCode, String> {
    let folder = match args.lib {
        Some(dir) => dir,
        None => default_folder()?,
    };
    check_folder(&folder)?;
    let mut path = OsString::from(folder.as_os_str());
    if let Some(rest) = std::env::var_os("LD_LIBRARY_PATH").filter(|p| !p.is_empty()) {
        path.push(":");
        path.push(rest);
    }
    let (program, rest) = args.program.split_first().expect("clap requires a program");
    let mut command = Command::new(program);
    command.args(rest).env("LD_LIBRARY_PATH", path);
    if let Some(checks) = args.checks {
        command.env("PTX_SIM_CHECKS", checks);
    }
    // `exec` replaces this process: the program's exit status, signals
    // and terminal are its own, as if it had been started directly.
    let error = command.exec();
    Err(format!(
        "could not start {}: {error}",
        Path::new(program).display()
    ))
}

/// `$PTX_LIBCUDA_DIR`, else `cuda/` beside this executable.
fn default_folder() -> Result<PathBuf, String> {
    if let Some(dir) = std::env::var_os("PTX_LIBCUDA_DIR") {
        return Ok(PathBuf::from(dir));
    }
    let exe = std::env::current_exe().map_err(|e| format!("cannot find this executable: {e}"))?;
    let beside = exe.parent().unwrap_or(Path::new(".")).join("cuda");
    Ok(beside)
}

/// Whether `folder` holds the stand-in under both names; if not, what to
/// build.
fn check_folder(folder: &Path) -> Result<(), String> {
    let missing: Vec<&str> = LIBRARIES
        .into_iter()
        .filter(|name| !folder.join(name).exists())
        .collect();
    if missing.is_empty() {
        return Ok(());
    }
    Err(format!(
        "{} has no {}: build the stand-in with `cargo build --release -p ptx-libcuda` \
         (it leaves both in target/release/cuda/), or name its folder with --lib or PTX_LIBCUDA_DIR",
        folder.display(),
        missing.join(" or ")
    ))
}
