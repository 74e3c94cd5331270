//! The `wmma` forms: loads, stores and products of whole fragments.

use super::*;
use crate::semantics::Semantics as S;

/// Multiplicand types, their shapes, and the PTX ISA version and `sm_`
/// target that introduced them.
pub(super) type ShapesSince = (&'static [&'static str], &'static [Shape], (u8, u8), u32);

/// The `wmma` shapes of each multiplicand type.
pub(super) const WMMA_KINDS: [ShapesSince; 6] = [
    // wmma came in PTX ISA 6.0, but ptxas wants 6.3 for the `.aligned` it requires.
    (
        F16,
        &[shape(16, 16, 16), shape(8, 32, 16), shape(32, 8, 16)],
        (6, 3),
        70,
    ),
    (
        I8,
        &[shape(16, 16, 16), shape(8, 32, 16), shape(32, 8, 16)],
        (6, 3),
        72,
    ),
    (
        BF16,
        &[shape(16, 16, 16), shape(8, 32, 16), shape(32, 8, 16)],
        (7, 0),
        80,
    ),
    (TF32, &[shape(16, 16, 8)], (7, 0), 80),
    (F64, &[shape(8, 8, 4)], (7, 0), 80),
    (I4, &[shape(8, 8, 32)], (6, 3), 75),
];

/// Registers of a `wmma` A or B fragment: the `.f16` fragments of sm_70 hold
/// eight registers in every shape; the others hold their share of the matrix.
pub(super) fn wmma_ab_registers(rows: u32, cols: u32, ty: &str) -> u32 {
    if ty == "f16" {
        8
    } else {
        fragment_registers(rows, cols, bits(ty), 32, register_bits(ty))
    }
}

pub(super) fn wmma_c_registers(s: Shape, ty: &str) -> u32 {
    fragment_registers(s.m, s.n, bits(ty), 32, register_bits(ty))
}

/// The accumulator types of a multiplicand type.
pub(super) fn wmma_accumulators(ab: &str) -> &'static [&'static str] {
    match ab {
        "f16" => &["f16", "f32"],
        "bf16" | "tf32" => &["f32"],
        "f64" => &["f64"],
        _ => &["s32"],
    }
}

/// The `wmma.load`/`wmma.store` forms of one fragment (`what` is `a`, `b`,
/// `c` or `d`), in both state-space spellings: `.shared::cta` came with PTX
/// ISA 7.8. `ty` is the type modifier, `defs` its group definition if any.
pub(super) struct WmmaMemory<'a> {
    what: &'a str,
    layout: &'a str,
    shape: Shape,
    ty: &'a str,
    defs: &'a str,
    regs: String,
}

pub(super) fn wmma_memory(out: &mut Vec<Entry>, m: WmmaMemory, ptx: (u8, u8), sm: u32) {
    let (head, semantics, operands) = if m.what == "d" {
        (
            "wmma.store.d/",
            S::WmmaStore,
            format!("[p], {}, stride?:.u32", m.regs),
        )
    } else {
        // One semantics key per fragment: the simulator places A, B and C
        // elements differently, and nothing else in the modifiers tells them apart.
        let (head, semantics) = match m.what {
            "a" => ("wmma.load.a/", S::WmmaLoadA),
            "b" => ("wmma.load.b/", S::WmmaLoadB),
            _ => ("wmma.load.c/", S::WmmaLoadC),
        };
        (head, semantics, format!("={}, [p], stride?:.u32", m.regs))
    };
    let layout_def = if m.layout == ".layout" {
        "; .layout = { .row, .col }"
    } else {
        ""
    };
    for (ss, ss_def, version) in [
        ("{.ss}", "; .ss = { .global, .shared }", ptx),
        (".shared::cta", "", ptx.max((7, 8))),
    ] {
        let spec = format!(
            "{head}.sync.aligned{}.{}{ss}{} {operands}{ss_def}{layout_def}{}",
            m.layout,
            m.shape.name(),
            m.ty,
            m.defs
        );
        out.push(Entry::owned(spec, semantics).since(version.0, version.1, sm));
    }
}

