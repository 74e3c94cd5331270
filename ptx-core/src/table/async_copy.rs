//! Asynchronous copies (PTX ISA "Data Movement and Conversion Instructions":
//! `cp.async`, `cp.async.bulk`, `cp.reduce.async.bulk`, `cp.async.bulk.tensor`,
//! their prefetches and completion groups).
//!
//! Which operands a copy takes follows from its modifiers (a `.multicast::cluster`
//! copy takes a CTA mask, an `.L2::cache_hint` one a cache policy, an `.im2col`
//! one the offsets), so the forms are generated for each combination. A
//! destination and source state space are written as one two-word value
//! (`.shared::cluster.global`) so that they keep their order.
//!
//! `st.async` and `red.async` belong to the memory family.

use super::{Entry, form};
use crate::semantics::Semantics;
use crate::semantics::Semantics as S;

/// `[dst], [src], size` as the non-tensor bulk copies write them.
const BULK: &str = "[dst], [src], size:.u32";

fn cp_async() -> Vec<Entry> {
    let mut out = vec![
        form("cp.async.commit_group/", S::CpAsyncCommitGroup).since(7, 0, 80),
        form("cp.async.wait_group/ n:.u32:imm", S::CpAsyncWaitGroup).since(7, 0, 80),
        form("cp.async.wait_all/", S::CpAsyncWaitAll).since(7, 0, 80),
        form(
            "cp.async.mbarrier.arrive/{.noinc}{.shared}.b64 [mbar]",
            S::CpAsyncMbarrierArrive,
        )
        .since(7, 0, 80),
        form(
            "cp.async.mbarrier.arrive/{.noinc}.shared::cta.b64 [mbar]",
            S::CpAsyncMbarrierArrive,
        )
        .since(7, 8, 80),
    ];
    // cp.async: .ca copies 4, 8 or 16 bytes, .cg only 16. The optional third
    // operand is a source size or an ignore-source predicate (PTX ISA 7.5);
    // .L2::cache_hint (7.4) adds a cache policy last; .L2::128B etc. came in 7.4.
    let copies = [(".ca", "4|8|16"), (".cg", "16")];
    // Each extra has its semantics key: the slots alone cannot tell a
    // source size from a cache policy. A number there is a source size
    // (ptxas 13.0 holds it to 0..=cp-size), never a constant predicate.
    let extras = [
        ("", (7, 0), S::CpAsync),
        (", src_size:.u32", (7, 0), S::CpAsyncSrcSize),
        (", ignore_src:.pred:neg:reg", (7, 5), S::CpAsyncIgnoreSrc),
    ];
    for (cache, sizes) in copies {
        for (extra, extra_ptx, key) in extras {
            for (hint, hint_ptx) in [("", (7, 0)), (".L2::cache_hint", (7, 4))] {
                let policy = if hint.is_empty() { "" } else { ", policy:.u64" };
                for (prefetch, prefetch_ptx) in [("", (7, 0)), (".prefetch", (7, 4))] {
                    let prefetch_def = if prefetch.is_empty() {
                        ""
                    } else {
                        "; .prefetch = { .L2::64B, .L2::128B, .L2::256B }"
                    };
                    // ptxas takes .shared::cta on cp.async from PTX ISA 7.7.
                    for (ss, ss_ptx) in [(".shared", (7, 0)), (".shared::cta", (7, 7))] {
                        let spec = format!(
                            "cp.async/{cache}.dir{hint}{prefetch} [dst], [src], size:.u32:imm:{sizes}{extra}{policy}{prefetch_def}; .dir = {{ {ss}.global }}"
                        );
                        let ptx = extra_ptx.max(hint_ptx).max(prefetch_ptx).max(ss_ptx);
                        out.push(Entry::owned(spec, key).since(ptx.0, ptx.1, 80));
                    }
                }
            }
        }
    }
    out
}

/// A bulk-copy form: PTX ISA `ptx`, `sm_90` unless `sm100` (then the sm_100 family).
fn bulk(spec: String, semantics: Semantics, ptx: (u8, u8), sm100: bool) -> Entry {
    let e = Entry::owned(spec, semantics);
    if sm100 {
        e.since(ptx.0, ptx.1, 100).family_specific()
    } else {
        e.since(ptx.0, ptx.1, 90)
    }
}

