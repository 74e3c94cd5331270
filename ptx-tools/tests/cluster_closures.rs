//! Thread-block clusters in `ptx!` closure launches, held to the H100: the
//! cluster cases (`tests/data/kernels/cluster/`, recorded from the CUDA C
//! kernels in its `src/`) written again as Rust closures whose `ptx!`
//! statements are the kernels' inline PTX, launched with
//! `Launch::cluster`, and compared byte for byte with what the GPU left in
//! the same buffers from the same inputs (an H100; an H200 for the
//! `async_store` cases).

use ptx::launch::{GlobalBuffer, Launch, Thread};
use ptx::ptx;
use ptx_tools::cases::{Case, CaseArg, read_cases};
use std::path::Path;

/// The recorded cluster case `name` (`cluster/ring/c4`, ...).
fn case(name: &str) -> Case {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/data/kernels/cluster/cluster_h100.jsonl.gz");
    read_cases(&[path])
        .expect("the case file reads")
        .into_iter()
        .map(|(case, _)| case)
        .find(|c| c.name == name)
        .unwrap_or_else(|| panic!("no case {name}"))
}

/// The launch of `case`'s grid and block, each of its buffers registered
/// with the bytes it had before the H100's launch, in argument order;
/// and its scalar arguments.
fn launch_of(case: &Case) -> (Launch, Vec<(String, GlobalBuffer)>, Vec<i64>) {
    let mut launch = Launch::new(case.grid, case.block);
    let mut buffers = Vec::new();
    let mut scalars = Vec::new();
    for arg in &case.args {
        match arg {
            CaseArg::Buf(name) => {
                let buffer = launch.global(case.buffers[name].input.clone());
                buffers.push((name.clone(), buffer));
            }
            CaseArg::I32(v) => scalars.push(i64::from(*v)),
            CaseArg::U32(v) => scalars.push(i64::from(*v)),
            other => panic!("{}: no scalar like {other:?} expected", case.name),
        }
    }
    (launch, buffers, scalars)
}

/// Runs `body` as every thread of `case` in clusters of `shape` (none:
/// the implicit clusters of one) and checks every buffer against the
/// H100's bytes.
fn check<F>(case: &Case, shape: Option<[u32; 3]>, shared: usize, body: F)
where
    F: Fn(&Thread, &[GlobalBuffer], &[i64]) + Sync,
{
    let (mut launch, buffers, scalars) = launch_of(case);
    launch.shared_bytes(shared);
    if let Some(shape) = shape {
        launch.cluster(shape);
    }
    let addrs: Vec<GlobalBuffer> = buffers.iter().map(|(_, b)| *b).collect();
    let report = launch
        .run(|t| body(t, &addrs, &scalars))
        .unwrap_or_else(|e| panic!("{}: {e}", case.name));
    for (name, buffer) in &buffers {
        let got = report.read::<u8>(*buffer);
        let want = case.buffers[name].expected();
        let differ = got.iter().zip(want).filter(|(g, w)| g != w).count();
        assert_eq!(
            differ,
            0,
            "{}: buffer `{name}` differs from the H100's in {differ} of {} bytes",
            case.name,
            want.len()
        );
    }
}

/// The value statement `$mov` (a `mov.u32` of a special register, as the
/// kernels' `CLUSTER_SREG` reads one) leaves in `%0`.
macro_rules! sreg {
    ($mov:literal) => {{
        let v: u32;
        ptx!($mov : "=r"(v));
        v
    }};
}

