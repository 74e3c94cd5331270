//! The `asm()` statements of CUDA sources, checked as `ptx!` checks them.
//!
//! A source is read as the C preprocessor's second phase sees it (a
//! backslash at a line's end joins the next line, so statements inside
//! `#define`s are found too), skipping comments and the other string and
//! character literals. Each `asm`/`__asm__` statement (with `volatile`,
//! `__volatile__`, `goto` or `inline` after it) gives its template, the
//! concatenation of its string literals with their escapes read, and its
//! operands: `[name] "constraint" (expression)`, outputs then inputs. The
//! template and constraints go through the same checks as a `ptx!`
//! statement's; an `n` operand whose expression is an integer literal
//! gives its value. The C types of the expressions are not known here, so
//! what `ptx!` checks of Rust types is not checked.
//!
//! A diagnostic points into the source: the template's byte where the
//! checker points, through the literal's escapes, back to its line and column.
//!
//! ```
//! use ptx_core::Target;
//! use ptx_tools::cuda::check_source;
//! let source = r#"
//! __device__ int add(int a, int b) {
//!     int c;
//!     asm volatile("add.s32 %0, %1, %2;" : "=r"(c) : "r"(a), "r"(b));
//!     asm("mul.lo.s32 %0, %1;"
//!         : "=r"(c) : "r"(a));
//!     return c;
//! }"#;
//! let report = check_source(source, Target::default());
//! assert_eq!(report.statements, 2);
//! assert_eq!(report.errors(), 1);
//! let d = &report.diagnostics[0];
//! assert_eq!((d.line, d.column), (5, 10));
//! ```

use ptx_core::{AsmOperand, Constraint, ConstraintLetter, Diagnostic, Target, check, parse};

/// A diagnostic at a place in a CUDA source.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CudaDiagnostic {
    /// Line, from 1.
    pub line: u32,
    /// Column, from 1.
    pub column: u32,
    /// Whether it is an error (else a warning).
    pub error: bool,
    /// What is wrong.
    pub message: String,
}

/// What checking a source found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CudaReport {
    /// How many `asm()` statements it holds.
    pub statements: usize,
    /// The diagnostics, in the order of the text.
    pub diagnostics: Vec<CudaDiagnostic>,
}

impl CudaReport {
    /// Each diagnostic as `NAME:LINE:COLUMN: error: message`.
    pub fn lines(&self, name: &str) -> Vec<String> {
        self.diagnostics
            .iter()
            .map(|d| {
                let severity = if d.error { "error" } else { "warning" };
                format!("{name}:{}:{}: {severity}: {}", d.line, d.column, d.message)
            })
            .collect()
    }

    /// How many diagnostics are errors.
    pub fn errors(&self) -> usize {
        self.diagnostics.iter().filter(|d| d.error).count()
    }
}

/// One operand of an `asm()` statement.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Operand {
    /// `[name]`, if written.
    pub name: Option<String>,
    /// The constraint (`"=r"`).
    pub constraint: String,
    /// The C expression, as written.
    pub expression: String,
    /// Where the constraint's literal starts in the source.
    pub at: usize,
}

/// One `asm()` statement of a CUDA source.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AsmStatement {
    /// Where `asm` starts in the source.
    pub at: usize,
    /// The template: its string literals concatenated, escapes read.
    pub template: String,
    /// The source offset of each byte of the template.
    origins: Vec<usize>,
    /// The outputs, then the inputs.
    pub operands: Vec<Operand>,
    /// How many of the operands are outputs.
    pub outputs: usize,
}

/// A source with its line splices taken out: each character and where it
/// stood.
struct Spliced {
    chars: Vec<(char, usize)>,
}

impl Spliced {
    fn new(source: &str) -> Spliced {
        let mut chars = Vec::with_capacity(source.len());
        let mut it = source.char_indices().peekable();
        while let Some((at, c)) = it.next() {
            if c == '\\' {
                let mut look = it.clone();
                if matches!(look.peek(), Some((_, '\r'))) {
                    look.next();
                }
                if matches!(look.peek(), Some((_, '\n'))) {
                    look.next();
                    it = look;
                    continue;
                }
            }
            chars.push((c, at));
        }
        Spliced { chars }
    }
}

/// A reader of the spliced characters.
struct Reader<'s> {
    chars: &'s [(char, usize)],
    pos: usize,
}

