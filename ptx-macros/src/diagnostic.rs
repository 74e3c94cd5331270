//! How one of ptx-core's diagnostics reads in a compile error: its
//! message under the template line it points at, then its notes and
//! suggestion. Shared by the checks (`valid`) and the token form's reader
//! (`tokens`), which reports the checker's errors when it cannot infer a
//! place's type.

use ptx_core::Diagnostic;

/// The text of a compile error for `d`: its message, with the template line
/// and a caret under the offending text when the template is a literal
/// (`text`), then its notes and suggestion.
pub(crate) fn message(d: &Diagnostic, text: Option<&str>) -> String {
    let mut message = d.message.clone();
    if let Some(text) = text {
        message.push_str(&caret_display(text, d.span.range()));
    }
    for note in &d.notes {
        message.push_str(&format!("\n= note: {note}"));
    }
    if let Some(s) = &d.suggestion {
        message.push_str(&format!("\n= help: write `{}`", s.replacement));
    }
    message
}

/// The template line holding `range`, with a caret line under the range.
fn caret_display(text: &str, range: std::ops::Range<usize>) -> String {
    let start = range.start.min(text.len());
    let end = range.end.clamp(start, text.len());
    let line_start = text[..start].rfind('\n').map_or(0, |i| i + 1);
    let line_end = text[start..].find('\n').map_or(text.len(), |i| start + i);
    let line = &text[line_start..line_end];
    let col = text[line_start..start].chars().count();
    let width = text[start..end.min(line_end)].chars().count().max(1);
    let shown = line.replace('\t', " ");
    format!(
        "\n  |\n  | {shown}\n  | {}{}",
        " ".repeat(col),
        "^".repeat(width)
    )
}
