//! The token cursor both parsers stand on: the template parser
//! (`parser.rs`) and the module parser (`module/parser.rs`). It looks
//! ahead, consumes punctuation, records syntax errors and says what it
//! found where something else was expected.

use crate::lexer::{Token, TokenKind};
use crate::{Diagnostic, DiagnosticKind, Span};

/// Tokens, the position in them and the errors recorded so far.
pub(crate) struct Cursor {
    pub tokens: Vec<Token>,
    pub pos: usize,
    pub errors: Vec<Diagnostic>,
    /// Where the text ends: the span [`Cursor::here`] gives past the last
    /// token.
    end: u32,
    /// What the text is, for "found the end of ...": `the template`.
    whole: &'static str,
}

/// A parse failure; the diagnostic is already recorded.
pub(crate) struct Bail;

/// What a parsing step gives.
pub(crate) type PResult<T> = Result<T, Bail>;

impl Cursor {
    /// A cursor at the first of `tokens`, of a text ending at `end` and
    /// called `whole` in messages.
    pub fn new(tokens: Vec<Token>, end: u32, whole: &'static str) -> Cursor {
        Cursor {
            tokens,
            pos: 0,
            errors: Vec::new(),
            end,
            whole,
        }
    }

    pub fn peek(&self) -> Option<&Token> {
        self.tokens.get(self.pos)
    }

    pub fn peek_kind(&self) -> Option<&TokenKind> {
        self.peek().map(|t| &t.kind)
    }

    pub fn peek_at(&self, ahead: usize) -> Option<&Token> {
        self.tokens.get(self.pos + ahead)
    }

    pub fn is_punct(&self, c: char) -> bool {
        matches!(self.peek_kind(), Some(TokenKind::Punct(p)) if *p == c)
    }

    pub fn eat_punct(&mut self, c: char) -> bool {
        let found = self.is_punct(c);
        if found {
            self.pos += 1;
        }
        found
    }

    /// Where the text ends.
    pub fn end(&self) -> u32 {
        self.end
    }

    /// Span of the current token, or the empty span at the end of the text.
    pub fn here(&self) -> Span {
        self.peek().map_or(Span::empty(self.end), |t| t.span)
    }

    /// Where the last token consumed ends (0 before the first).
    pub fn prev_end(&self) -> u32 {
        self.pos
            .checked_sub(1)
            .and_then(|i| self.tokens.get(i))
            .map_or(0, |t| t.span.end)
    }

    pub fn bump(&mut self) -> Option<Token> {
        let t = self.tokens.get(self.pos).cloned();
        if t.is_some() {
            self.pos += 1;
        }
        t
    }

    /// Records a syntax error at `span`.
    pub fn fail<T>(&mut self, span: Span, message: impl Into<String>) -> PResult<T> {
        self.errors
            .push(Diagnostic::error(DiagnosticKind::Syntax, span, message));
        Err(Bail)
    }

    /// The current token as messages name it.
    pub fn describe(&self) -> String {
        match self.peek_kind() {
            None => format!("the end of {}", self.whole),
            Some(TokenKind::Ident(s)) => format!("`{s}`"),
            Some(TokenKind::Dotted(s)) => format!("`.{s}`"),
            Some(TokenKind::Int(v)) => format!("`{v}`"),
            Some(TokenKind::Float(_)) => "a floating-point literal".into(),
            Some(TokenKind::Placeholder(p)) => format!("`{p}`"),
            Some(TokenKind::Str(_)) => "a string".into(),
            Some(TokenKind::Punct(c)) => format!("`{c}`"),
        }
    }

    /// Consumes punctuation `c`, or records "expected `c` {context}".
    pub fn expect_punct(&mut self, c: char, context: &str) -> PResult<Span> {
        if self.is_punct(c) {
            Ok(self.bump().map(|t| t.span).unwrap_or_default())
        } else {
            let found = self.describe();
            let span = if self.peek().is_none() {
                Span::empty(self.prev_end())
            } else {
                self.here()
            };
            self.fail(span, format!("expected `{c}` {context}, found {found}"))
        }
    }
}
