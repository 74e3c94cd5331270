//! Every rule that can reject a `ptx!` statement, in one place: the template
//! through ptx-core's parser and checker, then the rules that only make
//! sense for inline asm (operands used, outputs written, the `.reg` pitfall).
//! All problems are collected and reported together.

use crate::diagnostic::message;
use crate::statement::{Statement, Syntax};
use proc_macro2::{Span, TokenStream};
use ptx_core::syntax::{Item, Template};
use ptx_core::{
    AsmOperand, ConstraintLetter, Diagnostic, OperandAccess, Program, check, lower, parse,
};
use quote::ToTokens;

/// A statement that passed every check, ready to expand.
pub struct Validated {
    /// The template after `C` operands were spliced (and, in the token form,
    /// Rust places were rewritten to `%[name]`).
    pub template: Option<Template>,
    /// The lowered program, when the template could be checked at compile time.
    pub program: Option<Program>,
    /// The template text after splicing literal `C` operands.
    pub text: String,
    /// Whether a `C` operand is a constant path: the text is only known at
    /// run time, so the host code checks and interprets it then.
    pub runtime_text: bool,
    /// What nvcc and ptxas accept but is probably a mistake, shown as
    /// compiler warnings (see [`Warning`]).
    pub warnings: Vec<Warning>,
}

/// A compiler warning of a statement: stable Rust lets a proc macro warn
/// only through a lint, so the expansion uses a `#[deprecated]` constant
/// named after the warning's kind (`ptx_unused_operand`) at `span`, with
/// the message as its note; `#[allow(deprecated)]` silences it.
pub struct Warning {
    /// The lint-like name of the warning: the constant's name.
    pub kind: &'static str,
    /// Where rustc points.
    pub span: Span,
    /// What is wrong, and what to do.
    pub message: String,
}

/// A text edit made by splicing: `new` bytes at `at` in the new text
/// replaced `old` bytes, a reference to operand `operand`.
struct Splice {
    at: usize,
    old: usize,
    new: usize,
    operand: usize,
}

/// Maps a byte range of the spliced text back to the original text.
fn unsplice(range: std::ops::Range<usize>, splices: &[Splice]) -> std::ops::Range<usize> {
    let map = |pos: usize| {
        let mut shift: isize = 0;
        for s in splices {
            if pos < s.at {
                break;
            }
            if pos < s.at + s.new {
                return (s.at as isize - shift) as usize;
            }
            shift += s.new as isize - s.old as isize;
        }
        (pos as isize - shift).max(0) as usize
    };
    let start = map(range.start);
    start..map(range.end).max(start)
}

/// The next number `%=` stands for: each expansion of the compilation
/// gets its own, as each asm statement gets its own from nvcc.
static UNIQUE: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);

/// Splices literal `C` operands into the text: `%k` becomes the string,
/// and `%=` a number unique to the expansion.
fn splice_strings(statement: &Statement) -> (String, Vec<Splice>, bool) {
    let mut runtime = false;
    let values: Vec<Option<String>> = statement
        .operands
        .iter()
        .map(|op| {
            if op.constraint.letter != ConstraintLetter::C {
                return None;
            }
            match &op.expr {
                syn::Expr::Lit(syn::ExprLit {
                    lit: syn::Lit::Str(s),
                    ..
                }) => Some(s.value()),
                _ => {
                    runtime = true;
                    None
                }
            }
        })
        .collect();
    let text = &statement.text;
    let mut out = String::new();
    let mut splices = Vec::new();
    let bytes = text.as_bytes();
    let mut i = 0;
    // nvcc's `%=`: a number unique to the statement, here to its expansion.
    let number = UNIQUE
        .fetch_add(1, std::sync::atomic::Ordering::Relaxed)
        .to_string();
    while i < bytes.len() {
        if bytes[i] == b'%' && bytes.get(i + 1) == Some(&b'%') {
            out.push_str("%%");
            i += 2;
            continue;
        }
        if bytes[i] == b'%' && bytes.get(i + 1) == Some(&b'=') {
            splices.push(Splice {
                at: out.len(),
                old: 2,
                new: number.len(),
                operand: usize::MAX,
            });
            out.push_str(&number);
            i += 2;
            continue;
        }
        if bytes[i] == b'%' && bytes.get(i + 1).is_some_and(u8::is_ascii_digit) {
            let end = (i + 1..bytes.len())
                .find(|&j| !bytes[j].is_ascii_digit())
                .unwrap_or(bytes.len());
            let operand = text[i + 1..end].parse::<usize>().ok();
            if let Some((k, Some(v))) = operand.and_then(|k| Some((k, values.get(k)?))) {
                splices.push(Splice {
                    at: out.len(),
                    old: end - i,
                    new: v.len(),
                    operand: k,
                });
                out.push_str(v);
                i = end;
                continue;
            }
        }
        let ch = text[i..].chars().next().unwrap_or(' ');
        out.push(ch);
        i += ch.len_utf8();
    }
    (out, splices, runtime)
}

