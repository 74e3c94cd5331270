//! Matrix instructions (PTX ISA "Warp Level Matrix Multiply-Accumulate
//! Instructions", "Asynchronous Warpgroup Level Matrix Instructions" and
//! "TensorCore 5th Generation Family Instructions").
//!
//! Each entry is a syntax line of the ISA. Where the ISA's line stands for
//! several shapes (or types) whose operands differ in length, it is written
//! out over them ([`Entry::each`]) and [`fragment_registers`] gives the
//! register counts, as the ISA's fragment tables do.

use super::spec::{Choice, Fragment};
use super::{Bound, Entry, form};
use crate::ScalarType;

/// The number of `reg_bits`-bit registers each of `threads` threads holds
/// for a `rows`×`cols` matrix of `bits`-bit elements spread evenly over them:
/// the length of the register vector of a matrix operand.
///
/// An `mma.m16n8k16` A fragment of `.f16`: 16·16·16 / (32·32) = 4 registers.
pub(crate) const fn fragment_registers(
    rows: u32,
    cols: u32,
    bits: u32,
    threads: u32,
    reg_bits: u32,
) -> u32 {
    rows * cols * bits / (threads * reg_bits)
}

/// An `m{M}n{N}k{K}` shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Shape {
    pub m: u32,
    pub n: u32,
    pub k: u32,
}

const fn shape(m: u32, n: u32, k: u32) -> Shape {
    Shape { m, n, k }
}

impl Shape {
    /// The shape a modifier names: `m64n8k16` is 64, 8, 16.
    fn parse(modifier: &str) -> Option<Shape> {
        let rest = modifier.strip_prefix('m')?;
        let (m, rest) = rest.split_once('n')?;
        let (n, k) = rest.split_once('k')?;
        Some(shape(m.parse().ok()?, n.parse().ok()?, k.parse().ok()?))
    }
}

/// Bits of one element of type `name` (sub-byte types as the ISA counts them).
fn bits(name: &str) -> u32 {
    ScalarType::from_name(name).map_or(8, ScalarType::bits)
}

/// The register type an accumulator fragment of element type `ty` lives in:
/// `.f16` accumulators are packed in pairs. ptxas takes any 32-bit register
/// for `.s32` accumulators (an `f` operand included), so those are `.b32`.
fn accumulator_register(ty: &str) -> &'static str {
    match ty {
        "f16" => "f16x2",
        "f32" => "f32",
        "f64" => "f64",
        _ => "b32",
    }
}

/// Register width of an operand of element type `ty`.
fn register_bits(ty: &str) -> u32 {
    if ty == "f64" { 64 } else { 32 }
}

mod load_store;
mod mma;
mod tcgen05;
mod wgmma;
mod wmma;

use load_store::*;
use mma::*;
use tcgen05::*;
use wgmma::*;
use wmma::*;