/// The cluster registers and `elect.sync` (`specials.cu`): every thread
/// writes 32 words, 21 of them special registers read by `ptx!`, the
/// others what cooperative groups computes from them.
#[test]
fn the_cluster_registers_equal_the_h100s_in_every_shape() {
    for (name, shape) in [
        ("cluster/specials/c2x1x1", Some([2, 1, 1])),
        ("cluster/specials/c4x1x1", Some([4, 1, 1])),
        ("cluster/specials/c2x2x1", Some([2, 2, 1])),
        ("cluster/specials/c1x1x2", Some([1, 1, 2])),
        ("cluster/specials/c2x2x2", Some([2, 2, 2])),
        ("cluster/specials/none", None),
    ] {
        let case = case(name);
        check(&case, shape, 0, |t, bufs, _| {
            let [bx, by, _] = t.ntid;
            let tid = t.tid[0] + bx * (t.tid[1] + by * t.tid[2]);
            let nthr: u32 = t.ntid.iter().product();
            let cta = t.ctaid[0] + t.nctaid[0] * (t.ctaid[1] + t.nctaid[1] * t.ctaid[2]);
            let explicit: u32;
            ptx!("{ .reg .pred p; mov.pred p, %is_explicit_cluster; selp.u32 %0, 1, 0, p; }"
                 : "=r"(explicit));
            let (elected, leader): (u32, u32);
            ptx!("{ .reg .pred p; elect.sync %0|p, %2; selp.u32 %1, 1, 0, p; }"
                 : "=r"(elected), "=r"(leader) : "r"(u32::MAX));
            let partial = if t.lane >= 5 {
                let (e, l): (u32, u32);
                ptx!("{ .reg .pred p; elect.sync %0|p, %2; selp.u32 %1, 1, 0, p; }"
                     : "=r"(e), "=r"(l) : "r"(0xffff_ffe0u32));
                e | l << 8
            } else {
                0xdead
            };
            let [cx, cy, cz] = t.cluster_ctaid();
            let [nx, ny, nz] = t.cluster;
            let [ix, iy, iz] = t.clusterid();
            let [mx, my, _] = t.nclusterid();
            let words: [u32; 32] = [
                sreg!("mov.u32 %0, %ctaid.x;"),
                sreg!("mov.u32 %0, %ctaid.y;"),
                sreg!("mov.u32 %0, %ctaid.z;"),
                sreg!("mov.u32 %0, %nctaid.x;"),
                sreg!("mov.u32 %0, %nctaid.y;"),
                sreg!("mov.u32 %0, %nctaid.z;"),
                sreg!("mov.u32 %0, %cluster_ctaid.x;"),
                sreg!("mov.u32 %0, %cluster_ctaid.y;"),
                sreg!("mov.u32 %0, %cluster_ctaid.z;"),
                sreg!("mov.u32 %0, %cluster_nctaid.x;"),
                sreg!("mov.u32 %0, %cluster_nctaid.y;"),
                sreg!("mov.u32 %0, %cluster_nctaid.z;"),
                sreg!("mov.u32 %0, %cluster_ctarank;"),
                sreg!("mov.u32 %0, %cluster_nctarank;"),
                sreg!("mov.u32 %0, %clusterid.x;"),
                sreg!("mov.u32 %0, %clusterid.y;"),
                sreg!("mov.u32 %0, %clusterid.z;"),
                sreg!("mov.u32 %0, %nclusterid.x;"),
                sreg!("mov.u32 %0, %nclusterid.y;"),
                sreg!("mov.u32 %0, %nclusterid.z;"),
                explicit,
                // Cooperative groups: block_rank, num_blocks,
                // block_index, dim_blocks.
                t.cluster_rank(),
                t.cluster_size(),
                cx,
                cy,
                cz,
                nx,
                ny,
                nz,
                elected | leader << 8,
                partial,
                // this_grid().cluster_rank(): the linear cluster index.
                ix + mx * (iy + my * iz),
            ];
            let base = u64::from(cta * nthr + tid) * 32 * 4;
            for (k, w) in words.iter().enumerate() {
                let at = bufs[0].addr + base + 4 * k as u64;
                ptx!("st.global.u32 [%0], %1;" :: "l"(at), "r"(*w) : "memory");
            }
        });
    }
}

/// The generic address of this CTA's shared `offset`, as
/// `__cvta_generic_to_shared` inverts.
fn generic(offset: u32) -> u64 {
    let p: u64;
    ptx!("cvta.shared.u64 %0, %1;" : "=l"(p) : "l"(u64::from(offset)));
    p
}

/// `cluster.sync()`: `barrier.cluster.arrive` then `wait`, as cooperative
/// groups compiles it.
fn cluster_sync() {
    ptx!("barrier.cluster.arrive.aligned;" ::: "memory");
    ptx!("barrier.cluster.wait.aligned;" ::: "memory");
}

