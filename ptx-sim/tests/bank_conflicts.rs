//! The bank model (`ptx_sim::sem::memory`) against an H100: two Nsight Compute
//! measurements of `ldmatrix` from the project's reference notes on ldmatrix
//! experiments (a <<<1024, 512>>> launch in which every warp runs one
//! `ldmatrix.x2`, 16384 requests, from a shared array of 128×16 halves; lane
//! i < 16 points at `offset(i)` halves; each test says what was measured),
//! and the tables under `tests/data` that
//! `tools/generators/bank-probe` recorded: one warp's requests, wavefronts and
//! conflicts for `ld`, `st`, `atom`, `red` and `wmma` patterns, and the
//! instructions ptxas builds each `wmma` load and store and each atomic of.
//!
//! Model: a set of accesses takes as many wavefronts as the most distinct
//! 4-byte words any one of the 32 banks holds among them; an 8×8 matrix of
//! `ldmatrix` is eight 16-byte rows; conflicts are wavefronts beyond the
//! ideal (one per 128 bytes, one per matrix).

use ptx_core::{AsmOperand, Target, check_asm, lower};
use ptx_sim::machine::{BankCounts, Launch};
use ptx_sim::statement::Prepared;

fn ldmatrix_x2(offset: impl Fn(u32) -> u32 + Sync) -> BankCounts {
    let cons = ["=r", "=r", "r"];
    let asm = "ldmatrix.sync.aligned.m8n8.x2.shared.b16 {%0, %1}, [%2];";
    let checked = check_asm(asm, &cons, Target::default()).unwrap();
    let ops: Vec<AsmOperand> = cons
        .iter()
        .map(|c| AsmOperand::new(c.parse().unwrap()))
        .collect();
    let p = Prepared::new(&lower(&checked, &ops).unwrap());
    let report = Launch::new(1024, 512)
        .shared_bytes(128 * 16 * 2)
        .stack_size(64 * 1024)
        .run(|t| {
            let lane = t.lane;
            let mut r = p.registers();
            // Lanes 16-31 point at offset 0 (their addresses are unused by .x2).
            r[2] = u128::from(if lane < 16 { offset(lane) * 2 } else { 0 });
            p.run(&mut r).unwrap();
        })
        .unwrap();
    report.stats.get("ldmatrix")
}

#[test]
fn ldmatrix_x2_rows_in_consecutive_16_byte_slots_have_no_conflicts() {
    // row = i/2, matrix = i%2, offset row*16 + matrix*8 halves: matrix 0's
    // rows are bytes 0, 16, ..., 112, matrix 1's 128, ..., 240: each matrix
    // covers the 32 banks once. Measured: 0 conflicts.
    let c = ldmatrix_x2(|i| (i / 2) * 16 + (i % 2) * 8);
    assert_eq!(c.requests, 16384);
    assert_eq!(c.wavefronts, 2 * 16384);
    assert_eq!(c.conflicts, 0);
}

#[test]
fn ldmatrix_x2_rows_128_bytes_apart_conflict_four_ways() {
    // offset (4*row)*16 + matrix*8 halves: rows 0, 16, 128, 144, 256, ...
    // bytes: 4 rows share banks 0-3 and 4 share banks 4-7, so each matrix
    // takes 4 wavefronts (3 conflicts), 6 per request: 6 * 16384 = 98304,
    // as measured.
    let c = ldmatrix_x2(|i| (4 * (i / 2)) * 16 + (i % 2) * 8);
    assert_eq!(c.requests, 16384);
    assert_eq!(c.conflicts, 98304);
}

/// A row of a table under `tests/data`, its `#` lines skipped.
fn table(name: &str) -> Vec<Vec<String>> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/data")
        .join(name);
    std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .map(|l| l.split('\t').map(str::to_string).collect())
        .collect()
}

/// The statement `asm` with constraints `cons` (comma-separated), ready to run.
fn statement(asm: &str, cons: &str) -> Prepared {
    let cons: Vec<&str> = cons.split(',').collect();
    let checked =
        check_asm(asm, &cons, Target::default()).unwrap_or_else(|e| panic!("{asm}: {e:?}"));
    let ops: Vec<AsmOperand> = cons
        .iter()
        .map(|c| AsmOperand::new(c.parse().unwrap()))
        .collect();
    Prepared::new(&lower(&checked, &ops).unwrap())
}

