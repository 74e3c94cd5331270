//! Single and double precision floating point (PTX ISA "Floating-Point
//! Instructions"), including the packed `.f32x2` forms of sm_100.
//!
//! Rounding rules, as the ISA states them and ptxas enforces them:
//! `add`, `sub`, `mul` take an optional `.rnd` (default `.rn`); `fma` and
//! `mad` require one; `div`, `rcp`, `sqrt` require either `.rnd` or `.approx`
//! (`div` also `.full`); the transcendental instructions (`sin`, `cos`,
//! `lg2`, `ex2`, `rsqrt`, `tanh`) require `.approx`. The `.approx` forms and
//! `div.full` are in `approx.rs`.

use super::{Entry, form};
use crate::semantics::Semantics as S;

pub(super) fn entries() -> Vec<Entry> {
    vec![
        // ptxas accepts `testp.f32 p, a` with the operation left out, though
        // the ISA lists it as required.
        form(
            "testp{.op}.type =p:.pred, a; .op = { .finite, .infinite, .number, .notanumber, .normal, .subnormal }; .type = { .f32, .f64 }",
            S::Testp,
        )
        .since(2, 0, 20),
        form("copysign.type =d, a, b; .type = { .f32, .f64 }", S::Copysign).since(2, 0, 20),
        // add, sub, mul: the rounding mode defaults to `.rn`.
        form("add{.rnd}{.ftz}{.sat}.f32 =d, a, b", S::Add),
        // For `.f32x2` the operands are `.b64` registers holding two `.f32`.
        form("add{.rnd}{.ftz}.f32x2 =d, a, b", S::Add).since(8, 6, 100),
        form("add{.rnd}.f64 =d, a, b", S::Add).since(1, 0, 13),
        form("sub{.rnd}{.ftz}{.sat}.f32 =d, a, b", S::Sub),
        form("sub{.rnd}{.ftz}.f32x2 =d, a, b", S::Sub).since(8, 6, 100),
        form("sub{.rnd}.f64 =d, a, b", S::Sub).since(1, 0, 13),
        form("mul{.rnd}{.ftz}{.sat}.f32 =d, a, b", S::Mul),
        form("mul{.rnd}{.ftz}.f32x2 =d, a, b", S::Mul).since(8, 6, 100),
        form("mul{.rnd}.f64 =d, a, b", S::Mul).since(1, 0, 13),
        // fma and mad: a rounding mode is required (mad without one is sm_1x only).
        form("fma.rnd{.ftz}{.sat}.f32 =d, a, b, c", S::Fma).since(2, 0, 20),
        form("fma.rnd{.ftz}.f32x2 =d, a, b, c", S::Fma).since(8, 6, 100),
        form("fma.rnd.f64 =d, a, b, c", S::Fma).since(1, 4, 13),
        form("mad.rnd{.ftz}{.sat}.f32 =d, a, b, c", S::Fma).since(2, 0, 20),
        form("mad.rnd.f64 =d, a, b, c", S::Fma).since(1, 4, 13),
        // div: `.approx` and `.rnd` may be written anywhere, `.full` only first.
        // (The `.rnd` forms come first so that a missing mode is explained with them.)
        form("div.rnd{.ftz}.f32 =d, a, b", S::Div).since(1, 4, 20),
        form("div.rnd.f64 =d, a, b", S::Div).since(1, 0, 13),
        form("abs{.ftz}.f32 =d, a", S::Abs),
        form("abs.f64 =d, a", S::Abs).since(1, 0, 13),
        form("neg{.ftz}.f32 =d, a", S::Neg),
        form("neg.f64 =d, a", S::Neg).since(1, 0, 13),
        // min, max: `.NaN` from sm_80, `.xorsign.abs` from sm_86, three inputs from sm_100.
        form("min{.ftz}.f32 =d, a, b", S::Min),
        form("min{.ftz}.NaN.f32 =d, a, b", S::Min).since(7, 0, 80),
        form("min{.ftz}{.NaN}.xorsign.abs.f32 =d, a, b", S::Min).since(7, 2, 86),
        form("min{.ftz}{.NaN}{.abs}.f32 =d, a, b, c", S::Min).since(8, 8, 100),
        form("min.f64 =d, a, b", S::Min).since(1, 0, 13),
        form("max{.ftz}.f32 =d, a, b", S::Max),
        form("max{.ftz}.NaN.f32 =d, a, b", S::Max).since(7, 0, 80),
        form("max{.ftz}{.NaN}.xorsign.abs.f32 =d, a, b", S::Max).since(7, 2, 86),
        form("max{.ftz}{.NaN}{.abs}.f32 =d, a, b, c", S::Max).since(8, 8, 100),
        form("max.f64 =d, a, b", S::Max).since(1, 0, 13),
        form("rcp.rnd{.ftz}.f32 =d, a", S::Rcp).since(1, 4, 20),
        form("rcp.rnd.f64 =d, a", S::Rcp).since(1, 4, 13),
        form("sqrt.rnd{.ftz}.f32 =d, a", S::Sqrt).since(1, 4, 20),
        form("sqrt.rnd.f64 =d, a", S::Sqrt).since(1, 4, 13),
    ]
}