impl Reader<'_> {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.pos).map(|c| c.0)
    }

    fn peek_at(&self, k: usize) -> Option<char> {
        self.chars.get(self.pos + k).map(|c| c.0)
    }

    /// The source offset of the current character (the end if none).
    fn offset(&self) -> usize {
        self.chars
            .get(self.pos)
            .or(self.chars.last())
            .map_or(0, |c| c.1)
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.pos += 1;
        Some(c)
    }

    /// Skips whitespace and comments.
    fn skip_blank(&mut self) {
        loop {
            match (self.peek(), self.peek_at(1)) {
                (Some(c), _) if c.is_whitespace() => self.pos += 1,
                (Some('/'), Some('/')) => {
                    while let Some(c) = self.peek() {
                        if c == '\n' {
                            break;
                        }
                        self.pos += 1;
                    }
                }
                (Some('/'), Some('*')) => {
                    self.pos += 2;
                    while self.peek().is_some()
                        && !(self.peek() == Some('*') && self.peek_at(1) == Some('/'))
                    {
                        self.pos += 1;
                    }
                    self.pos = (self.pos + 2).min(self.chars.len());
                }
                _ => return,
            }
        }
    }

    /// An identifier at the current place, if one starts here.
    fn identifier(&mut self) -> Option<String> {
        let c = self.peek()?;
        if !(c.is_alphabetic() || c == '_') {
            return None;
        }
        let mut out = String::new();
        while let Some(c) = self.peek() {
            if c.is_alphanumeric() || c == '_' {
                out.push(c);
                self.pos += 1;
            } else {
                break;
            }
        }
        Some(out)
    }

    /// A string literal's bytes (escapes read) and each one's source
    /// offset; the reader stands on its opening quote.
    fn string_literal(&mut self) -> Result<(Vec<u8>, Vec<usize>), String> {
        self.pos += 1;
        let mut bytes = Vec::new();
        let mut origins = Vec::new();
        loop {
            let at = self.offset();
            let Some(c) = self.bump() else {
                return Err("a string literal is not closed".into());
            };
            match c {
                '"' => return Ok((bytes, origins)),
                '\n' => return Err("a string literal runs past the end of its line".into()),
                '\\' => {
                    let Some(e) = self.bump() else {
                        return Err("a string literal ends in a backslash".into());
                    };
                    let value: u32 = match e {
                        'n' => 10,
                        't' => 9,
                        'r' => 13,
                        'a' => 7,
                        'b' => 8,
                        'f' => 12,
                        'v' => 11,
                        'x' => {
                            let mut v = 0u32;
                            while let Some(d) = self.peek().and_then(|c| c.to_digit(16)) {
                                v = v.wrapping_mul(16).wrapping_add(d);
                                self.pos += 1;
                            }
                            v & 0xFF
                        }
                        '0'..='7' => {
                            let mut v = e.to_digit(8).unwrap_or(0);
                            for _ in 0..2 {
                                match self.peek().and_then(|c| c.to_digit(8)) {
                                    Some(d) => {
                                        v = v * 8 + d;
                                        self.pos += 1;
                                    }
                                    None => break,
                                }
                            }
                            v & 0xFF
                        }
                        other => other as u32,
                    };
                    let mut buf = [0u8; 4];
                    let encoded = char::from_u32(value).unwrap_or('?').encode_utf8(&mut buf);
                    for b in encoded.bytes() {
                        bytes.push(b);
                        origins.push(at);
                    }
                }
                c => {
                    let mut buf = [0u8; 4];
                    for b in c.encode_utf8(&mut buf).bytes() {
                        bytes.push(b);
                        origins.push(at);
                    }
                }
            }
        }
    }

    /// Skips a character literal; the reader stands on its opening quote.
    fn skip_char_literal(&mut self) {
        self.pos += 1;
        while let Some(c) = self.bump() {
            match c {
                '\\' => {
                    self.bump();
                }
                '\'' | '\n' => return,
                _ => {}
            }
        }
    }

    /// The text up to the parenthesis that closes one already read,
    /// strings and characters skipped whole.
    fn balanced(&mut self) -> Result<String, String> {
        let mut depth = 1;
        let mut out = String::new();
        loop {
            let Some(c) = self.peek() else {
                return Err("a parenthesis is not closed".into());
            };
            match c {
                '(' => depth += 1,
                ')' => {
                    depth -= 1;
                    if depth == 0 {
                        self.pos += 1;
                        return Ok(out.trim().to_string());
                    }
                }
                '"' => {
                    let (bytes, _) = self.string_literal()?;
                    out.push('"');
                    out.push_str(&String::from_utf8_lossy(&bytes));
                    out.push('"');
                    continue;
                }
                '\'' => {
                    let start = self.pos;
                    self.skip_char_literal();
                    out.extend(self.chars[start..self.pos].iter().map(|c| c.0));
                    continue;
                }
                _ => {}
            }
            out.push(c);
            self.pos += 1;
        }
    }
}

