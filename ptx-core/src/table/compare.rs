//! Comparison and selection (PTX ISA "Comparison and Selection Instructions",
//! with the half precision `set`/`setp` forms).
//!
//! Each class of source type has its own comparison operators: signed
//! integers `eq ne lt le gt ge`, unsigned ones also `lo ls hi hs`, bit types
//! only `eq ne`, floating point types the ordered and unordered operators
//! and `num`/`nan`. `.ftz` exists only for `.f32` and the `.f16` types. The
//! `.and`/`.or`/`.xor` forms combine the result with a predicate `c` that may
//! be negated (`!c`), and only those forms take `c`.

use super::Entry;
use crate::semantics::Semantics as S;

/// One class of source types: the types, the group of their comparison
/// operators, whether `.ftz` applies, whether `setp` may write a second
/// predicate `p|q`, and when the class appeared.
struct SourceClass {
    types: &'static str,
    cmp: &'static str,
    ftz: bool,
    pair: bool,
    since: (u8, u8, u32),
}

const fn class(
    types: &'static str,
    cmp: &'static str,
    ftz: bool,
    since: (u8, u8, u32),
) -> SourceClass {
    SourceClass {
        types,
        cmp,
        ftz,
        pair: true,
        since,
    }
}

/// The scalar half precision classes: ptxas refuses `p|q` for them
/// ("Predicate output not allowed"), as the ISA's syntax shows.
const fn single(c: SourceClass) -> SourceClass {
    SourceClass { pair: false, ..c }
}

const SIGNED: SourceClass = class(".s16, .s32, .s64", "cmp_signed", false, (1, 0, 10));
const UNSIGNED: SourceClass = class(".u16, .u32, .u64", "cmp_unsigned", false, (1, 0, 10));
const BIT: SourceClass = class(".b16, .b32, .b64", "cmp_bit", false, (1, 0, 10));
const F32: SourceClass = class(".f32", "cmp_float", true, (1, 0, 10));
const F64: SourceClass = class(".f64", "cmp_float", false, (1, 0, 13));
const F16: SourceClass = single(class(".f16", "cmp_float", true, (4, 2, 53)));
const F16X2: SourceClass = class(".f16x2", "cmp_float", true, (4, 2, 53));
const BF16: SourceClass = single(class(".bf16", "cmp_float", false, (7, 8, 90)));
const BF16X2: SourceClass = class(".bf16x2", "cmp_float", false, (7, 8, 90));

/// The later of two (PTX ISA, sm) requirements.
fn later(a: (u8, u8, u32), b: (u8, u8, u32)) -> (u8, u8, u32) {
    let (major, minor) = (a.0, a.1).max((b.0, b.1));
    (major, minor, a.2.max(b.2))
}

/// `setp` with and without the combining operation, for one source class.
/// For the `x2` types `p` and `q` receive the comparisons of the two halves.
fn setp(c: &SourceClass) -> [Entry; 2] {
    let ftz = if c.ftz { "{.ftz}" } else { "" };
    let (major, minor, sm) = c.since;
    let (cmp, types) = (c.cmp, c.types);
    // ptxas takes the sink `_` for `p`.
    let p = if c.pair { "p|q:sink" } else { "p:sink" };
    [
        Entry::owned(
            format!("setp.{cmp}{ftz}.type ={p}:.pred, a, b; .type = {{ {types} }}"),
            S::Setp,
        )
        .since(major, minor, sm),
        Entry::owned(
            format!(
                "setp.{cmp}.boolop{ftz}.type ={p}:.pred, a, b, c:.pred:neg; .type = {{ {types} }}"
            ),
            S::SetpBoolop,
        )
        .since(major, minor, sm),
    ]
}

/// `set` for one source class and a list of destination types.
fn set(c: &SourceClass, dtypes: &str, since: (u8, u8, u32)) -> [Entry; 2] {
    let ftz = if c.ftz { "{.ftz}" } else { "" };
    let (major, minor, sm) = later(c.since, since);
    let (cmp, types) = (c.cmp, c.types);
    [
        Entry::owned(
            format!(
                "set.{cmp}{ftz}.dtype.stype =d:.dtype, a, b; .dtype = {{ {dtypes} }}; .stype = {{ {types} }}"
            ),
            S::Set,
        )
        .since(major, minor, sm),
        Entry::owned(
            format!(
                "set.{cmp}.boolop{ftz}.dtype.stype =d:.dtype, a, b, c:.pred:neg; .dtype = {{ {dtypes} }}; .stype = {{ {types} }}"
            ),
            S::SetBoolop,
        )
        .since(major, minor, sm),
    ]
}

pub(super) fn entries() -> Vec<Entry> {
    let mut entries = Vec::new();
    for c in [
        &SIGNED, &UNSIGNED, &BIT, &F32, &F64, &F16, &F16X2, &BF16, &BF16X2,
    ] {
        entries.extend(setp(c));
    }
    // `set` writes all ones (integer destinations) or 1.0 (floating point ones).
    for c in [&SIGNED, &UNSIGNED, &BIT, &F32, &F64] {
        entries.extend(set(c, ".u32, .s32, .f32", (1, 0, 10)));
        entries.extend(set(c, ".f16", (4, 2, 53)));
        entries.extend(set(c, ".bf16", (7, 8, 90)));
    }
    entries.extend(set(&F16, ".u16, .s16, .u32, .s32, .f16", (4, 2, 53)));
    entries.extend(set(&BF16, ".u16, .s16, .u32, .s32, .bf16", (7, 8, 90)));
    entries.extend(set(&F16X2, ".f16x2, .u32, .s32", (4, 2, 53)));
    entries.extend(set(&BF16X2, ".bf16x2, .u32, .s32", (7, 8, 90)));
    let values = ".b16, .b32, .b64, .u16, .u32, .u64, .s16, .s32, .s64, .f32, .f64";
    entries.extend([
        // ptxas takes a negated selector `!c`, though the ISA does not show one.
        Entry::owned(format!("selp.type =d, a, b, c:.pred:neg; .type = {{ {values} }}"), S::Selp),
        // slct picks `a` when `c >= 0`; a `.f32` `c` may be flushed first.
        Entry::owned(
            format!("slct.dtype.s32 =d:.dtype, a:.dtype, b:.dtype, c:.s32; .dtype = {{ {values} }}"),
            S::Slct,
        ),
        Entry::owned(
            format!("slct{{.ftz}}.dtype.f32 =d:.dtype, a:.dtype, b:.dtype, c:.f32; .dtype = {{ {values} }}"),
            S::Slct,
        ),
    ]);
    entries
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
