//! Byte offsets of a module's text to line:column, for diagnostics that
//! name the place in a `.ptx` file as ptxas and editors count it.

use crate::{Diagnostic, Severity, Span};
use std::fmt;

/// A place in a text: 1-based line and 1-based column (in characters).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Position {
    /// The line, from 1.
    pub line: u32,
    /// The column in characters, from 1.
    pub column: u32,
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.line, self.column)
    }
}

/// Where each line of a text starts, to turn [`Span`]s into [`Position`]s.
///
/// ```
/// use ptx_core::module::{LineIndex, Position};
/// use ptx_core::Span;
/// let text = ".version 9.0\n.target sm_90\n";
/// let lines = LineIndex::new(text);
/// assert_eq!(lines.position(14), Position { line: 2, column: 2 });
/// assert_eq!(lines.position(Span::new(14, 20).start).to_string(), "2:2");
/// ```
#[derive(Clone, Debug)]
pub struct LineIndex<'a> {
    text: &'a str,
    /// The byte offset at which each line starts.
    starts: Vec<u32>,
}

impl<'a> LineIndex<'a> {
    /// Indexes `text`.
    pub fn new(text: &'a str) -> LineIndex<'a> {
        let starts = std::iter::once(0)
            .chain(
                text.bytes()
                    .enumerate()
                    .filter(|&(_, b)| b == b'\n')
                    .map(|(i, _)| i as u32 + 1),
            )
            .collect();
        LineIndex { text, starts }
    }

    /// The line and column of byte `offset` (clamped to the text).
    pub fn position(&self, offset: u32) -> Position {
        let mut offset = (offset as usize).min(self.text.len());
        while !self.text.is_char_boundary(offset) {
            offset -= 1;
        }
        let line = self
            .starts
            .partition_point(|&s| s as usize <= offset)
            .max(1);
        let start = self.starts[line - 1] as usize;
        let column = self.text[start..offset].chars().count() + 1;
        Position {
            line: line as u32,
            column: column as u32,
        }
    }

    /// Renders `diagnostic` as `name:line:column: error: message`,
    /// followed by the source line with a caret under the span and the notes.
    ///
    /// ```
    /// use ptx_core::module::{check_module_text, LineIndex};
    /// let text = ".version 9.0\n.target sm_90\n.entry k() {\n  bra done;\n}";
    /// let diags = check_module_text(text);
    /// let shown = LineIndex::new(text).render("k.ptx", &diags[0]);
    /// assert!(shown.starts_with("k.ptx:4:7: error: "), "{shown}");
    /// assert!(shown.contains("  bra done;\n      ^^^^"));
    /// ```
    pub fn render(&self, name: &str, diagnostic: &Diagnostic) -> String {
        let at = self.position(diagnostic.span.start);
        let body = diagnostic.render(self.text);
        let level = match diagnostic.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
        };
        // `Diagnostic::render` starts with `level: message`; put the place first.
        let rest = body
            .strip_prefix(&format!("{level}: "))
            .unwrap_or(&body)
            .to_string();
        format!("{name}:{at}: {level}: {rest}")
    }

    /// The position of a span's first byte.
    pub fn start_of(&self, span: Span) -> Position {
        self.position(span.start)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_count_lines_and_characters_from_one() {
        let text = "ab\ncd\u{e9}f\n\nx";
        let lines = LineIndex::new(text);
        assert_eq!(lines.position(0), Position { line: 1, column: 1 });
        assert_eq!(lines.position(2), Position { line: 1, column: 3 });
        assert_eq!(lines.position(3), Position { line: 2, column: 1 });
        // `é` is two bytes, one column.
        assert_eq!(lines.position(7), Position { line: 2, column: 4 });
        assert_eq!(lines.position(9), Position { line: 3, column: 1 });
        assert_eq!(lines.position(10), Position { line: 4, column: 1 });
        assert_eq!(lines.position(99), Position { line: 4, column: 2 });
        // Inside a multi-byte character: its start.
        assert_eq!(lines.position(6), Position { line: 2, column: 3 });
    }
}