/// The shared-memory requests, wavefronts and conflicts one warp makes
/// running `p` once, over 16 KiB of shared memory: the address operand
/// (the one in brackets in `asm`) of lane l is `address(l)`, a wmma
/// statement's last operand (its stride) `stride`, every other input l.
fn counts(
    asm: &str,
    p: &Prepared,
    address: impl Fn(u32) -> u64 + Sync,
    stride: u64,
) -> (u64, u64, u64) {
    let operands = p.registers().len();
    let addr = (0..operands)
        .find(|k| asm.contains(&format!("[%{k}]")))
        .expect("an address operand");
    let wmma = asm.starts_with("wmma");
    let report = Launch::new(1, 32)
        .shared_bytes(16384)
        .run(|t| {
            let mut r = p.registers();
            for (k, v) in r.iter_mut().enumerate() {
                *v = u128::from(t.lane);
                if k == addr {
                    *v = u128::from(address(t.lane));
                } else if wmma && k == operands - 1 {
                    *v = u128::from(stride);
                }
            }
            p.run(&mut r).unwrap();
        })
        .unwrap();
    report
        .stats
        .by_instruction
        .values()
        .fold((0, 0, 0), |(r, w, c), b| {
            (r + b.requests, w + b.wavefronts, c + b.conflicts)
        })
}

#[test]
fn requests_measured_on_the_h100_are_counted_as_it_counted_them() {
    // `tests/data/bank_conflicts_h100.tsv`: one warp instruction per row,
    // its requests, wavefronts and conflicts as Nsight Compute read them.
    // A statement the H100 ran as several instructions (an atomic ptxas
    // builds as a compare-and-swap loop, `built_as_loop`) is not counted.
    let mut wrong = Vec::new();
    let rows = table("bank_conflicts_h100.tsv");
    assert!(rows.len() >= 100, "{} rows", rows.len());
    for row in &rows {
        let [asm, cons, kind, stride, offsets, requests, waves, conflicts] = &row[..] else {
            panic!("row {row:?}");
        };
        let offsets: Vec<u64> = offsets.split(',').map(|o| o.parse().unwrap()).collect();
        let address = |l: u32| {
            if kind == "lane" {
                offsets[l as usize]
            } else {
                offsets[0]
            }
        };
        let p = statement(asm, cons);
        let measured: (u64, u64, u64) = (
            requests.parse().unwrap(),
            waves.parse().unwrap(),
            conflicts.parse().unwrap(),
        );
        let simulated = counts(asm, &p, address, stride.parse().unwrap());
        let expected = if measured.0 > 1 && kind == "lane" {
            (0, 0, 0)
        } else {
            measured
        };
        if simulated != expected {
            wrong.push(format!(
                "{asm} {offsets:?} stride {stride}: measured {measured:?}, simulated {simulated:?}"
            ));
        }
    }
    // The one pattern the model counts differently: half-warps of 8-byte
    // loads at two addresses in the same banks (0 and 256). Each half takes
    // one wavefront, as the model has it, but the H100 counts a conflict.
    let known = [
        "ld.shared.u64 %0, [%1]; [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, \
                  256, 256, 256, 256, 256, 256, 256, 256, 256, 256, 256, 256, 256, 256, 256, 256] \
                  stride 0: measured (1, 2, 1), simulated (1, 2, 0)",
    ];
    assert_eq!(wrong, known, "{} of {} differ", wrong.len(), rows.len());
}

#[test]
fn every_wmma_load_and_store_makes_as_many_requests_as_ptxas_builds_instructions() {
    // `tests/data/wmma_sass_h100.tsv`: the shared-memory instructions of
    // every wmma load and store form on sm_90; one warp running the form
    // at its default stride makes one request per instruction.
    let rows = table("wmma_sass_h100.tsv");
    assert!(rows.len() >= 100, "{} rows", rows.len());
    let mut wrong = Vec::new();
    for row in &rows {
        let [asm, cons, stride, instructions] = &row[..] else {
            panic!("row {row:?}");
        };
        let p = statement(asm, cons);
        let built = instructions.split(' ').count() as u64;
        let (requests, _, _) = counts(asm, &p, |_| 0, stride.parse().unwrap());
        if requests != built {
            wrong.push(format!(
                "{asm}: {instructions}, simulated {requests} requests"
            ));
        }
    }
    assert!(
        wrong.is_empty(),
        "{} of {} differ:\n{}",
        wrong.len(),
        rows.len(),
        wrong.join("\n")
    );
}

#[test]
fn atomics_built_as_loops_are_those_ptxas_builds_of_several_instructions() {
    // `tests/data/atom_sass_h100.tsv`: every recorded atom/red form on
    // shared memory and what ptxas builds it of; one atomic instruction,
    // or a loop of a load and a compare-and-swap.
    let rows = table("atom_sass_h100.tsv");
    assert!(rows.len() >= 50, "{} rows", rows.len());
    for row in &rows {
        let [asm, cons, instructions] = &row[..] else {
            panic!("row {row:?}");
        };
        let p = statement(asm, cons);
        // Distinct word addresses: no lane conflicts with another.
        let (requests, _, _) = counts(asm, &p, |l| 16 * u64::from(l), 0);
        let loop_built = instructions.split(' ').count() > 1;
        assert_eq!(requests, u64::from(!loop_built), "{asm}: {instructions}");
    }
}
