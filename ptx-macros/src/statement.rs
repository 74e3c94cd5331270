//! The macro's input as a model: the template text with a map back to the
//! tokens it came from, and the operands with their constraints. Both
//! readers of the input build it (`input` the CUDA form, `tokens` the token
//! form); the checks and the generated code read it.

use proc_macro2::TokenStream;
use ptx_core::{Constraint, ConstraintLetter, Target};
use std::ops::Range;
use syn::{Expr, Ident};

/// Where a byte range of the template text came from.
#[derive(Clone)]
pub struct Piece {
    /// The bytes of the template text.
    pub range: Range<usize>,
    /// The tokens to point at.
    pub tokens: TokenStream,
    /// Whether the piece is (part of) a string literal, whose inside a
    /// diagnostic cannot point into on stable Rust.
    pub literal: bool,
}

/// One operand of the statement as the macro binds it: its constraint and
/// the Rust expression that carries its value in or out. (ptx-core's
/// `syntax::Operand` is an operand of the PTX template itself.)
pub struct AsmBinding {
    /// `[name]` for `%[name]` references.
    pub name: Option<Ident>,
    /// The parsed constraint.
    pub constraint: Constraint,
    /// The Rust expression bound to it.
    pub expr: Expr,
}

/// Which syntax the statement was written in.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Syntax {
    /// `ptx!("..." : outputs : inputs : clobbers)`.
    Cuda,
    /// `ptx! { add.s32 c, a, b; }`.
    Tokens,
}

/// A `ptx!` statement.
pub struct Statement {
    /// The syntax used.
    pub syntax: Syntax,
    /// `volatile`: the statement has effects beyond its outputs.
    pub volatile: bool,
    /// The target to check against.
    pub target: Target,
    /// The template, string operands not yet spliced.
    pub text: String,
    /// Where each part of the text came from.
    pub pieces: Vec<Piece>,
    /// Outputs, then inputs.
    pub operands: Vec<AsmBinding>,
    /// Whether a `"memory"` clobber was given.
    pub memory_clobber: bool,
    /// The whole macro input, for errors about the statement as a whole.
    pub whole: TokenStream,
}

impl Statement {
    /// Where the template starts: its first token, or the whole macro
    /// when it has none.
    pub fn template_span(&self) -> proc_macro2::Span {
        self.pieces
            .first()
            .and_then(|piece| piece.tokens.clone().into_iter().next())
            .or_else(|| self.whole.clone().into_iter().next())
            .map_or_else(proc_macro2::Span::call_site, |t| t.span())
    }

    /// The tokens a byte range of the text came from.
    pub fn tokens_for(&self, range: Range<usize>) -> (TokenStream, bool) {
        let start = range.start.min(self.text.len().saturating_sub(1));
        let hits: Vec<&Piece> = self
            .pieces
            .iter()
            .filter(|p| {
                p.range.start < range.end.max(start + 1)
                    && start < p.range.end.max(p.range.start + 1)
            })
            .collect();
        match hits.as_slice() {
            [] => (
                self.pieces
                    .last()
                    .map(|p| p.tokens.clone())
                    .unwrap_or_else(|| self.whole.clone()),
                true,
            ),
            [one] => (one.tokens.clone(), one.literal),
            [first, .., last] => {
                let (a, b) = (&first.tokens, &last.tokens);
                (quote::quote!(#a #b), first.literal || last.literal)
            }
        }
    }
}

/// The accepted Rust types of a constraint letter, for messages and checks.
pub fn accepted_types(letter: ConstraintLetter) -> &'static [&'static str] {
    match letter {
        ConstraintLetter::H => &["u16", "i16", "half::f16", "half::bf16"],
        ConstraintLetter::R => &["u32", "i32"],
        ConstraintLetter::L => &["u64", "i64", "*const T", "*mut T"],
        ConstraintLetter::Q => &["u128", "i128"],
        ConstraintLetter::F => &["f32"],
        ConstraintLetter::D => &["f64"],
        ConstraintLetter::N => &["an integer constant"],
        ConstraintLetter::C => &["a `&'static str` constant"],
    }
}
