//! Synchronization (PTX ISA "Parallel Synchronization and Communication
//! Instructions"): barriers, fences, mbarriers, grid dependency control and
//! cluster launch control. The warp collectives are in `warp.rs`, atomics
//! and `multimem` in `memory.rs`.

use super::{Bound, Entry, Gate, RuleViolation, form, order_with_scope};
use crate::semantics::Semantics as S;

/// `bar` is `barrier ... .aligned`. The operation follows the name (and
/// `.cta`) directly, except that `.sync` may stand anywhere (even twice);
/// the thread count `b` is optional except for `arrive`. `.cta` arrived
/// with PTX ISA 7.8.
fn barrier_entries() -> Vec<Entry> {
    vec![
        form("bar.sync a:.u32:0..15", S::Bar),
        form("bar.sync a:.u32:0..15, b:.u32:warps", S::Bar),
        form("bar.arrive/ a:.u32:0..15, b:.u32:1..4294967295:warps", S::Bar),
        form("bar.red/.popc.u32 =d, a:0..15, c:.pred:neg", S::Bar),
        form("bar.red/.popc.u32 =d, a:0..15, b:warps, c:.pred:neg", S::Bar),
        form("bar.red/.op.pred =p, a:.u32:0..15, c:.pred:neg; .op = { .and, .or }", S::Bar),
        form("bar.red/.op.pred =p, a:.u32:0..15, b:.u32:warps, c:.pred:neg; .op = { .and, .or }", S::Bar),
        form("bar.cta/.sync a:.u32:0..15", S::Bar).since(7, 8, 10),
        form("bar.cta/.sync a:.u32:0..15, b:.u32:warps", S::Bar).since(7, 8, 10),
        form("bar.cta.arrive/ a:.u32:0..15, b:.u32:1..4294967295:warps", S::Bar).since(7, 8, 10),
        form("bar.cta.red/.popc.u32 =d, a:0..15, c:.pred:neg", S::Bar).since(7, 8, 10),
        form("bar.cta.red/.popc.u32 =d, a:0..15, b:warps, c:.pred:neg", S::Bar).since(7, 8, 10),
        form("bar.cta.red/.op.pred =p, a:.u32:0..15, c:.pred:neg; .op = { .and, .or }", S::Bar).since(7, 8, 10),
        form("bar.cta.red/.op.pred =p, a:.u32:0..15, b:.u32:warps, c:.pred:neg; .op = { .and, .or }", S::Bar).since(7, 8, 10),
        form("barrier.sync{.aligned} a:.u32:0..15", S::Barrier).since(6, 0, 30),
        form("barrier.sync{.aligned} a:.u32:0..15, b:.u32:warps", S::Barrier).since(6, 0, 30),
        form("barrier.arrive/{.aligned} a:.u32:0..15, b:.u32:1..4294967295:warps", S::Barrier).since(6, 0, 30),
        form("barrier.red/.popc{.aligned}.u32 =d, a:0..15, c:.pred:neg", S::Barrier).since(6, 0, 30),
        form("barrier.red/.popc{.aligned}.u32 =d, a:0..15, b:warps, c:.pred:neg", S::Barrier).since(6, 0, 30),
        form("barrier.red/.op{.aligned}.pred =p, a:.u32:0..15, c:.pred:neg; .op = { .and, .or }", S::Barrier).since(6, 0, 30),
        form("barrier.red/.op{.aligned}.pred =p, a:.u32:0..15, b:.u32:warps, c:.pred:neg; .op = { .and, .or }", S::Barrier).since(6, 0, 30),
        form("barrier.cta/.sync{.aligned} a:.u32:0..15", S::Barrier).since(7, 8, 30),
        form("barrier.cta/.sync{.aligned} a:.u32:0..15, b:.u32:warps", S::Barrier).since(7, 8, 30),
        form("barrier.cta.arrive/{.aligned} a:.u32:0..15, b:.u32:1..4294967295:warps", S::Barrier).since(7, 8, 30),
        form("barrier.cta.red/.popc{.aligned}.u32 =d, a:0..15, c:.pred:neg", S::Barrier).since(7, 8, 30),
        form("barrier.cta.red/.popc{.aligned}.u32 =d, a:0..15, b:warps, c:.pred:neg", S::Barrier).since(7, 8, 30),
        form("barrier.cta.red/.op{.aligned}.pred =p, a:.u32:0..15, c:.pred:neg; .op = { .and, .or }", S::Barrier).since(7, 8, 30),
        form("barrier.cta.red/.op{.aligned}.pred =p, a:.u32:0..15, b:.u32:warps, c:.pred:neg; .op = { .and, .or }", S::Barrier).since(7, 8, 30),
        form("barrier.cluster.arrive/{.sem}{.aligned}; .sem = { .release, .relaxed }", S::BarrierClusterArrive)
            .since(7, 8, 90)
            .gate("release", 8, 0, 90)
            .gate("relaxed", 8, 0, 90),
        form("barrier.cluster.wait/{.acquire}{.aligned}", S::BarrierClusterWait)
            .since(7, 8, 90)
            .gate("acquire", 8, 0, 90),
    ]
}

