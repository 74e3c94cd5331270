//! `ptxsim check FILE.cu`: every `asm()` statement of a CUDA source read
//! and checked as `ptx!` checks it, each diagnostic at its line and column,
//! exit 0 when clean, 1 on an error, 2 when the file cannot be read.
//!
//! The sources in `tests/data/cuda/` say in their comments what nvcc and
//! ptxas 13.0 make of each statement (`nvcc -cubin -arch=sm_90a`); the
//! expected diagnostics below follow from that.

use std::path::{Path, PathBuf};
use std::process::Command;

/// What one run of the command gave.
struct Run {
    code: i32,
    stdout: String,
    stderr: String,
}

fn data(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/cuda")
        .join(name)
}

/// Runs `ptxsim check PATH --target sm_90a`.
fn check(path: &Path) -> Run {
    let out = Command::new(env!("CARGO_BIN_EXE_ptxsim"))
        .arg("check")
        .arg(path)
        .args(["--target", "sm_90a"])
        .output()
        .expect("ptxsim runs");
    Run {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

/// The lines the command prints: `diagnostics` (each `LINE:COLUMN:
/// severity: message`) prefixed with the path, then the two summaries.
fn expected(path: &Path, diagnostics: &[&str], summary: [&str; 2]) -> String {
    let name = path.display();
    let mut out = String::new();
    for line in diagnostics.iter().chain(&summary) {
        out.push_str(&format!("{name}:{line}\n"));
    }
    out
}

#[test]
fn every_form_of_statement_is_read_and_none_is_wrong() {
    // Keywords and qualifiers, templates over several lines, escapes, raw
    // strings, named operands, `::` and `:::`, clobbers, expressions with
    // casts, templates and commas, an `n` operand, basic asm, `#if` inside
    // a statement; and asm in comments, literals, longer words and asm
    // labels, which are no statements. ptxas accepts all 14.
    let path = data("forms.cu");
    let run = check(&path);
    assert_eq!(
        run.stdout,
        expected(
            &path,
            &[],
            [" 14 asm statements, 0 not checked", " 0 errors, 0 warnings"]
        )
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
}

#[test]
fn statements_in_macros_are_found_and_those_a_macro_builds_are_not_checked() {
    let path = data("macros.cu");
    let run = check(&path);
    assert_eq!(
        run.stdout,
        expected(
            &path,
            &[
                "18:5: warning: the template stringifies the macro parameter `type` (`#type`): not checked",
                "23:5: warning: the template is built with `LINE_TEXT` (a macro?), not string literals alone: not checked",
                "34:5: warning: the template is built with `MOVE_TEMPLATE` (a macro?), not string literals alone: not checked",
                "35:5: warning: an operand is built with `WRITES` (a macro?), not written as `\"constraint\"(expression)`: not checked",
            ],
            [" 6 asm statements, 4 not checked", " 0 errors, 4 warnings"]
        )
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
}

#[test]
fn each_error_stands_where_the_source_has_it_and_fails_the_run() {
    let path = data("mistakes.cu");
    let run = check(&path);
    assert_eq!(
        run.stdout,
        expected(
            &path,
            &[
                "11:22: error: unknown type `.s33` in `add.s33`",
                // The template's fourth line, past the `\n\t` escapes.
                "18:34: error: operand `b` of `add.u32` must fit .u32, but `%2` is a .b16 register (constraint \"h\")",
                "25:19: error: `tcgen05.fence::before_thread_sync` needs sm_100f; the target is sm_90a",
                // The raw string's third line.
                "31:12: error: `neg` does not take type `.u32`",
                "39:19: error: unknown type `.u33` in `st.global.u33` (reading branch 2 of each `#if` in the statement)",
                "45:56: warning: no `,` before this operand: nvcc reads it as the next operand, GCC and Clang reject it",
                "49:51: error: operand `count` of `setmaxnreg.inc.sync.aligned.u32` must be one of 24..=256 in steps of 8, found 20",
                "57:18: error: nvcc does not take `%[sum]` (it stops with \"symbolic operand reference not supported\"); write `%0`",
            ],
            [" 8 asm statements, 0 not checked", " 7 errors, 1 warning"]
        )
    );
    assert_eq!(run.code, 1, "{}", run.stderr);
}

#[test]
fn bytes_that_are_not_utf8_do_not_stop_the_check() {
    // A Latin-1 comment (0xE9, "é") before a statement ptxas accepts.
    let dir = tempfile::tempdir().expect("a temporary folder");
    let path = dir.path().join("latin1.cu");
    let mut text = b"// caf\xe9\n__device__ unsigned lane() {\n".to_vec();
    text.extend_from_slice(b"    unsigned r;\n    asm(\"mov.u32 %0, %%laneid;\" : \"=r\"(r));\n");
    text.extend_from_slice(b"    return r;\n}\n");
    std::fs::write(&path, text).expect("the source written");
    let run = check(&path);
    assert_eq!(
        run.stdout,
        expected(
            &path,
            &[],
            [" 1 asm statement, 0 not checked", " 0 errors, 0 warnings"]
        )
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
}

#[test]
fn a_file_that_cannot_be_read_exits_2() {
    let missing = data("no_such_file.cu");
    let run = check(&missing);
    assert_eq!(run.code, 2);
    assert!(run.stdout.is_empty(), "{}", run.stdout);
    assert!(
        run.stderr
            .starts_with(&format!("ptxsim: {}: ", missing.display())),
        "{}",
        run.stderr
    );
    // A folder named like a source.
    let dir = tempfile::Builder::new()
        .suffix(".cu")
        .tempdir()
        .expect("a temporary folder");
    assert_eq!(check(dir.path()).code, 2);
}
