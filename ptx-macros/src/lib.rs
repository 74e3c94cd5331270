//! The `ptx!` procedural macro. See the `ptx` crate for its documentation.
//!
//! The pipeline, one module per stage: `input` reads the macro input (the
//! CUDA form directly, the token form through `tokens`) into a `statement`,
//! `valid` runs every check (ptx-core's parser and checker, then the
//! inline-asm rules; `diagnostic` words their errors), and `expand`
//! generates the host and nvptx64 code (with `mods`, an instruction's
//! modifiers as a constant). Each module uses only those before it in
//! the order statement, diagnostic, tokens, input, valid, mods, expand
//! (`tools/gates/layers.py` checks it).

#![warn(missing_docs)]

mod diagnostic;
mod expand;
mod input;
mod mods;
mod statement;
mod tokens;
mod valid;

use proc_macro::TokenStream;

/// Inline PTX, checked at compile time. See the `ptx` crate's documentation.
#[proc_macro]
pub fn ptx(input: TokenStream) -> TokenStream {
    expand_tokens(input.into()).into()
}

fn expand_tokens(input: proc_macro2::TokenStream) -> proc_macro2::TokenStream {
    let result = syn::parse2::<statement::Statement>(input).and_then(|mut statement| {
        let validated = valid::validate(&mut statement)?;
        Ok(expand::expand(&statement, &validated))
    });
    result.unwrap_or_else(|e| e.to_compile_error())
}

#[cfg(test)]
mod tests {
    //! The nvptx64 expansion's tokens, snapshot-tested: each snapshot is
    //! the `asm!` body a statement expands to on the GPU, for review.
    //! `tools/gates/nvptx-harness` compiles such bodies with rustc's nvptx64
    //! backend and has ptxas assemble them.

    use quote::quote;

    fn device_code(input: proc_macro2::TokenStream) -> String {
        let mut statement =
            syn::parse2::<crate::statement::Statement>(input).expect("statement parses");
        let validated = crate::valid::validate(&mut statement).unwrap_or_else(|e| panic!("{e}"));
        let body = crate::expand::nvptx(&statement, &validated);
        let file: syn::File = syn::parse2(quote!(fn device() { #body })).expect("body is Rust");
        prettyplease::unparse(&file)
    }

    #[test]
    fn add_with_numbered_operands() {
        insta::assert_snapshot!(device_code(
            quote!("add.s32 %0, %1, %2;" : "=r"(i) : "r"(j), "r"(k))
        ));
    }

    #[test]
    fn read_write_operand_and_constant() {
        insta::assert_snapshot!(device_code(
            quote!("add.u32 %0, %0, %1;" : "+r"(x) : "n"(42))
        ));
    }

    #[test]
    fn literal_string_operand_is_spliced_and_not_an_argument() {
        // `%1` is the text `.rz`; `%2` and `%3` are the asm! arguments 1 and 2.
        insta::assert_snapshot!(device_code(
            quote!("add%1.f32 %0, %2, %3;" : "=f"(r) : "C"(".rz"), "f"(a), "f"(b))
        ));
    }

    #[test]
    fn braces_are_escaped_and_percent_unescaped() {
        insta::assert_snapshot!(device_code(
            quote!(volatile "{ .reg .pred p; setp.eq.s32 p, %1, 34; @p mov.s32 %0, 1; } mov.u32 %0, %%laneid;" : "+r"(y) : "r"(x))
        ));
    }

    #[test]
    fn named_operands_become_positions() {
        insta::assert_snapshot!(device_code(
            quote!("mul.lo.u32 %[p], %[a], %[b];" : [p] "=r"(p) : [a] "r"(a), [b] "r"(b))
        ));
    }

    #[test]
    fn register_classes_by_letter() {
        insta::assert_snapshot!(device_code(
            quote!("cvt.rn.f16.f64 %0, %3; cvt.rn.f32.f64 %1, %3; mov.b64 %2, %4;" : "=h"(h), "=f"(f), "=l"(l) : "d"(d), "l"(p))
        ));
    }

    #[test]
    fn memory_clobber_keeps_the_statement() {
        insta::assert_snapshot!(device_code(
            quote!("st.global.u32 [%0], %1;" :: "l"(p), "r"(x) : "memory")
        ));
    }
}
