//! Loads, stores, atomics and address handling (PTX ISA "Data Movement and
//! Conversion Instructions" and "Parallel Synchronization and Communication
//! Instructions"): `ld`, `ldu`, `st`, `st.async`, `red.async`, `st.bulk`,
//! `atom`, `red`, `multimem`, `cvta`, `isspacep`, `mapa`, `getctarank`,
//! `prefetch`, `createpolicy`, `applypriority`, `discard`,
//! `tensormap.replace`.

use super::{
    Bound, Entry, Gate, RuleViolation, SpaceViolation, TypeViolation, VectorViolation,
    arch_90_and_later, form, order_with_scope,
};
use crate::semantics::Semantics as S;
use crate::{ScalarType, StateSpace};

/// The state spaces `ld` reads.
const LD_SPACES: &str = ".ss = { .const, .global, .local, .param, .param::entry, .param::func, .shared, .shared::cta, .shared::cluster }";
/// The state spaces `st` writes.
const ST_SPACES: &str =
    ".ss = { .global, .local, .param, .param::func, .shared, .shared::cta, .shared::cluster }";
/// The cache operators of weak loads and stores.
const LD_CACHE: &str = ".cop = { .ca, .cg, .cs, .lu, .cv }";
const ST_CACHE: &str = ".cop = { .wb, .cg, .cs, .wt }";
/// L1 and L2 eviction priorities.
const EVICT_L1: &str = ".evict1 = { .L1::evict_normal, .L1::evict_unchanged, .L1::evict_first, .L1::evict_last, .L1::no_allocate }";
const EVICT_L2: &str = ".evict2 = { .L2::evict_normal, .L2::evict_first, .L2::evict_last }";
/// L2 prefetch sizes.
const PREFETCH: &str = ".pf = { .L2::64B, .L2::128B, .L2::256B }";
/// Vector widths.
const VEC: &str = ".vec = { .v2, .v4, .v8 }";
/// The types every `ld` and `st` form takes.
const LD_ST_TYPES: &str = ".type = { .b8, .b16, .b32, .b64, .b128, .u8, .u16, .u32, .u64, .s8, .s16, .s32, .s64, .f32, .f64 }";

/// Modifiers of `ld` and `st` that arrived after the instruction.
const LD_ST_GATES: &[Gate] = &[
    Gate::new("shared::cta", 7, 8, 10),
    Gate::new("shared::cluster", 7, 8, 90),
    Gate::new("param::entry", 8, 3, 10),
    Gate::new("param::func", 8, 3, 10),
    Gate::new("cluster", 7, 8, 90),
    Gate::new("weak", 6, 0, 10),
    Gate::new("ca", 2, 0, 20),
    Gate::new("cg", 2, 0, 20),
    Gate::new("cs", 2, 0, 20),
    Gate::new("lu", 2, 0, 20),
    Gate::new("cv", 2, 0, 20),
    Gate::new("wb", 2, 0, 20),
    Gate::new("wt", 2, 0, 20),
    Gate::new("L1::evict_normal", 7, 4, 70),
    Gate::new("L1::evict_unchanged", 7, 4, 70),
    Gate::new("L1::evict_first", 7, 4, 70),
    Gate::new("L1::evict_last", 7, 4, 70),
    Gate::new("L1::no_allocate", 7, 4, 70),
    Gate::new("L2::64B", 7, 4, 75),
    Gate::new("L2::128B", 7, 4, 75),
    Gate::new("L2::256B", 7, 4, 80),
    Gate::new("L2::cache_hint", 7, 4, 80),
    Gate::new("b128", 8, 3, 70),
    Gate::when("a 256-bit access", is_256, 8, 8, 100),
];

/// The memory orders and state spaces of `atom` and `red`.
const ATOM_SEM: &str = ".sem = { .relaxed, .acquire, .release, .acq_rel }";
const RED_SEM: &str = ".sem = { .relaxed, .release }";
const ATOM_SPACES: &str = ".space = { .global, .shared, .shared::cta, .shared::cluster }";
/// The operations of `atom` and `red` (`atom.cas` has its own forms).
const ATOM_OPS: &str = ".op = { .and, .or, .xor, .exch, .add, .inc, .dec, .min, .max }";
const RED_OPS: &str = ".op = { .and, .or, .xor, .add, .inc, .dec, .min, .max }";
const CAS: &str = ".op = { .cas }";
/// The types of the scalar atomics; the half types go with `.add.noftz`.
const ATOM_TYPES: &str = ".type = { .b32, .b64, .b128, .u32, .u64, .s32, .s64, .f32, .f64 }";
const ATOM_HALF_TYPES: &str = ".type = { .f16, .f16x2, .bf16, .bf16x2 }";
/// The operations and types of the vector atomics.
const ATOM_VEC_OPS: &str = ".op = { .add, .min, .max }";
const ATOM_VEC_TYPES: &str = ".type = { .f32, .f16, .bf16, .f16x2, .bf16x2 }";

