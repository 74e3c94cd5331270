//! Loads, stores, address conversion, prefetch and cache policies (PTX ISA
//! "Data Movement and Conversion Instructions": `ld`, `ldu`, `st`, `st.async`,
//! `st.bulk`, `cvta`, `isspacep`, `prefetch`, `createpolicy`, `mapa`,
//! `getctarank`, `applypriority`, `discard`, `tensormap.replace`).

use super::{Bound, Entry, form};
use crate::{ScalarType, StateSpace};

/// The types every `ld` and `st` form takes.
const TYPES: &str = ".type = { .b8, .b16, .b32, .b64, .b128, .u8, .u16, .u32, .u64, .s8, .s16, .s32, .s64, .f32, .f64 }";
/// L1 and L2 eviction priorities, vector widths.
const EVICT: &str = ".evict1 = { .L1::evict_normal, .L1::evict_unchanged, .L1::evict_first, .L1::evict_last, .L1::no_allocate }; \
                     .evict2 = { .L2::evict_normal, .L2::evict_first, .L2::evict_last }";
const VEC: &str = ".vec = { .v2, .v4, .v8 }";
const PREFETCH: &str = ".pf = { .L2::64B, .L2::128B, .L2::256B }";
const LD_SPACES: &str = ".ss = { .const, .global, .local, .param, .param::entry, .param::func, .shared, .shared::cta, .shared::cluster }";
const ST_SPACES: &str =
    ".ss = { .global, .local, .param, .param::func, .shared, .shared::cta, .shared::cluster }";

/// The state space bound in slot `slot`, if one is written.
fn space(b: &Bound, slot: &str) -> Option<StateSpace> {
    b.value(slot).and_then(StateSpace::from_name)
}

/// Whether the access goes to `.global` memory, or through a generic address
/// that may point there: the only accesses that cache hints apply to.
fn global_or_generic(b: &Bound, slot: &str) -> bool {
    matches!(space(b, slot), None | Some(StateSpace::Global))
}

/// Bits moved by one access: vector length times type size.
fn access_bits(b: &Bound) -> u32 {
    let n = match b.value("vec") {
        Some("v2") => 2,
        Some("v4") => 4,
        Some("v8") => 8,
        _ => 1,
    };
    n * b.ty("type").map_or(0, ScalarType::bits)
}

/// A 256-bit vector access (`.v8` of 32-bit or `.v4` of 64-bit values).
fn is_256(b: &Bound) -> bool {
    access_bits(b) == 256
}

/// Vectors: at most 128 bits, or 256 bits as `.v8` of 32-bit or `.v4` of
/// 64-bit values to `.global` memory; `.L2::evict_*` only with 256 bits.
fn vector_rules(b: &Bound) -> Result<(), String> {
    let bits = access_bits(b);
    let elem = b.ty("type").map_or(0, ScalarType::bits);
    // ptxas stores (but does not reliably load) `.v8` of narrower values up to 128 bits.
    let narrow_v8 = b.form.opcode == "st" && bits <= 128;
    if b.value("vec") == Some("v8") && elem != 32 && !narrow_v8 {
        return Err(format!(
            ".v8 takes 32-bit values, not .{}",
            b.value("type").unwrap_or("")
        ));
    }
    if bits > 256 || (bits > 128 && b.value("vec").is_some() && elem > 64) {
        return Err(format!(
            "a vector of {bits} bits is too wide: at most 128 bits, or 256 bits to .global memory"
        ));
    }
    if bits == 256 && !global_or_generic(b, "ss") {
        return Err("256-bit accesses go to .global memory only".into());
    }
    if let Some(e) = b.value("evict2")
        && bits != 256
    {
        return Err(format!(
            "`.{e}` needs a 256-bit access (`.v8` of 32-bit or `.v4` of 64-bit values)"
        ));
    }
    Ok(())
}

/// Cache hints, L1 eviction priorities and prefetch sizes apply to `.global`
/// memory (or a generic address), and a cache operator excludes an L1 priority.
fn cache_rules(b: &Bound) -> Result<(), String> {
    if let (Some(c), Some(e)) = (b.value("cop"), b.value("evict1")) {
        return Err(format!("`.{c}` cannot be combined with `.{e}`"));
    }
    if !global_or_generic(b, "ss") {
        let ss = b.value("ss").unwrap_or("");
        for slot in ["evict1", "pf", "L2::cache_hint"] {
            if let Some(v) = b.value(slot) {
                return Err(format!(
                    "`.{v}` applies to .global memory (or a generic address), not .{ss}"
                ));
            }
        }
    }
    vector_rules(b)
}

