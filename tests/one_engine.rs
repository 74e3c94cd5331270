//! One program, two front-ends: the same cluster program written as Rust
//! closures (`ptx!` statements in a `Launch`) and as a PTX module (a
//! kernel launched from `Module`) runs on the engine's one configuration,
//! one cluster implementation and one answer for the special registers,
//! so the two give the same results, and refuse the same shapes with the
//! same fault.

use ptx::Module;
use ptx::launch::{Fault, Launch, LaunchFault, Thread};
use ptx::ptx;
use ptx::sim::kernel::KernelError;

/// Each CTA's thread 0 stores `10 × (its CTA's index in the grid) + 7`
/// into the first word of the shared memory of the CTA of the next rank in
/// its cluster; after the cluster barrier every thread reads its own CTA's
/// word and stores it, with what the special registers say of its CTA:
/// eight words a thread, at 32 × (its index in the grid).
const RING: &str = r#"
.version 8.0
.target sm_90
.address_size 64
.extern .shared .align 4 .b8 dsm[];
.visible .entry ring(.param .u64 out)
{
    .reg .b32 %r<20>;
    .reg .b64 %rd<4>;
    .reg .pred %p<2>;
    ld.param.u64 %rd1, [out];
    cvta.to.global.u64 %rd1, %rd1;
    mov.u32 %r1, %cluster_ctarank;
    mov.u32 %r2, %cluster_nctarank;
    mov.u32 %r3, %tid.x;
    mov.u32 %r4, %tid.y;
    mov.u32 %r5, %ntid.x;
    mad.lo.u32 %r6, %r4, %r5, %r3;
    mov.u32 %r7, %ctaid.x;
    mov.u32 %r8, %ctaid.y;
    mov.u32 %r9, %nctaid.x;
    mad.lo.u32 %r10, %r8, %r9, %r7;
    setp.ne.u32 %p1, %r6, 0;
    @%p1 bra SYNC;
    add.u32 %r11, %r1, 1;
    rem.u32 %r11, %r11, %r2;
    mov.u32 %r12, dsm;
    mapa.shared::cluster.u32 %r12, %r12, %r11;
    mad.lo.u32 %r13, %r10, 10, 7;
    st.shared::cluster.u32 [%r12], %r13;
SYNC:
    barrier.cluster.arrive;
    barrier.cluster.wait;
    ld.shared.u32 %r14, [dsm];
    mov.u32 %r15, %ntid.y;
    mul.lo.u32 %r15, %r15, %r5;
    mad.lo.u32 %r16, %r10, %r15, %r6;
    mul.wide.u32 %rd2, %r16, 32;
    add.u64 %rd3, %rd1, %rd2;
    st.global.u32 [%rd3], %r14;
    st.global.u32 [%rd3+4], %r1;
    mov.u32 %r17, %clusterid.x;
    st.global.u32 [%rd3+8], %r17;
    mov.u32 %r17, %clusterid.y;
    st.global.u32 [%rd3+12], %r17;
    mov.u32 %r17, %smid;
    st.global.u32 [%rd3+16], %r17;
    mov.u32 %r17, %nsmid;
    st.global.u32 [%rd3+20], %r17;
    mov.u32 %r17, %total_smem_size;
    st.global.u32 [%rd3+24], %r17;
    mov.u32 %r17, %dynamic_smem_size;
    st.global.u32 [%rd3+28], %r17;
    ret;
}
"#;

/// A 4x2 grid of 32x2-thread CTAs in clusters of 2x1, 4 bytes of dynamic
/// shared memory each.
const GRID: [u32; 3] = [4, 2, 1];
const BLOCK: [u32; 3] = [32, 2, 1];
const CLUSTER: [u32; 3] = [2, 1, 1];
const THREADS: usize = 8 * 64;

/// A special register's value, read by a `ptx!` statement (`$mov`).
macro_rules! special {
    ($mov:tt) => {{
        let v: u32;
        ptx!($mov : "=r"(v));
        v
    }};
}

