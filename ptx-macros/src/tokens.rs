//! The token form: PTX written as Rust tokens, `ptx! { add.s32 c, a, b; }`.
//!
//! The tokens are turned back into PTX text, remembering which token each
//! byte came from. Names the template declares (`.reg`), labels, special
//! registers and `WARP_SZ` are PTX; every other name is a Rust place, bound
//! as an operand whose constraint comes from the instruction table: a
//! destination becomes an output, a name both written and read (or written
//! under a guard) a read-write operand, and the letter follows the operand's
//! type (`h` for 16 bits, `r` or `f` for 32, `l` or `d` for 64, `q` for 128).

use crate::diagnostic::message;
use crate::statement::{AsmBinding, Piece, Statement, Syntax};
use proc_macro2::{Delimiter, Span, TokenStream, TokenTree};
use ptx_core::syntax::{Item, Name, Operand, OperandKind, Placeholder, Template};
use ptx_core::{
    Constraint, ConstraintLetter, DiagnosticKind, OperandAccess, OperandShape, ScalarType,
    SpecialRegister, Target, candidate_forms, check, parse,
};
use std::collections::{BTreeMap, HashSet};
use syn::parse::ParseStream;

/// Text built from tokens, with the span of each token's bytes.
#[derive(Default)]
struct Writer {
    text: String,
    pieces: Vec<Piece>,
    /// Whether the last token was a word (identifier, literal, closing bracket).
    after_word: bool,
}

impl Writer {
    fn push(&mut self, s: &str, span: Span, word: bool) {
        if word && self.after_word {
            self.text.push(' ');
        }
        let start = self.text.len();
        self.text.push_str(s);
        self.pieces.push(Piece {
            range: start..self.text.len(),
            tokens: quote::quote_spanned!(span=> __ptx_token),
            literal: false,
        });
        self.after_word = word;
    }

    fn stream(&mut self, tokens: TokenStream) {
        for tt in tokens {
            match tt {
                TokenTree::Ident(i) => self.push(&i.to_string(), i.span(), true),
                TokenTree::Literal(l) => self.push(&l.to_string(), l.span(), true),
                TokenTree::Punct(p) => {
                    let c = p.as_char();
                    self.push(&c.to_string(), p.span(), false);
                    if c == ',' || c == ';' {
                        self.text.push(' ');
                    }
                }
                TokenTree::Group(g) => {
                    let (open, close) = match g.delimiter() {
                        Delimiter::Brace => ("{", "}"),
                        Delimiter::Bracket => ("[", "]"),
                        Delimiter::Parenthesis => ("(", ")"),
                        Delimiter::None => ("", ""),
                    };
                    if g.delimiter() == Delimiter::Brace && self.after_word {
                        self.text.push(' ');
                    }
                    self.push(open, g.span_open(), false);
                    self.stream(g.stream());
                    self.push(close, g.span_close(), true);
                }
            }
        }
    }
}

/// Parses the token form into a statement.
pub fn statement(input: ParseStream, target: Target, whole: TokenStream) -> syn::Result<Statement> {
    let tokens: TokenStream = input.parse()?;
    let mut w = Writer::default();
    w.stream(tokens);
    let text = w.text.trim_end().to_string();
    Ok(Statement {
        syntax: Syntax::Tokens,
        volatile: true,
        target,
        text,
        pieces: w.pieces,
        operands: Vec::new(),
        memory_clobber: true,
        whole,
    })
}

/// Names the template itself defines: registers, variables, labels.
fn declared_names(items: &[Item], out: &mut HashSet<String>) {
    for item in items {
        match item {
            Item::Declaration(d) => {
                for n in &d.names {
                    out.insert(n.name.clone());
                    if let Some(count) = n.range {
                        out.extend((0..count).map(|i| format!("{}{i}", n.name)));
                    }
                }
            }
            Item::Label(l) => {
                out.insert(l.name.clone());
            }
            Item::Block(b) => declared_names(&b.items, out),
            Item::Instruction(_) | Item::Pragma(_) => {}
        }
    }
}

fn is_rust_place(name: &Name, declared: &HashSet<String>) -> bool {
    name.component.is_none()
        && !declared.contains(&name.ident)
        && !name.ident.starts_with('%')
        && name.ident != "WARP_SZ"
        && SpecialRegister::lookup(&name.ident, None).is_none()
}