/// Modifiers of `atom` and `red` that arrived after the instruction.
const ATOM_GATES: &[Gate] = &[
    Gate::new("relaxed", 6, 0, 70),
    Gate::new("acquire", 6, 0, 70),
    Gate::new("release", 6, 0, 70),
    Gate::new("acq_rel", 6, 0, 70),
    Gate::new("cta", 6, 0, 70),
    Gate::new("gpu", 6, 0, 70),
    Gate::new("sys", 6, 0, 70),
    Gate::new("cluster", 7, 8, 90),
    Gate::new("shared::cta", 7, 8, 10),
    Gate::new("shared::cluster", 7, 8, 90),
    Gate::new("L2::cache_hint", 7, 4, 80),
    Gate::new("b16", 6, 3, 70),
    Gate::new("f16", 6, 3, 70),
    Gate::new("f16x2", 6, 3, 60),
    Gate::new("bf16", 7, 8, 90),
    Gate::new("bf16x2", 7, 8, 90),
    Gate::new("b128", 8, 3, 90),
    Gate::new("f64", 5, 0, 60),
];

/// The scopes, operations and types of `multimem`.
const MULTIMEM_SCOPE: &str = ".scope = { .cta, .cluster, .gpu, .sys }";
const MULTIMEM_OPS: &str = ".op = { .add, .min, .max, .and, .or, .xor }";
const MULTIMEM_ACC: &str = ".acc = { .acc::f32, .acc::f16 }";
const MULTIMEM_TYPES: &str = ".type = { .b32, .b64, .u32, .s32, .u64, .s64, .f16, .bf16, .f16x2, .bf16x2, .f32, .f64, .e5m2, .e5m2x2, .e5m2x4, .e4m3, .e4m3x2, .e4m3x4 }";

/// Modifiers of `multimem` that arrived after it: the FP8 types (sm_100 on) and the accumulation precisions.
const MULTIMEM_GATES: &[Gate] = &[
    Gate::new("acc::f32", 8, 2, 90),
    Gate::new("e5m2", 8, 6, 100),
    Gate::new("e5m2x2", 8, 6, 100),
    Gate::new("e5m2x4", 8, 6, 100),
    Gate::new("e4m3", 8, 6, 100),
    Gate::new("e4m3x2", 8, 6, 100),
    Gate::new("e4m3x4", 8, 6, 100),
    Gate::new("acc::f16", 8, 6, 100),
];

/// The state spaces `cvta` converts between and `isspacep` tests.
const CVTA_SPACES: &str = ".space = { .const, .global, .local, .param, .param::entry, .shared, .shared::cta, .shared::cluster }";
const CVTA_SIZES: &str = ".size = { .u32, .u64 }";

/// State spaces of `cvta` and `isspacep` that arrived after them.
const CVTA_GATES: &[Gate] = &[
    Gate::new("shared::cluster", 7, 8, 90),
    Gate::new("shared::cta", 7, 8, 10),
    Gate::new("param", 7, 7, 70),
    Gate::new("param::entry", 8, 3, 70),
];

/// The state space bound in slot `slot`, if one is written.
fn space(b: &Bound, slot: &str) -> Option<StateSpace> {
    b.value(slot).and_then(StateSpace::from_name)
}

/// Whether the access goes to `.global` memory, or through a generic address
/// that may point there: the only accesses that cache hints apply to.
fn global_or_generic(b: &Bound, slot: &str) -> bool {
    matches!(space(b, slot), None | Some(StateSpace::Global))
}

/// The modifier `word` applies to `.global` memory (or a generic address)
/// only, not to the state space written in slot `slot`.
fn global_only(b: &Bound, slot: &str, word: &str) -> Result<(), RuleViolation> {
    match b.value(slot) {
        Some(ss) if !global_or_generic(b, slot) => Err(SpaceViolation::GlobalOnly {
            modifier: word.to_owned(),
            space: ss.to_owned(),
        }
        .into()),
        _ => Ok(()),
    }
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
fn vector_rules(b: &Bound) -> Result<(), RuleViolation> {
    let bits = access_bits(b);
    let elem = b.ty("type").map_or(0, ScalarType::bits);
    // ptxas stores (but does not reliably load) `.v8` of narrower values up to 128 bits.
    let narrow_v8 = b.form.opcode == "st" && bits <= 128;
    if b.value("vec") == Some("v8") && elem != 32 && !narrow_v8 {
        return Err(VectorViolation::EightOfNon32Bit {
            ty: b.value("type").unwrap_or("").to_owned(),
        }
        .into());
    }
    if bits > 256 || (bits > 128 && b.value("vec").is_some() && elem > 64) {
        return Err(VectorViolation::TooWide { bits }.into());
    }
    if bits == 256 && !global_or_generic(b, "ss") {
        return Err(SpaceViolation::WideAccessNotGlobal.into());
    }
    if let Some(e) = b.value("evict2")
        && bits != 256
    {
        return Err(VectorViolation::EvictionNeeds256Bits {
            modifier: e.to_owned(),
        }
        .into());
    }
    Ok(())
}

/// Cache hints, L1 eviction priorities and prefetch sizes apply to `.global`
/// memory (or a generic address), and a cache operator excludes an L1 priority.
fn cache_rules(b: &Bound) -> Result<(), RuleViolation> {
    if let (Some(c), Some(e)) = (b.value("cop"), b.value("evict1")) {
        return Err(RuleViolation::Conflict {
            first: c.to_owned(),
            second: e.to_owned(),
        });
    }
    for slot in ["evict1", "pf", "L2::cache_hint"] {
        if let Some(v) = b.value(slot) {
            global_only(b, "ss", v)?;
        }
    }
    vector_rules(b)
}

/// `.volatile`, `.relaxed`, `.acquire` and `.release` order accesses to
/// `.global` and `.shared` memory only.
fn ordered_rules(b: &Bound) -> Result<(), RuleViolation> {
    if let Some(ss) = b.value("ss")
        && !matches!(
            StateSpace::from_name(ss),
            Some(StateSpace::Global | StateSpace::Shared(_))
        )
    {
        return Err(SpaceViolation::UnorderedSpace {
            space: ss.to_owned(),
        }
        .into());
    }
    cache_rules(b)
}

/// `st.async`: `.weak` is a cluster-less qualifier, and vectors hold at most 128 bits.
fn st_async_rules(b: &Bound) -> Result<(), RuleViolation> {
    if b.has("weak") && b.has("cluster") {
        return Err(RuleViolation::Conflict {
            first: "weak".to_owned(),
            second: "cluster".to_owned(),
        });
    }
    if access_bits(b) > 128 {
        return Err(VectorViolation::WiderThan128.into());
    }
    Ok(())
}

/// `.mmio` comes with `.release`.
fn mmio_needs_release(b: &Bound) -> Result<(), RuleViolation> {
    if b.has("mmio") && !b.has("release") {
        return Err(RuleViolation::Needs {
            modifier: "mmio".to_owned(),
            needs: "release".to_owned(),
        });
    }
    Ok(())
}

/// `red.async` (the `.mbarrier::complete_tx::bytes` form): the types each operation takes.
fn red_async_rules(b: &Bound) -> Result<(), RuleViolation> {
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
        Err(TypeViolation::NotTaken {
            op: op.to_owned(),
            ty: ty.to_owned(),
        }
        .into())
    }
}

