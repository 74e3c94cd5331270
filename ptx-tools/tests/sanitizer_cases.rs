//! The sanitizer (`ptx_sim::check`) on whole kernels, against what
//! compute-sanitizer said of the same launches on a GPU
//! (`tests/data/kernels/seeded/README.md`, `docs/sanitizer.md`):
//!
//! - the seeded bugs (`seeded/`: copies of cuda-samples kernels, each bug
//!   beside its unmodified twin) are each reported, with the kind of
//!   finding the bug makes, and the twins are clean and replay bit for bit;
//! - unmodified samples are clean, but for three that do what the checks
//!   are for (each named below with what it does).

use ptx_core::{SharedScope, StateSpace};
use ptx_sim::check::Checks;
use ptx_sim::fault::{Fault, Finding, Hazard, SyncFault, ThreadFault};
use ptx_tools::cases::{Case, Modules, Outcome, findings, read_cases, replay};
use std::collections::BTreeSet;
use std::path::PathBuf;

fn data() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/data/kernels")
}

/// What a finding is, in a word a table can hold.
fn kind(f: &ThreadFault) -> &'static str {
    match &f.fault {
        Fault::Finding(Finding::Race(r)) => match (r.space, r.hazard) {
            (StateSpace::Shared(SharedScope::Cta), Hazard::ReadAfterWrite) => "shared RAW",
            (StateSpace::Shared(SharedScope::Cta), Hazard::WriteAfterRead) => "shared WAR",
            (StateSpace::Shared(SharedScope::Cta), Hazard::WriteAfterWrite) => "shared WAW",
            (_, Hazard::ReadAfterWrite) => "global RAW",
            (_, Hazard::WriteAfterRead) => "global WAR",
            (_, Hazard::WriteAfterWrite) => "global WAW",
        },
        Fault::Finding(Finding::Uninitialized { .. }) => "uninitialised",
        Fault::Finding(Finding::UninitializedRegister { .. }) => "uninitialised register",
        Fault::Finding(Finding::DivergentBarrier { .. }) => "divergent barrier",
        Fault::Finding(Finding::CollectiveOverExited { .. }) => "collective over exited lanes",
        Fault::Sync(SyncFault::Deadlock { .. }) => "deadlock",
        Fault::Sync(SyncFault::Divergent { .. }) => "collective mask",
        _ => "other",
    }
}

/// The kinds of finding in `cases` (from `file`) with every check on.
fn verdicts(file: &str, only: &[&str]) -> Vec<(String, BTreeSet<&'static str>, Vec<String>)> {
    let cases: Vec<(Case, PathBuf)> = read_cases(&[data().join(file)]).expect("the cases read");
    let mut modules = Modules::default();
    cases
        .iter()
        .filter(|(c, _)| only.is_empty() || only.iter().any(|o| c.name.ends_with(o)))
        .map(|(case, path)| {
            let module = modules
                .get(&path.join(&case.module))
                .expect("the module loads");
            let faults = findings(case, module, Checks::ALL).expect("the launch runs");
            let kinds = faults.iter().map(kind).collect();
            let texts = faults.iter().map(ToString::to_string).collect();
            (case.name.clone(), kinds, texts)
        })
        .collect()
}

#[test]
fn every_seeded_bug_is_reported_and_every_twin_is_clean() {
    // What each seeded bug must make (tools/generators/seeded-bugs/specs.py says what
    // was changed): the reduction's load barrier removed leaves warp 0
    // reading slots the other warps have not written yet (a write after
    // its read, and, as the simulator runs warp 0 first, bytes never
    // written); the loop's barrier removed, or kept for warp 0 only,
    // leaves each step's reads and writes unordered between warps; 24
    // slots left unwritten, or the scan's zero padding removed, are read
    // never written; without the fence, the last CTA reads the partial
    // sums the others wrote with nothing ordering them (global memory,
    // which compute-sanitizer's racecheck does not look at); matrixMul
    // without its second barrier overwrites a tile another warp still
    // reads. A barrier inside a divergent branch is `barrier.sync` in
    // nvcc 13.0's output (not aligned: legal on sm_70 and later, and the
    // H200 agreed). A shuffle over exited lanes waits for them forever
    // here, which the H200 did not (the values it read were undefined);
    // a shuffle over a mask without the lane is an error.
    let expected: &[(&str, &[&str])] = &[
        ("reduce2", &[]),
        ("reduce2_tail", &[]),
        ("reduce4", &[]),
        ("scanExclusiveShared", &[]),
        ("reduceSinglePass", &[]),
        ("block16", &[]),
        ("reduce2_sync_in_branch", &[]),
        ("reduce2_no_load_sync", &["shared WAR", "uninitialised"]),
        // Between warps, a write after a read; within warp 0, lane 0 reads
        // what lane 16 wrote the trip before (no `__syncwarp` either).
        ("reduce2_no_loop_sync", &["shared RAW", "shared WAR"]),
        ("reduce2_sync_warp0", &["shared RAW", "shared WAR"]),
        ("reduce2_uninit_tail", &["uninitialised"]),
        ("scanExclusiveShared_no_zero_pad", &["uninitialised"]),
        ("reduceSinglePass_no_fence", &["global RAW", "global WAW"]),
        ("block16_no_second_sync", &["shared RAW", "shared WAR"]),
        ("reduce4_shfl_half_warp", &["collective over exited lanes"]),
        ("reduce4_shfl_wrong_mask", &["collective mask"]),
    ];
    let got = verdicts("seeded/seeded_h200.jsonl.gz", &[]);
    assert_eq!(got.len(), expected.len(), "the seeded set has 16 launches");
    for (name, kinds, texts) in &got {
        let short = name.rsplit('/').next().unwrap_or(name);
        let want: BTreeSet<&str> = expected
            .iter()
            .find(|(n, _)| *n == short)
            .unwrap_or_else(|| panic!("no expectation for {name}"))
            .1
            .iter()
            .copied()
            .collect();
        assert_eq!(kinds, &want, "{name}:\n{}", texts.join("\n"));
    }
}

