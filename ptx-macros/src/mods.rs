//! An instruction's decoded modifiers as a Rust constant: the host code hands
//! each semantic function its [`Mods`] as a `const`, so that the optimizer
//! folds the tests on them away.

use proc_macro2::{Literal, TokenStream};
use ptx_core::{Layout, Mods, ParamScope, Selector, Shape, SharedScope, StateSpace};
use quote::{format_ident, quote};
use std::fmt::Debug;

/// `mods` as an expression of type `#core::Mods`, with `core` the path to
/// ptx-core as the expansion reaches it (`::ptx::__private::core`).
pub fn mods_tokens(mods: &Mods, core: &TokenStream) -> TokenStream {
    // Every field by name, so that a field added to `Mods` fails to compile
    // here rather than being left at a default.
    let Mods {
        types,
        rnd,
        flags,
        keywords,
        space,
        source,
        shape,
        layout,
        count,
        operand_selectors,
        negate,
    } = *mods;
    let types = types.map(|t| option(t.map(|t| variant(core, "ScalarType", t))));
    let rnd = variant(core, "Rounding", rnd);
    let flags = Literal::u64_unsuffixed(flags.0);
    let keywords = keywords.map(|k| option(k.map(|k| variant(core, "Keyword", k))));
    let space = option(space.map(|s| space_tokens(core, s)));
    let source = option(source.map(|s| space_tokens(core, s)));
    let shape = option(shape.map(|Shape { m, n, k }| {
        let (m, n, k) = (
            Literal::u16_unsuffixed(m),
            Literal::u16_unsuffixed(n),
            Literal::u16_unsuffixed(k),
        );
        quote!(#core::Shape { m: #m, n: #n, k: #k })
    }));
    let layout = layout.map(|l| {
        option(l.map(|l| match l {
            Layout::Row => quote!(#core::Layout::Row),
            Layout::Col => quote!(#core::Layout::Col),
        }))
    });
    let count = Literal::u8_unsuffixed(count);
    let operand_selectors = operand_selectors.map(|s| {
        option(s.map(|Selector { half, digits, len }| {
            let digits = digits.map(Literal::u8_unsuffixed);
            let len = Literal::u8_unsuffixed(len);
            quote!(#core::Selector { half: #half, digits: [#(#digits),*], len: #len })
        }))
    });
    let negate = Literal::u8_unsuffixed(negate);
    quote! {
        #core::Mods {
            types: [#(#types),*],
            rnd: #rnd,
            flags: #core::Flags(#flags),
            keywords: [#(#keywords),*],
            space: #space,
            source: #source,
            shape: #shape,
            layout: [#(#layout),*],
            count: #count,
            operand_selectors: [#(#operand_selectors),*],
            negate: #negate,
        }
    }
}

/// `Some(value)` or `None`.
fn option(value: Option<TokenStream>) -> TokenStream {
    match value {
        Some(v) => quote!(::core::option::Option::Some(#v)),
        None => quote!(::core::option::Option::None),
    }
}

/// The variant `value` of the fieldless enum `ty`: a derived `Debug` writes
/// a unit variant as its name.
fn variant(core: &TokenStream, ty: &str, value: impl Debug) -> TokenStream {
    let ty = format_ident!("{ty}");
    let name = format_ident!("{}", format!("{value:?}"));
    quote!(#core::#ty::#name)
}

/// The state space `space`, with its `.shared` or `.param` sub-space.
fn space_tokens(core: &TokenStream, space: StateSpace) -> TokenStream {
    match space {
        StateSpace::Reg => quote!(#core::StateSpace::Reg),
        StateSpace::Sreg => quote!(#core::StateSpace::Sreg),
        StateSpace::Const => quote!(#core::StateSpace::Const),
        StateSpace::Global => quote!(#core::StateSpace::Global),
        StateSpace::Local => quote!(#core::StateSpace::Local),
        StateSpace::Tex => quote!(#core::StateSpace::Tex),
        StateSpace::Param(scope) => {
            let scope = match scope {
                ParamScope::Default => quote!(Default),
                ParamScope::Entry => quote!(Entry),
                ParamScope::Func => quote!(Func),
            };
            quote!(#core::StateSpace::Param(#core::ParamScope::#scope))
        }
        StateSpace::Shared(scope) => {
            let scope = match scope {
                SharedScope::Default => quote!(Default),
                SharedScope::Cta => quote!(Cta),
                SharedScope::Cluster => quote!(Cluster),
            };
            quote!(#core::StateSpace::Shared(#core::SharedScope::#scope))
        }
    }
}
