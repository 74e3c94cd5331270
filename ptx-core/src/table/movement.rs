//! Data movement between registers (PTX ISA "Data Movement and Conversion
//! Instructions": `mov`, `shfl`, `prmt`).

use super::{Entry, form};

pub(super) fn entries() -> Vec<Entry> {
    vec![
        // A register, an immediate or a special register; ptxas has no
        // `.f16`, `.bf16` or 8-bit `mov`.
        form("mov.type =d, a; .type = { .pred, .b16, .b32, .b64, .u16, .u32, .u64, .s16, .s32, .s64, .f32, .f64 }", "mov"),
        // The address of a variable, with an optional offset.
        form("mov.type =d, a:symbol; .type = { .b32, .b64, .u32, .u64, .s32, .s64 }", "mov"),
        form("mov.b128 =d, a", "mov").since(8, 3, 70),
        // Packing into a wider register and unpacking it; `_` drops a part.
        form("mov.b32 =d, a*2:.b16", "mov.pack"),
        form("mov.b64 =d, a*2:.b32", "mov.pack"),
        form("mov.b64 =d, a*4:.b16", "mov.pack"),
        form("mov.b128 =d, a*2:.b64", "mov.pack").since(8, 3, 70),
        form("mov.b32 =d*2:.b16:sink, a", "mov.unpack"),
        form("mov.b64 =d*2:.b32:sink, a", "mov.unpack"),
        form("mov.b64 =d*4:.b16:sink, a", "mov.unpack"),
        form("mov.b128 =d*2:.b64:sink, a", "mov.unpack").since(8, 3, 70),
        // Warp shuffles: every operand is 32 bits; the predicate says whether
        // the source lane was in range.
        form("shfl.sync.mode.b32 =d|p, a, b, c, membermask:.u32; .mode = { .up, .down, .bfly, .idx }", "shfl.sync")
            .since(6, 0, 30),
        // Without `.sync` the warp is assumed converged: gone from sm_70 on.
        form("shfl.mode.b32 =d|p, a, b, c; .mode = { .up, .down, .bfly, .idx }", "shfl")
            .since(3, 0, 30)
            .removed_in(6, 4, 70),
        form("prmt.b32{.mode} =d, a, b, c; .mode = { .f4e, .b4e, .rc8, .ecl, .ecr, .rc16 }", "prmt")
            .since(2, 0, 20),
    ]
}
