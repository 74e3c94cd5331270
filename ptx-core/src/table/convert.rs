//! Conversions: `cvt` in all its variants and `cvt.pack` (PTX ISA "Data
//! Movement and Conversion Instructions: cvt, cvt.pack").
//!
//! The integer and `.f16`/`.f32`/`.f64` conversions accept registers wider
//! than their types (the ISA's relaxed rule for `cvt`); ptxas holds every
//! conversion that involves `.bf16`, `.tf32` or an fp8/fp6/fp4 format to
//! registers of exactly the type's size, so those forms are exact.
//!
//! Which rounding modifier a conversion needs, and whether `.ftz` and `.sat`
//! apply, depends on the pair of types; [`cvt_modifiers`] checks that.

use super::{Bound, ConversionViolation as Refused, Entry, RuleViolation, form};
use crate::ScalarType;
use crate::semantics::Semantics;
use crate::semantics::Semantics as S;

/// Whether every value of integer type `src` is a value of integer type `dst`.
fn holds_every_value(dst: ScalarType, src: ScalarType) -> bool {
    match (dst.is_signed(), src.is_signed()) {
        (false, true) => false,
        (true, false) => dst.bits() > src.bits(),
        _ => dst.bits() >= src.bits(),
    }
}

/// The ISA's rules for the modifiers of `cvt{.rnd}{.ftz}{.sat}.dtype.atype`:
///
/// * integer rounding (`.rni` ...) is required for float-to-integer
///   conversions, optional for a float converted to its own type (rounding
///   to an integral value) and illegal otherwise;
/// * floating-point rounding (`.rn` ...) is required for integer-to-float
///   conversions and for float-to-float ones to a smaller type, optional
///   between the two 16-bit formats and (as ptxas has it) when widening
///   `.bf16`, and illegal otherwise;
/// * `.ftz` needs a `.f32` operand;
/// * `.sat` is illegal between integer types when the destination holds
///   every source value, and (ptxas) for any conversion from or to `.bf16`.
pub(super) fn cvt_modifiers(b: &Bound) -> Result<(), RuleViolation> {
    let [dst, src] = b.types()[..] else {
        return Ok(());
    };
    let rounding = b.value("rounding");
    let integer_rounding = rounding.is_some_and(|r| r.ends_with('i'));
    match (dst.is_float(), src.is_float()) {
        (false, false) => {
            if let Some(r) = rounding {
                return Err(Refused::IntegerTakesNoRounding {
                    rounding: r.to_owned(),
                }
                .into());
            }
        }
        (false, true) => {
            if !integer_rounding {
                return Err(Refused::NeedsIntegerRounding {
                    rounding: rounding.map(str::to_owned),
                }
                .into());
            }
        }
        (true, false) => {
            if rounding.is_none() || integer_rounding {
                return Err(Refused::NeedsFloatRounding {
                    rounding: rounding.map(str::to_owned),
                }
                .into());
            }
        }
        (true, true) => {
            if integer_rounding && dst != src {
                return Err(Refused::IntegerRoundingChangesType {
                    rounding: rounding.unwrap_or_default().to_owned(),
                    source_type: src,
                    destination: dst,
                }
                .into());
            }
            if dst.bits() < src.bits() && rounding.is_none() {
                return Err(Refused::NarrowingNeedsRounding {
                    source_type: src,
                    destination: dst,
                }
                .into());
            }
            // ptxas also takes (and ignores) a rounding mode when widening .bf16.
            let exact = dst == src || (dst.bits() > src.bits() && src != ScalarType::Bf16);
            if exact && rounding.is_some() && !integer_rounding {
                return Err(Refused::ExactTakesNoRounding {
                    source_type: src,
                    destination: dst,
                    rounding: rounding.unwrap_or_default().to_owned(),
                }
                .into());
            }
        }
    }
    if b.has("ftz") && dst != ScalarType::F32 && src != ScalarType::F32 {
        return Err(Refused::FtzWithoutF32.into());
    }
    if b.has("sat") && (dst == ScalarType::Bf16 || src == ScalarType::Bf16) {
        return Err(Refused::SaturateBf16.into());
    }
    if b.has("sat") && dst.is_integer() && src.is_integer() && holds_every_value(dst, src) {
        return Err(Refused::SaturateNoEffect {
            destination: dst,
            source_type: src,
        }
        .into());
    }
    Ok(())
}

