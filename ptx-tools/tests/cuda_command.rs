//! `ptxsim cuda -- PROGRAM`: the program runs with the stand-in's folder
//! first on `LD_LIBRARY_PATH` and the checks in `PTX_SIM_CHECKS`, with its
//! own exit status; a folder without the stand-in, a bad check list and a
//! program that cannot start are errors (exit 2) that say what to do.
//!
//! The program here is `sh`, which prints what it was given: what the
//! stand-in does with a CUDA program is `ptx-libcuda`'s tests' business.

use std::path::Path;
use std::process::{Command, Output};

/// Runs `ptxsim cuda ARGS...`.
fn cuda(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ptxsim"))
        .arg("cuda")
        .args(args)
        .env("LD_LIBRARY_PATH", "/elsewhere")
        .output()
        .expect("ptxsim runs")
}

/// A folder holding files under the stand-in's two names.
fn fake_stand_in(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("ptxsim-cuda-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    for lib in ["libcudart.so.13", "libcuda.so.1"] {
        std::fs::write(dir.join(lib), b"").expect("a file");
    }
    dir
}

#[test]
fn the_program_gets_the_folder_first_the_checks_and_its_own_exit_status() {
    let dir = fake_stand_in("env");
    let lib = dir.to_str().expect("a UTF-8 path");
    let out = cuda(&[
        "--lib",
        lib,
        "--checks",
        "race,init",
        "--",
        "sh",
        "-c",
        "echo \"$LD_LIBRARY_PATH|$PTX_SIM_CHECKS|$1\"; exit 7",
        "sh",
        "--flag-for-the-program",
    ]);
    assert_eq!(
        String::from_utf8_lossy(&out.stdout).trim(),
        format!("{lib}:/elsewhere|race,init|--flag-for-the-program")
    );
    assert_eq!(out.status.code(), Some(7));
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_folder_without_the_stand_in_says_what_to_build() {
    let out = cuda(&["--lib", "/", "--", "true"]);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("/ has no libcudart.so.13 or libcuda.so.1")
            && stderr.contains("cargo build --release -p ptx-libcuda"),
        "{stderr}"
    );
}

#[test]
fn a_bad_check_list_and_a_missing_program_are_errors() {
    let dir = fake_stand_in("errors");
    let lib = dir.to_str().expect("a UTF-8 path");
    let out = cuda(&["--lib", lib, "--checks", "races", "--", "true"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("race, init, sync"));
    let missing = Path::new(lib).join("no-such-program");
    let out = cuda(&["--lib", lib, "--", missing.to_str().expect("UTF-8")]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("could not start"));
    let _ = std::fs::remove_dir_all(dir);
}
