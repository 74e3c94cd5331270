//! Code generation. Every expansion is a block that evaluates to a
//! `&'static ptx::Info` (the canonical PTX text and the constraints) and
//! contains two bodies:
//!
//! * host targets: straight-line Rust (a small state machine when the
//!   template branches) that calls ptx-sim's semantic function of each
//!   instruction with its modifiers as a constant, so the optimizer folds
//!   the dispatch away;
//! * `nvptx64`: `core::arch::asm!` with the checked template and register
//!   classes `reg16`/`reg32`/`reg64`.

use crate::mods::mods_tokens;
use crate::statement::{Statement, accepted_types};
use crate::valid::{Validated, describe};
use proc_macro2::{Ident, Literal, Span, TokenStream};
use ptx_core::{
    AddressBase, ConstraintLetter, NEGATED, OperandAccess, Program, ScalarType, Slot, SlotSource,
    StepKind,
};
use quote::{format_ident, quote, quote_spanned};

/// The path the expansion reaches the runtime support through.
fn private() -> TokenStream {
    quote!(::ptx::__private)
}

fn ident(name: &str) -> Ident {
    Ident::new(name, Span::mixed_site())
}

fn reg(i: usize) -> Ident {
    ident(&format!("__ptx_r{i}"))
}

fn ty_tokens(ty: Option<ScalarType>) -> TokenStream {
    let p = private();
    match ty {
        Some(t) => {
            let v = format_ident!("{}", format!("{t:?}"));
            quote!(::core::option::Option::Some(#p::core::ScalarType::#v))
        }
        None => quote!(::core::option::Option::None),
    }
}

/// The name of operand `k`'s checking trait, `PtxOperand{k}_{letter}`
/// (`PtxOperand0_r`): it is declared inside the statement's own block, so
/// statements do not share it, and it is what rustc names in a type error's
/// help line. The constraint letter is part of the name because the letter
/// alone decides which types implement it: rustc adds a note when the
/// wrong type implements a trait of the same name elsewhere (another
/// statement's operand 0 of another letter), and no trait of this name
/// anywhere takes another set of types.
fn operand_trait_name(statement: &Statement, k: usize) -> syn::Ident {
    operand_trait_at(statement, k, Span::mixed_site())
}

/// [`operand_trait_name`] located at the operand, so that rustc points a
/// type error's whole call at the operand, not at the macro.
fn operand_trait_at(statement: &Statement, k: usize, at: Span) -> syn::Ident {
    let letter = statement.operands[k].constraint.letter.as_char();
    Ident::new(
        &format!("PtxOperand{k}_{letter}"),
        Span::mixed_site().located_at(at),
    )
}

/// The per-operand trait that checks the operand's Rust type, with a message
/// naming the operand, its constraint and the accepted types. It carries the
/// operand's conversion as its own methods (its supertrait is the
/// constraint's conversion trait), so a wrong type fails one bound only, at
/// the operand, and rustc lists none of the implementations
/// (`do_not_recommend`) or the expansion's helper functions.
fn operand_trait(statement: &Statement, k: usize) -> TokenStream {
    let p = private();
    let op = &statement.operands[k];
    let letter = op.constraint.letter;
    let c = letter.as_char();
    let trait_name = operand_trait_name(statement, k);
    let who = describe(statement, k);
    let accepted = accepted_types(letter)
        .iter()
        .map(|t| format!("`{t}`"))
        .collect::<Vec<_>>()
        .join(", ");
    let what = match letter.register_type() {
        Some(t) => format!("a {}-bit `.{}` register", t.bits(), t.name()),
        None if letter == ConstraintLetter::N => {
            "an integer constant spliced into the template".into()
        }
        None => "a string constant spliced into the template".into(),
    };
    let message =
        format!("operand {who} has type `{{Self}}`, which constraint \"{c}\" cannot carry");
    let label = format!("constraint \"{c}\" binds {what}");
    let note = format!("constraint \"{c}\" accepts {accepted}");
    let impls: Vec<TokenStream> = match letter {
        ConstraintLetter::H => vec![
            quote!(u16),
            quote!(i16),
            quote!(#p::half::f16),
            quote!(#p::half::bf16),
        ],
        ConstraintLetter::R => vec![quote!(u32), quote!(i32)],
        ConstraintLetter::L => vec![quote!(u64), quote!(i64)],
        ConstraintLetter::Q => vec![quote!(u128), quote!(i128)],
        ConstraintLetter::F => vec![quote!(f32)],
        ConstraintLetter::D => vec![quote!(f64)],
        ConstraintLetter::N => [
            "u8", "u16", "u32", "u64", "u128", "usize", "i8", "i16", "i32", "i64", "i128", "isize",
        ]
        .iter()
        .map(|t| {
            let t = format_ident!("{t}");
            quote!(#t)
        })
        .collect(),
        ConstraintLetter::C => vec![quote!(&'static str)],
    };
    let pointers = (letter == ConstraintLetter::L).then(|| {
        quote! {
            #[diagnostic::do_not_recommend]
            impl<T> #trait_name for *const T {}
            #[diagnostic::do_not_recommend]
            impl<T> #trait_name for *mut T {}
        }
    });
    let (supertrait, methods) = match letter {
        ConstraintLetter::N => (
            quote!(#p::Constant),
            quote! {
                #[inline(always)]
                fn constant(self) -> u64 where Self: Sized { #p::Constant::value(self) as u64 }
            },
        ),
        ConstraintLetter::Q => (
            quote!(#p::Wide),
            quote! {
                #[inline(always)]
                fn to_register(self) -> u128 where Self: Sized { #p::Wide::to_bits(self) }
                #[inline(always)]
                fn from_register(bits: u128) -> Self where Self: Sized { #p::Wide::from_bits(bits) }
            },
        ),
        ConstraintLetter::C => (quote!(::core::marker::Copy), quote!()),
        _ => (
            quote!(#p::Register),
            quote! {
                #[inline(always)]
                fn to_register(self) -> u64 where Self: Sized { #p::Register::to_bits(self) }
                #[inline(always)]
                fn from_register(bits: u64) -> Self where Self: Sized { #p::Register::from_bits(bits) }
            },
        ),
    };
    quote! {
        #[diagnostic::on_unimplemented(message = #message, label = #label, note = #note)]
        #[allow(non_camel_case_types)]
        trait #trait_name: #supertrait { #methods }
        #(#[diagnostic::do_not_recommend] impl #trait_name for #impls {})*
        #pointers
    }
}

/// Reads operand `k`'s Rust value as register bits.
fn input_value(statement: &Statement, k: usize) -> TokenStream {
    let op = &statement.operands[k];
    let expr = &op.expr;
    let span = expr_span(expr);
    let trait_name = operand_trait_at(statement, k, span);
    match op.constraint.letter {
        ConstraintLetter::N => quote_spanned! {span=> #trait_name::constant(const { #expr }) },
        _ => quote_spanned! {span=> #trait_name::to_register(#expr) },
    }
}

/// Assigns register bits to operand `k`'s Rust place.
fn output_assignment(statement: &Statement, k: usize, bits: TokenStream) -> TokenStream {
    let op = &statement.operands[k];
    let expr = &op.expr;
    let span = expr_span(expr);
    let trait_name = operand_trait_at(statement, k, span);
    if op.constraint.letter == ConstraintLetter::Q {
        return quote_spanned! {span=> #expr = #trait_name::from_register(#bits); };
    }
    quote_spanned! {span=> #expr = #trait_name::from_register(#bits as u64); }
}

fn expr_span(expr: &syn::Expr) -> Span {
    use quote::ToTokens;
    expr.to_token_stream()
        .into_iter()
        .next()
        .map_or(Span::call_site(), |t| t.span())
}

fn wide_register(program: &Program, i: usize) -> bool {
    program.registers[i].ty.bits() > 64
}

fn read_slot(program: &Program, slot: &Slot) -> TokenStream {
    let p = private();
    let ty = ty_tokens(slot.ty);
    match slot.source {
        SlotSource::Register {
            index,
            half: NEGATED,
        } => {
            let r = reg(index);
            quote!(((#r & 1) == 0) as u64)
        }
        SlotSource::Register { index, half } => {
            let r = reg(index);
            if wide_register(program, index) {
                let shift = 64 * u32::from(half);
                quote!(#p::read_operand((#r >> #shift) as u64, #ty))
            } else {
                quote!(#p::read_operand(#r, #ty))
            }
        }
        SlotSource::Immediate(v) => quote!(#p::read_operand(#v, #ty)),
        SlotSource::Special {
            register,
            component,
        } => {
            let kind = format_ident!("{}", format!("{:?}", register.kind));
            quote!(#p::read_operand(#p::special(#p::SpecialKind::#kind, #component), #ty))
        }
        SlotSource::Address { base, offset } => {
            let offset = offset as u64;
            match base {
                AddressBase::Absolute => quote!(#offset),
                AddressBase::Register(i) => {
                    let r = reg(i);
                    quote!((#r as u64).wrapping_add(#offset))
                }
                AddressBase::Variable(v) => {
                    let name = &program.variables[v].name;
                    quote!(#p::variable_address(#name).wrapping_add(#offset))
                }
            }
        }
        SlotSource::Sink | SlotSource::Absent => quote!(0u64),
    }
}

fn write_slot(program: &Program, slot: &Slot, j: usize) -> TokenStream {
    let p = private();
    let ty = ty_tokens(slot.ty);
    match slot.source {
        SlotSource::Register { index, half } if half != NEGATED => {
            let r = reg(index);
            let bits = program.registers[index].ty.bits();
            if !wide_register(program, index) {
                quote!(#r = #p::write_operand(__ptx_s[#j], #ty, #bits);)
            } else if half == 0 {
                quote!(#r = (#r & !(u64::MAX as u128)) | (#p::write_operand(__ptx_s[#j], #ty, 64) as u128);)
            } else {
                quote!(#r = (#r & (u64::MAX as u128)) | ((__ptx_s[#j] as u128) << 64);)
            }
        }
        _ => quote!(),
    }
}

/// The code of one step; `next` is what to do after it in a state machine.
fn step_code(program: &Program, i: usize) -> TokenStream {
    let p = private();
    let step = &program.steps[i];
    let body = match &step.kind {
        StepKind::Exec { form, mods, slots } => {
            let semantics = ident(form.semantics.name());
            let mods = mods_tokens(mods, &quote!(#p::core));
            let reads = slots.iter().map(|s| read_slot(program, s));
            let writes = slots
                .iter()
                .enumerate()
                .filter(|(_, s)| s.access != OperandAccess::Read)
                .map(|(j, s)| write_slot(program, s, j));
            let text = &step.text;
            let site = form
                .semantics
                .meets_other_threads()
                .then(|| quote!(#p::site(#text);));
            quote! {
                #site
                const __PTX_M: #p::core::Mods = #mods;
                let mut __ptx_s = [#(#reads),*];
                if let ::core::result::Result::Err(f) = #p::run(#p::core::Semantics::#semantics, &__PTX_M, &mut __ptx_s) {
                    #p::fault(#text, f)
                }
                #(#writes)*
            }
        }
        StepKind::Branch { target } => quote!(__ptx_pc = #target; continue;),
        StepKind::Return => quote!(break '__ptx;),
        StepKind::Exit => {
            let text = &step.text;
            quote!(#p::fault(#text, #p::exited());)
        }
        StepKind::Call { .. } | StepKind::BranchIndexed { .. } => {
            let text = &step.text;
            let key = if matches!(step.kind, StepKind::Call { .. }) {
                "call"
            } else {
                "brx.idx"
            };
            quote!(#p::fault(#text, #p::not_simulated(#key));)
        }
    };
    match step.guard {
        Some((pred, negated)) => {
            let r = reg(pred);
            quote!(if ((#r & 1) != 0) != #negated { #body })
        }
        None => quote!({ #body }),
    }
}

/// The host body: registers, inputs, steps, outputs.
fn host(statement: &Statement, program: &Program) -> TokenStream {
    let decls = (0..program.registers.len()).map(|i| {
        let r = reg(i);
        if wide_register(program, i) {
            quote!(let mut #r: u128 = 0;)
        } else {
            quote!(let mut #r: u64 = 0;)
        }
    });
    let inputs = statement
        .operands
        .iter()
        .enumerate()
        // A literal `C` operand was spliced into the text; it has no register.
        .filter(|(_, o)| {
            o.constraint.access != OperandAccess::Write
                && o.constraint.letter != ConstraintLetter::C
        })
        .map(|(k, _)| {
            let r = reg(k);
            let v = input_value(statement, k);
            quote!(#r = #v;)
        });
    let outputs = statement
        .operands
        .iter()
        .enumerate()
        .filter(|(_, o)| o.constraint.access != OperandAccess::Read)
        .map(|(k, _)| {
            let r = reg(k);
            output_assignment(statement, k, quote!(#r))
        });
    let body = if program.is_straight_line() {
        let steps = (0..program.steps.len()).map(|i| step_code(program, i));
        quote!('__ptx: { #(#steps)* })
    } else {
        let arms = (0..program.steps.len()).map(|i| {
            let code = step_code(program, i);
            let next = i + 1;
            quote!(#i => { __ptx_pc = #next; #code })
        });
        quote! {
            let mut __ptx_pc: usize = 0;
            '__ptx: loop {
                match __ptx_pc {
                    #(#arms)*
                    _ => break '__ptx,
                }
            }
        }
    };
    quote! {
        #(#decls)*
        #(#inputs)*
        #body
        #(#outputs)*
    }
}

/// The host body when a `C` operand is only known at run time: the text is
/// spliced, checked and lowered on first use, then interpreted.
fn host_runtime(statement: &Statement, v: &Validated) -> TokenStream {
    let p = private();
    let text = &statement.text;
    let target = statement.target.to_string();
    let constraints: Vec<String> = statement
        .operands
        .iter()
        .map(|o| o.constraint.to_string())
        .collect();
    let strings = statement
        .operands
        .iter()
        .enumerate()
        .filter(|(_, o)| o.constraint.letter == ConstraintLetter::C)
        .map(|(k, o)| {
            let expr = &o.expr;
            let trait_name = operand_trait_name(statement, k);
            quote!((#k, {
                #[inline(always)]
                fn check<T: #trait_name + ::core::convert::AsRef<str>>(v: T) -> T { v }
                check(const { #expr })
            }))
        });
    let inputs = statement
        .operands
        .iter()
        .enumerate()
        .filter(|(_, o)| {
            o.constraint.access != OperandAccess::Write
                && o.constraint.letter != ConstraintLetter::C
        })
        .map(|(k, _)| {
            let v = input_value(statement, k);
            quote!(__ptx_regs[#k] = (#v) as u128;)
        });
    let outputs = statement
        .operands
        .iter()
        .enumerate()
        .filter(|(_, o)| o.constraint.access != OperandAccess::Read)
        .map(|(k, _)| output_assignment(statement, k, quote!(__ptx_regs[#k])));
    let _ = v;
    quote! {
        static __PTX_CACHE: #p::RuntimeCache = #p::RuntimeCache::new();
        let __ptx_program = __PTX_CACHE.get(#text, &[#(#strings),*], &[#(#constraints),*], #target);
        let mut __ptx_regs = __ptx_program.registers();
        #(#inputs)*
        if let ::core::result::Result::Err(f) = __ptx_program.run(&mut __ptx_regs) {
            #p::fault(#text, f)
        }
        #(#outputs)*
    }
}

/// The asm! template: `%n` and `%[name]` become `{i}`, where `i` is the
/// operand's place among the `asm!` arguments (`C` operands, spliced into
/// the text, are not arguments), `%%` becomes `%`, braces are doubled.
/// `asm!` refuses an argument its template never names, where nvcc passes
/// it along, so each operand the text does not use is named in a PTX
/// comment at the end.
pub fn asm_template(text: &str, statement: &Statement) -> String {
    let argument = |k: usize| {
        let spliced = statement.operands[..k.min(statement.operands.len())]
            .iter()
            .filter(|o| o.constraint.letter == ConstraintLetter::C)
            .count();
        k - spliced
    };
    let mut used = vec![false; statement.operands.len()];
    let mut out = String::new();
    let mut chars = text.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        match c {
            '{' => out.push_str("{{"),
            '}' => out.push_str("}}"),
            '%' => match chars.peek().map(|&(_, n)| n) {
                Some('%') => {
                    chars.next();
                    out.push('%');
                }
                Some(d) if d.is_ascii_digit() => {
                    let mut n = String::new();
                    while let Some(&(_, d)) = chars.peek().filter(|(_, d)| d.is_ascii_digit()) {
                        n.push(d);
                        chars.next();
                    }
                    let k = n.parse().unwrap_or(0);
                    if let Some(u) = used.get_mut(k) {
                        *u = true;
                    }
                    out.push_str(&format!("{{{}}}", argument(k)));
                }
                Some('[') => {
                    let rest = &text[i + 2..];
                    let name = rest.split(']').next().unwrap_or("");
                    let k = statement
                        .operands
                        .iter()
                        .position(|o| o.name.as_ref().is_some_and(|n| n == name));
                    for _ in 0..name.len() + 2 {
                        chars.next();
                    }
                    if let Some(u) = k.and_then(|k| used.get_mut(k)) {
                        *u = true;
                    }
                    out.push_str(&format!("{{{}}}", k.map_or(0, argument)));
                }
                _ => out.push('%'),
            },
            c => out.push(c),
        }
    }
    for (k, op) in statement.operands.iter().enumerate() {
        if !used[k] && op.constraint.letter != ConstraintLetter::C {
            out.push_str(&format!(
                "\n\t// operand {k}, not used: {{{}}}",
                argument(k)
            ));
        }
    }
    out
}

/// The nvptx64 body: `core::arch::asm!`.
pub(crate) fn nvptx(statement: &Statement, v: &Validated) -> TokenStream {
    let p = private();
    if v.runtime_text {
        return quote!(::core::compile_error!("ptx!: on nvptx64 a \"C\" operand must be a string literal, known when the macro expands"););
    }
    let template = asm_template(&v.text, statement);
    let mut args = Vec::new();
    let mut before = Vec::new();
    let mut after = Vec::new();
    for (k, op) in statement.operands.iter().enumerate() {
        let class = match op.constraint.letter.nvptx_reg_class() {
            Some(c) => format_ident!("{c}"),
            None if op.constraint.letter == ConstraintLetter::N => {
                let expr = &op.expr;
                args.push(quote!(const #expr));
                continue;
            }
            None if op.constraint.letter == ConstraintLetter::C => continue,
            None => {
                return quote!(::core::compile_error!("ptx!: the nvptx64 backend has no 128-bit register class for a \"q\" operand"););
            }
        };
        let bits_ty = match op.constraint.letter {
            ConstraintLetter::H => quote!(u16),
            ConstraintLetter::R | ConstraintLetter::F => quote!(u32),
            _ => quote!(u64),
        };
        let tmp = ident(&format!("__ptx_o{k}"));
        if op.constraint.access != OperandAccess::Read {
            before.push(quote!(let #tmp: #bits_ty;));
        }
        match op.constraint.access {
            OperandAccess::Read => {
                let value = input_value(statement, k);
                args.push(quote!(in(#class) (#value) as #bits_ty));
            }
            OperandAccess::Write => {
                args.push(quote!(out(#class) #tmp));
                after.push(output_assignment(statement, k, quote!(#tmp)));
            }
            OperandAccess::ReadWrite => {
                let value = input_value(statement, k);
                args.push(quote!(inout(#class) (#value) as #bits_ty => #tmp));
                after.push(output_assignment(statement, k, quote!(#tmp)));
            }
        }
        let _ = &p;
    }
    let has_outputs = statement
        .operands
        .iter()
        .any(|o| o.constraint.access != OperandAccess::Read);
    let options = if !statement.volatile && !statement.memory_clobber && has_outputs {
        quote!(options(pure, nomem, nostack))
    } else {
        quote!(options(nostack))
    };
    let template = Literal::string(&template);
    quote! {
        #(#before)*
        unsafe { ::core::arch::asm!(#template, #(#args,)* #options); }
        #(#after)*
    }
}

/// A warning of the statement: the use of a `#[deprecated]` constant named
/// after the warning's kind, at its span (see [`crate::valid::Warning`]).
fn warning(w: &crate::valid::Warning) -> TokenStream {
    let name = Ident::new(w.kind, w.span);
    let note = format!("ptx!: {}", w.message);
    quote_spanned! {w.span=>
        #[deprecated(note = #note)]
        #[allow(non_upper_case_globals)]
        const #name: () = ();
        let () = #name;
    }
}

/// The whole expansion.
pub fn expand(statement: &Statement, v: &Validated) -> TokenStream {
    let p = private();
    let traits = (0..statement.operands.len()).map(|k| operand_trait(statement, k));
    let warnings = v.warnings.iter().map(warning);
    let host_body = match &v.program {
        Some(program) => host(statement, program),
        None => host_runtime(statement, v),
    };
    // Each instruction names its operation's constant in the simulator,
    // which is deprecated for the operations it does not simulate: a
    // warning at the template, on the host only (the GPU runs them).
    let template_span = statement.template_span();
    let mut operations: Vec<&str> = v
        .program
        .iter()
        .flat_map(|program| &program.steps)
        .filter_map(|step| match &step.kind {
            StepKind::Exec { form, .. } => Some(form.semantics.name()),
            _ => None,
        })
        .collect();
    operations.sort_unstable();
    operations.dedup();
    let simulated = operations.iter().map(|name| {
        let name = Ident::new(name, template_span);
        quote_spanned!(template_span=> let () = #p::simulated::#name;)
    });
    // A `"memory"` clobber orders the Rust code's own memory accesses around
    // the statement, as it orders the compiler's around an asm() in CUDA.
    let fence = statement.memory_clobber.then(
        || quote!(::core::sync::atomic::compiler_fence(::core::sync::atomic::Ordering::SeqCst);),
    );
    let device_body = nvptx(statement, v);
    let canonical = match &v.template {
        Some(t) => ptx_core::print(t),
        None => v.text.clone(),
    };
    let constraints: Vec<String> = statement
        .operands
        .iter()
        .map(|o| o.constraint.to_string())
        .collect();
    let target = statement.target.to_string();
    // The CUDA form is an expression (`ptx!(...);`) and evaluates to the
    // statement's info; the token form stands as a statement, so it is `()`.
    let value = match statement.syntax {
        crate::statement::Syntax::Cuda => quote!(__PTX_INFO),
        crate::statement::Syntax::Tokens => quote!(let _ = __PTX_INFO;),
    };
    quote! {{
        #(#traits)*
        #({ #warnings })*
        #[cfg(not(target_arch = "nvptx64"))]
        #[allow(unused_mut, unused_assignments, unused_variables, unreachable_code, clippy::all)]
        { #(#simulated)* #fence #host_body #fence }
        #[cfg(target_arch = "nvptx64")]
        #[allow(unused_mut, unused_assignments, clippy::all)]
        { #device_body }
        const __PTX_INFO: #p::Info = #p::Info { ptx: #canonical, constraints: &[#(#constraints),*], target: #target };
        #value
    }}
}
