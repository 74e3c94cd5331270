//! The characters of a CUDA source as the compiler's first phases see
//! them: line splices taken out, then comments, literals and numbers read
//! whole, so that nothing inside them is taken for code.

/// A source with its line splices (a backslash ending a line) taken out:
/// each character, and the byte offset where it stands in the source.
pub(super) struct Spliced {
    pub(super) chars: Vec<(char, usize)>,
}

impl Spliced {
    pub(super) fn new(source: &str) -> Spliced {
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

/// A string literal's bytes, escapes read, and the source offset of each.
#[derive(Default)]
pub(super) struct Literal {
    pub(super) bytes: Vec<u8>,
    pub(super) origins: Vec<usize>,
}

impl Literal {
    fn push(&mut self, c: char, at: usize) {
        let mut buf = [0u8; 4];
        for &b in c.encode_utf8(&mut buf).as_bytes() {
            self.bytes.push(b);
            self.origins.push(at);
        }
    }

    /// Appends `other` (adjacent literals concatenate).
    pub(super) fn extend(&mut self, other: Literal) {
        self.bytes.extend(other.bytes);
        self.origins.extend(other.origins);
    }
}

/// What an identifier directly before a quote makes of the literal: `R`
/// (with an encoding before it) starts a raw string, `u8`, `u`, `U` and `L`
/// an ordinary one. `None` for any other word.
pub(super) fn string_prefix(word: &str) -> Option<StringKind> {
    match word {
        "u8" | "u" | "U" | "L" => Some(StringKind::Ordinary),
        "R" | "u8R" | "uR" | "UR" | "LR" => Some(StringKind::Raw),
        _ => None,
    }
}

/// The two kinds of string literal.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum StringKind {
    /// `"..."`, with escapes.
    Ordinary,
    /// `R"delim(...)delim"`, taken as written.
    Raw,
}

/// Why the reader could not read a literal or an expression whole: each
/// is something left unclosed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub(super) enum LexError {
    /// An ordinary string literal the source ends inside.
    #[error("a string literal is not closed")]
    StringUnclosed,
    /// An ordinary string literal with a newline inside (not spliced).
    #[error("a string literal runs past the end of its line")]
    StringPastLineEnd,
    /// An ordinary string literal the source ends inside, just past a
    /// backslash.
    #[error("a string literal ends in a backslash")]
    StringEndsInBackslash,
    /// A raw string whose delimiter is too long, holds a character a
    /// delimiter may not, or is never followed by `(`.
    #[error("a raw string's delimiter is not closed by `(`")]
    RawDelimiterUnclosed,
    /// A raw string whose `)delimiter"` never comes.
    #[error("a raw string literal is not closed")]
    RawStringUnclosed,
    /// A parenthesis whose `)` never comes.
    #[error("a parenthesis is not closed")]
    ParenthesisUnclosed,
}

/// The longest delimiter a raw string may have (C++ [lex.string]).
const RAW_DELIMITER_MAX: usize = 16;

/// A reader of spliced characters.
#[derive(Clone)]
pub(super) struct Reader<'s> {
    /// The source itself, for what raw strings hold as written.
    source: &'s str,
    chars: &'s [(char, usize)],
    pub(super) pos: usize,
}

