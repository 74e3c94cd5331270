//! Thread-block clusters in launches of Rust closures (`Launch::cluster`):
//! distributed shared memory, the cluster barrier, multicast bulk copies,
//! and the errors of shapes and barriers used wrongly. The H100's own
//! results for the same statements are held in
//! `ptx-tools/tests/cluster_closures.rs`.

use ptx::launch::{
    Checks, Fault, Launch, LaunchFault, MemoryFault, SyncFault, Thread, WaitSite, Waiting,
};
use ptx::ptx;

/// `barrier.cluster.arrive` then `wait`, as `cluster.sync()` compiles.
fn cluster_sync() {
    ptx!("barrier.cluster.arrive;" ::: "memory");
    ptx!("barrier.cluster.wait;" ::: "memory");
}

/// The `.shared::cluster` address of `offset` in the CTA of rank `rank`.
fn mapa(offset: u32, rank: u32) -> u32 {
    let d: u32;
    ptx!("mapa.shared::cluster.u32 %0, %1, %2;" : "=r"(d) : "r"(offset), "r"(rank));
    d
}

/// The index of CTA `ctaid` in a grid of `nctaid`, x fastest: its place
/// in `Report::shared`.
fn linear(t: &Thread) -> u32 {
    t.ctaid[0] + t.nctaid[0] * (t.ctaid[1] + t.nctaid[1] * t.ctaid[2])
}

#[test]
fn each_ctas_shared_memory_is_reported_in_grid_order_whatever_its_rank() {
    // A 4x2 grid in 2x2 clusters: rank r = x + 2y within the cluster, so
    // the ranks of cluster 0 are CTAs 0, 1, 4 and 5 of the grid. Thread 0
    // of each CTA writes its grid index into the next rank's word.
    let mut launch = Launch::new([4, 2, 1], 32);
    launch.shared_bytes(4).cluster([2, 2, 1]);
    let report = launch
        .run(|t| {
            if t.tid[0] == 0 {
                let next = (t.cluster_rank() + 1) % 4;
                ptx!("st.shared::cluster.u32 [%0], %1;" :: "r"(mapa(0, next)), "r"(linear(t)) : "memory");
            }
            cluster_sync();
        })
        .unwrap();
    let words: Vec<u32> = report
        .shared
        .iter()
        .map(|s| u32::from_le_bytes(s[..4].try_into().unwrap()))
        .collect();
    // Each CTA holds the grid index of the CTA of the rank before its own:
    // cluster 0 is CTAs 0 (rank 0), 1 (1), 4 (2), 5 (3), cluster 1 the
    // same shifted by 2.
    assert_eq!(words, [5, 0, 7, 2, 1, 4, 3, 6]);
}

#[test]
fn clusters_give_the_same_results_on_one_worker_and_on_many() {
    // Clusters of 4: every thread adds its grid-wide index into the word
    // of the CTA of the next rank, then reads its own after the barrier.
    let run = |workers: usize| {
        let mut launch = Launch::new(16, 64);
        launch.shared_bytes(4).cluster(4).workers(workers);
        launch
            .run(|t| {
                let next = (t.cluster_rank() + 1) % 4;
                ptx!("red.shared::cluster.add.u32 [%0], %1;" :: "r"(mapa(0, next)), "r"(t.index as u32) : "memory");
                cluster_sync();
                let sum: u32;
                ptx!("ld.shared.u32 %0, [%1];" : "=r"(sum) : "r"(0u32));
                sum
            })
            .unwrap()
            .results
    };
    let one = run(1);
    // CTA c's word holds the sum of the 64 indices of the CTA before it in
    // its cluster: CTA c - 1, or c + 3 for rank 0.
    let sum_of = |c: u32| (64 * c..64 * c + 64).sum::<u32>();
    for c in 0..16u32 {
        let before = if c % 4 == 0 { c + 3 } else { c - 1 };
        assert_eq!(one[64 * c as usize], sum_of(before), "CTA {c}");
    }
    assert_eq!(run(4), one);
}

