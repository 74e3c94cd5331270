//! The video instructions (PTX ISA "Scalar Video Instructions" and "SIMD
//! Video Instructions"): byte and half-word arithmetic with operand
//! selectors, an optional secondary operation and saturation.

use super::Entry;
use crate::semantics::Semantics;
use crate::semantics::Semantics as S;

/// The SIMD video instructions (PTX ISA "Video Instructions": `vadd2` ...
/// `vmax4`, `vset2`, `vset4`; PTX ISA 3.0, sm_30). `a` and `b` select the
/// half-words (`.hxy`) or bytes (`.bxyzw`) they read from `b:a`, `d` the
/// ones it writes (`.h10`, `.b3210`); without selectors, `a`'s own lanes,
/// `b`'s own lanes, every lane of `d`. `c` is required (ptxas rejects the
/// statement without it); `.sat` and the accumulate `.add` exclude each
/// other.
fn simd_video() -> Vec<Entry> {
    const T: &str = ".dtype = { .u32, .s32 }; .atype = { .u32, .s32 }; .btype = { .u32, .s32 }";
    const CMP: &str =
        ".cmp = { .eq, .ne, .lt, .le, .gt, .ge }; .atype = { .u32, .s32 }; .btype = { .u32, .s32 }";
    const TWO: [Semantics; 6] = [
        S::Vadd2,
        S::Vsub2,
        S::Vavrg2,
        S::Vabsdiff2,
        S::Vmin2,
        S::Vmax2,
    ];
    const FOUR: [Semantics; 6] = [
        S::Vadd4,
        S::Vsub4,
        S::Vavrg4,
        S::Vabsdiff4,
        S::Vmin4,
        S::Vmax4,
    ];
    const SELECTORS: [(usize, &str, &str); 2] =
        [(2, "halves", "halfmask"), (4, "bytes", "bytemask")];
    let mut entries = Vec::new();
    for ((_, source, mask), keys) in SELECTORS.into_iter().zip([TWO, FOUR]) {
        for key in keys {
            for m in ["{.sat}", ".add"] {
                entries.push(
                    Entry::owned(
                        format!(
                            "{key}.dtype.atype.btype{m} =d:.dtype:{mask}, a:.atype:{source}, b:.btype:{source}, c:.dtype; {T}"
                        ),
                        key,
                    )
                    .since(3, 0, 30),
                );
            }
        }
    }
    for ((n, source, mask), key) in SELECTORS.into_iter().zip([S::Vset2, S::Vset4]) {
        entries.push(
            Entry::owned(
                format!(
                    "vset{n}.atype.btype.cmp{{.add}} =d:.u32:{mask}, a:.atype:{source}, b:.btype:{source}, c:.u32; {CMP}"
                ),
                key,
            )
            .since(3, 0, 30),
        );
    }
    entries
}

/// The scalar video instructions (PTX ISA "Scalar Video Instructions":
/// `vadd`, `vsub`, `vabsdiff`, `vmin`, `vmax`, `vshl`, `vshr`, `vmad`,
/// `vset`; PTX ISA 2.0, sm_20). `a` and `b` may select a byte or half-word
/// (`a.b1`, `b.h0`). Three shapes: `d, a, b`; `.op2 d, a, b, c` (a
/// secondary operation with `c`: `.add`, `.min`, `.max`); and the data
/// merge `d.dsel, a, b, c` (part of `d` from the result, the rest from
/// `c`), where ptxas rejects a selector on `d` without `c` ("Video selector
/// is not allowed on destination"). `vshl`/`vshr` need their mode (ptxas:
/// "Clamp modifier required"). `vmad` has no secondary operation; its
/// sources may be negated (`-a`), except under `.po`.
fn scalar_video() -> Vec<Entry> {
    const T: &str = ".dtype = { .u32, .s32 }; .atype = { .u32, .s32 }; .btype = { .u32, .s32 }";
    const OP2: &str = ".op2 = { .add, .min, .max }";
    const CMP: &str = ".cmp = { .eq, .ne, .lt, .le, .gt, .ge }";
    const AB: &str = ".atype = { .u32, .s32 }; .btype = { .u32, .s32 }";
    let mut entries = Vec::new();
    for key in [S::Vadd, S::Vsub, S::Vabsdiff, S::Vmin, S::Vmax] {
        let ab = "a:.atype:part, b:.btype:part";
        entries.push(Entry::owned(
            format!("{key}.dtype.atype.btype{{.sat}} =d:.dtype, {ab}; {T}"),
            key,
        ));
        entries.push(Entry::owned(
            format!("{key}.dtype.atype.btype{{.sat}}.op2 =d:.dtype, {ab}, c:.dtype; {T}; {OP2}"),
            key,
        ));
        entries.push(Entry::owned(
            format!("{key}.dtype.atype.btype{{.sat}} =d:.dtype:merge, {ab}, c:.dtype; {T}"),
            key,
        ));
    }
    for key in [S::Vshl, S::Vshr] {
        const S: &str =
            ".dtype = { .u32, .s32 }; .atype = { .u32, .s32 }; .mode = { .clamp, .wrap }";
        let ab = "a:.atype:part, b:.u32:part";
        entries.push(Entry::owned(
            format!("{key}.dtype.atype.u32{{.sat}}.mode =d:.dtype, {ab}; {S}"),
            key,
        ));
        entries.push(Entry::owned(
            format!("{key}.dtype.atype.u32{{.sat}}.mode.op2 =d:.dtype, {ab}, c:.dtype; {S}; {OP2}"),
            key,
        ));
        entries.push(Entry::owned(
            format!("{key}.dtype.atype.u32{{.sat}}.mode =d:.dtype:merge, {ab}, c:.dtype; {S}"),
            key,
        ));
    }
    let ab = "a:.atype:part, b:.btype:part";
    entries.push(Entry::owned(
        format!("vset.atype.btype.cmp =d:.u32, {ab}; {CMP}; {AB}"),
        S::Vset,
    ));
    entries.push(Entry::owned(
        format!("vset.atype.btype.cmp.op2 =d:.u32, {ab}, c:.u32; {CMP}; {OP2}; {AB}"),
        S::Vset,
    ));
    entries.push(Entry::owned(
        format!("vset.atype.btype.cmp =d:.u32:merge, {ab}, c:.u32; {CMP}; {AB}"),
        S::Vset,
    ));
    entries.push(Entry::owned(
        format!("vmad.dtype.atype.btype{{.sat}}{{.scale}} =d:.dtype, a:.atype:part:minus, b:.btype:part:minus, c:.dtype:minus; {T}; .scale = {{ .shr7, .shr15 }}"),
        S::Vmad,
    ));
    entries.push(Entry::owned(
        format!("vmad.dtype.atype.btype.po{{.sat}}{{.scale}} =d:.dtype, {ab}, c:.dtype; {T}; .scale = {{ .shr7, .shr15 }}"),
        S::Vmad,
    ));
    entries.into_iter().map(|e| e.since(2, 0, 20)).collect()
}

pub(super) fn entries() -> Vec<Entry> {
    let mut entries = scalar_video();
    entries.extend(simd_video());
    entries
}
