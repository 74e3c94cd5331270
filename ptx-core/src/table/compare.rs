//! Comparison and selection (PTX ISA "Comparison and Selection Instructions",
//! with the half precision `set`/`setp` forms).
//!
//! Each class of source type has its own comparison operators: signed
//! integers `eq ne lt le gt ge`, unsigned ones also `lo ls hi hs`, bit types
//! only `eq ne`, floating point types the ordered and unordered operators
//! and `num`/`nan`. `.ftz` exists only for `.f32` and the `.f16` types. The
//! `.and`/`.or`/`.xor` forms combine the result with a predicate `c` that may
//! be negated (`!c`), and only those forms take `c`.

use super::{Entry, form};
use crate::semantics::Semantics as S;

pub(super) fn entries() -> Vec<Entry> {
    vec![
        // setp, with and without the combining operation, for each class of
        // source types. For the `x2` types `p` and `q` receive the comparisons
        // of the two halves; for the scalar half precision types ptxas refuses
        // `p|q` ("Predicate output not allowed"), as the ISA's syntax shows.
        // ptxas takes the sink `_` for `p`.
        form("setp.cmp_signed.type =p|q:sink:.pred, a, b; .type = { .s16, .s32, .s64 }", S::Setp),
        form("setp.cmp_signed.boolop.type =p|q:sink:.pred, a, b, c:.pred:neg; .type = { .s16, .s32, .s64 }", S::SetpBoolop),
        form("setp.cmp_unsigned.type =p|q:sink:.pred, a, b; .type = { .u16, .u32, .u64 }", S::Setp),
        form("setp.cmp_unsigned.boolop.type =p|q:sink:.pred, a, b, c:.pred:neg; .type = { .u16, .u32, .u64 }", S::SetpBoolop),
        form("setp.cmp_bit.type =p|q:sink:.pred, a, b; .type = { .b16, .b32, .b64 }", S::Setp),
        form("setp.cmp_bit.boolop.type =p|q:sink:.pred, a, b, c:.pred:neg; .type = { .b16, .b32, .b64 }", S::SetpBoolop),
        form("setp.cmp_float{.ftz}.type =p|q:sink:.pred, a, b; .type = { .f32 }", S::Setp),
        form("setp.cmp_float.boolop{.ftz}.type =p|q:sink:.pred, a, b, c:.pred:neg; .type = { .f32 }", S::SetpBoolop),
        form("setp.cmp_float.type =p|q:sink:.pred, a, b; .type = { .f64 }", S::Setp).since(1, 0, 13),
        form("setp.cmp_float.boolop.type =p|q:sink:.pred, a, b, c:.pred:neg; .type = { .f64 }", S::SetpBoolop).since(1, 0, 13),
        form("setp.cmp_float{.ftz}.type =p:sink:.pred, a, b; .type = { .f16 }", S::Setp).since(4, 2, 53),
        form("setp.cmp_float.boolop{.ftz}.type =p:sink:.pred, a, b, c:.pred:neg; .type = { .f16 }", S::SetpBoolop).since(4, 2, 53),
        form("setp.cmp_float{.ftz}.type =p|q:sink:.pred, a, b; .type = { .f16x2 }", S::Setp).since(4, 2, 53),
        form("setp.cmp_float.boolop{.ftz}.type =p|q:sink:.pred, a, b, c:.pred:neg; .type = { .f16x2 }", S::SetpBoolop).since(4, 2, 53),
        form("setp.cmp_float.type =p:sink:.pred, a, b; .type = { .bf16 }", S::Setp).since(7, 8, 90),
        form("setp.cmp_float.boolop.type =p:sink:.pred, a, b, c:.pred:neg; .type = { .bf16 }", S::SetpBoolop).since(7, 8, 90),
        form("setp.cmp_float.type =p|q:sink:.pred, a, b; .type = { .bf16x2 }", S::Setp).since(7, 8, 90),
        form("setp.cmp_float.boolop.type =p|q:sink:.pred, a, b, c:.pred:neg; .type = { .bf16x2 }", S::SetpBoolop).since(7, 8, 90),
        // set writes all ones (integer destinations) or 1.0 (floating point ones).
        form("set.cmp_signed.dtype.stype =d:.dtype, a, b; .dtype = { .u32, .s32, .f32 }; .stype = { .s16, .s32, .s64 }", S::Set),
        form("set.cmp_signed.boolop.dtype.stype =d:.dtype, a, b, c:.pred:neg; .dtype = { .u32, .s32, .f32 }; .stype = { .s16, .s32, .s64 }", S::SetBoolop),
        form("set.cmp_signed.dtype.stype =d:.dtype, a, b; .dtype = { .f16 }; .stype = { .s16, .s32, .s64 }", S::Set).since(4, 2, 53),
        form("set.cmp_signed.boolop.dtype.stype =d:.dtype, a, b, c:.pred:neg; .dtype = { .f16 }; .stype = { .s16, .s32, .s64 }", S::SetBoolop).since(4, 2, 53),
        form("set.cmp_signed.dtype.stype =d:.dtype, a, b; .dtype = { .bf16 }; .stype = { .s16, .s32, .s64 }", S::Set).since(7, 8, 90),
        form("set.cmp_signed.boolop.dtype.stype =d:.dtype, a, b, c:.pred:neg; .dtype = { .bf16 }; .stype = { .s16, .s32, .s64 }", S::SetBoolop).since(7, 8, 90),
        form("set.cmp_unsigned.dtype.stype =d:.dtype, a, b; .dtype = { .u32, .s32, .f32 }; .stype = { .u16, .u32, .u64 }", S::Set),
        form("set.cmp_unsigned.boolop.dtype.stype =d:.dtype, a, b, c:.pred:neg; .dtype = { .u32, .s32, .f32 }; .stype = { .u16, .u32, .u64 }", S::SetBoolop),
        form("set.cmp_unsigned.dtype.stype =d:.dtype, a, b; .dtype = { .f16 }; .stype = { .u16, .u32, .u64 }", S::Set).since(4, 2, 53),
        form("set.cmp_unsigned.boolop.dtype.stype =d:.dtype, a, b, c:.pred:neg; .dtype = { .f16 }; .stype = { .u16, .u32, .u64 }", S::SetBoolop).since(4, 2, 53),
        form("set.cmp_unsigned.dtype.stype =d:.dtype, a, b; .dtype = { .bf16 }; .stype = { .u16, .u32, .u64 }", S::Set).since(7, 8, 90),
        form("set.cmp_unsigned.boolop.dtype.stype =d:.dtype, a, b, c:.pred:neg; .dtype = { .bf16 }; .stype = { .u16, .u32, .u64 }", S::SetBoolop).since(7, 8, 90),
        form("set.cmp_bit.dtype.stype =d:.dtype, a, b; .dtype = { .u32, .s32, .f32 }; .stype = { .b16, .b32, .b64 }", S::Set),
        form("set.cmp_bit.boolop.dtype.stype =d:.dtype, a, b, c:.pred:neg; .dtype = { .u32, .s32, .f32 }; .stype = { .b16, .b32, .b64 }", S::SetBoolop),
        form("set.cmp_bit.dtype.stype =d:.dtype, a, b; .dtype = { .f16 }; .stype = { .b16, .b32, .b64 }", S::Set).since(4, 2, 53),
        form("set.cmp_bit.boolop.dtype.stype =d:.dtype, a, b, c:.pred:neg; .dtype = { .f16 }; .stype = { .b16, .b32, .b64 }", S::SetBoolop).since(4, 2, 53),
        form("set.cmp_bit.dtype.stype =d:.dtype, a, b; .dtype = { .bf16 }; .stype = { .b16, .b32, .b64 }", S::Set).since(7, 8, 90),
        form("set.cmp_bit.boolop.dtype.stype =d:.dtype, a, b, c:.pred:neg; .dtype = { .bf16 }; .stype = { .b16, .b32, .b64 }", S::SetBoolop).since(7, 8, 90),
        form("set.cmp_float{.ftz}.dtype.stype =d:.dtype, a, b; .dtype = { .u32, .s32, .f32 }; .stype = { .f32 }", S::Set),
        form("set.cmp_float.boolop{.ftz}.dtype.stype =d:.dtype, a, b, c:.pred:neg; .dtype = { .u32, .s32, .f32 }; .stype = { .f32 }", S::SetBoolop),
        form("set.cmp_float{.ftz}.dtype.stype =d:.dtype, a, b; .dtype = { .f16 }; .stype = { .f32 }", S::Set).since(4, 2, 53),
        form("set.cmp_float.boolop{.ftz}.dtype.stype =d:.dtype, a, b, c:.pred:neg; .dtype = { .f16 }; .stype = { .f32 }", S::SetBoolop).since(4, 2, 53),
        form("set.cmp_float{.ftz}.dtype.stype =d:.dtype, a, b; .dtype = { .bf16 }; .stype = { .f32 }", S::Set).since(7, 8, 90),
        form("set.cmp_float.boolop{.ftz}.dtype.stype =d:.dtype, a, b, c:.pred:neg; .dtype = { .bf16 }; .stype = { .f32 }", S::SetBoolop).since(7, 8, 90),
        form("set.cmp_float.dtype.stype =d:.dtype, a, b; .dtype = { .u32, .s32, .f32 }; .stype = { .f64 }", S::Set).since(1, 0, 13),
        form("set.cmp_float.boolop.dtype.stype =d:.dtype, a, b, c:.pred:neg; .dtype = { .u32, .s32, .f32 }; .stype = { .f64 }", S::SetBoolop).since(1, 0, 13),
        form("set.cmp_float.dtype.stype =d:.dtype, a, b; .dtype = { .f16 }; .stype = { .f64 }", S::Set).since(4, 2, 53),
        form("set.cmp_float.boolop.dtype.stype =d:.dtype, a, b, c:.pred:neg; .dtype = { .f16 }; .stype = { .f64 }", S::SetBoolop).since(4, 2, 53),
        form("set.cmp_float.dtype.stype =d:.dtype, a, b; .dtype = { .bf16 }; .stype = { .f64 }", S::Set).since(7, 8, 90),
        form("set.cmp_float.boolop.dtype.stype =d:.dtype, a, b, c:.pred:neg; .dtype = { .bf16 }; .stype = { .f64 }", S::SetBoolop).since(7, 8, 90),
        form("set.cmp_float{.ftz}.dtype.stype =d:.dtype, a, b; .dtype = { .u16, .s16, .u32, .s32, .f16 }; .stype = { .f16 }", S::Set).since(4, 2, 53),
        form("set.cmp_float.boolop{.ftz}.dtype.stype =d:.dtype, a, b, c:.pred:neg; .dtype = { .u16, .s16, .u32, .s32, .f16 }; .stype = { .f16 }", S::SetBoolop).since(4, 2, 53),
        form("set.cmp_float.dtype.stype =d:.dtype, a, b; .dtype = { .u16, .s16, .u32, .s32, .bf16 }; .stype = { .bf16 }", S::Set).since(7, 8, 90),
        form("set.cmp_float.boolop.dtype.stype =d:.dtype, a, b, c:.pred:neg; .dtype = { .u16, .s16, .u32, .s32, .bf16 }; .stype = { .bf16 }", S::SetBoolop).since(7, 8, 90),
        form("set.cmp_float{.ftz}.dtype.stype =d:.dtype, a, b; .dtype = { .f16x2, .u32, .s32 }; .stype = { .f16x2 }", S::Set).since(4, 2, 53),
        form("set.cmp_float.boolop{.ftz}.dtype.stype =d:.dtype, a, b, c:.pred:neg; .dtype = { .f16x2, .u32, .s32 }; .stype = { .f16x2 }", S::SetBoolop).since(4, 2, 53),
        form("set.cmp_float.dtype.stype =d:.dtype, a, b; .dtype = { .bf16x2, .u32, .s32 }; .stype = { .bf16x2 }", S::Set).since(7, 8, 90),
        form("set.cmp_float.boolop.dtype.stype =d:.dtype, a, b, c:.pred:neg; .dtype = { .bf16x2, .u32, .s32 }; .stype = { .bf16x2 }", S::SetBoolop).since(7, 8, 90),
        // ptxas takes a negated selector `!c`, though the ISA does not show one.
        form("selp.type =d, a, b, c:.pred:neg; .type = { .b16, .b32, .b64, .u16, .u32, .u64, .s16, .s32, .s64, .f32, .f64 }", S::Selp),
        // slct picks `a` when `c >= 0`; a `.f32` `c` may be flushed first.
        form("slct.dtype.s32 =d:.dtype, a:.dtype, b:.dtype, c:.s32; .dtype = { .b16, .b32, .b64, .u16, .u32, .u64, .s16, .s32, .s64, .f32, .f64 }", S::Slct),
        form("slct{.ftz}.dtype.f32 =d:.dtype, a:.dtype, b:.dtype, c:.f32; .dtype = { .b16, .b32, .b64, .u16, .u32, .u64, .s16, .s32, .s64, .f32, .f64 }", S::Slct),
    ]
}

