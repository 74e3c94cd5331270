//! `ptxsim golden`: replaying records of what a real GPU computed (format:
//! `golden/FORMAT.md`) through the statement interpreter.

use ptx_core::{AsmOperand, Constraint, LowerError, Target, check, lower, parse};
use ptx_sim::sem::approx::{ErrorBound, error_bound};
use ptx_sim::statement::Prepared;
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

/// Why a record does not read, or its statement does not run.
#[derive(Debug, thiserror::Error)]
pub enum RecordError {
    /// A field the record must have, or one of the wrong JSON type.
    #[error("record lacks `{0}`")]
    Missing(String),
    /// A constraint that is not a JSON string.
    #[error("constraint is not a string")]
    ConstraintNotString,
    /// A constraint string that names no constraint.
    #[error("bad constraint")]
    BadConstraint,
    /// A lane's operands that are not a JSON array.
    #[error("lane is not an array")]
    LaneNotArray,
    /// An operand value without its `0x`.
    #[error("`{0}` is not 0x hex")]
    NotHex(String),
    /// An operand value whose digits are not hex, or too many.
    #[error("`{text}`: {source}")]
    BadHex {
        /// The value as recorded.
        text: String,
        /// Why.
        source: std::num::ParseIntError,
    },
    /// An operand value that is neither a string nor null.
    #[error("unexpected value {0}")]
    UnexpectedValue(Value),
    /// A memory image (`smem_in`, `gmem_in`) that is not hex bytes.
    #[error(transparent)]
    BadBytes(#[from] std::num::ParseIntError),
    /// The statement does not parse: the first diagnostic.
    #[error("does not parse: {0}")]
    DoesNotParse(ptx_core::Diagnostic),
    /// The checker rejects the statement: the first diagnostic.
    #[error("rejected by the checker: {0}")]
    Rejected(ptx_core::Diagnostic),
    /// The checked statement does not lower.
    #[error(transparent)]
    Lower(#[from] LowerError),
}

fn hex(v: &Value) -> Result<Option<u128>, RecordError> {
    match v {
        Value::Null => Ok(None),
        Value::String(s) => {
            let digits = s
                .strip_prefix("0x")
                .ok_or_else(|| RecordError::NotHex(s.clone()))?;
            u128::from_str_radix(digits, 16)
                .map(Some)
                .map_err(|source| RecordError::BadHex {
                    text: s.clone(),
                    source,
                })
        }
        other => Err(RecordError::UnexpectedValue(other.clone())),
    }
}

impl Record {
    /// Reads a record; `Ok(None)` for records with an `error` field.
    pub fn from_json(v: &Value) -> Result<Option<Record>, RecordError> {
        if v.get("error").is_some() {
            return Ok(None);
        }
        let s = |k: &str| {
            v.get(k)
                .and_then(Value::as_str)
                .map(str::to_string)
                .ok_or_else(|| RecordError::Missing(k.to_string()))
        };
        let cons = v["cons"]
            .as_array()
            .ok_or_else(|| RecordError::Missing("cons".into()))?
            .iter()
            .map(|c| {
                c.as_str()
                    .ok_or(RecordError::ConstraintNotString)
                    .and_then(|c| c.parse().map_err(|_| RecordError::BadConstraint))
            })
            .collect::<Result<Vec<Constraint>, _>>()?;
        let lanes = |k: &str| -> Result<Vec<Vec<Option<u128>>>, RecordError> {
            v[k].as_array()
                .ok_or_else(|| RecordError::Missing(k.to_string()))?
                .iter()
                .map(|lane| {
                    lane.as_array()
                        .ok_or(RecordError::LaneNotArray)?
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
    pub fn prepare(&self) -> Result<Prepared, RecordError> {
        let ops: Vec<AsmOperand> = self.cons.iter().map(|&c| AsmOperand::new(c)).collect();
        let template = parse(&self.asm).map_err(|d| RecordError::DoesNotParse(d[0].clone()))?;
        let checked = check(&template, &ops, Target::default())
            .map_err(|d| RecordError::Rejected(d[0].clone()))?;
        let program = lower(&checked, &ops)?;
        Ok(Prepared::new(&program))
    }

    /// The lanes that executed the statement: the record's `active` mask
    /// (`tools/generators/gpu-golden/README.md`), or every lane.
    pub fn active(&self) -> u64 {
        self.raw
            .get("active")
            .and_then(Value::as_str)
            .and_then(|h| u64::from_str_radix(h.trim_start_matches("0x"), 16).ok())
            .unwrap_or(u64::MAX)
    }

    /// The register width of operand `k`.
    pub fn bits(&self, k: usize) -> u32 {
        self.cons[k].letter.register_type().map_or(64, |t| t.bits())
    }

    /// Compares lane `lane`'s registers after the statement with the record;
    /// `approx_ok(record, lane, operand, expected, actual)` judges mismatches
    /// of approximate instructions.
    pub fn compare_lane(
        &self,
        lane: usize,
        regs: &[u128],
        approx_ok: &Judge,
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
            if actual != expected && !(self.approx && approx_ok(self, lane, k, expected, actual)) {
                let digits = self.bits(k).div_ceil(4) as usize;
                out.push(format!(
                    "{}: lane {lane}, operand %{k}: expected 0x{expected:0digits$x}, got 0x{actual:0digits$x}",
                    self.form
                ));
            }
        }
    }
}

/// A judge of an approximate result: `(record, lane, operand, expected, actual)`.
pub type Judge = dyn Fn(&Record, usize, usize, u128, u128) -> bool;

/// Replays a thread-scope record: each lane runs the statement alone.
pub fn replay_thread(record: &Record, approx_ok: &Judge) -> Outcome {
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
        ptx_sim::machine::context::restore(Default::default());
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

/// The record's shared memory before the statement (`smem_in`), if any.
pub fn shared_before(record: &Record) -> Result<Vec<u8>, RecordError> {
    let Some(hex) = record.raw.get("smem_in").and_then(Value::as_str) else {
        let size = record
            .raw
            .get("smem_bytes")
            .and_then(Value::as_u64)
            .unwrap_or(0);
        return Ok(vec![0; size as usize]);
    };
    bytes(hex)
}

fn bytes(hex: &str) -> Result<Vec<u8>, RecordError> {
    (0..hex.len() / 2)
        .map(|i| Ok(u8::from_str_radix(&hex[2 * i..2 * i + 2], 16)?))
        .collect()
}

/// Compares the warp's shared memory after the statement with `smem_out`.
pub fn compare_shared(record: &Record, after: &[u8], out: &mut Vec<String>) {
    compare_memory(record, "smem_out", "shared", after, out);
}

/// The record's global buffer (`gmem_in`, `tools/generators/gpu-golden/wmma.py`), if
/// it has one: the statement's global memory before it ran.
pub fn global_before(record: &Record) -> Result<Option<Vec<u8>>, RecordError> {
    match record.raw.get("gmem_in").and_then(Value::as_str) {
        Some(hex) => bytes(hex).map(Some),
        None => Ok(None),
    }
}

/// The operands that are byte offsets into the record's global buffer
/// (`gaddr_ops`).
pub fn global_address_operands(record: &Record) -> Vec<usize> {
    record
        .raw
        .get("gaddr_ops")
        .and_then(Value::as_array)
        .map(|ops| {
            ops.iter()
                .filter_map(Value::as_u64)
                .map(|k| k as usize)
                .collect()
        })
        .unwrap_or_default()
}

/// Compares the global buffer after the statement with `gmem_out`.
pub fn compare_global(record: &Record, after: &[u8], out: &mut Vec<String>) {
    compare_memory(record, "gmem_out", "global", after, out);
}

/// Compares memory after the statement with the record's field `field`.
fn compare_memory(record: &Record, field: &str, space: &str, after: &[u8], out: &mut Vec<String>) {
    let Some(hex) = record.raw.get(field).and_then(Value::as_str) else {
        return;
    };
    match bytes(hex) {
        Ok(expected) => {
            if let Some(i) = (0..expected.len()).find(|&i| after.get(i) != Some(&expected[i])) {
                out.push(format!(
                    "{}: {space} memory byte {i}: expected 0x{:02x}, got {}",
                    record.form,
                    expected[i],
                    after
                        .get(i)
                        .map_or("nothing".into(), |b| format!("0x{b:02x}"))
                ));
            }
        }
        Err(e) => out.push(format!("{}: {field}: {e}", record.form)),
    }
}

/// Replays a warp-scope record: the 32 lanes run the statement together,
/// as one warp of a launch, over the record's shared memory and, when it
/// has one, its global buffer (address operands `gaddr_ops` are offsets
/// into it).
pub fn replay_warp(record: &Record, approx_ok: &Judge) -> Outcome {
    let prepared = match record.prepare() {
        Ok(p) => p,
        Err(e) => return Outcome::Fail(vec![format!("{}: {e}", record.form)]),
    };
    let shared = match shared_before(record) {
        Ok(s) => s,
        Err(e) => return Outcome::Fail(vec![format!("{}: smem_in: {e}", record.form)]),
    };
    let global = match global_before(record) {
        Ok(g) => g,
        Err(e) => return Outcome::Fail(vec![format!("{}: gmem_in: {e}", record.form)]),
    };
    let lanes = record.inputs.len() as u32;
    let active = record.active();
    let mut launch = ptx_sim::machine::Launch::new(1, lanes);
    launch.shared_init(shared);
    let base = global.map_or(0, |bytes| u128::from(launch.global(bytes).addr));
    let global_ops = global_address_operands(record);
    let report = launch.run(|t| {
        let mut regs = prepared.registers();
        for (k, v) in record.inputs[t.lane as usize].iter().enumerate() {
            regs[k] = v.unwrap_or(0);
            if global_ops.contains(&k) {
                regs[k] += base;
            }
        }
        // Lanes outside the record's active mask skip the statement.
        if active >> t.lane & 1 == 0 {
            return Ok(regs);
        }
        prepared.run(&mut regs).map(|()| regs)
    });
    let report = match report {
        Ok(r) => r,
        Err(e) => return Outcome::Fail(vec![format!("{}: {e}", record.form)]),
    };
    let mut mismatches = Vec::new();
    for (lane, regs) in report.results.iter().enumerate() {
        match regs {
            Ok(regs) => record.compare_lane(lane, regs, approx_ok, &mut mismatches),
            Err(f) => mismatches.push(format!("{}: lane {lane}: {f}", record.form)),
        }
    }
    if let Some(after) = report.shared.first() {
        compare_shared(record, after, &mut mismatches);
    }
    if let Some(after) = report.global.first() {
        compare_global(record, after, &mut mismatches);
    }
    if mismatches.is_empty() {
        Outcome::Pass
    } else {
        Outcome::Fail(mismatches)
    }
}

/// Bit-exact comparison only: approximate results must match too.
pub fn exact(_: &Record, _: usize, _: usize, _: u128, _: u128) -> bool {
    false
}

/// A floating-point element format of the judged instructions.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Elem {
    F16,
    Bf16,
    F32,
    F64,
}

impl Elem {
    fn bits(self) -> u32 {
        match self {
            Elem::F16 | Elem::Bf16 => 16,
            Elem::F32 => 32,
            Elem::F64 => 64,
        }
    }

    fn decode(self, b: u128) -> f64 {
        match self {
            Elem::F16 => half::f16::from_bits(b as u16).to_f64(),
            Elem::Bf16 => half::bf16::from_bits(b as u16).to_f64(),
            Elem::F32 => f64::from(f32::from_bits(b as u32)),
            Elem::F64 => f64::from_bits(b as u64),
        }
    }

    /// `v` rounded to nearest in this format.
    fn encode(self, v: f64) -> u128 {
        match self {
            Elem::F16 => half::f16::from_f64(v).to_bits().into(),
            Elem::Bf16 => half::bf16::from_f64(v).to_bits().into(),
            Elem::F32 => (v as f32).to_bits().into(),
            Elem::F64 => v.to_bits().into(),
        }
    }

    /// The smallest normal magnitude.
    fn min_normal(self) -> f64 {
        match self {
            Elem::F16 => 2f64.powi(-14),
            Elem::Bf16 | Elem::F32 => 2f64.powi(-126),
            Elem::F64 => f64::MIN_POSITIVE,
        }
    }

    /// Half the smallest subnormal: the error of rounding a tiny result.
    fn tiny(self) -> f64 {
        match self {
            Elem::F16 => 2f64.powi(-25),
            Elem::Bf16 => 2f64.powi(-134),
            Elem::F32 => 2f64.powi(-150),
            Elem::F64 => 0.0,
        }
    }

    /// The position of `b` on the number line, for counting ulps.
    fn ordinal(self, b: u128) -> i128 {
        let sign = 1u128 << (self.bits() - 1);
        let magnitude = (b & (sign - 1)) as i128;
        if b & sign != 0 { -magnitude } else { magnitude }
    }
}

/// Judges a mismatching result of an approximate instruction: it passes
/// when it is within the documented maximum error ([`error_bound`]) of the
/// exact value at the lane's operands. The model:
///
/// * the exact value is evaluated in `f64` (host libm, far more accurate
///   than any bound) at the operands as the instruction sees them (`.ftz`
///   flushes subnormal operands; `rcp`/`rsqrt.approx.ftz.f64` see only the
///   upper 32 bits), and under `.ftz` a subnormal exact value counts as 0;
/// * NaN and infinite results must match bit for bit (the ISA's special
///   value tables), as must results of instructions without a bound;
/// * packed `x2` results are judged element by element;
/// * a relative or absolute bound also allows half the format's smallest
///   subnormal (rounding a tiny result).
pub fn approx_ok(record: &Record, lane: usize, k: usize, expected: u128, actual: u128) -> bool {
    let Some(head) = record.asm.split_whitespace().next() else {
        return false;
    };
    let parts: Vec<&str> = head.trim_end_matches(';').split('.').collect();
    let (op, ty) = (parts[0], *parts.last().unwrap_or(&""));
    let ftz = parts.contains(&"ftz");
    let (elem, count) = match ty {
        "f16" => (Elem::F16, 1),
        "f16x2" => (Elem::F16, 2),
        "bf16" => (Elem::Bf16, 1),
        "bf16x2" => (Elem::Bf16, 2),
        "f32" => (Elem::F32, 1),
        "f64" => (Elem::F64, 1),
        _ => return false,
    };
    let operand = |i: usize| record.inputs[lane].get(k + 1 + i).copied().flatten();
    let (Some(a), b) = (operand(0), operand(1)) else {
        return false;
    };
    let upper_word = elem == Elem::F64 && ftz;
    let w = elem.bits();
    let mask = (1u128 << w) - 1;
    (0..count).all(|i| {
        let part = |v: u128| (v >> (i * w)) & mask;
        let (e, got) = (part(expected), part(actual));
        if e == got {
            return true;
        }
        let read = |v: u128| {
            let v = if upper_word { v & !0xffff_ffff } else { v };
            let x = elem.decode(v);
            if ftz && x != 0.0 && x.abs() < elem.min_normal() {
                0.0f64.copysign(x)
            } else {
                x
            }
        };
        let x = read(part(a));
        let exact = match op {
            "rcp" => 1.0 / x,
            "sqrt" => x.sqrt(),
            "rsqrt" => 1.0 / x.sqrt(),
            "sin" => x.sin(),
            "cos" => x.cos(),
            "lg2" => x.log2(),
            "ex2" => x.exp2(),
            "tanh" => x.tanh(),
            "div" => match b {
                Some(b) => {
                    let d = read(part(b));
                    if d.is_finite() && d.abs() > 2f64.powi(126) {
                        return false;
                    }
                    x / d
                }
                None => return false,
            },
            _ => return false,
        };
        let exact = if ftz && exact.abs() < elem.min_normal() {
            0.0f64.copysign(exact)
        } else {
            exact
        };
        let (want, have) = (elem.decode(e), elem.decode(got));
        if !want.is_finite() || !have.is_finite() || !exact.is_finite() {
            return false;
        }
        let kind = if upper_word {
            "f64-upper"
        } else {
            ty.trim_end_matches("x2")
        };
        match error_bound(op, kind, x) {
            ErrorBound::Ulps(n) => {
                let rounded = elem.encode(exact);
                (elem.ordinal(got) - elem.ordinal(rounded)).unsigned_abs() <= u128::from(n)
            }
            ErrorBound::Relative(r) => (have - exact).abs() <= r * exact.abs() + elem.tiny(),
            ErrorBound::Absolute(a) => (have - exact).abs() <= a + elem.tiny(),
            ErrorBound::Unbounded => have.abs() <= 1.0,
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(asm: &str, cons: &[&str], inputs: &[u128]) -> Record {
        let mut lane = vec![None];
        lane.extend(inputs.iter().map(|&v| Some(v)));
        Record {
            form: asm.into(),
            asm: asm.into(),
            cons: cons.iter().map(|c| c.parse().unwrap()).collect(),
            scope: "thread".into(),
            approx: true,
            inputs: vec![lane],
            outputs: vec![vec![None; cons.len()]],
            raw: Value::Null,
        }
    }

    /// A record's faults are typed: an operand value without `0x`, a
    /// missing `asm`, a statement that does not parse.
    #[test]
    fn bad_records_give_typed_errors() {
        let v: Value = serde_json::json!({"asm": "mov.b32 %0, %1;", "cons": ["=r", "r"],
            "in": [["0x0", "12"]], "out": [["0x0", "0x0"]]});
        assert!(matches!(Record::from_json(&v), Err(RecordError::NotHex(s)) if s == "12"));
        let v: Value = serde_json::json!({"cons": [], "in": [], "out": []});
        assert!(matches!(Record::from_json(&v), Err(RecordError::Missing(k)) if k == "asm"));
        let bad = record("mov.b32 %0 %1 %2 ;;", &["=r", "r"], &[1]);
        assert!(matches!(
            bad.prepare(),
            Err(RecordError::DoesNotParse(_) | RecordError::Rejected(_))
        ));
    }

    fn judge(asm: &str, x: f32, expected: u32, actual: u32) -> bool {
        let r = record(asm, &["=f", "f"], &[x.to_bits().into()]);
        approx_ok(&r, 0, 0, expected.into(), actual.into())
    }

    #[test]
    fn rcp_approx_allows_one_ulp() {
        // 1/3 rounds to 0x3eaaaaab.
        assert!(judge(
            "rcp.approx.f32 %0, %1;",
            3.0,
            0x3eaa_aaab,
            0x3eaa_aaac
        ));
        assert!(!judge(
            "rcp.approx.f32 %0, %1;",
            3.0,
            0x3eaa_aaab,
            0x3eaa_aaad
        ));
    }

    #[test]
    fn ex2_approx_allows_two_ulp_from_the_correctly_rounded_result() {
        let two = 2f32.to_bits();
        assert!(judge("ex2.approx.f32 %0, %1;", 1.0, two, two + 2));
        assert!(!judge("ex2.approx.f32 %0, %1;", 1.0, two, two + 3));
    }

    #[test]
    fn lg2_is_absolute_near_one_and_relative_elsewhere() {
        let tiny = |e: i32| 2f32.powi(e).to_bits();
        assert!(judge("lg2.approx.f32 %0, %1;", 1.0, 0, tiny(-23)));
        assert!(!judge("lg2.approx.f32 %0, %1;", 1.0, 0, tiny(-21)));
        // lg2(1024) = 10: relative 2^-22 allows 10 * 2^-22 = 2.4e-6, one ulp is 9.5e-7.
        let ten = 10f32.to_bits();
        assert!(judge("lg2.approx.f32 %0, %1;", 1024.0, ten, ten + 1));
        assert!(!judge("lg2.approx.f32 %0, %1;", 1024.0, ten, ten + 4));
    }

    #[test]
    fn sin_beyond_a_hundred_pi_has_no_guarantee() {
        assert!(judge("sin.approx.f32 %0, %1;", 1000.0, 0, 0.5f32.to_bits()));
        assert!(!judge("sin.approx.f32 %0, %1;", 1000.0, 0, 2f32.to_bits()));
        // sin(0.5) within 2^-20.5 only.
        let s = 0.5f64.sin() as f32;
        assert!(judge(
            "sin.approx.f32 %0, %1;",
            0.5,
            s.to_bits(),
            s.to_bits() + 1
        ));
        assert!(!judge(
            "sin.approx.f32 %0, %1;",
            0.5,
            s.to_bits(),
            s.to_bits() + 40
        ));
    }

    #[test]
    fn special_values_must_match_exactly() {
        assert!(!judge(
            "rcp.approx.f32 %0, %1;",
            0.0,
            0x7f80_0000,
            0x7f7f_ffff
        ));
        assert!(!judge(
            "lg2.approx.f32 %0, %1;",
            -1.0,
            0x7fff_ffff,
            0x7fc0_0000
        ));
    }

    #[test]
    fn packed_halves_are_judged_one_by_one() {
        let r = record("ex2.approx.f16x2 %0, %1;", &["=r", "r"], &[0x3c00_3c00]);
        // 2^1 = 2.0 = 0x4000 in both halves; one ulp off in the low half passes
        // (relative 2^-9.9 > 2^-10), ten ulps in the high half do not.
        assert!(approx_ok(&r, 0, 0, 0x4000_4000, 0x4000_4001));
        assert!(!approx_ok(&r, 0, 0, 0x4000_4000, 0x400a_4000));
    }
}
