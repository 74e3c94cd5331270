//! The warpgroup `wgmma` forms (sm_90a).

use super::*;
use crate::semantics::Semantics as S;

/// The N of the dense floating-point shapes: 8 to 256 in steps of 8.
pub(super) fn wgmma_float_n() -> impl Iterator<Item = u32> {
    (8..=256).step_by(8)
}

/// The N of the integer and single-bit shapes: 8, 16, 24, then steps of 16.
pub(super) fn wgmma_integer_n() -> impl Iterator<Item = u32> {
    [8, 16, 24].into_iter().chain((32..=256).step_by(16))
}

/// One kind of `wgmma.mma_async`: its types and immediate operands.
pub(super) struct WgmmaKind {
    /// K of the dense shape (the sparse shape doubles it).
    k: u32,
    d: &'static [&'static str],
    a: &'static [&'static str],
    b: &'static [&'static str],
    /// Modifiers before the types (`{.satfinite}`) and after them (`.and.popc`).
    mods: &'static str,
    suffix: &'static str,
    /// Takes imm-scale-a and imm-scale-b.
    scales: bool,
    /// Takes imm-trans-a/imm-trans-b (the 16-bit types only).
    transposes: bool,
    integer_shapes: bool,
    sparse: bool,
}

pub(super) const WGMMA_KINDS: [WgmmaKind; 6] = [
    WgmmaKind {
        k: 16,
        d: &["f16", "f32"],
        a: F16,
        b: F16,
        mods: "",
        suffix: "",
        scales: true,
        transposes: true,
        integer_shapes: false,
        sparse: true,
    },
    WgmmaKind {
        k: 16,
        d: &["f32"],
        a: BF16,
        b: BF16,
        mods: "",
        suffix: "",
        scales: true,
        transposes: true,
        integer_shapes: false,
        sparse: true,
    },
    WgmmaKind {
        k: 8,
        d: &["f32"],
        a: TF32,
        b: TF32,
        mods: "",
        suffix: "",
        scales: true,
        transposes: false,
        integer_shapes: false,
        sparse: true,
    },
    WgmmaKind {
        k: 32,
        d: &["f16", "f32"],
        a: F8,
        b: F8,
        mods: "",
        suffix: "",
        scales: true,
        transposes: false,
        integer_shapes: false,
        sparse: true,
    },
    WgmmaKind {
        k: 32,
        d: &["s32"],
        a: &["s8", "u8"],
        b: &["s8", "u8"],
        mods: "{.satfinite}",
        suffix: "",
        scales: false,
        transposes: false,
        integer_shapes: true,
        sparse: true,
    },
    WgmmaKind {
        k: 256,
        d: &["s32"],
        a: B1,
        b: B1,
        mods: "",
        suffix: ".bitop",
        scales: false,
        transposes: false,
        integer_shapes: true,
        sparse: false,
    },
];

pub(super) fn wgmma_spec(
    kind: &WgmmaKind,
    n: u32,
    d: &str,
    sparse: bool,
    register_a: bool,
) -> String {
    let k = if sparse { kind.k * 2 } else { kind.k };
    let mut groups = Vec::new();
    let a = type_slot("atype", kind.a, &mut groups);
    let b = type_slot("btype", kind.b, &mut groups);
    // 128 threads of a warpgroup share the 64xN accumulator and the 64xK A.
    let nd = fragment_registers(64, n, bits(d), 128, 32);
    let d_reg = if d == "s32" {
        "s32"
    } else {
        accumulator_register(d)
    };
    let a_operand = if register_a {
        let dense_k = kind.k;
        format!(
            "a*{}:.b32",
            fragment_registers(64, dense_k, bits(kind.a[0]), 128, 32)
        )
    } else {
        "a_desc:.u64".to_string()
    };
    let mut operands = format!("+d*{nd}:.{d_reg}, {a_operand}, b_desc:.u64");
    if sparse {
        // ptxas: the selector is 0 or 1 for the 16- and 32-bit types, 0 for 8-bit ones.
        let max = if bits(kind.a[0]) >= 16 { 1 } else { 0 };
        operands.push_str(&format!(", sp_meta:.b32, sp_sel:.u32:imm:0..{max}"));
    }
    // scale-d: a predicate, negated or not, or the immediate 0 or 1.
    operands.push_str(", scale_d:.pred:neg:0..1");
    if kind.scales {
        operands.push_str(", scale_a:.s32:imm:-1|1, scale_b:.s32:imm:-1|1");
    }
    if kind.transposes {
        if !register_a {
            operands.push_str(", trans_a:.u32:imm:0..1");
        }
        operands.push_str(", trans_b:.u32:imm:0..1");
    }
    let sp = if sparse { ".sp" } else { "" };
    let spec = format!(
        "wgmma.mma_async/{sp}.sync{{.aligned}}.m64n{n}k{k}{}.{d}{a}{b}{} {operands}",
        kind.mods, kind.suffix
    );
    if !kind.suffix.is_empty() {
        groups.push(".bitop = { .and.popc }".to_string());
    }
    with_groups(spec, &groups)
}

pub(super) fn wgmma() -> Vec<Entry> {
    let mut out = vec![
        form("wgmma.fence/.sync{.aligned}", S::WgmmaFence)
            .since(8, 0, 90)
            .arch_specific(),
        form("wgmma.commit_group/.sync{.aligned}", S::WgmmaCommitGroup)
            .since(8, 0, 90)
            .arch_specific(),
        form(
            "wgmma.wait_group/.sync{.aligned} n:.u32:imm",
            S::WgmmaWaitGroup,
        )
        .since(8, 0, 90)
        .arch_specific(),
    ];
    for kind in &WGMMA_KINDS {
        let ns: Vec<u32> = if kind.integer_shapes {
            wgmma_integer_n().collect()
        } else {
            wgmma_float_n().collect()
        };
        for &n in &ns {
            for &d in kind.d {
                for register_a in [false, true] {
                    let spec = wgmma_spec(kind, n, d, false, register_a);
                    out.push(
                        Entry::owned(spec, S::WgmmaMmaAsync)
                            .since(8, 0, 90)
                            .arch_specific(),
                    );
                    if kind.sparse {
                        let spec = wgmma_spec(kind, n, d, true, register_a);
                        out.push(
                            Entry::owned(spec, S::WgmmaMmaAsyncSp)
                                .since(8, 2, 90)
                                .arch_specific(),
                        );
                    }
                }
            }
        }
    }
    out
}
