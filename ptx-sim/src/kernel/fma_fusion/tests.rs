//! The rules against ptxas 13.0 (V13.0.88, `-arch=sm_90`): the counts of
//! `tests/data/contractions.tsv` for whole modules, and which pair ptxas
//! fused in the small kernels of `tools/generators/fma-contraction/experiments.txt`,
//! each test quoting the SASS that `experiments.sass` records for them.

use super::instructions::{exec, register, unit_immediate};
use super::*;
use ptx_core::{Flags, Rounding, ScalarType, Semantics, Step};
use std::io::Read as _;
use std::path::{Path, PathBuf};

/// The repository's root.
fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The text of a module (a path from the repository's root), decompressed if it is `.gz`.
fn module_text(rel: &str) -> String {
    let bytes = std::fs::read(repo().join(rel)).unwrap_or_else(|e| panic!("{rel}: {e}"));
    if !rel.ends_with(".gz") {
        return String::from_utf8(bytes).unwrap_or_else(|e| panic!("{rel}: {e}"));
    }
    let mut text = String::new();
    flate2::read::GzDecoder::new(&bytes[..])
        .read_to_string(&mut text)
        .unwrap_or_else(|e| panic!("{rel}: {e}"));
    text
}

/// The lowered programs of a module's functions, by name.
fn programs(text: &str) -> Vec<(String, Program)> {
    let m = ptx_core::module::parse_module(text).expect("the module parses");
    m.functions()
        .filter_map(|f| {
            let template = m.function_template(f)?;
            let checked = ptx_core::check(&template, &[], m.compile_target()).ok()?;
            let program = ptx_core::lower_function(f, &checked).ok()?;
            Some((f.name.text.clone(), program))
        })
        .collect()
}

// ---------------------------------------------------------------------------
// Whole modules: counts.
// ---------------------------------------------------------------------------

/// The columns of `contractions.tsv`, as `tools/generators/fma-contraction/count.py` writes them.
const COLUMNS: [&str; 12] = [
    "fmul", "fadd", "ffma", "dmul", "dadd", "dfma", "hmul2", "hadd2", "hfma2", "hmul", "hadd",
    "hfma",
];

/// The functions whose counts the rules do not predict, and why.
const EXCEPTIONS: [(&str, &str); 1] = [(
    "branchy_79",
    "ptxas computes `mul %f21` again after the `membar` (its operands are live there) and so \
     fuses it into `sub %f20` before the barrier, though the product is read after it",
)];

/// The columns a type's mul, add and fma count in.
fn columns_of(ty: ScalarType) -> Option<[usize; 3]> {
    match ty {
        ScalarType::F32 => Some([0, 1, 2]),
        ScalarType::F64 => Some([3, 4, 5]),
        ScalarType::F16x2 | ScalarType::Bf16x2 => Some([6, 7, 8]),
        ScalarType::F16 | ScalarType::Bf16 => Some([9, 10, 11]),
        _ => None,
    }
}

/// Whether ptxas keeps a `mul` as a multiplication of its own: not of two
/// immediates (folded), and not by ±1.0 without a rounding modifier or
/// `.sat` (a copy, a negation, or with `.ftz` a flush, which `count.py`
/// does not count).
fn is_kept_mul(step: &Step) -> bool {
    let Some((_, mods, slots)) = exec(step) else {
        return false;
    };
    let sources = slots.get(1..3).unwrap_or(&[]);
    let reads_register = sources.iter().any(|s| register(s).is_some());
    let by_unit = sources.iter().any(|s| unit_immediate(s).is_some());
    let exact = mods.rnd == Rounding::Default && !mods.has(Flags::SAT);
    reads_register && !(by_unit && exact)
}

/// The counts the rules predict for a function, in `COLUMNS` order: of its
/// `mul`, `add`, `sub`, `fma` and `mad` steps that run (not dead code),
/// how many become each kind of SASS instruction. A contraction turns an
/// add into an fma; a mul fused wherever it is read disappears.
fn predicted(program: &Program) -> [i64; 12] {
    let flow = Flow::of(program);
    let products = Products::find(program, &flow);
    let fused = contractions(program);
    let mut counts = [0i64; 12];
    for (i, step) in program.steps.iter().enumerate() {
        let Some((semantics, mods, _)) = exec(step) else {
            continue;
        };
        let Some([mul, add, fma]) = mods.ty(0).and_then(columns_of) else {
            continue;
        };
        if flow.dead[i] || flow.place[i].is_none() {
            continue;
        }
        let taken = fused.iter().filter(|c| c.mul == i).count();
        let reads = products.by_step.get(&i).map(|p| p.reads.len());
        match semantics {
            Semantics::Mul if is_kept_mul(step) && reads != Some(taken) => counts[mul] += 1,
            Semantics::Add | Semantics::Sub if fused.iter().any(|c| c.add == i) => counts[fma] += 1,
            Semantics::Add | Semantics::Sub => counts[add] += 1,
            Semantics::Fma => counts[fma] += 1,
            _ => {}
        }
    }
    counts
}

/// One line of `contractions.tsv`.
struct Recorded {
    /// The module's path from the repository's root.
    module: String,
    /// The function.
    function: String,
    /// ptxas's counts, in `COLUMNS` order.
    counts: [i64; 12],
}

/// The lines of `tests/data/contractions.tsv`.
fn recorded() -> Vec<Recorded> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/contractions.tsv");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().unwrap_or("").split('\t').collect();
    assert_eq!(header[2..], COLUMNS, "the columns of {}", path.display());
    lines
        .map(|line| {
            let fields: Vec<&str> = line.split('\t').collect();
            let mut counts = [0i64; 12];
            for (c, f) in counts.iter_mut().zip(&fields[2..]) {
                *c = f.parse().unwrap_or_else(|e| panic!("{line}: {e}"));
            }
            Recorded {
                module: fields[0].to_string(),
                function: fields[1].to_string(),
                counts,
            }
        })
        .collect()
}