/// Collects errors; turns ptx-core diagnostics into spanned compile errors.
struct Reporter<'a> {
    statement: &'a Statement,
    text: &'a str,
    splices: &'a [Splice],
    error: Option<syn::Error>,
    warnings: Vec<Warning>,
}

impl Reporter<'_> {
    fn push(&mut self, e: syn::Error) {
        match &mut self.error {
            Some(all) => all.combine(e),
            None => self.error = Some(e),
        }
    }

    /// The tokens a diagnostic about the template text points at, and its
    /// text (with the caret line where the template is a literal).
    fn rendered(&self, d: &Diagnostic) -> (TokenStream, String) {
        let original = unsplice(d.span.range(), self.splices);
        let (tokens, literal) = self.statement.tokens_for(original);
        (tokens, message(d, literal.then_some(self.text)))
    }

    /// A diagnostic about the template text.
    fn diagnostic(&mut self, d: &Diagnostic) {
        let (tokens, message) = self.rendered(d);
        self.push(syn::Error::new_spanned(tokens, message));
    }

    /// A warning about the template text (a ptx-core warning).
    fn warn_diagnostic(&mut self, kind: &'static str, d: &Diagnostic) {
        let (tokens, message) = self.rendered(d);
        self.warnings.push(Warning {
            kind,
            span: first_span(&tokens),
            message,
        });
    }

    /// A warning about operand `k`, at its expression.
    fn warn_operand(&mut self, kind: &'static str, k: usize, message: String) {
        let span = match self.statement.operands.get(k) {
            Some(o) => first_span(&o.expr.to_token_stream()),
            None => Span::call_site(),
        };
        self.warnings.push(Warning {
            kind,
            span,
            message,
        });
    }
}

/// The span of the first token of `tokens` (a proc macro cannot join spans
/// on stable Rust), or the call site.
fn first_span(tokens: &TokenStream) -> Span {
    tokens
        .clone()
        .into_iter()
        .next()
        .map_or_else(Span::call_site, |t| t.span())
}

/// How an operand reads in messages: `%1 (`x`)` or `%[sum] (`s`)`.
pub fn describe(statement: &Statement, k: usize) -> String {
    let op = &statement.operands[k];
    let expr = op.expr.to_token_stream().to_string();
    match (&op.name, statement.syntax) {
        (Some(_), Syntax::Tokens) => format!("`{expr}`"),
        (Some(n), Syntax::Cuda) => format!("%[{n}] (`{expr}`)"),
        (None, _) => format!("%{k} (`{expr}`)"),
    }
}

fn asm_operands(statement: &Statement) -> Vec<AsmOperand> {
    statement
        .operands
        .iter()
        .map(|op| {
            let value = match (&op.expr, op.constraint.letter) {
                (
                    syn::Expr::Lit(syn::ExprLit {
                        lit: syn::Lit::Int(i),
                        ..
                    }),
                    ConstraintLetter::N,
                ) => i.base10_parse::<i128>().ok(),
                (
                    syn::Expr::Unary(syn::ExprUnary {
                        op: syn::UnOp::Neg(_),
                        expr,
                        ..
                    }),
                    ConstraintLetter::N,
                ) => match &**expr {
                    syn::Expr::Lit(syn::ExprLit {
                        lit: syn::Lit::Int(i),
                        ..
                    }) => i.base10_parse::<i128>().ok().map(|v| -v),
                    _ => None,
                },
                _ => None,
            };
            AsmOperand {
                constraint: op.constraint,
                name: op.name.as_ref().map(ToString::to_string),
                value,
            }
        })
        .collect()
}

/// `.reg` declarations outside any `{ }` block.
fn top_level_registers(template: &Template) -> Vec<&ptx_core::syntax::Declaration> {
    template
        .items
        .iter()
        .filter_map(|i| match i {
            Item::Declaration(d) if d.space == ptx_core::StateSpace::Reg => Some(d),
            _ => None,
        })
        .collect()
}

