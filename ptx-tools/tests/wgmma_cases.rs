//! The wgmma kernel cases (`tests/data/kernels/wgmma/`): 327 launches of
//! one warpgroup running `wgmma.mma_async` over every type combination,
//! N from 8 to 256, every swizzle and both majors of the shared-memory
//! operands, A from registers, negated operands, scale-d false, and sparse
//! A with its metadata and both selectors (`.sp`), on an H100 (`tools/wgmma-cases/`: `gen.py` wrote the modules and specs,
//! `record.sh` recorded them). Every one replays bit for bit.

use ptx_tools::cases::{Modules, Outcome, read_cases, replay};
use std::path::PathBuf;

#[test]
fn every_wgmma_case_replays_bit_for_bit() {
    let file = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/data/kernels/wgmma/wgmma_h100.jsonl.gz");
    let cases = read_cases(&[file]).expect("the case file reads");
    assert_eq!(
        cases.len(),
        327,
        "tools/wgmma-cases/gen.py has 327 launches"
    );
    let mut modules = Modules::default();
    let mut failed = Vec::new();
    for (case, folder) in &cases {
        let module = modules
            .get(&folder.join(&case.module))
            .expect("every module loads");
        match replay(case, module, None) {
            Outcome::Pass(_) => {}
            other => failed.push(format!("{}: {other:?}", case.name)),
        }
    }
    assert!(
        failed.is_empty(),
        "{} failed:\n{}",
        failed.len(),
        failed.join("\n")
    );
}