/// Appends `policy:.u64` and the modifier for a form with an L2 cache hint.
fn hinted(hint: bool) -> (&'static str, &'static str) {
    if hint {
        (".L2::cache_hint", ", policy:.u64")
    } else {
        ("", "")
    }
}

fn cp_async_bulk() -> Vec<Entry> {
    let mut out = vec![
        form("cp.async.bulk.commit_group/", S::CpAsyncBulkCommitGroup).since(8, 0, 90),
        form(
            "cp.async.bulk.wait_group/{.read} n:.u32:imm",
            S::CpAsyncBulkWaitGroup,
        )
        .since(8, 0, 90),
        form(
            "cp.async.bulk/.dir.mbarrier::complete_tx::bytes [dst], [src], size:.u32, [mbar]; .dir = { .shared::cluster.shared::cta }",
            S::CpAsyncBulk,
        )
        .since(8, 0, 90),
    ];
    const TX: &str = ".mbarrier::complete_tx::bytes";
    for hint in [false, true] {
        let (h, policy) = hinted(hint);
        // global -> shared::cluster, optionally multicast to the CTAs of a mask.
        for multicast in [false, true] {
            let (m, mask) = if multicast {
                (".multicast::cluster", ", cta_mask:.b16")
            } else {
                ("", "")
            };
            let spec = format!(
                "cp.async.bulk/.dir{TX}{m}{h} {BULK}, [mbar]{mask}{policy}; .dir = {{ .shared::cluster.global }}"
            );
            out.push(bulk(spec, S::CpAsyncBulk, (8, 0), false));
        }
        // global -> shared::cta (PTX ISA 8.6).
        let spec = format!(
            "cp.async.bulk/.dir{TX}{h} {BULK}, [mbar]{policy}; .dir = {{ .shared::cta.global }}"
        );
        out.push(bulk(spec, S::CpAsyncBulk, (8, 6), false));
        // shared::cta -> global, completed by bulk async-groups; a byte mask from sm_100.
        let spec = format!(
            "cp.async.bulk/.dir.bulk_group{h} {BULK}{policy}; .dir = {{ .global.shared::cta }}"
        );
        out.push(bulk(spec, S::CpAsyncBulk, (8, 0), false));
        let spec = format!(
            "cp.async.bulk/.dir.bulk_group{h}.cp_mask {BULK}{policy}, byte_mask:.b16; .dir = {{ .global.shared::cta }}"
        );
        out.push(Entry::owned(spec, S::CpAsyncBulk).since(8, 6, 100));
        // Prefetch into L2.
        let spec = format!("cp.async.bulk.prefetch/.L2.global{h} [src], size:.u32{policy}");
        out.push(bulk(spec, S::CpAsyncBulkPrefetch, (8, 0), false));
    }
    out
}

/// Reduction operations and the types each takes in a bulk reduction into
/// global memory and into shared::cluster memory (as ptxas checks them;
/// `.add` of `.f16`/`.bf16` needs `.noftz` and is written separately).
const REDUCTIONS: [(&str, &str, &str); 8] = [
    ("and", "{ .b32, .b64 }", "{ .b32 }"),
    ("or", "{ .b32, .b64 }", "{ .b32 }"),
    ("xor", "{ .b32, .b64 }", "{ .b32 }"),
    (
        "add",
        "{ .u32, .s32, .u64, .f32, .f64 }",
        "{ .u32, .s32, .u64 }",
    ),
    ("inc", "{ .u32 }", "{ .u32 }"),
    ("dec", "{ .u32 }", "{ .u32 }"),
    (
        "min",
        "{ .u32, .s32, .u64, .s64, .f16, .bf16 }",
        "{ .u32, .s32 }",
    ),
    (
        "max",
        "{ .u32, .s32, .u64, .s64, .f16, .bf16 }",
        "{ .u32, .s32 }",
    ),
];