fn fence_entries() -> Vec<Entry> {
    vec![
        form("membar.level; .level = { .cta, .gl, .sys }", S::Membar).since(1, 4, 10).gate("sys", 2, 0, 20),
        form("membar.proxy/.alias", S::FenceProxy).since(7, 5, 70),
        form("fence{.sem}.scope; .sem = { .sc, .acq_rel, .acquire, .release }", S::Fence)
            .since(6, 0, 70)
            .gate("cluster", 7, 8, 90),
        form("fence.acquire.sync_restrict::shared::cluster.cluster", S::Fence).since(8, 6, 90),
        form("fence.release.sync_restrict::shared::cta.cluster", S::Fence).since(8, 6, 90),
        form("fence.mbarrier_init.release.cluster", S::FenceMbarrierInit).since(8, 0, 90),
        // Proxy fences; ptxas takes the state space of `.async` in any place.
        form("fence.proxy/.alias", S::FenceProxy).since(7, 5, 70),
        form("fence.proxy/.async{.space}; .space = { .global, .shared::cta, .shared::cluster }", S::FenceProxy).since(8, 0, 90),
        // ptxas ignores a state space written on the tensormap fences.
        form("fence.proxy/.tensormap::generic.release.scope{.space}; .space = { .global, .shared, .shared::cta, .shared::cluster }", S::FenceProxyTensormap)
            .since(8, 3, 90),
        form("fence.proxy/.tensormap::generic.acquire.scope [a], size:.u32:imm:128", S::FenceProxyTensormap)
            .since(8, 3, 90),
        form("fence.proxy/.async::generic.acquire.sync_restrict::shared::cluster.cluster{.space}; .space = { .global, .shared, .shared::cta, .shared::cluster }", S::FenceProxyAsync).since(8, 6, 90),
        form("fence.proxy/.async::generic.release.sync_restrict::shared::cta.cluster{.space}; .space = { .global, .shared, .shared::cta, .shared::cluster }", S::FenceProxyAsync).since(8, 6, 90),
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
fn mbarrier_order(b: &Bound) -> Result<(), RuleViolation> {
    order_with_scope(b, "`.cta` or `.cluster`")
}

fn mbarrier_entries() -> Vec<Entry> {
    const ARRIVE: &[&str] = &[ARRIVE_SEM, MBARRIER_SCOPE, CTA_SPACES];
    const REMOTE_ARRIVE: &[&str] = &[ARRIVE_SEM, MBARRIER_SCOPE];
    const WAIT: &[&str] = &[WAIT_SEM, MBARRIER_SCOPE, CTA_SPACES];
    vec![
        form("mbarrier.init/{.space}.b64 [a]:addr64, count:.u32; .space = { .shared, .shared::cta }", S::MbarrierInit).since(7, 0, 80),
        form("mbarrier.inval/{.space}.b64 [a]:addr64; .space = { .shared, .shared::cta }", S::MbarrierInval).since(7, 0, 80),
        form("mbarrier.pending_count/.b64 =count:.u32, state:.u64", S::MbarrierPendingCount).since(7, 0, 80),
        form("mbarrier.expect_tx/{.sem}{.scope}{.space}.b64 [a]:addr64, tx_count:.u32; .sem = { .relaxed }", S::MbarrierExpectTx)
            .groups(&[MBARRIER_SCOPE, CLUSTER_SPACES])
            .since(8, 0, 90)
            .gate("relaxed", 8, 0, 90),
        form("mbarrier.complete_tx/{.sem}{.scope}{.space}.b64 [a]:addr64, tx_count:.u32; .sem = { .relaxed }", S::MbarrierCompleteTx)
            .groups(&[MBARRIER_SCOPE, CLUSTER_SPACES])
            .since(8, 0, 90)
            .gate("relaxed", 8, 0, 90),
        // Arrivals: on this CTA's mbarrier the state comes back (or `_`
        // drops it); on another CTA's (`.shared::cluster`) there is no state
        // to return.
        form("mbarrier.arrive/{.sem}{.scope}{.space}.b64 =state:.u64:sink, [a]:addr64", S::MbarrierArrive)
            .groups(ARRIVE)
            .since(7, 0, 80),
        form("mbarrier.arrive/{.sem}{.scope}{.space}.b64 =state:.u64:sink, [a]:addr64, count:.u32:1..4294967295", S::MbarrierArrive)
            .groups(ARRIVE)
            .since(7, 8, 90),
        form("mbarrier.arrive/{.sem}{.scope}.shared::cluster.b64 =state:.u64:_, [a]:addr64, count?:.u32:1..4294967295", S::MbarrierArrive)
            .groups(REMOTE_ARRIVE)
            .since(8, 0, 90),
        form("mbarrier.arrive.expect_tx/{.sem}{.scope}{.space}.b64 =state:.u64:sink, [a]:addr64, tx_count:.u32", S::MbarrierArrive)
            .groups(ARRIVE)
            .since(8, 0, 90),
        form("mbarrier.arrive.expect_tx/{.sem}{.scope}.shared::cluster.b64 =state:.u64:_, [a]:addr64, tx_count:.u32", S::MbarrierArrive)
            .groups(REMOTE_ARRIVE)
            .since(8, 0, 90),
        form("mbarrier.arrive/.noComplete{.sem}{.scope}{.space}.b64 =state:.u64:sink, [a]:addr64, count:.u32:1..4294967295; .sem = { .release }; .scope = { .cta }", S::MbarrierArrive)
            .groups(&[CTA_SPACES])
            .since(7, 0, 80),
        form("mbarrier.arrive_drop/{.sem}{.scope}{.space}.b64 =state:.u64:sink, [a]:addr64", S::MbarrierArriveDrop)
            .groups(ARRIVE)
            .since(7, 0, 80),
        form("mbarrier.arrive_drop/{.sem}{.scope}{.space}.b64 =state:.u64:sink, [a]:addr64, count:.u32:1..4294967295", S::MbarrierArriveDrop)
            .groups(ARRIVE)
            .since(7, 8, 90),
        form("mbarrier.arrive_drop/{.sem}{.scope}.shared::cluster.b64 =state:.u64:_, [a]:addr64, count?:.u32:1..4294967295", S::MbarrierArriveDrop)
            .groups(REMOTE_ARRIVE)
            .since(8, 0, 90),
        form("mbarrier.arrive_drop.expect_tx/{.sem}{.scope}{.space}.b64 =state:.u64:sink, [a]:addr64, tx_count:.u32", S::MbarrierArriveDrop)
            .groups(ARRIVE)
            .since(8, 0, 90),
        form("mbarrier.arrive_drop.expect_tx/{.sem}{.scope}.shared::cluster.b64 =state:.u64:_, [a]:addr64, tx_count:.u32", S::MbarrierArriveDrop)
            .groups(REMOTE_ARRIVE)
            .since(8, 0, 90),
        form("mbarrier.arrive_drop/.noComplete{.sem}{.scope}{.space}.b64 =state:.u64:sink, [a]:addr64, count:.u32:1..4294967295; .sem = { .release }; .scope = { .cta }", S::MbarrierArriveDrop)
            .groups(&[CTA_SPACES])
            .since(7, 0, 80),
        form("mbarrier.test_wait/{.sem}{.scope}{.space}.b64 =done:.pred, [a]:addr64, state:.u64", S::MbarrierTestWait)
            .groups(WAIT)
            .since(7, 0, 80),
        form("mbarrier.test_wait.parity/{.sem}{.scope}{.space}.b64 =done:.pred, [a]:addr64, parity:.u32:0..1", S::MbarrierTestWait)
            .groups(WAIT)
            .since(7, 1, 80),
        form("mbarrier.try_wait/{.sem}{.scope}{.space}.b64 =done:.pred, [a]:addr64, state:.u64, suspend_time_hint?:.u32", S::MbarrierTryWait)
            .groups(WAIT)
            .since(7, 8, 90),
        form("mbarrier.try_wait.parity/{.sem}{.scope}{.space}.b64 =done:.pred, [a]:addr64, parity:.u32:0..1, suspend_time_hint?:.u32", S::MbarrierTryWait)
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

/// Grid dependency control and cluster launch control.
fn launch_control_entries() -> Vec<Entry> {
    vec![
        form("griddepcontrol.action; .action = { .launch_dependents, .wait }", S::Griddepcontrol).since(7, 8, 90),
        form("clusterlaunchcontrol.try_cancel.async/{.shared::cta}.mbarrier::complete_tx::bytes{.multicast::cluster::all}.b128 [addr], [mbar]", S::ClusterlaunchcontrolTryCancel)
            .since(8, 6, 100),
        form("clusterlaunchcontrol.query_cancel/.is_canceled.pred.b128 =p:.pred, handle:.b128", S::ClusterlaunchcontrolQueryCancel)
            .since(8, 6, 100),
        form("clusterlaunchcontrol.query_cancel/.get_first_ctaid.v4.b32.b128 =d*4:.b32:sink, handle:.b128", S::ClusterlaunchcontrolQueryCancel)
            .since(8, 6, 100),
        form("clusterlaunchcontrol.query_cancel/.dim.b32.b128 =d:.b32, handle:.b128; .dim = { .get_first_ctaid::x, .get_first_ctaid::y, .get_first_ctaid::z }", S::ClusterlaunchcontrolQueryCancel)
            .since(8, 6, 100),
    ]
}

/// Every synchronization form; each takes a modifier once (`.sync`
/// excepted), as ptxas has it ("Duplicate .wait modifier" for
/// `griddepcontrol.wait.wait`, "Multiple scope modifiers specified" for
/// `fence.sc.gpu.gpu` or `mbarrier` with `.cluster` twice:
/// tools/dev/diff-fuzz).
pub(super) fn entries() -> Vec<Entry> {
    let mut out = barrier_entries();
    out.extend(fence_entries());
    out.extend(mbarrier_entries());
    out.extend(launch_control_entries());
    out.into_iter().map(Entry::no_repeats).collect()
}

#[cfg(test)]
mod tests {
    use crate::{Target, check_asm};

    fn accepts(text: &str, cons: &[&str], target: &str) -> bool {
        check_asm(text, cons, target.parse::<Target>().unwrap()).is_ok()
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
}
