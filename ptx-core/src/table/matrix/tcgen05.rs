//! The 5th-generation tensor-core `tcgen05` forms (the sm_100 family).

use super::*;
use crate::RuleViolation;
use crate::semantics::Semantics;
use crate::semantics::Semantics as S;

/// A tcgen05 form: PTX ISA 8.6, the sm_100 family.
pub(super) fn tc(spec: &'static str, semantics: Semantics) -> Entry {
    form(spec, semantics).since(8, 6, 100).family_specific()
}

pub(super) fn tc_owned(spec: String, semantics: Semantics) -> Entry {
    Entry::owned(spec, semantics)
        .since(8, 6, 100)
        .family_specific()
}

/// The tensor-memory load and store shapes: lanes×bits, the largest `.num`,
/// and whether an immediate half-split offset follows the address.
pub(super) const TMEM_SHAPES: [(&str, u32, u32, u32, bool); 5] = [
    ("16x64b", 16, 64, 128, false),
    ("16x128b", 16, 128, 64, false),
    ("16x256b", 16, 256, 32, false),
    ("32x32b", 32, 32, 128, false),
    ("16x32bx2", 16, 64, 128, true),
];

pub(super) fn tcgen05_ld_st() -> Vec<Entry> {
    let mut out = Vec::new();
    for (shape_name, lanes, row_bits, max_num, split) in TMEM_SHAPES {
        let mut num = 1;
        while num <= max_num {
            let regs = fragment_registers(lanes, row_bits, num, 32, 32);
            let offset = if split { ", offset:.u32:imm" } else { "" };
            out.push(tc_owned(
                format!("tcgen05.ld/.sync{{.aligned}}.{shape_name}.x{num}{{.pack::16b}}.b32 =r*{regs}:.b32, [taddr]:.b32{offset}"),
                S::Tcgen05Ld,
            ));
            out.push(tc_owned(
                format!("tcgen05.st/.sync{{.aligned}}.{shape_name}.x{num}{{.unpack::16b}}.b32 [taddr]:.b32{offset}, r*{regs}:.b32"),
                S::Tcgen05St,
            ));
            // Load with reduction (sm_103a): 32x32b and 16x32bx2, from .x2 up.
            if (shape_name == "32x32b" || shape_name == "16x32bx2") && num >= 2 {
                for (mods, ty) in [("{.abs}{.NaN}", ".f32"), ("", ".type")] {
                    let def = if ty == ".type" {
                        "; .type = { .u32, .s32 }"
                    } else {
                        ""
                    };
                    let spec = format!(
                        "tcgen05.ld/.red.sync.aligned.{shape_name}.x{num}.op{mods}{ty} =r*{regs}:.b32, =redval, [taddr]:.b32{offset}; .op = {{ .min, .max }}{def}"
                    );
                    out.push(
                        Entry::owned(spec, S::Tcgen05LdRed)
                            .since(8, 8, 103)
                            .arch_specific(),
                    );
                }
            }
            num *= 2;
        }
    }
    out
}

/// `.ashift` shifts the rows of A as they are read, so A cannot be filled
/// into or used from the collector buffer: ptxas refuses `.collector::a::fill`
/// and `.collector::a::use` with it.
pub(super) fn ashift_collector(b: &Bound) -> Result<(), RuleViolation> {
    match b.value("collector") {
        Some(c @ ("collector::a::fill" | "collector::a::use")) if b.has("ashift") => {
            Err(RuleViolation::Conflict {
                first: "ashift".to_owned(),
                second: c.to_owned(),
            })
        }
        _ => Ok(()),
    }
}