pub(super) fn entries() -> Vec<Entry> {
    let mut out = dense_mma();
    out.extend(sparse_mma());
    out.extend(scaled_mma());
    out.extend(wmma());
    out.extend(load_store_matrix());
    out.extend(wgmma());
    out.extend(tcgen05());
    // ptxas refuses a repeated modifier in these instructions (`.sync` aside).
    out.into_iter().map(Entry::no_repeats).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::{InstructionForm, OperandShape, TypeRef};

    fn vector_lengths(spec: &str) -> Vec<u32> {
        spec.split([',', ' '])
            .filter_map(|w| w.split_once('*'))
            .filter_map(|(_, rest)| rest.split(':').next()?.parse().ok())
            .collect()
    }

    /// The vector lengths of the dense `mma` form written `opcode ...`.
    fn dense_lengths(opcode: &str) -> Vec<u32> {
        let entry = dense_mma()
            .into_iter()
            .find(|e| e.spec.starts_with(&format!("{opcode} ")))
            .unwrap_or_else(|| panic!("no dense form `{opcode}`"));
        vector_lengths(entry.spec)
    }

    #[test]
    fn mma_fragments_m16n8k16_f16_are_4_2_and_2_or_4_registers() {
        // ISA "Matrix Fragments for mma.m16n8k16 with floating point type".
        let f16 = dense_lengths("mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16");
        assert_eq!(f16, [2, 4, 2, 2]);
        let f32 = dense_lengths("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32");
        assert_eq!(f32, [4, 4, 2, 4]);
    }

    #[test]
    fn mma_m8n8k4_f16_fragments_belong_to_quad_pairs() {
        // ISA "Matrix Fragments for mma.m8n8k4 with .f16": A and B two .f16x2,
        // C/D four .f16x2 or eight .f32 registers.
        let f32 = dense_lengths("mma.sync.aligned.m8n8k4.alayout.blayout.f32.f16.f16.f32");
        assert_eq!(f32, [8, 2, 2, 8]);
        let mixed = dense_lengths("mma.sync.aligned.m8n8k4.alayout.blayout.f32.f16.f16.f16");
        assert_eq!(mixed, [8, 2, 2, 4]);
    }

    #[test]
    fn mma_f64_fragments_are_64_bit_registers() {
        // ISA: m8n8k4 .f64 A and B one .f64, C/D two; m16n8k16 A eight, B four, C/D four.
        let small = dense_lengths("mma.sync.aligned.m8n8k4.row.col{.rnd}.f64.f64.f64.f64");
        assert_eq!(small, [2, 1, 1, 2]);
        let large = dense_lengths("mma.sync.aligned.m16n8k16.row.col{.rnd}.f64.f64.f64.f64");
        assert_eq!(large, [4, 8, 4, 4]);
    }

    #[test]
    fn mma_integer_and_single_bit_fragments_pack_elements_into_b32() {
        // ISA: m8n8k16 .s8 one register each for A and B; m16n8k64 .s4 four and two;
        // m16n8k256 .b1 four and two; m16n8k4 .tf32 two and one.
        let m8 = dense_lengths("mma.sync.aligned.m8n8k16.row.col{.satfinite}.s32.atype.btype.s32");
        assert_eq!(m8, [2, 1, 1, 2]);
        let s4 = dense_lengths("mma.sync.aligned.m16n8k64.row.col{.satfinite}.s32.atype.btype.s32");
        assert_eq!(s4, [4, 4, 2, 4]);
        let b1 = dense_lengths("mma.sync.aligned.m16n8k256.row.col.s32.b1.b1.s32.bitop");
        assert_eq!(b1, [4, 4, 2, 4]);
        let tf32 = dense_lengths("mma.sync.aligned.m16n8k4.row.col.f32.tf32.tf32.f32");
        assert_eq!(tf32, [4, 2, 1, 4]);
    }

    #[test]
    fn mma_sparse_a_fragment_is_half_the_dense_one() {
        // ISA "Sparse matrix storage": A holds only the non-zero half; the
        // metadata is one register, never an immediate ("Arguments mismatch").
        let sp = table_forms("mma", &["sp", "m16n8k32"], &["f16", "f16", "f16", "f16"]);
        assert_eq!(sp.len(), 1);
        let lengths: Vec<usize> = operands(sp[0]).iter().map(|o| o.1).collect();
        assert_eq!(lengths, [2, 4, 4, 2, 1, 1]);
        let e = &sp[0].operands[4];
        assert_eq!(e.immediate, crate::table::ImmediatePolicy::Register);
        let fp8 = table_forms("mma", &["sp", "m16n8k64"], &["f32", "e4m3", "e4m3", "f32"]);
        let lengths: Vec<usize> = operands(fp8[0]).iter().map(|o| o.1).collect();
        assert_eq!(lengths, [4, 4, 4, 4, 1, 1]);
        // .s8 and .s4: 16x32 and 16x64 A elements of 8 and 4 bits over 32
        // threads, 8 and 8 registers dense, so 2 sparse; B 32x8 one byte
        // each, 2 registers.
        for (shape, ty) in [("m16n8k32", "u8"), ("m16n8k64", "u4")] {
            let f = table_forms("mma", &["sp", shape], &["s32", ty, ty, "s32"]);
            let lengths: Vec<usize> = operands(f[0]).iter().map(|o| o.1).collect();
            assert_eq!(lengths, [4, 2, 2, 4, 1, 1], "{shape}");
        }
    }

    #[test]
    fn mma_sparsity_selector_ranges_follow_ptxas() {
        // ptxas 13.0: 0..3 for .f16, m16n8k16 .bf16 and m16n8k8 .tf32; 0..1 for
        // the larger .bf16/.tf32 shapes, m16n8k32 .s8 and m16n8k64 .s4; 0 otherwise.
        assert_eq!(sparsity_selector_max(shape(16, 8, 32), "f16"), 3);
        assert_eq!(sparsity_selector_max(shape(16, 8, 32), "bf16"), 1);
        assert_eq!(sparsity_selector_max(shape(16, 8, 8), "tf32"), 3);
        assert_eq!(sparsity_selector_max(shape(16, 8, 32), "s8"), 1);
        assert_eq!(sparsity_selector_max(shape(16, 8, 64), "u8"), 0);
        assert_eq!(sparsity_selector_max(shape(16, 8, 128), "s4"), 0);
        assert_eq!(sparsity_selector_max(shape(16, 8, 64), "e4m3"), 0);
    }

    #[test]
    fn tcgen05_ashift_cannot_reuse_the_a_collector() {
        // ISA tcgen05.mma: .ashift with .collector::a::use is refused by ptxas.
        let check = |text: &str| {
            let ops = ["r", "r", "l", "r", "r"];
            crate::check_asm(text, &ops, "sm_100a".parse().unwrap())
        };
        let ok = "{ .reg .pred p; setp.ne.b32 p, %4, 0; tcgen05.mma.cta_group::1.kind::f16.ashift.collector::a::discard [%0], [%1], %2, %3, p; }";
        let bad = ok.replace("discard", "use");
        let errors = check(&bad).err().unwrap_or_default();
        assert!(
            errors
                .iter()
                .any(|e| e.message.contains("`.ashift` cannot be combined")),
            "{errors:?}"
        );
        let errors = check(ok).err().unwrap_or_default();
        assert!(
            !errors.iter().any(|e| e.message.contains("tcgen05")),
            "{errors:?}"
        );
    }

    fn check_mma(opcode: &str) -> Result<(), Vec<String>> {
        let text = format!(
            "{opcode} {{%0, %1, %2, %3}}, {{%4, %5, %6, %7}}, {{%8, %9}}, {{%10, %11, %12, %13}};"
        );
        let ops = [
            "=r", "=r", "=r", "=r", "r", "r", "r", "r", "r", "r", "r", "r", "r", "r",
        ];
        crate::check_asm(&text, &ops, crate::Target::default())
            .map(|_| ())
            .map_err(|d| d.into_iter().map(|d| d.message).collect())
    }

    #[test]
    fn matrix_modifiers_may_not_repeat_except_sync() {
        // ptxas: "Multiple .aligned modifiers specified"; a second .sync passes.
        assert!(
            check_mma("mma.sync.aligned.sync.m16n8k256.row.col.s32.b1.b1.s32.xor.popc").is_ok()
        );
        let errors = check_mma("mma.sync.aligned.aligned.m16n8k256.row.col.s32.b1.b1.s32.xor.popc")
            .unwrap_err();
        assert!(
            errors[0].contains("`.aligned` is written twice"),
            "{errors:?}"
        );
    }

    #[test]
    fn bit_operation_words_keep_their_order_but_not_their_place() {
        // ptxas takes `.xor.s32.popc` but refuses `.popc.xor`.
        assert!(check_mma("mma.sync.aligned.m16n8k256.row.col.s32.b1.b1.xor.s32.popc").is_ok());
        assert!(check_mma("mma.sync.aligned.m16n8k256.row.col.s32.b1.b1.s32.popc.xor").is_err());
    }

    #[test]
    fn wmma_f16_multiplicands_take_eight_registers_in_every_shape() {
        // ISA wmma fragment table: .f16 A/B eight .f16x2; .bf16 m8n32k16 A two, B eight.
        for s in [shape(16, 16, 16), shape(8, 32, 16), shape(32, 8, 16)] {
            assert_eq!(wmma_ab_registers(s.m, s.k, "f16"), 8);
        }
        assert_eq!(wmma_ab_registers(8, 16, "bf16"), 2);
        assert_eq!(wmma_ab_registers(16, 32, "bf16"), 8);
        assert_eq!(wmma_ab_registers(32, 16, "u8"), 4);
        assert_eq!(wmma_c_registers(shape(16, 16, 16), "f16"), 4);
        assert_eq!(wmma_c_registers(shape(16, 16, 16), "f32"), 8);
        assert_eq!(wmma_c_registers(shape(8, 8, 4), "f64"), 2);
    }

    /// The forms written `head` (`wgmma.mma_async`) that have a slot for
    /// each of `words` and whose type modifiers are `types`.
    fn table_forms(head: &str, words: &[&str], types: &[&str]) -> Vec<&'static InstructionForm> {
        crate::table::table()
            .forms()
            .iter()
            .filter(|f| f.head_text() == head)
            .filter(|f| {
                words
                    .iter()
                    .all(|w| f.slots.iter().any(|s| s.values.iter().any(|v| v == w)))
            })
            .filter(|f| {
                let t: Vec<&str> = f
                    .slots
                    .iter()
                    .filter(|s| s.class == crate::table::SlotClass::Type)
                    .map(|s| s.values[0].as_str())
                    .collect();
                t == types
            })
            .collect()
    }

    /// Each operand's name, vector length (1 for a scalar) and register type.
    fn operands(f: &InstructionForm) -> Vec<(String, usize, Option<ScalarType>)> {
        f.operands
            .iter()
            .map(|o| {
                let n = match o.shape {
                    OperandShape::Vector(n) => n,
                    _ => 1,
                };
                let ty = match o.ty {
                    TypeRef::Fixed(t) => Some(t),
                    _ => None,
                };
                (o.name.clone(), n, ty)
            })
            .collect()
    }

    #[test]
    fn wgmma_accumulator_holds_n_over_2_f32_or_n_over_4_f16x2_registers() {
        // ISA "Register fragments": D of m64nNk16 is N/2 .f32 or N/4 .f16x2 per thread;
        // A from registers is four .b32 in every shape.
        let forms = table_forms("wgmma.mma_async", &["m64n200k16"], &["f32", "f16", "f16"]);
        let from_registers: Vec<_> = forms
            .iter()
            .map(|f| operands(f))
            .filter(|ops| ops[1].0 == "a")
            .collect();
        assert_eq!(from_registers.len(), 1);
        assert_eq!(
            from_registers[0][0],
            ("d".into(), 100, Some(ScalarType::F32))
        );
        assert_eq!(from_registers[0][1], ("a".into(), 4, Some(ScalarType::B32)));
        let sparse = table_forms(
            "wgmma.mma_async",
            &["sp", "m64n184k32"],
            &["f16", "f16", "f16"],
        );
        assert_eq!(sparse.len(), 2, "from descriptors and from registers");
        for f in sparse {
            assert_eq!(operands(f)[0], ("d".into(), 46, Some(ScalarType::F16x2)));
        }
    }

    #[test]
    fn wgmma_integer_shapes_skip_odd_multiples_of_8_above_24() {
        // ISA: integer wgmma has N = 8, 16, 24, 32, 48, 64, ..., 256; the
        // floating-point types every multiple of 8 up to 256.
        let ns = |types: &[&str]| -> Vec<u32> {
            table_forms("wgmma.mma_async", &[], types)
                .iter()
                .filter(|f| !f.slots.iter().any(|s| s.name == "sp"))
                .filter(|f| operands(f)[1].0 == "a_desc")
                .filter_map(|f| f.slots.iter().find_map(|s| Shape::parse(&s.name)))
                .map(|s| s.n)
                .collect()
        };
        let integer = ns(&["s32", "s8", "s8"]);
        let expected: Vec<u32> = [8, 16, 24]
            .into_iter()
            .chain((32..=256).step_by(16))
            .collect();
        assert_eq!(integer, expected);
        assert_eq!(
            ns(&["f32", "bf16", "bf16"]),
            (8..=256).step_by(8).collect::<Vec<u32>>()
        );
    }

    #[test]
    fn wgmma_scale_operands_are_plus_or_minus_one() {
        // ISA: imm-scale-a and imm-scale-b take -1 or 1; imm-trans 0 or 1.
        let forms = table_forms("wgmma.mma_async", &["m64n64k16"], &["f32", "f16", "f16"]);
        let f = forms
            .iter()
            .find(|f| f.operands[1].name == "a_desc")
            .unwrap();
        let op = |name: &str| f.operands.iter().find(|o| o.name == name).unwrap();
        assert_eq!(op("scale_a").allowed, [-1, 1]);
        assert_eq!(op("scale_b").allowed, [-1, 1]);
        assert_eq!(op("trans_a").range, Some((0, 1)));
        assert_eq!(op("trans_b").range, Some((0, 1)));
    }

    #[test]
    fn tmem_loads_take_one_register_per_32_bit_column_and_repetition() {
        // ISA tcgen05.ld: .16x128b.x2 four registers, .16x256b.x8 thirty-two, .32x32b.x128 128.
        assert_eq!(fragment_registers(16, 128, 2, 32, 32), 4);
        assert_eq!(fragment_registers(16, 256, 8, 32, 32), 32);
        assert_eq!(fragment_registers(32, 32, 128, 32, 32), 128);
        assert_eq!(fragment_registers(16, 64, 64, 32, 32), 64);
    }

    #[test]
    fn ldmatrix_m16n16_holds_two_registers_per_matrix() {
        // ISA ldmatrix: .m16n16 .b8 loads 16x16 bytes per matrix, two registers per thread.
        assert_eq!(fragment_registers(16, 16, 8, 32, 32), 2);
        assert_eq!(fragment_registers(8, 8, 16, 32, 32), 1);
    }
}
