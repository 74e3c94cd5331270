//! `ldmatrix`, `stmatrix` and `movmatrix`.

use super::*;
use crate::semantics::Semantics;
use crate::semantics::Semantics as S;

/// A feature of the sm_100 and sm_120 chips (PTX ISA 8.6 and 8.7): either
/// arch-specific (`sm_100a`, `sm_120a`) or for their families.
pub(super) fn blackwell(spec: String, semantics: Semantics, arch: bool) -> [Entry; 2] {
    let sm100 = Entry::owned(spec.clone(), semantics).since(8, 6, 100);
    let sm120 = Entry::owned(spec, semantics).since(8, 7, 120);
    if arch {
        [sm100.arch_specific(), sm120.arch_specific()]
    } else {
        [sm100.family_specific(), sm120.family_specific()]
    }
}

pub(super) fn load_store_matrix() -> Vec<Entry> {
    let mut out = Vec::new();
    // m8n8 .b16: one register per matrix. `.shared::cta` came with PTX ISA 7.8.
    for (ss, ptx) in [("{.shared}", (6, 5)), (".shared::cta", (7, 8))] {
        let spec = format!(
            "ldmatrix.sync.aligned.m8n8.num{{.trans}}{ss}.b16 =d*.num:.b32:sink, [p]; .num = {{ .x1, .x2, .x4 }}"
        );
        out.push(Entry::owned(spec, S::Ldmatrix).since(ptx.0, ptx.1, 75));
        let spec = format!(
            "stmatrix.sync.aligned.m8n8.num{{.trans}}{ss}.b16 [p], r*.num:.b32; .num = {{ .x1, .x2, .x4 }}"
        );
        let ptx = ptx.max((7, 8));
        out.push(Entry::owned(spec, S::Stmatrix).since(ptx.0, ptx.1, 90));
    }
    // sm_100a and sm_120a: 8-bit elements, and fp6/fp4 elements unpacked to bytes.
    const SS: &str = "; .ss = { .shared, .shared::cta }";
    const FMT: &str = "; .fmt = { .b8x16.b6x16_p32, .b8x16.b4x16_p64 }";
    for num in [1, 2, 4] {
        let regs = fragment_registers(8, 16, 8, 32, 32) * num;
        let spec =
            format!("ldmatrix.sync.aligned.m8n16.x{num}{{.ss}}.fmt =d*{regs}:.b32, [p]{SS}{FMT}");
        out.extend(blackwell(spec, S::Ldmatrix, false));
        let regs = fragment_registers(16, 8, 8, 32, 32) * num;
        let spec =
            format!("stmatrix.sync.aligned.m16n8.x{num}.trans{{.ss}}.b8 [p], r*{regs}:.b32{SS}");
        out.extend(blackwell(spec, S::Stmatrix, false));
    }
    // m16n16 holds two registers per matrix, so at most two matrices; .trans is required.
    for num in [1, 2] {
        let regs = fragment_registers(16, 16, 8, 32, 32) * num;
        for ty in [".b8 ", ".fmt "] {
            let defs = if ty == ".fmt " { FMT } else { "" };
            let spec = format!(
                "ldmatrix.sync.aligned.m16n16.x{num}.trans{{.ss}}{ty}=d*{regs}:.b32, [p]{SS}{defs}"
            );
            out.extend(blackwell(spec, S::Ldmatrix, false));
        }
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