#[cfg(test)]
mod tests {
    use crate::{Target, check_asm};

    fn accepts(asm: &str, constraints: &[&str]) -> bool {
        check_asm(asm, constraints, Target::default()).is_ok()
    }

    fn setp(statement: &str, constraints: &[&str]) -> bool {
        let asm = format!("{{ .reg .pred p, q, c; setp.ne.u32 c, %0, 0; {statement}; }}");
        accepts(&asm, constraints)
    }

    #[test]
    fn each_type_class_has_its_own_comparison_operators() {
        assert!(setp("setp.lt.s32 p, %1, %2", &["r", "r", "r"]));
        assert!(setp("setp.lo.u32 p, %1, %2", &["r", "r", "r"]));
        assert!(setp("setp.lt.u32 p, %1, %2", &["r", "r", "r"]));
        assert!(!setp("setp.lo.s32 p, %1, %2", &["r", "r", "r"]));
        assert!(setp("setp.ne.b32 p, %1, %2", &["r", "r", "r"]));
        assert!(!setp("setp.lt.b32 p, %1, %2", &["r", "r", "r"]));
        assert!(setp("setp.num.f64 p, %1, %2", &["r", "d", "d"]));
    }

    #[test]
    fn only_the_combining_forms_take_a_predicate_which_may_be_negated() {
        assert!(setp("setp.lt.or.s32 p|q, %1, %2, !c", &["r", "r", "r"]));
        assert!(!setp("setp.lt.s32 p, %1, %2, c", &["r", "r", "r"]));
        assert!(!setp("setp.lt.and.s32 p, %1, %2", &["r", "r", "r"]));
    }