/// The block-scale kinds of `tcgen05.mma` and the scale-vector sizes each
/// takes: the `.scale_vec::NX` spellings are sm_100a-only, `.block16` and
/// `.block32` (PTX ISA 8.8) the family-portable ones; `.kind::mxf4nvf4`
/// needs one written.
/// A scale-vector modifier, its PTX ISA version, and whether it is sm_100a-only.
pub(super) type ScaleVector = (&'static str, (u8, u8), bool);

pub(super) const BLOCK_SCALE_KINDS: [(&str, &[ScaleVector]); 3] = [
    // Without a size written, ptxas takes .block32, so PTX ISA 8.8.
    (
        "kind::mxf8f6f4",
        &[
            ("", (8, 8), false),
            (".scale_vec::1X", (8, 6), true),
            (".block32", (8, 8), false),
        ],
    ),
    (
        "kind::mxf4",
        &[
            ("", (8, 8), false),
            (".scale_vec::2X", (8, 6), true),
            (".block32", (8, 8), false),
        ],
    ),
    (
        "kind::mxf4nvf4",
        &[
            (".scale_vec::2X", (8, 7), true),
            (".scale_vec::4X", (8, 7), true),
            (".block16", (8, 8), false),
            (".block32", (8, 8), false),
        ],
    ),
];

pub(super) fn tcgen05_mma() -> Vec<Entry> {
    let mut out = Vec::new();
    const CTA: [(&str, u32); 2] = [("cta_group::1", 4), ("cta_group::2", 8)];
    const COLLECTOR: &str = "; .collector = { .collector::a::fill, .collector::a::use, .collector::a::lastuse, .collector::a::discard }";
    // enable-input-d: a predicate, or an immediate (ptxas takes any, not only 0 and 1).
    const ENABLE: &str = "enable_d:.pred:neg:0..4294967295";
    let push = |out: &mut Vec<Entry>, spec: String, semantics, ptx: (u8, u8), arch: bool| {
        let e = Entry::owned(spec, semantics)
            .since(ptx.0, ptx.1, 100)
            .family_specific()
            .rule(ashift_collector);
        out.push(if arch { e.arch_specific() } else { e });
    };
    for sparse in [false, true] {
        let (sp, meta, semantics) = if sparse {
            (".sp", ", [sp_meta]:.b32", S::Tcgen05MmaSp)
        } else {
            ("", "", S::Tcgen05Mma)
        };
        for (cta, lanes) in CTA {
            for tmem_a in [false, true] {
                // A from shared memory (a descriptor) or from tensor memory.
                let a = if tmem_a { "[a]:.b32" } else { "a_desc:.u64" };
                let ashift = if tmem_a { "{.ashift}" } else { "" };
                let head = format!("tcgen05.mma/{sp}.{cta}");
                let base = format!("[d]:.b32, {a}, b_desc:.u64{meta}, idesc:.u32");
                // (kind, its group definition, takes scale-input-d, sm_100a only)
                let kinds = [
                    (
                        ".kind",
                        "; .kind = { .kind::f16, .kind::tf32 }",
                        true,
                        false,
                    ),
                    (".kind::f8f6f4", "", false, false),
                    // Dense .kind::i8 takes scale-input-d too; the sparse one does not.
                    (".kind::i8", "", !sparse, true),
                ];
                for (kind, kind_def, scale, arch) in kinds {
                    // With and without the disable-output-lane mask (ptxas takes no
                    // scale with a mask on the sparse .kind::i8).
                    for mask in [String::new(), format!(", lanes*{lanes}:.b32")] {
                        let scale = scale || (kind == ".kind::i8" && mask.is_empty());
                        let scale_operand = if scale {
                            ", scale_d?:.u32:imm:0..15"
                        } else {
                            ""
                        };
                        let spec = format!(
                            "{head}{kind}{ashift}{{.collector}} {base}{mask}, {ENABLE}{scale_operand}{kind_def}{COLLECTOR}"
                        );
                        push(&mut out, spec, semantics, (8, 6), arch);
                    }
                }
                // Block scaling: scale factors in tensor memory.
                for (kind, vecs) in BLOCK_SCALE_KINDS {
                    for &(vec, ptx, arch) in vecs {
                        // Sparse fp4 kinds are sm_100a-only.
                        let arch = arch || (sparse && kind != "kind::mxf8f6f4");
                        let spec = format!(
                            "{head}.{kind}.block_scale{vec}{{.collector}} {base}, [scale_a]:.b32, [scale_b]:.b32, {ENABLE}{COLLECTOR}"
                        );
                        push(&mut out, spec, semantics, ptx, arch);
                    }
                }
            }
        }
        // Weight-stationary (.ws): one CTA, collector buffers b0..b3.
        let buffers: Vec<String> = ["b0", "b1", "b2", "b3"]
            .iter()
            .flat_map(|b| {
                ["fill", "use", "lastuse", "discard"]
                    .map(move |op| format!(".collector::{b}::{op}"))
            })
            .collect();
        let ws = if sparse {
            S::Tcgen05MmaWsSp
        } else {
            S::Tcgen05MmaWs
        };
        for tmem_a in [false, true] {
            let a = if tmem_a { "[a]:.b32" } else { "a_desc:.u64" };
            for (kind, arch) in [(".kind", false), (".kind::i8", true)] {
                let kind_def = if kind == ".kind" {
                    "; .kind = { .kind::f16, .kind::tf32, .kind::f8f6f4 }"
                } else {
                    ""
                };
                let spec = format!(
                    "tcgen05.mma.ws/{sp}.cta_group::1{kind}{{.collector}} [d]:.b32, {a}, b_desc:.u64{meta}, idesc:.u32, {ENABLE}, zero_mask?:.b64{kind_def}; .collector = {{ {} }}",
                    buffers.join(", ")
                );
                push(&mut out, spec, ws, (8, 6), arch);
            }
        }
    }
    out
}

pub(super) fn tcgen05() -> Vec<Entry> {
    const CTA: &str = ".cta = { .cta_group::1, .cta_group::2 }";
    const FMT: &str = ".fmt = { .b8x16.b6x16_p32, .b8x16.b4x16_p64 }";
    let mut out = vec![
        tc("tcgen05.alloc/.cta.sync.aligned{.shared::cta}.b32 [dst], ncols:.u32", S::Tcgen05Alloc).groups(&[CTA]),
        tc("tcgen05.dealloc/.cta.sync.aligned.b32 taddr:.b32, ncols:.u32", S::Tcgen05Dealloc).groups(&[CTA]),
        tc("tcgen05.relinquish_alloc_permit/.cta.sync.aligned", S::Tcgen05RelinquishAllocPermit).groups(&[CTA]),
        tc("tcgen05.wait::ld/.sync.aligned", S::Tcgen05Wait),
        tc("tcgen05.wait::st/.sync.aligned", S::Tcgen05Wait),
        tc("tcgen05.fence::before_thread_sync", S::Tcgen05Fence),
        tc("tcgen05.fence::after_thread_sync", S::Tcgen05Fence),
        // sm_100a only: ptxas refuses it for sm_100f.
        tc("tcgen05.shift/.cta.down [taddr]:.b32", S::Tcgen05Shift).groups(&[CTA]).arch_specific(),
        tc("tcgen05.commit/.cta.mbarrier::arrive::one{.shared::cluster}.b64 [mbar]", S::Tcgen05Commit).groups(&[CTA]),
        tc("tcgen05.commit/.cta.mbarrier::arrive::one{.shared::cluster}.multicast::cluster.b64 [mbar], mask:.b16", S::Tcgen05Commit).groups(&[CTA]),
        // tcgen05.cp: the shapes of fewer rows need a multicast over warps.
        tc("tcgen05.cp/.cta.128x256b{.fmt} [taddr]:.b32, s_desc:.u64", S::Tcgen05Cp).groups(&[CTA, FMT]),
        tc("tcgen05.cp/.cta.4x256b{.fmt} [taddr]:.b32, s_desc:.u64", S::Tcgen05Cp).groups(&[CTA, FMT]),
        tc("tcgen05.cp/.cta.128x128b{.fmt} [taddr]:.b32, s_desc:.u64", S::Tcgen05Cp).groups(&[CTA, FMT]),
        tc("tcgen05.cp/.cta.64x128b.warpx2::02_13{.fmt} [taddr]:.b32, s_desc:.u64", S::Tcgen05Cp).groups(&[CTA, FMT]),
        tc("tcgen05.cp/.cta.64x128b.warpx2::01_23{.fmt} [taddr]:.b32, s_desc:.u64", S::Tcgen05Cp).groups(&[CTA, FMT]),
        tc("tcgen05.cp/.cta.32x128b.warpx4{.fmt} [taddr]:.b32, s_desc:.u64", S::Tcgen05Cp).groups(&[CTA, FMT]),
    ];
    out.extend(tcgen05_ld_st());
    out.extend(tcgen05_mma());
    out
}
