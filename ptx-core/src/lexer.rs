//! Template text to tokens: identifiers, `.modifiers`, literals, placeholders, punctuation.
//!
//! The text is an inline-asm template: `%%` is a literal `%`, `%0` and `%[name]`
//! are placeholders, and (as nvcc lets through) `%name` is a PTX register name.

use crate::syntax::{FloatLiteral, Placeholder};
use crate::{Diagnostic, DiagnosticKind, Span};

/// What a token is.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum TokenKind {
    /// An identifier: opcode, register (`%r1`, `%tid`), label, `_`.
    Ident(String),
    /// A `.word`: modifier, type, directive, state space (text without the dot).
    Dotted(String),
    /// An integer literal (its magnitude; a leading `-` is a separate token).
    Int(u64),
    /// A floating-point literal.
    Float(FloatLiteral),
    /// `%0` or `%[name]`.
    Placeholder(Placeholder),
    /// A string literal (in `.pragma`), without its quotes.
    Str(String),
    /// One punctuation character: `, ; : { } [ ] ( ) + - ! @ | < > =`.
    Punct(char),
}

/// A token and where it stands.
#[derive(Clone, Debug)]
pub(crate) struct Token {
    pub kind: TokenKind,
    pub span: Span,
    /// Whether whitespace or a comment separates it from the previous token.
    pub spaced: bool,
}

fn is_ident_start(c: u8) -> bool {
    c.is_ascii_alphabetic() || c == b'_' || c == b'$'
}

fn is_ident_char(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_' || c == b'$'
}

/// Splits `text` into tokens; on error returns every problem found.
pub(crate) fn tokenize(text: &str) -> Result<Vec<Token>, Vec<Diagnostic>> {
    run(text, Dialect::Template)
}

/// Splits the text of a whole module into tokens. In a module `%` has no
/// inline-asm meaning: `%r1` and even `%0` are register names, and `%%` is
/// an error.
pub(crate) fn tokenize_module(text: &str) -> Result<Vec<Token>, Vec<Diagnostic>> {
    run(text, Dialect::Module)
}

/// Whether the text is an inline-asm template or a module.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Dialect {
    Template,
    Module,
}

fn run(text: &str, dialect: Dialect) -> Result<Vec<Token>, Vec<Diagnostic>> {
    let mut lexer = Lexer {
        src: text.as_bytes(),
        text,
        pos: 0,
        tokens: Vec::new(),
        errors: Vec::new(),
        dialect,
    };
    lexer.run();
    if lexer.errors.is_empty() {
        Ok(lexer.tokens)
    } else {
        Err(lexer.errors)
    }
}

struct Lexer<'a> {
    src: &'a [u8],
    text: &'a str,
    pos: usize,
    tokens: Vec<Token>,
    errors: Vec<Diagnostic>,
    dialect: Dialect,
}