impl<'s> Reader<'s> {
    pub(super) fn new(source: &'s str, chars: &'s [(char, usize)]) -> Reader<'s> {
        Reader {
            source,
            chars,
            pos: 0,
        }
    }

    pub(super) fn chars(&self) -> &'s [(char, usize)] {
        self.chars
    }

    pub(super) fn source(&self) -> &'s str {
        self.source
    }

    pub(super) fn peek(&self) -> Option<char> {
        self.chars.get(self.pos).map(|c| c.0)
    }

    pub(super) fn peek_at(&self, k: usize) -> Option<char> {
        self.chars.get(self.pos + k).map(|c| c.0)
    }

    /// The source offset of the current character (the end if none).
    pub(super) fn offset(&self) -> usize {
        match self.chars.get(self.pos) {
            Some(&(_, at)) => at,
            None => self.source.len(),
        }
    }

    pub(super) fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.pos += 1;
        Some(c)
    }

    /// Skips whitespace and comments; says whether it passed the end of a
    /// line (not counting those inside a `/* */` comment, which the
    /// preprocessor reads as one space).
    pub(super) fn skip_blank(&mut self) -> bool {
        let mut newline = false;
        loop {
            match (self.peek(), self.peek_at(1)) {
                (Some(c), _) if c.is_whitespace() => {
                    newline |= c == '\n';
                    self.pos += 1;
                }
                (Some('/'), Some('/')) => {
                    while self.peek().is_some_and(|c| c != '\n') {
                        self.pos += 1;
                    }
                }
                (Some('/'), Some('*')) => self.skip_block_comment(),
                _ => return newline,
            }
        }
    }

    fn skip_block_comment(&mut self) {
        self.pos += 2;
        while self.peek().is_some() && !(self.peek() == Some('*') && self.peek_at(1) == Some('/')) {
            self.pos += 1;
        }
        self.pos = (self.pos + 2).min(self.chars.len());
    }

    /// Skips to the end of the line (the newline left to read), passing
    /// over `/* */` comments, which may carry a directive across lines.
    pub(super) fn skip_line(&mut self) {
        while let Some(c) = self.peek() {
            match c {
                '\n' => return,
                '/' if self.peek_at(1) == Some('*') => self.skip_block_comment(),
                _ => self.pos += 1,
            }
        }
    }

    /// Whether an identifier starts here.
    pub(super) fn at_identifier(&self) -> bool {
        self.peek().is_some_and(|c| c.is_alphabetic() || c == '_')
    }

    /// An identifier at the current place, if one starts here.
    pub(super) fn identifier(&mut self) -> Option<String> {
        if !self.at_identifier() {
            return None;
        }
        let mut out = String::new();
        while let Some(c) = self.peek().filter(|&c| c.is_alphanumeric() || c == '_') {
            out.push(c);
            self.pos += 1;
        }
        Some(out)
    }

    /// Whether a number starts here (`7`, `.5`).
    pub(super) fn at_number(&self) -> bool {
        match self.peek() {
            Some(c) if c.is_ascii_digit() => true,
            Some('.') => self.peek_at(1).is_some_and(|c| c.is_ascii_digit()),
            _ => false,
        }
    }

    /// A number as the preprocessor reads one (`0x1fu`, `1e-5f`,
    /// `1'000'000`: the quote of a digit separator starts no character
    /// literal); the reader stands on its first character.
    pub(super) fn number(&mut self) -> String {
        let mut out = String::new();
        while let Some(c) = self.peek() {
            let exponent_sign = matches!(c, '+' | '-') && out.ends_with(['e', 'E', 'p', 'P']);
            let separator = c == '\'' && self.peek_at(1).is_some_and(|n| n.is_alphanumeric());
            if c.is_alphanumeric() || c == '_' || c == '.' || exponent_sign || separator {
                out.push(c);
                self.pos += 1;
            } else {
                break;
            }
        }
        out
    }

    /// A string literal of `kind`: the reader stands on its opening quote
    /// (past any prefix).
    pub(super) fn string(&mut self, kind: StringKind) -> Result<Literal, LexError> {
        match kind {
            StringKind::Ordinary => self.ordinary_string(),
            StringKind::Raw => self.raw_string(),
        }
    }

    fn ordinary_string(&mut self) -> Result<Literal, LexError> {
        self.pos += 1;
        let mut literal = Literal::default();
        loop {
            let at = self.offset();
            let Some(c) = self.bump() else {
                return Err(LexError::StringUnclosed);
            };
            match c {
                '"' => return Ok(literal),
                '\n' => return Err(LexError::StringPastLineEnd),
                '\\' => {
                    let value = self.escape()?;
                    literal.push(char::from_u32(value).unwrap_or('\u{FFFD}'), at);
                }
                c => literal.push(c, at),
            }
        }
    }

    /// The value of an escape sequence; the reader stands past its
    /// backslash. Octal and hexadecimal escapes give one byte's value,
    /// `\u` and `\U` a character's.
    fn escape(&mut self) -> Result<u32, LexError> {
        let Some(e) = self.bump() else {
            return Err(LexError::StringEndsInBackslash);
        };
        Ok(match e {
            'n' => 10,
            't' => 9,
            'r' => 13,
            'a' => 7,
            'b' => 8,
            'f' => 12,
            'v' => 11,
            'x' => self.hex_digits(usize::MAX) & 0xFF,
            'u' => self.hex_digits(4),
            'U' => self.hex_digits(8),
            '0'..='7' => {
                let mut value = e.to_digit(8).unwrap_or(0);
                for _ in 0..2 {
                    let Some(d) = self.peek().and_then(|c| c.to_digit(8)) else {
                        break;
                    };
                    value = value * 8 + d;
                    self.pos += 1;
                }
                value & 0xFF
            }
            other => other as u32,
        })
    }

    /// The value of up to `most` hexadecimal digits (wrapping).
    fn hex_digits(&mut self, most: usize) -> u32 {
        let mut value = 0u32;
        for _ in 0..most {
            let Some(d) = self.peek().and_then(|c| c.to_digit(16)) else {
                break;
            };
            value = value.wrapping_mul(16).wrapping_add(d);
            self.pos += 1;
        }
        value
    }

    /// A raw string, `"delim(...)delim"`: what stands between the
    /// parentheses, as written in the source (a line splice inside a raw
    /// string is no splice, so the source's own text is taken).
    fn raw_string(&mut self) -> Result<Literal, LexError> {
        self.pos += 1;
        let mut delimiter = String::new();
        loop {
            match self.bump() {
                Some('(') => break,
                Some(c) if delimiter.len() < RAW_DELIMITER_MAX && !"\\) \t\n\"".contains(c) => {
                    delimiter.push(c);
                }
                _ => return Err(LexError::RawDelimiterUnclosed),
            }
        }
        let start = self.offset();
        let closing: Vec<char> = std::iter::once(')')
            .chain(delimiter.chars())
            .chain(std::iter::once('"'))
            .collect();
        while self.pos < self.chars.len() {
            let here = self.chars[self.pos..]
                .iter()
                .map(|c| c.0)
                .take(closing.len())
                .eq(closing.iter().copied());
            if here {
                let end = self.offset();
                self.pos += closing.len();
                let mut literal = Literal::default();
                for (at, c) in self.source.get(start..end).unwrap_or("").char_indices() {
                    literal.push(c, start + at);
                }
                return Ok(literal);
            }
            self.pos += 1;
        }
        Err(LexError::RawStringUnclosed)
    }

    /// Skips a character literal; the reader stands on its opening quote.
    pub(super) fn skip_char_literal(&mut self) {
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

    /// The string literal that starts here, with its prefix (`R"(...)"`,
    /// `u8"..."`), if one does.
    pub(super) fn string_here(&mut self) -> Option<Result<Literal, LexError>> {
        let start = self.pos;
        let word = self.identifier().unwrap_or_default();
        let kind = if word.is_empty() {
            Some(StringKind::Ordinary)
        } else {
            string_prefix(&word)
        };
        let (Some(kind), Some('"')) = (kind, self.peek()) else {
            self.pos = start;
            return None;
        };
        Some(self.string(kind))
    }

    /// Skips a literal or number that starts here, with whatever prefix an
    /// identifier gave it; says whether there was one.
    pub(super) fn skip_literal(&mut self) -> bool {
        if self.at_number() {
            self.number();
            return true;
        }
        let start = self.pos;
        match self.string_here() {
            Some(Ok(_)) => return true,
            // An unclosed literal: go on after its quote.
            Some(Err(_)) => {
                self.pos = start;
                while self.bump().is_some_and(|c| c != '"') {}
                return true;
            }
            None => {}
        }
        let word = self.identifier();
        let char_prefix = word
            .as_deref()
            .is_none_or(|w| string_prefix(w) == Some(StringKind::Ordinary));
        if char_prefix && self.peek() == Some('\'') {
            self.skip_char_literal();
            return true;
        }
        self.pos = start;
        false
    }

    /// The text up to the parenthesis that closes one already read (the
    /// reader left past it), literals taken whole.
    pub(super) fn balanced(&mut self) -> Result<String, LexError> {
        let mut depth = 1;
        let mut out = String::new();
        loop {
            let start = self.pos;
            if self.skip_literal() {
                out.extend(self.chars[start..self.pos].iter().map(|c| c.0));
                continue;
            }
            // Whole, so that no tail of a name is taken for a prefix (`XR"`).
            if let Some(word) = self.identifier() {
                out.push_str(&word);
                continue;
            }
            if self.skip_blank() || self.pos > start {
                out.push(' ');
                continue;
            }
            let Some(c) = self.bump() else {
                return Err(LexError::ParenthesisUnclosed);
            };
            match c {
                '(' => depth += 1,
                ')' => {
                    depth -= 1;
                    if depth == 0 {
                        return Ok(out.split_whitespace().collect::<Vec<_>>().join(" "));
                    }
                }
                _ => {}
            }
            out.push(c);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str, f: impl FnOnce(&mut Reader<'_>) -> String) -> String {
        let spliced = Spliced::new(text);
        let mut r = Reader::new(text, &spliced.chars);
        f(&mut r)
    }

    fn string(text: &str) -> String {
        read(text, |r| {
            let literal = r.string_here().expect("a literal").expect("closed");
            String::from_utf8_lossy(&literal.bytes).into_owned()
        })
    }

    #[test]
    fn escapes_give_their_characters() {
        assert_eq!(string(r#""a\tb\n\"q\"\\""#), "a\tb\n\"q\"\\");
        assert_eq!(string(r#""\101\x42\0""#), "AB\0");
    }

    #[test]
    fn a_raw_string_is_taken_as_written() {
        assert_eq!(string("R\"X(a \\n )\" b)X\""), "a \\n )\" b");
        assert_eq!(string("u8R\"(x)\""), "x");
        // A splice inside a raw string is no splice.
        assert_eq!(string("R\"(a\\\nb)\""), "a\\\nb");
    }

    #[test]
    fn each_unclosed_literal_says_what_is_unclosed() {
        let literal = |text: &str| {
            let spliced = Spliced::new(text);
            let mut r = Reader::new(text, &spliced.chars);
            r.string_here().expect("a literal").err()
        };
        assert_eq!(literal("\"abc"), Some(LexError::StringUnclosed));
        assert_eq!(literal("\"ab\ncd\""), Some(LexError::StringPastLineEnd));
        assert_eq!(literal("\"ab\\"), Some(LexError::StringEndsInBackslash));
        // C++ [lex.string]: a raw string's delimiter has at most 16 characters.
        let seventeen = "abcdefghijklmnopq";
        let raw = format!("R\"{seventeen}(x){seventeen}\"");
        assert_eq!(literal(&raw), Some(LexError::RawDelimiterUnclosed));
        assert_eq!(literal("R\"abcdefghijklmnop(x)abcdefghijklmnop\""), None);
        assert_eq!(literal("R\"x(abc)\""), Some(LexError::RawStringUnclosed));
        let text = "f(a, \")\"";
        let spliced = Spliced::new(text);
        let mut r = Reader::new(text, &spliced.chars);
        assert_eq!(r.balanced(), Err(LexError::ParenthesisUnclosed));
    }

    #[test]
    fn a_digit_separator_starts_no_character_literal() {
        assert_eq!(read("1'000'000u)", |r| r.number()), "1'000'000u");
        assert_eq!(read("0x1p-3f;", |r| r.number()), "0x1p-3f");
        assert_eq!(read("1e+5,", |r| r.number()), "1e+5");
    }

    #[test]
    fn a_balanced_expression_keeps_its_literals_whole() {
        let text = "f(')', \")\", 1'0) + XR\"(\" + g[2])";
        assert_eq!(
            read(text, |r| r.balanced().expect("closed")),
            "f(')', \")\", 1'0) + XR\"(\" + g[2]"
        );
    }
}