/// One entry per Blackwell family that has the fp4/fp6/ue8m0 conversions
/// (sm_100a/f, sm_110a/f, sm_120a/f).
fn blackwell_families(spec: &'static str, semantics: Semantics) -> Vec<Entry> {
    [100, 110, 120]
        .into_iter()
        .map(|sm| form(spec, semantics).since(8, 6, sm).family_specific())
        .collect()
}

/// One entry per chip with stochastic rounding `.rs` (sm_100a, sm_103a).
fn stochastic_rounding(spec: &'static str) -> Vec<Entry> {
    [100, 103]
        .into_iter()
        .map(|sm| form(spec, S::CvtRs).since(8, 7, sm).arch_specific())
        .collect()
}

pub(super) fn entries() -> Vec<Entry> {
    let mut entries = vec![
        // The classic conversions, which take wider registers.
        form(
            "cvt{.rounding}{.ftz}{.sat}.dtype.atype =d:.dtype, a; .rounding = { .rn, .rz, .rm, .rp, .rni, .rzi, .rmi, .rpi }; .dtype = { .u8, .u16, .u32, .u64, .s8, .s16, .s32, .s64, .f16, .f32, .f64 }; .atype = { .u8, .u16, .u32, .u64, .s8, .s16, .s32, .s64, .f16, .f32, .f64 }",
            S::Cvt,
        )
        .wider()
        .rule(cvt_modifiers),
        // The first .bf16 conversions (sm_80), then all of them (sm_90).
        form("cvt.frnd2{.relu}.bf16.f32 =d:.bf16, a; .frnd2 = { .rn, .rz }", S::Cvt).since(7, 0, 80),
        form("cvt.f32.bf16 =d:.f32, a:.bf16", S::Cvt).since(7, 1, 80),
        // The same types and `.bf16` (PTX ISA 7.8, sm_90), with exact registers.
        form(
            "cvt{.rounding}{.ftz}{.sat}.dtype.atype =d:.dtype, a; .rounding = { .rn, .rz, .rm, .rp, .rni, .rzi, .rmi, .rpi }; .dtype = { .u8, .u16, .u32, .u64, .s8, .s16, .s32, .s64, .f16, .bf16, .f32, .f64 }; .atype = { .u8, .u16, .u32, .u64, .s8, .s16, .s32, .s64, .f16, .bf16, .f32, .f64 }",
            S::Cvt,
        )
        .since(7, 8, 90)
        .rule(cvt_modifiers),
        // `.relu` clamps negative results to zero; `.satfinite` clamps to the largest finite value.
        form("cvt.frnd2.relu.f16.f32 =d:.f16, a:.f32; .frnd2 = { .rn, .rz }", S::Cvt)
            .since(7, 0, 80)
            .wider(),
        form("cvt.frnd2{.relu}.satfinite.f16.f32 =d:.f16, a:.f32; .frnd2 = { .rn, .rz }", S::Cvt)
            .since(8, 1, 80)
            .wider(),
        form("cvt.frnd2{.relu}.satfinite.bf16.f32 =d:.bf16, a:.f32; .frnd2 = { .rn, .rz }", S::Cvt)
            .since(8, 1, 80),
        // Two .f32 into a pair: `a` goes to the upper half.
        form("cvt.frnd2{.relu}.f16x2.f32 =d:.f16x2, a, b; .frnd2 = { .rn, .rz }", S::CvtX2)
            .since(7, 0, 80)
            .wider(),
        form("cvt.frnd2{.relu}.satfinite.f16x2.f32 =d:.f16x2, a, b; .frnd2 = { .rn, .rz }", S::CvtX2)
            .since(8, 1, 80)
            .wider(),
        form("cvt.frnd2{.relu}.bf16x2.f32 =d:.bf16x2, a, b; .frnd2 = { .rn, .rz }", S::CvtX2)
            .since(7, 0, 80),
        form("cvt.frnd2{.relu}.satfinite.bf16x2.f32 =d:.bf16x2, a, b; .frnd2 = { .rn, .rz }", S::CvtX2)
            .since(8, 1, 80),
        // .tf32: `.rna` from sm_80, `.rn`/`.rz` with `.relu` from sm_90.
        form("cvt.rna.tf32.f32 =d:.tf32, a", S::Cvt).since(7, 0, 80),
        form("cvt.rna.satfinite.tf32.f32 =d:.tf32, a", S::Cvt).since(8, 1, 80),
        form("cvt.frnd2{.relu}.tf32.f32 =d:.tf32, a; .frnd2 = { .rn, .rz }", S::Cvt).since(7, 8, 90),
        form("cvt.frnd2{.relu}.satfinite.tf32.f32 =d:.tf32, a; .frnd2 = { .rn, .rz }", S::Cvt)
            .since(8, 6, 100),
        // fp8 pairs: `.satfinite` is required when converting to them.
        form(
            "cvt.rn.satfinite{.relu}.f8x2.f32 =d:.f8x2, a, b; .f8x2 = { .e4m3x2, .e5m2x2 }",
            S::CvtX2,
        )
        .since(7, 8, 89),
        form(
            "cvt.rn.satfinite{.relu}.f8x2.f16x2 =d:.f8x2, a; .f8x2 = { .e4m3x2, .e5m2x2 }",
            S::CvtX2,
        )
        .since(7, 8, 89),
        form("cvt.rn{.relu}.f16x2.f8x2 =d:.f16x2, a; .f8x2 = { .e4m3x2, .e5m2x2 }", S::CvtX2)
            .since(7, 8, 89),
    ];
    // fp4, fp6 and ue8m0 pairs (Blackwell families).
    for (spec, semantics) in [
        (
            "cvt.rn.satfinite{.relu}.e2m1x2.f32 =d:.e2m1x2, a, b",
            S::CvtX2,
        ),
        ("cvt.rn{.relu}.f16x2.e2m1x2 =d:.f16x2, a", S::CvtX2),
        (
            "cvt.rn.satfinite{.relu}.f6x2.f32 =d:.f6x2, a, b; .f6x2 = { .e2m3x2, .e3m2x2 }",
            S::CvtX2,
        ),
        (
            "cvt.rn{.relu}.f16x2.f6x2 =d:.f16x2, a; .f6x2 = { .e2m3x2, .e3m2x2 }",
            S::CvtX2,
        ),
        (
            "cvt.frnd3{.satfinite}.ue8m0x2.f32 =d:.ue8m0x2, a, b; .frnd3 = { .rz, .rp }",
            S::CvtX2,
        ),
        (
            "cvt.frnd3{.satfinite}.ue8m0x2.bf16x2 =d:.ue8m0x2, a; .frnd3 = { .rz, .rp }",
            S::CvtX2,
        ),
        ("cvt.rn.bf16x2.ue8m0x2 =d:.bf16x2, a", S::CvtX2),
    ] {
        entries.extend(blackwell_families(spec, semantics));
    }
    // Stochastic rounding with random bits `rbits`; the x4 forms take four .f32 in braces.
    for spec in [
        "cvt.rs{.relu}{.satfinite}.f16x2.f32 =d:.f16x2, a, b, rbits:.b32",
        "cvt.rs{.relu}{.satfinite}.bf16x2.f32 =d:.bf16x2, a, b, rbits:.b32",
        "cvt.rs{.relu}.satfinite.packed4.f32 =d:.packed4, a*4, rbits:.b32; .packed4 = { .e4m3x4, .e5m2x4, .e2m3x4, .e3m2x4, .e2m1x4 }",
    ] {
        entries.extend(stochastic_rounding(spec));
    }
    entries.extend([
        // cvt.pack: `.pack` must follow `cvt`; `.sat` is required.
        form("cvt.pack/.sat.ctype.s32 =d:.u32, a:.s32, b:.s32; .ctype = { .u16, .s16 }", S::CvtPack)
            .since(6, 5, 72),
        form(
            "cvt.pack/.sat.ctype.s32.b32 =d:.u32, a:.s32, b:.s32, c:.b32; .ctype = { .u8, .s8 }",
            S::CvtPack,
        )
        .since(6, 5, 72),
        form(
            "cvt.pack/.sat.ctype.s32.b32 =d:.u32, a:.s32, b:.s32, c:.b32; .ctype = { .u4, .s4, .u2, .s2 }",
            S::CvtPack,
        )
        .since(6, 5, 75),
    ]);
    entries
}