/// Which types each atomic or reduction operation takes (PTX ISA `atom`, `red`).
fn atom_op_types(b: &Bound) -> Result<(), RuleViolation> {
    let (op, ty) = (b.value("op").unwrap_or(""), b.value("type").unwrap_or(""));
    let ok = match op {
        "and" | "or" | "xor" => matches!(ty, "b32" | "b64"),
        "cas" => matches!(ty, "b16" | "b32" | "b64" | "b128"),
        "exch" => matches!(ty, "b32" | "b64" | "b128"),
        "add" => matches!(ty, "u32" | "s32" | "u64" | "f32" | "f64"),
        "inc" | "dec" => ty == "u32",
        "min" | "max" => matches!(ty, "u32" | "s32" | "u64" | "s64"),
        _ => false,
    };
    if ok {
        return Ok(());
    }
    let takes = match op {
        "and" | "or" | "xor" => ".b32 or .b64",
        "cas" => ".b16, .b32, .b64 or .b128",
        "exch" => ".b32, .b64 or .b128",
        "add" => ".u32, .s32, .u64, .f32 or .f64 (and .f16, .bf16 and their x2 with .noftz)",
        "inc" | "dec" => ".u32",
        _ => ".u32, .s32, .u64 or .s64",
    };
    Err(TypeViolation::TakesOthers {
        op: op.to_owned(),
        takes,
        ty: ty.to_owned(),
    }
    .into())
}

/// A cache hint applies to `.global` memory (or a generic address).
fn atom_hint(b: &Bound) -> Result<(), RuleViolation> {
    global_only(b, "space", "L2::cache_hint")?;
    atom_op_types(b)
}

/// Vector atomics: `.f32` adds as `.v2` or `.v4`; the half types need
/// `.noftz`, `.v8` only for the 16-bit ones; `.f32` has no `.noftz`.
fn atom_vector(b: &Bound) -> Result<(), RuleViolation> {
    let (op, ty, vec) = (
        b.value("op").unwrap_or(""),
        b.value("type").unwrap_or(""),
        b.value("vec").unwrap_or(""),
    );
    if ty == "f32" {
        if op != "add" {
            return Err(TypeViolation::VectorF32NotAdd { op: op.to_owned() }.into());
        }
        if b.has("noftz") {
            return Err(TypeViolation::NoftzOnF32.into());
        }
        if vec == "v8" {
            return Err(VectorViolation::EightTooMany { ty: ty.to_owned() }.into());
        }
    } else {
        if !b.has("noftz") {
            return Err(TypeViolation::NeedsNoftz { ty: ty.to_owned() }.into());
        }
        if vec == "v8" && ty.ends_with("x2") {
            return Err(VectorViolation::EightTooMany { ty: ty.to_owned() }.into());
        }
    }
    Ok(())
}

/// The FP8 types of `multimem` (sm_100 on).
fn fp8(ty: &str) -> bool {
    ty.starts_with("e4m3") || ty.starts_with("e5m2")
}

/// `multimem` memory orders: `.weak` takes no scope, the others need one,
/// and a scope needs an order.
fn multimem_order(b: &Bound) -> Result<(), RuleViolation> {
    order_with_scope(b, "`.cta`, `.cluster`, `.gpu` or `.sys`")
}