/// The ring exchange (`ring.cu`): each round pushes a value into the right
/// neighbour's shared memory with `st.shared::cluster`, passes one of
/// three forms of the cluster barrier, and reads what the left neighbour
/// pushed; at the end each thread pulls the left neighbour's final value
/// with `ld.shared::cluster`. Shared memory: `buf[2][256]` at 0, `fin[256]`
/// at 2048.
#[test]
fn a_ring_through_distributed_shared_memory_equals_the_h100s() {
    for (name, size) in [("cluster/ring/c4", 4), ("cluster/ring/c8", 8)] {
        let case = case(name);
        check(&case, Some([size, 1, 1]), 3072, |t, bufs, scalars| {
            let (input, out, trace) = (bufs[0].addr, bufs[1].addr, bufs[2].addr);
            let rounds = scalars[0] as u32;
            let (q, n) = (
                sreg!("mov.u32 %0, %cluster_ctarank;"),
                sreg!("mov.u32 %0, %cluster_nctarank;"),
            );
            let (right, left) = ((q + 1) % n, (q + n - 1) % n);
            let tid = t.tid[0];
            let gid = t.ctaid[0] * t.ntid[0] + tid;
            let nthreads = t.nctaid[0] * t.ntid[0];
            let mut v: u32;
            ptx!("ld.global.u32 %0, [%1];" : "=r"(v) : "l"(input + 4 * u64::from(gid)));
            let buf = |k: u32| 4 * (256 * (k & 1) + tid);
            let mapa = |addr: u32, rank: u32| {
                let d: u32;
                ptx!("mapa.shared::cluster.u32 %0, %1, %2;" : "=r"(d) : "r"(addr), "r"(rank));
                d
            };
            let remote = [mapa(buf(0), right), mapa(buf(1), right)];
            cluster_sync();
            for k in 0..rounds {
                ptx!("st.shared::cluster.u32 [%0], %1;" :: "r"(remote[(k & 1) as usize]), "r"(v) : "memory");
                match k % 3 {
                    0 => {
                        ptx!("barrier.cluster.arrive;" ::: "memory");
                        ptx!("barrier.cluster.wait;" ::: "memory");
                    }
                    1 => cluster_sync(),
                    _ => {
                        ptx!("fence.acq_rel.cluster;" ::: "memory");
                        ptx!("barrier.cluster.arrive.relaxed;" ::: "memory");
                        ptx!("barrier.cluster.wait;" ::: "memory");
                    }
                }
                let r: u32;
                ptx!("ld.volatile.shared.u32 %0, [%1];" : "=r"(r) : "r"(buf(k)));
                let at = trace + 4 * (u64::from(k) * u64::from(nthreads) + u64::from(gid));
                ptx!("st.global.u32 [%0], %1;" :: "l"(at), "r"(r) : "memory");
                v = v
                    .wrapping_mul(3)
                    .wrapping_add(r)
                    .wrapping_add(7 * q)
                    .wrapping_add(k);
            }
            let fin = 2048 + 4 * tid;
            ptx!("st.shared.u32 [%0], %1;" :: "r"(fin), "r"(v) : "memory");
            cluster_sync();
            let w: u32;
            ptx!("ld.shared::cluster.u32 %0, [%1];" : "=r"(w) : "r"(mapa(fin, left)));
            let o = out + 8 * u64::from(gid);
            ptx!("st.global.u32 [%0], %1;" :: "l"(o), "r"(v) : "memory");
            ptx!("st.global.u32 [%0], %1;" :: "l"(o + 4), "r"(w) : "memory");
            cluster_sync();
        });
    }
}