#[cfg(test)]
mod tests {
    use crate::{Target, check_asm};

    fn accepts(asm: &str, constraints: &[&str]) -> bool {
        check_asm(asm, constraints, Target::default()).is_ok()
    }

    fn rejection(asm: &str, constraints: &[&str]) -> String {
        check_asm(asm, constraints, Target::default())
            .err()
            .map(|d| d[0].message.clone())
            .unwrap_or_default()
    }

    #[test]
    fn float_to_integer_needs_integer_rounding() {
        assert!(accepts("cvt.rzi.s32.f32 %0, %1;", &["=r", "f"]));
        assert!(rejection("cvt.s32.f32 %0, %1;", &["=r", "f"]).contains("integer rounding"));
        assert!(!accepts("cvt.rz.s32.f32 %0, %1;", &["=r", "f"]));
    }

    #[test]
    fn integer_to_float_needs_float_rounding() {
        assert!(accepts("cvt.rn.f32.s32 %0, %1;", &["=f", "r"]));
        assert!(!accepts("cvt.f32.s32 %0, %1;", &["=f", "r"]));
        assert!(!accepts("cvt.rni.f16.u16 %0, %1;", &["=h", "h"]));
    }

    #[test]
    fn narrowing_float_conversion_needs_rounding_and_widening_takes_none() {
        assert!(accepts("cvt.rn.f32.f64 %0, %1;", &["=f", "d"]));
        assert!(!accepts("cvt.f32.f64 %0, %1;", &["=f", "d"]));
        assert!(accepts("cvt.f64.f32 %0, %1;", &["=d", "f"]));
        assert!(!accepts("cvt.rz.f32.f16 %0, %1;", &["=f", "h"]));
    }

