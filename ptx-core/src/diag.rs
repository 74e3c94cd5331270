//! Diagnostics: what the parser and checker report, as values with byte ranges.

use crate::Span;
use std::fmt;

/// How serious a diagnostic is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Severity {
    /// The statement is rejected (ptxas would reject it, or it cannot work as inline asm).
    Error,
    /// The statement is accepted but probably not what was meant.
    Warning,
}

/// Which rule a diagnostic comes from. Tests match on this; users read the message.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum DiagnosticKind {
    /// The text is not well-formed PTX (unexpected character or token).
    Syntax,
    /// The opcode names no PTX instruction.
    UnknownOpcode,
    /// A modifier (`.xyz` after the opcode) that no form of the instruction takes.
    UnknownModifier,
    /// A modifier that the instruction knows, in a place or combination it does not accept.
    IllegalModifier,
    /// Two modifiers that exclude each other, e.g. `.rn.rz`.
    ConflictingModifiers,
    /// A required modifier (a type, a rounding mode, a mode) is missing.
    MissingModifier,
    /// A type suffix the instruction does not accept, or an unknown type.
    InvalidType,
    /// Too many or too few operands.
    OperandCount,
    /// An operand of the wrong kind: an immediate where a register is needed, a
    /// missing address bracket, a vector of the wrong length, ...
    OperandKind,
    /// A register whose type does not fit the instruction type.
    OperandType,
    /// An immediate outside the range the instruction accepts.
    ImmediateRange,
    /// A state space the instruction does not accept.
    StateSpace,
    /// A register, label or variable that is not declared.
    UndefinedName,
    /// A name declared twice in one scope.
    DuplicateDeclaration,
    /// A `%n` or `%[name]` placeholder that no operand binds.
    UnboundPlaceholder,
    /// A constraint string that is malformed or unknown.
    InvalidConstraint,
    /// The instruction needs a newer `sm_` target or PTX ISA version.
    Target,
    /// A declaration or directive that is not allowed here.
    Directive,
}

/// A proposed fix: replace `span` with `replacement`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Suggestion {
    /// What to replace.
    pub span: Span,
    /// The text to put there.
    pub replacement: String,
}

/// One problem found in PTX text: where, what, and how to fix it.
///
/// ```
/// use ptx_core::{parse, Diagnostic};
/// let errors: Vec<Diagnostic> = parse("add.s32 %0, %1 %2;").unwrap_err();
/// assert!(errors[0].message.contains("expected"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// Error or warning.
    pub severity: Severity,
    /// The rule that was broken.
    pub kind: DiagnosticKind,
    /// The bytes of the text the diagnostic is about.
    pub span: Span,
    /// One sentence saying what is wrong.
    pub message: String,
    /// Further explanation: what was expected, which forms exist.
    pub notes: Vec<String>,
    /// A concrete fix, where one is known.
    pub suggestion: Option<Suggestion>,
}

impl Diagnostic {
    /// An error of `kind` at `span`.
    pub fn error(kind: DiagnosticKind, span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            severity: Severity::Error,
            kind,
            span,
            message: message.into(),
            notes: Vec::new(),
            suggestion: None,
        }
    }

    /// A warning of `kind` at `span`.
    pub fn warning(kind: DiagnosticKind, span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            severity: Severity::Warning,
            ..Diagnostic::error(kind, span, message)
        }
    }

    /// Adds a note.
    pub fn note(mut self, note: impl Into<String>) -> Diagnostic {
        self.notes.push(note.into());
        self
    }

    /// Adds a suggested replacement of `span` by `replacement`.
    pub fn suggest(mut self, span: Span, replacement: impl Into<String>) -> Diagnostic {
        self.suggestion = Some(Suggestion {
            span,
            replacement: replacement.into(),
        });
        self
    }

    /// Whether this is an error (not a warning).
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }

    /// Renders the diagnostic against the source it refers to, rustc-style:
    /// the message, the source line, a caret line under the span, the notes.
    ///
    /// ```
    /// use ptx_core::{Diagnostic, DiagnosticKind, Span};
    /// let d = Diagnostic::error(DiagnosticKind::InvalidType, Span::new(3, 7), "unknown type `.s33`");
    /// let shown = d.render("add.s33 %0, %1, %2;");
    /// assert!(shown.contains("add.s33 %0, %1, %2;\n   ^^^^"));
    /// ```
    pub fn render(&self, source: &str) -> String {
        let mut out = String::new();
        let level = match self.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
        };
        out.push_str(&format!("{level}: {}\n", self.message));
        let start = (self.span.start as usize).min(source.len());
        let end = (self.span.end as usize).clamp(start, source.len());
        let line_start = source[..start].rfind('\n').map_or(0, |i| i + 1);
        let line_end = source[start..]
            .find('\n')
            .map_or(source.len(), |i| start + i);
        let line = &source[line_start..line_end];
        let col = source[line_start..start].chars().count();
        let width = source[start..end.min(line_end)].chars().count().max(1);
        out.push_str(line);
        out.push('\n');
        out.push_str(&" ".repeat(col));
        out.push_str(&"^".repeat(width));
        for note in &self.notes {
            out.push_str(&format!("\n  = note: {note}"));
        }
        if let Some(s) = &self.suggestion {
            out.push_str(&format!("\n  = help: write `{}`", s.replacement));
        }
        out
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)?;
        for note in &self.notes {
            write!(f, "; {note}")?;
        }
        Ok(())
    }
}

/// Edit distance counting insertions, deletions, substitutions and swaps of
/// two neighbouring characters (optimal string alignment), for "did you mean".
pub(crate) fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let mut d = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in d[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut best = (d[i - 1][j] + 1)
                .min(d[i][j - 1] + 1)
                .min(d[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(d[i - 2][j - 2] + 1);
            }
            d[i][j] = best;
        }
    }
    d[a.len()][b.len()]
}

/// The candidate closest to `word`, if it is close enough to be a plausible typo.
pub(crate) fn closest<'a>(
    word: &str,
    candidates: impl IntoIterator<Item = &'a str>,
) -> Option<&'a str> {
    let len = word.chars().count();
    let limit = (len / 3).max(1);
    candidates
        .into_iter()
        // Lengths further apart than the limit are at least that many
        // edits apart: no need to count them.
        .filter(|c| c.chars().count().abs_diff(len) <= limit)
        .map(|c| (edit_distance(word, c), c))
        .filter(|&(d, c)| d <= limit && d > 0 || (d == 0 && c != word))
        // Among equally close candidates, the one that shares the longest
        // prefix with the word (`ad` is more likely `add` than `ld`).
        .min_by_key(|&(d, c)| (d, std::cmp::Reverse(common_prefix(word, c)), c.len()))
        .map(|(_, c)| c)
}

fn common_prefix(a: &str, b: &str) -> usize {
    a.chars().zip(b.chars()).take_while(|(x, y)| x == y).count()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edit_distance_counts_single_edits() {
        assert_eq!(edit_distance("s33", "s32"), 1);
        assert_eq!(edit_distance("mull", "mul"), 1);
        assert_eq!(edit_distance("", "abc"), 3);
        assert_eq!(edit_distance("shuffle", "shfl"), 3);
        assert_eq!(edit_distance("tpm", "tmp"), 1);
    }

    #[test]
    fn closest_ignores_far_candidates() {
        assert_eq!(closest("s33", ["s32", "u32", "f32"]), Some("s32"));
        assert_eq!(closest("zzzz", ["s32", "u32"]), None);
        // Both one edit away; `add` keeps the written prefix.
        assert_eq!(closest("ad", ["ld", "add"]), Some("add"));
    }
}
