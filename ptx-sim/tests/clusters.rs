//! Thread-block clusters in whole kernels: the cluster special registers,
//! distributed shared memory (`mapa`, `getctarank`, `ld`/`st`/`atom` on
//! `.shared::cluster`), the cluster barrier, mbarriers of another CTA,
//! and the launches and orders the GPU refuses. Expected values are each
//! kernel's arithmetic, worked out in its comment.

use ptx_sim::fault::{Fault, LaunchFault, MemoryFault, SyncFault, WaitSite};
use ptx_sim::kernel::{KernelError, Module};

/// A module of `body` for sm_90 (PTX ISA 8.0).
fn module(body: &str) -> Module {
    let text = format!(".version 8.0\n.target sm_90\n.address_size 64\n{body}");
    Module::from_ptx(&text).unwrap_or_else(|e| panic!("{e}\n{text}"))
}

/// The first fault of a launch that must fail.
fn first_fault(err: KernelError) -> Fault {
    err.faults()
        .first()
        .unwrap_or_else(|| panic!("no fault: {err}"))
        .fault
        .clone()
}

/// Each thread `t` of each CTA stores `1000 * %ctaid.x + t` into its CTA's
/// `buf[t]`; after the cluster barrier it reads `buf[t]` of the next CTA
/// of its cluster (rank + 1, wrapping) through `mapa` and
/// `ld.shared::cluster`, and writes it to `out[32 * %ctaid.x + t]`; a
/// second cluster barrier keeps every CTA's shared memory alive until its
/// neighbour has read it.
const RING: &str = "
.visible .entry ring(.param .u64 out) {
    .shared .align 4 .b32 buf[32];
    .reg .b32 %r<16>;
    .reg .b64 %rd<4>;
    ld.param.u64 %rd1, [out];
    mov.u32 %r1, %tid.x;
    mov.u32 %r2, %ctaid.x;
    mul.lo.u32 %r3, %r2, 1000;
    add.u32 %r3, %r3, %r1;
    mov.u32 %r4, buf;
    shl.b32 %r5, %r1, 2;
    add.u32 %r6, %r4, %r5;
    st.shared.u32 [%r6], %r3;
    barrier.cluster.arrive.release.aligned;
    barrier.cluster.wait.acquire.aligned;
    mov.u32 %r7, %cluster_ctarank;
    mov.u32 %r8, %cluster_nctarank;
    add.u32 %r9, %r7, 1;
    rem.u32 %r9, %r9, %r8;
    mapa.shared::cluster.u32 %r10, %r6, %r9;
    ld.shared::cluster.u32 %r11, [%r10];
    barrier.cluster.arrive;
    barrier.cluster.wait;
    mad.lo.u32 %r12, %r2, 32, %r1;
    mul.wide.u32 %rd2, %r12, 4;
    add.s64 %rd3, %rd1, %rd2;
    st.global.u32 [%rd3], %r11;
    ret;
}";

#[test]
fn each_cta_reads_its_neighbours_shared_memory_through_mapa() {
    let m = module(RING);
    for (grid, cluster) in [(8u32, 4u32), (8, 2), (6, 3), (16, 16)] {
        let mut launch = m.kernel("ring").unwrap();
        let out = launch.zeroed::<u32>(32 * grid as usize);
        launch.grid(grid).block(32).cluster(cluster).arg(out);
        let got = launch.run().unwrap().read::<u32>(out);
        let expected: Vec<u32> = (0..grid)
            .flat_map(|c| {
                // The CTA after c in its cluster: same cluster, next rank.
                let next = c / cluster * cluster + (c % cluster + 1) % cluster;
                (0..32).map(move |t| 1000 * next + t)
            })
            .collect();
        assert_eq!(got, expected, "grid {grid}, clusters of {cluster}");
    }
}