/// The constraint letter for an operand of type `ty`.
fn letter_for(ty: ScalarType) -> Option<ConstraintLetter> {
    Some(match (ty, ty.bits()) {
        (ScalarType::Pred, _) => return None,
        (ScalarType::F32, _) => ConstraintLetter::F,
        (ScalarType::F64, _) => ConstraintLetter::D,
        (_, 0..=16) => ConstraintLetter::H,
        (_, 17..=32) => ConstraintLetter::R,
        (_, 33..=64) => ConstraintLetter::L,
        _ => ConstraintLetter::Q,
    })
}

/// What the uses of one Rust place require.
#[derive(Default)]
struct Use {
    letter: Option<(ConstraintLetter, usize)>,
    read: bool,
    /// Read by an instruction before any instruction wrote it (in text order,
    /// as the checker's own read-before-write rule goes).
    read_first: bool,
    /// Written by an earlier instruction.
    written: bool,
    /// Written by the instruction being visited.
    write_pending: bool,
    guarded_write: bool,
    first: Option<usize>,
}

/// A problem with a Rust place, at a byte offset of the text.
pub struct PlaceError {
    pub at: std::ops::Range<usize>,
    pub message: String,
}

/// Rewrites the Rust places of a parsed token-form template to named
/// placeholders and returns the operands they become.
pub fn bind_places(
    template: &mut Template,
) -> Result<Vec<(String, Constraint, usize)>, Vec<PlaceError>> {
    let mut declared = HashSet::new();
    declared_names(&template.items, &mut declared);
    let mut uses: BTreeMap<String, Use> = BTreeMap::new();
    let mut errors = Vec::new();
    visit_items(&mut template.items, &declared, &mut uses, &mut errors);
    if !errors.is_empty() {
        return Err(errors);
    }
    let mut out = Vec::new();
    for (name, u) in uses {
        let Some((letter, _)) = u.letter else {
            errors.push(PlaceError {
                at: u.first.map_or(0..0, |f| f..f + name.len()),
                message: format!(
                    "cannot tell the register type of `{name}` from the instructions that use it"
                ),
            });
            continue;
        };
        // A name written before it is read is an output ("="), even when
        // later instructions read it back; one read first is read-write.
        let access = match (u.read_first, u.written) {
            (_, false) => OperandAccess::Read,
            (false, true) if !u.guarded_write => OperandAccess::Write,
            _ => OperandAccess::ReadWrite,
        };
        out.push((name, Constraint { access, letter }, u.first.unwrap_or(0)));
    }
    if errors.is_empty() {
        Ok(out)
    } else {
        Err(errors)
    }
}

fn visit_items(
    items: &mut [Item],
    declared: &HashSet<String>,
    uses: &mut BTreeMap<String, Use>,
    errors: &mut Vec<PlaceError>,
) {
    for item in items {
        match item {
            Item::Block(b) => visit_items(&mut b.items, declared, uses, errors),
            Item::Instruction(instr) => {
                if let Some(g) = &instr.guard
                    && let OperandKind::Name(n) = &g.predicate.kind
                    && is_rust_place(n, declared)
                {
                    errors.push(PlaceError {
                                at: g.predicate.span.range(),
                                message: format!(
                                    "`{}` is not a PTX predicate: a guard needs a `.pred` register declared in the template",
                                    n.ident
                                ),
                            });
                }
                let candidates = candidate_forms(instr);
                let form = candidates.iter().find(|b| {
                    let n = instr.operands.len();
                    n >= b.form.required_operands() && n <= b.form.operands.len()
                });
                let guarded = instr.guard.is_some();
                for (i, op) in instr.operands.iter_mut().enumerate() {
                    let spec = form.and_then(|b| b.form.operands.get(i).map(|s| (b, s)));
                    let (access, ty, shape) = match spec {
                        Some((b, s)) => (s.access, b.resolve(s.ty), Some(&s.shape)),
                        None => (OperandAccess::Read, None, None),
                    };
                    visit_operand(op, access, ty, shape, guarded, declared, uses, errors);
                }
                for u in uses.values_mut() {
                    u.written |= std::mem::take(&mut u.write_pending);
                }
            }
            _ => {}
        }
    }
}

