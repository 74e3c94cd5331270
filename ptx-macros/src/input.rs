//! Reads the macro input into a [`Statement`].
//!
//! Two syntaxes feed it. The CUDA form:
//! `ptx!(volatile "add.s32 %0, %1, %2;" : "=r"(i) : "r"(j), [k] "r"(k) : "memory")`,
//! read here, and the token form, PTX written as Rust tokens with Rust
//! places named directly: `ptx! { add.s32 c, a, b; }`, read by `tokens.rs`.

use crate::statement::{AsmBinding, Piece, Statement, Syntax};
use proc_macro2::{Span, TokenStream};
use ptx_core::{Constraint, ConstraintError, ConstraintLetter, OperandAccess, Target, TargetError};
use syn::parse::{Parse, ParseStream};
use syn::{Expr, Ident, LitStr, Token};

/// Parses `"=r"` into a constraint, with a spanned error.
fn constraint(lit: &LitStr) -> syn::Result<Constraint> {
    lit.value()
        .parse()
        .map_err(|e: ConstraintError| syn::Error::new(lit.span(), e))
}

/// An operand of the CUDA form: `[name] "constraint"(expr)`.
fn cuda_operand(input: ParseStream, output: bool) -> syn::Result<AsmBinding> {
    let name = if input.peek(syn::token::Bracket) {
        let content;
        syn::bracketed!(content in input);
        Some(content.parse::<Ident>()?)
    } else {
        None
    };
    let lit: LitStr = input.parse().map_err(|e| {
        syn::Error::new(e.span(), "expected an operand: a constraint string and a parenthesised expression, as in `\"r\"(x)`")
    })?;
    let c = constraint(&lit)?;
    if output && c.access == OperandAccess::Read {
        return Err(syn::Error::new(
            lit.span(),
            format!(
                "output operand with constraint \"{}\" must be written `\"={0}\"` or `\"+{0}\"`",
                c.letter.as_char()
            ),
        ));
    }
    if !output && c.access != OperandAccess::Read {
        return Err(syn::Error::new(
            lit.span(),
            format!(
                "input operand with constraint \"{c}\": `=` and `+` belong to outputs, listed before the second `:`"
            ),
        ));
    }
    let content;
    syn::parenthesized!(content in input);
    let mut expr: Expr = content.parse()?;
    if !content.is_empty() {
        return Err(content.error("one expression per operand"));
    }
    let integer_bits = match c.letter {
        ConstraintLetter::H => Some(16),
        ConstraintLetter::R => Some(32),
        ConstraintLetter::L => Some(64),
        ConstraintLetter::Q => Some(128),
        _ => None,
    };
    if let Some(bits) = integer_bits {
        type_integer_literal(&mut expr, bits, c.letter)?;
    }
    Ok(AsmBinding {
        name,
        constraint: c,
        expr,
    })
}

/// Gives an unsuffixed integer literal bound to `h`, `r`, `l` or `q` the
/// type C gives it (`int`, then `unsigned int`, ...): the signed type of
/// the register's width when the value fits it, else the unsigned one, so
/// that `"r"(0xffffffff)` is the `u32` it is in CUDA, not an `i32` overflow.
/// A value that fits neither is an error naming the width.
fn type_integer_literal(expr: &mut Expr, bits: u32, letter: ConstraintLetter) -> syn::Result<()> {
    let (lit, negative) = match expr {
        Expr::Lit(syn::ExprLit {
            lit: syn::Lit::Int(lit),
            ..
        }) => (lit, false),
        Expr::Unary(syn::ExprUnary {
            op: syn::UnOp::Neg(_),
            expr: inner,
            ..
        }) => match inner.as_mut() {
            Expr::Lit(syn::ExprLit {
                lit: syn::Lit::Int(lit),
                ..
            }) => (lit, true),
            _ => return Ok(()),
        },
        Expr::Group(g) => return type_integer_literal(&mut g.expr, bits, letter),
        Expr::Paren(p) => return type_integer_literal(&mut p.expr, bits, letter),
        _ => return Ok(()),
    };
    if !lit.suffix().is_empty() {
        return Ok(());
    }
    let written = if negative {
        format!("-{lit}")
    } else {
        lit.to_string()
    };
    let Ok(magnitude) = lit.base10_parse::<u128>() else {
        return Err(syn::Error::new(
            lit.span(),
            format!("integer literal `{written}` does not fit in 128 bits"),
        ));
    };
    let signed_max = (1u128 << (bits - 1)) - 1;
    let unsigned_max = if bits == 128 {
        u128::MAX
    } else {
        (1u128 << bits) - 1
    };
    let signed = if negative {
        magnitude <= signed_max + 1
    } else {
        magnitude <= signed_max
    };
    let suffix = if signed {
        format!("i{bits}")
    } else if !negative && magnitude <= unsigned_max {
        format!("u{bits}")
    } else {
        return Err(syn::Error::new(
            lit.span(),
            format!(
                "integer literal `{written}` does not fit the {bits} bits of constraint \"{}\" (a .b{bits} register): it takes -{} to {unsigned_max}; use a wider constraint, or write the bits that fit",
                letter.as_char(),
                signed_max + 1,
            ),
        ));
    };
    *lit = syn::LitInt::new(&format!("{}{suffix}", lit.base10_digits()), lit.span());
    Ok(())
}

fn operand_list(input: ParseStream, output: bool, out: &mut Vec<AsmBinding>) -> syn::Result<()> {
    while !input.is_empty() && !input.peek(Token![:]) {
        out.push(cuda_operand(input, output)?);
        if !input.peek(Token![,]) {
            break;
        }
        input.parse::<Token![,]>()?;
    }
    Ok(())
}