/// `multimem` vectors: `.f32`, `.f16x2` and `.bf16x2` as `.v2` or `.v4`;
/// `.f16` and `.bf16` only as vectors, up to `.v8`; FP8 types up to 128 bits.
fn multimem_vector(b: &Bound) -> Result<(), RuleViolation> {
    let ty = b.value("type").unwrap_or("");
    let vec = b.value("vec");
    let ok = match ty {
        "f32" | "f16x2" | "bf16x2" => vec != Some("v8"),
        "f16" | "bf16" => vec.is_some(),
        t if fp8(t) => true,
        _ => vec.is_none(),
    };
    if ok {
        return Ok(());
    }
    let ty = ty.to_owned();
    Err(match vec {
        None => VectorViolation::NeedsVector { ty },
        Some(v) => VectorViolation::LengthNotTaken {
            ty,
            vector: v.to_owned(),
        },
    }
    .into())
}

/// `multimem.ld_reduce` and `multimem.red`: the types each operation takes
/// (`.red` has no scalar half-precision `.min`/`.max` and no FP8), and accumulation
/// precisions for the narrow float types.
fn multimem_reduction(b: &Bound) -> Result<(), RuleViolation> {
    let (op, ty) = (b.value("op").unwrap_or(""), b.value("type").unwrap_or(""));
    let red = b.form.head.first().is_some_and(|h| h == "red");
    let half = matches!(ty, "f16" | "bf16" | "f16x2" | "bf16x2");
    let ok = match op {
        "and" | "or" | "xor" => matches!(ty, "b32" | "b64"),
        "add" => matches!(ty, "u32" | "s32" | "u64" | "f32" | "f64") || half || (!red && fp8(ty)),
        // `.red` takes half-precision `.min`/`.max` only as vectors.
        _ => {
            matches!(ty, "u32" | "s32" | "u64" | "s64")
                || (half && (!red || b.value("vec").is_some()))
                || (!red && fp8(ty))
        }
    };
    if !ok {
        return Err(TypeViolation::NotTaken {
            op: op.to_owned(),
            ty: ty.to_owned(),
        }
        .into());
    }
    match b.value("acc") {
        Some("acc::f32") if op != "add" || !half => {
            return Err(TypeViolation::AccumulateF32 {
                op: op.to_owned(),
                ty: ty.to_owned(),
            }
            .into());
        }
        Some("acc::f16") if !fp8(ty) => {
            return Err(TypeViolation::AccumulateF16 { ty: ty.to_owned() }.into());
        }
        _ => {}
    }
    multimem_order(b).and_then(|()| multimem_vector(b))
}

/// `multimem.st`: the orders and vectors of the reductions.
fn multimem_store(b: &Bound) -> Result<(), RuleViolation> {
    multimem_order(b).and_then(|()| multimem_vector(b))
}

/// `cvta.u32` converts 32-bit addresses, which the 64-bit modules nvcc writes do not have.
fn cvta_rules(b: &Bound) -> Result<(), RuleViolation> {
    if b.value("size") == Some("u32") {
        return Err(SpaceViolation::ThirtyTwoBitAddress.into());
    }
    Ok(())
}

/// `ld` and `ldu`: registers may be wider than the type loaded.
fn ld_entries() -> Vec<Entry> {
    const WEAK: &[&str] = &[
        LD_SPACES,
        LD_CACHE,
        EVICT_L1,
        EVICT_L2,
        PREFETCH,
        VEC,
        LD_ST_TYPES,
    ];
    const ORDERED: &[&str] = &[LD_SPACES, EVICT_L1, EVICT_L2, PREFETCH, VEC, LD_ST_TYPES];
    const NC: &[&str] = &[EVICT_L1, EVICT_L2, PREFETCH, VEC, LD_ST_TYPES];
    vec![
        // Only weak loads name `.unified` addresses.
        form("ld{.weak}{.ss}{.cop}{.evict1}{.evict2}{.pf}{.vec}.type =d*.vec:sink, [a]:addr64:unified", S::Ld)
            .groups(WEAK)
            .rule(cache_rules),
        form("ld{.weak}{.ss}{.cop}{.evict1}{.evict2}.L2::cache_hint{.pf}{.vec}.type =d*.vec:sink, [a]:addr64:unified, cache_policy:.u64", S::Ld)
            .groups(WEAK)
            .rule(cache_rules),
        form("ld.volatile{.ss}{.pf}{.vec}.type =d*.vec:sink, [a]:addr64", S::Ld)
            .groups(&[LD_SPACES, PREFETCH, VEC, LD_ST_TYPES])
            .since(1, 1, 10)
            .rule(ordered_rules),
        form("ld.sem.scope{.ss}{.evict1}{.evict2}{.pf}{.vec}.type =d*.vec:sink, [a]:addr64; .sem = { .relaxed, .acquire }", S::Ld)
            .groups(ORDERED)
            .since(6, 0, 70)
            .rule(ordered_rules),
        form("ld.sem.scope{.ss}{.evict1}{.evict2}.L2::cache_hint{.pf}{.vec}.type =d*.vec:sink, [a]:addr64, cache_policy:.u64; .sem = { .relaxed, .acquire }", S::Ld)
            .groups(ORDERED)
            .since(6, 0, 70)
            .rule(ordered_rules),
        form("ld.mmio.relaxed.sys{.ss}.type =d, [a]:addr64; .ss = { .global }", S::Ld)
            .groups(&[LD_ST_TYPES])
            .since(8, 2, 70),
        form("ld.global{.cop}.nc{.evict1}{.evict2}{.pf}{.vec}.type =d*.vec:sink, [a]:addr64; .cop = { .ca, .cg, .cs }", S::LdNc)
            .groups(NC)
            .since(3, 1, 32)
            .rule(cache_rules),
        form("ld.global{.cop}.nc{.evict1}{.evict2}.L2::cache_hint{.pf}{.vec}.type =d*.vec:sink, [a]:addr64, cache_policy:.u64; .cop = { .ca, .cg, .cs }", S::LdNc)
            .groups(NC)
            .since(3, 1, 32)
            .rule(cache_rules),
        form("ldu{.ss}{.vec}.type =d*.vec, [a]:addr64; .ss = { .global }; .vec = { .v2, .v4 }", S::Ldu)
            .groups(&[LD_ST_TYPES])
            .since(2, 0, 20)
            .rule(vector_rules),
    ]
    .into_iter()
    .map(|e| e.gates(LD_ST_GATES).wider())
    .collect()
}

