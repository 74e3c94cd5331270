//! Synchronization and communication (PTX ISA "Parallel Synchronization and
//! Communication Instructions"): barriers, fences, atomics and reductions,
//! warp votes, matches and reductions, mbarriers, multimem, cluster launch control.

use super::{Bound, Entry, Gate, form, order_with_scope};

/// Vector widths.
const VEC: &str = ".vec = { .v2, .v4, .v8 }";

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

/// Which types each atomic or reduction operation takes (PTX ISA `atom`, `red`).
fn atom_op_types(b: &Bound) -> Result<(), String> {
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
    Err(format!("`.{op}` takes {takes}, not `.{ty}`"))
}

/// A cache hint applies to `.global` memory (or a generic address).
fn atom_hint(b: &Bound) -> Result<(), String> {
    if let Some(ss) = b.value("space").filter(|s| *s != "global") {
        return Err(format!(
            "`.L2::cache_hint` applies to .global memory (or a generic address), not .{ss}"
        ));
    }
    atom_op_types(b)
}

/// Vector atomics: `.f32` adds as `.v2` or `.v4`; the half types need
/// `.noftz`, `.v8` only for the 16-bit ones; `.f32` has no `.noftz`.
fn atom_vector(b: &Bound) -> Result<(), String> {
    let (op, ty, vec) = (
        b.value("op").unwrap_or(""),
        b.value("type").unwrap_or(""),
        b.value("vec").unwrap_or(""),
    );
    if ty == "f32" {
        if op != "add" {
            return Err(format!("vector `.f32` atomics add only, not `.{op}`"));
        }
        if b.has("noftz") {
            return Err("`.noftz` applies to the half types, not `.f32`".into());
        }
        if vec == "v8" {
            return Err("a vector of 8 `.f32` is too wide: at most `.v4`".into());
        }
    } else {
        if !b.has("noftz") {
            return Err(format!("`.{ty}` atomics need `.noftz`"));
        }
        if vec == "v8" && ty.ends_with("x2") {
            return Err(format!("a vector of 8 `.{ty}` is too wide: at most `.v4`"));
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
fn multimem_order(b: &Bound) -> Result<(), String> {
    order_with_scope(b, "`.cta`, `.cluster`, `.gpu` or `.sys`")
}

/// `multimem` vectors: `.f32`, `.f16x2` and `.bf16x2` as `.v2` or `.v4`;
/// `.f16` and `.bf16` only as vectors, up to `.v8`; FP8 types up to 128 bits.
fn multimem_vector(b: &Bound) -> Result<(), String> {
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
    Err(match vec {
        None => format!("`.{ty}` needs a vector (`.v2`, `.v4` or `.v8`)"),
        Some(v) => format!("`.{ty}` takes no `.{v}`"),
    })
}

/// `multimem.ld_reduce` and `multimem.red`: the types each operation takes
/// (`.red` has no scalar half-precision `.min`/`.max` and no FP8), and accumulation
/// precisions for the narrow float types.
fn multimem_reduction(b: &Bound) -> Result<(), String> {
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
        return Err(format!("`.{op}` does not take `.{ty}`"));
    }
    match b.value("acc") {
        Some("acc::f32") if op != "add" || !half => {
            return Err(format!(
                "`.acc::f32` goes with `.add` on half-precision types, not `.{op}.{ty}`"
            ));
        }
        Some("acc::f16") if !fp8(ty) => {
            return Err(format!("`.acc::f16` goes with FP8 types, not `.{ty}`"));
        }
        _ => {}
    }
    multimem_order(b).and_then(|()| multimem_vector(b))
}

/// `multimem.st`: the orders and vectors of the reductions.
fn multimem_store(b: &Bound) -> Result<(), String> {
    multimem_order(b).and_then(|()| multimem_vector(b))
}

/// `bar` is `barrier ... .aligned`. The operation follows the name (and
/// `.cta`) directly, except that `.sync` may stand anywhere (even twice);
/// the thread count `b` is optional except for `arrive`. `.cta` arrived
/// with PTX ISA 7.8.
fn barrier_entries() -> Vec<Entry> {
    vec![
        form("bar.sync a:.u32:0..15", "bar"),
        form("bar.sync a:.u32:0..15, b:.u32", "bar"),
        form("bar.arrive/ a:.u32:0..15, b:.u32", "bar"),
        form("bar.red/.popc.u32 =d, a:0..15, c:.pred:neg", "bar"),
        form("bar.red/.popc.u32 =d, a:0..15, b, c:.pred:neg", "bar"),
        form("bar.red/.op.pred =p, a:.u32:0..15, c:.pred:neg; .op = { .and, .or }", "bar"),
        form("bar.red/.op.pred =p, a:.u32:0..15, b:.u32, c:.pred:neg; .op = { .and, .or }", "bar"),
        form("bar.cta/.sync a:.u32:0..15", "bar").since(7, 8, 10),
        form("bar.cta/.sync a:.u32:0..15, b:.u32", "bar").since(7, 8, 10),
        form("bar.cta.arrive/ a:.u32:0..15, b:.u32", "bar").since(7, 8, 10),
        form("bar.cta.red/.popc.u32 =d, a:0..15, c:.pred:neg", "bar").since(7, 8, 10),
        form("bar.cta.red/.popc.u32 =d, a:0..15, b, c:.pred:neg", "bar").since(7, 8, 10),
        form("bar.cta.red/.op.pred =p, a:.u32:0..15, c:.pred:neg; .op = { .and, .or }", "bar").since(7, 8, 10),
        form("bar.cta.red/.op.pred =p, a:.u32:0..15, b:.u32, c:.pred:neg; .op = { .and, .or }", "bar").since(7, 8, 10),
        form("barrier.sync{.aligned} a:.u32:0..15", "barrier").since(6, 0, 30),
        form("barrier.sync{.aligned} a:.u32:0..15, b:.u32", "barrier").since(6, 0, 30),
        form("barrier.arrive/{.aligned} a:.u32:0..15, b:.u32", "barrier").since(6, 0, 30),
        form("barrier.red/.popc{.aligned}.u32 =d, a:0..15, c:.pred:neg", "barrier").since(6, 0, 30),
        form("barrier.red/.popc{.aligned}.u32 =d, a:0..15, b, c:.pred:neg", "barrier").since(6, 0, 30),
        form("barrier.red/.op{.aligned}.pred =p, a:.u32:0..15, c:.pred:neg; .op = { .and, .or }", "barrier").since(6, 0, 30),
        form("barrier.red/.op{.aligned}.pred =p, a:.u32:0..15, b:.u32, c:.pred:neg; .op = { .and, .or }", "barrier").since(6, 0, 30),
        form("barrier.cta/.sync{.aligned} a:.u32:0..15", "barrier").since(7, 8, 30),
        form("barrier.cta/.sync{.aligned} a:.u32:0..15, b:.u32", "barrier").since(7, 8, 30),
        form("barrier.cta.arrive/{.aligned} a:.u32:0..15, b:.u32", "barrier").since(7, 8, 30),
        form("barrier.cta.red/.popc{.aligned}.u32 =d, a:0..15, c:.pred:neg", "barrier").since(7, 8, 30),
        form("barrier.cta.red/.popc{.aligned}.u32 =d, a:0..15, b, c:.pred:neg", "barrier").since(7, 8, 30),
        form("barrier.cta.red/.op{.aligned}.pred =p, a:.u32:0..15, c:.pred:neg; .op = { .and, .or }", "barrier").since(7, 8, 30),
        form("barrier.cta.red/.op{.aligned}.pred =p, a:.u32:0..15, b:.u32, c:.pred:neg; .op = { .and, .or }", "barrier").since(7, 8, 30),
        form("bar.warp/.sync membermask:.u32", "bar.warp.sync").since(6, 0, 30),
        form("barrier.cluster.arrive/{.sem}{.aligned}; .sem = { .release, .relaxed }", "barrier.cluster.arrive")
            .since(7, 8, 90)
            .gate("release", 8, 0, 90)
            .gate("relaxed", 8, 0, 90),
        form("barrier.cluster.wait/{.acquire}{.aligned}", "barrier.cluster.wait")
            .since(7, 8, 90)
            .gate("acquire", 8, 0, 90),
    ]
}

fn fence_entries() -> Vec<Entry> {
    vec![
        form("membar.level; .level = { .cta, .gl, .sys }", "membar").since(1, 4, 10).gate("sys", 2, 0, 20),
        form("membar.proxy/.alias", "fence.proxy").since(7, 5, 70),
        form("fence{.sem}.scope; .sem = { .sc, .acq_rel, .acquire, .release }", "fence")
            .since(6, 0, 70)
            .gate("cluster", 7, 8, 90),
        form("fence.acquire.sync_restrict::shared::cluster.cluster", "fence").since(8, 6, 90),
        form("fence.release.sync_restrict::shared::cta.cluster", "fence").since(8, 6, 90),
        form("fence.mbarrier_init.release.cluster", "fence.mbarrier_init").since(8, 0, 90),
        // Proxy fences; ptxas takes the state space of `.async` in any place.
        form("fence.proxy/.alias", "fence.proxy").since(7, 5, 70),
        form("fence.proxy/.async{.space}; .space = { .global, .shared::cta, .shared::cluster }", "fence.proxy").since(8, 0, 90),
        // ptxas ignores a state space written on the tensormap fences.
        form("fence.proxy/.tensormap::generic.release.scope{.space}; .space = { .global, .shared, .shared::cta, .shared::cluster }", "fence.proxy.tensormap")
            .since(8, 3, 90),
        form("fence.proxy/.tensormap::generic.acquire.scope [a], size:.u32:imm:128", "fence.proxy.tensormap")
            .since(8, 3, 90),
        form("fence.proxy/.async::generic.acquire.sync_restrict::shared::cluster.cluster{.space}; .space = { .global, .shared, .shared::cta, .shared::cluster }", "fence.proxy.async").since(8, 6, 90),
        form("fence.proxy/.async::generic.release.sync_restrict::shared::cta.cluster{.space}; .space = { .global, .shared, .shared::cta, .shared::cluster }", "fence.proxy.async").since(8, 6, 90),
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
        form("atom{.sem}{.scope}{.space}.op.type =d, [a]:addr64, b", "atom")
            .groups(ATOM)
            .since(1, 2, 11)
            .rule(atom_op_types),
        form("atom{.sem}{.scope}{.space}.op.L2::cache_hint.type =d, [a]:addr64, b, cache_policy:.u64", "atom")
            .groups(ATOM)
            .since(1, 2, 11)
            .rule(atom_hint),
        form("atom{.sem}{.scope}{.space}.op.type =d, [a]:addr64, b, c", "atom.cas")
            .groups(&[ATOM_SEM, ATOM_SPACES, CAS, ".type = { .b16, .b32, .b64, .b128 }"])
            .since(1, 2, 11)
            .rule(atom_op_types),
        form("atom{.sem}{.scope}{.space}.op.L2::cache_hint.type =d, [a]:addr64, b, c, cache_policy:.u64", "atom.cas")
            .groups(&[ATOM_SEM, ATOM_SPACES, CAS, ".type = { .b128 }"])
            .since(1, 2, 11)
            .rule(atom_hint),
        form("atom{.sem}{.scope}{.space}.add.noftz.type =d, [a]:addr64, b", "atom")
            .groups(ATOM_HALF)
            .since(1, 2, 11),
        form("atom{.sem}{.scope}{.space}.add.noftz.L2::cache_hint.type =d, [a]:addr64, b, cache_policy:.u64", "atom")
            .groups(ATOM_HALF)
            .since(1, 2, 11)
            .rule(atom_hint),
        form("atom{.sem}{.scope}{.global}.op{.noftz}.vec.type =d*.vec, [a]:addr64, b*.vec", "atom.vec")
            .groups(ATOM_VEC)
            .since(8, 1, 90)
            .rule(atom_vector),
        form("atom{.sem}{.scope}{.global}.op{.noftz}.L2::cache_hint.vec.type =d*.vec, [a]:addr64, b*.vec, cache_policy:.u64", "atom.vec")
            .groups(ATOM_VEC)
            .since(8, 1, 90)
            .rule(atom_vector),
        form("red{.sem}{.scope}{.space}.op.type [a]:addr64, b", "red")
            .groups(RED)
            .since(1, 2, 11)
            .rule(atom_op_types),
        form("red{.sem}{.scope}{.space}.op.L2::cache_hint.type [a]:addr64, b, cache_policy:.u64", "red")
            .groups(RED)
            .since(1, 2, 11)
            .rule(atom_hint),
        form("red{.sem}{.scope}{.space}.add.noftz.type [a]:addr64, b", "red")
            .groups(RED_HALF)
            .since(1, 2, 11),
        form("red{.sem}{.scope}{.space}.add.noftz.L2::cache_hint.type [a]:addr64, b, cache_policy:.u64", "red")
            .groups(RED_HALF)
            .since(1, 2, 11)
            .rule(atom_hint),
        form("red{.sem}{.scope}{.global}.op{.noftz}.vec.type [a]:addr64, b*.vec", "red.vec")
            .groups(RED_VEC)
            .since(8, 1, 90)
            .rule(atom_vector),
        form("red{.sem}{.scope}{.global}.op{.noftz}.L2::cache_hint.vec.type [a]:addr64, b*.vec, cache_policy:.u64", "red.vec")
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
        form("multimem.ld_reduce/{.sem}{.scope}{.global}.op{.acc}{.vec}.type =d*.vec, [a]:addr64; .sem = { .weak, .relaxed, .acquire }", "multimem.ld_reduce")
            .groups(&[MULTIMEM_SCOPE, MULTIMEM_OPS, MULTIMEM_ACC, VEC, MULTIMEM_TYPES])
            .since(8, 1, 90)
            .rule(multimem_reduction),
        form("multimem.red/{.sem}{.scope}{.global}.op{.vec}.type [a]:addr64, b*.vec; .sem = { .relaxed, .release }", "multimem.red")
            .groups(&[MULTIMEM_SCOPE, MULTIMEM_OPS, VEC, MULTIMEM_TYPES])
            .since(8, 1, 90)
            .rule(multimem_reduction),
        form("multimem.st/{.sem}{.scope}{.global}{.vec}.type [a]:addr64, b*.vec; .sem = { .weak, .relaxed, .release }", "multimem.st")
            .groups(&[MULTIMEM_SCOPE, VEC, MULTIMEM_TYPES])
            .since(8, 1, 90)
            .rule(multimem_store),
    ]
    .into_iter()
    .map(|e| e.gates(MULTIMEM_GATES))
    .collect()
}

fn warp_entries() -> Vec<Entry> {
    // Masks and results are `.u32`: ptxas takes no `.f32` register there.
    vec![
        form("redux.sync.op.type =d, a, membermask:.u32; .op = { .add, .min, .max }; .type = { .u32, .s32 }", "redux.sync").since(7, 0, 80),
        form("redux.sync.op.b32 =d:.u32, a:.u32, membermask:.u32; .op = { .and, .or, .xor }", "redux.sync").since(7, 0, 80),
        form("redux.sync.op{.abs}{.NaN}.f32 =d, a, membermask:.u32; .op = { .min, .max }", "redux.sync")
            .since(8, 6, 100)
            .family_specific(),
        form("activemask.b32 =d", "activemask").since(6, 2, 30),
        form("vote.sync.mode.pred =d, a:neg, membermask:.u32; .mode = { .all, .any, .uni }", "vote.sync").since(6, 0, 30),
        form("vote.sync.ballot.b32 =d, a:.pred:neg, membermask:.u32", "vote.sync").since(6, 0, 30),
        // Without `.sync` the warp is assumed converged: gone from sm_70 on.
        form("vote.mode.pred =d, a:neg; .mode = { .all, .any, .uni }", "vote").since(1, 2, 12).removed_in(6, 4, 70),
        form("vote.ballot.b32 =d, a:.pred:neg", "vote").since(2, 0, 20).removed_in(6, 4, 70),
        form("match.any.sync.type =d:.u32, a, membermask:.u32; .type = { .b32, .b64 }", "match.sync").since(6, 0, 70),
        form("match.all.sync.type =d|p:.u32:sink, a, membermask:.u32; .type = { .b32, .b64 }", "match.sync").since(6, 0, 70),
        form("elect.sync =d|p:.u32:sink:paired, membermask:.u32", "elect.sync").since(8, 0, 90),
        form("griddepcontrol.action; .action = { .launch_dependents, .wait }", "griddepcontrol").since(7, 8, 90),
    ]
}

/// The memory orders and scopes of the mbarrier operations.
const ARRIVE_SEM: &str = ".sem = { .release, .relaxed }";
const WAIT_SEM: &str = ".sem = { .acquire, .relaxed }";
const MBARRIER_SCOPE: &str = ".scope = { .cta, .cluster }";
/// An mbarrier of this CTA, or of any CTA of the cluster.
const CTA_SPACES: &str = ".space = { .shared, .shared::cta }";
const CLUSTER_SPACES: &str = ".space = { .shared, .shared::cta, .shared::cluster }";

/// Modifiers of the mbarrier operations that arrived after them (`.relaxed`
/// has its own gate: it came to the tx-count operations first).
const MBARRIER_GATES: &[Gate] = &[
    Gate::new("release", 8, 0, 80),
    Gate::new("acquire", 8, 0, 80),
    Gate::new("cta", 8, 0, 80),
    Gate::new("cluster", 8, 0, 90),
    Gate::new("shared::cta", 7, 8, 80),
];

/// A memory order and a scope go together (`.release.cta`, not `.cta` or
/// `.release` alone).
fn mbarrier_order(b: &Bound) -> Result<(), String> {
    order_with_scope(b, "`.cta` or `.cluster`")
}

fn mbarrier_entries() -> Vec<Entry> {
    const ARRIVE: &[&str] = &[ARRIVE_SEM, MBARRIER_SCOPE, CTA_SPACES];
    const REMOTE_ARRIVE: &[&str] = &[ARRIVE_SEM, MBARRIER_SCOPE];
    const WAIT: &[&str] = &[WAIT_SEM, MBARRIER_SCOPE, CTA_SPACES];
    vec![
        form("mbarrier.init/{.space}.b64 [a]:addr64, count:.u32; .space = { .shared, .shared::cta }", "mbarrier.init").since(7, 0, 80),
        form("mbarrier.inval/{.space}.b64 [a]:addr64; .space = { .shared, .shared::cta }", "mbarrier.inval").since(7, 0, 80),
        form("mbarrier.pending_count/.b64 =count:.u32, state:.u64", "mbarrier.pending_count").since(7, 0, 80),
        form("mbarrier.expect_tx/{.sem}{.scope}{.space}.b64 [a]:addr64, tx_count:.u32; .sem = { .relaxed }", "mbarrier.expect_tx")
            .groups(&[MBARRIER_SCOPE, CLUSTER_SPACES])
            .since(8, 0, 90)
            .gate("relaxed", 8, 0, 90),
        form("mbarrier.complete_tx/{.sem}{.scope}{.space}.b64 [a]:addr64, tx_count:.u32; .sem = { .relaxed }", "mbarrier.complete_tx")
            .groups(&[MBARRIER_SCOPE, CLUSTER_SPACES])
            .since(8, 0, 90)
            .gate("relaxed", 8, 0, 90),
        // Arrivals: on this CTA's mbarrier the state comes back (or `_`
        // drops it); on another CTA's (`.shared::cluster`) there is no state
        // to return.
        form("mbarrier.arrive/{.sem}{.scope}{.space}.b64 =state:.u64:sink, [a]:addr64", "mbarrier.arrive")
            .groups(ARRIVE)
            .since(7, 0, 80),
        form("mbarrier.arrive/{.sem}{.scope}{.space}.b64 =state:.u64:sink, [a]:addr64, count:.u32", "mbarrier.arrive")
            .groups(ARRIVE)
            .since(7, 8, 90),
        form("mbarrier.arrive/{.sem}{.scope}.shared::cluster.b64 =state:.u64:_, [a]:addr64, count?:.u32", "mbarrier.arrive")
            .groups(REMOTE_ARRIVE)
            .since(8, 0, 90),
        form("mbarrier.arrive.expect_tx/{.sem}{.scope}{.space}.b64 =state:.u64:sink, [a]:addr64, tx_count:.u32", "mbarrier.arrive")
            .groups(ARRIVE)
            .since(8, 0, 90),
        form("mbarrier.arrive.expect_tx/{.sem}{.scope}.shared::cluster.b64 =state:.u64:_, [a]:addr64, tx_count:.u32", "mbarrier.arrive")
            .groups(REMOTE_ARRIVE)
            .since(8, 0, 90),
        form("mbarrier.arrive/.noComplete{.sem}{.scope}{.space}.b64 =state:.u64:sink, [a]:addr64, count:.u32; .sem = { .release }; .scope = { .cta }", "mbarrier.arrive")
            .groups(&[CTA_SPACES])
            .since(7, 0, 80),
        form("mbarrier.arrive_drop/{.sem}{.scope}{.space}.b64 =state:.u64:sink, [a]:addr64", "mbarrier.arrive_drop")
            .groups(ARRIVE)
            .since(7, 0, 80),
        form("mbarrier.arrive_drop/{.sem}{.scope}{.space}.b64 =state:.u64:sink, [a]:addr64, count:.u32", "mbarrier.arrive_drop")
            .groups(ARRIVE)
            .since(7, 8, 90),
        form("mbarrier.arrive_drop/{.sem}{.scope}.shared::cluster.b64 =state:.u64:_, [a]:addr64, count?:.u32", "mbarrier.arrive_drop")
            .groups(REMOTE_ARRIVE)
            .since(8, 0, 90),
        form("mbarrier.arrive_drop.expect_tx/{.sem}{.scope}{.space}.b64 =state:.u64:sink, [a]:addr64, tx_count:.u32", "mbarrier.arrive_drop")
            .groups(ARRIVE)
            .since(8, 0, 90),
        form("mbarrier.arrive_drop.expect_tx/{.sem}{.scope}.shared::cluster.b64 =state:.u64:_, [a]:addr64, tx_count:.u32", "mbarrier.arrive_drop")
            .groups(REMOTE_ARRIVE)
            .since(8, 0, 90),
        form("mbarrier.arrive_drop/.noComplete{.sem}{.scope}{.space}.b64 =state:.u64:sink, [a]:addr64, count:.u32; .sem = { .release }; .scope = { .cta }", "mbarrier.arrive_drop")
            .groups(&[CTA_SPACES])
            .since(7, 0, 80),
        form("mbarrier.test_wait/{.sem}{.scope}{.space}.b64 =done:.pred, [a]:addr64, state:.u64", "mbarrier.test_wait")
            .groups(WAIT)
            .since(7, 0, 80),
        form("mbarrier.test_wait.parity/{.sem}{.scope}{.space}.b64 =done:.pred, [a]:addr64, parity:.u32", "mbarrier.test_wait")
            .groups(WAIT)
            .since(7, 1, 80),
        form("mbarrier.try_wait/{.sem}{.scope}{.space}.b64 =done:.pred, [a]:addr64, state:.u64, suspend_time_hint?:.u32", "mbarrier.try_wait")
            .groups(WAIT)
            .since(7, 8, 90),
        form("mbarrier.try_wait.parity/{.sem}{.scope}{.space}.b64 =done:.pred, [a]:addr64, parity:.u32, suspend_time_hint?:.u32", "mbarrier.try_wait")
            .groups(WAIT)
            .since(7, 8, 90),
    ]
    .into_iter()
    .map(|e| {
        // `.relaxed` came to the other operations with PTX ISA 8.6.
        let e = if e.gates.iter().any(|g| g.value == "relaxed") {
            e
        } else {
            e.gate("relaxed", 8, 6, 90)
        };
        e.rule(mbarrier_order).gates(MBARRIER_GATES)
    })
    .collect()
}

fn cluster_launch_entries() -> Vec<Entry> {
    vec![
        form("clusterlaunchcontrol.try_cancel.async/{.shared::cta}.mbarrier::complete_tx::bytes{.multicast::cluster::all}.b128 [addr], [mbar]", "clusterlaunchcontrol.try_cancel")
            .since(8, 6, 100),
        form("clusterlaunchcontrol.query_cancel/.is_canceled.pred.b128 =p:.pred, handle:.b128", "clusterlaunchcontrol.query_cancel")
            .since(8, 6, 100),
        form("clusterlaunchcontrol.query_cancel/.get_first_ctaid.v4.b32.b128 =d*4:.b32:sink, handle:.b128", "clusterlaunchcontrol.query_cancel")
            .since(8, 6, 100),
        form("clusterlaunchcontrol.query_cancel/.dim.b32.b128 =d:.b32, handle:.b128; .dim = { .get_first_ctaid::x, .get_first_ctaid::y, .get_first_ctaid::z }", "clusterlaunchcontrol.query_cancel")
            .since(8, 6, 100),
    ]
}

pub(super) fn entries() -> Vec<Entry> {
    let mut out = barrier_entries();
    out.extend(fence_entries());
    out.extend(atom_entries());
    out.extend(warp_entries());
    out.extend(mbarrier_entries());
    out.extend(multimem_entries());
    out.extend(cluster_launch_entries());
    out
}

#[cfg(test)]
mod tests {
    use crate::{Target, check_asm};

    fn accepts(text: &str, cons: &[&str], target: &str) -> bool {
        check_asm(text, cons, target.parse::<Target>().unwrap()).is_ok()
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
    fn mbarrier_order_and_scope_go_together() {
        let arrive = |m: &str| {
            accepts(
                &format!("mbarrier.arrive{m}.shared::cta.b64 %0, [%1];"),
                &["=l", "r"],
                "sm_90",
            )
        };
        assert!(arrive("") && arrive(".release.cta"));
        assert!(!arrive(".cta") && !arrive(".release"));
    }

    #[test]
    fn a_remote_mbarrier_arrival_returns_no_state() {
        assert!(accepts(
            "mbarrier.arrive.shared::cluster.b64 _, [%0];",
            &["r"],
            "sm_90"
        ));
        assert!(!accepts(
            "mbarrier.arrive.shared::cluster.b64 %0, [%1];",
            &["=l", "r"],
            "sm_90"
        ));
    }

    #[test]
    fn barrier_operations_follow_the_name_but_sync_and_aligned_may_move() {
        assert!(accepts("barrier.cta.aligned.sync 0;", &[], "sm_90"));
        assert!(!accepts("barrier.aligned.arrive 0, 64;", &[], "sm_90"));
        assert!(!accepts("barrier.sync.cta 0;", &[], "sm_90"));
        assert!(!accepts("bar.sync.aligned 0;", &[], "sm_90"));
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

    #[test]
    fn redux_on_f32_is_family_specific_to_sm_100() {
        let redux = "redux.sync.max.abs.NaN.f32 %0, %1, 0xffffffff;";
        assert!(!accepts(redux, &["=f", "f"], "sm_90a"));
        assert!(accepts(redux, &["=f", "f"], "sm_100a"));
    }

    #[test]
    fn votes_without_sync_are_gone_from_sm_70() {
        let vote = "{ .reg .pred p, q; vote.any.pred q, p; }";
        assert!(!accepts(vote, &[], "sm_90"));
    }
}
