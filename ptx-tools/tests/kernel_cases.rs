//! Every kernel case of `tests/data/kernels/` (NVIDIA's CUDA samples,
//! launched on an H100) replayed through the simulator: each passes bit
//! for bit (nondeterministic ones as FORMAT.md says), but for the cases
//! named below, each failing for its stated reason.

use ptx_tools::cases::{Modules, Outcome, read_cases, replay};
use std::path::PathBuf;

/// Cases known not to pass, and why.
const KNOWN: &[(&str, &str)] = &[
    (
        "samples/dct8x8/CUDAkernel2DCT",
        "ptxas fuses mul.f32/add.f32 pairs into fma; the simulator runs them as written",
    ),
    (
        "samples/BlackScholes/BlackScholesGPU",
        "ex2/lg2/rsqrt .approx are computed accurately, not as the H100's units compute them",
    ),
    (
        "samples/globalToShmemAsyncCopy/AsyncCopyMultiStage",
        "the sample races (five pipeline stages in four buffers): the H100's result depends on its timing",
    ),
    (
        "samples/globalToShmemAsyncCopy/AsyncCopyMultiStageLargeChunk",
        "the sample races (five pipeline stages in four buffers): the H100's result depends on its timing",
    ),
];

fn case_files() -> Vec<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/data/kernels");
    [
        "samples_h100.jsonl.gz",
        "samples_h100.1.jsonl.gz",
        "samples_h100.2.jsonl.gz",
    ]
    .iter()
    .map(|f| dir.join(f))
    .collect()
}

#[test]
fn every_sample_case_replays_bit_for_bit_but_the_known_ones() {
    let cases = read_cases(&case_files()).expect("the case files read");
    assert_eq!(cases.len(), 60, "FORMAT.md's sample set has 60 launches");
    let mut modules = Modules::default();
    let mut unexpected = Vec::new();
    let mut still_failing = Vec::new();
    for (case, folder) in &cases {
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
    assert_eq!(still_failing.len(), KNOWN.len());
}