/// A remote mbarrier (`mbarrier.cu`): the CTAs of rank 1 and up store into
/// rank 0's shared memory and arrive on rank 0's mbarrier, whose threads
/// spin on `try_wait.parity` for two phases. Shared memory: the barrier at
/// 0, `data[2][448]` at 8.
#[test]
fn remote_mbarrier_arrivals_equal_the_h100s() {
    for (name, size) in [("cluster/mbarrier/c2", 2), ("cluster/mbarrier/c4", 4)] {
        let case = case(name);
        check(&case, Some([size, 1, 1]), 8 + 2 * 448 * 4, |t, bufs, _| {
            let (input, out) = (bufs[0].addr, bufs[1].addr);
            let (q, n) = (
                sreg!("mov.u32 %0, %cluster_ctarank;"),
                sreg!("mov.u32 %0, %cluster_nctarank;"),
            );
            let (tid, nt) = (t.tid[0], t.ntid[0]);
            let cluster = sreg!("mov.u32 %0, %clusterid.x;");
            let bar = 0u32;
            let mapa0 = |addr: u32| {
                let d: u32;
                ptx!("mapa.shared::cluster.u32 %0, %1, %2;" : "=r"(d) : "r"(addr), "r"(0u32));
                d
            };
            if q == 0 && tid == 0 {
                ptx!("mbarrier.init.shared::cta.b64 [%0], %1;" :: "r"(bar), "r"((n - 1) * nt) : "memory");
                ptx!("fence.mbarrier_init.release.cluster;" ::: "memory");
            }
            cluster_sync();
            let total = (n - 1) * nt;
            for p in 0..2u32 {
                let data = |i: u32| 8 + 4 * (448 * p + i);
                if q != 0 {
                    let x: u32;
                    let at = input + 4 * u64::from((cluster * n + q) * nt + tid);
                    ptx!("ld.global.u32 %0, [%1];" : "=r"(x) : "l"(at));
                    let val = x
                        .wrapping_mul(p + 1)
                        .wrapping_add(0x1000 * p)
                        .wrapping_add(q);
                    let dst = mapa0(data((q - 1) * nt + tid));
                    ptx!("st.shared::cluster.u32 [%0], %1;" :: "r"(dst), "r"(val) : "memory");
                    ptx!("mbarrier.arrive.release.cluster.shared::cluster.b64 _, [%0];"
                         :: "r"(mapa0(bar)) : "memory");
                } else {
                    loop {
                        let done: u32;
                        ptx!("{ .reg .pred p; mbarrier.try_wait.parity.acquire.cluster.shared::cta.b64 p, [%1], %2; selp.u32 %0, 1, 0, p; }"
                             : "=r"(done) : "r"(bar), "r"(p) : "memory");
                        if done != 0 {
                            break;
                        }
                    }
                    for i in (tid..total).step_by(nt as usize) {
                        let x: u32;
                        ptx!("ld.shared.u32 %0, [%1];" : "=r"(x) : "r"(data(i)));
                        let at = out + 4 * u64::from((cluster * 2 + p) * total + i);
                        ptx!("st.global.u32 [%0], %1;" :: "l"(at), "r"(x) : "memory");
                    }
                }
                cluster_sync();
            }
        });
    }
}

/// The distributed histogram (`histogram.cu`): every thread adds into the
/// bin's owner CTA through a generic address from `mapa.u64` and
/// `atom.add`; after the cluster barrier each CTA writes out its bins.
/// Shared memory: the CTA's bins at 0.
#[test]
fn a_histogram_over_the_clusters_shared_memory_equals_the_h100s() {
    for (name, shape) in [
        ("cluster/histogram/c4x1x1", [4, 1, 1]),
        ("cluster/histogram/c2x2x1", [2, 2, 1]),
    ] {
        let case = case(name);
        check(&case, Some(shape), 1024, |t, bufs, scalars| {
            let (input, cluster_bins, global_bins) = (bufs[0].addr, bufs[1].addr, bufs[2].addr);
            let per_cta = scalars[0] as u32;
            let rank = t.cluster_rank();
            let per = 256 / t.cluster_size();
            let (tid, nt) = (t.tid[0], t.ntid[0]);
            for i in (tid..per).step_by(nt as usize) {
                ptx!("st.shared.u32 [%0], %1;" :: "r"(4 * i), "r"(0u32) : "memory");
            }
            cluster_sync();
            let cta = t.ctaid[0] + t.nctaid[0] * (t.ctaid[1] + t.nctaid[1] * t.ctaid[2]);
            let slice = input + 4 * u64::from(cta * per_cta);
            for i in (tid..per_cta).step_by(nt as usize) {
                let x: u32;
                ptx!("ld.global.u32 %0, [%1];" : "=r"(x) : "l"(slice + 4 * u64::from(i)));
                let bin = x & 255;
                let owner: u64;
                ptx!("mapa.u64 %0, %1, %2;" : "=l"(owner) : "l"(generic(0)), "r"(bin / per));
                let at = owner + 4 * u64::from(bin % per);
                ptx!("red.add.u32 [%0], %1;" :: "l"(at), "r"(1u32) : "memory");
            }
            cluster_sync();
            let [ix, iy, iz] = [
                sreg!("mov.u32 %0, %clusterid.x;"),
                sreg!("mov.u32 %0, %clusterid.y;"),
                sreg!("mov.u32 %0, %clusterid.z;"),
            ];
            let [mx, my] = [
                sreg!("mov.u32 %0, %nclusterid.x;"),
                sreg!("mov.u32 %0, %nclusterid.y;"),
            ];
            let cluster = ix + mx * (iy + my * iz);
            for i in (tid..per).step_by(nt as usize) {
                let c: u32;
                ptx!("ld.shared.u32 %0, [%1];" : "=r"(c) : "r"(4 * i));
                let at = cluster_bins + 4 * u64::from(cluster * 256 + rank * per + i);
                ptx!("st.global.u32 [%0], %1;" :: "l"(at), "r"(c) : "memory");
                let g = global_bins + 4 * u64::from(rank * per + i);
                ptx!("red.global.add.u32 [%0], %1;" :: "l"(g), "r"(c) : "memory");
            }
        });
    }
}

