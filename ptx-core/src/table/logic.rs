//! Logic and shift instructions (PTX ISA "Logic and Shift Instructions").
//!
//! Bit types take any register of their size, so `and.b32` works on `.f32`
//! registers; shift amounts are `.u32` whatever the shifted type.

use super::{Entry, form};

pub(super) fn entries() -> Vec<Entry> {
    vec![
        form(
            "and.type =d, a, b; .type = { .pred, .b16, .b32, .b64 }",
            "and",
        ),
        form(
            "or.type =d, a, b; .type = { .pred, .b16, .b32, .b64 }",
            "or",
        ),
        form(
            "xor.type =d, a, b; .type = { .pred, .b16, .b32, .b64 }",
            "xor",
        ),
        form("not.type =d, a; .type = { .pred, .b16, .b32, .b64 }", "not"),
        form("cnot.type =d, a; .type = { .b16, .b32, .b64 }", "cnot"),
        form("lop3.b32 =d, a, b, c, lut:imm:0..255", "lop3").since(4, 3, 50),
        // The predicate form: `p = (d != 0) BoolOp q`; `d` may be the sink `_`.
        form(
            "lop3.boolop.b32 =d|p:sink, a, b, c, lut:imm:0..255, q:.pred; .boolop = { .or, .and }",
            "lop3.boolop",
        )
        .since(8, 2, 70),
        form(
            "shl.type =d, a, b:.u32; .type = { .b16, .b32, .b64 }",
            "shl",
        ),
        form(
            "shr.type =d, a, b:.u32; .type = { .b16, .b32, .b64, .u16, .u32, .u64, .s16, .s32, .s64 }",
            "shr",
        ),
        // The direction must follow `shf` directly; the mode is required.
        form(
            "shf.l/.mode.b32 =d, a, b, c:.u32; .mode = { .clamp, .wrap }",
            "shf.l",
        )
        .since(3, 1, 32),
        form(
            "shf.r/.mode.b32 =d, a, b, c:.u32; .mode = { .clamp, .wrap }",
            "shf.r",
        )
        .since(3, 1, 32),
    ]
}