/// How a function's predicted counts differ from ptxas's, if they do.
fn difference(line: &Recorded, program: Option<&Program>) -> Option<String> {
    let Some(program) = program else {
        return Some("not lowered".into());
    };
    let p = predicted(program);
    let diff: Vec<String> = COLUMNS
        .iter()
        .enumerate()
        .filter(|&(k, _)| p[k] != line.counts[k])
        .map(|(k, c)| format!("{c} {} (ptxas {})", p[k], line.counts[k]))
        .collect();
    (!diff.is_empty()).then(|| diff.join(", "))
}

#[test]
fn every_function_counts_what_ptxas_made_of_it() {
    let lines = recorded();
    let mut modules: Vec<&str> = lines.iter().map(|l| l.module.as_str()).collect();
    modules.dedup();
    let mut wrong = Vec::new();
    let mut exceptions_wrong = Vec::new();
    for module in modules {
        let programs = programs(&module_text(module));
        for line in lines.iter().filter(|l| l.module == module) {
            let program = programs.iter().find(|(n, _)| *n == line.function);
            let diff = difference(line, program.map(|(_, p)| p));
            let excepted = EXCEPTIONS.iter().any(|(f, _)| *f == line.function);
            match (diff, excepted) {
                (Some(d), false) => wrong.push(format!("{module} {}: {d}", line.function)),
                (Some(_), true) => exceptions_wrong.push(line.function.clone()),
                (None, _) => {}
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "{} of {} functions:\n{}",
        wrong.len(),
        lines.len(),
        wrong.join("\n")
    );
    let excepted: Vec<String> = EXCEPTIONS.iter().map(|(f, _)| f.to_string()).collect();
    assert_eq!(exceptions_wrong, excepted, "the exceptions still differ");
}

// ---------------------------------------------------------------------------
// Small kernels: which pair.
// ---------------------------------------------------------------------------

/// A kernel as `tools/generators/fma-contraction/probe.py` builds it: `body` after
/// loads of `%f1..8`, `%fd1..8`, `%h1..8` and `%r1..8`, `ST %x` storing `%x`.
fn kernel(body: &str) -> Program {
    let mut lines = Vec::new();
    for i in 1..=8 {
        lines.push(format!("ld.global.f32 %f{i}, [%rd2+{}];", 4 * i));
        lines.push(format!("ld.global.f64 %fd{i}, [%rd2+{}];", 64 + 8 * i));
        lines.push(format!("ld.global.b16 %h{i}, [%rd2+{}];", 160 + 2 * i));
        lines.push(format!("ld.global.b32 %r{i}, [%rd2+{}];", 192 + 4 * i));
    }
    for (k, line) in body
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .enumerate()
    {
        lines.push(match line.strip_prefix("ST ") {
            Some(r) => {
                let ty = match r.trim_start_matches('%').trim_end_matches(char::is_numeric) {
                    "f" => "f32",
                    "fd" => "f64",
                    "h" => "b16",
                    _ => "b32",
                };
                format!("st.global.{ty} [%rd2+{}], {r};", 1024 + 8 * k)
            }
            None => line.to_string(),
        });
    }
    let text = format!(
        ".version 8.0\n.target sm_90\n.address_size 64\n\
         .visible .entry k(.param .u64 p) {{\n\
         .reg .f32 %f<64>; .reg .f64 %fd<64>; .reg .b16 %h<64>; .reg .b32 %r<64>;\n\
         .reg .pred %p<8>; .reg .b64 %rd<8>;\n\
         ld.param.u64 %rd1, [p];\ncvta.to.global.u64 %rd2, %rd1;\n{}\nret;\n}}\n",
        lines.join("\n")
    );
    programs(&text)
        .pop()
        .map(|(_, p)| p)
        .expect("the kernel checks")
}

/// A step's text as written (lowering doubles the `%` of register names).
fn text(program: &Program, step: usize) -> String {
    program.steps[step].text.replace("%%", "%")
}

/// The pairs ptxas fuses in a kernel: (sum, product, operand, negated).
fn fused_signed(body: &str) -> Vec<(String, String, usize, bool)> {
    let program = kernel(body);
    signed_contractions(&program)
        .into_iter()
        .map(|(c, negated)| {
            let add = text(&program, c.add);
            (add, text(&program, c.mul), c.operand, negated)
        })
        .collect()
}

/// The pairs ptxas fuses in a kernel: (sum, product, operand).
fn fused(body: &str) -> Vec<(String, String, usize)> {
    fused_signed(body)
        .into_iter()
        .map(|(a, m, o, _)| (a, m, o))
        .collect()
}

/// `(sum, product, operand)` as `fused` gives them, from `&str`s.
fn pairs(expected: &[(&str, &str, usize)]) -> Vec<(String, String, usize)> {
    expected
        .iter()
        .map(|&(a, m, o)| (a.to_string(), m.to_string(), o))
        .collect()
}

/// Nothing fused.
const NONE: [(&str, &str, usize); 0] = [];

#[test]
fn a_product_read_only_by_a_sum_is_fused() {
    // single: FFMA R5, R0, R5, R7
    let body = "mul.f32 %f10, %f1, %f2;\nadd.f32 %f11, %f10, %f3;\nST %f11";
    assert_eq!(
        fused(body),
        pairs(&[("add.f32 %f11, %f10, %f3;", "mul.f32 %f10, %f1, %f2;", 1)])
    );
    // sub_second: FFMA R5, -R0, R5, R7
    let body = "mul.f32 %f10, %f1, %f2;\nsub.f32 %f11, %f3, %f10;\nST %f11";
    assert_eq!(
        fused(body),
        pairs(&[("sub.f32 %f11, %f3, %f10;", "mul.f32 %f10, %f1, %f2;", 2)])
    );
}

#[test]
fn a_product_read_by_anything_but_sums_is_not_fused() {
    // add_and_store: FMUL R5, R0, R5 / FADD R7, R4, R5
    let body = "mul.f32 %f10, %f1, %f2;\nadd.f32 %f11, %f10, %f3;\nST %f11\nST %f10";
    assert_eq!(fused(body), pairs(&NONE));
    // mul_used_by_mul_and_add: FMUL R5, R0, R5 / FADD R7, R4, R5 / FMUL R5, R6, R5
    let body = "mul.f32 %f10, %f1, %f2;\nadd.f32 %f11, %f10, %f3;\n\
                mul.f32 %f12, %f10, %f4;\nST %f11\nST %f12";
    assert_eq!(fused(body), pairs(&NONE));
    // same_add_twice: FMUL R0, R0, R5 / FADD R5, R0, R0
    let body = "mul.f32 %f10, %f1, %f2;\nadd.f32 %f11, %f10, %f10;\nST %f11";
    assert_eq!(fused(body), pairs(&NONE));
}

#[test]
fn a_product_read_by_several_sums_is_fused_into_each() {
    // two_adds: FFMA R7, R0, R5, R7 / FFMA R5, R0, R5, R4
    let body = "mul.f32 %f10, %f1, %f2;\nadd.f32 %f11, %f10, %f3;\n\
                add.f32 %f12, %f10, %f4;\nST %f11\nST %f12";
    let mul = "mul.f32 %f10, %f1, %f2;";
    assert_eq!(
        fused(body),
        pairs(&[
            ("add.f32 %f11, %f10, %f3;", mul, 1),
            ("add.f32 %f12, %f10, %f4;", mul, 1)
        ])
    );
}

#[test]
fn of_two_products_read_once_operand_1_is_fused_whichever_runs_first() {
    // both_products: FMUL R7, R4, R7 / FFMA R5, R0, R5, R7 (f1*f2 fused)
    let body = "mul.f32 %f10, %f1, %f2;\nmul.f32 %f12, %f3, %f4;\n\
                add.f32 %f11, %f10, %f12;\nST %f11";
    assert_eq!(
        fused(body),
        pairs(&[("add.f32 %f11, %f10, %f12;", "mul.f32 %f10, %f1, %f2;", 1)])
    );
    // both_products_rev: FMUL R5, R0, R5 / FFMA R5, R4, R7, R5 (f3*f4 fused)
    let body = "mul.f32 %f10, %f1, %f2;\nmul.f32 %f12, %f3, %f4;\n\
                add.f32 %f11, %f12, %f10;\nST %f11";
    assert_eq!(
        fused(body),
        pairs(&[("add.f32 %f11, %f12, %f10;", "mul.f32 %f12, %f3, %f4;", 1)])
    );
}

#[test]
fn of_two_products_the_one_read_fewer_times_is_fused() {
    // C_3_vs_2: FMUL R5, R0, R5 (f10 kept) / FFMA R11, R4, R7, R5 (f11 takes f12) /
    // FFMA R13, R4, R7, R8 (f14 takes f12) / FADD R7, R6, R5 / FADD R9, R9, R5
    let body = "mul.f32 %f10, %f1, %f2;\nmul.f32 %f12, %f3, %f4;\n\
                add.f32 %f11, %f10, %f12;\nadd.f32 %f13, %f10, %f5;\n\
                add.f32 %f15, %f10, %f7;\nadd.f32 %f14, %f12, %f6;\n\
                ST %f11\nST %f13\nST %f14\nST %f15";
    let mul = "mul.f32 %f12, %f3, %f4;";
    assert_eq!(
        fused(body),
        pairs(&[
            ("add.f32 %f11, %f10, %f12;", mul, 2),
            ("add.f32 %f14, %f12, %f6;", mul, 1)
        ])
    );
}

#[test]
fn products_read_once_are_fused_before_the_others() {
    // A_other_use_before: FMUL R5, R0, R5 (f10 kept) / FFMA R7, R4, R7, R5 (f11
    // takes f12, read once) / FADD R5, R6, R5 (f13 = f10 + f5, though it runs first)
    let body = "mul.f32 %f10, %f1, %f2;\nmul.f32 %f12, %f3, %f4;\n\
                add.f32 %f13, %f10, %f5;\nadd.f32 %f11, %f10, %f12;\nST %f11\nST %f13";
    assert_eq!(
        fused(body),
        pairs(&[("add.f32 %f11, %f10, %f12;", "mul.f32 %f12, %f3, %f4;", 2)])
    );
}

#[test]
fn a_sum_that_keeps_a_product_as_its_addend_stops_it_being_fused_after() {
    // F_both_2uses_order: FMUL R6, R4, R7 (f12 kept) / FFMA R9, R0, R5, R9 (f13) /
    // FFMA R5, R0, R5, R6 (f11 takes f10, tie) / FFMA R11, R4, R7, R11 (f14 took f12 first)
    let f10 = "mul.f32 %f10, %f1, %f2;";
    let f12 = "mul.f32 %f12, %f3, %f4;";
    let body = "mul.f32 %f10, %f1, %f2;\nmul.f32 %f12, %f3, %f4;\n\
                add.f32 %f14, %f12, %f6;\nadd.f32 %f11, %f10, %f12;\n\
                add.f32 %f13, %f10, %f5;\nST %f11\nST %f13\nST %f14";
    assert_eq!(
        fused(body),
        pairs(&[
            ("add.f32 %f14, %f12, %f6;", f12, 1),
            ("add.f32 %f11, %f10, %f12;", f10, 1),
            ("add.f32 %f13, %f10, %f5;", f10, 1)
        ])
    );
    // B_tie_2_2, the sum of f12 last: FMUL R7, R4, R7 / FFMA R9, R0, R5, R9 /
    // FFMA R5, R0, R5, R7 / FADD R7, R6, R7 (f14 no longer takes f12)
    let body = "mul.f32 %f10, %f1, %f2;\nmul.f32 %f12, %f3, %f4;\n\
                add.f32 %f11, %f10, %f12;\nadd.f32 %f13, %f10, %f5;\n\
                add.f32 %f14, %f12, %f6;\nST %f11\nST %f13\nST %f14";
    assert_eq!(
        fused(body),
        pairs(&[
            ("add.f32 %f11, %f10, %f12;", f10, 1),
            ("add.f32 %f13, %f10, %f5;", f10, 1)
        ])
    );
}

#[test]
fn a_chain_fuses_its_first_product_and_adds_the_rest() {
    // chain_abcd_e: FMUL R7, R4, R7 / FFMA R5, R0, R5, R7 / FADD R5, R6, R5
    let body = "mul.f32 %f10, %f1, %f2;\nmul.f32 %f12, %f3, %f4;\n\
                add.f32 %f13, %f10, %f12;\nadd.f32 %f14, %f13, %f5;\nST %f14";
    assert_eq!(
        fused(body),
        pairs(&[("add.f32 %f13, %f10, %f12;", "mul.f32 %f10, %f1, %f2;", 1)])
    );
}

#[test]
fn a_rounding_modifier_on_either_keeps_them_apart() {
    // mul_rn: FMUL R5, R0, R5 / FADD R5, R4, R5; add_rz: FMUL R5, R0, R5 / FADD.RZ R5, R4, R5
    for (mul, add) in [("mul.rn", "add"), ("mul", "add.rn"), ("mul.rz", "add.rz")] {
        let body = format!("{mul}.f32 %f10, %f1, %f2;\n{add}.f32 %f11, %f10, %f3;\nST %f11");
        assert_eq!(fused(&body), pairs(&NONE), "{mul} {add}");
    }
}

#[test]
fn ftz_must_match_and_sat_is_fused_on_the_sum_only() {
    // mul_ftz: FMUL.FTZ / FADD; add_ftz: FMUL / FADD.FTZ; mul_sat: FMUL.SAT / FADD
    for (mul, add) in [("mul.ftz", "add"), ("mul", "add.ftz"), ("mul.sat", "add")] {
        let body = format!("{mul}.f32 %f10, %f1, %f2;\n{add}.f32 %f11, %f10, %f3;\nST %f11");
        assert_eq!(fused(&body), pairs(&NONE), "{mul} {add}");
    }
    // both_ftz: FFMA.FTZ R5, R0, R5, R7; add_sat: FFMA.SAT R5, R0, R5, R7
    for (mul, add) in [("mul.ftz", "add.ftz"), ("mul", "add.sat")] {
        let body = format!("{mul}.f32 %f10, %f1, %f2;\n{add}.f32 %f11, %f10, %f3;\nST %f11");
        assert_eq!(fused(&body).len(), 1, "{mul} {add}");
    }
}

#[test]
fn copies_between_are_looked_through_and_a_neg_negates_the_product() {
    // neg_between: FFMA R5, -R0, R5, R7
    let body = "mul.f32 %f10, %f1, %f2;\nneg.f32 %f12, %f10;\nadd.f32 %f11, %f12, %f3;\nST %f11";
    let expected = (
        "add.f32 %f11, %f12, %f3;".to_string(),
        "mul.f32 %f10, %f1, %f2;".to_string(),
        1,
        true,
    );
    assert_eq!(fused_signed(body), [expected]);
    // mov_between: FFMA R5, R0, R5, R7; X3_mul_by_one_of_product: FFMA R5, R0, R5, R7
    for copy in ["mov.f32 %f12, %f10;", "mul.f32 %f12, %f10, 0f3F800000;"] {
        let body = format!("mul.f32 %f10, %f1, %f2;\n{copy}\nadd.f32 %f11, %f12, %f3;\nST %f11");
        assert_eq!(fused(&body).len(), 1, "{copy}");
    }
    // abs_between: FMUL R5, R0, R5 / FADD R5, R4, |R5|
    let body = "mul.f32 %f10, %f1, %f2;\nabs.f32 %f12, %f10;\nadd.f32 %f11, %f12, %f3;\nST %f11";
    assert_eq!(fused(body), pairs(&NONE));
}

#[test]
fn a_neg_ftz_is_folded_only_where_the_product_flushes_anyway() {
    // neg_ftz_between: FMUL / FADD.FTZ R5, -R0, -RZ / FADD; NF1_f32_mulftz_neg_addftz: FFMA.FTZ;
    // NB7_f16_neg_ftz: HADD2.FTZ (not fused); NB1_bf16x2_neg: HADD2.BF16_V2 (not fused)
    let cases = [
        ("mul.f32", "neg.ftz.f32", "add.f32", "%f", false),
        ("mul.ftz.f32", "neg.f32", "add.ftz.f32", "%f", true),
        ("mul.ftz.f32", "neg.ftz.f32", "add.ftz.f32", "%f", true),
        ("mul.ftz.f16", "neg.ftz.f16", "add.ftz.f16", "%h", false),
        ("mul.f16", "neg.f16", "add.f16", "%h", true),
        ("mul.bf16x2", "neg.bf16x2", "add.bf16x2", "%r", false),
        ("mul.bf16", "neg.bf16", "add.bf16", "%h", true),
    ];
    for (mul, neg, add, r, fuses) in cases {
        let body = format!(
            "{mul} {r}10, {r}1, {r}2;\n{neg} {r}12, {r}10;\n{add} {r}11, {r}12, {r}3;\nST {r}11"
        );
        assert_eq!(fused(&body).len(), usize::from(fuses), "{mul} {neg} {add}");
    }
}

#[test]
fn a_guarded_sum_is_fused_a_guarded_product_is_not() {
    // pred_add: @P0 FFMA R9, R0, R5, R7
    let body = "setp.gt.f32 %p1, %f5, 0f00000000;\nmov.f32 %f11, %f4;\n\
                mul.f32 %f10, %f1, %f2;\n@%p1 add.f32 %f11, %f10, %f3;\nST %f11";
    assert_eq!(fused(body).len(), 1);
    // pred_mul: @P0 FMUL R7, R0, R5 / FADD R7, R4, R7
    let body = "setp.gt.f32 %p1, %f5, 0f00000000;\nmov.f32 %f10, %f4;\n\
                @%p1 mul.f32 %f10, %f1, %f2;\nadd.f32 %f11, %f10, %f3;\nST %f11";
    assert_eq!(fused(body), pairs(&NONE));
}

#[test]
fn a_product_and_a_sum_in_different_blocks_are_not_fused() {
    // across_branch: FMUL R5, R0, R5 / FADD R5, R4, R5
    let body = "mul.f32 %f10, %f1, %f2;\nsetp.gt.f32 %p1, %f5, 0f00000000;\n\
                @%p1 bra L1;\nadd.f32 %f11, %f10, %f3;\nST %f11\nL1:";
    assert_eq!(fused(body), pairs(&NONE));
    // loop_backedge (the product before the loop): FMUL R0, R0, R5 / FADD R7, R0, R7 ...
    let body = "mov.f32 %f20, %f3;\nmov.u32 %r20, 0;\nmul.f32 %f10, %f1, %f2;\nL1:\n\
                add.f32 %f20, %f10, %f20;\nadd.u32 %r20, %r20, 1;\n\
                setp.lt.u32 %p1, %r20, %r1;\n@%p1 bra L1;\nST %f20";
    assert_eq!(fused(body), pairs(&NONE));
}

#[test]
fn blocks_that_run_on_into_each_other_are_one() {
    // fallthrough_label_used (a branch to the next step): FFMA R5, R0, R5, R7
    // unconditional_jump_chain: FFMA R5, R0, R5, R7
    // empty_if_arm (the arm is dead code): FFMA R5, R0, R5, R7
    let bodies = [
        "mul.f32 %f10, %f1, %f2;\nsetp.gt.f32 %p1, %f5, 0f00000000;\n@%p1 bra L1;\nL1:\n\
         add.f32 %f11, %f10, %f3;\nST %f11",
        "mul.f32 %f10, %f1, %f2;\nbra L2;\nL1:\nadd.f32 %f11, %f10, %f3;\nST %f11\nret;\n\
         L2:\nbra L1;",
        "mul.f32 %f10, %f1, %f2;\nsetp.gt.f32 %p1, %f5, 0f00000000;\n@%p1 bra L1;\n\
         mul.f32 %f20, %f3, %f4;\nL1:\nadd.f32 %f11, %f10, %f3;\nST %f11",
    ];
    for body in bodies {
        assert_eq!(fused(body).len(), 1, "{body}");
    }
}

#[test]
fn a_product_by_an_immediate_is_fused_across_blocks_and_barriers() {
    // L3_branch_imm: FSETP.GT.AND P0, PT, R0, RZ, PT / FFMA R5, R0, 9, R5
    let body = "mul.f32 %f10, %f1, 0f41100000;\nsetp.gt.f32 %p1, %f5, 0f00000000;\n\
                @%p1 bra L1;\nadd.f32 %f11, %f10, %f3;\nST %f11\nL1:";
    assert_eq!(fused(body).len(), 1);
    // Q1_imm_div_between: ... CALL.REL.NOINC / FFMA R5, R2, 9, R5
    let body = "mul.f32 %f10, %f1, 0f41100000;\ndiv.rn.f32 %f20, %f4, %f5;\n\
                add.f32 %f11, %f10, %f3;\nST %f11\nST %f20";
    assert_eq!(fused(body).len(), 1);
}

#[test]
fn a_barrier_between_keeps_them_apart() {
    // Y8_membar_between: FMUL R5, R0, R5 / FADD R5, R4, R5 / MEMBAR.SC.GPU
    // B1_div_rn_f32, B18_div_s32, call_func: FADD at the sum
    for between in [
        "membar.gl;",
        "fence.acq_rel.gpu;",
        "div.rn.f32 %f20, %f4, %f5;\nST %f20",
        "div.s32 %r20, %r4, %r5;\nST %r20",
    ] {
        let body = format!("mul.f32 %f10, %f1, %f2;\n{between}\nadd.f32 %f11, %f10, %f3;\nST %f11");
        assert_eq!(fused(&body), pairs(&NONE), "{between}");
    }
    // div_u32, Z3_atom_between, Y2_barrier_between: FFMA
    for between in [
        "div.u32 %r20, %r4, %r5;\nST %r20",
        "bar.sync 0;",
        "fence.proxy.async;",
    ] {
        let body = format!("mul.f32 %f10, %f1, %f2;\n{between}\nadd.f32 %f11, %f10, %f3;\nST %f11");
        assert_eq!(fused(&body).len(), 1, "{between}");
    }
}

#[test]
fn a_product_by_one_is_a_copy_so_the_other_operand_is_fused() {
    // both_first_is_mul1: FFMA R5, R5, R4, R0 (f1 + f3*f4)
    let body = "mul.f32 %f10, %f1, 0f3F800000;\nmul.f32 %f12, %f3, %f4;\n\
                add.f32 %f11, %f10, %f12;\nST %f11";
    assert_eq!(
        fused(body),
        pairs(&[("add.f32 %f11, %f10, %f12;", "mul.f32 %f12, %f3, %f4;", 2)])
    );
    // mul_both_imm: FADD R5, R0, 15 (folded)
    let body = "mul.f32 %f10, 0f40400000, 0f40A00000;\nadd.f32 %f11, %f10, %f3;\nST %f11";
    assert_eq!(fused(body), pairs(&NONE));
}

#[test]
fn x_plus_x_of_two_equal_products_is_not_fused_x_minus_x_is() {
    // T3_same_order_add: FMUL R0, R0, R5 / FADD R5, R0, R0
    let body = "mul.f32 %f10, %f1, %f2;\nmul.f32 %f11, %f1, %f2;\n\
                add.f32 %f12, %f10, %f11;\nST %f12";
    assert_eq!(fused(body), pairs(&NONE));
    // U1_p_minus_p_separate: FMUL R7, R0, R5 / FFMA R7, R0, R5, -R7
    let body = "mul.f32 %f10, %f1, %f2;\nmul.f32 %f11, %f1, %f2;\n\
                sub.f32 %f12, %f10, %f11;\nST %f12";
    assert_eq!(
        fused(body),
        pairs(&[("sub.f32 %f12, %f10, %f11;", "mul.f32 %f10, %f1, %f2;", 1)])
    );
    // W1 (both read again elsewhere): FMUL R9 / FFMA R7 / FFMA R5, R0, R5, R9 / FADD R9
    let body = "mul.f32 %f10, %f1, %f2;\nmul.f32 %f11, %f1, %f2;\n\
                add.f32 %f12, %f10, %f11;\nadd.f32 %f13, %f10, %f3;\n\
                add.f32 %f14, %f11, %f4;\nST %f12\nST %f13\nST %f14";
    assert_eq!(fused(body).len(), 2);
}

#[test]
fn every_contracted_type_fuses() {
    // d_single: DFMA; h_single: HFMA2 .H0_H0; h2_single: HFMA2.MMA;
    // b_single: HFMA2.BF16_V2; b2_single: HFMA2.MMA.BF16_V2
    for (ty, r) in [
        ("f64", "%fd"),
        ("f16", "%h"),
        ("f16x2", "%r"),
        ("bf16", "%h"),
        ("bf16x2", "%r"),
    ] {
        let body = format!("mul.{ty} {r}10, {r}1, {r}2;\nadd.{ty} {r}11, {r}10, {r}3;\nST {r}11");
        assert_eq!(fused(&body).len(), 1, "{ty}");
        // d_rn, h_rn: not fused
        let body =
            format!("mul.rn.{ty} {r}10, {r}1, {r}2;\nadd.{ty} {r}11, {r}10, {r}3;\nST {r}11");
        assert_eq!(fused(&body), pairs(&NONE), "{ty}");
    }
}

#[test]
fn odd_control_flow_does_not_panic() {
    let bodies = [
        "",
        "L1:\nbra L1;",
        "bra L2;\nmul.f32 %f10, %f1, %f2;\nL2:\nret;\nadd.f32 %f11, %f10, %f3;\nST %f11",
        "mul.f32 %f10, %f1, %f2;\nL1:\nadd.f32 %f10, %f10, %f3;\nsetp.lt.f32 %p1, %f10, %f4;\n\
         @%p1 bra L1;\nST %f10",
        "mul.f32 %f10, %f1, 0f40400000;\nL1:\nadd.f32 %f10, %f10, %f3;\n\
         setp.lt.f32 %p1, %f10, %f4;\n@%p1 bra L1;\nST %f10",
        "@%p1 exit;\nmul.f32 %f10, %f1, %f2;\nadd.f32 %f11, %f10, %f3;\nST %f11",
    ];
    for body in bodies {
        let _ = fused(body);
    }
}