    #[test]
    fn ftz_applies_to_f32_and_f16_comparisons_only() {
        assert!(setp("setp.lt.ftz.f32 p, %1, %2", &["r", "f", "f"]));
        assert!(setp("setp.gtu.ftz.f16x2 p|q, %1, %2", &["r", "r", "r"]));
        assert!(!setp("setp.lt.ftz.f64 p, %1, %2", &["r", "d", "d"]));
        assert!(!setp("setp.lt.ftz.bf16 p, %1, %2", &["r", "h", "h"]));
    }

    #[test]
    fn scalar_half_comparisons_write_one_predicate() {
        assert!(setp("setp.gt.f16 p, %1, %2", &["r", "h", "h"]));
        assert!(!setp("setp.gt.f16 p|q, %1, %2", &["r", "h", "h"]));
        assert!(setp("setp.gt.f16x2 p|q, %1, %2", &["r", "r", "r"]));
    }

    #[test]
    fn set_writes_a_destination_of_its_own_type() {
        assert!(accepts("set.lt.f32.s32 %0, %1, %2;", &["=f", "r", "r"]));
        assert!(accepts("set.ge.u32.f16x2 %0, %1, %2;", &["=r", "r", "r"]));
        assert!(!accepts("set.lt.s32 %0, %1, %2;", &["=r", "r", "r"]));
    }

    #[test]
    fn slct_selects_on_the_sign_of_an_s32_or_f32_operand() {
        assert!(accepts(
            "slct.f64.s32 %0, %1, %2, %3;",
            &["=d", "d", "d", "r"]
        ));
        assert!(accepts(
            "slct.ftz.u16.f32 %0, %1, %2, %3;",
            &["=h", "h", "h", "f"]
        ));
        assert!(!accepts(
            "slct.ftz.s32.s32 %0, %1, %2, %3;",
            &["=r", "r", "r", "r"]
        ));
    }
}
