//! The `asm()` statements of CUDA sources, checked as `ptx!` checks them.
//!
//! A source is read as the C preprocessor's first phases see it (a
//! backslash at a line's end joins the next line, so statements inside
//! `#define`s are found too), skipping comments, the other string and
//! character literals (raw strings too) and numbers. Each `asm`/`__asm__`
//! statement (with `volatile`, `__volatile__`, `goto` or `inline` after it)
//! gives its template, the concatenation of its string literals with their
//! escapes read, and its operands: `[name] "constraint" (expression)`,
//! outputs then inputs. The template and constraints go through the same
//! checks as a `ptx!` statement's; an `n` operand whose expression is an
//! integer literal gives its value. The C types of the expressions are not
//! known here, so what `ptx!` checks of Rust types is not checked.
//!
//! What the preprocessor would decide is not decided here. A statement
//! with `#if` lines inside is read once per branch (reading `k` takes
//! branch `k` of each conditional), and each reading is checked; a
//! template or operand that a macro builds (`"ld." #modifier`,
//! `__FILE__`) is reported as not checked.
//!
//! A diagnostic points into the source: the template's byte where the
//! checker points, through the literal's escapes, back to its line and column.
//!
//! ```
//! use ptx_core::Target;
//! use ptx_tools::cuda::check_source;
//! let source = r#"
//! __device__ int add(int a, int b) {
//!     int c;
//!     asm volatile("add.s32 %0, %1, %2;" : "=r"(c) : "r"(a), "r"(b));
//!     asm("mul.lo.s32 %0, %1;"
//!         : "=r"(c) : "r"(a));
//!     return c;
//! }"#;
//! let report = check_source(source, Target::default());
//! assert_eq!(report.statements, 2);
//! assert_eq!(report.errors(), 1);
//! let d = &report.diagnostics[0];
//! assert_eq!((d.line, d.column), (5, 10));
//! ```

mod source;
mod statement;

use ptx_core::{AsmOperand, Constraint, ConstraintLetter, Diagnostic, Target, check, parse};

/// A diagnostic at a place in a CUDA source.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CudaDiagnostic {
    /// Line, from 1.
    pub line: u32,
    /// Column, from 1.
    pub column: u32,
    /// Whether it is an error (else a warning).
    pub error: bool,
    /// What is wrong.
    pub message: String,
}

/// What checking a source found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CudaReport {
    /// How many `asm()` statements it holds.
    pub statements: usize,
    /// How many of them could not be read, and so were not checked.
    pub unchecked: usize,
    /// The diagnostics, in the order of the text.
    pub diagnostics: Vec<CudaDiagnostic>,
}

impl CudaReport {
    /// Each diagnostic as `NAME:LINE:COLUMN: error: message`.
    pub fn lines(&self, name: &str) -> Vec<String> {
        self.diagnostics
            .iter()
            .map(|d| {
                let severity = if d.error { "error" } else { "warning" };
                format!("{name}:{}:{}: {severity}: {}", d.line, d.column, d.message)
            })
            .collect()
    }

    /// How many diagnostics are errors.
    pub fn errors(&self) -> usize {
        self.diagnostics.iter().filter(|d| d.error).count()
    }
}

/// One operand of an `asm()` statement of a CUDA source, as written:
/// `[name] "constraint" (expression)`. (ptx-core's [`AsmOperand`] is the
/// checker's view of one, its constraint parsed.)
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CudaOperand {
    /// `[name]`, if written.
    pub name: Option<String>,
    /// The constraint (`"=r"`).
    pub constraint: String,
    /// The C expression, as written (comments out, blanks collapsed).
    pub expression: String,
    /// Where the constraint's literal starts in the source.
    pub at: usize,
}

/// One `asm()` statement of a CUDA source.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AsmStatement {
    /// Where `asm` starts in the source.
    pub at: usize,
    /// The template: its string literals concatenated, escapes read.
    pub template: String,
    /// The source offset of each byte of the template.
    origins: Vec<usize>,
    /// The outputs, then the inputs.
    pub operands: Vec<CudaOperand>,
    /// How many of the operands are outputs.
    pub outputs: usize,
    /// Written without `:` (GCC's basic asm), so the template reaches the
    /// assembler as written: `%` is no operand there, `%%` two percent signs.
    pub basic: bool,
    /// Which reading of the statement this is, from 0: reading `k` takes
    /// branch `k` of each `#if` inside (its last, where it has fewer).
    pub reading: usize,
    /// How many readings the statement has: 1 without `#if` lines inside.
    pub readings: usize,
}