#[allow(clippy::too_many_arguments)]
fn visit_operand(
    op: &mut Operand,
    access: OperandAccess,
    ty: Option<ScalarType>,
    shape: Option<&OperandShape>,
    guarded: bool,
    declared: &HashSet<String>,
    uses: &mut BTreeMap<String, Use>,
    errors: &mut Vec<PlaceError>,
) {
    let span = op.span;
    match &mut op.kind {
        OperandKind::Name(n)
            if is_rust_place(n, declared) && shape != Some(&OperandShape::Label) =>
        {
            let name = n.ident.clone();
            let u = uses.entry(name.clone()).or_default();
            u.first.get_or_insert(span.start as usize);
            match ty.and_then(letter_for) {
                Some(letter) => match u.letter {
                    Some((previous, at)) if previous != letter => errors.push(PlaceError {
                        at: span.range(),
                        message: format!(
                            "`{name}` is used here as a \"{}\" operand, but at byte {at} as a \"{}\" operand",
                            letter.as_char(),
                            previous.as_char()
                        ),
                    }),
                    Some(_) => {}
                    None => u.letter = Some((letter, span.start as usize)),
                },
                None if ty == Some(ScalarType::Pred) => errors.push(PlaceError {
                    at: span.range(),
                    message: format!("`{name}` stands where a predicate is needed: declare a `.reg .pred` in the template"),
                }),
                None => {}
            }
            if access != OperandAccess::Write {
                u.read = true;
                u.read_first |= !u.written;
            }
            if access != OperandAccess::Read {
                u.write_pending = true;
                u.guarded_write |= guarded && access == OperandAccess::Write;
            }
            op.kind = OperandKind::Placeholder(Placeholder::Name(name));
        }
        OperandKind::Vector(items) | OperandKind::List(items) => {
            for item in items {
                visit_operand(item, access, ty, None, guarded, declared, uses, errors);
            }
        }
        OperandKind::Pair(a, b) => {
            visit_operand(a, access, ty, None, guarded, declared, uses, errors);
            visit_operand(
                b,
                access,
                Some(ScalarType::Pred),
                None,
                guarded,
                declared,
                uses,
                errors,
            );
        }
        OperandKind::Not(a) | OperandKind::Negate(a) | OperandKind::Select(a, _) => {
            visit_operand(a, access, ty, None, guarded, declared, uses, errors)
        }
        OperandKind::Address(a) => {
            if let Some(base) = &mut a.base {
                visit_operand(
                    base,
                    OperandAccess::Read,
                    Some(ScalarType::U64),
                    None,
                    false,
                    declared,
                    uses,
                    errors,
                );
            }
            for item in &mut a.rest {
                visit_operand(
                    item,
                    OperandAccess::Read,
                    Some(ScalarType::B32),
                    None,
                    false,
                    declared,
                    uses,
                    errors,
                );
            }
        }
        _ => {}
    }
}

/// Parses the token-form text and binds its Rust places; the operands refer
/// to the places by name.
pub fn bind(statement: &mut Statement) -> syn::Result<Option<Template>> {
    let Ok(mut template) = parse(&statement.text) else {
        return Ok(None);
    };
    match bind_places(&mut template) {
        Ok(places) => {
            for (name, constraint, at) in places {
                let (tokens, _) = statement.tokens_for(at..at + name.len());
                let span = tokens
                    .into_iter()
                    .next()
                    .map_or(Span::call_site(), |t| t.span());
                let ident = syn::Ident::new(&name, span);
                let expr: syn::Expr = syn::parse_quote!(#ident);
                statement.operands.push(AsmBinding {
                    name: Some(ident),
                    constraint,
                    expr,
                });
            }
            Ok(Some(template))
        }
        Err(errors) => {
            // A place whose type cannot be inferred is most often used by an
            // instruction that is wrong itself: report what the checker finds
            // wrong with the instructions, not the places.
            let instruction_errors: Vec<PlaceError> = match check(&template, &[], statement.target)
            {
                Err(diags) => diags
                    .iter()
                    .filter(|d| d.is_error() && d.kind != DiagnosticKind::UndefinedName)
                    .map(|d| PlaceError {
                        at: d.span.range(),
                        message: message(d, None),
                    })
                    .collect(),
                Ok(_) => Vec::new(),
            };
            let errors = if instruction_errors.is_empty() {
                errors
            } else {
                instruction_errors
            };
            let mut combined: Option<syn::Error> = None;
            for e in errors {
                let (tokens, _) = statement.tokens_for(e.at.clone());
                let err = syn::Error::new_spanned(tokens, e.message);
                match &mut combined {
                    Some(c) => c.combine(err),
                    None => combined = Some(err),
                }
            }
            Err(combined.unwrap_or_else(|| syn::Error::new(Span::call_site(), "bad operands")))
        }
    }
}
