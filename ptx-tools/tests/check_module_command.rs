//! `ptxsim check FILE.ptx`: a module checked as ptxas checks it, each
//! diagnostic at its line and column, exit 1 on an error.

use std::path::PathBuf;
use std::process::Command;

/// A kernel that adds 1 to each of `n` floats; ptxas 13.0 accepts it as
/// written (`ptxas -arch=sm_90`).
const KERNEL: &str = "\
.version 8.0
.target sm_90
.address_size 64

.visible .entry add_one(.param .u64 data, .param .u32 n)
{
\t.reg .pred %p<2>;
\t.reg .b32 %r<4>;
\t.reg .f32 %f<3>;
\t.reg .b64 %rd<4>;

\tld.param.u64 %rd1, [data];
\tld.param.u32 %r1, [n];
\tmov.u32 %r2, %tid.x;
\tsetp.ge.u32 %p1, %r2, %r1;
\t@%p1 bra DONE;
\tcvta.to.global.u64 %rd2, %rd1;
\tmul.wide.u32 %rd3, %r2, 4;
\tadd.s64 %rd2, %rd2, %rd3;
\tld.global.f32 %f1, [%rd2];
\tadd.f32 %f2, %f1, 0f3F800000;
\tst.global.f32 [%rd2], %f2;
DONE:
\tret;
}
";

/// Runs `ptxsim check` on `text` written to a file named `name`.
fn check(name: &str, text: &str) -> (i32, String, PathBuf) {
    // Removed when the check is done: the path is only named in output.
    let dir = tempfile::tempdir().expect("a temporary folder");
    let path = dir.path().join(name);
    std::fs::write(&path, text).expect("the module written");
    let out = Command::new(env!("CARGO_BIN_EXE_ptxsim"))
        .arg("check")
        .arg(&path)
        .output()
        .expect("ptxsim runs");
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    (out.status.code().unwrap_or(-1), stdout, path)
}

#[test]
fn a_module_ptxas_accepts_checks_clean() {
    let (code, stdout, path) = check("add_one.ptx", KERNEL);
    assert_eq!(code, 0, "{stdout}");
    assert_eq!(
        stdout,
        format!("{}: 0 errors, 0 warnings\n", path.display())
    );
}

#[test]
fn an_error_is_reported_at_its_line_and_column_and_fails_the_run() {
    // `.f32x` is no type: ptxas 13.0 rejects the module at line 20
    // ("Unknown modifier '.f32x'"), and the error points at it.
    let bad = KERNEL.replacen("ld.global.f32 ", "ld.global.f32x ", 1);
    let (line, column) = bad
        .lines()
        .enumerate()
        .find_map(|(i, l)| l.find(".f32x").map(|c| (i + 1, c + 1)))
        .expect("the edited line");
    assert_eq!(line, 20);
    let (code, stdout, path) = check("bad_type.ptx", &bad);
    assert_eq!(code, 1, "{stdout}");
    let at = format!("{}:{line}:{column}: error:", path.display());
    assert!(stdout.contains(&at), "expected `{at}` in:\n{stdout}");
    assert!(stdout.ends_with(": 1 error, 0 warnings\n"), "{stdout}");
}

#[test]
fn options_that_only_statements_take_are_refused() {
    let dir = std::env::temp_dir();
    let out = Command::new(env!("CARGO_BIN_EXE_ptxsim"))
        .args(["check", "--target", "sm_80"])
        .arg(dir.join("any.ptx"))
        .output()
        .expect("ptxsim runs");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("takes no options"));
}

/// A kernel of two buffers that touches neither: what `ptxsim run`
/// prints of them is how they were initialised.
const TWO_BUFFERS: &str = "\
.version 8.0
.target sm_90
.address_size 64

.visible .entry keep(.param .u64 a, .param .u64 b)
{
\tret;
}
";

/// Runs `ptxsim run` on [`TWO_BUFFERS`] with `extra` arguments: exit code
/// and standard output.
fn run_two_buffers(extra: &[&str]) -> (i32, String) {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let path = dir.path().join("keep.ptx");
    std::fs::write(&path, TWO_BUFFERS).expect("the module written");
    let out = Command::new(env!("CARGO_BIN_EXE_ptxsim"))
        .arg("run")
        .arg(&path)
        .args(["--arg", "buf:u32:8:random", "--arg", "buf:u32:8:random"])
        .args(extra)
        .output()
        .expect("ptxsim runs");
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    (out.status.code().unwrap_or(-1), stdout)
}

#[test]
fn random_buffers_each_get_values_of_their_own() {
    let (code, out) = run_two_buffers(&[]);
    assert_eq!(code, 0, "{out}");
    let values = |k: usize| {
        let line = out
            .lines()
            .find(|l| l.starts_with(&format!("arg {k} ")))
            .unwrap_or_else(|| panic!("no line for arg {k}: {out}"));
        line.split_once(": ")
            .expect("values after `: `")
            .1
            .to_string()
    };
    let (a, b) = (values(0), values(1));
    assert_eq!(a.split(", ").count(), 8, "{out}");
    assert_ne!(a, b, "{out}");
    // The same command gives the same values: the generator is fixed.
    assert_eq!(run_two_buffers(&[]).1, out);
}

#[test]
fn showing_no_values_prints_no_empty_list() {
    let (code, out) = run_two_buffers(&["--show", "0"]);
    assert_eq!(code, 0, "{out}");
    assert!(!out.contains(": ,") && !out.contains("arg 0"), "{out}");
}