/// `st`: registers may be wider than the type stored.
fn st_entries() -> Vec<Entry> {
    const WEAK: &[&str] = &[ST_SPACES, ST_CACHE, EVICT_L1, EVICT_L2, VEC, LD_ST_TYPES];
    const ORDERED: &[&str] = &[ST_SPACES, EVICT_L1, EVICT_L2, VEC, LD_ST_TYPES];
    vec![
        form("st{.weak}{.ss}{.cop}{.evict1}{.evict2}{.vec}.type [a]:addr64, b*.vec", S::St)
            .groups(WEAK)
            .rule(cache_rules),
        form("st{.weak}{.ss}{.cop}{.evict1}{.evict2}.L2::cache_hint{.vec}.type [a]:addr64, b*.vec, cache_policy:.u64", S::St)
            .groups(WEAK)
            .rule(cache_rules),
        form("st.volatile{.ss}{.vec}.type [a]:addr64, b*.vec", S::St)
            .groups(&[ST_SPACES, VEC, LD_ST_TYPES])
            .since(1, 1, 10)
            .rule(ordered_rules),
        form("st.sem.scope{.ss}{.evict1}{.evict2}{.vec}.type [a]:addr64, b*.vec; .sem = { .relaxed, .release }", S::St)
            .groups(ORDERED)
            .since(6, 0, 70)
            .rule(ordered_rules),
        form("st.sem.scope{.ss}{.evict1}{.evict2}.L2::cache_hint{.vec}.type [a]:addr64, b*.vec, cache_policy:.u64; .sem = { .relaxed, .release }", S::St)
            .groups(ORDERED)
            .since(6, 0, 70)
            .rule(ordered_rules),
        form("st.mmio.relaxed.sys{.ss}.type [a]:addr64, b; .ss = { .global }", S::St)
            .groups(&[LD_ST_TYPES])
            .since(8, 2, 70),
    ]
    .into_iter()
    .map(|e| e.gates(LD_ST_GATES).wider())
    .collect()
}

/// Stores and reductions into another CTA's shared memory that complete on
/// an mbarrier, their `.global` forms of sm_100, and the bulk zero-fill.
fn async_store_entries() -> Vec<Entry> {
    vec![
        form("st.async/{.weak}{.cluster}{.shared::cluster}.mbarrier::complete_tx::bytes{.vec}.type [a], b*.vec, [mbar]; .vec = { .v2, .v4 }; .type = { .b32, .b64, .u32, .u64, .s32, .s64, .f32, .f64 }", S::StAsync)
            .since(8, 1, 90)
            .rule(st_async_rules),
        // ptxas also takes the scalar form without its mbarrier.
        form("st.async/{.weak}{.cluster}{.shared::cluster}.mbarrier::complete_tx::bytes.type [a], b; .type = { .b32, .b64, .u32, .u64, .s32, .s64, .f32, .f64 }", S::StAsync)
            .since(8, 1, 90)
            .rule(st_async_rules),
        // ptxas takes this store without `.release`, unless `.mmio` is written.
        form("st.async/{.mmio}{.release}.scope{.global}.type [a], b; .scope = { .gpu, .sys }; .type = { .b32, .b64, .u32, .u64, .s32, .s64, .f32, .f64 }", S::StAsync)
            .since(8, 7, 100)
            .rule(mmio_needs_release),
        form("red.async/.relaxed.cluster{.shared::cluster}.mbarrier::complete_tx::bytes.op.type [a], b, [mbar]?; .op = { .inc, .dec, .min, .max, .add, .and, .or, .xor }; .type = { .u32, .s32, .u64, .s64, .b32 }", S::RedAsync)
            .since(8, 1, 90)
            .rule(red_async_rules),
        form("red.async/{.mmio}.release.scope{.global}.op.type [a], b; .scope = { .gpu, .sys }; .op = { .inc, .dec, .min, .max, .add, .and, .or, .xor }; .type = { .u32, .s32, .u64, .s64, .b32 }", S::RedAsync)
            .since(8, 7, 100)
            .rule(red_async_rules),
        // Zero-fill of shared memory.
        form("st.bulk/{.weak}{.shared::cta} [a], size:.u64, initval:.b64:imm:0", S::StBulk).since(8, 6, 100),
    ]
}

