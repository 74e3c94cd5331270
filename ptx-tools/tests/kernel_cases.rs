//! Every kernel case of `tests/data/kernels/` (NVIDIA's CUDA samples, the
//! project's own kernels in `ours/`, the `wgmma/`, `cluster/`, `tma/` and `hopper/` sets, launched on an H100) replayed
//! through the simulator: each passes bit for bit (nondeterministic ones as
//! FORMAT.md says), but for the cases named below, each failing for its
//! stated reason; and what the project's printf kernels print is what the
//! H100 printed.

use ptx_tools::cases::{Case, Modules, Outcome, read_cases, replay, replay_report};
use std::path::PathBuf;

/// Why the interleaved loads that run past their tensor's buffer do not
/// replay.
const PAST_BUFFER: &str = "the interleaved box runs past the end of the tensor's buffer (dimension 0 counts 16- or 32-byte slices, which the strides do not bound), where the H100 read memory the launch does not own; the simulator reports that read";

/// Cases known not to pass, and why.
const KNOWN: &[(&str, &str)] = &[
    (
        "samples/globalToShmemAsyncCopy/AsyncCopyMultiStage",
        "the sample races (five pipeline stages in four buffers): the H100's result depends on its timing",
    ),
    (
        "samples/globalToShmemAsyncCopy/AsyncCopyMultiStageLargeChunk",
        "the sample races (five pipeline stages in four buffers): the H100's result depends on its timing",
    ),
    ("tma/interleave/f16_16B", PAST_BUFFER),
    ("tma/interleave/f16_32B_sw32", PAST_BUFFER),
    ("tma/interleave/f16_16B_tile1_r3", PAST_BUFFER),
    ("tma/interleave/f16_32B_sw32_tile1_r3", PAST_BUFFER),
];

fn data() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/data/kernels")
}

fn sample_files() -> Vec<PathBuf> {
    [
        "samples_h100.jsonl.gz",
        "samples_h100.1.jsonl.gz",
        "samples_h100.2.jsonl.gz",
    ]
    .iter()
    .map(|f| data().join(f))
    .collect()
}

fn our_cases() -> Vec<(Case, PathBuf)> {
    read_cases(&[data().join("ours/ours_h100.jsonl.gz")]).expect("the case file reads")
}

#[test]
fn every_sample_case_replays_bit_for_bit_but_the_known_ones() {
    let cases = read_cases(&sample_files()).expect("the case files read");
    assert_eq!(cases.len(), 60, "FORMAT.md's sample set has 60 launches");
    check_all(&cases);
}

#[test]
fn every_case_of_our_own_kernels_replays_bit_for_bit_but_the_known_ones() {
    let cases = our_cases();
    assert_eq!(
        cases.len(),
        62,
        "tools/generators/kernel-cases/ours_specs.py has 62 launches"
    );
    check_all(&cases);
}

/// The wgmma cases (`wgmma/`): 327 launches of one warpgroup running
/// `wgmma.mma_async` over every type combination, N from 8 to 256, every
/// swizzle and both majors of the shared-memory operands, A from
/// registers, negated operands, scale-d false, and sparse A with its
/// metadata and both selectors (`.sp`), on an H100 (`tools/generators/wgmma-cases/`:
/// `gen.py` wrote the modules and specs, `record.sh` recorded them).
#[test]
fn every_wgmma_case_replays_bit_for_bit() {
    let cases =
        read_cases(&[data().join("wgmma/wgmma_h100.jsonl.gz")]).expect("the case file reads");
    assert_eq!(
        cases.len(),
        327,
        "tools/generators/wgmma-cases/gen.py has 327 launches"
    );
    check_all(&cases);
}

/// The TMA cases (`tma/`): 99 launches of bulk tensor copies on an H100
/// and an H200 (`tools/generators/tma-cases/`): tile loads of ranks 1 to 5 with every
/// swizzle, element strides, boxes partly or wholly outside the tensor
/// with both fills, im2col loads, interleaved loads of ranks 3 to 5 and
/// interleaved stores and add-reductions, multicast to clusters of 2 and
/// 4, stores, add-reductions and plain
/// bulk copies, each tensor map built by our encoder over the simulator's
/// buffer; four interleaved loads that read past their buffer are KNOWN.
/// In two tests, so that the harness runs them side by side (most
/// interleaved loads spin 65,536 times on an mbarrier that never
/// completes, by design).
fn tma_cases(interleaved: bool) -> Vec<(Case, PathBuf)> {
    let cases = read_cases(&[data().join("tma/tma_h100.jsonl.gz")]).expect("the case file reads");
    assert_eq!(
        cases.len(),
        99,
        "tma_h100.jsonl.gz holds 99 recorded launches"
    );
    let (inter, plain): (Vec<_>, Vec<_>) = cases
        .into_iter()
        .partition(|(c, _)| c.name.starts_with("tma/interleave/"));
    assert_eq!((inter.len(), plain.len()), (46, 53));
    if interleaved { inter } else { plain }
}

#[test]
fn every_tma_case_replays_bit_for_bit() {
    check_all(&tma_cases(false));
}

#[test]
fn every_interleaved_tma_case_replays_bit_for_bit_but_the_known_ones() {
    check_all(&tma_cases(true));
}