/// Thread 0 of each CTA stores its cluster registers at `out[16 * linear
/// CTA index ..]`: `%cluster_ctaid.{x,y,z}`, `%cluster_nctaid.{x,y,z}`,
/// `%cluster_ctarank`, `%cluster_nctarank`, `%clusterid.{x,y,z}`,
/// `%nclusterid.{x,y,z}`, `%is_explicit_cluster`, and `getctarank` of the
/// generic address of its `buf` (its own rank).
const REGISTERS: &str = "
.visible .entry regs(.param .u64 out) {
    .shared .align 4 .b32 buf[1];
    .reg .pred %p<2>;
    .reg .b32 %r<24>;
    .reg .b64 %rd<8>;
    mov.u32 %r1, %tid.x;
    setp.ne.u32 %p1, %r1, 0;
    @%p1 bra DONE;
    ld.param.u64 %rd1, [out];
    mov.u32 %r2, %ctaid.x;
    mov.u32 %r3, %ctaid.y;
    mov.u32 %r4, %nctaid.x;
    mad.lo.u32 %r5, %r3, %r4, %r2;
    mul.wide.u32 %rd2, %r5, 64;
    add.s64 %rd1, %rd1, %rd2;
    mov.u32 %r6, %cluster_ctaid.x;
    mov.u32 %r7, %cluster_ctaid.y;
    mov.u32 %r8, %cluster_ctaid.z;
    st.global.v4.u32 [%rd1], {%r6, %r7, %r8, 0};
    mov.u32 %r6, %cluster_nctaid.x;
    mov.u32 %r7, %cluster_nctaid.y;
    mov.u32 %r8, %cluster_nctaid.z;
    mov.u32 %r9, %cluster_ctarank;
    st.global.v4.u32 [%rd1+16], {%r6, %r7, %r8, %r9};
    mov.u32 %r6, %clusterid.x;
    mov.u32 %r7, %clusterid.y;
    mov.u32 %r8, %clusterid.z;
    mov.u32 %r9, %cluster_nctarank;
    st.global.v4.u32 [%rd1+32], {%r6, %r7, %r8, %r9};
    mov.u32 %r6, %nclusterid.x;
    mov.u32 %r7, %nclusterid.y;
    mov.pred %p1, %is_explicit_cluster;
    selp.u32 %r8, 1, 0, %p1;
    mov.u64 %rd3, buf;
    cvta.shared.u64 %rd4, %rd3;
    getctarank.u64 %r9, %rd4;
    st.global.v4.u32 [%rd1+48], {%r6, %r7, %r8, %r9};
DONE:
    ret;
}";

#[test]
fn the_cluster_registers_give_each_ctas_place_in_its_cluster() {
    let m = module(REGISTERS);
    // A 6x4 grid in clusters of 2x2, and the same grid without clusters
    // (each CTA a cluster of one, not explicit).
    for cluster in [Some((2u32, 2u32)), None] {
        let mut launch = m.kernel("regs").unwrap();
        let out = launch.zeroed::<u32>(16 * 24);
        launch.grid((6, 4)).block(32).arg(out);
        if let Some(c) = cluster {
            launch.cluster(c);
        }
        let got = launch.run().unwrap().read::<u32>(out);
        let (cx, cy) = cluster.unwrap_or((1, 1));
        for y in 0..4u32 {
            for x in 0..6u32 {
                let (rx, ry) = (x % cx, y % cy);
                let rank = rx + cx * ry;
                let expected = [
                    rx,
                    ry,
                    0,
                    0,
                    cx,
                    cy,
                    1,
                    rank,
                    x / cx,
                    y / cy,
                    0,
                    cx * cy,
                    6 / cx,
                    4 / cy,
                    u32::from(cluster.is_some()),
                    rank,
                ];
                let at = 16 * (y * 6 + x) as usize;
                assert_eq!(got[at..at + 16], expected, "CTA ({x}, {y}), {cluster:?}");
            }
        }
    }
}