/// `atom` and `red`: PTX ISA 1.2 on sm_11, the vector forms 8.1 on sm_90.
fn atom_entries() -> Vec<Entry> {
    const ATOM: &[&str] = &[ATOM_SEM, ATOM_SPACES, ATOM_OPS, ATOM_TYPES];
    const ATOM_HALF: &[&str] = &[ATOM_SEM, ATOM_SPACES, ATOM_HALF_TYPES];
    const ATOM_VEC: &[&str] = &[ATOM_SEM, ATOM_VEC_OPS, VEC, ATOM_VEC_TYPES];
    const RED: &[&str] = &[RED_SEM, ATOM_SPACES, RED_OPS, ATOM_TYPES];
    const RED_HALF: &[&str] = &[RED_SEM, ATOM_SPACES, ATOM_HALF_TYPES];
    const RED_VEC: &[&str] = &[RED_SEM, ATOM_VEC_OPS, VEC, ATOM_VEC_TYPES];
    vec![
        form("atom{.sem}{.scope}{.space}.op.type =d:sink, [a]:addr64, b", S::Atom)
            .groups(ATOM)
            .since(1, 2, 11)
            .rule(atom_op_types),
        form("atom{.sem}{.scope}{.space}.op.L2::cache_hint.type =d:sink, [a]:addr64, b, cache_policy:.u64", S::Atom)
            .groups(ATOM)
            .since(1, 2, 11)
            .rule(atom_hint),
        form("atom{.sem}{.scope}{.space}.op.type =d:sink, [a]:addr64, b, c", S::AtomCas)
            .groups(&[ATOM_SEM, ATOM_SPACES, CAS, ".type = { .b16, .b32, .b64, .b128 }"])
            .since(1, 2, 11)
            .rule(atom_op_types),
        form("atom{.sem}{.scope}{.space}.op.L2::cache_hint.type =d:sink, [a]:addr64, b, c, cache_policy:.u64", S::AtomCas)
            .groups(&[ATOM_SEM, ATOM_SPACES, CAS, ".type = { .b128 }"])
            .since(1, 2, 11)
            .rule(atom_hint),
        form("atom{.sem}{.scope}{.space}.add.noftz.type =d:sink, [a]:addr64, b", S::Atom)
            .groups(ATOM_HALF)
            .since(1, 2, 11),
        form("atom{.sem}{.scope}{.space}.add.noftz.L2::cache_hint.type =d:sink, [a]:addr64, b, cache_policy:.u64", S::Atom)
            .groups(ATOM_HALF)
            .since(1, 2, 11)
            .rule(atom_hint),
        form("atom{.sem}{.scope}{.global}.op{.noftz}.vec.type =d*.vec, [a]:addr64, b*.vec", S::AtomVec)
            .groups(ATOM_VEC)
            .since(8, 1, 90)
            .rule(atom_vector),
        form("atom{.sem}{.scope}{.global}.op{.noftz}.L2::cache_hint.vec.type =d*.vec, [a]:addr64, b*.vec, cache_policy:.u64", S::AtomVec)
            .groups(ATOM_VEC)
            .since(8, 1, 90)
            .rule(atom_vector),
        form("red{.sem}{.scope}{.space}.op.type [a]:addr64, b", S::Red)
            .groups(RED)
            .since(1, 2, 11)
            .rule(atom_op_types),
        form("red{.sem}{.scope}{.space}.op.L2::cache_hint.type [a]:addr64, b, cache_policy:.u64", S::Red)
            .groups(RED)
            .since(1, 2, 11)
            .rule(atom_hint),
        form("red{.sem}{.scope}{.space}.add.noftz.type [a]:addr64, b", S::Red)
            .groups(RED_HALF)
            .since(1, 2, 11),
        form("red{.sem}{.scope}{.space}.add.noftz.L2::cache_hint.type [a]:addr64, b, cache_policy:.u64", S::Red)
            .groups(RED_HALF)
            .since(1, 2, 11)
            .rule(atom_hint),
        form("red{.sem}{.scope}{.global}.op{.noftz}.vec.type [a]:addr64, b*.vec", S::RedVec)
            .groups(RED_VEC)
            .since(8, 1, 90)
            .rule(atom_vector),
        form("red{.sem}{.scope}{.global}.op{.noftz}.L2::cache_hint.vec.type [a]:addr64, b*.vec, cache_policy:.u64", S::RedVec)
            .groups(RED_VEC)
            .since(8, 1, 90)
            .rule(atom_vector),
    ]
    .into_iter()
    .map(|e| e.gates(ATOM_GATES))
    .collect()
}