/// Consumes a `:` section separator; `::` counts as two.
fn separators(input: ParseStream) -> syn::Result<usize> {
    if input.peek(Token![::]) {
        input.parse::<Token![::]>()?;
        Ok(2)
    } else if input.peek(Token![:]) {
        input.parse::<Token![:]>()?;
        Ok(1)
    } else {
        Ok(0)
    }
}

/// `target = "sm_90a",` before the template.
fn target_argument(input: ParseStream) -> syn::Result<Option<Target>> {
    if input.peek(Ident) && input.peek2(Token![=]) {
        let key: Ident = input.fork().parse()?;
        if key == "target" {
            input.parse::<Ident>()?;
            input.parse::<Token![=]>()?;
            let lit: LitStr = input.parse()?;
            let target = lit
                .value()
                .parse()
                .map_err(|e: TargetError| syn::Error::new(lit.span(), e))?;
            input.parse::<Token![,]>()?;
            return Ok(Some(target));
        }
    }
    Ok(None)
}

/// A name or macro call where the CUDA form's template starts (`LD_NC_FUNC
/// ".s32 %0, [%1];" : ...`, `TEMPLATE : ...`, `concat!(...)`), which the
/// token form would misread as PTX: a proc macro sees tokens, never what C's
/// `#define`s or Rust's constants and macros stand for.
fn template_not_literal(input: ParseStream) -> Option<syn::Error> {
    let fork = input.fork();
    let name: Ident = fork.parse().ok()?;
    if fork.peek(Token![!]) {
        return Some(syn::Error::new(
            name.span(),
            format!(
                "`{name}!` in the template is not expanded before `ptx!` reads it: a proc macro sees the tokens `{name}!(...)`, not the text they make. Write the pieces as adjacent string literals, which `ptx!` joins as C does (`\"ld.global.nc\" \".s32 %0, [%1];\"`), or build the call in a `macro_rules!` that pastes a `$text:literal` among them"
            ),
        ));
    }
    let colon_then_string = fork.peek(Token![:]) && {
        let after = fork.fork();
        after.parse::<Token![:]>().is_ok() && (after.peek(LitStr) || after.peek(Token![:]))
    };
    (fork.peek(LitStr) || colon_then_string).then(|| define_in_template(&name))
}

/// The error for C macro name `name` standing in the template.
fn define_in_template(name: &Ident) -> syn::Error {
    syn::Error::new(
        name.span(),
        format!(
            "`{name}` in the template: `ptx!` cannot see C `#define`s or Rust constants, only string literals. Write its text inline, paste it from a `macro_rules!` (`($text:literal) => {{ ptx!($text \" %0, [%1];\" : ...) }}`), or splice it with a `\"C\"` operand (`\"ld.global.nc%2 %0, [%1];\" : ... : \"C\"(\".s32\")`); docs/porting.md shows each"
        ),
    )
}

/// The default target: `PTX_TARGET` from the environment, or sm_90.
pub fn default_target() -> syn::Result<Target> {
    match std::env::var("PTX_TARGET") {
        Ok(t) => t.parse().map_err(|e: TargetError| {
            syn::Error::new(Span::call_site(), format!("PTX_TARGET: {e}"))
        }),
        Err(_) => Ok(Target::default()),
    }
}

impl Parse for Statement {
    fn parse(input: ParseStream) -> syn::Result<Statement> {
        let whole: TokenStream = input.fork().parse()?;
        let target = match target_argument(input)? {
            Some(t) => t,
            None => default_target()?,
        };
        let volatile = input.peek(Ident) && input.fork().parse::<Ident>()? == "volatile";
        if volatile {
            input.parse::<Ident>()?;
        }
        if let Some(e) = template_not_literal(input) {
            return Err(e);
        }
        if !input.peek(LitStr) {
            return crate::tokens::statement(input, target, whole);
        }
        let mut text = String::new();
        let mut pieces = Vec::new();
        while input.peek(LitStr) {
            let lit: LitStr = input.parse()?;
            let start = text.len();
            text.push_str(&lit.value());
            pieces.push(Piece {
                range: start..text.len(),
                tokens: quote::quote!(#lit),
                literal: true,
            });
        }
        if input.peek(Ident) {
            // `"ld.global" CACHE_OP ".u32 %0, [%1];"`: C's concatenation
            // with a `#define`.
            let name: Ident = input.parse()?;
            return Err(define_in_template(&name));
        }
        let mut operands = Vec::new();
        let mut section = separators(input)?;
        let mut memory_clobber = false;
        if section == 1 {
            operand_list(input, true, &mut operands)?;
            section += separators(input)?;
        }
        if section == 2 {
            operand_list(input, false, &mut operands)?;
            section += separators(input)?;
        }
        if section == 3 {
            while input.peek(LitStr) {
                let clobber: LitStr = input.parse()?;
                match clobber.value().as_str() {
                    "memory" => memory_clobber = true,
                    other => {
                        return Err(syn::Error::new(
                            clobber.span(),
                            format!(
                                "unknown clobber \"{other}\": PTX statements clobber only \"memory\""
                            ),
                        ));
                    }
                }
                if !input.peek(Token![,]) {
                    break;
                }
                input.parse::<Token![,]>()?;
            }
        }
        if section > 3 {
            return Err(input.error(
                "too many `:`: a statement has outputs, inputs and clobbers, in that order",
            ));
        }
        if !input.is_empty() {
            return Err(input.error(
                "unexpected tokens: after the template come `: outputs : inputs : clobbers`, as in `ptx!(\"...\" : \"=r\"(x) : \"r\"(y))`",
            ));
        }
        let statement = Statement {
            syntax: Syntax::Cuda,
            volatile,
            target,
            text,
            pieces,
            operands,
            memory_clobber,
            whole,
        };
        Ok(statement)
    }
}