impl Lexer<'_> {
    fn peek(&self, ahead: usize) -> u8 {
        self.src.get(self.pos + ahead).copied().unwrap_or(0)
    }

    fn span_from(&self, start: usize) -> Span {
        Span::new(start as u32, self.pos as u32)
    }

    fn error(&mut self, start: usize, message: String) {
        let span = self.span_from(start);
        self.errors
            .push(Diagnostic::error(DiagnosticKind::Syntax, span, message));
    }

    fn run(&mut self) {
        let mut spaced = true;
        while self.pos < self.src.len() {
            let start = self.pos;
            let c = self.peek(0);
            if c.is_ascii_whitespace() {
                self.pos += 1;
                spaced = true;
                continue;
            }
            if c == b'/' && self.peek(1) == b'/' {
                while self.pos < self.src.len() && self.peek(0) != b'\n' {
                    self.pos += 1;
                }
                spaced = true;
                continue;
            }
            if c == b'/' && self.peek(1) == b'*' {
                match self.text[self.pos + 2..].find("*/") {
                    Some(end) => self.pos += end + 4,
                    None => {
                        self.pos = self.src.len();
                        self.error(start, "unterminated `/*` comment".into());
                    }
                }
                spaced = true;
                continue;
            }
            let kind = match c {
                b'%' => self.percent(start),
                b'.' => self.dotted(start),
                b'"' => self.string(start),
                c if c.is_ascii_digit() => self.number(start),
                c if is_ident_start(c) => {
                    self.eat_while(is_ident_char);
                    Some(TokenKind::Ident(self.text[start..self.pos].to_string()))
                }
                b',' | b';' | b':' | b'{' | b'}' | b'[' | b']' | b'(' | b')' | b'+' | b'-'
                | b'!' | b'@' | b'|' | b'<' | b'>' | b'=' => {
                    self.pos += 1;
                    Some(TokenKind::Punct(c as char))
                }
                _ => {
                    let ch = self.text[self.pos..].chars().next().unwrap_or('\u{fffd}');
                    self.pos += ch.len_utf8();
                    self.error(
                        start,
                        format!("unexpected character `{}` in PTX", ch.escape_debug()),
                    );
                    None
                }
            };
            if let Some(kind) = kind {
                self.tokens.push(Token {
                    kind,
                    span: self.span_from(start),
                    spaced,
                });
            }
            spaced = false;
        }
    }

    fn eat_while(&mut self, pred: fn(u8) -> bool) {
        while self.pos < self.src.len() && pred(self.peek(0)) {
            self.pos += 1;
        }
    }

    /// `%%name` and `%name` (registers), `%0` and `%[name]` (placeholders).
    fn percent(&mut self, start: usize) -> Option<TokenKind> {
        if self.dialect == Dialect::Module {
            return self.module_percent(start);
        }
        let escaped = self.peek(1) == b'%';
        let name_start = self.pos + if escaped { 2 } else { 1 };
        let next = self.src.get(name_start).copied().unwrap_or(0);
        if !escaped && next.is_ascii_digit() {
            self.pos += 1;
            self.eat_while(|c| c.is_ascii_digit());
            let digits = &self.text[start + 1..self.pos];
            return match digits.parse::<u32>() {
                Ok(n) => Some(TokenKind::Placeholder(Placeholder::Index(n))),
                Err(_) => {
                    self.error(start, format!("placeholder `%{digits}` is out of range"));
                    None
                }
            };
        }
        if !escaped && next == b'[' {
            let Some(close) = self.text[start..].find(']') else {
                self.pos = self.src.len();
                self.error(start, "unterminated named placeholder `%[`".into());
                return None;
            };
            let name = &self.text[start + 2..start + close];
            self.pos = start + close + 1;
            if name.is_empty()
                || !name.bytes().all(is_ident_char)
                || !is_ident_start(name.as_bytes()[0])
            {
                self.error(
                    start,
                    format!("`%[{name}]` is not a named operand reference like `%[sum]`"),
                );
                return None;
            }
            return Some(TokenKind::Placeholder(Placeholder::Name(name.to_string())));
        }
        if is_ident_char(next) {
            self.pos = name_start;
            self.eat_while(is_ident_char);
            let name = format!("%{}", &self.text[name_start..self.pos]);
            return Some(TokenKind::Ident(name));
        }
        self.pos = name_start;
        if escaped {
            self.error(
                start,
                "`%%` must be followed by a register name such as `%%laneid`".into(),
            );
        } else {
            self.error(
                start,
                "a lone `%`: write `%%` for a literal percent sign, `%0` for an operand".into(),
            );
        }
        None
    }

    /// `%name` in a module: a register name, whatever characters follow.
    fn module_percent(&mut self, start: usize) -> Option<TokenKind> {
        self.pos += 1;
        let name_start = self.pos;
        self.eat_while(is_ident_char);
        if self.pos > name_start {
            return Some(TokenKind::Ident(self.text[start..self.pos].to_string()));
        }
        let message = if self.peek(0) == b'%' {
            self.pos += 1;
            "`%%` belongs to inline asm; in a module a register is written `%name`"
        } else {
            "a lone `%`: a register name such as `%r1` was expected"
        };
        self.error(start, message.into());
        None
    }

    /// `.word`, `.shared::cta`, `.L2::128B`, `.2d`.
    fn dotted(&mut self, start: usize) -> Option<TokenKind> {
        self.pos += 1;
        loop {
            self.eat_while(is_ident_char);
            if self.peek(0) == b':' && self.peek(1) == b':' && is_ident_char(self.peek(2)) {
                self.pos += 2;
                continue;
            }
            break;
        }
        if self.pos == start + 1 {
            self.error(
                start,
                "`.` must be followed by a modifier, type or directive name".into(),
            );
            return None;
        }
        Some(TokenKind::Dotted(
            self.text[start + 1..self.pos].to_string(),
        ))
    }

    fn string(&mut self, start: usize) -> Option<TokenKind> {
        match self.text[start + 1..].find('"') {
            Some(len) => {
                self.pos = start + 1 + len + 1;
                Some(TokenKind::Str(
                    self.text[start + 1..start + 1 + len].to_string(),
                ))
            }
            None => {
                self.pos = self.src.len();
                self.error(start, "unterminated string literal".into());
                None
            }
        }
    }

    /// Integer literals (decimal, `0x`, `0b`, octal, `U` suffix) and float
    /// literals (`0f3F800000`, `0d3FF0000000000000`, `1.5`, `1e-3`).
    fn number(&mut self, start: usize) -> Option<TokenKind> {
        let (c0, c1) = (self.peek(0), self.peek(1) | 0x20);
        if c0 == b'0' && (c1 == b'f' || c1 == b'd') && self.peek(2).is_ascii_hexdigit() {
            self.pos += 2;
            self.eat_while(|c| c.is_ascii_hexdigit());
            let digits = &self.text[start + 2..self.pos];
            let single = c1 == b'f';
            let expected = if single { 8 } else { 16 };
            if digits.len() != expected {
                let what = if single {
                    "`0f` literal needs exactly 8"
                } else {
                    "`0d` literal needs exactly 16"
                };
                self.error(
                    start,
                    format!("{what} hexadecimal digits, found {}", digits.len()),
                );
                return None;
            }
            let bits = u64::from_str_radix(digits, 16).unwrap_or(0);
            return Some(TokenKind::Float(if single {
                FloatLiteral::F32(bits as u32)
            } else {
                FloatLiteral::F64(bits)
            }));
        }
        if c0 == b'0' && (c1 == b'x' || c1 == b'b') {
            self.pos += 2;
            let radix = if c1 == b'x' { 16 } else { 2 };
            self.eat_while(|c| c.is_ascii_hexdigit());
            let digits = &self.text[start + 2..self.pos];
            self.unsigned_suffix();
            return self.int_value(start, digits, radix);
        }
        self.eat_while(|c| c.is_ascii_digit());
        // `1.5`, and `0.` (a bare point, which ptxas reads as a float too,
        // unless a word follows it: then the dot starts a modifier).
        let is_float = (self.peek(0) == b'.'
            && (self.peek(1).is_ascii_digit() || !is_ident_start(self.peek(1))))
            || ((self.peek(0) | 0x20) == b'e'
                && (self.peek(1).is_ascii_digit()
                    || (matches!(self.peek(1), b'+' | b'-') && self.peek(2).is_ascii_digit())));
        if is_float {
            if self.peek(0) == b'.' {
                self.pos += 1;
                self.eat_while(|c| c.is_ascii_digit());
            }
            if (self.peek(0) | 0x20) == b'e' {
                self.pos += 1;
                if matches!(self.peek(0), b'+' | b'-') {
                    self.pos += 1;
                }
                self.eat_while(|c| c.is_ascii_digit());
            }
            let text = &self.text[start..self.pos];
            return match text.parse::<f64>() {
                Ok(v) if !in_double_range(text, v) => {
                    self.error(
                        start,
                        format!(
                            "`{text}` is outside the range of a .f64 (ptxas: \"Constant overflow\"): a decimal literal must be 0 or between 2.2250738585072014e-308 and 1.7976931348623157e308 in magnitude; write a hexadecimal `0d` literal for infinity or a subnormal"
                        ),
                    );
                    None
                }
                Ok(v) => Some(TokenKind::Float(FloatLiteral::Decimal(v.to_bits()))),
                Err(_) => {
                    self.error(
                        start,
                        format!("`{text}` is not a valid floating-point literal"),
                    );
                    None
                }
            };
        }
        let digits = &self.text[start..self.pos];
        let radix = if digits.len() > 1 && digits.starts_with('0') {
            8
        } else {
            10
        };
        self.unsigned_suffix();
        if is_ident_char(self.peek(0)) {
            self.eat_while(is_ident_char);
            self.error(
                start,
                format!("`{}` is not a number", &self.text[start..self.pos]),
            );
            return None;
        }
        self.int_value(start, digits, radix)
    }

    fn unsigned_suffix(&mut self) {
        if self.peek(0) == b'U' || self.peek(0) == b'u' {
            self.pos += 1;
        }
    }

    fn int_value(&mut self, start: usize, digits: &str, radix: u32) -> Option<TokenKind> {
        if is_ident_char(self.peek(0)) {
            self.eat_while(is_ident_char);
            self.error(
                start,
                format!("`{}` is not a number", &self.text[start..self.pos]),
            );
            return None;
        }
        match u64::from_str_radix(digits, radix) {
            Ok(v) => Some(TokenKind::Int(v)),
            Err(_) => {
                let text = self.text[start..self.pos].to_string();
                self.error(
                    start,
                    format!("integer literal `{text}` does not fit in 64 bits or has bad digits"),
                );
                None
            }
        }
    }
}