/// What the reader has to say of a statement: why it could not read it,
/// or a doubt about one it read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadProblem {
    /// Where, as a source offset: the statement's `asm`, or a place in it.
    pub at: usize,
    /// What is wrong.
    pub message: String,
    /// Whether the statement went unread, and so unchecked.
    pub unread: bool,
}

/// Every `asm()` statement of `source`, and what the reader has to say of
/// those it could not read (a template built by a macro, an unclosed
/// literal) or read with a doubt (operands without a comma between them).
///
/// A statement with `#if` lines inside gives one entry per reading (see
/// [`AsmStatement::reading`]); an asm label (`int f(void) asm("g");`)
/// gives none.
///
/// ```
/// use ptx_tools::cuda::asm_statements;
/// let source = "asm volatile(\"mov.u32 %0, %%laneid;\" : [lane] \"=r\"(id));";
/// let (statements, problems) = asm_statements(source);
/// assert!(problems.is_empty());
/// assert_eq!(statements[0].template, "mov.u32 %0, %%laneid;");
/// assert_eq!(statements[0].operands[0].name.as_deref(), Some("lane"));
/// assert_eq!(statements[0].operands[0].expression, "id");
/// ```
pub fn asm_statements(source: &str) -> (Vec<AsmStatement>, Vec<ReadProblem>) {
    statement::find(source)
}

/// The items the readings of one statement gave (one list per reading),
/// each once. When there are several readings, one that only some gave
/// says, in `message`, the first reading that did.
fn merge_readings<T: PartialEq>(
    per_reading: Vec<Vec<T>>,
    message: impl Fn(&mut T) -> &mut String,
) -> Vec<T> {
    let readings = per_reading.len();
    let mut merged: Vec<(T, Vec<usize>)> = Vec::new();
    for (reading, items) in per_reading.into_iter().enumerate() {
        for item in items {
            match merged.iter_mut().find(|(seen, _)| *seen == item) {
                Some((_, by)) => by.push(reading),
                None => merged.push((item, vec![reading])),
            }
        }
    }
    merged
        .into_iter()
        .map(|(mut item, by)| {
            if let (true, Some(first)) = (by.len() < readings, by.first()) {
                let branch = first + 1;
                message(&mut item).push_str(&format!(
                    " (reading branch {branch} of each `#if` in the statement)"
                ));
            }
            item
        })
        .collect()
}

/// The value of an integer literal expression (`16`, `0x1f`, `-1`, `4u`,
/// `010` in octal, `0b101`, `1'000`), in parentheses or not.
pub(crate) fn integer_value(expression: &str) -> Option<i128> {
    let mut text = expression.trim();
    while let Some(inner) = text.strip_prefix('(').and_then(|t| t.strip_suffix(')')) {
        text = inner.trim();
    }
    let (negative, literal) = match text.strip_prefix('-') {
        Some(rest) => (true, rest.trim_start()),
        None => (false, text),
    };
    let digits: String = literal
        .trim_end_matches(['u', 'U', 'l', 'L', 'z', 'Z'])
        .chars()
        .filter(|&c| c != '\'')
        .collect();
    let (radix, body) = if let Some(hex) = digits.strip_prefix("0x").or(digits.strip_prefix("0X")) {
        (16, hex)
    } else if let Some(binary) = digits.strip_prefix("0b").or(digits.strip_prefix("0B")) {
        (2, binary)
    } else if let Some(octal) = digits.strip_prefix('0').filter(|o| !o.is_empty()) {
        (8, octal)
    } else {
        (10, digits.as_str())
    };
    if body.is_empty() || !body.chars().all(|c| c.is_digit(radix)) {
        return None;
    }
    let value = i128::from_str_radix(body, radix).ok()?;
    if negative {
        value.checked_neg()
    } else {
        Some(value)
    }
}

/// Line and column (from 1, in characters) of byte `offset` of `source`.
fn line_column(source: &str, offset: usize) -> (u32, u32) {
    let before = source.get(..offset).unwrap_or(source);
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line as u32, column as u32)
}

