//! Integer arithmetic and bit manipulation (PTX ISA "Integer Arithmetic Instructions").

use super::{Entry, form};

pub(super) fn entries() -> Vec<Entry> {
    vec![
        // add, sub: .sat only on .s32; packed 16-bit forms from sm_90.
        form("add{.sat}.s32 =d, a, b", "add"),
        form("add.type =d, a, b; .type = { .u16, .u32, .u64, .s16, .s64 }", "add"),
        form("add{.sat}.type =d, a, b; .type = { .u16x2, .s16x2 }", "add").since(8, 0, 90),
        form("sub{.sat}.s32 =d, a, b", "sub"),
        form("sub.type =d, a, b; .type = { .u16, .u32, .u64, .s16, .s64 }", "sub"),
        // Extended precision: the carry flag lives between statements of a template.
        form("add.cc.type =d, a, b; .type = { .u32, .s32, .u64, .s64 }", "add.cc"),
        form("addc{.cc}.type =d, a, b; .type = { .u32, .s32, .u64, .s64 }", "addc"),
        form("sub.cc.type =d, a, b; .type = { .u32, .s32, .u64, .s64 }", "sub.cc"),
        form("subc{.cc}.type =d, a, b; .type = { .u32, .s32, .u64, .s64 }", "subc"),
        form("mad.lo/.cc.type =d, a, b, c; .type = { .u32, .s32, .u64, .s64 }", "mad.lo.cc"),
        form("mad.hi/.cc.type =d, a, b, c; .type = { .u32, .s32, .u64, .s64 }", "mad.hi.cc"),
        form("madc.lo/{.cc}.type =d, a, b, c; .type = { .u32, .s32, .u64, .s64 }", "madc.lo"),
        form("madc.hi/{.cc}.type =d, a, b, c; .type = { .u32, .s32, .u64, .s64 }", "madc.hi"),
        // mul, mad: the mode comes first.
        form("mul.lo/.type =d, a, b; .type = { .u16, .u32, .u64, .s16, .s32, .s64 }", "mul.lo"),
        form("mul.hi/.type =d, a, b; .type = { .u16, .u32, .u64, .s16, .s32, .s64 }", "mul.hi"),
        form("mul.wide/.s16 =d:.s32, a, b", "mul.wide"),
        form("mul.wide/.u16 =d:.u32, a, b", "mul.wide"),
        form("mul.wide/.s32 =d:.s64, a, b", "mul.wide"),
        form("mul.wide/.u32 =d:.u64, a, b", "mul.wide"),
        form("mad.lo/.type =d, a, b, c; .type = { .u16, .u32, .u64, .s16, .s32, .s64 }", "mad.lo"),
        form("mad.hi/{.sat}.s32 =d, a, b, c", "mad.hi"),
        form("mad.hi/.type =d, a, b, c; .type = { .u16, .u32, .u64, .s16, .s64 }", "mad.hi"),
        form("mad.wide/.s16 =d:.s32, a, b, c:.s32", "mad.wide"),
        form("mad.wide/.u16 =d:.u32, a, b, c:.u32", "mad.wide"),
        form("mad.wide/.s32 =d:.s64, a, b, c:.s64", "mad.wide"),
        form("mad.wide/.u32 =d:.u64, a, b, c:.u64", "mad.wide"),
        form("mul24.lo/.type =d, a, b; .type = { .u32, .s32 }", "mul24.lo"),
        form("mul24.hi/.type =d, a, b; .type = { .u32, .s32 }", "mul24.hi"),
        form("mad24.lo/.type =d, a, b, c; .type = { .u32, .s32 }", "mad24.lo"),
        form("mad24.hi/{.sat}.s32 =d, a, b, c", "mad24.hi"),
        form("mad24.hi/.u32 =d, a, b, c", "mad24.hi"),
        form("sad.type =d, a, b, c; .type = { .u16, .u32, .u64, .s16, .s32, .s64 }", "sad"),
        form("div.type =d, a, b; .type = { .u16, .u32, .u64, .s16, .s32, .s64 }", "div"),
        form("rem.type =d, a, b; .type = { .u16, .u32, .u64, .s16, .s32, .s64 }", "rem"),
        form("abs.type =d, a; .type = { .s16, .s32, .s64 }", "abs"),
        form("neg.type =d, a; .type = { .s16, .s32, .s64 }", "neg"),
        form("min.type =d, a, b; .type = { .u16, .u32, .u64, .s16, .s32, .s64 }", "min"),
        form("max.type =d, a, b; .type = { .u16, .u32, .u64, .s16, .s32, .s64 }", "max"),
        form("min{.relu}.type =d, a, b; .type = { .u16x2, .s16x2 }", "min").since(8, 0, 90),
        form("max{.relu}.type =d, a, b; .type = { .u16x2, .s16x2 }", "max").since(8, 0, 90),
        form("min.relu/.s32 =d, a, b", "min").since(8, 0, 90),
        form("max.relu/.s32 =d, a, b", "max").since(8, 0, 90),
        // Bit manipulation.
        form("popc.type =d:.u32, a; .type = { .b32, .b64 }", "popc").since(2, 0, 20),
        form("clz.type =d:.u32, a; .type = { .b32, .b64 }", "clz").since(2, 0, 20),
        form("bfind{.shiftamt}.type =d:.u32, a; .type = { .u32, .u64, .s32, .s64 }", "bfind").since(2, 0, 20),
        form("fns.b32 =d, mask, base:.u32, offset:.s32", "fns").since(6, 0, 30),
        form("brev.type =d, a; .type = { .b32, .b64 }", "brev").since(2, 0, 20),
        form("bfe.type =d, a, b:.u32, c:.u32; .type = { .u32, .u64, .s32, .s64 }", "bfe").since(2, 0, 20),
        form("bfi.type =d, f, b, c:.u32, e:.u32; .type = { .b32, .b64 }", "bfi").since(2, 0, 20),
        form("szext.mode.type =d, a, b:.u32; .mode = { .clamp, .wrap }; .type = { .u32, .s32 }", "szext").since(7, 6, 70),
        // ptxas holds `d` to `.u32` too: an `.f32` register is rejected.
        form("bmsk.mode.b32 =d:.u32, a:.u32, b:.u32; .mode = { .clamp, .wrap }", "bmsk").since(7, 6, 70),
        form("dp4a.atype.btype =d:.atype, a:.atype, b:.btype, c:.atype; .atype = { .u32, .s32 }; .btype = { .u32, .s32 }", "dp4a")
            .since(5, 0, 61),
        form("dp2a.lo/.atype.btype =d:.atype, a:.atype, b:.btype, c:.atype; .atype = { .u32, .s32 }; .btype = { .u32, .s32 }", "dp2a.lo")
            .since(5, 0, 61),
        form("dp2a.hi/.atype.btype =d:.atype, a:.atype, b:.btype, c:.atype; .atype = { .u32, .s32 }; .btype = { .u32, .s32 }", "dp2a.hi")
            .since(5, 0, 61),
    ]
}