/// Whether decimal literal `text`, read as `value`, is one ptxas 13.0 takes:
/// it reads decimals as C's `strtod` and refuses a result that overflows
/// to infinity or underflows below the smallest normal double (`1e309`,
/// `1e-320`: "Constant overflow"); a zero written as zero (`0e9999`) is fine.
fn in_double_range(text: &str, value: f64) -> bool {
    let mantissa = text.split(['e', 'E']).next().unwrap_or(text);
    let written_zero = !mantissa.bytes().any(|c| (b'1'..=b'9').contains(&c));
    value.is_normal() || (value == 0.0 && written_zero)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(text: &str) -> Vec<TokenKind> {
        tokenize(text)
            .unwrap()
            .into_iter()
            .map(|t| t.kind)
            .collect()
    }

    #[test]
    fn opcode_and_modifiers() {
        use TokenKind::*;
        assert_eq!(
            kinds("ld.shared::cta.v2.b32"),
            [
                Ident("ld".into()),
                Dotted("shared::cta".into()),
                Dotted("v2".into()),
                Dotted("b32".into())
            ]
        );
        assert_eq!(kinds("cp.async.bulk.tensor.2d")[4], Dotted("2d".into()));
    }

    #[test]
    fn percent_forms() {
        use TokenKind::*;
        assert_eq!(
            kinds("%0"),
            [Placeholder(crate::syntax::Placeholder::Index(0))]
        );
        assert_eq!(
            kinds("%[sum]"),
            [Placeholder(crate::syntax::Placeholder::Name("sum".into()))]
        );
        assert_eq!(kinds("%%laneid"), [Ident("%laneid".into())]);
        assert_eq!(kinds("%p"), [Ident("%p".into())]);
        assert!(tokenize("% x").is_err());
    }

    #[test]
    fn numbers_in_every_spelling() {
        use TokenKind::*;
        assert_eq!(
            kinds("42 0x2A 0b101010 052 42U"),
            [Int(42), Int(42), Int(42), Int(42), Int(42)]
        );
        assert_eq!(kinds("0f3F800000"), [Float(FloatLiteral::F32(0x3F80_0000))]);
        assert_eq!(
            kinds("0d3FF0000000000000"),
            [Float(FloatLiteral::F64(0x3FF0_0000_0000_0000))]
        );
        assert_eq!(
            kinds("1.5"),
            [Float(FloatLiteral::Decimal(1.5f64.to_bits()))]
        );
        assert!(tokenize("0f3F80").is_err());
        assert!(tokenize("12abc").is_err());
    }

    #[test]
    fn comments_are_skipped_and_mark_spacing() {
        let t = tokenize("a/* x */b // c\nd").unwrap();
        assert_eq!(t.len(), 3);
        assert!(t[1].spaced && t[2].spaced);
    }

    #[test]
    fn a_module_has_no_placeholders() {
        use TokenKind::*;
        let kinds: Vec<TokenKind> = tokenize_module("%r1 %0 %tid")
            .unwrap()
            .into_iter()
            .map(|t| t.kind)
            .collect();
        assert_eq!(
            kinds,
            [
                Ident("%r1".into()),
                Ident("%0".into()),
                Ident("%tid".into())
            ]
        );
        assert!(tokenize_module("%%tid").is_err());
    }

    #[test]
    fn spans_cover_the_token() {
        let t = tokenize("  add.s32").unwrap();
        assert_eq!((t[0].span, t[1].span), (Span::new(2, 5), Span::new(5, 9)));
        assert!(t[0].spaced && !t[1].spaced);
    }
}