fn cp_reduce_async_bulk() -> Vec<Entry> {
    let mut out = Vec::new();
    for (op, global_types, cluster_types) in REDUCTIONS {
        let spec = format!(
            "cp.reduce.async.bulk/.dir.mbarrier::complete_tx::bytes.{op}.type {BULK}, [mbar]; .dir = {{ .shared::cluster.shared::cta }}; .type = {cluster_types}"
        );
        out.push(bulk(spec, S::CpReduceAsyncBulk, (8, 0), false));
        for hint in [false, true] {
            let (h, policy) = hinted(hint);
            let spec = format!(
                "cp.reduce.async.bulk/.dir.bulk_group{h}.{op}.type {BULK}{policy}; .dir = {{ .global.shared::cta }}; .type = {global_types}"
            );
            out.push(bulk(spec, S::CpReduceAsyncBulk, (8, 0), false));
        }
    }
    for hint in [false, true] {
        let (h, policy) = hinted(hint);
        let spec = format!(
            "cp.reduce.async.bulk/.dir.bulk_group{h}.add.noftz.type {BULK}{policy}; .dir = {{ .global.shared::cta }}; .type = {{ .f16, .bf16 }}"
        );
        out.push(bulk(spec, S::CpReduceAsyncBulk, (8, 0), false));
    }
    out
}

/// A tensor load mode: its modifier, the dimensions it takes, how many
/// coordinates and im2col offsets (`.b16`) a `dim`-dimensional copy of it
/// has, and whether it is an sm_100 feature.
struct Mode {
    modifier: &'static str,
    dims: std::ops::RangeInclusive<u32>,
    coordinates: fn(u32) -> u32,
    offsets: fn(u32) -> u32,
    sm100: bool,
}

fn same(dim: u32) -> u32 {
    dim
}
fn none(_: u32) -> u32 {
    0
}
fn im2col_offsets(dim: u32) -> u32 {
    dim - 2
}
fn w_offsets(_: u32) -> u32 {
    2
}
/// `.tile::gather4`/`.tile::scatter4` address one column and four rows.
fn four_rows(_: u32) -> u32 {
    5
}

fn load_modes() -> [Mode; 5] {
    [
        Mode {
            modifier: "{.tile}",
            dims: 1..=5,
            coordinates: same,
            offsets: none,
            sm100: false,
        },
        Mode {
            modifier: ".im2col",
            dims: 3..=5,
            coordinates: same,
            offsets: im2col_offsets,
            sm100: false,
        },
        Mode {
            modifier: ".tile::gather4",
            dims: 2..=2,
            coordinates: four_rows,
            offsets: none,
            sm100: true,
        },
        Mode {
            modifier: ".im2col::w",
            dims: 3..=5,
            coordinates: same,
            offsets: w_offsets,
            sm100: true,
        },
        Mode {
            modifier: ".im2col::w::128",
            dims: 3..=5,
            coordinates: same,
            offsets: w_offsets,
            sm100: true,
        },
    ]
}

fn store_modes() -> [Mode; 3] {
    [
        Mode {
            modifier: "{.tile}",
            dims: 1..=5,
            coordinates: same,
            offsets: none,
            sm100: false,
        },
        Mode {
            modifier: ".im2col_no_offs",
            dims: 3..=5,
            coordinates: same,
            offsets: none,
            sm100: false,
        },
        Mode {
            modifier: ".tile::scatter4",
            dims: 2..=2,
            coordinates: four_rows,
            offsets: none,
            sm100: true,
        },
    ]
}

fn offsets_operand(n: u32) -> String {
    if n == 0 {
        String::new()
    } else {
        format!(", offsets*{n}:.b16")
    }
}