/// The warp-specialised Hopper GEMM (`hopper/`, `tools/generators/hopper-gemm/`): TMA
/// loads multicast across a cluster of 2 into a 2-stage mbarrier pipeline,
/// a producer warpgroup and two consumer warpgroups issuing `wgmma`, on an
/// H100; all 65,536 elements of C bit for bit.
#[test]
fn the_warp_specialised_hopper_gemm_replays_bit_for_bit() {
    let cases =
        read_cases(&[data().join("hopper/hopper_h100.jsonl.gz")]).expect("the case file reads");
    assert_eq!(cases.len(), 1);
    check_all(&cases);
}

/// The cluster cases (`cluster/`): 18 launches of thread-block clusters
/// of 2 to 8 CTAs (shapes from the kernels' `__cluster_dims__`), 16 on an
/// H100 and 2 on an H200: the cluster registers, the raw
/// `.shared::cluster` and generic addresses `mapa`, `getctarank`, `cvta`
/// and variables' addresses give, loads, stores and atomics on other CTAs'
/// shared memory, the cluster barrier's forms, mbarrier arrivals from
/// another CTA, and `st.async`/`red.async` completing on another CTA's
/// mbarrier (`tools/generators/cluster-cases/`).
#[test]
fn every_cluster_case_replays_bit_for_bit() {
    let cases =
        read_cases(&[data().join("cluster/cluster_h100.jsonl.gz")]).expect("the case file reads");
    assert_eq!(
        cases.len(),
        18,
        "tools/generators/cluster-cases/cluster_specs.py has 18 launches"
    );
    check_all(&cases);
}

/// Replays `cases`: each passes, but those of [`KNOWN`], which fail.
fn check_all(cases: &[(Case, PathBuf)]) {
    let mut modules = Modules::default();
    let mut unexpected = Vec::new();
    let mut still_failing = Vec::new();
    for (case, folder) in cases {
        let module = modules
            .get(&folder.join(&case.module))
            .expect("every module loads");
        let outcome = replay(case, module, None);
        let known = KNOWN.iter().find(|(name, _)| *name == case.name);
        match (&outcome, known) {
            (Outcome::Pass(_), None) => {}
            (Outcome::Pass(_), Some(_)) => {
                unexpected.push(format!("{} passes now: take it off KNOWN", case.name))
            }
            (_, Some(_)) => still_failing.push(case.name.clone()),
            (_, _) => unexpected.push(format!("{}: {outcome}", case.name)),
        }
    }
    assert!(unexpected.is_empty(), "{}", unexpected.join("\n"));
    let known_here = KNOWN
        .iter()
        .filter(|(name, _)| cases.iter().any(|(c, _)| c.name == *name))
        .count();
    assert_eq!(still_failing.len(), known_here);
}

/// What each printf kernel printed on the H100, as `ours_printf_h100.txt`
/// holds it: `=== NAME` then the kernel's lines.
fn printed_on_the_h100() -> Vec<(String, String)> {
    let text = std::fs::read_to_string(data().join("ours/ours_printf_h100.txt"))
        .expect("the captured output reads");
    let mut out: Vec<(String, String)> = Vec::new();
    for line in text.split_inclusive('\n') {
        match line.strip_prefix("=== ") {
            Some(name) => out.push((name.trim_end().to_string(), String::new())),
            None => {
                if let Some((_, body)) = out.last_mut() {
                    body.push_str(line);
                }
            }
        }
    }
    out.retain(|(name, _)| name != "end");
    out
}

#[test]
fn printf_kernels_print_what_the_h100_printed() {
    let printed = printed_on_the_h100();
    assert_eq!(printed.len(), 6, "six printf kernels were captured");
    let cases = our_cases();
    let mut modules = Modules::default();
    for (name, expected) in printed {
        let (case, folder) = cases
            .iter()
            .find(|(c, _)| c.name == name)
            .expect("a case of each captured kernel");
        let module = modules.get(&folder.join(&case.module)).expect("it loads");
        let (outcome, report) = replay_report(case, module, None);
        assert!(matches!(outcome, Outcome::Pass(_)), "{name}: {outcome}");
        let report = report.expect("it ran");
        assert_eq!(report.output, expected, "{name}");
    }
}

/// A fault in a module built with `nvcc -lineinfo` names the CUDA source
/// line: `call_recursion` with `out` 16 ints long (the launch writes 4 per
/// thread) stores past it first at `out[4 * i + 0] = fib(m);`, line 145 of
/// `tests/data/kernels/src/calls.cu`, whose `.file` the module names
/// `calls.cu`.
#[test]
fn a_fault_in_a_lineinfo_module_names_the_cuda_source_line() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_ptxsim"))
        .arg("run")
        .arg(data().join("ours/modules/calls__lineinfo.ptx"))
        .args(["--entry", "_Z14call_recursionPKiPKfPiPfii"])
        .args(["--grid", "2", "--block", "64", "--workers", "1"])
        .args(["--arg", "buf:i32:128:arange", "--arg", "buf:f32:256:random"])
        .args(["--arg", "buf:i32:16", "--arg", "buf:f32:128"])
        .args(["--arg", "i32:128", "--arg", "i32:256"])
        .output()
        .expect("ptxsim runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{stderr}");
    assert!(
        stderr.contains("`st.global.u32 [%rd10], %r39;` (line 1376, calls.cu:145)"),
        "{stderr}"
    );
    assert!(stderr.contains("is in no buffer of the launch"), "{stderr}");
}