#[test]
fn threads_that_returned_do_not_hold_up_the_cluster_barrier() {
    // Half the threads of rank 1 return at once; the others pass two
    // phases of the barrier.
    let mut launch = Launch::new(2, 64);
    launch.shared_bytes(4).cluster(2);
    let report = launch
        .run(|t| {
            if t.cluster_rank() == 1 && t.tid[0] >= 32 {
                return 0;
            }
            ptx!("red.shared::cluster.add.u32 [%0], %1;" :: "r"(mapa(0, 0)), "r"(1u32) : "memory");
            cluster_sync();
            cluster_sync();
            let n: u32;
            ptx!("ld.shared::cluster.u32 %0, [%1];" : "=r"(n) : "r"(mapa(0, 0)));
            n
        })
        .unwrap();
    // 64 threads of rank 0 and 32 of rank 1 added 1 before the barrier.
    assert_eq!(report.results[0], 96);
    assert_eq!(report.results[64 + 31], 96);
}

#[test]
fn a_cta_without_clusters_is_a_cluster_of_one_whose_barrier_orders_its_warps() {
    let report = Launch::new(2, 64)
        .shared_bytes(4)
        .run(|t| {
            let (rank, size, explicit): (u32, u32, u32);
            ptx!("mov.u32 %0, %cluster_ctarank;" : "=r"(rank));
            ptx!("mov.u32 %0, %cluster_nctarank;" : "=r"(size));
            ptx!("{ .reg .pred p; mov.pred p, %is_explicit_cluster; selp.u32 %0, 1, 0, p; }" : "=r"(explicit));
            if t.warp == 1 && t.lane == 0 {
                ptx!("st.shared.u32 [%0], %1;" :: "r"(0u32), "r"(77u32) : "memory");
            }
            cluster_sync();
            let seen: u32;
            ptx!("ld.shared.u32 %0, [%1];" : "=r"(seen) : "r"(0u32));
            (rank, size, explicit, seen)
        })
        .unwrap();
    // Warp 0 runs first, yet reads what warp 1 wrote before the barrier.
    assert!(report.results.iter().all(|&r| r == (0, 1, 0, 77)));
}

#[test]
fn a_multicast_bulk_copy_lands_in_every_cta_of_its_mask_and_completes_their_barriers() {
    // Rank 0 copies 64 bytes from global memory into the same offset of
    // ranks 0 and 2 of a cluster of 4 (mask 0b101); each CTA's mbarrier at
    // 0 expects 64 bytes in ranks 0 and 2. The data lies at 64.
    let mut launch = Launch::new(4, 32);
    let source: Vec<u32> = (0..16).map(|i| 0x1000 + i * 3).collect();
    let src = launch.global_from(&source);
    launch.shared_bytes(128).cluster(4);
    let report = launch
        .run(|t| {
            let rank = t.cluster_rank();
            let receives = rank == 0 || rank == 2;
            if t.tid[0] == 0 && receives {
                ptx!("mbarrier.init.shared::cta.b64 [%0], 1;" :: "r"(0u32) : "memory");
                ptx!("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], 64;" :: "r"(0u32) : "memory");
            }
            cluster_sync();
            if rank == 0 && t.tid[0] == 0 {
                ptx!("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes.multicast::cluster [%0], [%1], 64, [%2], %3;"
                     :: "r"(64u32), "l"(src.addr), "r"(0u32), "h"(0b101u16) : "memory");
            }
            let mut word = 0;
            if receives {
                loop {
                    let done: u32;
                    ptx!("{ .reg .pred p; mbarrier.try_wait.parity.shared::cta.b64 p, [%1], 0; selp.u32 %0, 1, 0, p; }"
                         : "=r"(done) : "r"(0u32) : "memory");
                    if done != 0 {
                        break;
                    }
                }
                ptx!("ld.shared.u32 %0, [%1];" : "=r"(word) : "r"(64 + 4 * (t.tid[0] % 16)));
            }
            // No CTA exits while a copy into it may be under way.
            cluster_sync();
            word
        })
        .unwrap();
    for cta in 0..4 {
        let got = &report.results[32 * cta..32 * cta + 16];
        if cta % 4 == 0 || cta % 4 == 2 {
            assert_eq!(got, source, "CTA {cta}");
        } else {
            assert_eq!(got, [0; 16], "CTA {cta}: not in the mask");
        }
    }
}