#[cfg(test)]
mod tests {
    use crate::{Target, check_asm};

    fn accepts_on(target: Target, asm: &str, constraints: &[&str]) -> bool {
        check_asm(asm, constraints, target).is_ok()
    }

    fn accepts(asm: &str, constraints: &[&str]) -> bool {
        accepts_on(Target::default(), asm, constraints)
    }

    #[test]
    fn add_defaults_to_rn_while_fma_and_mad_require_a_rounding_mode() {
        assert!(accepts("add.f32 %0, %1, %2;", &["=f", "f", "f"]));
        assert!(accepts("add.rz.ftz.sat.f32 %0, %1, %2;", &["=f", "f", "f"]));
        assert!(!accepts("fma.f32 %0, %1, %2, %3;", &["=f", "f", "f", "f"]));
        assert!(!accepts("mad.f32 %0, %1, %2, %3;", &["=f", "f", "f", "f"]));
        assert!(accepts(
            "mad.rn.f64 %0, %1, %2, %3;",
            &["=d", "d", "d", "d"]
        ));
    }

    #[test]
    fn div_rcp_sqrt_need_a_rounding_mode_or_approx() {
        assert!(!accepts("div.f32 %0, %1, %2;", &["=f", "f", "f"]));
        assert!(accepts("div.approx.ftz.f32 %0, %1, %2;", &["=f", "f", "f"]));
        assert!(accepts("div.full.f32 %0, %1, %2;", &["=f", "f", "f"]));
        assert!(!accepts("div.full.f64 %0, %1, %2;", &["=d", "d", "d"]));
        assert!(!accepts("rcp.f64 %0, %1;", &["=d", "d"]));
        assert!(!accepts("sqrt.approx.f64 %0, %1;", &["=d", "d"]));
    }

    #[test]
    fn ftz_applies_to_f32_only() {
        assert!(accepts("abs.ftz.f32 %0, %1;", &["=f", "f"]));
        assert!(!accepts("abs.ftz.f64 %0, %1;", &["=d", "d"]));
        assert!(!accepts("min.ftz.f64 %0, %1, %2;", &["=d", "d", "d"]));
    }

    #[test]
    fn a_rounding_mode_or_ftz_may_be_written_only_once() {
        assert!(!accepts("sub.rn.rn.f64 %0, %1, %2;", &["=d", "d", "d"]));
        assert!(!accepts("sqrt.rn.ftz.ftz.f32 %0, %1;", &["=f", "f"]));
        assert!(accepts(
            "fma.sat.rn.sat.f32 %0, %1, %2, %3;",
            &["=f", "f", "f", "f"]
        ));
    }

    #[test]
    fn packed_f32x2_and_three_input_min_need_sm_100() {
        let sm100: Target = "sm_100".parse().unwrap();
        assert!(!accepts("add.f32x2 %0, %1, %2;", &["=l", "l", "l"]));
        assert!(accepts_on(
            sm100,
            "add.f32x2 %0, %1, %2;",
            &["=l", "l", "l"]
        ));
        assert!(!accepts_on(
            sm100,
            "add.f32x2 %0, %1, %2;",
            &["=d", "d", "d"]
        ));
        assert!(!accepts("min.f32 %0, %1, %2, %3;", &["=f", "f", "f", "f"]));
        assert!(accepts_on(
            sm100,
            "max.NaN.abs.f32 %0, %1, %2, %3;",
            &["=f", "f", "f", "f"]
        ));
    }
}
