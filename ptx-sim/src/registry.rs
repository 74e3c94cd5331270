//! The map from the instruction table's semantics keys to semantic functions.
//!
//! [`Sem`] has one variant per key; its name is
//! `ptx_core::semantics_variant(key)`, which is how the code that `ptx!`
//! generates names it. The `every_table_key_has_a_semantic_function` test
//! keeps this list and the table in step.

use crate::exec::{SemResult, unsupported};
use crate::sem::*;
use ptx_core::Mods;

macro_rules! semantics {
    ($($variant:ident = $key:literal => $func:path,)*) => {
        /// A semantic function, named after its key in the instruction table.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Sem { $($variant,)* }

        impl Sem {
            /// Every semantic function.
            pub const ALL: &'static [Sem] = &[$(Sem::$variant,)*];

            /// The function for a table key.
            pub fn from_key(key: &str) -> Option<Sem> {
                match key { $($key => Some(Sem::$variant),)* _ => None }
            }

            /// The table key.
            pub const fn key(self) -> &'static str {
                match self { $(Sem::$variant => $key,)* }
            }

            /// Runs the function over `slots`.
            #[inline(always)]
            pub fn run(self, m: &Mods, slots: &mut [u64]) -> SemResult {
                match self { $(Sem::$variant => $func(m, slots),)* }
            }
        }
    };
}

semantics! {
    Add = "add" => float::add,
    Sub = "sub" => float::sub,
    AddCc = "add.cc" => integer::add_cc,
    Addc = "addc" => integer::addc,
    SubCc = "sub.cc" => integer::sub_cc,
    Subc = "subc" => integer::subc,
    MulLo = "mul.lo" => integer::mul_lo,
    MulHi = "mul.hi" => integer::mul_hi,
    MulWide = "mul.wide" => integer::mul_wide,
    MadLo = "mad.lo" => integer::mad_lo,
    MadHi = "mad.hi" => integer::mad_hi,
    MadWide = "mad.wide" => integer::mad_wide,
    MadLoCc = "mad.lo.cc" => integer::mad_lo_cc,
    MadHiCc = "mad.hi.cc" => integer::mad_hi_cc,
    MadcLo = "madc.lo" => integer::madc_lo,
    MadcHi = "madc.hi" => integer::madc_hi,
    Mul24Lo = "mul24.lo" => integer::mul24_lo,
    Mul24Hi = "mul24.hi" => integer::mul24_hi,
    Mad24Lo = "mad24.lo" => integer::mad24_lo,
    Mad24Hi = "mad24.hi" => integer::mad24_hi,
    Sad = "sad" => integer::sad,
    Div = "div" => float::div,
    Rem = "rem" => integer::rem,
    Abs = "abs" => float::abs,
    Neg = "neg" => float::neg,
    Min = "min" => float::min,
    Max = "max" => float::max,
    Popc = "popc" => integer::popc,
    Clz = "clz" => integer::clz,
    Bfind = "bfind" => integer::bfind,
    Fns = "fns" => integer::fns,
    Brev = "brev" => integer::brev,
    Bfe = "bfe" => integer::bfe,
    Bfi = "bfi" => integer::bfi,
    Szext = "szext" => integer::szext,
    Bmsk = "bmsk" => integer::bmsk,
    Dp4a = "dp4a" => integer::dp4a,
    Dp2aLo = "dp2a.lo" => integer::dp2a_lo,
    Dp2aHi = "dp2a.hi" => integer::dp2a_hi,
    Mul = "mul" => float::mul,
    Fma = "fma" => float::fma,
    FmaOob = "fma.oob" => float::fma_oob,
    Rcp = "rcp" => float::rcp,
    Sqrt = "sqrt" => float::sqrt,
    Copysign = "copysign" => float::copysign,
    Testp = "testp" => float::testp,
    RcpApprox = "rcp.approx" => approx::rcp,
    SqrtApprox = "sqrt.approx" => approx::sqrt,
    RsqrtApprox = "rsqrt.approx" => approx::rsqrt,
    SinApprox = "sin.approx" => approx::sin,
    CosApprox = "cos.approx" => approx::cos,
    Lg2Approx = "lg2.approx" => approx::lg2,
    Ex2Approx = "ex2.approx" => approx::ex2,
    TanhApprox = "tanh.approx" => approx::tanh,
    DivApprox = "div.approx" => approx::div_approx,
    DivFull = "div.full" => approx::div_full,
    Cvt = "cvt" => float_convert::cvt,
    CvtX2 = "cvt.x2" => float_convert::cvt_x2,
    Unsupported = "unsupported" => not_simulated,
}

fn not_simulated(_: &Mods, _: &mut [u64]) -> SemResult {
    Err(unsupported("this instruction"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn variant_names_follow_the_key_rule() {
        for &sem in Sem::ALL {
            assert_eq!(
                format!("{sem:?}"),
                ptx_core::semantics_variant(sem.key()),
                "{}",
                sem.key()
            );
        }
    }
}