    #[test]
    fn same_size_float_conversion_rounds_to_integral_values_only_with_integer_rounding() {
        assert!(accepts("cvt.rni.f32.f32 %0, %1;", &["=f", "f"]));
        assert!(accepts("cvt.f32.f32 %0, %1;", &["=f", "f"]));
        assert!(!accepts("cvt.rn.f32.f32 %0, %1;", &["=f", "f"]));
        assert!(!accepts("cvt.rni.f64.f32 %0, %1;", &["=d", "f"]));
    }

    #[test]
    fn integer_conversions_take_no_rounding() {
        assert!(accepts("cvt.u32.u8 %0, %1;", &["=r", "r"]));
        assert!(!accepts("cvt.rni.u32.s64 %0, %1;", &["=r", "l"]));
    }

    #[test]
    fn sat_is_illegal_where_the_destination_holds_every_source_value() {
        assert!(accepts("cvt.sat.s8.s32 %0, %1;", &["=r", "r"]));
        assert!(accepts("cvt.sat.u32.s32 %0, %1;", &["=r", "r"]));
        assert!(accepts("cvt.sat.s32.u32 %0, %1;", &["=r", "r"]));
        assert!(!accepts("cvt.sat.s32.s16 %0, %1;", &["=r", "h"]));
        assert!(!accepts("cvt.sat.s32.u16 %0, %1;", &["=r", "h"]));
        assert!(accepts("cvt.rzi.sat.u64.f32 %0, %1;", &["=l", "f"]));
    }

