//! Synchronization and communication (PTX ISA "Parallel Synchronization and
//! Communication Instructions"): barriers, fences, atomics and reductions,
//! warp votes, matches and reductions, mbarriers, multimem, cluster launch control.

use super::{Bound, Entry, form};

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
    match (b.value("sem"), b.value("scope")) {
        (Some("weak"), Some(scope)) => Err(format!("`.weak` takes no scope, found `.{scope}`")),
        (Some(sem), None) if sem != "weak" => Err(format!(
            "`.{sem}` needs a scope (`.cta`, `.cluster`, `.gpu` or `.sys`)"
        )),
        (None, Some(scope)) => Err(format!(
            "the scope `.{scope}` needs a memory order beside it, as in `.relaxed.{scope}`"
        )),
        _ => Ok(()),
    }
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
/// (`.red` has no half-precision `.min`/`.max` and no FP8), and accumulation
/// precisions for the narrow float types.
fn multimem_reduction(b: &Bound) -> Result<(), String> {
    let (op, ty) = (b.value("op").unwrap_or(""), b.value("type").unwrap_or(""));
    let red = b.form.head.first().is_some_and(|h| h == "red");
    let half = matches!(ty, "f16" | "bf16" | "f16x2" | "bf16x2");
    let ok = match op {
        "and" | "or" | "xor" => matches!(ty, "b32" | "b64"),
        "add" => matches!(ty, "u32" | "s32" | "u64" | "f32" | "f64") || half || (!red && fp8(ty)),
        _ => matches!(ty, "u32" | "s32" | "u64" | "s64") || (!red && (half || fp8(ty))),
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

fn barrier_entries() -> Vec<Entry> {
    let mut out = Vec::new();
    // `bar` is `barrier ... .aligned`. The operation follows the name (and
    // `.cta`) directly; the thread count `b` is optional except for `arrive`.
    for (name, aligned) in [("bar", ""), ("barrier", "{.aligned}")] {
        let since = |e: Entry| match name {
            "bar" => e.since(1, 0, 10),
            _ => e.since(6, 0, 30),
        };
        for cta in ["", ".cta"] {
            // `.sync` may stand anywhere (even twice); `.arrive` and `.red`
            // follow the name and `.cta` directly.
            let sync = if cta.is_empty() {
                name.to_string()
            } else {
                format!("{name}{cta}/")
            };
            let head = format!("{name}{cta}");
            let mut forms = vec![
                format!("{sync}.sync{aligned} a:.u32:0..15"),
                format!("{sync}.sync{aligned} a:.u32:0..15, b:.u32"),
                format!("{head}.arrive/{aligned} a:.u32:0..15, b:.u32"),
                format!("{head}.red/.popc{aligned}.u32 =d, a:0..15, c:.pred:neg"),
                format!("{head}.red/.popc{aligned}.u32 =d, a:0..15, b, c:.pred:neg"),
                format!(
                    "{head}.red/.op{aligned}.pred =p, a:.u32:0..15, c:.pred:neg; .op = {{ .and, .or }}"
                ),
                format!(
                    "{head}.red/.op{aligned}.pred =p, a:.u32:0..15, b:.u32, c:.pred:neg; .op = {{ .and, .or }}"
                ),
            ];
            let semantics = if name == "bar" { "bar" } else { "barrier" };
            for spec in forms.drain(..) {
                let e = since(Entry::owned(spec, semantics));
                // `.cta` arrived with PTX ISA 7.8.
                let sm = e.sm;
                out.push(if cta.is_empty() { e } else { e.since(7, 8, sm) });
            }
        }
    }
    out.extend([
        form("bar.warp/.sync membermask:.u32", "bar.warp.sync").since(6, 0, 30),
        form(
            "barrier.cluster.arrive/{.sem}{.aligned}; .sem = { .release, .relaxed }",
            "barrier.cluster.arrive",
        )
        .since(7, 8, 90)
        .gate("release", 8, 0, 90)
        .gate("relaxed", 8, 0, 90),
        form(
            "barrier.cluster.wait/{.acquire}{.aligned}",
            "barrier.cluster.wait",
        )
        .since(7, 8, 90)
        .gate("acquire", 8, 0, 90),
    ]);
    out
}

fn fence_entries() -> Vec<Entry> {
    const SPACE: &str = ".space = { .global, .shared::cta, .shared::cluster }";
    vec![
        form("membar.level; .level = { .cta, .gl, .sys }", "membar").since(1, 4, 10).gate("sys", 2, 0, 20),
        form("membar.proxy/.alias", "fence.proxy").since(7, 5, 70),
        form("fence{.sem}.scope; .sem = { .sc, .acq_rel, .acquire, .release }", "fence")
            .since(6, 0, 70)
            .gate("cluster", 7, 8, 90)
            .gate("acquire", 8, 6, 70)
            .gate("release", 8, 6, 70),
        form("fence.acquire.sync_restrict::shared::cluster.cluster", "fence").since(8, 6, 90),
        form("fence.release.sync_restrict::shared::cta.cluster", "fence").since(8, 6, 90),
        form("fence.mbarrier_init.release.cluster", "fence.mbarrier_init").since(8, 0, 90),
        // Proxy fences; ptxas takes the state space of `.async` in any place.
        form("fence.proxy/.alias", "fence.proxy").since(7, 5, 70),
        Entry::owned(format!("fence.proxy/.async{{.space}}; {SPACE}"), "fence.proxy").since(8, 0, 90),
        // ptxas ignores a state space written on the tensormap fences.
        form("fence.proxy/.tensormap::generic.release.scope{.space}; .space = { .global, .shared, .shared::cta, .shared::cluster }", "fence.proxy.tensormap")
            .since(8, 3, 90),
        form("fence.proxy/.tensormap::generic.acquire.scope [a], size:.u32:imm:128", "fence.proxy.tensormap")
            .since(8, 3, 90),
        form("fence.proxy/.async::generic.acquire.sync_restrict::shared::cluster.cluster{.space}; .space = { .global, .shared }", "fence.proxy.async").since(8, 6, 90),
        form("fence.proxy/.async::generic.release.sync_restrict::shared::cta.cluster{.space}; .space = { .global, .shared }", "fence.proxy.async").since(8, 6, 90),
    ]
}

/// Modifiers of `atom` and `red` that arrived after the instruction.
fn atom_gates(e: Entry) -> Entry {
    e.gate("relaxed", 6, 0, 70)
        .gate("acquire", 6, 0, 70)
        .gate("release", 6, 0, 70)
        .gate("acq_rel", 6, 0, 70)
        .gate("cta", 6, 0, 70)
        .gate("gpu", 6, 0, 70)
        .gate("sys", 6, 0, 70)
        .gate("cluster", 7, 8, 90)
        .gate("shared::cta", 7, 8, 10)
        .gate("shared::cluster", 7, 8, 90)
        .gate("L2::cache_hint", 7, 4, 80)
        .gate("b16", 6, 3, 70)
        .gate("f16", 6, 3, 70)
        .gate("f16x2", 6, 3, 60)
        .gate("bf16", 7, 8, 90)
        .gate("bf16x2", 7, 8, 90)
        .gate("b128", 8, 3, 90)
        .gate("f64", 5, 0, 60)
}

fn atom_entries() -> Vec<Entry> {
    const ATOM: &str = ".sem = { .relaxed, .acquire, .release, .acq_rel }; .space = { .global, .shared, .shared::cta, .shared::cluster }";
    const RED: &str = ".sem = { .relaxed, .release }; .space = { .global, .shared, .shared::cta, .shared::cluster }";
    const TYPES: &str = ".type = { .b32, .b64, .b128, .u32, .u64, .s32, .s64, .f32, .f64 }";
    const HALF: &str = ".type = { .f16, .f16x2, .bf16, .bf16x2 }";
    const VEC: &str = ".op = { .add, .min, .max }; .vec = { .v2, .v4, .v8 }; .type = { .f32, .f16, .bf16, .f16x2, .bf16x2 }";
    let ops = ".op = { .and, .or, .xor, .exch, .add, .inc, .dec, .min, .max }";
    let red_ops = ".op = { .and, .or, .xor, .add, .inc, .dec, .min, .max }";
    let entries = vec![
        Entry::owned(format!("atom{{.sem}}{{.scope}}{{.space}}.op.type =d, [a]:addr64, b; {ATOM}; {ops}; {TYPES}"), "atom")
            .rule(atom_op_types),
        Entry::owned(format!("atom{{.sem}}{{.scope}}{{.space}}.op.L2::cache_hint.type =d, [a]:addr64, b, cache_policy:.u64; {ATOM}; {ops}; {TYPES}"), "atom")
            .rule(atom_hint),
        Entry::owned(format!("atom{{.sem}}{{.scope}}{{.space}}.op.type =d, [a]:addr64, b, c; {ATOM}; .op = {{ .cas }}; .type = {{ .b16, .b32, .b64, .b128 }}"), "atom.cas")
            .rule(atom_op_types),
        Entry::owned(format!("atom{{.sem}}{{.scope}}{{.space}}.op.L2::cache_hint.type =d, [a]:addr64, b, c, cache_policy:.u64; {ATOM}; .op = {{ .cas }}; .type = {{ .b128 }}"), "atom.cas")
            .rule(atom_hint),
        Entry::owned(format!("atom{{.sem}}{{.scope}}{{.space}}.add.noftz.type =d, [a]:addr64, b; {ATOM}; {HALF}"), "atom"),
        Entry::owned(format!("atom{{.sem}}{{.scope}}{{.space}}.add.noftz.L2::cache_hint.type =d, [a]:addr64, b, cache_policy:.u64; {ATOM}; {HALF}"), "atom")
            .rule(atom_hint),
        Entry::owned(format!("atom{{.sem}}{{.scope}}{{.global}}.op{{.noftz}}.vec.type =d*.vec, [a]:addr64, b*.vec; .sem = {{ .relaxed, .acquire, .release, .acq_rel }}; {VEC}"), "atom.vec")
            .since(8, 1, 90)
            .rule(atom_vector),
        Entry::owned(format!("atom{{.sem}}{{.scope}}{{.global}}.op{{.noftz}}.L2::cache_hint.vec.type =d*.vec, [a]:addr64, b*.vec, cache_policy:.u64; .sem = {{ .relaxed, .acquire, .release, .acq_rel }}; {VEC}"), "atom.vec")
            .since(8, 1, 90)
            .rule(atom_vector),
        Entry::owned(format!("red{{.sem}}{{.scope}}{{.space}}.op.type [a]:addr64, b; {RED}; {red_ops}; {TYPES}"), "red")
            .rule(atom_op_types),
        Entry::owned(format!("red{{.sem}}{{.scope}}{{.space}}.op.L2::cache_hint.type [a]:addr64, b, cache_policy:.u64; {RED}; {red_ops}; {TYPES}"), "red")
            .rule(atom_hint),
        Entry::owned(format!("red{{.sem}}{{.scope}}{{.space}}.add.noftz.type [a]:addr64, b; {RED}; {HALF}"), "red"),
        Entry::owned(format!("red{{.sem}}{{.scope}}{{.space}}.add.noftz.L2::cache_hint.type [a]:addr64, b, cache_policy:.u64; {RED}; {HALF}"), "red")
            .rule(atom_hint),
        Entry::owned(format!("red{{.sem}}{{.scope}}{{.global}}.op{{.noftz}}.vec.type [a]:addr64, b*.vec; .sem = {{ .relaxed, .release }}; {VEC}"), "red.vec")
            .since(8, 1, 90)
            .rule(atom_vector),
        Entry::owned(format!("red{{.sem}}{{.scope}}{{.global}}.op{{.noftz}}.L2::cache_hint.vec.type [a]:addr64, b*.vec, cache_policy:.u64; .sem = {{ .relaxed, .release }}; {VEC}"), "red.vec")
            .since(8, 1, 90)
            .rule(atom_vector),
    ];
    // `atom` and `red` arrived with PTX ISA 1.2 on sm_11; the vector forms later.
    entries
        .into_iter()
        .map(|e| atom_gates(if e.sm < 11 { e.since(1, 2, 11) } else { e }))
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
        form("elect.sync =d|p:.u32:sink, membermask:.u32", "elect.sync").since(8, 0, 90),
        form("griddepcontrol.action; .action = { .launch_dependents, .wait }", "griddepcontrol").since(7, 8, 90),
    ]
}

/// A memory order and a scope go together (`.release.cta`, not `.cta` or `.release`).
fn scope_needs_order(b: &Bound) -> Result<(), String> {
    match (b.value("scope"), b.value("sem")) {
        (Some(scope), None) => Err(format!(
            "the scope `.{scope}` needs a memory order beside it, as in `.relaxed.{scope}`"
        )),
        (None, Some(sem)) => Err(format!("`.{sem}` needs a scope (`.cta` or `.cluster`)")),
        _ => Ok(()),
    }
}

fn mbarrier_entries() -> Vec<Entry> {
    const CTA: &str = ".space = { .shared, .shared::cta }";
    const ANY: &str = ".space = { .shared, .shared::cta, .shared::cluster }";
    const ARRIVE: &str = ".sem = { .release, .relaxed }; .scope = { .cta, .cluster }";
    const WAIT: &str = ".sem = { .acquire, .relaxed }; .scope = { .cta, .cluster }";
    let mut out = vec![
        form("mbarrier.init/{.space}.b64 [a]:addr64, count:.u32; .space = { .shared, .shared::cta }", "mbarrier.init").since(7, 0, 80),
        form("mbarrier.inval/{.space}.b64 [a]:addr64; .space = { .shared, .shared::cta }", "mbarrier.inval").since(7, 0, 80),
        form("mbarrier.pending_count/.b64 =count:.u32, state:.u64", "mbarrier.pending_count").since(7, 0, 80),
        Entry::owned(format!("mbarrier.expect_tx/{{.sem}}{{.scope}}{{.space}}.b64 [a]:addr64, tx_count:.u32; .sem = {{ .relaxed }}; .scope = {{ .cta, .cluster }}; {ANY}"), "mbarrier.expect_tx")
            .since(8, 0, 90),
        Entry::owned(format!("mbarrier.complete_tx/{{.sem}}{{.scope}}{{.space}}.b64 [a]:addr64, tx_count:.u32; .sem = {{ .relaxed }}; .scope = {{ .cta, .cluster }}; {ANY}"), "mbarrier.complete_tx")
            .since(8, 0, 90),
    ];
    // Arrivals: on this CTA's mbarrier the state comes back (or `_` drops
    // it); on another CTA's (`.shared::cluster`) there is no state to return.
    for (head, semantics) in [
        ("mbarrier.arrive", "mbarrier.arrive"),
        ("mbarrier.arrive_drop", "mbarrier.arrive_drop"),
    ] {
        out.extend([
            Entry::owned(format!("{head}/{{.sem}}{{.scope}}{{.space}}.b64 =state:.u64:sink, [a]:addr64; {ARRIVE}; {CTA}"), semantics)
                .since(7, 0, 80),
            Entry::owned(format!("{head}/{{.sem}}{{.scope}}{{.space}}.b64 =state:.u64:sink, [a]:addr64, count:.u32; {ARRIVE}; {CTA}"), semantics)
                .since(7, 8, 90),
            Entry::owned(format!("{head}/{{.sem}}{{.scope}}.shared::cluster.b64 =state:.u64:_, [a]:addr64, count?:.u32; {ARRIVE}"), semantics)
                .since(8, 0, 90),
            Entry::owned(format!("{head}.expect_tx/{{.sem}}{{.scope}}{{.space}}.b64 =state:.u64:sink, [a]:addr64, tx_count:.u32; {ARRIVE}; {CTA}"), semantics)
                .since(8, 0, 90),
            Entry::owned(format!("{head}.expect_tx/{{.sem}}{{.scope}}.shared::cluster.b64 =state:.u64:_, [a]:addr64, tx_count:.u32; {ARRIVE}"), semantics)
                .since(8, 0, 90),
            Entry::owned(format!("{head}/.noComplete{{.sem}}{{.scope}}{{.space}}.b64 =state:.u64:sink, [a]:addr64, count:.u32; .sem = {{ .release }}; .scope = {{ .cta }}; {CTA}"), semantics)
                .since(7, 0, 80),
        ]);
    }
    out.extend([
        Entry::owned(format!("mbarrier.test_wait/{{.sem}}{{.scope}}{{.space}}.b64 =done:.pred, [a]:addr64, state:.u64; {WAIT}; {CTA}"), "mbarrier.test_wait")
            .since(7, 0, 80),
        Entry::owned(format!("mbarrier.test_wait.parity/{{.sem}}{{.scope}}{{.space}}.b64 =done:.pred, [a]:addr64, parity:.u32; {WAIT}; {CTA}"), "mbarrier.test_wait")
            .since(7, 1, 80),
        Entry::owned(format!("mbarrier.try_wait/{{.sem}}{{.scope}}{{.space}}.b64 =done:.pred, [a]:addr64, state:.u64, suspend_time_hint?:.u32; {WAIT}; {CTA}"), "mbarrier.try_wait")
            .since(7, 8, 90),
        Entry::owned(format!("mbarrier.try_wait.parity/{{.sem}}{{.scope}}{{.space}}.b64 =done:.pred, [a]:addr64, parity:.u32, suspend_time_hint?:.u32; {WAIT}; {CTA}"), "mbarrier.try_wait")
            .since(7, 8, 90),
    ]);
    out.into_iter()
        .map(|e| {
            e.rule(scope_needs_order)
                .gate("relaxed", 8, 6, 90)
                .gate("release", 8, 0, 80)
                .gate("acquire", 8, 0, 80)
                .gate("cta", 8, 0, 80)
                .gate("cluster", 8, 0, 90)
                .gate("shared::cta", 7, 8, 80)
        })
        .collect()
}

fn multimem_entries() -> Vec<Entry> {
    const TYPES: &str = ".type = { .b32, .b64, .u32, .s32, .u64, .s64, .f16, .bf16, .f16x2, .bf16x2, .f32, .f64, .e5m2, .e5m2x2, .e5m2x4, .e4m3, .e4m3x2, .e4m3x4 }";
    const VEC: &str = ".vec = { .v2, .v4, .v8 }";
    const SCOPE: &str = ".scope = { .cta, .cluster, .gpu, .sys }";
    let fp8_gates = |e: Entry| {
        [
            "e5m2", "e5m2x2", "e5m2x4", "e4m3", "e4m3x2", "e4m3x4", "acc::f16",
        ]
        .into_iter()
        .fold(e, |e, t| e.gate(t, 8, 6, 100))
    };
    vec![
        Entry::owned(format!("multimem.ld_reduce/{{.sem}}{{.scope}}{{.global}}.op{{.acc}}{{.vec}}.type =d*.vec, [a]:addr64; .sem = {{ .weak, .relaxed, .acquire }}; {SCOPE}; .op = {{ .add, .min, .max, .and, .or, .xor }}; .acc = {{ .acc::f32, .acc::f16 }}; {VEC}; {TYPES}"), "multimem.ld_reduce")
            .since(8, 1, 90)
            .rule(multimem_reduction),
        Entry::owned(format!("multimem.red/{{.sem}}{{.scope}}{{.global}}.op{{.vec}}.type [a]:addr64, b*.vec; .sem = {{ .relaxed, .release }}; {SCOPE}; .op = {{ .add, .min, .max, .and, .or, .xor }}; {VEC}; {TYPES}"), "multimem.red")
            .since(8, 1, 90)
            .rule(multimem_reduction),
        Entry::owned(format!("multimem.st/{{.sem}}{{.scope}}{{.global}}{{.vec}}.type [a]:addr64, b*.vec; .sem = {{ .weak, .relaxed, .release }}; {SCOPE}; {VEC}; {TYPES}"), "multimem.st")
            .since(8, 1, 90)
            .rule(multimem_store),
    ]
    .into_iter()
    .map(fp8_gates)
    .collect()
}

fn cluster_launch_entries() -> Vec<Entry> {
    vec![
        form("clusterlaunchcontrol.try_cancel.async{.shared::cta}.mbarrier::complete_tx::bytes{.multicast::cluster::all}.b128 [addr], [mbar]", "clusterlaunchcontrol.try_cancel")
            .since(8, 6, 100),
        form("clusterlaunchcontrol.query_cancel.is_canceled.pred.b128 =p:.pred, handle:.b128", "clusterlaunchcontrol.query_cancel")
            .since(8, 6, 100),
        form("clusterlaunchcontrol.query_cancel.get_first_ctaid.v4.b32.b128 =d*4:.b32:sink, handle:.b128", "clusterlaunchcontrol.query_cancel")
            .since(8, 6, 100),
        form("clusterlaunchcontrol.query_cancel.dim.b32.b128 =d:.b32, handle:.b128; .dim = { .get_first_ctaid::x, .get_first_ctaid::y, .get_first_ctaid::z }", "clusterlaunchcontrol.query_cancel")
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
