//! `ptx-sim golden`: replaying records of what a real GPU computed (format:
//! `golden/FORMAT.md`) through the interpreter.

use crate::interp::Prepared;
use ptx_core::{AsmOperand, Constraint, Target, check, lower, parse};
use serde_json::Value;

/// One record: a statement, and every lane's operands before and after.
#[derive(Clone, Debug)]
pub struct Record {
    /// The form's name.
    pub form: String,
    /// The template.
    pub asm: String,
    /// The constraints, outputs first.
    pub cons: Vec<Constraint>,
    /// `"thread"` or `"warp"`.
    pub scope: String,
    /// Whether results may differ within the instruction's error bound.
    pub approx: bool,
    /// `inputs[lane][k]`: operand `k` before the statement.
    pub inputs: Vec<Vec<Option<u128>>>,
    /// `outputs[lane][k]`: operand `k` after the statement.
    pub outputs: Vec<Vec<Option<u128>>>,
    /// The raw record, for fields only some records have.
    pub raw: Value,
}

/// Why a record did not pass.
#[derive(Clone, Debug, PartialEq)]
pub enum Outcome {
    /// Every lane's outputs match.
    Pass,
    /// The first mismatches.
    Fail(Vec<String>),
    /// Not replayed: the record has an `error`, or needs what this path lacks.
    Skipped(String),
}

fn hex(v: &Value) -> Result<Option<u128>, String> {
    match v {
        Value::Null => Ok(None),
        Value::String(s) => {
            let digits = s
                .strip_prefix("0x")
                .ok_or_else(|| format!("`{s}` is not 0x hex"))?;
            u128::from_str_radix(digits, 16)
                .map(Some)
                .map_err(|e| format!("`{s}`: {e}"))
        }
        other => Err(format!("unexpected value {other}")),
    }
}

impl Record {
    /// Reads a record; `Ok(None)` for records with an `error` field.
    pub fn from_json(v: &Value) -> Result<Option<Record>, String> {
        if v.get("error").is_some() {
            return Ok(None);
        }
        let s = |k: &str| {
            v.get(k)
                .and_then(Value::as_str)
                .map(str::to_string)
                .ok_or_else(|| format!("record lacks `{k}`"))
        };
        let cons = v["cons"]
            .as_array()
            .ok_or("record lacks `cons`")?
            .iter()
            .map(|c| {
                c.as_str()
                    .ok_or("constraint is not a string")
                    .and_then(|c| c.parse().map_err(|_| "bad constraint"))
            })
            .collect::<Result<Vec<Constraint>, _>>()?;
        let lanes = |k: &str| -> Result<Vec<Vec<Option<u128>>>, String> {
            v[k].as_array()
                .ok_or(format!("record lacks `{k}`"))?
                .iter()
                .map(|lane| {
                    lane.as_array()
                        .ok_or("lane is not an array".to_string())?
                        .iter()
                        .map(hex)
                        .collect()
                })
                .collect()
        };
        Ok(Some(Record {
            form: s("form").unwrap_or_default(),
            asm: s("asm")?,
            cons,
            scope: s("scope").unwrap_or_else(|_| "thread".into()),
            approx: v.get("approx").and_then(Value::as_bool).unwrap_or(false),
            inputs: lanes("in")?,
            outputs: lanes("out")?,
            raw: v.clone(),
        }))
    }

    /// The statement, checked and lowered, ready to run.
    pub fn prepare(&self) -> Result<Prepared, String> {
        let ops: Vec<AsmOperand> = self.cons.iter().map(|&c| AsmOperand::new(c)).collect();
        let template = parse(&self.asm).map_err(|d| format!("does not parse: {}", d[0]))?;
        let checked = check(&template, &ops, Target::default())
            .map_err(|d| format!("rejected by the checker: {}", d[0]))?;
        let program = lower(&checked, &ops)?;
        Ok(Prepared::new(&program))
    }

    /// The register width of operand `k`.
    pub fn bits(&self, k: usize) -> u32 {
        self.cons[k].letter.register_type().map_or(64, |t| t.bits())
    }

    /// Compares lane `lane`'s registers after the statement with the record;
    /// `approx_ok` judges mismatches of approximate instructions.
    pub fn compare_lane(
        &self,
        lane: usize,
        regs: &[u128],
        approx_ok: &dyn Fn(&Record, usize, u128, u128) -> bool,
        out: &mut Vec<String>,
    ) {
        for (k, expected) in self.outputs[lane].iter().enumerate() {
            let Some(expected) = *expected else { continue };
            let mask = if self.bits(k) >= 128 {
                u128::MAX
            } else {
                (1u128 << self.bits(k)) - 1
            };
            let actual = regs[k] & mask;
            if actual != expected && !(self.approx && approx_ok(self, k, expected, actual)) {
                let digits = self.bits(k).div_ceil(4) as usize;
                out.push(format!(
                    "{}: lane {lane}, operand %{k}: expected 0x{expected:0digits$x}, got 0x{actual:0digits$x}",
                    self.form
                ));
            }
        }
    }
}

/// Replays a thread-scope record: each lane runs the statement alone.
pub fn replay_thread(
    record: &Record,
    approx_ok: &dyn Fn(&Record, usize, u128, u128) -> bool,
) -> Outcome {
    let prepared = match record.prepare() {
        Ok(p) => p,
        Err(e) => return Outcome::Fail(vec![format!("{}: {e}", record.form)]),
    };
    let mut mismatches = Vec::new();
    for lane in 0..record.inputs.len() {
        let mut regs = prepared.registers();
        for (k, v) in record.inputs[lane].iter().enumerate() {
            regs[k] = v.unwrap_or(0);
        }
        crate::context::restore(Default::default());
        if let Err(f) = prepared.run(&mut regs) {
            mismatches.push(format!("{}: lane {lane}: {f}", record.form));
            continue;
        }
        record.compare_lane(lane, &regs, approx_ok, &mut mismatches);
    }
    if mismatches.is_empty() {
        Outcome::Pass
    } else {
        Outcome::Fail(mismatches)
    }
}

/// Bit-exact comparison only: approximate results must match too.
pub fn exact(_: &Record, _: usize, _: u128, _: u128) -> bool {
    false
}