/// Every thread of the cluster's four CTAs adds its `%ctaid.x + 1` to a
/// counter in the shared memory of the CTA of rank 0 (`atom.shared::cluster`
/// through `mapa`), and `red.shared::cluster` adds 1 to a second one;
/// after the cluster barrier, thread 0 of rank 0 writes both: 64 threads a
/// CTA give `64 * (1 + 2 + 3 + 4) = 640` and 256 for the first cluster,
/// `64 * (5 + 6 + 7 + 8) = 1664` and 256 for the second.
const COUNTER: &str = "
.visible .entry count(.param .u64 out) {
    .shared .align 4 .b32 sum[2];
    .reg .pred %p<3>;
    .reg .b32 %r<16>;
    .reg .b64 %rd<4>;
    mov.u32 %r1, %tid.x;
    mov.u32 %r2, %ctaid.x;
    setp.eq.u32 %p1, %r1, 0;
    mov.u32 %r3, sum;
    @%p1 st.shared.v2.u32 [%r3], {0, 0};
    barrier.cluster.arrive;
    barrier.cluster.wait;
    mapa.shared::cluster.u32 %r4, %r3, 0;
    add.u32 %r5, %r2, 1;
    atom.shared::cluster.add.u32 %r6, [%r4], %r5;
    red.shared::cluster.add.u32 [%r4+4], 1;
    barrier.cluster.arrive;
    barrier.cluster.wait;
    mov.u32 %r7, %cluster_ctarank;
    setp.eq.u32 %p2, %r7, 0;
    and.pred %p1, %p1, %p2;
    @!%p1 bra DONE;
    ld.shared.v2.u32 {%r8, %r9}, [%r3];
    ld.param.u64 %rd1, [out];
    mov.u32 %r10, %clusterid.x;
    mul.wide.u32 %rd2, %r10, 8;
    add.s64 %rd3, %rd1, %rd2;
    st.global.v2.u32 [%rd3], {%r8, %r9};
DONE:
    ret;
}";

#[test]
fn atomics_on_another_ctas_shared_memory_count_every_thread_of_the_cluster() {
    let m = module(COUNTER);
    let mut launch = m.kernel("count").unwrap();
    let out = launch.zeroed::<u32>(4);
    launch.grid(8).block(64).cluster(4).arg(out);
    assert_eq!(
        launch.run().unwrap().read::<u32>(out),
        [640, 256, 1664, 256]
    );
}

/// The CTA of rank 1 stores 42 + its `%ctaid.x` into `box` of rank 0 and
/// arrives (release, cluster scope) on rank 0's mbarrier; rank 0 waits
/// for the barrier's phase 0 and writes what `box` holds. The mbarrier is
/// initialised before the first cluster barrier, so rank 1 arrives on an
/// initialised object.
const REMOTE_MBARRIER: &str = "
.visible .entry remote(.param .u64 out) {
    .shared .align 8 .b64 bar;
    .shared .align 4 .b32 box;
    .reg .pred %p<4>;
    .reg .b32 %r<16>;
    .reg .b64 %rd<8>;
    mov.u32 %r1, %cluster_ctarank;
    mov.u32 %r2, bar;
    mov.u32 %r3, box;
    setp.eq.u32 %p1, %r1, 0;
    @%p1 mbarrier.init.shared::cta.b64 [%r2], 1;
    barrier.cluster.arrive;
    barrier.cluster.wait;
    @%p1 bra OWNER;
    mapa.shared::cluster.u32 %r4, %r3, 0;
    mov.u32 %r5, %ctaid.x;
    add.u32 %r5, %r5, 42;
    st.shared::cluster.u32 [%r4], %r5;
    mapa.shared::cluster.u32 %r6, %r2, 0;
    mbarrier.arrive.release.cluster.shared::cluster.b64 _, [%r6];
    bra.uni DONE;
OWNER:
    mbarrier.try_wait.parity.acquire.cluster.shared::cta.b64 %p2, [%r2], 0;
    @!%p2 bra OWNER;
    ld.shared.u32 %r7, [%r3];
    ld.param.u64 %rd1, [out];
    mov.u32 %r8, %clusterid.x;
    mul.wide.u32 %rd2, %r8, 4;
    add.s64 %rd3, %rd1, %rd2;
    st.global.u32 [%rd3], %r7;
DONE:
    barrier.cluster.arrive;
    barrier.cluster.wait;
    ret;
}";

#[test]
fn a_cta_arrives_on_another_ctas_mbarrier() {
    let m = module(REMOTE_MBARRIER);
    let mut launch = m.kernel("remote").unwrap();
    let out = launch.zeroed::<u32>(3);
    launch.grid(6).block(1).cluster(2).arg(out);
    // Cluster k's rank 1 is CTA 2k + 1.
    assert_eq!(launch.run().unwrap().read::<u32>(out), [43, 45, 47]);
}