/// Every `asm()` statement of `source`, and a diagnostic for each one that
/// cannot be read (a template built by a macro, an unclosed literal).
pub fn asm_statements(source: &str) -> (Vec<AsmStatement>, Vec<(usize, String)>) {
    let spliced = Spliced::new(source);
    let mut r = Reader {
        chars: &spliced.chars,
        pos: 0,
    };
    let mut statements = Vec::new();
    let mut problems = Vec::new();
    while r.pos < r.chars.len() {
        r.skip_blank();
        let Some(c) = r.peek() else { break };
        if c == '"' {
            if r.string_literal().is_err() {
                r.pos += 1;
            }
            continue;
        }
        if c == '\'' {
            r.skip_char_literal();
            continue;
        }
        let start = r.offset();
        let Some(word) = r.identifier() else {
            r.pos += 1;
            continue;
        };
        if !matches!(word.as_str(), "asm" | "__asm__" | "__asm") {
            continue;
        }
        let save = r.pos;
        r.skip_blank();
        while let Some(q) = {
            let at = r.pos;
            let q = r.identifier();
            if !matches!(
                q.as_deref(),
                Some("volatile" | "__volatile__" | "__volatile" | "goto" | "inline")
            ) {
                r.pos = at;
                None
            } else {
                q
            }
        } {
            let _ = q;
            r.skip_blank();
        }
        if r.peek() != Some('(') {
            r.pos = save;
            continue;
        }
        r.pos += 1;
        match statement(&mut r, start) {
            Ok(s) => statements.push(s),
            Err(message) => problems.push((start, message)),
        }
    }
    (statements, problems)
}

/// The rest of an `asm(` statement: template, then `:`-separated operand
/// lists, to its closing parenthesis.
fn statement(r: &mut Reader<'_>, at: usize) -> Result<AsmStatement, String> {
    let mut template = Vec::new();
    let mut origins = Vec::new();
    loop {
        r.skip_blank();
        match r.peek() {
            Some('"') => {
                let (bytes, o) = r.string_literal()?;
                template.extend(bytes);
                origins.extend(o);
            }
            Some(':' | ')') => break,
            _ => {
                return Err(
                    "the template is not string literals alone (a macro builds it?): not checked"
                        .into(),
                );
            }
        }
    }
    let mut lists: Vec<Vec<Operand>> = Vec::new();
    while r.peek() == Some(':') {
        r.pos += 1;
        if r.peek() == Some(':') {
            // `::` separates two lists, the first empty.
            lists.push(Vec::new());
            continue;
        }
        lists.push(operand_list(r)?);
    }
    r.skip_blank();
    if r.peek() != Some(')') {
        return Err("expected `)` to close the asm statement".into());
    }
    r.pos += 1;
    let mut operands = Vec::new();
    let mut outputs = 0;
    for (k, list) in lists.into_iter().take(2).enumerate() {
        if k == 0 {
            outputs = list.len();
        }
        operands.extend(list);
    }
    Ok(AsmStatement {
        at,
        template: String::from_utf8_lossy(&template).into_owned(),
        origins,
        operands,
        outputs,
    })
}

