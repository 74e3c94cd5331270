//! Logic and shift instructions (PTX ISA "Logic and Shift Instructions").
//!
//! Bit types take any register of their size, so `and.b32` works on `.f32`
//! registers; shift amounts are `.u32` whatever the shifted type.

use super::{Entry, form};
use crate::semantics::Semantics as S;

pub(super) fn entries() -> Vec<Entry> {
    vec![
        form("and.type =d, a, b; .type = { .b16, .b32, .b64 }", S::And),
        form("or.type =d, a, b; .type = { .b16, .b32, .b64 }", S::Or),
        form("xor.type =d, a, b; .type = { .b16, .b32, .b64 }", S::Xor),
        form("not.type =d, a; .type = { .b16, .b32, .b64 }", S::Not),
        // On predicates ptxas takes negated sources (`and.pred p, !q, r`).
        form("and.pred =d, a:neg, b:neg", S::And),
        form("or.pred =d, a:neg, b:neg", S::Or),
        form("xor.pred =d, a:neg, b:neg", S::Xor),
        form("not.pred =d, a:neg", S::Not),
        form("cnot.type =d, a; .type = { .b16, .b32, .b64 }", S::Cnot),
        // The ISA's immLut is 0..255. ptxas takes any immediate up to 64 bits
        // and uses its low byte; the checker is stricter, as a table past 255
        // is a mistake.
        form("lop3.b32 =d, a, b, c, lut:imm:0..255", S::Lop3).since(4, 3, 50),
        // The predicate form: `p = (d != 0) BoolOp q`; `|p` is required, `d`
        // may be the sink `_`, and ptxas takes `!q`.
        form(
            "lop3.boolop.b32 =d|p:sink:paired, a, b, c, lut:imm:0..255, q:.pred:neg; .boolop = { .or, .and }",
            S::Lop3Boolop,
        )
        .since(8, 2, 70),
        form("shl.type =d, a, b:.u32; .type = { .b16, .b32, .b64 }", S::Shl),
        form(
            "shr.type =d, a, b:.u32; .type = { .b16, .b32, .b64, .u16, .u32, .u64, .s16, .s32, .s64 }",
            S::Shr,
        ),
        // The direction must follow `shf` directly; the mode is required.
        form(
            "shf.l/.mode.b32 =d, a, b, c:.u32; .mode = { .clamp, .wrap }",
            S::ShfL,
        )
        .since(3, 1, 32),
        form(
            "shf.r/.mode.b32 =d, a, b, c:.u32; .mode = { .clamp, .wrap }",
            S::ShfR,
        )
        .since(3, 1, 32),
    ]
}

#[cfg(test)]
mod tests {
    use crate::{Target, check_asm};

    fn accepts(asm: &str, constraints: &[&str]) -> bool {
        check_asm(asm, constraints, Target::default()).is_ok()
    }

    #[test]
    fn bit_operations_take_any_register_of_their_size() {
        assert!(accepts("and.b32 %0, %1, %2;", &["=r", "r", "f"]));
        assert!(!accepts("and.b32 %0, %1, %2;", &["=r", "r", "l"]));
        assert!(!accepts("and.s32 %0, %1, %2;", &["=r", "r", "r"]));
    }

    #[test]
    fn the_shift_amount_is_u32_whatever_the_shifted_type() {
        assert!(accepts("shl.b64 %0, %1, %2;", &["=l", "l", "r"]));
        assert!(!accepts("shr.s64 %0, %1, %2;", &["=l", "l", "l"]));
        assert!(!accepts("shl.s32 %0, %1, %2;", &["=r", "r", "r"]));
    }

    #[test]
    fn shf_needs_its_direction_first_and_a_mode() {
        assert!(accepts(
            "shf.r.clamp.b32 %0, %1, %2, %3;",
            &["=r", "r", "r", "r"]
        ));
        assert!(!accepts(
            "shf.clamp.r.b32 %0, %1, %2, %3;",
            &["=r", "r", "r", "r"]
        ));
        assert!(!accepts(
            "shf.l.b32 %0, %1, %2, %3;",
            &["=r", "r", "r", "r"]
        ));
    }

    #[test]
    fn lop3_with_a_boolean_operation_must_write_its_predicate() {
        let with =
            "{ .reg .pred p, q; setp.ne.u32 q, %1, 0; lop3.or.b32 %0|p, %1, %2, %3, 0x96, !q; }";
        let without =
            "{ .reg .pred q; setp.ne.u32 q, %1, 0; lop3.or.b32 %0, %1, %2, %3, 0x96, q; }";
        assert!(accepts(with, &["=r", "r", "r", "r"]));
        assert!(!accepts(without, &["=r", "r", "r", "r"]));
    }

    #[test]
    fn lop3_takes_its_lookup_table_as_an_immediate_only() {
        assert!(accepts(
            "lop3.b32 %0, %1, %2, %3, 0xe8;",
            &["=r", "r", "r", "r"]
        ));
        assert!(!accepts(
            "lop3.b32 %0, %1, %2, %3, %4;",
            &["=r", "r", "r", "r", "r"]
        ));
    }
}
