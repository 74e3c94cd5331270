//! `ldmatrix`, `stmatrix` and `movmatrix`.

use super::*;
use crate::semantics::Semantics as S;

/// A feature of the sm_100 and sm_120 families (PTX ISA 8.6 and 8.7).
fn blackwell(entry: Entry) -> [Entry; 2] {
    [
        entry.clone().since(8, 6, 100).family_specific(),
        entry.since(8, 7, 120).family_specific(),
    ]
}

pub(super) fn load_store_matrix() -> Vec<Entry> {
    // m8n8 .b16: one register per matrix. `.shared::cta` came with PTX ISA 7.8.
    let mut out = vec![
        form("ldmatrix.sync.aligned.m8n8.num{.trans}{.shared}.b16 =d*.num:.b32:sink, [p]; .num = { .x1, .x2, .x4 }", S::Ldmatrix).since(6, 5, 75),
        form("stmatrix.sync.aligned.m8n8.num{.trans}{.shared}.b16 [p], r*.num:.b32; .num = { .x1, .x2, .x4 }", S::Stmatrix).since(7, 8, 90),
        form("ldmatrix.sync.aligned.m8n8.num{.trans}.shared::cta.b16 =d*.num:.b32:sink, [p]; .num = { .x1, .x2, .x4 }", S::Ldmatrix).since(7, 8, 75),
        form("stmatrix.sync.aligned.m8n8.num{.trans}.shared::cta.b16 [p], r*.num:.b32; .num = { .x1, .x2, .x4 }", S::Stmatrix).since(7, 8, 90),
    ];
    // sm_100 and sm_120: 8-bit elements, and fp6/fp4 elements unpacked to
    // bytes; m8n16 and m16n8 hold one register per matrix, m16n16 two, so at
    // most two matrices, and .trans is required.
    for entry in [
        form(
            "ldmatrix.sync.aligned.m8n16.x1{.ss}.fmt =d*1:.b32, [p]; .ss = { .shared, .shared::cta }; .fmt = { .b8x16.b6x16_p32, .b8x16.b4x16_p64 }",
            S::Ldmatrix,
        ),
        form(
            "stmatrix.sync.aligned.m16n8.x1.trans{.ss}.b8 [p], r*1:.b32; .ss = { .shared, .shared::cta }",
            S::Stmatrix,
        ),
        form(
            "ldmatrix.sync.aligned.m8n16.x2{.ss}.fmt =d*2:.b32, [p]; .ss = { .shared, .shared::cta }; .fmt = { .b8x16.b6x16_p32, .b8x16.b4x16_p64 }",
            S::Ldmatrix,
        ),
        form(
            "stmatrix.sync.aligned.m16n8.x2.trans{.ss}.b8 [p], r*2:.b32; .ss = { .shared, .shared::cta }",
            S::Stmatrix,
        ),
        form(
            "ldmatrix.sync.aligned.m8n16.x4{.ss}.fmt =d*4:.b32, [p]; .ss = { .shared, .shared::cta }; .fmt = { .b8x16.b6x16_p32, .b8x16.b4x16_p64 }",
            S::Ldmatrix,
        ),
        form(
            "stmatrix.sync.aligned.m16n8.x4.trans{.ss}.b8 [p], r*4:.b32; .ss = { .shared, .shared::cta }",
            S::Stmatrix,
        ),
        form(
            "ldmatrix.sync.aligned.m16n16.x1.trans{.ss}.b8 =d*2:.b32, [p]; .ss = { .shared, .shared::cta }",
            S::Ldmatrix,
        ),
        form(
            "ldmatrix.sync.aligned.m16n16.x1.trans{.ss}.fmt =d*2:.b32, [p]; .ss = { .shared, .shared::cta }; .fmt = { .b8x16.b6x16_p32, .b8x16.b4x16_p64 }",
            S::Ldmatrix,
        ),
        form(
            "ldmatrix.sync.aligned.m16n16.x2.trans{.ss}.b8 =d*4:.b32, [p]; .ss = { .shared, .shared::cta }",
            S::Ldmatrix,
        ),
        form(
            "ldmatrix.sync.aligned.m16n16.x2.trans{.ss}.fmt =d*4:.b32, [p]; .ss = { .shared, .shared::cta }; .fmt = { .b8x16.b6x16_p32, .b8x16.b4x16_p64 }",
            S::Ldmatrix,
        ),
    ] {
        out.extend(blackwell(entry));
    }
    out.push(
        form(
            "movmatrix.sync.aligned.m8n8.trans.b16 =d:.b32, a:.b32:reg",
            S::Movmatrix,
        )
        .since(7, 8, 75),
    );
    out
}