/// `.volatile`, `.relaxed`, `.acquire` and `.release` order accesses to
/// `.global` and `.shared` memory only.
fn ordered_rules(b: &Bound) -> Result<(), String> {
    if let Some(ss) = b.value("ss")
        && !matches!(
            StateSpace::from_name(ss),
            Some(StateSpace::Global | StateSpace::Shared(_))
        )
    {
        return Err(format!(
            "memory-ordering qualifiers apply to .global and .shared memory, not .{ss}"
        ));
    }
    cache_rules(b)
}

/// `cvta.u32` converts 32-bit addresses, which the 64-bit modules nvcc writes do not have.
fn cvta_rules(b: &Bound) -> Result<(), String> {
    if b.value("size") == Some("u32") {
        return Err("`.u32` addresses exist only in 32-bit modules; nvcc writes `.address_size 64`: use `.u64`".into());
    }
    Ok(())
}

/// `st.async`: `.weak` is a cluster-less qualifier, and vectors hold at most 128 bits.
fn st_async_rules(b: &Bound) -> Result<(), String> {
    if b.has("weak") && b.has("cluster") {
        return Err("`.weak` cannot be combined with `.cluster`".into());
    }
    if access_bits(b) > 128 {
        return Err("a vector of more than 128 bits is too wide".into());
    }
    Ok(())
}

/// `.mmio` comes with `.release`.
fn mmio_needs_release(b: &Bound) -> Result<(), String> {
    if b.has("mmio") && !b.has("release") {
        return Err("`.mmio` needs `.release`".into());
    }
    Ok(())
}

/// `red.async` (the `.mbarrier::complete_tx::bytes` form): the types each operation takes.
fn red_async_rules(b: &Bound) -> Result<(), String> {
    let (op, ty) = (b.value("op").unwrap_or(""), b.value("type").unwrap_or(""));
    let ok = match op {
        "inc" | "dec" => ty == "u32",
        "min" | "max" => matches!(ty, "u32" | "s32"),
        "add" => matches!(ty, "u32" | "s32" | "u64" | "s64"),
        _ => ty == "b32",
    };
    if ok {
        Ok(())
    } else {
        Err(format!("`.{op}` does not take `.{ty}`"))
    }
}

/// The same entry for the `sm_90a`, `sm_100f` and `sm_120a` families, as
/// ptxas accepts the architecture-specific instructions of Hopper on later chips.
fn arch_90_and_later(entry: Entry) -> Vec<Entry> {
    vec![
        entry.clone().arch_specific(),
        entry.clone().since(8, 8, 100).family_specific(),
        entry.since(8, 8, 120).arch_specific(),
    ]
}

fn ld_entries() -> Vec<Entry> {
    let plain = |ops: &str, extra: &str| {
        Entry::owned(
            format!("ld{{.weak}}{{.ss}}{{.cop}}{{.evict1}}{{.evict2}}{extra}{{.pf}}{{.vec}}.type {ops}; {LD_SPACES}; .cop = {{ .ca, .cg, .cs, .lu, .cv }}; {EVICT}; {PREFETCH}; {VEC}; {TYPES}"),
            "ld",
        )
        .rule(cache_rules)
    };
    let ordered = |ops: &str, extra: &str| {
        Entry::owned(
            format!("ld.sem.scope{{.ss}}{{.evict1}}{{.evict2}}{extra}{{.pf}}{{.vec}}.type {ops}; .sem = {{ .relaxed, .acquire }}; {LD_SPACES}; {EVICT}; {PREFETCH}; {VEC}; {TYPES}"),
            "ld",
        )
        .since(6, 0, 70)
        .rule(ordered_rules)
    };
    let nc = |ops: &str, extra: &str| {
        Entry::owned(
            format!("ld.global{{.cop}}.nc{{.evict1}}{{.evict2}}{extra}{{.pf}}{{.vec}}.type {ops}; .cop = {{ .ca, .cg, .cs }}; {EVICT}; {PREFETCH}; {VEC}; {TYPES}"),
            "ld.nc",
        )
        .since(3, 1, 32)
        .rule(cache_rules)
    };
    let with_hint = "=d*.vec:sink, [a]:addr64, cache_policy:.u64";
    let without = "=d*.vec:sink, [a]:addr64";
    let mut out = vec![
        // Only weak loads name `.unified` addresses.
        plain("=d*.vec:sink, [a]:addr64:unified", ""),
        plain("=d*.vec:sink, [a]:addr64:unified, cache_policy:.u64", ".L2::cache_hint"),
        Entry::owned(
            format!("ld.volatile{{.ss}}{{.pf}}{{.vec}}.type =d*.vec:sink, [a]:addr64; {LD_SPACES}; {PREFETCH}; {VEC}; {TYPES}"),
            "ld",
        )
        .since(1, 1, 10)
        .rule(ordered_rules),
        ordered(without, ""),
        ordered(with_hint, ".L2::cache_hint"),
        Entry::owned(
            format!("ld.mmio.relaxed.sys{{.ss}}.type =d, [a]:addr64; .ss = {{ .global }}; {TYPES}"),
            "ld",
        )
        .since(8, 2, 70),
        nc(without, ""),
        nc(with_hint, ".L2::cache_hint"),
        Entry::owned(
            format!("ldu{{.ss}}{{.vec}}.type =d*.vec, [a]:addr64; .ss = {{ .global }}; .vec = {{ .v2, .v4 }}; {TYPES}"),
            "ldu",
        )
        .since(2, 0, 20)
        .rule(vector_rules),
    ];
    for e in &mut out {
        *e = access_gates(e.clone()).wider();
    }
    out
}