/// `multimem`: loads with reduction, reductions and stores on every copy of
/// a multicast object.
fn multimem_entries() -> Vec<Entry> {
    vec![
        form("multimem.ld_reduce/{.sem}{.scope}{.global}.op{.acc}{.vec}.type =d*.vec, [a]:addr64; .sem = { .weak, .relaxed, .acquire }", S::MultimemLdReduce)
            .groups(&[MULTIMEM_SCOPE, MULTIMEM_OPS, MULTIMEM_ACC, VEC, MULTIMEM_TYPES])
            .since(8, 1, 90)
            .rule(multimem_reduction),
        form("multimem.red/{.sem}{.scope}{.global}.op{.vec}.type [a]:addr64, b*.vec; .sem = { .relaxed, .release }", S::MultimemRed)
            .groups(&[MULTIMEM_SCOPE, MULTIMEM_OPS, VEC, MULTIMEM_TYPES])
            .since(8, 1, 90)
            .rule(multimem_reduction),
        form("multimem.st/{.sem}{.scope}{.global}{.vec}.type [a]:addr64, b*.vec; .sem = { .weak, .relaxed, .release }", S::MultimemSt)
            .groups(&[MULTIMEM_SCOPE, VEC, MULTIMEM_TYPES])
            .since(8, 1, 90)
            .rule(multimem_store),
    ]
    .into_iter()
    .map(|e| e.gates(MULTIMEM_GATES))
    .collect()
}

/// Address conversion and queries, prefetches, cache policies and
/// cache-line management.
fn address_and_cache_entries() -> Vec<Entry> {
    vec![
        form("cvta.space.size =d, a:symbol", S::Cvta)
            .groups(&[CVTA_SPACES, CVTA_SIZES])
            .since(2, 0, 20)
            .rule(cvta_rules)
            .gates(CVTA_GATES),
        form("cvta.to/.space.size =d, a", S::CvtaTo)
            .groups(&[CVTA_SPACES, CVTA_SIZES])
            .since(2, 0, 20)
            .rule(cvta_rules)
            .gates(CVTA_GATES),
        form("isspacep.space =p:.pred, a:.u64", S::Isspacep)
            .groups(&[CVTA_SPACES])
            .since(2, 0, 20)
            .gates(CVTA_GATES),
        form("isspacep.space =p:.pred, a:.u32", S::Isspacep)
            .groups(&[CVTA_SPACES])
            .since(2, 0, 20)
            .gates(CVTA_GATES),
        form("mapa.shared::cluster.type =d, a:symbol, b:.u32; .type = { .u32, .u64, .s32, .s64 }", S::Mapa).since(7, 8, 90),
        form("mapa.type =d, a:symbol, b:.u32; .type = { .u32, .u64, .s32, .s64 }", S::Mapa).since(7, 8, 90),
        form("getctarank.shared::cluster.type =d:.u32, a:symbol; .type = { .u32, .u64, .s32, .s64 }", S::Getctarank).since(7, 8, 90),
        form("getctarank.type =d:.u32, a:symbol; .type = { .u32, .u64, .s32, .s64 }", S::Getctarank).since(7, 8, 90),
        // Prefetch into a cache level, or a tensor map into the constant cache.
        form("prefetch{.space}.level [a]:addr64; .space = { .global, .local }; .level = { .L1, .L2 }", S::Prefetch).since(2, 0, 20),
        form("prefetch{.global}.level [a]:addr64; .level = { .L2::evict_last, .L2::evict_normal }", S::Prefetch).since(7, 4, 80),
        form("prefetch{.space}.tensormap [a]; .space = { .const, .param }", S::PrefetchTensormap).since(8, 0, 90),
        form("prefetchu.L1 [a]:addr64", S::Prefetchu).since(2, 0, 20),
        form("createpolicy.fractional/.primary{.secondary}.b64 =policy:.u64, fraction?:.f32; .primary = { .L2::evict_last, .L2::evict_normal, .L2::evict_first, .L2::evict_unchanged }; .secondary = { .L2::evict_first, .L2::evict_unchanged }", S::CreatepolicyFractional)
            .since(7, 4, 80),
        form("createpolicy.range/{.global}.primary{.secondary}.b64 =policy:.u64, [a], primary_size:.u32, total_size:.u32; .primary = { .L2::evict_last, .L2::evict_normal, .L2::evict_first, .L2::evict_unchanged }; .secondary = { .L2::evict_first, .L2::evict_unchanged }", S::CreatepolicyRange)
            .since(7, 4, 80),
        form("createpolicy.cvt/.L2.b64 =policy:.u64, access_property:.u64", S::CreatepolicyCvt).since(7, 4, 80),
        form("applypriority{.global}.L2::evict_normal [a]:addr64, size:.u32:imm:128", S::Applypriority).since(7, 4, 80),
        form("discard{.global}.L2 [a]:addr64, size:.u32:imm:128", S::Discard).since(7, 4, 80),
    ]
}