fn cp_async_bulk_tensor() -> Vec<Entry> {
    let mut out = Vec::new();
    const TX: &str = ".mbarrier::complete_tx::bytes";
    const CTA_GROUP: &str = "; .cta_group = { .cta_group::1, .cta_group::2 }";
    for mode in load_modes() {
        for dim in mode.dims.clone() {
            let coords = (mode.coordinates)(dim);
            let offsets = offsets_operand((mode.offsets)(dim));
            let m = mode.modifier;
            for hint in [false, true] {
                let (h, policy) = hinted(hint);
                // global -> shared::cluster (8.0) or shared::cta (8.6); a
                // .cta_group (8.6, sm_100) names the CTA pair the mbarrier may be in.
                for (dir, multicasts, ptx) in [
                    ("shared::cluster.global", &[false, true][..], (8, 0)),
                    ("shared::cta.global", &[false][..], (8, 6)),
                ] {
                    for &multicast in multicasts {
                        let (mc, mask) = if multicast {
                            (".multicast::cluster", ", cta_mask:.b16")
                        } else {
                            ("", "")
                        };
                        for cta_group in [false, true] {
                            let (cg, cg_def) = if cta_group {
                                (".cta_group", CTA_GROUP)
                            } else {
                                ("", "")
                            };
                            let spec = format!(
                                "cp.async.bulk.tensor/.{dim}d.dir{m}{TX}{mc}{cg}{h} [dst], [tmap, c*{coords}], [mbar]{offsets}{mask}{policy}; .dir = {{ .{dir} }}{cg_def}"
                            );
                            let ptx = if cta_group || mode.sm100 { (8, 6) } else { ptx };
                            // ptxas takes the gather4 and im2col::w loads into
                            // shared::cta on every target from sm_100 on.
                            let portable = mode.sm100
                                && !cta_group
                                && dir == "shared::cta.global"
                                && m != ".im2col::w::128";
                            if portable {
                                let e = Entry::owned(spec, S::CpAsyncBulkTensor);
                                out.push(e.since(8, 6, 100));
                                continue;
                            }
                            out.push(bulk(
                                spec,
                                S::CpAsyncBulkTensor,
                                ptx,
                                cta_group || mode.sm100,
                            ));
                        }
                    }
                }
                // Prefetch into L2.
                let spec = format!(
                    "cp.async.bulk.prefetch.tensor/.{dim}d.L2.global{m}{h} [tmap, c*{coords}]{offsets}{policy}"
                );
                let ptx = if mode.sm100 { (8, 6) } else { (8, 0) };
                out.push(bulk(spec, S::CpAsyncBulkPrefetchTensor, ptx, mode.sm100));
            }
        }
    }
    // shared::cta -> global: stores, and reductions into the tensor.
    for mode in store_modes() {
        for dim in mode.dims.clone() {
            let coords = (mode.coordinates)(dim);
            let m = mode.modifier;
            let ptx = if mode.sm100 { (8, 6) } else { (8, 0) };
            for hint in [false, true] {
                let (h, policy) = hinted(hint);
                let spec = format!(
                    "cp.async.bulk.tensor/.{dim}d.dir{m}.bulk_group{h} [tmap, c*{coords}], [src]{policy}; .dir = {{ .global.shared::cta }}"
                );
                out.push(bulk(spec, S::CpAsyncBulkTensor, ptx, mode.sm100));
                if !mode.sm100 {
                    let spec = format!(
                        "cp.reduce.async.bulk.tensor/.{dim}d.dir.op{m}.bulk_group{h} [tmap, c*{coords}], [src]{policy}; .dir = {{ .global.shared::cta }}; .op = {{ .add, .min, .max, .inc, .dec, .and, .or, .xor }}"
                    );
                    out.push(bulk(spec, S::CpReduceAsyncBulkTensor, ptx, false));
                }
            }
        }
    }
    out
}

pub(super) fn entries() -> Vec<Entry> {
    let mut out = cp_async();
    out.extend(cp_async_bulk());
    out.extend(cp_reduce_async_bulk());
    out.extend(cp_async_bulk_tensor());
    // ptxas refuses a repeated modifier in these instructions (`.sync` aside).
    out.into_iter().map(Entry::no_repeats).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn im2col_copies_take_two_fewer_offsets_than_dimensions() {
        // ISA cp.async.bulk.tensor: im2colInfo has dim - 2 offsets in .im2col mode,
        // two (wHalo, wOffset) in .im2col::w modes.
        let modes = load_modes();
        assert_eq!((modes[1].offsets)(5), 3);
        assert_eq!((modes[3].offsets)(3), 2);
        assert_eq!(*modes[1].dims.start(), 3);
    }

    #[test]
    fn gather4_addresses_one_column_and_four_rows() {
        // ISA: .tile::gather4 needs a 2d tensor and five coordinates.
        let gather = &load_modes()[2];
        assert_eq!(gather.dims, 2..=2);
        assert_eq!((gather.coordinates)(2), 5);
    }

    #[test]
    fn cg_copies_only_sixteen_bytes() {
        // ISA cp.async: .cg takes cp-size 16 only.
        let specs: Vec<String> = cp_async().iter().map(|e| e.spec.to_string()).collect();
        assert!(
            specs
                .iter()
                .filter(|s| s.contains(".cg"))
                .all(|s| s.contains("imm:16,") || s.contains("imm:16;") || s.ends_with("imm:16"))
        );
    }
}