fn st_entries() -> Vec<Entry> {
    let plain = |ops: &str, extra: &str| {
        Entry::owned(
            format!("st{{.weak}}{{.ss}}{{.cop}}{{.evict1}}{{.evict2}}{extra}{{.vec}}.type {ops}; {ST_SPACES}; .cop = {{ .wb, .cg, .cs, .wt }}; {EVICT}; {VEC}; {TYPES}"),
            "st",
        )
        .rule(cache_rules)
    };
    let ordered = |ops: &str, extra: &str| {
        Entry::owned(
            format!("st.sem.scope{{.ss}}{{.evict1}}{{.evict2}}{extra}{{.vec}}.type {ops}; .sem = {{ .relaxed, .release }}; {ST_SPACES}; {EVICT}; {VEC}; {TYPES}"),
            "st",
        )
        .since(6, 0, 70)
        .rule(ordered_rules)
    };
    let with_hint = "[a]:addr64, b*.vec, cache_policy:.u64";
    let without = "[a]:addr64, b*.vec";
    let mut out = vec![
        plain(without, ""),
        plain(with_hint, ".L2::cache_hint"),
        Entry::owned(
            format!(
                "st.volatile{{.ss}}{{.vec}}.type [a]:addr64, b*.vec; {ST_SPACES}; {VEC}; {TYPES}"
            ),
            "st",
        )
        .since(1, 1, 10)
        .rule(ordered_rules),
        ordered(without, ""),
        ordered(with_hint, ".L2::cache_hint"),
        Entry::owned(
            format!("st.mmio.relaxed.sys{{.ss}}.type [a]:addr64, b; .ss = {{ .global }}; {TYPES}"),
            "st",
        )
        .since(8, 2, 70),
    ];
    for e in &mut out {
        *e = access_gates(e.clone()).wider();
    }
    out
}

/// Modifiers of `ld` and `st` that arrived after the instruction.
fn access_gates(e: Entry) -> Entry {
    e.gate("shared::cta", 7, 8, 10)
        .gate("shared::cluster", 7, 8, 90)
        .gate("param::entry", 8, 3, 10)
        .gate("param::func", 8, 3, 10)
        .gate("cluster", 7, 8, 90)
        .gate("weak", 6, 0, 10)
        .gate("ca", 2, 0, 20)
        .gate("cg", 2, 0, 20)
        .gate("cs", 2, 0, 20)
        .gate("lu", 2, 0, 20)
        .gate("cv", 2, 0, 20)
        .gate("wb", 2, 0, 20)
        .gate("wt", 2, 0, 20)
        .gate("L1::evict_normal", 7, 4, 70)
        .gate("L1::evict_unchanged", 7, 4, 70)
        .gate("L1::evict_first", 7, 4, 70)
        .gate("L1::evict_last", 7, 4, 70)
        .gate("L1::no_allocate", 7, 4, 70)
        .gate("L2::64B", 7, 4, 75)
        .gate("L2::128B", 7, 4, 75)
        .gate("L2::256B", 7, 4, 80)
        .gate("L2::cache_hint", 7, 4, 80)
        .gate("b128", 8, 3, 70)
        .gate_if("a 256-bit access", is_256, 8, 8, 100)
}