/// Each statement of `source` (each reading of one with `#if` lines
/// inside) as a JSON record in the schema of the real-world corpus
/// (`tests/data/realworld/corpus/README.md`): `line`, `template`, `outputs`, `inputs`,
/// `named`, `output_exprs`, `input_exprs`, and also `basic` and `reading`
/// of `readings`. Statements the reader could not read are left out.
///
/// ```
/// use ptx_tools::cuda::statement_records;
/// let source = "\n  asm(\"add.s32 %0, %1, 2;\" : \"=r\"(c) : \"r\"(a));";
/// let records = statement_records(source);
/// assert_eq!(records[0]["line"], 2);
/// assert_eq!(records[0]["template"], "add.s32 %0, %1, 2;");
/// assert_eq!(records[0]["outputs"][0], "=r");
/// assert_eq!(records[0]["input_exprs"][0], "a");
/// ```
pub fn statement_records(source: &str) -> Vec<serde_json::Value> {
    let (statements, _) = asm_statements(source);
    statements
        .iter()
        .map(|s| {
            let (outputs, inputs) = s.operands.split_at(s.outputs.min(s.operands.len()));
            let constraints =
                |ops: &[CudaOperand]| ops.iter().map(|o| o.constraint.clone()).collect::<Vec<_>>();
            let expressions =
                |ops: &[CudaOperand]| ops.iter().map(|o| o.expression.clone()).collect::<Vec<_>>();
            let named: Vec<Option<String>> = s.operands.iter().map(|o| o.name.clone()).collect();
            serde_json::json!({
                "line": line_column(source, s.at).0,
                "template": s.template,
                "outputs": constraints(outputs),
                "inputs": constraints(inputs),
                "named": named,
                "output_exprs": expressions(outputs),
                "input_exprs": expressions(inputs),
                "basic": s.basic,
                "reading": s.reading,
                "readings": s.readings,
            })
        })
        .collect()
}

/// Checks every `asm()` statement of the CUDA source `text` for `target`.
///
/// A statement read in several readings (`#if` lines inside) is counted
/// once; a diagnostic that only some of its readings give says which.
pub fn check_source(text: &str, target: Target) -> CudaReport {
    let (statements, problems) = asm_statements(text);
    let mut findings: Vec<Finding> = problems
        .iter()
        .map(|p| Finding {
            at: p.at,
            error: false,
            message: p.message.clone(),
        })
        .collect();
    let mut starts: Vec<usize> = statements.iter().map(|s| s.at).collect();
    for readings in statements.chunk_by(|a, b| a.at == b.at) {
        let per_reading = readings
            .iter()
            .map(|s| check_statement(s, target))
            .collect();
        findings.extend(merge_readings(per_reading, |f| &mut f.message));
    }
    let mut unread: Vec<usize> = problems.iter().filter(|p| p.unread).map(|p| p.at).collect();
    unread.sort_unstable();
    unread.dedup();
    starts.extend(&unread);
    starts.sort_unstable();
    starts.dedup();
    findings.sort_by_key(|f| f.at);
    CudaReport {
        statements: starts.len(),
        unchecked: unread.len(),
        diagnostics: findings
            .into_iter()
            .map(|f| {
                let (line, column) = line_column(text, f.at);
                CudaDiagnostic {
                    line,
                    column,
                    error: f.error,
                    message: f.message,
                }
            })
            .collect(),
    }
}

/// One problem of a statement, at a source offset.
#[derive(PartialEq, Eq)]
struct Finding {
    at: usize,
    error: bool,
    message: String,
}