/// The ring as Rust closures: what each thread stores, by its index.
fn as_closures() -> Vec<[u32; 8]> {
    let mut launch = Launch::new(GRID, BLOCK);
    launch.shared_bytes(4).cluster(CLUSTER).workers(2);
    let report = launch
        .run(|t: &Thread| {
            let rank = special!("mov.u32 %0, %%cluster_ctarank;");
            let n = special!("mov.u32 %0, %%cluster_nctarank;");
            if t.tid == [0, 0, 0] {
                let linear = t.ctaid[0] + t.nctaid[0] * t.ctaid[1];
                let peer: u32;
                ptx!("mapa.shared::cluster.u32 %0, %1, %2;" : "=r"(peer) : "r"(0u32), "r"((rank + 1) % n));
                ptx!("st.shared::cluster.u32 [%0], %1;" :: "r"(peer), "r"(linear * 10 + 7) : "memory");
            }
            ptx!("barrier.cluster.arrive;" ::: "memory");
            ptx!("barrier.cluster.wait;" ::: "memory");
            let word: u32;
            ptx!("ld.shared.u32 %0, [%1];" : "=r"(word) : "r"(0u32));
            [
                word,
                rank,
                special!("mov.u32 %0, %%clusterid.x;"),
                special!("mov.u32 %0, %%clusterid.y;"),
                special!("mov.u32 %0, %%smid;"),
                special!("mov.u32 %0, %%nsmid;"),
                special!("mov.u32 %0, %%total_smem_size;"),
                special!("mov.u32 %0, %%dynamic_smem_size;"),
            ]
        })
        .unwrap();
    report.results
}

/// The ring as a module's kernel: what each thread stores, by its index.
fn as_module() -> Vec<[u32; 8]> {
    let module = Module::from_ptx(RING).unwrap();
    let mut launch = module.kernel("ring").unwrap();
    let out = launch.zeroed::<u32>(THREADS * 8);
    launch
        .grid(GRID)
        .block(BLOCK)
        .cluster(CLUSTER)
        .shared_bytes(4)
        .workers(2)
        .arg(out);
    let words = launch.run().unwrap().read::<u32>(out);
    words
        .chunks(8)
        .map(|w| w.try_into().expect("eight words a thread"))
        .collect()
}

#[test]
fn a_cluster_program_gives_the_same_results_as_closures_and_as_a_module() {
    let closures = as_closures();
    let module = as_module();
    assert_eq!(closures.len(), THREADS);
    for (i, (c, m)) in closures.iter().zip(&module).enumerate() {
        assert_eq!(c, m, "thread {i}: closures {c:?}, module {m:?}");
    }
    // What either says, from the ISA: CTA (x, y) is rank x % 2 of cluster
    // (x / 2, y), and its word was stored by the other CTA of its cluster,
    // (x ^ 1, y), whose grid index is (x ^ 1) + 4y.
    for (i, w) in module.iter().enumerate() {
        let cta = (i / 64) as u32;
        let (x, y) = (cta % 4, cta / 4);
        let from = (x ^ 1) + 4 * y;
        assert_eq!(w[0], from * 10 + 7, "thread {i}'s word");
        assert_eq!(w[1..4], [x % 2, x / 2, y], "thread {i}'s cluster");
        // Some SM of the H100's 132.
        assert!(w[4] < 132 && w[5] == 132, "thread {i}'s SM: {w:?}");
        // Its 4 bytes, rounded up to 128 as the H100 reports them; all
        // of them dynamic.
        assert_eq!(w[6..8], [128, 4], "thread {i}'s shared memory");
    }
}

#[test]
fn both_front_ends_refuse_a_shape_beyond_the_h100_with_the_same_fault() {
    let module = Module::from_ptx(RING).unwrap();
    // z is at most 64; 65 threads would otherwise be few enough.
    let block = [1, 1, 65];
    let closure = Launch::new(2, block).run(|_| ()).unwrap_err();
    assert!(
        matches!(
            closure.faults[0].fault,
            Fault::Launch(LaunchFault::BlockTooLarge { .. })
        ),
        "{closure}"
    );
    let mut launch = module.kernel("ring").unwrap();
    let out = launch.zeroed::<u32>(8);
    let err = launch
        .grid([2, 1, 1])
        .block(block)
        .cluster(CLUSTER)
        .arg(out)
        .run()
        .unwrap_err();
    let KernelError::Shape { detail, .. } = &err else {
        panic!("{err}")
    };
    assert_eq!(*detail, closure.faults[0].fault.to_string());
    // A grid of 65536 rows: at most 65535 in y.
    let closure = Launch::new([1, 65536, 1], 1).run(|_| ()).unwrap_err();
    assert!(
        matches!(
            closure.faults[0].fault,
            Fault::Launch(LaunchFault::GridTooLarge { .. })
        ),
        "{closure}"
    );
    // Clusters that do not tile the grid.
    let closure = Launch::new(3, 32).cluster(2).run(|_| ()).unwrap_err();
    let Fault::Launch(LaunchFault::BadCluster { detail: why }) = &closure.faults[0].fault else {
        panic!("{closure}")
    };
    let mut launch = module.kernel("ring").unwrap();
    let out = launch.zeroed::<u32>(8);
    let err = launch
        .grid(3)
        .block(32)
        .cluster(2)
        .arg(out)
        .run()
        .unwrap_err();
    let fault = &err.faults()[0].fault;
    assert_eq!(
        *fault,
        Fault::Launch(LaunchFault::BadCluster {
            detail: format!("`ring`: {why}")
        })
    );
}
