//! The approximate floating point operations (PTX ISA "Floating-Point
//! Instructions" and "Half Precision Floating-Point Instructions": the
//! `.approx` forms of `rcp`, `sqrt`, `rsqrt`, `sin`, `cos`, `lg2`, `ex2`,
//! `tanh` and `div`, and `div.full`). The table lists them after the
//! rounded forms of `float.rs`, so that a `div`, `rcp` or `sqrt` missing its
//! mode is explained with `.rnd`.

use super::{Entry, form};
use crate::semantics::Semantics as S;

pub(super) fn entries() -> Vec<Entry> {
    vec![
        form("div.approx{.ftz}.f32 =d, a, b", S::DivApprox),
        form("div.full/{.ftz}.f32 =d, a, b", S::DivFull).since(1, 4, 10),
        form("rcp.approx{.ftz}.f32 =d, a", S::RcpApprox),
        form("rcp.approx.ftz.f64 =d, a", S::RcpApprox).since(2, 1, 20),
        form("sqrt.approx{.ftz}.f32 =d, a", S::SqrtApprox),
        form("rsqrt.approx{.ftz}.f32 =d, a", S::RsqrtApprox),
        form("rsqrt.approx.f64 =d, a", S::RsqrtApprox).since(1, 4, 13),
        form("rsqrt.approx.ftz.f64 =d, a", S::RsqrtApprox).since(4, 0, 20),
        form("sin.approx{.ftz}.f32 =d, a", S::SinApprox),
        form("cos.approx{.ftz}.f32 =d, a", S::CosApprox),
        form("lg2.approx{.ftz}.f32 =d, a", S::Lg2Approx),
        form("ex2.approx{.ftz}.f32 =d, a", S::Ex2Approx),
        form("tanh.approx.f32 =d, a", S::TanhApprox).since(7, 0, 75),
        form(
            "tanh.approx.type =d, a; .type = { .f16, .f16x2 }",
            S::TanhApprox,
        )
        .since(7, 0, 75),
        form(
            "tanh.approx.type =d, a; .type = { .bf16, .bf16x2 }",
            S::TanhApprox,
        )
        .since(7, 8, 90),
        form(
            "ex2.approx.type =d, a; .type = { .f16, .f16x2 }",
            S::Ex2Approx,
        )
        .since(7, 0, 75),
        // The bf16 forms exist only with `.ftz`.
        form(
            "ex2.approx.ftz.type =d, a; .type = { .bf16, .bf16x2 }",
            S::Ex2Approx,
        )
        .since(7, 8, 90),
    ]
}

#[cfg(test)]
mod tests {
    use crate::{Target, check_asm};

    fn accepts(asm: &str, constraints: &[&str]) -> bool {
        check_asm(asm, constraints, Target::default()).is_ok()
    }

    #[test]
    fn approximate_f64_reciprocal_exists_only_with_ftz() {
        assert!(accepts("rcp.approx.ftz.f64 %0, %1;", &["=d", "d"]));
        assert!(!accepts("rcp.approx.f64 %0, %1;", &["=d", "d"]));
    }
}