/// Asynchronous remote stores and reductions (`async_store.cu`, recorded on
/// an H200): every thread `st.async`es seven forms and `red.async`es ten
/// into the next rank's box, each completing its bytes on that rank's
/// mbarrier, which the receiving CTA waits on before it copies its box out.
/// Shared memory: the box (4656 bytes, its fields at the offsets the CUDA
/// struct gives them), then the barrier.
#[test]
fn asynchronous_remote_stores_and_reductions_equal_the_h200s() {
    const BOX: u32 = 4656;
    const BAR: u32 = BOX;
    // The counters' offsets in the box.
    const ADD: u32 = 4608;
    const MAX: u32 = 4612;
    const INC: u32 = 4616;
    const DEC: u32 = 4620;
    const AND: u32 = 4624;
    const OR: u32 = 4628;
    const XOR: u32 = 4632;
    const MIN: u32 = 4636;
    const ADD64: u32 = 4640;
    const ADDS64: u32 = 4648;
    // Each thread sends 72 bytes of stores and 48 of reductions.
    const BYTES: u32 = 120;
    for (name, size) in [("cluster/async_store/c2", 2), ("cluster/async_store/c4", 4)] {
        let case = case(name);
        check(
            &case,
            Some([size, 1, 1]),
            (BOX + 8) as usize,
            |t, bufs, _| {
                let (input, out) = (bufs[0].addr, bufs[1].addr);
                let (q, n) = (
                    sreg!("mov.u32 %0, %cluster_ctarank;"),
                    sreg!("mov.u32 %0, %cluster_nctarank;"),
                );
                let p = (q + 1) % n;
                let tid = t.tid[0];
                let gid = t.ctaid[0] * 64 + tid;
                let st32 = |at: u32, v: u32| {
                    ptx!("st.shared.u32 [%0], %1;" :: "r"(at), "r"(v) : "memory");
                };
                if tid == 0 {
                    for (at, v) in [
                        (ADD, 0),
                        (MIN, 0x7fff_ffff),
                        (MAX, 0),
                        (INC, 0),
                        (DEC, 20),
                        (AND, u32::MAX),
                        (OR, 0),
                        (XOR, 0),
                    ] {
                        st32(at, v);
                    }
                    for at in [ADD64, ADDS64] {
                        ptx!("st.shared.u64 [%0], %1;" :: "r"(at), "l"(0u64) : "memory");
                    }
                    ptx!("mbarrier.init.shared::cta.b64 [%0], 1;" :: "r"(BAR) : "memory");
                    ptx!("fence.mbarrier_init.release.cluster;" ::: "memory");
                    ptx!("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" :: "r"(BAR), "r"(64 * BYTES) : "memory");
                }
                cluster_sync();
                let x: u32;
                ptx!("ld.global.u32 %0, [%1];" : "=r"(x) : "l"(input + 4 * u64::from(gid)));
                let remote = |offset: u32| {
                    let d: u32;
                    ptx!("mapa.shared::cluster.u32 %0, %1, %2;" : "=r"(d) : "r"(offset), "r"(p));
                    d
                };
                let rbar = remote(BAR);
                ptx!("st.async.shared::cluster.mbarrier::complete_tx::bytes.u32 [%0], %1, [%2];"
                 :: "r"(remote(4 * tid)), "r"(x), "r"(rbar) : "memory");
                let wide = u64::from(x)
                    .wrapping_mul(0x1_0000_0001)
                    .wrapping_add(u64::from(tid));
                ptx!("st.async.shared::cluster.mbarrier::complete_tx::bytes.b64 [%0], %1, [%2];"
                 :: "r"(remote(256 + 8 * tid)), "l"(wide), "r"(rbar) : "memory");
                ptx!("st.async.shared::cluster.mbarrier::complete_tx::bytes.v2.u32 [%0], {%1, %2}, [%3];"
                 :: "r"(remote(768 + 8 * tid)), "r"(x.wrapping_add(1)), "r"(x ^ tid), "r"(rbar) : "memory");
                ptx!("st.async.shared::cluster.mbarrier::complete_tx::bytes.v4.u32 [%0], {%1, %2, %3, %4}, [%5];"
                 :: "r"(remote(1280 + 16 * tid)), "r"(x), "r"(x.wrapping_add(q)), "r"(x.wrapping_mul(3)), "r"(!x), "r"(rbar) : "memory");
                ptx!("st.async.shared::cluster.mbarrier::complete_tx::bytes.v4.f32 [%0], {%1, %2, %3, %4}, [%5];"
                 :: "r"(remote(2304 + 16 * tid)), "f"(tid as f32), "f"((x & 0xffff) as f32), "f"(-(tid as f32)), "f"(0.5f32), "r"(rbar) : "memory");
                ptx!("st.async.shared::cluster.mbarrier::complete_tx::bytes.v2.f64 [%0], {%1, %2}, [%3];"
                 :: "r"(remote(3328 + 16 * tid)), "d"(f64::from(x)), "d"(-f64::from(tid)), "r"(rbar) : "memory");
                ptx!("st.async.mbarrier::complete_tx::bytes.s32 [%0], %1, [%2];"
                 :: "r"(remote(4352 + 4 * tid)), "r"((x as i32).wrapping_neg()), "r"(rbar) : "memory");
                ptx!("red.async.relaxed.cluster.shared::cluster.mbarrier::complete_tx::bytes.add.u32 [%0], %1, [%2];"
                 :: "r"(remote(ADD)), "r"(x), "r"(rbar) : "memory");
                ptx!("red.async.relaxed.cluster.shared::cluster.mbarrier::complete_tx::bytes.min.s32 [%0], %1, [%2];"
                 :: "r"(remote(MIN)), "r"(x as i32), "r"(rbar) : "memory");
                ptx!("red.async.relaxed.cluster.shared::cluster.mbarrier::complete_tx::bytes.max.u32 [%0], %1, [%2];"
                 :: "r"(remote(MAX)), "r"(x), "r"(rbar) : "memory");
                ptx!("red.async.relaxed.cluster.shared::cluster.mbarrier::complete_tx::bytes.inc.u32 [%0], %1, [%2];"
                 :: "r"(remote(INC)), "r"(50u32), "r"(rbar) : "memory");
                ptx!("red.async.relaxed.cluster.shared::cluster.mbarrier::complete_tx::bytes.dec.u32 [%0], %1, [%2];"
                 :: "r"(remote(DEC)), "r"(1000u32), "r"(rbar) : "memory");
                ptx!("red.async.relaxed.cluster.shared::cluster.mbarrier::complete_tx::bytes.and.b32 [%0], %1, [%2];"
                 :: "r"(remote(AND)), "r"(x | 0xf0f0_f0f0), "r"(rbar) : "memory");
                ptx!("red.async.relaxed.cluster.shared::cluster.mbarrier::complete_tx::bytes.or.b32 [%0], %1, [%2];"
                 :: "r"(remote(OR)), "r"((x & 0x0f0f_0f0f) << (tid & 3)), "r"(rbar) : "memory");
                ptx!("red.async.relaxed.cluster.shared::cluster.mbarrier::complete_tx::bytes.xor.b32 [%0], %1, [%2];"
                 :: "r"(remote(XOR)), "r"(x.wrapping_mul(tid)), "r"(rbar) : "memory");
                ptx!("red.async.relaxed.cluster.shared::cluster.mbarrier::complete_tx::bytes.add.u64 [%0], %1, [%2];"
                 :: "r"(remote(ADD64)), "l"(u64::from(x) * u64::from(x)), "r"(rbar) : "memory");
                ptx!("red.async.relaxed.cluster.shared::cluster.mbarrier::complete_tx::bytes.add.s64 [%0], %1, [%2];"
                 :: "r"(remote(ADDS64)), "l"(i64::from(x as i32)), "r"(rbar) : "memory");
                loop {
                    let done: u32;
                    ptx!("{ .reg .pred P; mbarrier.try_wait.parity.acquire.cluster.shared::cta.b64 P, [%1], 0; selp.u32 %0, 1, 0, P; }"
                     : "=r"(done) : "r"(BAR) : "memory");
                    if done != 0 {
                        break;
                    }
                }
                let words = BOX / 4;
                for i in (tid..words).step_by(64) {
                    let w: u32;
                    ptx!("ld.shared.u32 %0, [%1];" : "=r"(w) : "r"(4 * i));
                    let at = out + 4 * u64::from(t.ctaid[0] * words + i);
                    ptx!("st.global.u32 [%0], %1;" :: "l"(at), "r"(w) : "memory");
                }
                cluster_sync();
            },
        );
    }
}
