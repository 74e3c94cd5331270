//! `ptxsim check`: the checker that `ptx!` uses, against recorded ptxas verdicts.
//!
//! Two record formats are understood: the verdict files of `golden/FORMAT.md`
//! (`asm`, `cons`, `ok`; `n` operands stand for 7) and the real-world corpus
//! (`template`, `outputs`, `inputs`, `ok_sm_90a`, ...; `n` operands stand for 0),
//! whose verdict is the one recorded for the target checked.

use ptx_core::{
    AsmOperand, Constraint, ConstraintError, ConstraintLetter, Diagnostic, Target, check, parse,
};
use serde_json::Value;

/// One statement to check and what ptxas said of it.
#[derive(Debug)]
pub struct Statement {
    /// The template.
    pub asm: String,
    /// The constraints, outputs first.
    pub cons: Vec<String>,
    /// ptxas's verdict, if recorded.
    pub expected: Option<bool>,
    /// What ptxas printed, if recorded.
    pub message: Option<String>,
    /// The value each operand stands for where it is an `n` operand: 7 in
    /// the verdict files; in the real-world records the integer literal of
    /// its C expression (`input_exprs`), else 0.
    pub n_values: Vec<i128>,
}

/// Why a verdict record does not read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum VerdictRecordError {
    /// The constraints (`cons`, `outputs`, `inputs`) are not an array.
    #[error("expected an array of constraints")]
    NotAnArray,
    /// A constraint that is not a string.
    #[error("constraint is not a string")]
    ConstraintNotString,
    /// Neither an `asm` (verdict files) nor a `template` (real-world
    /// records) field.
    #[error("record has neither `asm` nor `template`")]
    NoStatement,
}

impl Statement {
    /// Reads a record of either format; `target` picks the corpus verdict.
    pub fn from_record(record: &Value, target: Target) -> Result<Statement, VerdictRecordError> {
        let strings = |v: &Value| -> Result<Vec<String>, VerdictRecordError> {
            v.as_array()
                .ok_or(VerdictRecordError::NotAnArray)?
                .iter()
                .map(|c| {
                    c.as_str()
                        .map(str::to_string)
                        .ok_or(VerdictRecordError::ConstraintNotString)
                })
                .collect()
        };
        if let Some(asm) = record.get("asm").and_then(Value::as_str) {
            let cons = strings(&record["cons"])?;
            return Ok(Statement {
                asm: asm.to_string(),
                n_values: vec![7; cons.len()],
                cons,
                expected: record.get("ok").and_then(Value::as_bool),
                message: record
                    .get("msg")
                    .and_then(Value::as_str)
                    .map(str::to_string),
            });
        }
        let template = record
            .get("template")
            .and_then(Value::as_str)
            .ok_or(VerdictRecordError::NoStatement)?;
        let mut cons = strings(&record["outputs"])?;
        let outputs = cons.len();
        cons.extend(strings(&record["inputs"])?);
        // As the records' ptxas verdicts had them: an `n` operand whose
        // expression is an integer literal is that value, others are 0.
        let expressions = record.get("input_exprs").and_then(Value::as_array);
        let n_values = (0..cons.len())
            .map(|k| {
                let e = expressions?.get(k.checked_sub(outputs)?)?.as_str()?;
                crate::cuda::integer_value(e)
            })
            .map(|literal| literal.unwrap_or(0))
            .collect();
        let key = target.to_string();
        Ok(Statement {
            asm: template.to_string(),
            cons,
            expected: record.get(format!("ok_{key}")).and_then(Value::as_bool),
            message: record
                .get(format!("msg_{key}"))
                .and_then(Value::as_str)
                .map(str::to_string),
            n_values,
        })
    }

    /// The checker's verdict: `Ok(())` or the errors it reports.
    pub fn check(&self, target: Target) -> Result<(), Vec<Diagnostic>> {
        let mut operands = Vec::new();
        for (k, c) in self.cons.iter().enumerate() {
            let constraint: Constraint = c.parse().map_err(|e: ConstraintError| {
                vec![Diagnostic::error(
                    ptx_core::DiagnosticKind::InvalidConstraint,
                    ptx_core::Span::default(),
                    e.to_string(),
                )]
            })?;
            let value = (constraint.letter == ConstraintLetter::N)
                .then(|| self.n_values.get(k).copied().unwrap_or(0));
            operands.push(AsmOperand {
                constraint,
                name: None,
                value,
            });
        }
        // nvcc puts a number for `%=` before ptxas reads the statement.
        let template = parse(&ptx_core::number_statement(&self.asm, 0).0)?;
        check(&template, &operands, target).map(|_| ())
    }
}

#[cfg(test)]
mod tests {
    use super::{Statement, VerdictRecordError};
    use ptx_core::Target;

    /// A record that is not a statement says which part is missing.
    #[test]
    fn records_that_are_not_statements_say_why() {
        let target = Target::default();
        let none = serde_json::json!({"ok": true});
        assert_eq!(
            Statement::from_record(&none, target).err(),
            Some(VerdictRecordError::NoStatement)
        );
        let flat = serde_json::json!({"asm": "mov.b32 %0, %1;", "cons": "=r,r"});
        assert_eq!(
            Statement::from_record(&flat, target).err(),
            Some(VerdictRecordError::NotAnArray)
        );
        let number = serde_json::json!({"asm": "mov.b32 %0, %1;", "cons": ["=r", 1]});
        assert_eq!(
            Statement::from_record(&number, target).err(),
            Some(VerdictRecordError::ConstraintNotString)
        );
    }
}
