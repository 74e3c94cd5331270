//! Integer arithmetic and bit manipulation (PTX ISA "Integer Arithmetic Instructions").

use super::{Entry, form};
use crate::semantics::Semantics as S;

/// Extended precision: `add.cc` ... `madc` pass the carry flag between the
/// statements of one template. The 32-bit forms are PTX ISA 1.2 (`mad.cc`,
/// `madc`: 3.0, sm_20); the 64-bit ones PTX ISA 4.3, sm_20.
fn carry_chain() -> Vec<Entry> {
    vec![
        form("add.cc.type =d, a, b; .type = { .u32, .s32 }", S::AddCc).since(1, 2, 10),
        form("addc{.cc}.type =d, a, b; .type = { .u32, .s32 }", S::Addc).since(1, 2, 10),
        form("sub.cc.type =d, a, b; .type = { .u32, .s32 }", S::SubCc).since(1, 2, 10),
        form("subc{.cc}.type =d, a, b; .type = { .u32, .s32 }", S::Subc).since(1, 2, 10),
        form(
            "mad.lo/.cc.type =d, a, b, c; .type = { .u32, .s32 }",
            S::MadLoCc,
        )
        .since(3, 0, 20),
        form(
            "mad.hi/.cc.type =d, a, b, c; .type = { .u32, .s32 }",
            S::MadHiCc,
        )
        .since(3, 0, 20),
        form(
            "madc.lo/{.cc}.type =d, a, b, c; .type = { .u32, .s32 }",
            S::MadcLo,
        )
        .since(3, 0, 20),
        form(
            "madc.hi/{.cc}.type =d, a, b, c; .type = { .u32, .s32 }",
            S::MadcHi,
        )
        .since(3, 0, 20),
        form("add.cc.type =d, a, b; .type = { .u64, .s64 }", S::AddCc).since(4, 3, 20),
        form("addc{.cc}.type =d, a, b; .type = { .u64, .s64 }", S::Addc).since(4, 3, 20),
        form("sub.cc.type =d, a, b; .type = { .u64, .s64 }", S::SubCc).since(4, 3, 20),
        form("subc{.cc}.type =d, a, b; .type = { .u64, .s64 }", S::Subc).since(4, 3, 20),
        form(
            "mad.lo/.cc.type =d, a, b, c; .type = { .u64, .s64 }",
            S::MadLoCc,
        )
        .since(4, 3, 20),
        form(
            "mad.hi/.cc.type =d, a, b, c; .type = { .u64, .s64 }",
            S::MadHiCc,
        )
        .since(4, 3, 20),
        form(
            "madc.lo/{.cc}.type =d, a, b, c; .type = { .u64, .s64 }",
            S::MadcLo,
        )
        .since(4, 3, 20),
        form(
            "madc.hi/{.cc}.type =d, a, b, c; .type = { .u64, .s64 }",
            S::MadcHi,
        )
        .since(4, 3, 20),
    ]
}