#[test]
fn cluster_shapes_the_gpu_refuses_are_errors_naming_the_shape() {
    let message = |grid: u32, shape: [u32; 3]| {
        let err = Launch::new(grid, 32)
            .cluster(shape)
            .run(|_| ())
            .unwrap_err();
        match &err.faults[0].fault {
            Fault::Launch(LaunchFault::BadCluster { detail }) => detail.clone(),
            other => panic!("expected a bad cluster, got {other}"),
        }
    };
    assert!(message(6, [4, 1, 1]).contains("not a whole number of clusters"));
    assert!(message(32, [32, 1, 1]).contains("is not 1 to 16 CTAs"));
    assert!(message(4, [0, 1, 1]).contains("is not 1 to 16 CTAs"));
}

#[test]
fn a_wait_without_an_arrival_is_an_error_naming_the_thread() {
    let err = Launch::new(2, 32)
        .cluster(2)
        .run(|t| {
            if t.cluster_rank() == 1 && t.tid[0] == 5 {
                ptx!("barrier.cluster.wait;");
            }
        })
        .unwrap_err();
    let fault = &err.faults[0];
    match &fault.fault {
        Fault::Sync(SyncFault::ClusterBarrier { detail, .. }) => {
            assert!(detail.contains("thread 5 of the CTA of rank 1"), "{detail}")
        }
        other => panic!("expected a cluster-barrier error, got {other}"),
    }
    assert_eq!(fault.statement.as_deref(), Some("barrier.cluster.wait;"));
}

#[test]
fn a_shared_cluster_address_past_the_cluster_is_an_error() {
    let err = Launch::new(2, 32)
        .shared_bytes(4)
        .cluster(2)
        .run(|t| {
            // Rank 2's window, in a cluster of 2.
            let at = 2u32 << 24;
            if t.tid[0] == 0 {
                ptx!("st.shared::cluster.u32 [%0], %1;" :: "r"(at), "r"(1u32) : "memory");
            }
        })
        .unwrap_err();
    match &err.faults[0].fault {
        Fault::Memory(MemoryFault::NoSuchCta { rank, size, .. }) => {
            assert_eq!((*rank, *size), (2, 2))
        }
        other => panic!("expected no such CTA, got {other}"),
    }
}

#[test]
fn a_cluster_waiting_on_a_thread_stuck_at_a_cta_barrier_deadlocks_naming_both() {
    // Thread 0 of rank 1 waits at `bar.sync 1, 64` for a second warp that
    // never comes; every other thread waits at the cluster barrier.
    let err = Launch::new(2, 64)
        .cluster(2)
        .run(|t| {
            if t.cluster_rank() == 1 && t.tid[0] == 0 {
                ptx!("bar.sync 1, 64;");
            }
            cluster_sync();
        })
        .unwrap_err();
    let deadlocks: Vec<(&[u32; 3], &Vec<Waiting>)> = err
        .faults
        .iter()
        .filter_map(|f| match &f.fault {
            Fault::Sync(SyncFault::Deadlock { cta, waiting, .. }) => Some((cta, waiting)),
            _ => None,
        })
        .collect();
    assert_eq!(deadlocks.len(), 2, "{err}");
    // Of the 128 threads of the cluster, 127 arrived.
    let at_cluster = |rank| WaitSite::ClusterBarrier {
        rank,
        expected: 128,
        arrived: 127,
    };
    assert_eq!(deadlocks[0].0, &[0, 0, 0]);
    assert_eq!(deadlocks[0].1.len(), 1);
    assert_eq!(deadlocks[0].1[0].at, at_cluster(0));
    assert_eq!(deadlocks[0].1[0].threads, (0..64).collect::<Vec<_>>());
    assert_eq!(deadlocks[1].0, &[1, 0, 0]);
    let sites: Vec<&WaitSite> = deadlocks[1].1.iter().map(|w| &w.at).collect();
    assert!(sites.contains(&&at_cluster(1)), "{sites:?}");
    assert!(
        sites.iter().any(|s| matches!(
            s,
            WaitSite::Barrier {
                barrier: 1,
                expected: 64,
                ..
            }
        )),
        "{sites:?}"
    );
}