/// The cluster shape comes from `.reqnctapercluster` when the launch
/// gives none, and a launch that disagrees with it, a grid that is not
/// a whole number of clusters, or a cluster of more than 16 CTAs is
/// refused; so is a launch without clusters of an `.explicitcluster`
/// kernel.
#[test]
fn cluster_shapes_the_gpu_refuses_are_errors_naming_the_shape() {
    let with = |directives: &str| {
        module(&RING.replace(
            ".visible .entry ring(.param .u64 out)",
            &format!(".visible .entry ring(.param .u64 out) {directives}"),
        ))
    };
    let required = with(".reqnctapercluster 2, 1, 1");
    let mut launch = required.kernel("ring").unwrap();
    let out = launch.zeroed::<u32>(32 * 4);
    launch.grid(4).block(32).arg(out);
    let got = launch.run().unwrap().read::<u32>(out);
    assert_eq!(got[0], 1000, "CTA 0's neighbour in a cluster of 2 is CTA 1");
    assert_eq!(got[32], 0, "CTA 1's neighbour is CTA 0");

    let message = |launch: &mut ptx_sim::kernel::KernelLaunch<'_>| match launch.run() {
        Err(e) => match first_fault(e) {
            Fault::Launch(LaunchFault::BadCluster { detail }) => detail,
            other => panic!("not a cluster-shape error: {other}"),
        },
        Ok(_) => panic!("the launch ran"),
    };
    launch.cluster(4);
    assert!(message(&mut launch).contains("its .reqnctapercluster is"));

    let plain = module(RING);
    let mut launch = plain.kernel("ring").unwrap();
    let out = launch.zeroed::<u32>(32 * 6);
    launch.grid(6).block(32).cluster(4).arg(out);
    assert!(message(&mut launch).contains("not a whole number of clusters"));
    launch.grid(32).cluster(32);
    assert!(message(&mut launch).contains("is not 1 to 16 CTAs"));

    let explicit = with(".explicitcluster");
    let mut launch = explicit.kernel("ring").unwrap();
    let out = launch.zeroed::<u32>(32);
    launch.grid(1).block(32).arg(out);
    assert!(message(&mut launch).contains(".explicitcluster"));
}

/// `barrier.cluster.wait` with no arrival before it, and `mapa` to a rank
/// the cluster does not have, are errors naming what is wrong.
#[test]
fn cluster_misuse_is_an_error_naming_the_thread_or_rank() {
    let m = module(
        "
.visible .entry k() {
    barrier.cluster.wait;
    ret;
}
.visible .entry far() {
    .shared .align 4 .b32 buf[1];
    .reg .b32 %r<4>;
    mov.u32 %r1, buf;
    mapa.shared::cluster.u32 %r2, %r1, 2;
    ret;
}",
    );
    let mut launch = m.kernel("k").unwrap();
    launch.grid(2).block(32).cluster(2);
    match first_fault(launch.run().unwrap_err()) {
        Fault::Sync(SyncFault::ClusterBarrier { detail, .. }) => {
            assert!(
                detail.contains("without a barrier.cluster.arrive"),
                "{detail}"
            )
        }
        other => panic!("{other}"),
    }
    let mut launch = m.kernel("far").unwrap();
    launch.grid(2).block(1).cluster(2);
    match first_fault(launch.run().unwrap_err()) {
        Fault::Memory(MemoryFault::NoSuchCta { rank, size, .. }) => {
            assert_eq!((rank, size), (2, 2))
        }
        other => panic!("{other}"),
    }
}

/// The CTA of rank 1 waits at a `bar.sync` its 32 threads can never
/// complete (it counts 64), so it never reaches the cluster barrier the
/// CTA of rank 0 waits at: a deadlock that names both places.
#[test]
fn a_cluster_whose_ctas_wait_on_each_other_is_a_deadlock_naming_both() {
    let m = module(
        "
.visible .entry k() {
    .reg .pred %p<2>;
    .reg .b32 %r<4>;
    mov.u32 %r1, %cluster_ctarank;
    setp.eq.u32 %p1, %r1, 1;
    @%p1 bar.sync 1, 64;
    barrier.cluster.arrive;
    barrier.cluster.wait;
    ret;
}",
    );
    let mut launch = m.kernel("k").unwrap();
    launch.grid(2).block(32).cluster(2);
    let err = launch.run().unwrap_err();
    let text = err.to_string();
    match first_fault(err) {
        Fault::Sync(SyncFault::Deadlock { waiting, .. }) => {
            assert!(
                waiting
                    .iter()
                    .any(|w| matches!(w.at, WaitSite::ClusterBarrier { rank: 0, .. })),
                "{text}"
            );
        }
        other => panic!("{other}"),
    }
    assert!(text.contains("barrier.cluster.wait"), "{text}");
}
