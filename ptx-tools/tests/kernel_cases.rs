//! Every kernel case of `tests/data/kernels/` (NVIDIA's CUDA samples, the
//! project's own kernels in `ours/` and the `wgmma/` set, launched on an H100) replayed
//! through the simulator: each passes bit for bit (nondeterministic ones as
//! FORMAT.md says), but for the cases named below, each failing for its
//! stated reason; and what the project's printf kernels print is what the
//! H100 printed.

use ptx_tools::cases::{Case, Modules, Outcome, read_cases, replay, replay_report};
use std::path::PathBuf;

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
        "tools/kernel-cases/ours_specs.py has 62 launches"
    );
    check_all(&cases);
}

/// The wgmma cases (`wgmma/`): 327 launches of one warpgroup running
/// `wgmma.mma_async` over every type combination, N from 8 to 256, every
/// swizzle and both majors of the shared-memory operands, A from
/// registers, negated operands, scale-d false, and sparse A with its
/// metadata and both selectors (`.sp`), on an H100 (`tools/wgmma-cases/`:
/// `gen.py` wrote the modules and specs, `record.sh` recorded them).
#[test]
fn every_wgmma_case_replays_bit_for_bit() {
    let cases =
        read_cases(&[data().join("wgmma/wgmma_h100.jsonl.gz")]).expect("the case file reads");
    assert_eq!(
        cases.len(),
        327,
        "tools/wgmma-cases/gen.py has 327 launches"
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
            (Outcome::Fail(_), Some(_)) => still_failing.push(case.name.clone()),
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
