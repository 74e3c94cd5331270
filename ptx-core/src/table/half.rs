//! Half precision (`.f16`, `.bf16` and their `x2` pairs) and the mixed
//! precision `.f32` forms of sm_100 (PTX ISA "Half Precision Floating-Point
//! Instructions" and "Mixed Precision Floating-Point Instructions").
//!
//! The only rounding mode of the half precision arithmetic is `.rn`; it is
//! optional for `add`, `sub`, `mul` and required for `fma`.

use super::{Entry, form};
use crate::semantics::Semantics as S;

pub(super) fn entries() -> Vec<Entry> {
    vec![
        form("add{.rn}{.ftz}{.sat}.type =d, a, b; .type = { .f16, .f16x2 }", S::Add).since(4, 2, 53),
        form("add{.rn}.type =d, a, b; .type = { .bf16, .bf16x2 }", S::Add).since(7, 8, 90),
        form("sub{.rn}{.ftz}{.sat}.type =d, a, b; .type = { .f16, .f16x2 }", S::Sub).since(4, 2, 53),
        form("sub{.rn}.type =d, a, b; .type = { .bf16, .bf16x2 }", S::Sub).since(7, 8, 90),
        form("mul{.rn}{.ftz}{.sat}.type =d, a, b; .type = { .f16, .f16x2 }", S::Mul).since(4, 2, 53),
        form("mul{.rn}.type =d, a, b; .type = { .bf16, .bf16x2 }", S::Mul).since(7, 8, 90),
        form("fma.rn{.ftz}{.sat}.type =d, a, b, c; .type = { .f16, .f16x2 }", S::Fma).since(4, 2, 53),
        form("fma.rn{.ftz}.relu.type =d, a, b, c; .type = { .f16, .f16x2 }", S::Fma).since(7, 0, 80),
        form("fma.rn{.relu}.type =d, a, b, c; .type = { .bf16, .bf16x2 }", S::Fma).since(7, 0, 80),
        // `.oob`: out-of-bounds inputs read as zero; ptxas also takes `.sat` on the .f16 types.
        form(
            "fma.rn.oob{.relu}.type =d, a, b, c; .type = { .f16, .f16x2, .bf16, .bf16x2 }",
            S::FmaOob,
        )
        .since(8, 1, 90),
        form("fma.rn.oob.sat.type =d, a, b, c; .type = { .f16, .f16x2 }", S::FmaOob).since(8, 1, 90),
        // Mixed precision: `a` (and `b` of fma) are converted to .f32 first.
        form("add{.rnd}{.sat}.f32.atype =d:.f32, a:.atype, c:.f32; .atype = { .f16, .bf16 }", S::Add)
            .since(8, 6, 100),
        form("sub{.rnd}{.sat}.f32.atype =d:.f32, a:.atype, c:.f32; .atype = { .f16, .bf16 }", S::Sub)
            .since(8, 6, 100),
        form(
            "fma.rnd{.sat}.f32.abtype =d:.f32, a:.abtype, b:.abtype, c:.f32; .abtype = { .f16, .bf16 }",
            S::Fma,
        )
        .since(8, 6, 100),
        form("neg{.ftz}.type =d, a; .type = { .f16, .f16x2 }", S::Neg).since(6, 0, 53),
        form("neg.type =d, a; .type = { .bf16, .bf16x2 }", S::Neg).since(7, 0, 80),
        form("abs{.ftz}.type =d, a; .type = { .f16, .f16x2 }", S::Abs).since(6, 5, 53),
        form("abs.type =d, a; .type = { .bf16, .bf16x2 }", S::Abs).since(7, 0, 80),
        form("min{.ftz}{.NaN}.type =d, a, b; .type = { .f16, .f16x2 }", S::Min).since(7, 0, 80),
        form("min{.ftz}{.NaN}.xorsign.abs.type =d, a, b; .type = { .f16, .f16x2 }", S::Min).since(7, 2, 86),
        form("min{.NaN}.type =d, a, b; .type = { .bf16, .bf16x2 }", S::Min).since(7, 0, 80),
        form("min{.NaN}.xorsign.abs.type =d, a, b; .type = { .bf16, .bf16x2 }", S::Min).since(7, 2, 86),
        form("max{.ftz}{.NaN}.type =d, a, b; .type = { .f16, .f16x2 }", S::Max).since(7, 0, 80),
        form("max{.ftz}{.NaN}.xorsign.abs.type =d, a, b; .type = { .f16, .f16x2 }", S::Max).since(7, 2, 86),
        form("max{.NaN}.type =d, a, b; .type = { .bf16, .bf16x2 }", S::Max).since(7, 0, 80),
        form("max{.NaN}.xorsign.abs.type =d, a, b; .type = { .bf16, .bf16x2 }", S::Max).since(7, 2, 86),
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
    fn half_arithmetic_rounds_only_to_nearest_even() {
        assert!(accepts("add.rn.f16 %0, %1, %2;", &["=h", "h", "h"]));
        assert!(!accepts("add.rz.f16 %0, %1, %2;", &["=h", "h", "h"]));
        assert!(!accepts(
            "fma.f16x2 %0, %1, %2, %3;",
            &["=r", "r", "r", "r"]
        ));
    }

    #[test]
    fn halves_live_in_bit_registers_of_their_size() {
        assert!(accepts("mul.f16x2 %0, %1, %2;", &["=r", "r", "r"]));
        assert!(!accepts("mul.f16x2 %0, %1, %2;", &["=r", "f", "r"]));
        assert!(!accepts("add.f16 %0, %1, 0f3F800000;", &["=h", "h"]));
    }

    #[test]
    fn bf16_has_no_ftz_or_sat_except_that_its_ex2_requires_ftz() {
        assert!(!accepts("add.ftz.bf16 %0, %1, %2;", &["=h", "h", "h"]));
        assert!(!accepts(
            "fma.rn.sat.bf16 %0, %1, %2, %3;",
            &["=h", "h", "h", "h"]
        ));
        assert!(accepts("ex2.approx.ftz.bf16 %0, %1;", &["=h", "h"]));
        assert!(!accepts("ex2.approx.bf16 %0, %1;", &["=h", "h"]));
        assert!(!accepts("ex2.approx.ftz.f16 %0, %1;", &["=h", "h"]));
    }

    #[test]
    fn fma_relu_and_sat_do_not_combine() {
        assert!(accepts(
            "fma.rn.relu.f16 %0, %1, %2, %3;",
            &["=h", "h", "h", "h"]
        ));
        assert!(!accepts(
            "fma.rn.sat.relu.f16 %0, %1, %2, %3;",
            &["=h", "h", "h", "h"]
        ));
    }

    #[test]
    fn mixed_precision_arithmetic_needs_sm_100() {
        let sm100: Target = "sm_100".parse().unwrap();
        assert!(!accepts("add.f32.f16 %0, %1, %2;", &["=f", "h", "f"]));
        assert!(accepts_on(
            sm100,
            "add.rz.sat.f32.bf16 %0, %1, %2;",
            &["=f", "h", "f"]
        ));
        assert!(accepts_on(
            sm100,
            "fma.rn.f32.f16 %0, %1, %2, %3;",
            &["=f", "h", "h", "f"]
        ));
    }
}