#[test]
fn the_seeded_twins_replay_bit_for_bit() {
    let cases = read_cases(&[data().join("seeded/seeded_h200.jsonl.gz")]).expect("cases");
    let mut modules = Modules::default();
    // With the twins, the full-mask shuffle over exited lanes: its sums
    // hold what the H200 reads from an exited lane (0).
    let twins = [
        "reduce2",
        "reduce2_tail",
        "reduce4",
        "scanExclusiveShared",
        "reduceSinglePass",
        "block16",
        "reduce2_sync_in_branch",
        "reduce4_shfl_half_warp",
    ];
    for (case, path) in &cases {
        if !twins.iter().any(|t| case.name.ends_with(&format!("/{t}"))) {
            continue;
        }
        let module = modules
            .get(&path.join(&case.module))
            .expect("the module loads");
        let outcome = replay(case, module, None);
        assert!(
            matches!(outcome, Outcome::Pass(_)),
            "{}: {outcome}",
            case.name
        );
    }
}

#[test]
fn unmodified_samples_are_clean_but_three_that_do_what_the_checks_catch() {
    // A cross-section of the samples (the whole set: `ptxsim run
    // tests/data/kernels/samples_h100*.jsonl.gz --checks all`, 57 of 60
    // clean, docs/sanitizer.md): barriers, shared-memory reductions and
    // scans, atomics, cp.async with and without mbarriers, a grid-wide
    // last-CTA pattern. The three exceptions: multi_warp_cg_reduce, whose
    // cooperative groups' shared-memory barrier word is first used by a
    // `red.and.release` on bytes no thread wrote (compute-sanitizer's
    // racecheck reports hazards on that barrier too; here its
    // `red.release`/`ld.acquire` pairs order the reduction, as the PTX
    // memory model says they do);
    // shfl_intimage_rows, whose warp 0 reads all 32 of a `sums` array its
    // block's warps only wrote the first few of (the values read past
    // them are unused, so the output is right); mapToBuckets, whose
    // threads of different warps write the same output word when their
    // buckets' positions collide (the H100's two launches differed).
    let expected: &[(&str, &[&str])] = &[
        ("sortingNetworks/bitonicSortShared", &[]),
        ("scalarProd/scalarProdGPU", &[]),
        ("globalToShmemAsyncCopy/AsyncCopyLargeChunkAWBarrier", &[]),
        ("warpAggregatedAtomicsCG/filter_arr", &[]),
        ("transpose/transposeNoBankConflicts", &[]),
        ("simpleAtomicIntrinsics/testKernel", &[]),
        ("reduction/reduce0_int_256", &[]),
        ("reduction/reduce3_int_256", &[]),
        ("reduction/reduce6_int_256", &[]),
        ("reduction/reduce7_int_256", &[]),
        ("threadFenceReduction/reduceSinglePass_128", &[]),
        ("threadFenceReduction/reduceMultiPass_128", &[]),
        ("scan/scanExclusiveShared", &[]),
        ("shfl_scan/shfl_scan_test", &[]),
        ("histogram/histogram64Kernel", &[]),
        ("histogram/histogram256Kernel", &[]),
        ("reduction/multi_warp_cg_reduce_int_256", &["uninitialised"]),
        ("shfl_scan/shfl_intimage_rows", &["uninitialised"]),
        ("warpAggregatedAtomicsCG/mapToBuckets", &["global WAW"]),
    ];
    let names: Vec<&str> = expected.iter().map(|(n, _)| *n).collect();
    let mut got = Vec::new();
    for file in [
        "samples_h100.jsonl.gz",
        "samples_h100.1.jsonl.gz",
        "samples_h100.2.jsonl.gz",
    ] {
        got.extend(verdicts(file, &names));
    }
    assert_eq!(got.len(), expected.len());
    for (name, kinds, texts) in &got {
        let want: BTreeSet<&str> = expected
            .iter()
            .find(|(n, _)| name.ends_with(n))
            .expect("an expectation")
            .1
            .iter()
            .copied()
            .collect();
        assert_eq!(kinds, &want, "{name}:\n{}", texts.join("\n"));
    }
}