/// Runs every check on the statement.
pub fn validate(statement: &mut Statement) -> syn::Result<Validated> {
    let mut places = None;
    if statement.syntax == Syntax::Tokens {
        places = crate::tokens::bind(statement)?;
    }
    let (text, splices, runtime_text) = splice_strings(statement);
    let statement = &*statement;
    let mut r = Reporter {
        statement,
        text: &text,
        splices: &splices,
        error: None,
        warnings: Vec::new(),
    };
    let operands = asm_operands(statement);
    if runtime_text {
        return Ok(Validated {
            template: None,
            program: None,
            text,
            runtime_text,
            warnings: Vec::new(),
        });
    }
    let template = match places {
        Some(t) => t,
        None => match parse(&text) {
            Ok(t) => t,
            Err(diags) => {
                diags.iter().for_each(|d| r.diagnostic(d));
                return Err(r.error.unwrap_or_else(|| {
                    syn::Error::new(Span::call_site(), "template does not parse")
                }));
            }
        },
    };
    // A template without instructions is legal (CUDA's compiler barrier is
    // `asm volatile("" ::: "memory")`); without a `"memory"` clobber it does
    // nothing at all, which is worth a word.
    if !has_instruction(&template.items) && !statement.memory_clobber {
        r.warnings.push(Warning {
            kind: "ptx_does_nothing",
            span: statement.template_span(),
            message: "the template holds no PTX instruction (only comments, labels or declarations) and has no \"memory\" clobber, so the statement does nothing; as a compiler barrier, write `ptx!(\"\" ::: \"memory\")`".into(),
        });
    }
    for d in top_level_registers(&template) {
        let name = d.names.first().map_or("t", |n| n.name.as_str());
        let diag = Diagnostic::error(
            ptx_core::DiagnosticKind::Directive,
            d.span,
            format!("`.reg` declared outside a `{{ }}` block: when this statement is inlined twice, `{name}` is defined twice and ptxas rejects the kernel"),
        )
        .note("put the template in a block, `{ .reg ...; ... }`, so every copy gets its own scope");
        r.diagnostic(&diag);
    }
    let checked = match check(&template, &operands, statement.target) {
        Ok(c) => Some(c),
        Err(diags) => {
            diags.iter().for_each(|d| r.diagnostic(d));
            None
        }
    };
    let Some(checked) = checked else {
        return Err(r
            .error
            .unwrap_or_else(|| syn::Error::new(Span::call_site(), "template rejected")));
    };
    // What the checker warns about (an immediate ptxas silently truncates,
    // an input the template writes) nvcc and ptxas accept: a warning here.
    for w in &checked.warnings {
        r.warn_diagnostic("ptx_suspicious_operand", w);
    }
    for (k, (op, usage)) in statement.operands.iter().zip(&checked.usage).enumerate() {
        let who = describe(statement, k);
        // A literal `C` operand is used where it was spliced in.
        if splices.iter().any(|s| s.operand == k) {
            continue;
        }
        if usage.spans.is_empty() {
            let message = match statement.syntax {
                Syntax::Cuda => format!(
                    "operand {who} is not used by the template; remove it, or refer to it as `%{k}`"
                ),
                Syntax::Tokens => format!("operand {who} is not used by the template"),
            };
            r.warn_operand("ptx_unused_operand", k, message);
            continue;
        }
        // nvcc passes operands through without reading the template, so
        // what follows compiles there; each is probably a mistake.
        let letter = op.constraint.letter.as_char();
        match op.constraint.access {
            OperandAccess::Write | OperandAccess::ReadWrite if !usage.written => r.warn_operand(
                "ptx_output_never_written",
                k,
                format!("output {who} is never written by the template; make it an input, \"{letter}\""),
            ),
            OperandAccess::Write if !usage.written_unconditionally => r.warn_operand(
                "ptx_output_under_guard",
                k,
                format!(
                    "output {who} is written only when a guard predicate holds, so with \"={letter}\" it is undefined otherwise; \
                     use \"+{letter}\" so it keeps its value when the guard is false"
                ),
            ),
            OperandAccess::Write if usage.read_first => r.warn_operand(
                "ptx_output_read_first",
                k,
                format!("output {who} is read by the template before it is written; use \"+{letter}\" to pass its value in"),
            ),
            _ => {}
        }
    }
    if let Some(e) = r.error {
        return Err(e);
    }
    let program =
        lower(&checked, &operands).map_err(|m| syn::Error::new_spanned(&statement.whole, m))?;
    let warnings = r.warnings;
    Ok(Validated {
        template: Some(checked.template),
        program: Some(program),
        text,
        runtime_text,
        warnings,
    })
}

/// Whether `items` hold an instruction, at any depth of `{ }` blocks.
fn has_instruction(items: &[Item]) -> bool {
    items.iter().any(|item| match item {
        Item::Instruction(_) => true,
        Item::Block(b) => has_instruction(&b.items),
        _ => false,
    })
}
