//! Whole kernels in the interpreter, measured in one run (`cargo bench
//! --bench kernels`):
//!
//! * NVIDIA's `reduce6` (ints, 256 threads a CTA, 64 CTAs over 262,144
//!   elements) and `matrixMul` (16×16 tiles, 160×160 by 320×160) samples as
//!   nvcc 13.0 compiled them (`tests/data/kernels/modules/`), on 1, 2, 4 and
//!   16 workers (`common/workers.rs`; 16: the cores of the GPU box, where the ratio to 1 worker
//!   is what many workers buy): divan's items are thread instructions, so
//!   its "item/s" is the simulated thread instructions per second (a
//!   launch's setup included);
//! * `approx_sweep` (`tests/data/repro/`), a store-heavy launch of 2^16
//!   threads, on the same worker counts;
//! * one instruction's cost: a kernel whose threads run a loop of integer
//!   instructions, against the same statements through `ptx!` (the compiled
//!   path) in a launch of the same threads; both count thread instructions;
//! * the warp-specialised Hopper GEMM of `tests/data/kernels/hopper/` (TMA
//!   multicast into an mbarrier pipeline, `wgmma` consumers, clusters of 2;
//!   256×256×256, four CTAs of a 128×128 tile each, four K steps of 64)
//!   replayed from its H100 recording, against a plain Rust f32 product of
//!   the same size: both count 128×128×64 tile steps (16).
//!
//! `docs/kernels.md` has the numbers and where the time goes.

use divan::Bencher;
use divan::counter::ItemsCount;
use ptx::Module;
use ptx::ptx;
use ptx::sim::machine::Launch;

#[path = "common/workers.rs"]
mod workers;

#[path = "common/samples.rs"]
mod samples;

fn main() {
    divan::main();
}

/// Runs `launch` once for its count of thread instructions, then `bencher`
/// on it with that count as items.
fn bench_launch(bencher: Bencher, launch: &ptx::kernel::KernelLaunch<'_>) {
    let steps = launch.run().expect("the kernel runs").steps.thread;
    bencher
        .counter(ItemsCount::new(steps))
        .bench_local(|| launch.run().expect("the kernel runs"));
}

#[divan::bench(args = workers::counts())]
fn reduce6_int_256(bencher: Bencher, workers: usize) {
    let module = Module::from_ptx(samples::REDUCTION).expect("the sample's module loads");
    bench_launch(bencher, &samples::reduce6(&module, workers));
}

#[divan::bench(args = workers::counts())]
fn matrix_mul_block16(bencher: Bencher, workers: usize) {
    let module = Module::from_ptx(samples::MATRIX_MUL).expect("the sample's module loads");
    bench_launch(bencher, &samples::matrix_mul_block16(&module, workers));
}

/// `approx_sweep` (`tests/data/repro/`) over 2^16 threads: a store-heavy
/// launch (15 global stores a thread), whose setup and hand-back of a
/// 3.9 MB buffer are the serial part of what many workers buy.
#[divan::bench(args = workers::counts(), sample_count = 10)]
fn approx_sweep_64k(bencher: Bencher, workers: usize) {
    let module = Module::from_ptx(APPROX_SWEEP).expect("the repro's module loads");
    bench_launch(bencher, &approx_sweep(&module, 1 << 16, workers));
}

/// The repro's module: every thread applies 15 approximate f32
/// instructions to one bit pattern and stores each result.
const APPROX_SWEEP: &str = include_str!("../tests/data/repro/approx_sweep.ptx");

/// `approx_sweep` over `n` threads (a multiple of 256) in CTAs of 256, on
/// `workers` workers: 15 stores a thread into one buffer of `15 n` f32;
/// `module` is [`APPROX_SWEEP`] loaded.
fn approx_sweep(module: &Module, n: u32, workers: usize) -> ptx::kernel::KernelLaunch<'_> {
    let mut launch = module.kernel("approx_sweep").expect("approx_sweep");
    let out = launch.zeroed::<f32>(15 * n as usize);
    launch
        .grid(n / 256)
        .block(256)
        .workers(workers)
        .arg(out)
        .arg(12345u32)
        .arg(255u32)
        .arg(n);
    launch
}

/// Trips of the loop of eight integer instructions each thread runs.
const TRIPS: u32 = 256;

/// The loop as a kernel: `x = x * 1664525 + 1013904223; x ^= x >> 13;
/// y += x; y = y rotated left by 7`, eight instructions a trip, then a store.
const CHAIN: &str = "
.version 8.0
.target sm_90
.address_size 64
.visible .entry chain(.param .u64 out, .param .u32 trips) {
    .reg .pred %p;
    .reg .b32 %r<12>;
    .reg .b64 %rd<4>;
    ld.param.u64 %rd1, [out];
    ld.param.u32 %r9, [trips];
    mov.u32 %r1, %tid.x;
    mov.u32 %r2, 0;
    mov.u32 %r8, 0;
LOOP:
    mad.lo.u32 %r1, %r1, 1664525, 1013904223;
    shr.u32 %r3, %r1, 13;
    xor.b32 %r1, %r1, %r3;
    add.u32 %r2, %r2, %r1;
    shl.b32 %r4, %r2, 7;
    shr.u32 %r5, %r2, 25;
    or.b32 %r2, %r4, %r5;
    add.u32 %r8, %r8, 1;
    setp.lt.u32 %p, %r8, %r9;
    @%p bra LOOP;
    mov.u32 %r10, %tid.x;
    mul.wide.u32 %rd2, %r10, 4;
    add.s64 %rd3, %rd1, %rd2;
    st.global.u32 [%rd3], %r2;
    ret;
}";