/// One `:` list: operands (`[name] "c" (expr)`), or the clobbers' and
/// labels' plain names and strings, which are kept as operands without an
/// expression.
fn operand_list(r: &mut Reader<'_>) -> Result<Vec<Operand>, String> {
    let mut out = Vec::new();
    loop {
        r.skip_blank();
        let name = if r.peek() == Some('[') {
            r.pos += 1;
            r.skip_blank();
            let n = r.identifier().ok_or("expected a name after `[`")?;
            r.skip_blank();
            if r.bump() != Some(']') {
                return Err("expected `]` after an operand's name".into());
            }
            r.skip_blank();
            Some(n)
        } else {
            None
        };
        match r.peek() {
            Some('"') => {
                let at = r.offset();
                let (bytes, _) = r.string_literal()?;
                r.skip_blank();
                let expression = if r.peek() == Some('(') {
                    r.pos += 1;
                    r.balanced()?
                } else {
                    String::new()
                };
                out.push(Operand {
                    name,
                    constraint: String::from_utf8_lossy(&bytes).into_owned(),
                    expression,
                    at,
                });
            }
            Some(c) if c.is_alphabetic() || c == '_' => {
                // An `asm goto` label.
                r.identifier();
            }
            _ => {}
        }
        r.skip_blank();
        match r.peek() {
            Some(',') => r.pos += 1,
            _ => return Ok(out),
        }
    }
}

/// The value of an integer literal expression (`16`, `0x1f`, `-1`, `4u`).
fn integer_value(expression: &str) -> Option<i128> {
    let text = expression
        .trim()
        .trim_start_matches('(')
        .trim_end_matches(')');
    let (negative, digits) = match text.strip_prefix('-') {
        Some(rest) => (true, rest.trim()),
        None => (false, text),
    };
    let digits = digits.trim_end_matches(['u', 'U', 'l', 'L']);
    let value = match digits
        .strip_prefix("0x")
        .or_else(|| digits.strip_prefix("0X"))
    {
        Some(hex) => i128::from_str_radix(hex, 16).ok()?,
        None => digits.parse::<i128>().ok()?,
    };
    Some(if negative { -value } else { value })
}

/// Line and column (from 1, in characters) of byte `offset` of `source`.
fn line_column(source: &str, offset: usize) -> (u32, u32) {
    let before = &source[..offset.min(source.len())];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line as u32, column as u32)
}

/// Checks every `asm()` statement of the CUDA source `text` for `target`.
pub fn check_source(text: &str, target: Target) -> CudaReport {
    let (statements, problems) = asm_statements(text);
    let mut diagnostics: Vec<(usize, CudaDiagnostic)> = Vec::new();
    let mut at = |offset: usize, error: bool, message: String| {
        let (line, column) = line_column(text, offset);
        diagnostics.push((
            offset,
            CudaDiagnostic {
                line,
                column,
                error,
                message,
            },
        ));
    };
    for (offset, message) in problems {
        at(offset, false, message);
    }
    let count = statements.len();
    for s in &statements {
        for (offset, error, message) in check_statement(s, target) {
            at(offset, error, message);
        }
    }
    diagnostics.sort_by_key(|(offset, _)| *offset);
    CudaReport {
        statements: count,
        diagnostics: diagnostics.into_iter().map(|(_, d)| d).collect(),
    }
}

/// The problems of one statement checked for `target`: (source offset,
/// is an error, message).
fn check_statement(s: &AsmStatement, target: Target) -> Vec<(usize, bool, String)> {
    let mut out = Vec::new();
    let mut operands = Vec::new();
    for (k, o) in s.operands.iter().enumerate() {
        match o.constraint.parse::<Constraint>() {
            Ok(constraint) => {
                let value = (constraint.letter == ConstraintLetter::N)
                    .then(|| integer_value(&o.expression))
                    .flatten();
                if k >= s.outputs && constraint.is_output() {
                    out.push((
                        o.at,
                        true,
                        format!(
                            "input operand %{k} has the output constraint \"{}\"",
                            o.constraint
                        ),
                    ));
                }
                operands.push(AsmOperand {
                    constraint,
                    name: o.name.clone(),
                    value,
                });
            }
            Err(message) => out.push((o.at, true, format!("operand %{k}: {message}"))),
        }
    }
    if !out.is_empty() {
        return out;
    }
    let origin = |d: &Diagnostic| {
        s.origins
            .get(d.span.start as usize)
            .or(s.origins.last())
            .copied()
            .unwrap_or(s.at)
    };
    let checked = parse(&s.template).and_then(|t| check(&t, &operands, target));
    match checked {
        Ok(c) => {
            for d in &c.warnings {
                out.push((origin(d), false, d.message.clone()));
            }
        }
        Err(diags) => {
            for d in &diags {
                out.push((origin(d), d.is_error(), d.message.clone()));
            }
        }
    }
    out
}
