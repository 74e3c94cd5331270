//! The approximate floating point operations (PTX ISA "Floating-Point
//! Instructions" and "Half Precision Floating-Point Instructions": the
//! `.approx` forms of `rcp`, `sqrt`, `rsqrt`, `sin`, `cos`, `lg2`, `ex2`,
//! `tanh` and `div`, and `div.full`). The table lists them after the
//! rounded forms of `float.rs`, so that a `div`, `rcp` or `sqrt` missing its
//! mode is explained with `.rnd`.

use super::{Entry, form};

pub(super) fn entries() -> Vec<Entry> {
    vec![
        form("div.approx{.ftz}.f32 =d, a, b", "div.approx"),
        form("div.full/{.ftz}.f32 =d, a, b", "div.full").since(1, 4, 10),
        form("rcp.approx{.ftz}.f32 =d, a", "rcp.approx"),
        form("rcp.approx.ftz.f64 =d, a", "rcp.approx").since(2, 1, 20),
        form("sqrt.approx{.ftz}.f32 =d, a", "sqrt.approx"),
        form("rsqrt.approx{.ftz}.f32 =d, a", "rsqrt.approx"),
        form("rsqrt.approx.f64 =d, a", "rsqrt.approx").since(1, 4, 13),
        form("rsqrt.approx.ftz.f64 =d, a", "rsqrt.approx").since(4, 0, 20),
        form("sin.approx{.ftz}.f32 =d, a", "sin.approx"),
        form("cos.approx{.ftz}.f32 =d, a", "cos.approx"),
        form("lg2.approx{.ftz}.f32 =d, a", "lg2.approx"),
        form("ex2.approx{.ftz}.f32 =d, a", "ex2.approx"),
        form("tanh.approx.f32 =d, a", "tanh.approx").since(7, 0, 75),
        form(
            "tanh.approx.type =d, a; .type = { .f16, .f16x2 }",
            "tanh.approx",
        )
        .since(7, 0, 75),
        form(
            "tanh.approx.type =d, a; .type = { .bf16, .bf16x2 }",
            "tanh.approx",
        )
        .since(7, 8, 90),
        form(
            "ex2.approx.type =d, a; .type = { .f16, .f16x2 }",
            "ex2.approx",
        )
        .since(7, 0, 75),
        // The bf16 forms exist only with `.ftz`.
        form(
            "ex2.approx.ftz.type =d, a; .type = { .bf16, .bf16x2 }",
            "ex2.approx",
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
