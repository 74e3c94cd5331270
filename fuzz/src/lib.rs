//! What the fuzz targets share: reading a fuzz input as an inline-asm
//! statement (its constraints and template) and as register values.
//!
//! A statement input is text: the first line holds the constraints,
//! separated by spaces (`=r r r`), the rest is the template. The
//! interpreter's input adds, after a NUL byte, the bytes the registers
//! start with. Seeds written this way from real statements
//! (`seeds.py`) stay readable, and libFuzzer's byte mutations reach both
//! the constraints and the template.
//!
//! ```
//! let statement = ptx_fuzz::Statement::from_bytes(b"=r r r\nadd.s32 %0, %1, %2;\0\x01").unwrap();
//! assert_eq!(statement.operands.len(), 3);
//! assert_eq!(statement.template, "add.s32 %0, %1, %2;");
//! assert_eq!(statement.values, [1]);
//! ```

use ptx_core::{AsmOperand, Constraint, ConstraintLetter};

/// A fuzz input read as a statement.
pub struct Statement<'a> {
    /// The asm operands; constraints that do not parse are left out.
    pub operands: Vec<AsmOperand>,
    /// The template text.
    pub template: &'a str,
    /// The bytes after the first NUL (empty when there is none).
    pub values: &'a [u8],
}

impl<'a> Statement<'a> {
    /// Reads `data`; `None` when the text before the NUL is not UTF-8
    /// (the checker takes `&str`, as the `ptx!` macro hands it).
    pub fn from_bytes(data: &'a [u8]) -> Option<Statement<'a>> {
        let (text, values) = match data.iter().position(|&b| b == 0) {
            Some(nul) => (&data[..nul], &data[nul + 1..]),
            None => (data, &[][..]),
        };
        let text = std::str::from_utf8(text).ok()?;
        let (constraints, template) = text.split_once('\n').unwrap_or(("", text));
        let operands = constraints
            .split_whitespace()
            .filter_map(|c| c.parse::<Constraint>().ok())
            .enumerate()
            .map(|(k, constraint)| AsmOperand {
                // An `n` operand stands for a value, as in a CUDA
                // statement whose C expression is a constant.
                value: (constraint.letter == ConstraintLetter::N)
                    .then(|| i128::from(values.get(k).copied().unwrap_or(7))),
                constraint,
                name: None,
            })
            .collect();
        Some(Statement {
            operands,
            template,
            values,
        })
    }

    /// The value register `index` starts with: 16 bytes of `values`
    /// from `16 * index`, little-endian, cycling through them, zero
    /// when there are none.
    pub fn register_value(&self, index: usize) -> u128 {
        if self.values.is_empty() {
            return 0;
        }
        let mut bytes = [0u8; 16];
        for (k, b) in bytes.iter_mut().enumerate() {
            *b = self.values[(16 * index + k) % self.values.len()];
        }
        u128::from_le_bytes(bytes)
    }
}