/// The problems of one statement (one reading) checked for `target`.
fn check_statement(s: &AsmStatement, target: Target) -> Vec<Finding> {
    let mut out = Vec::new();
    let mut operands = Vec::new();
    for (k, o) in s.operands.iter().enumerate() {
        match o.constraint.parse::<Constraint>() {
            Ok(constraint) => {
                let value = (constraint.letter == ConstraintLetter::N)
                    .then(|| integer_value(&o.expression))
                    .flatten();
                if k >= s.outputs && constraint.is_output() {
                    out.push(Finding {
                        at: o.at,
                        error: true,
                        message: format!(
                            "input operand %{k} has the output constraint \"{}\"",
                            o.constraint
                        ),
                    });
                }
                operands.push(AsmOperand {
                    constraint,
                    name: o.name.clone(),
                    value,
                });
            }
            Err(message) => out.push(Finding {
                at: o.at,
                error: true,
                message: format!("operand %{k}: {message}"),
            }),
        }
    }
    if !out.is_empty() {
        return out;
    }
    let (template, origins) = template_as_checked(s);
    let origin = |k: usize| origins.get(k).or(origins.last()).copied().unwrap_or(s.at);
    if !s.basic {
        out.extend(named_references(&template).map(|(k, name)| {
            let number = s.operands.iter().position(|o| o.name.as_deref() == Some(name));
            let instead = number.map_or(String::new(), |n| format!("; write `%{n}`"));
            Finding {
                at: origin(k),
                error: true,
                message: format!(
                    "nvcc does not take `%[{name}]` (it stops with \"symbolic operand reference not supported\"){instead}"
                ),
            }
        }));
    }
    let finding = |d: &Diagnostic| Finding {
        at: origin(d.span.start as usize),
        error: d.is_error(),
        message: d.message.clone(),
    };
    match parse(&template).and_then(|t| check(&t, &operands, target)) {
        Ok(c) => out.extend(c.warnings.iter().map(finding)),
        Err(diags) => out.extend(diags.iter().map(finding)),
    }
    out
}

/// Each `%[name]` of an extended statement's template: its byte offset
/// and the name. `ptx!` takes them; nvcc 13.0 does not.
fn named_references(template: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut rest = template.char_indices();
    std::iter::from_fn(move || {
        while let Some((k, c)) = rest.next() {
            if c != '%' {
                continue;
            }
            match rest.clone().next() {
                Some((_, '%')) => {
                    rest.next();
                }
                Some((open, '[')) => {
                    let name = template[open + 1..].split(']').next().unwrap_or("");
                    return Some((k, name));
                }
                _ => {}
            }
        }
        None
    })
}

/// The template as the checker (which reads extended asm) is to read it,
/// and each byte's source offset: a basic statement's `%` is doubled, as
/// the assembler gets it as written.
fn template_as_checked(s: &AsmStatement) -> (String, Vec<usize>) {
    if !s.basic {
        // nvcc puts a number unique to the statement for each `%=`.
        let (template, from) = ptx_core::number_statement(&s.template, 0);
        let origin = |k: usize| s.origins.get(k).copied().unwrap_or(s.at);
        return (template, from.into_iter().map(origin).collect());
    }
    let mut template = String::with_capacity(s.template.len());
    let mut origins = Vec::with_capacity(s.origins.len());
    for (k, c) in s.template.char_indices() {
        let at = s.origins.get(k).copied().unwrap_or(s.at);
        let copies = if c == '%' { 2 } else { 1 };
        for _ in 0..copies {
            template.push(c);
            origins.extend(std::iter::repeat_n(at, c.len_utf8()));
        }
    }
    (template, origins)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integer_literals_are_read_as_c_reads_them() {
        let values: Vec<_> = [
            "16", "0x1f", "-1", "4u", "010", "0b101", "1'000", "(2)", "N", "1 + 2",
        ]
        .iter()
        .map(|e| integer_value(e))
        .collect();
        let expected = [
            Some(16),
            Some(31),
            Some(-1),
            Some(4),
            Some(8),
            Some(5),
            Some(1000),
            Some(2),
            None,
            None,
        ];
        assert_eq!(values, expected);
    }

    #[test]
    fn a_basic_statement_keeps_its_percent_signs_as_written() {
        // ptxas 13.0 accepts `%t` as a register's name in basic asm.
        let report = check_source(
            r#"asm volatile("{ .reg .u32 %t; mov.u32 %t, %laneid; }");"#,
            Target::default(),
        );
        assert_eq!((report.statements, report.diagnostics.len()), (1, 0));
    }

    #[test]
    fn a_named_operand_reference_is_an_error_as_nvcc_makes_it() {
        let source = r#"asm("mov.u32 %[out], %%laneid;" : [out] "=r"(x));"#;
        let report = check_source(source, Target::default());
        assert_eq!(
            report.lines("k.cu"),
            [
                "k.cu:1:14: error: nvcc does not take `%[out]` (it stops with \"symbolic operand reference not supported\"); write `%0`"
            ]
        );
    }
}
