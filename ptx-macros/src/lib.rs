//! The `ptx!` procedural macro. See the `ptx` crate for its documentation.
//!
//! The pipeline, one module per stage: `input` reads the macro input (the
//! CUDA form directly, the token form through `tokens`), `valid` runs every
//! check (ptx-core's parser and checker, then the inline-asm rules), and
//! `expand` generates the host and nvptx64 code.

mod expand;
mod input;
mod tokens;
mod valid;

use proc_macro::TokenStream;

/// Inline PTX, checked at compile time. See the `ptx` crate's documentation.
#[proc_macro]
pub fn ptx(input: TokenStream) -> TokenStream {
    expand_tokens(input.into()).into()
}

fn expand_tokens(input: proc_macro2::TokenStream) -> proc_macro2::TokenStream {
    let result = syn::parse2::<input::Statement>(input).and_then(|mut statement| {
        let validated = valid::validate(&mut statement)?;
        Ok(expand::expand(&statement, &validated))
    });
    result.unwrap_or_else(|e| e.to_compile_error())
}