pub(super) fn entries() -> Vec<Entry> {
    let mut entries = vec![
        // add, sub: .sat only on .s32 (ptxas: "does not apply to '.s16x2' type");
        // packed 16-bit forms of add (not sub) from sm_90.
        form("add{.sat}.s32 =d, a, b", S::Add),
        form("add.type =d, a, b; .type = { .u16, .u32, .u64, .s16, .s64 }", S::Add),
        form("add.type =d, a, b; .type = { .u16x2, .s16x2 }", S::Add).since(8, 0, 90),
        form("sub{.sat}.s32 =d, a, b", S::Sub),
        form("sub.type =d, a, b; .type = { .u16, .u32, .u64, .s16, .s64 }", S::Sub),
        // mul, mad: the mode comes first.
        form("mul.lo/.type =d, a, b; .type = { .u16, .u32, .u64, .s16, .s32, .s64 }", S::MulLo),
        form("mul.hi/.type =d, a, b; .type = { .u16, .u32, .u64, .s16, .s32, .s64 }", S::MulHi),
        form("mul.wide/.s16 =d:.s32, a, b", S::MulWide),
        form("mul.wide/.u16 =d:.u32, a, b", S::MulWide),
        form("mul.wide/.s32 =d:.s64, a, b", S::MulWide),
        form("mul.wide/.u32 =d:.u64, a, b", S::MulWide),
        form("mad.lo/.type =d, a, b, c; .type = { .u16, .u32, .u64, .s16, .s32, .s64 }", S::MadLo),
        form("mad.hi/{.sat}.s32 =d, a, b, c", S::MadHi),
        form("mad.hi/.type =d, a, b, c; .type = { .u16, .u32, .u64, .s16, .s64 }", S::MadHi),
        form("mad.wide/.s16 =d:.s32, a, b, c:.s32", S::MadWide),
        form("mad.wide/.u16 =d:.u32, a, b, c:.u32", S::MadWide),
        form("mad.wide/.s32 =d:.s64, a, b, c:.s64", S::MadWide),
        form("mad.wide/.u32 =d:.u64, a, b, c:.u64", S::MadWide),
        form("mul24.lo/.type =d, a, b; .type = { .u32, .s32 }", S::Mul24Lo),
        form("mul24.hi/.type =d, a, b; .type = { .u32, .s32 }", S::Mul24Hi),
        form("mad24.lo/.type =d, a, b, c; .type = { .u32, .s32 }", S::Mad24Lo),
        form("mad24.hi/{.sat}.s32 =d, a, b, c", S::Mad24Hi),
        form("mad24.hi/.u32 =d, a, b, c", S::Mad24Hi),
        form("sad.type =d, a, b, c; .type = { .u16, .u32, .u64, .s16, .s32, .s64 }", S::Sad),
        form("div.type =d, a, b; .type = { .u16, .u32, .u64, .s16, .s32, .s64 }", S::Div),
        form("rem.type =d, a, b; .type = { .u16, .u32, .u64, .s16, .s32, .s64 }", S::Rem),
        form("abs.type =d, a; .type = { .s16, .s32, .s64 }", S::Abs),
        form("neg.type =d, a; .type = { .s16, .s32, .s64 }", S::Neg),
        form("min.type =d, a, b; .type = { .u16, .u32, .u64, .s16, .s32, .s64 }", S::Min),
        form("max.type =d, a, b; .type = { .u16, .u32, .u64, .s16, .s32, .s64 }", S::Max),
        // `.relu` (clamp negative results to 0) only for the signed .s16x2 and .s32.
        form("min.u16x2 =d, a, b", S::Min).since(8, 0, 90),
        form("max.u16x2 =d, a, b", S::Max).since(8, 0, 90),
        form("min{.relu}.s16x2 =d, a, b", S::Min).since(8, 0, 90),
        form("max{.relu}.s16x2 =d, a, b", S::Max).since(8, 0, 90),
        form("min.relu.s32 =d, a, b", S::Min).since(8, 0, 90),
        form("max.relu.s32 =d, a, b", S::Max).since(8, 0, 90),
        // Bit manipulation.
        form("popc.type =d:.u32, a; .type = { .b32, .b64 }", S::Popc).since(2, 0, 20),
        form("clz.type =d:.u32, a; .type = { .b32, .b64 }", S::Clz).since(2, 0, 20),
        form("bfind{.shiftamt}.type =d:.u32, a; .type = { .u32, .u64, .s32, .s64 }", S::Bfind).since(2, 0, 20),
        form("fns.b32 =d, mask, base:.u32, offset:.s32", S::Fns).since(6, 0, 30),
        form("brev.type =d, a; .type = { .b32, .b64 }", S::Brev).since(2, 0, 20),
        form("bfe.type =d, a, b:.u32, c:.u32; .type = { .u32, .u64, .s32, .s64 }", S::Bfe).since(2, 0, 20),
        form("bfi.type =d, f, b, c:.u32, e:.u32; .type = { .b32, .b64 }", S::Bfi).since(2, 0, 20),
        form("szext.mode.type =d, a, b:.u32; .mode = { .clamp, .wrap }; .type = { .u32, .s32 }", S::Szext).since(7, 6, 70),
        // ptxas holds `d` to `.u32` too: an `.f32` register is rejected.
        form("bmsk.mode.b32 =d:.u32, a:.u32, b:.u32; .mode = { .clamp, .wrap }", S::Bmsk).since(7, 6, 70),
        form("dp4a.atype.btype =d:.atype, a:.atype, b:.btype, c:.atype; .atype = { .u32, .s32 }; .btype = { .u32, .s32 }", S::Dp4a)
            .since(5, 0, 61),
        form("dp2a.lo/.atype.btype =d:.atype, a:.atype, b:.btype, c:.atype; .atype = { .u32, .s32 }; .btype = { .u32, .s32 }", S::Dp2aLo)
            .since(5, 0, 61),
        form("dp2a.hi/.atype.btype =d:.atype, a:.atype, b:.btype, c:.atype; .atype = { .u32, .s32 }; .btype = { .u32, .s32 }", S::Dp2aHi)
            .since(5, 0, 61),
    ];
    entries.extend(carry_chain());
    entries
}

#[cfg(test)]
mod tests {
    use crate::{Target, check_asm};

    fn accepts(asm: &str, constraints: &[&str]) -> bool {
        check_asm(asm, constraints, Target::default()).is_ok()
    }

    #[test]
    fn sat_applies_only_to_s32_add_sub_and_mad_hi() {
        assert!(accepts("add.sat.s32 %0, %1, %2;", &["=r", "r", "r"]));
        assert!(!accepts("add.sat.u32 %0, %1, %2;", &["=r", "r", "r"]));
        assert!(!accepts("add.sat.s16x2 %0, %1, %2;", &["=r", "r", "r"]));
        assert!(accepts(
            "mad.hi.sat.s32 %0, %1, %2, %3;",
            &["=r", "r", "r", "r"]
        ));
        assert!(!accepts(
            "mad.lo.sat.s32 %0, %1, %2, %3;",
            &["=r", "r", "r", "r"]
        ));
    }

    #[test]
    fn relu_applies_only_to_signed_packed_and_s32_min_max() {
        assert!(accepts("min.relu.s16x2 %0, %1, %2;", &["=r", "r", "r"]));
        assert!(accepts("max.relu.s32 %0, %1, %2;", &["=r", "r", "r"]));
        assert!(!accepts("max.relu.u16x2 %0, %1, %2;", &["=r", "r", "r"]));
        assert!(!accepts("min.relu.u32 %0, %1, %2;", &["=r", "r", "r"]));
    }

    #[test]
    fn packed_integer_operands_take_no_immediate() {
        assert!(accepts("add.s32 %0, %1, 5;", &["=r", "r"]));
        assert!(!accepts("add.s16x2 %0, %1, 1;", &["=r", "r"]));
    }

    #[test]
    fn mul_needs_its_mode_directly_after_the_name() {
        assert!(accepts("mul.wide.u32 %0, %1, %2;", &["=l", "r", "r"]));
        assert!(!accepts("mul.s16.lo %0, %1, %2;", &["=h", "h", "h"]));
        let errors =
            check_asm("mul.s32 %0, %1, %2;", &["=r", "r", "r"], Target::default()).unwrap_err();
        assert!(errors[0].message.contains("`.lo`"));
    }
}
