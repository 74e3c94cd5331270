//! The video instructions (PTX ISA "Scalar Video Instructions" and "SIMD
//! Video Instructions"): byte and half-word arithmetic with operand
//! selectors, an optional secondary operation and saturation.

use super::{Entry, form};
use crate::semantics::Semantics as S;

// The groups the video instructions share, as the ISA lists them under
// their syntax.
const DTYPE: &str = ".dtype = { .u32, .s32 }";
const ATYPE: &str = ".atype = { .u32, .s32 }";
const BTYPE: &str = ".btype = { .u32, .s32 }";
/// The secondary operation with `c`.
const OP2: &str = ".op2 = { .add, .min, .max }";
const CMP: &str = ".cmp = { .eq, .ne, .lt, .le, .gt, .ge }";
const MODE: &str = ".mode = { .clamp, .wrap }";
const SCALE: &str = ".scale = { .shr7, .shr15 }";

/// The SIMD video instructions (PTX ISA "Video Instructions": `vadd2` ...
/// `vmax4`, `vset2`, `vset4`; PTX ISA 3.0, sm_30). `a` and `b` select the
/// half-words (`.hxy`) or bytes (`.bxyzw`) they read from `b:a`, `d` the
/// ones it writes (`.h10`, `.b3210`); without selectors, `a`'s own lanes,
/// `b`'s own lanes, every lane of `d`. `c` is required (ptxas rejects the
/// statement without it); `.sat` and the accumulate `.add` exclude each
/// other.
fn simd_video() -> Vec<Entry> {
    vec![
        form("vadd2.dtype.atype.btype{.sat} =d:.dtype:halfmask, a:.atype:halves, b:.btype:halves, c:.dtype", S::Vadd2).groups(&[DTYPE, ATYPE, BTYPE]).since(3, 0, 30),
        form("vadd2.dtype.atype.btype.add =d:.dtype:halfmask, a:.atype:halves, b:.btype:halves, c:.dtype", S::Vadd2).groups(&[DTYPE, ATYPE, BTYPE]).since(3, 0, 30),
        form("vsub2.dtype.atype.btype{.sat} =d:.dtype:halfmask, a:.atype:halves, b:.btype:halves, c:.dtype", S::Vsub2).groups(&[DTYPE, ATYPE, BTYPE]).since(3, 0, 30),
        form("vsub2.dtype.atype.btype.add =d:.dtype:halfmask, a:.atype:halves, b:.btype:halves, c:.dtype", S::Vsub2).groups(&[DTYPE, ATYPE, BTYPE]).since(3, 0, 30),
        form("vavrg2.dtype.atype.btype{.sat} =d:.dtype:halfmask, a:.atype:halves, b:.btype:halves, c:.dtype", S::Vavrg2).groups(&[DTYPE, ATYPE, BTYPE]).since(3, 0, 30),
        form("vavrg2.dtype.atype.btype.add =d:.dtype:halfmask, a:.atype:halves, b:.btype:halves, c:.dtype", S::Vavrg2).groups(&[DTYPE, ATYPE, BTYPE]).since(3, 0, 30),
        form("vabsdiff2.dtype.atype.btype{.sat} =d:.dtype:halfmask, a:.atype:halves, b:.btype:halves, c:.dtype", S::Vabsdiff2).groups(&[DTYPE, ATYPE, BTYPE]).since(3, 0, 30),
        form("vabsdiff2.dtype.atype.btype.add =d:.dtype:halfmask, a:.atype:halves, b:.btype:halves, c:.dtype", S::Vabsdiff2).groups(&[DTYPE, ATYPE, BTYPE]).since(3, 0, 30),
        form("vmin2.dtype.atype.btype{.sat} =d:.dtype:halfmask, a:.atype:halves, b:.btype:halves, c:.dtype", S::Vmin2).groups(&[DTYPE, ATYPE, BTYPE]).since(3, 0, 30),
        form("vmin2.dtype.atype.btype.add =d:.dtype:halfmask, a:.atype:halves, b:.btype:halves, c:.dtype", S::Vmin2).groups(&[DTYPE, ATYPE, BTYPE]).since(3, 0, 30),
        form("vmax2.dtype.atype.btype{.sat} =d:.dtype:halfmask, a:.atype:halves, b:.btype:halves, c:.dtype", S::Vmax2).groups(&[DTYPE, ATYPE, BTYPE]).since(3, 0, 30),
        form("vmax2.dtype.atype.btype.add =d:.dtype:halfmask, a:.atype:halves, b:.btype:halves, c:.dtype", S::Vmax2).groups(&[DTYPE, ATYPE, BTYPE]).since(3, 0, 30),
        form("vadd4.dtype.atype.btype{.sat} =d:.dtype:bytemask, a:.atype:bytes, b:.btype:bytes, c:.dtype", S::Vadd4).groups(&[DTYPE, ATYPE, BTYPE]).since(3, 0, 30),
        form("vadd4.dtype.atype.btype.add =d:.dtype:bytemask, a:.atype:bytes, b:.btype:bytes, c:.dtype", S::Vadd4).groups(&[DTYPE, ATYPE, BTYPE]).since(3, 0, 30),
        form("vsub4.dtype.atype.btype{.sat} =d:.dtype:bytemask, a:.atype:bytes, b:.btype:bytes, c:.dtype", S::Vsub4).groups(&[DTYPE, ATYPE, BTYPE]).since(3, 0, 30),
        form("vsub4.dtype.atype.btype.add =d:.dtype:bytemask, a:.atype:bytes, b:.btype:bytes, c:.dtype", S::Vsub4).groups(&[DTYPE, ATYPE, BTYPE]).since(3, 0, 30),
        form("vavrg4.dtype.atype.btype{.sat} =d:.dtype:bytemask, a:.atype:bytes, b:.btype:bytes, c:.dtype", S::Vavrg4).groups(&[DTYPE, ATYPE, BTYPE]).since(3, 0, 30),
        form("vavrg4.dtype.atype.btype.add =d:.dtype:bytemask, a:.atype:bytes, b:.btype:bytes, c:.dtype", S::Vavrg4).groups(&[DTYPE, ATYPE, BTYPE]).since(3, 0, 30),
        form("vabsdiff4.dtype.atype.btype{.sat} =d:.dtype:bytemask, a:.atype:bytes, b:.btype:bytes, c:.dtype", S::Vabsdiff4).groups(&[DTYPE, ATYPE, BTYPE]).since(3, 0, 30),
        form("vabsdiff4.dtype.atype.btype.add =d:.dtype:bytemask, a:.atype:bytes, b:.btype:bytes, c:.dtype", S::Vabsdiff4).groups(&[DTYPE, ATYPE, BTYPE]).since(3, 0, 30),
        form("vmin4.dtype.atype.btype{.sat} =d:.dtype:bytemask, a:.atype:bytes, b:.btype:bytes, c:.dtype", S::Vmin4).groups(&[DTYPE, ATYPE, BTYPE]).since(3, 0, 30),
        form("vmin4.dtype.atype.btype.add =d:.dtype:bytemask, a:.atype:bytes, b:.btype:bytes, c:.dtype", S::Vmin4).groups(&[DTYPE, ATYPE, BTYPE]).since(3, 0, 30),
        form("vmax4.dtype.atype.btype{.sat} =d:.dtype:bytemask, a:.atype:bytes, b:.btype:bytes, c:.dtype", S::Vmax4).groups(&[DTYPE, ATYPE, BTYPE]).since(3, 0, 30),
        form("vmax4.dtype.atype.btype.add =d:.dtype:bytemask, a:.atype:bytes, b:.btype:bytes, c:.dtype", S::Vmax4).groups(&[DTYPE, ATYPE, BTYPE]).since(3, 0, 30),
        form("vset2.atype.btype.cmp{.add} =d:.u32:halfmask, a:.atype:halves, b:.btype:halves, c:.u32", S::Vset2).groups(&[CMP, ATYPE, BTYPE]).since(3, 0, 30),
        form("vset4.atype.btype.cmp{.add} =d:.u32:bytemask, a:.atype:bytes, b:.btype:bytes, c:.u32", S::Vset4).groups(&[CMP, ATYPE, BTYPE]).since(3, 0, 30),
    ]
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
    vec![
        form("vadd.dtype.atype.btype{.sat} =d:.dtype, a:.atype:part, b:.btype:part", S::Vadd).groups(&[DTYPE, ATYPE, BTYPE]).since(2, 0, 20),
        form("vadd.dtype.atype.btype{.sat}.op2 =d:.dtype, a:.atype:part, b:.btype:part, c:.dtype", S::Vadd).groups(&[DTYPE, ATYPE, BTYPE, OP2]).since(2, 0, 20),
        form("vadd.dtype.atype.btype{.sat} =d:.dtype:merge, a:.atype:part, b:.btype:part, c:.dtype", S::Vadd).groups(&[DTYPE, ATYPE, BTYPE]).since(2, 0, 20),
        form("vsub.dtype.atype.btype{.sat} =d:.dtype, a:.atype:part, b:.btype:part", S::Vsub).groups(&[DTYPE, ATYPE, BTYPE]).since(2, 0, 20),
        form("vsub.dtype.atype.btype{.sat}.op2 =d:.dtype, a:.atype:part, b:.btype:part, c:.dtype", S::Vsub).groups(&[DTYPE, ATYPE, BTYPE, OP2]).since(2, 0, 20),
        form("vsub.dtype.atype.btype{.sat} =d:.dtype:merge, a:.atype:part, b:.btype:part, c:.dtype", S::Vsub).groups(&[DTYPE, ATYPE, BTYPE]).since(2, 0, 20),
        form("vabsdiff.dtype.atype.btype{.sat} =d:.dtype, a:.atype:part, b:.btype:part", S::Vabsdiff).groups(&[DTYPE, ATYPE, BTYPE]).since(2, 0, 20),
        form("vabsdiff.dtype.atype.btype{.sat}.op2 =d:.dtype, a:.atype:part, b:.btype:part, c:.dtype", S::Vabsdiff).groups(&[DTYPE, ATYPE, BTYPE, OP2]).since(2, 0, 20),
        form("vabsdiff.dtype.atype.btype{.sat} =d:.dtype:merge, a:.atype:part, b:.btype:part, c:.dtype", S::Vabsdiff).groups(&[DTYPE, ATYPE, BTYPE]).since(2, 0, 20),
        form("vmin.dtype.atype.btype{.sat} =d:.dtype, a:.atype:part, b:.btype:part", S::Vmin).groups(&[DTYPE, ATYPE, BTYPE]).since(2, 0, 20),
        form("vmin.dtype.atype.btype{.sat}.op2 =d:.dtype, a:.atype:part, b:.btype:part, c:.dtype", S::Vmin).groups(&[DTYPE, ATYPE, BTYPE, OP2]).since(2, 0, 20),
        form("vmin.dtype.atype.btype{.sat} =d:.dtype:merge, a:.atype:part, b:.btype:part, c:.dtype", S::Vmin).groups(&[DTYPE, ATYPE, BTYPE]).since(2, 0, 20),
        form("vmax.dtype.atype.btype{.sat} =d:.dtype, a:.atype:part, b:.btype:part", S::Vmax).groups(&[DTYPE, ATYPE, BTYPE]).since(2, 0, 20),
        form("vmax.dtype.atype.btype{.sat}.op2 =d:.dtype, a:.atype:part, b:.btype:part, c:.dtype", S::Vmax).groups(&[DTYPE, ATYPE, BTYPE, OP2]).since(2, 0, 20),
        form("vmax.dtype.atype.btype{.sat} =d:.dtype:merge, a:.atype:part, b:.btype:part, c:.dtype", S::Vmax).groups(&[DTYPE, ATYPE, BTYPE]).since(2, 0, 20),
        form("vshl.dtype.atype.u32{.sat}.mode =d:.dtype, a:.atype:part, b:.u32:part", S::Vshl).groups(&[DTYPE, ATYPE, MODE]).since(2, 0, 20),
        form("vshl.dtype.atype.u32{.sat}.mode.op2 =d:.dtype, a:.atype:part, b:.u32:part, c:.dtype", S::Vshl).groups(&[DTYPE, ATYPE, MODE, OP2]).since(2, 0, 20),
        form("vshl.dtype.atype.u32{.sat}.mode =d:.dtype:merge, a:.atype:part, b:.u32:part, c:.dtype", S::Vshl).groups(&[DTYPE, ATYPE, MODE]).since(2, 0, 20),
        form("vshr.dtype.atype.u32{.sat}.mode =d:.dtype, a:.atype:part, b:.u32:part", S::Vshr).groups(&[DTYPE, ATYPE, MODE]).since(2, 0, 20),
        form("vshr.dtype.atype.u32{.sat}.mode.op2 =d:.dtype, a:.atype:part, b:.u32:part, c:.dtype", S::Vshr).groups(&[DTYPE, ATYPE, MODE, OP2]).since(2, 0, 20),
        form("vshr.dtype.atype.u32{.sat}.mode =d:.dtype:merge, a:.atype:part, b:.u32:part, c:.dtype", S::Vshr).groups(&[DTYPE, ATYPE, MODE]).since(2, 0, 20),
        form("vset.atype.btype.cmp =d:.u32, a:.atype:part, b:.btype:part", S::Vset).groups(&[CMP, ATYPE, BTYPE]).since(2, 0, 20),
        form("vset.atype.btype.cmp.op2 =d:.u32, a:.atype:part, b:.btype:part, c:.u32", S::Vset).groups(&[CMP, OP2, ATYPE, BTYPE]).since(2, 0, 20),
        form("vset.atype.btype.cmp =d:.u32:merge, a:.atype:part, b:.btype:part, c:.u32", S::Vset).groups(&[CMP, ATYPE, BTYPE]).since(2, 0, 20),
        form("vmad.dtype.atype.btype{.sat}{.scale} =d:.dtype, a:.atype:part:minus, b:.btype:part:minus, c:.dtype:minus", S::Vmad).groups(&[DTYPE, ATYPE, BTYPE, SCALE]).since(2, 0, 20),
        form("vmad.dtype.atype.btype.po{.sat}{.scale} =d:.dtype, a:.atype:part, b:.btype:part, c:.dtype", S::Vmad).groups(&[DTYPE, ATYPE, BTYPE, SCALE]).since(2, 0, 20),
    ]
}

pub(super) fn entries() -> Vec<Entry> {
    let mut entries = scalar_video();
    entries.extend(simd_video());
    entries
}