pub(super) fn wmma() -> Vec<Entry> {
    let mut out = Vec::new();
    for (ab, shapes, ptx, sm) in WMMA_KINDS {
        // Sub-byte A is row-major and B column-major; other layouts are free.
        let sub_byte = ab == I4;
        let mut groups = Vec::new();
        let ty = type_slot("type", ab, &mut groups);
        let defs: String = groups.iter().map(|g| format!("; {g}")).collect();
        let reg = if ab == F64 { "f64" } else { "b32" };
        for &s in shapes {
            for (what, rows, cols, fixed) in [("a", s.m, s.k, ".row"), ("b", s.k, s.n, ".col")] {
                let m = WmmaMemory {
                    what,
                    layout: if sub_byte { fixed } else { ".layout" },
                    shape: s,
                    ty: &ty,
                    defs: &defs,
                    regs: format!("r*{}:.{reg}", wmma_ab_registers(rows, cols, ab[0])),
                };
                wmma_memory(&mut out, m, ptx, sm);
            }
            for &c in wmma_accumulators(ab[0]) {
                for what in ["c", "d"] {
                    let m = WmmaMemory {
                        what,
                        layout: ".layout",
                        shape: s,
                        ty: &format!(".{c}"),
                        defs: "",
                        regs: format!("r*{}:.{}", wmma_c_registers(s, c), accumulator_register(c)),
                    };
                    wmma_memory(&mut out, m, ptx, sm);
                }
            }
            out.extend(wmma_mma(ab, s, ptx, sm));
        }
    }
    // Single bit: m8n8k128 with .xor (sm_75) or .and (PTX ISA 7.1, sm_80).
    let s = shape(8, 8, 128);
    for (what, layout, ty, regs) in [
        ("a", ".row", ".b1", "r*1:.b32"),
        ("b", ".col", ".b1", "r*1:.b32"),
        ("c", ".layout", ".s32", "r*2:.b32"),
        ("d", ".layout", ".s32", "r*2:.b32"),
    ] {
        let m = WmmaMemory {
            what,
            layout,
            shape: s,
            ty,
            defs: "",
            regs: regs.into(),
        };
        wmma_memory(&mut out, m, (6, 3), 75);
    }
    for (op, ptx, sm) in [("xor", (6, 3), 75), ("and", (7, 1), 80)] {
        let spec = format!(
            "wmma.mma/.bitop.sync.aligned.row.col.m8n8k128.s32.b1.b1.s32 =d*2:.b32, a*1:.b32, b*1:.b32, c*2:.b32; .bitop = {{ .{op}.popc }}"
        );
        out.push(Entry::owned(spec, S::WmmaMma).since(ptx.0, ptx.1, sm));
    }
    out
}

pub(super) fn wmma_mma(ab: &[&str], s: Shape, ptx: (u8, u8), sm: u32) -> Vec<Entry> {
    let mut out = Vec::new();
    let na = wmma_ab_registers(s.m, s.k, ab[0]);
    let nb = wmma_ab_registers(s.k, s.n, ab[0]);
    let ab_reg = if ab == F64 { "f64" } else { "b32" };
    let (layouts, layout_defs) = if ab == I4 {
        (".row.col", "")
    } else {
        (
            ".alayout.blayout",
            "; .alayout = { .row, .col }; .blayout = { .row, .col }",
        )
    };
    // `mods` come before the types, `suffix` after them.
    let mut add = |mods: &str, types: String, suffix: &str, d: &str, c: &str| {
        let spec = format!(
            "wmma.mma/.sync.aligned{layouts}.{}{mods}{types}{suffix} =d*{}:.{}, a*{na}:.{ab_reg}, b*{nb}:.{ab_reg}, c*{}:.{}{layout_defs}",
            s.name(),
            wmma_c_registers(s, d),
            accumulator_register(d),
            wmma_c_registers(s, c),
            accumulator_register(c)
        );
        out.push(Entry::owned(spec, S::WmmaMma).since(ptx.0, ptx.1, sm));
    };
    match ab[0] {
        // .f16 multiplicands: only the accumulator types are written.
        "f16" => {
            for d in ["f16", "f32"] {
                for c in ["f16", "f32"] {
                    add("", format!(".{d}.{c}"), "", d, c);
                }
            }
        }
        "f64" => add("{.rnd}", ".f64.f64.f64.f64".into(), "", "f64", "f64"),
        "bf16" | "tf32" => add("", format!(".f32.{0}.{0}.f32", ab[0]), "", "f32", "f32"),
        // Integers: A and B of one type, optional saturation after the types.
        _ => {
            for &t in ab {
                add(
                    "",
                    format!(".s32.{t}.{t}.s32"),
                    "{.satfinite}",
                    "s32",
                    "s32",
                );
            }
        }
    }
    out
}