pub(super) fn entries() -> Vec<Entry> {
    let mut out = ld_entries();
    out.extend(st_entries());
    out.extend([
        // Asynchronous stores into another CTA's shared memory, completing on an mbarrier.
        form("st.async/{.weak}{.cluster}{.shared::cluster}.mbarrier::complete_tx::bytes{.vec}.type [a], b*.vec, [mbar]; .vec = { .v2, .v4 }; .type = { .b32, .b64, .u32, .u64, .s32, .s64, .f32, .f64 }", "st.async")
            .since(8, 1, 90)
            .rule(st_async_rules),
        // ptxas also takes the scalar form without its mbarrier.
        form("st.async/{.weak}{.cluster}{.shared::cluster}.mbarrier::complete_tx::bytes.type [a], b; .type = { .b32, .b64, .u32, .u64, .s32, .s64, .f32, .f64 }", "st.async")
            .since(8, 1, 90)
            .rule(st_async_rules),
        // ptxas takes this store without `.release`, unless `.mmio` is written.
        form("st.async/{.mmio}{.release}.scope{.global}.type [a], b; .scope = { .gpu, .sys }; .type = { .b32, .b64, .u32, .u64, .s32, .s64, .f32, .f64 }", "st.async")
            .since(8, 7, 100)
            .rule(mmio_needs_release),
        form("red.async/.relaxed.cluster{.shared::cluster}.mbarrier::complete_tx::bytes.op.type [a], b, [mbar]?; .op = { .inc, .dec, .min, .max, .add, .and, .or, .xor }; .type = { .u32, .s32, .u64, .s64, .b32 }", "red.async")
            .since(8, 1, 90)
            .rule(red_async_rules),
        form("red.async/{.mmio}.release.scope{.global}.op.type [a], b; .scope = { .gpu, .sys }; .op = { .inc, .dec, .min, .max, .add, .and, .or, .xor }; .type = { .u32, .s32, .u64, .s64, .b32 }", "red.async")
            .since(8, 7, 100)
            .rule(red_async_rules),
        // Zero-fill of shared memory.
        form("st.bulk/{.weak}{.shared::cta} [a], size:.u64, initval:.b64:imm:0", "st.bulk").since(8, 6, 100),
        // Address conversion and queries.
        form("cvta.space.size =d, a:symbol; .space = { .const, .global, .local, .param, .param::entry, .shared, .shared::cta, .shared::cluster }; .size = { .u32, .u64 }", "cvta")
            .since(2, 0, 20)
            .rule(cvta_rules)
            .gate("shared::cluster", 7, 8, 90)
            .gate("shared::cta", 7, 8, 10)
            .gate("param", 7, 7, 70)
            .gate("param::entry", 8, 3, 70),
        form("cvta.to/.space.size =d, a; .space = { .const, .global, .local, .param, .param::entry, .shared, .shared::cta, .shared::cluster }; .size = { .u32, .u64 }", "cvta.to")
            .since(2, 0, 20)
            .rule(cvta_rules)
            .gate("shared::cluster", 7, 8, 90)
            .gate("shared::cta", 7, 8, 10)
            .gate("param", 7, 7, 70)
            .gate("param::entry", 8, 3, 70),
        form("isspacep.space =p:.pred, a:.u64; .space = { .const, .global, .local, .param, .param::entry, .shared, .shared::cta, .shared::cluster }", "isspacep")
            .since(2, 0, 20)
            .gate("shared::cluster", 7, 8, 90)
            .gate("shared::cta", 7, 8, 10)
            .gate("param", 7, 7, 70)
            .gate("param::entry", 8, 3, 70),
        form("isspacep.space =p:.pred, a:.u32; .space = { .const, .global, .local, .param, .param::entry, .shared, .shared::cta, .shared::cluster }", "isspacep")
            .since(2, 0, 20)
            .gate("shared::cluster", 7, 8, 90)
            .gate("shared::cta", 7, 8, 10)
            .gate("param", 7, 7, 70)
            .gate("param::entry", 8, 3, 70),
        form("mapa.shared::cluster.type =d, a:symbol, b:.u32; .type = { .u32, .u64, .s32, .s64 }", "mapa").since(7, 8, 90),
        form("mapa.type =d, a:symbol, b:.u32; .type = { .u32, .u64, .s32, .s64 }", "mapa").since(7, 8, 90),
        form("getctarank.shared::cluster.type =d:.u32, a:symbol; .type = { .u32, .u64, .s32, .s64 }", "getctarank").since(7, 8, 90),
        form("getctarank.type =d:.u32, a:symbol; .type = { .u32, .u64, .s32, .s64 }", "getctarank").since(7, 8, 90),
        // Prefetch into a cache level, or a tensor map into the constant cache.
        form("prefetch{.space}.level [a]:addr64; .space = { .global, .local }; .level = { .L1, .L2 }", "prefetch").since(2, 0, 20),
        form("prefetch{.global}.level [a]:addr64; .level = { .L2::evict_last, .L2::evict_normal }", "prefetch").since(7, 4, 80),
        form("prefetch{.space}.tensormap [a]; .space = { .const, .param }", "prefetch.tensormap").since(8, 0, 90),
        form("prefetchu.L1 [a]:addr64", "prefetchu").since(2, 0, 20),
        // Cache policies and cache-line management.
        form("createpolicy.fractional/.primary{.secondary}.b64 =policy:.u64, fraction?:.f32; .primary = { .L2::evict_last, .L2::evict_normal, .L2::evict_first, .L2::evict_unchanged }; .secondary = { .L2::evict_first, .L2::evict_unchanged }", "createpolicy.fractional")
            .since(7, 4, 80),
        form("createpolicy.range/{.global}.primary{.secondary}.b64 =policy:.u64, [a], primary_size:.u32, total_size:.u32; .primary = { .L2::evict_last, .L2::evict_normal, .L2::evict_first, .L2::evict_unchanged }; .secondary = { .L2::evict_first, .L2::evict_unchanged }", "createpolicy.range")
            .since(7, 4, 80),
        form("createpolicy.cvt/.L2.b64 =policy:.u64, access_property:.u64", "createpolicy.cvt").since(7, 4, 80),
        form("applypriority{.global}.L2::evict_normal [a]:addr64, size:.u32:imm:128", "applypriority").since(7, 4, 80),
        form("discard{.global}.L2 [a]:addr64, size:.u32:imm:128", "discard").since(7, 4, 80),
    ]);
    // Each field has its width; the dimension fields name the dimension `ord`.
    let tensormap = [
        "tensormap.replace/.tile.global_address{.ss}.b1024.b64 [a], new_val:.b64; .ss = { .global, .shared::cta }",
        "tensormap.replace/.tile.rank{.ss}.b1024.b32 [a], new_val:.b32; .ss = { .global, .shared::cta }",
        "tensormap.replace/.tile.field{.ss}.b1024.b32 [a], ord:.u32:imm, new_val:.b32; .field = { .box_dim, .global_dim, .element_stride }; .ss = { .global, .shared::cta }",
        "tensormap.replace/.tile.global_stride{.ss}.b1024.b64 [a], ord:.u32:imm, new_val:.b64; .ss = { .global, .shared::cta }",
        "tensormap.replace/.tile.field{.ss}.b1024.b32 [a], new_val:.b32:imm; .field = { .elemtype, .interleave_layout, .swizzle_mode, .swizzle_atomicity, .fill_mode }; .ss = { .global, .shared::cta }",
    ];
    for spec in tensormap {
        out.extend(arch_90_and_later(
            form(spec, "tensormap.replace")
                .since(8, 3, 90)
                .gate("swizzle_atomicity", 8, 6, 100),
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use crate::{Target, check_asm};

    fn accepts(text: &str, cons: &[&str], target: &str) -> bool {
        check_asm(text, cons, target.parse::<Target>().unwrap()).is_ok()
    }

    #[test]
    fn generic_and_global_addresses_are_64_bit_but_shared_offsets_may_be_32() {
        assert!(accepts("ld.global.u32 %0, [%1];", &["=r", "l"], "sm_90"));
        assert!(!accepts("ld.global.u32 %0, [%1];", &["=r", "r"], "sm_90"));
        assert!(!accepts("ld.u32 %0, [%1];", &["=r", "r"], "sm_90"));
        assert!(accepts("ld.shared.u32 %0, [%1];", &["=r", "r"], "sm_90"));
        assert!(accepts("st.local.u32 [%0], %1;", &["r", "r"], "sm_90"));
    }

    #[test]
    fn ld_and_st_registers_may_be_wider_than_the_type() {
        assert!(accepts("ld.global.u8 %0, [%1];", &["=r", "l"], "sm_90"));
        assert!(accepts("st.global.u8 [%0], %1;", &["l", "r"], "sm_90"));
        assert!(!accepts("ld.global.u32 %0, [%1];", &["=h", "l"], "sm_90"));
        assert!(!accepts("ld.global.f32 %0, [%1];", &["=d", "l"], "sm_90"));
    }

    #[test]
    fn cache_policy_operand_needs_the_cache_hint_qualifier() {
        assert!(accepts(
            "ld.global.L2::cache_hint.u32 %0, [%1], %2;",
            &["=r", "l", "l"],
            "sm_90"
        ));
        assert!(!accepts(
            "ld.global.u32 %0, [%1], %2;",
            &["=r", "l", "l"],
            "sm_90"
        ));
        assert!(!accepts(
            "ld.global.L2::cache_hint.u32 %0, [%1];",
            &["=r", "l"],
            "sm_90"
        ));
        assert!(!accepts(
            "ld.shared.L2::cache_hint.u32 %0, [%1], %2;",
            &["=r", "r", "l"],
            "sm_90"
        ));
        assert!(!accepts(
            "ld.global.L2::cache_hint.u32 %0, [%1], %2;",
            &["=r", "l", "l"],
            "sm_75"
        ));
    }

    #[test]
    fn a_cache_operator_excludes_an_l1_eviction_priority() {
        assert!(!accepts(
            "ld.global.cg.L1::evict_last.u32 %0, [%1];",
            &["=r", "l"],
            "sm_90"
        ));
        assert!(accepts(
            "ld.global.L1::evict_last.u32 %0, [%1];",
            &["=r", "l"],
            "sm_90"
        ));
    }

    #[test]
    fn relaxed_acquire_and_release_need_a_scope_and_global_or_shared_memory() {
        assert!(accepts(
            "ld.acquire.gpu.global.u32 %0, [%1];",
            &["=r", "l"],
            "sm_90"
        ));
        assert!(!accepts(
            "ld.acquire.global.u32 %0, [%1];",
            &["=r", "l"],
            "sm_90"
        ));
        assert!(!accepts(
            "ld.relaxed.gpu.local.u32 %0, [%1];",
            &["=r", "l"],
            "sm_90"
        ));
        assert!(!accepts(
            "st.acquire.gpu.u32 [%0], %1;",
            &["l", "r"],
            "sm_90"
        ));
        assert!(!accepts(
            "ld.volatile.gpu.u32 %0, [%1];",
            &["=r", "l"],
            "sm_90"
        ));
    }

    #[test]
    fn vectors_of_256_bits_need_sm_100_and_l2_eviction_priorities_need_them() {
        let v8 = "ld.global.v8.f32 {%0, %1, %2, %3, %4, %5, %6, %7}, [%8];";
        let cons = ["=f", "=f", "=f", "=f", "=f", "=f", "=f", "=f", "l"];
        assert!(!accepts(v8, &cons, "sm_90"));
        assert!(accepts(v8, &cons, "sm_100a"));
        assert!(!accepts(
            "ld.global.L2::evict_last.u32 %0, [%1];",
            &["=r", "l"],
            "sm_100a"
        ));
        assert!(!accepts(
            "ld.global.v2.b128 {%0, %1}, [%2];",
            &["=q", "=q", "l"],
            "sm_100a"
        ));
    }

    #[test]
    fn the_sink_may_stand_in_a_loaded_vector_but_not_a_stored_one() {
        assert!(accepts(
            "ld.global.v4.u32 {%0, _, %1, %2}, [%3];",
            &["=r", "=r", "=r", "l"],
            "sm_90"
        ));
        assert!(!accepts(
            "st.global.v4.u32 [%0], {%1, _, %2, %3};",
            &["l", "r", "r", "r"],
            "sm_90"
        ));
    }

    #[test]
    fn cvta_converts_64_bit_addresses_in_64_bit_modules() {
        assert!(accepts("cvta.to.shared.u64 %0, %1;", &["=l", "l"], "sm_90"));
        assert!(!accepts("cvta.shared.u32 %0, %1;", &["=r", "r"], "sm_90"));
    }

    #[test]
    fn applypriority_and_discard_take_exactly_128_bytes() {
        assert!(accepts("discard.global.L2 [%0], 128;", &["l"], "sm_90"));
        assert!(!accepts("discard.global.L2 [%0], 64;", &["l"], "sm_90"));
    }
}