#[test]
fn the_sanitizer_finds_nothing_in_a_ring_that_synchronises() {
    // Each thread pushes into the next rank's word for it, passes the
    // cluster barrier, reads what the rank before pushed, and passes it
    // again before the next round: no race, no uninitialised read.
    let mut launch = Launch::new(4, 64);
    launch.shared_bytes(256).cluster(4).checks(Checks::ALL);
    let report = launch
        .run(|t| {
            let mut v = t.index as u32;
            for _ in 0..3 {
                let next = (t.cluster_rank() + 1) % 4;
                ptx!("st.shared::cluster.u32 [%0], %1;" :: "r"(mapa(4 * t.tid[0], next)), "r"(v) : "memory");
                cluster_sync();
                ptx!("ld.shared.u32 %0, [%1];" : "=r"(v) : "r"(4 * t.tid[0]));
                cluster_sync();
            }
            v
        })
        .unwrap();
    // After 3 rounds thread i of rank r holds the value of thread i of
    // rank r - 3 (mod 4), that is of rank r + 1.
    for c in 0..4u32 {
        let from = (c + 1) % 4;
        assert_eq!(report.results[64 * c as usize + 7], 64 * from + 7);
    }
}

/// `mov.v4.u32 {x, y, z, w}, %reg` of the vector special register `$reg`
/// (written `"%%tid"`), its text pasted into the template as a literal.
macro_rules! vector_register {
    ($reg:literal) => {{
        let (x, y, z, w): (u32, u32, u32, u32);
        ptx!("mov.v4.u32 {%0, %1, %2, %3}, " $reg ";" : "=r"(x), "=r"(y), "=r"(z), "=r"(w));
        [x, y, z, w]
    }};
}

#[test]
fn a_whole_vector_special_register_moves_into_four_registers() {
    // A 4x2x2 grid of 2x2x1 blocks in 2x1x2 clusters: the cluster's place
    // is the CTA's divided by the cluster shape, the CTA's place in it the
    // remainder; `.w` reads 0 (PTX ISA "Special Registers"). The form
    // flashinfer writes, `{x, y, z, _}`, drops `.w`.
    let mut launch = Launch::new([4, 2, 2], [2, 2, 1]);
    launch.cluster([2, 1, 2]);
    launch
        .run(|t| {
            let (cta, grid) = (t.ctaid, t.nctaid);
            let shape = [2, 1, 2];
            let xyz = |a: [u32; 3]| [a[0], a[1], a[2], 0];
            assert_eq!(vector_register!("%%tid"), xyz(t.tid));
            assert_eq!(vector_register!("%%ntid"), [2, 2, 1, 0]);
            assert_eq!(vector_register!("%%ctaid"), xyz(cta));
            assert_eq!(vector_register!("%%nctaid"), [4, 2, 2, 0]);
            let cluster = [cta[0] / 2, cta[1], cta[2] / 2, 0];
            assert_eq!(vector_register!("%%clusterid"), cluster);
            assert_eq!(vector_register!("%%nclusterid"), [grid[0] / 2, 2, 1, 0]);
            assert_eq!(
                vector_register!("%%cluster_ctaid"),
                [cta[0] % 2, 0, cta[2] % 2, 0]
            );
            assert_eq!(vector_register!("%%cluster_nctaid"), xyz(shape));
            let (x, z): (u32, u32);
            ptx!("mov.v4.u32 {%0, _, %1, _}, %%clusterid;" : "=r"(x), "=r"(z));
            assert_eq!([x, z], [cluster[0], cluster[2]]);
        })
        .unwrap();
}