/// `tensormap.replace`: each field has its width; the dimension fields name
/// the dimension `ord`. And `tensormap.cp_fenceproxy`.
fn tensormap_entries() -> Vec<Entry> {
    [
        "tensormap.replace/.tile.global_address{.ss}.b1024.b64 [a], new_val:.b64; .ss = { .global, .shared::cta }",
        "tensormap.replace/.tile.rank{.ss}.b1024.b32 [a], new_val:.b32; .ss = { .global, .shared::cta }",
        "tensormap.replace/.tile.field{.ss}.b1024.b32 [a], ord:.u32:imm, new_val:.b32; .field = { .box_dim, .global_dim, .element_stride }; .ss = { .global, .shared::cta }",
        "tensormap.replace/.tile.global_stride{.ss}.b1024.b64 [a], ord:.u32:imm, new_val:.b64; .ss = { .global, .shared::cta }",
        // The coded fields: immediates in the ranges ptxas 13.0 takes.
        "tensormap.replace/.tile.elemtype{.ss}.b1024.b32 [a], new_val:.b32:imm:0..12; .ss = { .global, .shared::cta }",
        "tensormap.replace/.tile.interleave_layout{.ss}.b1024.b32 [a], new_val:.b32:imm:0..2; .ss = { .global, .shared::cta }",
        "tensormap.replace/.tile.swizzle_mode{.ss}.b1024.b32 [a], new_val:.b32:imm:0..3; .ss = { .global, .shared::cta }",
        "tensormap.replace/.tile.swizzle_atomicity{.ss}.b1024.b32 [a], new_val:.b32:imm:0..3; .ss = { .global, .shared::cta }",
        "tensormap.replace/.tile.fill_mode{.ss}.b1024.b32 [a], new_val:.b32:imm:0..1; .ss = { .global, .shared::cta }",
    ]
    .into_iter()
    .flat_map(|spec| {
        arch_90_and_later(
            form(spec, S::TensormapReplace)
                .since(8, 3, 90)
                .gate("swizzle_atomicity", 8, 6, 100),
        )
    })
    // Element types 13-15 (the sm_100 ones) from PTX ISA 8.7 on.
    .chain([form(
        "tensormap.replace/.tile.elemtype{.ss}.b1024.b32 [a], new_val:.b32:imm:13..15; .ss = { .global, .shared::cta }",
        S::TensormapReplace,
    )
    .since(8, 7, 100)
    .family_specific()])
    .chain([
        // Copies a tensor map from shared to global memory and fences it
        // for the tensormap proxy; ptxas 13.0 requires every modifier.
        form(
            "tensormap.cp_fenceproxy/.dir.tensormap::generic.release.scope.sync.aligned [dst], [src], size:.u32:imm:128; .dir = { .global.shared::cta }",
            S::TensormapCpFenceproxy,
        )
        .since(8, 3, 90),
    ])
    .collect()
}

/// Every memory form; each takes a modifier once, as ptxas has it for
/// the memory instructions ("Duplicate .volatile modifier", "Multiple
/// scope modifiers specified", "Duplicate '.L1::eviction_priority'
/// modifier", for `ld.volatile.volatile`, `st.gpu.gpu`, a doubled `.v4`,
/// `.cg`, `.add` or `.L2`: tools/dev/diff-fuzz).
pub(super) fn entries() -> Vec<Entry> {
    let mut out = ld_entries();
    out.extend(st_entries());
    out.extend(async_store_entries());
    out.extend(atom_entries());
    out.extend(multimem_entries());
    out.extend(address_and_cache_entries());
    out.extend(tensormap_entries());
    out.into_iter().map(Entry::no_repeats).collect()
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

    #[test]
    fn each_atomic_operation_takes_its_own_types() {
        let atom = |op_ty: &str, c: &str| {
            accepts(
                &format!("atom.global.{op_ty} %0, [%1], %2;"),
                &[&format!("={c}"), "l", c],
                "sm_90",
            )
        };
        assert!(atom("and.b32", "r") && !atom("and.u32", "r"));
        assert!(atom("add.u64", "l") && !atom("add.s64", "l"));
        assert!(atom("min.s64", "l") && !atom("min.f32", "f"));
        assert!(atom("inc.u32", "r") && !atom("inc.s32", "r"));
        assert!(atom("add.noftz.f16", "h") && !atom("add.f16", "h"));
    }

    #[test]
    fn vector_atomics_add_f32_and_need_noftz_on_half_types() {
        let v2 = |op_ty: &str, c: &str| {
            let d = format!("={c}");
            accepts(
                &format!("atom.global.v2.{op_ty} {{%0, %1}}, [%2], {{%3, %4}};"),
                &[&d, &d, "l", c, c],
                "sm_90",
            )
        };
        assert!(v2("add.f32", "f") && !v2("max.f32", "f"));
        assert!(v2("max.noftz.f16", "h") && !v2("max.f16", "h"));
    }

    #[test]
    fn multimem_reductions_take_half_types_as_vectors() {
        assert!(accepts(
            "multimem.ld_reduce.weak.global.add.f16x2 %0, [%1];",
            &["=r", "l"],
            "sm_90"
        ));
        assert!(!accepts(
            "multimem.ld_reduce.weak.global.add.f16 %0, [%1];",
            &["=h", "l"],
            "sm_90"
        ));
        assert!(accepts(
            "multimem.ld_reduce.relaxed.sys.global.add.v2.f16 {%0, %1}, [%2];",
            &["=h", "=h", "l"],
            "sm_90"
        ));
        assert!(!accepts(
            "multimem.red.relaxed.sys.global.min.f16x2 [%0], %1;",
            &["l", "r"],
            "sm_90"
        ));
    }
}