    #[test]
    fn ftz_needs_an_f32_operand() {
        assert!(accepts("cvt.rzi.ftz.s32.f32 %0, %1;", &["=r", "f"]));
        assert!(!accepts("cvt.ftz.s8.s32 %0, %1;", &["=r", "r"]));
        assert!(!accepts("cvt.rn.ftz.f16.f64 %0, %1;", &["=h", "d"]));
    }

    #[test]
    fn classic_conversions_take_wider_registers() {
        assert!(accepts("cvt.rn.f16.f32 %0, %1;", &["=r", "f"]));
        assert!(accepts("cvt.f64.f16 %0, %1;", &["=d", "r"]));
        assert!(accepts("cvt.u8.s32 %0, %1;", &["=h", "r"]));
        assert!(!accepts("cvt.s16.s32 %0, %1;", &["=r", "h"]));
    }

    #[test]
    fn bf16_and_fp8_conversions_need_registers_of_exactly_their_size() {
        assert!(accepts("cvt.rn.bf16.f32 %0, %1;", &["=h", "f"]));
        assert!(!accepts("cvt.rz.relu.bf16.f32 %0, %1;", &["=r", "f"]));
        assert!(!accepts("cvt.rn.bf16.f16 %0, %1;", &["=h", "r"]));
        assert!(!accepts("cvt.rn.f16x2.e4m3x2 %0, %1;", &["=r", "r"]));
    }

    #[test]
    fn conversions_to_fp8_require_satfinite() {
        assert!(accepts(
            "cvt.rn.satfinite.e4m3x2.f32 %0, %1, %2;",
            &["=h", "f", "f"]
        ));
        assert!(!accepts("cvt.rn.e4m3x2.f32 %0, %1, %2;", &["=h", "f", "f"]));
    }

    #[test]
    fn cvt_pack_needs_sat_directly_after_pack() {
        assert!(accepts(
            "cvt.pack.sat.s16.s32 %0, %1, %2;",
            &["=r", "r", "r"]
        ));
        assert!(accepts(
            "cvt.pack.sat.u8.s32.b32 %0, %1, %2, %3;",
            &["=r", "r", "r", "r"]
        ));
        assert!(!accepts(
            "cvt.pack.u8.s32.b32 %0, %1, %2, %3;",
            &["=r", "r", "r", "r"]
        ));
    }

    #[test]
    fn widening_bf16_takes_an_ignored_rounding_mode_as_ptxas_does() {
        assert!(accepts("cvt.f32.bf16 %0, %1;", &["=f", "h"]));
        assert!(accepts("cvt.rn.f32.bf16 %0, %1;", &["=f", "h"]));
        assert!(accepts("cvt.rp.f64.bf16 %0, %1;", &["=d", "h"]));
        assert!(!accepts("cvt.rni.f32.bf16 %0, %1;", &["=f", "h"]));
        assert!(!accepts("cvt.rn.f32.f16 %0, %1;", &["=f", "h"]));
    }

    #[test]
    fn sat_does_not_apply_to_bf16_conversions_as_ptxas_has_it() {
        assert!(accepts("cvt.rn.sat.f16.s32 %0, %1;", &["=h", "r"]));
        assert!(!accepts("cvt.rn.sat.bf16.f32 %0, %1;", &["=h", "f"]));
        assert!(!accepts("cvt.sat.f32.bf16 %0, %1;", &["=f", "h"]));
    }

    #[test]
    fn fp4_conversions_need_a_blackwell_family_target() {
        let sm100a: Target = "sm_100a".parse().unwrap();
        let asm = "{ .reg .b8 t; cvt.rn.satfinite.e2m1x2.f32 t, %1, %2; cvt.u16.u8 %0, t; }";
        assert!(check_asm(asm, &["=h", "f", "f"], sm100a).is_ok());
        assert!(!accepts(asm, &["=h", "f", "f"]));
    }
}