#[divan::bench]
fn instruction_in_the_interpreter(bencher: Bencher) {
    let module = Module::from_ptx(CHAIN).expect("the chain loads");
    let mut launch = module.kernel("chain").expect("it is there");
    let out = launch.zeroed::<u32>(256);
    launch.block(256).workers(1).arg(out).arg(TRIPS);
    bench_launch(bencher, &launch);
}

/// The same loop through `ptx!`, one statement an instruction.
fn chain_compiled(tid: u32) -> u32 {
    let (mut x, mut y) = (tid, 0u32);
    let mut trips = 0u32;
    loop {
        let (t3, t4, t5): (u32, u32, u32);
        ptx!("mad.lo.u32 %0, %1, 1664525, 1013904223;" : "=r"(x) : "r"(x));
        ptx!("shr.u32 %0, %1, 13;" : "=r"(t3) : "r"(x));
        ptx!("xor.b32 %0, %1, %2;" : "=r"(x) : "r"(x), "r"(t3));
        ptx!("add.u32 %0, %1, %2;" : "=r"(y) : "r"(y), "r"(x));
        ptx!("shl.b32 %0, %1, 7;" : "=r"(t4) : "r"(y));
        ptx!("shr.u32 %0, %1, 25;" : "=r"(t5) : "r"(y));
        ptx!("or.b32 %0, %1, %2;" : "=r"(y) : "r"(t4), "r"(t5));
        ptx!("add.u32 %0, %1, 1;" : "=r"(trips) : "r"(trips));
        let go: u32;
        ptx!("{ .reg .pred p; setp.lt.u32 p, %1, %2; selp.u32 %0, 1, 0, p; }" : "=r"(go) : "r"(trips), "r"(TRIPS));
        if go == 0 {
            return y;
        }
    }
}

#[divan::bench]
fn instruction_compiled_by_ptx_macro(bencher: Bencher) {
    // Ten instructions a trip, as the kernel's loop (the branch included).
    let steps = u64::from(256 * TRIPS * 10);
    let mut launch = Launch::new(1, 256);
    launch.workers(1);
    bencher
        .counter(ItemsCount::new(steps))
        .bench_local(|| launch.run(|t| chain_compiled(t.tid[0])).expect("it runs"));
}

/// The kernel and the `ptx!` loop compute the same values.
#[divan::bench(sample_count = 1, sample_size = 1)]
fn the_two_chains_agree() {
    let module = Module::from_ptx(CHAIN).expect("the chain loads");
    let mut launch = module.kernel("chain").expect("it is there");
    let out = launch.zeroed::<u32>(256);
    launch.block(256).arg(out).arg(TRIPS);
    let kernel = launch.run().expect("it runs").read::<u32>(out);
    let compiled: Vec<u32> = (0..256).map(chain_compiled).collect();
    assert_eq!(kernel, compiled);
}

/// The 128×128×64 tile steps of the 256×256×256 product: 4 CTAs × 4 K
/// steps.
const GEMM_TILE_STEPS: u64 = 16;

#[divan::bench(args = [1, 2])]
fn hopper_ws_gemm_256(bencher: Bencher, workers: usize) {
    use ptx_tools::cases::{Modules, Outcome, read_cases, replay};
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/data/kernels/hopper");
    let (case, folder) = read_cases(&[dir.join("hopper_h100.jsonl.gz")])
        .expect("the case reads")
        .remove(0);
    let mut modules = Modules::default();
    let module = modules
        .get(&folder.join(&case.module))
        .expect("the module loads");
    bencher
        .counter(ItemsCount::new(GEMM_TILE_STEPS))
        .bench_local(|| {
            let outcome = replay(&case, module, Some(workers));
            assert!(matches!(outcome, Outcome::Pass(_)), "{outcome}");
        });
}

/// The same product in plain Rust, f32 (C = A × Bᵀ, as the kernel).
#[divan::bench]
fn gemm_256_plain_rust(bencher: Bencher) {
    const N: usize = 256;
    let a: Vec<f32> = (0..N * N).map(|i| (i % 13) as f32 * 0.25).collect();
    let b: Vec<f32> = (0..N * N).map(|i| (i % 7) as f32 * 0.5).collect();
    bencher
        .counter(ItemsCount::new(GEMM_TILE_STEPS))
        .bench_local(|| {
            let (a, b) = (divan::black_box(&a), divan::black_box(&b));
            let mut c = vec![0f32; N * N];
            for i in 0..N {
                for j in 0..N {
                    let (row, col) = (&a[i * N..(i + 1) * N], &b[j * N..(j + 1) * N]);
                    c[i * N + j] = row.iter().zip(col).map(|(x, y)| x * y).sum();
                }
            }
            c
        });
}
