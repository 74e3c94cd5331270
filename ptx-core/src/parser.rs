//! Tokens to syntax tree. Recovers at `;` and `}` so that every error of a
//! template is reported at once, and never panics, whatever the input.

use crate::cursor::{Bail, Cursor, PResult};
use crate::lexer::{Token, TokenKind, tokenize};
use crate::syntax::*;
use crate::{Diagnostic, DiagnosticKind, ScalarType, Span, StateSpace, VectorWidth};

/// Parses template text (inline-asm syntax: `%%`, `%0`, `%[name]`) into a syntax tree.
///
/// ```
/// use ptx_core::{parse, Item};
/// let t = parse("{ .reg .pred p; setp.eq.s32 p, %1, 34; @p mov.s32 %0, 1; }").unwrap();
/// let Item::Block(block) = &t.items[0] else { panic!() };
/// assert_eq!(block.items.len(), 3);
/// assert_eq!(t.instructions()[1].opcode.text(), "mov.s32");
/// ```
pub fn parse(text: &str) -> Result<Template, Vec<Diagnostic>> {
    if text.len() > u32::MAX as usize / 2 {
        return Err(vec![Diagnostic::error(
            DiagnosticKind::Syntax,
            Span::empty(0),
            "template is too long",
        )]);
    }
    let tokens = tokenize(text)?;
    let mut parser = Parser {
        cur: Cursor::new(tokens, text.len() as u32, "the template"),
    };
    let items = parser.items(false);
    if parser.cur.errors.is_empty() {
        Ok(Template {
            items,
            span: Span::new(0, text.len() as u32),
        })
    } else {
        Err(parser.cur.errors)
    }
}

/// Parses one instruction, guard to `;`, from tokens of a larger text (a
/// module's function body): the module parser finds the statement, the
/// instruction syntax stays here, shared with templates.
pub(crate) fn parse_instruction(tokens: &[Token]) -> Result<Instruction, Vec<Diagnostic>> {
    let end = tokens.last().map_or(0, |t| t.span.end);
    let mut parser = Parser {
        cur: Cursor::new(tokens.to_vec(), end, "the template"),
    };
    match parser.instruction() {
        Ok(instruction) if parser.cur.errors.is_empty() => Ok(instruction),
        _ => Err(parser.cur.errors),
    }
}

struct Parser {
    cur: Cursor,
}

/// A `;` that ends nothing, at `span`: ptxas has no empty statement, so
/// `;;`, a `;` after a block's `}` or after a label, and one between a
/// module's directives are syntax errors there ("Parsing error near ';'").
pub(crate) fn empty_statement(span: Span) -> Diagnostic {
    Diagnostic::error(
        DiagnosticKind::Syntax,
        span,
        "empty statement: this `;` ends no instruction or declaration",
    )
    .note("ptxas refuses a `;` that follows another `;`, a `}` or a label")
    .suggest(span, "")
}

impl Parser {
    /// Skips to just after the next `;` at this nesting level (or to a `}`).
    fn recover(&mut self) {
        let mut depth = 0usize;
        while let Some(t) = self.cur.peek() {
            match t.kind {
                TokenKind::Punct(';') if depth == 0 => {
                    self.cur.pos += 1;
                    return;
                }
                TokenKind::Punct('[' | '(') => depth += 1,
                TokenKind::Punct(']' | ')') => depth = depth.saturating_sub(1),
                TokenKind::Punct('}') if depth == 0 => return,
                _ => {}
            }
            self.cur.pos += 1;
        }
    }

    fn items(&mut self, in_block: bool) -> Vec<Item> {
        let mut items = Vec::new();
        loop {
            match self.cur.peek_kind() {
                None => return items,
                Some(TokenKind::Punct('}')) => {
                    if in_block {
                        return items;
                    }
                    let span = self.cur.here();
                    self.cur.pos += 1;
                    self.cur.errors.push(Diagnostic::error(
                        DiagnosticKind::Syntax,
                        span,
                        "unmatched `}`",
                    ));
                }
                Some(TokenKind::Punct(';')) => {
                    let span = self.cur.here();
                    self.cur.pos += 1;
                    self.cur.errors.push(empty_statement(span));
                }
                _ => match self.item() {
                    Ok(item) => items.push(item),
                    Err(Bail) => self.recover(),
                },
            }
        }
    }

    fn item(&mut self) -> PResult<Item> {
        let start = self.cur.here();
        match self.cur.peek_kind() {
            Some(TokenKind::Punct('{')) => {
                self.cur.pos += 1;
                let items = self.items(true);
                if !self.cur.eat_punct('}') {
                    return self.cur.fail(start, "this `{` is never closed");
                }
                Ok(Item::Block(Block {
                    items,
                    span: start.to(Span::empty(self.cur.prev_end())),
                }))
            }
            Some(TokenKind::Ident(name))
                if matches!(
                    self.cur.peek_at(1).map(|t| &t.kind),
                    Some(TokenKind::Punct(':'))
                ) =>
            {
                let name = name.clone();
                self.cur.pos += 2;
                Ok(Item::Label(Label {
                    name,
                    span: start.to(Span::empty(self.cur.prev_end())),
                }))
            }
            Some(TokenKind::Dotted(_)) => self.directive(),
            Some(TokenKind::Ident(_) | TokenKind::Punct('@')) => {
                self.instruction().map(Item::Instruction)
            }
            _ => {
                let found = self.cur.describe();
                self.cur.fail(
                    start,
                    format!("expected an instruction, label, declaration or `{{`, found {found}"),
                )
            }
        }
    }

    fn directive(&mut self) -> PResult<Item> {
        let Some(Token {
            kind: TokenKind::Dotted(name),
            span: start,
            ..
        }) = self.cur.bump()
        else {
            return Err(Bail);
        };
        if name == "pragma" {
            let text = match self.cur.bump() {
                Some(Token {
                    kind: TokenKind::Str(s),
                    ..
                }) => s,
                _ => {
                    return self.cur.fail(
                        self.cur.here(),
                        "`.pragma` needs a string, as in `.pragma \"nounroll\";`",
                    );
                }
            };
            self.cur.expect_punct(';', "after the pragma")?;
            return Ok(Item::Pragma(Pragma {
                text,
                span: start.to(Span::empty(self.cur.prev_end())),
            }));
        }
        let Some(space) = StateSpace::from_name(&name).filter(|s| *s != StateSpace::Sreg) else {
            let message = if ScalarType::from_name(&name).is_some() {
                format!(
                    "a declaration needs a state space before its type, as in `.reg .{name} x;`"
                )
            } else {
                format!(
                    "`.{name}` is not a directive allowed inside a function body; declare with `.reg`, `.local` or `.shared`"
                )
            };
            return self.cur.fail(start, message);
        };
        let mut align = None;
        let mut vector = None;
        let mut ty = None;
        while let Some(TokenKind::Dotted(word)) = self.cur.peek_kind() {
            let word = word.clone();
            let span = self.cur.here();
            self.cur.pos += 1;
            if word == "align" {
                match self.cur.bump() {
                    Some(Token {
                        kind: TokenKind::Int(n),
                        ..
                    }) if n.is_power_of_two() && n <= 1 << 16 => align = Some(n as u32),
                    _ => {
                        return self
                            .cur
                            .fail(span, "`.align` needs a power of two, as in `.align 16`");
                    }
                }
            } else if let Some(v) = VectorWidth::from_name(&word) {
                vector = Some(v);
            } else if let Some(t) = ScalarType::from_name(&word) {
                if let Some(message) = t.declaration_error() {
                    return self.cur.fail(span, message);
                }
                if ty.replace(t).is_some() {
                    return self.cur.fail(span, "a declaration has exactly one type");
                }
            } else {
                return self.cur.fail(span, unknown_type(&word, "declaration"));
            }
        }
        let Some(ty) = ty else {
            return self.cur.fail(
                start.to(Span::empty(self.cur.prev_end())),
                format!("`.{name}` declaration needs a type, as in `.{name} .b32 x;`"),
            );
        };
        let mut names = Vec::new();
        loop {
            let span = self.cur.here();
            let Some(TokenKind::Ident(n)) = self.cur.peek_kind() else {
                let found = self.cur.describe();
                return self
                    .cur
                    .fail(span, format!("expected a name to declare, found {found}"));
            };
            let n = n.clone();
            self.cur.pos += 1;
            let mut range = None;
            let mut array = Vec::new();
            if self.cur.eat_punct('<') {
                range = Some(self.small_int("register count in `<N>`")?);
                self.cur.expect_punct('>', "to close `<N>`")?;
            }
            while self.cur.eat_punct('[') {
                array.push(self.small_int("array size")?);
                self.cur.expect_punct(']', "to close the array size")?;
            }
            names.push(DeclaredName {
                name: n,
                range,
                array,
                span: span.to(Span::empty(self.cur.prev_end())),
            });
            if !self.cur.eat_punct(',') {
                break;
            }
        }
        if self.cur.is_punct('=') {
            return self.cur.fail(
                self.cur.here(),
                "initializers are not supported in inline PTX declarations",
            );
        }
        self.cur.expect_punct(';', "after the declaration")?;
        Ok(Item::Declaration(Declaration {
            space,
            align,
            vector,
            ty,
            names,
            span: start.to(Span::empty(self.cur.prev_end())),
        }))
    }

    fn small_int(&mut self, what: &str) -> PResult<u32> {
        let span = self.cur.here();
        match self.cur.bump() {
            Some(Token {
                kind: TokenKind::Int(n),
                ..
            }) if n <= u32::MAX as u64 => Ok(n as u32),
            _ => self.cur.fail(span, format!("expected a {what}")),
        }
    }

    fn instruction(&mut self) -> PResult<Instruction> {
        let start = self.cur.here();
        let guard = if self.cur.is_punct('@') {
            self.cur.pos += 1;
            let negated = self.cur.eat_punct('!');
            let predicate = match self.cur.peek_kind() {
                Some(TokenKind::Ident(_) | TokenKind::Placeholder(_)) => self.primary()?,
                _ => {
                    let found = self.cur.describe();
                    return self.cur.fail(
                        self.cur.here(),
                        format!("expected a predicate after `@`, found {found}"),
                    );
                }
            };
            Some(Guard {
                negated,
                span: start.to(predicate.span),
                predicate,
            })
        } else {
            None
        };
        let name_span = self.cur.here();
        let Some(TokenKind::Ident(name)) = self.cur.peek_kind() else {
            let found = self.cur.describe();
            return self
                .cur
                .fail(name_span, format!("expected an opcode, found {found}"));
        };
        let name = Word {
            text: name.clone(),
            span: name_span,
        };
        self.cur.pos += 1;
        // ptxas lets blanks stand between an opcode and its modifiers
        // (`prmt .b32`, `bulk_group .L2::cache_hint`): no operand starts with
        // a dot, so a dotted word here is a modifier either way.
        let mut modifiers = Vec::new();
        while let Some(Token {
            kind: TokenKind::Dotted(m),
            span,
            ..
        }) = self.cur.peek()
        {
            modifiers.push(Word {
                text: m.clone(),
                span: *span,
            });
            self.cur.pos += 1;
        }
        let opcode = Opcode {
            span: name_span.to(Span::empty(self.cur.prev_end())),
            name,
            modifiers,
        };
        let mut operands = Vec::new();
        if !self.cur.is_punct(';') {
            loop {
                operands.push(self.operand()?);
                if !self.cur.eat_punct(',') {
                    break;
                }
            }
        }
        if !self.cur.is_punct(';') {
            let found = self.cur.describe();
            let span = if self.cur.peek().is_none() {
                Span::empty(self.cur.prev_end())
            } else {
                self.cur.here()
            };
            let message = if self.cur.peek().is_none() || self.cur.is_punct('}') {
                format!("expected `;` after `{}`", opcode.text())
            } else {
                format!(
                    "expected `,` or `;` after an operand of `{}`, found {found}",
                    opcode.text()
                )
            };
            return self.cur.fail(span, message);
        }
        self.cur.pos += 1;
        Ok(Instruction {
            guard,
            opcode,
            operands,
            span: start.to(Span::empty(self.cur.prev_end())),
        })
    }

    fn operand(&mut self) -> PResult<Operand> {
        let start = self.cur.here();
        if self.cur.eat_punct('!') {
            let inner = self.primary()?;
            return Ok(Operand {
                span: start.to(inner.span),
                kind: OperandKind::Not(Box::new(inner)),
            });
        }
        // `-a`: a negated register (a `-` before a number is part of the literal).
        if self.cur.is_punct('-')
            && matches!(
                self.cur.peek_at(1).map(|t| &t.kind),
                Some(TokenKind::Placeholder(_) | TokenKind::Ident(_))
            )
        {
            self.cur.pos += 1;
            let inner = self.primary()?;
            return Ok(Operand {
                span: start.to(inner.span),
                kind: OperandKind::Negate(Box::new(inner)),
            });
        }
        let first = self.primary()?;
        // `var+8`: a variable's address plus an offset, as a value.
        if matches!(first.kind, OperandKind::Name(_))
            && self.cur.is_punct('+')
            && matches!(
                self.cur.peek_at(1).map(|t| &t.kind),
                Some(TokenKind::Int(_) | TokenKind::Punct('-'))
            )
        {
            self.cur.pos += 1;
            let offset = self.signed_int("offset")?;
            let span = start.to(Span::empty(self.cur.prev_end()));
            let address = Address {
                base: Some(first),
                offset,
                rest: Vec::new(),
                indexed: false,
                bare: true,
                unified: false,
            };
            return Ok(Operand {
                kind: OperandKind::Address(Box::new(address)),
                span,
            });
        }
        if self.cur.eat_punct('|') {
            let second = self.primary()?;
            return Ok(Operand {
                span: first.span.to(second.span),
                kind: OperandKind::Pair(Box::new(first), Box::new(second)),
            });
        }
        Ok(first)
    }

    fn primary(&mut self) -> PResult<Operand> {
        let start = self.cur.here();
        let Some(token) = self.cur.peek().cloned() else {
            return self.cur.fail(
                Span::empty(self.cur.prev_end()),
                "expected an operand, found the end of the template",
            );
        };
        match token.kind {
            TokenKind::Placeholder(p) => {
                self.cur.pos += 1;
                let placeholder = Operand {
                    kind: OperandKind::Placeholder(p),
                    span: start,
                };
                // Any word right after a placeholder is a selector (`%1.h0`);
                // the checker says which ones the instruction takes.
                match self.cur.peek().cloned() {
                    Some(Token {
                        kind: TokenKind::Dotted(word),
                        spaced: false,
                        span,
                    }) => {
                        self.cur.pos += 1;
                        Ok(select(placeholder, word, span))
                    }
                    _ => Ok(placeholder),
                }
            }
            TokenKind::Ident(ident) if ident == "_" => {
                self.cur.pos += 1;
                Ok(Operand {
                    kind: OperandKind::Sink,
                    span: start,
                })
            }
            TokenKind::Ident(ident) => {
                self.cur.pos += 1;
                let (mut component, mut selector) = (None, None);
                if let Some(Token {
                    kind: TokenKind::Dotted(c),
                    spaced: false,
                    span,
                }) = self.cur.peek().cloned()
                {
                    self.cur.pos += 1;
                    if is_selector_word(&c) {
                        selector = Some((c, span));
                    } else {
                        component = Some(c);
                    }
                }
                let name = Operand {
                    kind: OperandKind::Name(Name { ident, component }),
                    span: match selector {
                        Some((_, span)) => start.to(Span::empty(span.start)),
                        None => start.to(Span::empty(self.cur.prev_end())),
                    },
                };
                if let Some((word, span)) = selector {
                    return Ok(select(name, word, span));
                }
                if matches!(
                    self.cur.peek(),
                    Some(Token {
                        kind: TokenKind::Punct('['),
                        spaced: false,
                        ..
                    })
                ) {
                    self.cur.pos += 1;
                    let offset = self.signed_int("array index")?;
                    self.cur.expect_punct(']', "to close the index")?;
                    let span = start.to(Span::empty(self.cur.prev_end()));
                    let address = Address {
                        base: Some(name),
                        offset,
                        rest: Vec::new(),
                        indexed: true,
                        bare: false,
                        unified: false,
                    };
                    return Ok(Operand {
                        kind: OperandKind::Address(Box::new(address)),
                        span,
                    });
                }
                Ok(name)
            }
            TokenKind::Punct('-') | TokenKind::Int(_) | TokenKind::Float(_) => {
                let negative = self.cur.eat_punct('-');
                match self.cur.bump().map(|t| t.kind) {
                    Some(TokenKind::Int(value)) => Ok(Operand {
                        kind: OperandKind::Immediate(Immediate::Int { value, negative }),
                        span: start.to(Span::empty(self.cur.prev_end())),
                    }),
                    Some(TokenKind::Float(f)) => {
                        let f = if negative { f.negated() } else { f };
                        Ok(Operand {
                            kind: OperandKind::Immediate(Immediate::Float(f)),
                            span: start.to(Span::empty(self.cur.prev_end())),
                        })
                    }
                    _ => self.cur.fail(start, "expected a number after `-`"),
                }
            }
            TokenKind::Punct('[') => {
                self.cur.pos += 1;
                let mut address = self.address()?;
                if let Some(Token {
                    kind: TokenKind::Dotted(word),
                    spaced: false,
                    ..
                }) = self.cur.peek()
                    && word == "unified"
                {
                    self.cur.pos += 1;
                    address.unified = true;
                }
                Ok(Operand {
                    kind: OperandKind::Address(Box::new(address)),
                    span: start.to(Span::empty(self.cur.prev_end())),
                })
            }
            TokenKind::Punct(open @ ('{' | '(')) => {
                self.cur.pos += 1;
                let close = if open == '{' { '}' } else { ')' };
                let mut elements = Vec::new();
                if !self.cur.is_punct(close) {
                    loop {
                        elements.push(self.operand()?);
                        if !self.cur.eat_punct(',') {
                            break;
                        }
                    }
                }
                let what = if open == '{' {
                    "to close the vector"
                } else {
                    "to close the list"
                };
                self.cur.expect_punct(close, what)?;
                let span = start.to(Span::empty(self.cur.prev_end()));
                let kind = if open == '{' {
                    OperandKind::Vector(elements)
                } else {
                    OperandKind::List(elements)
                };
                Ok(Operand { kind, span })
            }
            _ => {
                let found = self.cur.describe();
                self.cur
                    .fail(start, format!("expected an operand, found {found}"))
            }
        }
    }

    fn signed_int(&mut self, what: &str) -> PResult<i64> {
        let span = self.cur.here();
        let negative = self.cur.eat_punct('-');
        match self.cur.bump().map(|t| t.kind) {
            Some(TokenKind::Int(v)) if v <= i64::MAX as u64 => {
                Ok(if negative { -(v as i64) } else { v as i64 })
            }
            _ => self.cur.fail(span, format!("expected an integer {what}")),
        }
    }

    /// After `[`: `base`, `base+off`, `base-off`, `off`, then `, more` until `]`.
    fn address(&mut self) -> PResult<Address> {
        let mut base = None;
        let mut offset = 0i64;
        match self.cur.peek_kind() {
            Some(TokenKind::Int(_)) | Some(TokenKind::Punct('-')) => {
                offset = self.signed_int("address")?
            }
            Some(TokenKind::Ident(_) | TokenKind::Placeholder(_)) => {
                base = Some(self.primary()?);
                // ptxas 13.0 adds offsets only: `[%r-4]` (and `[%r-0]`) is
                // its "syntax error", `[%r+-4]` the spelling it takes.
                if self.cur.is_punct('-') {
                    let minus = self.cur.here();
                    let base = base.as_ref().map_or(String::new(), ToString::to_string);
                    let offset = match self.cur.peek_at(1).map(|t| &t.kind) {
                        Some(TokenKind::Int(v)) => v.to_string(),
                        _ => "N".to_string(),
                    };
                    return self.cur.fail(
                        minus,
                        format!(
                            "an address offset is added with `+`: write `[{base}+-{offset}]`, not `[{base}-{offset}]` (ptxas reads `-` here as a syntax error)"
                        ),
                    );
                }
                if self.cur.eat_punct('+') {
                    if !matches!(
                        self.cur.peek_kind(),
                        Some(TokenKind::Int(_) | TokenKind::Punct('-'))
                    ) {
                        let found = self.cur.describe();
                        return self.cur.fail(
                            self.cur.here(),
                            format!("an address offset must be an integer constant, found {found}"),
                        );
                    }
                    offset = self.signed_int("offset")?;
                }
            }
            _ => {
                let found = self.cur.describe();
                return self.cur.fail(
                    self.cur.here(),
                    format!("expected a register, variable or offset inside `[ ]`, found {found}"),
                );
            }
        }
        let mut rest = Vec::new();
        while self.cur.eat_punct(',') {
            rest.push(self.operand()?);
        }
        self.cur.expect_punct(']', "to close the address")?;
        Ok(Address {
            base,
            offset,
            rest,
            indexed: false,
            bare: false,
            unified: false,
        })
    }
}

/// Whether a word after a register name is a video operand selector
/// (`.b0`, `.h10`, `.b7654`) rather than a vector component (`.x`).
fn is_selector_word(word: &str) -> bool {
    word.len() > 1 && word.starts_with(['b', 'h']) && word[1..].bytes().all(|c| c.is_ascii_digit())
}

/// The message for a word that should have been a type, in `what` (a
/// declaration, a parameter), with the closest type as a hint.
pub(crate) fn unknown_type(word: &str, what: &str) -> String {
    let mut message = format!("unknown type `.{word}` in {what}");
    if let Some(h) = crate::diag::closest(word, ScalarType::ALL.iter().map(|t| t.name())) {
        message.push_str(&format!("; did you mean `.{h}`?"));
    }
    message
}

/// `operand.word`, the selector standing at `span`.
fn select(operand: Operand, word: String, span: Span) -> Operand {
    Operand {
        span: operand.span.to(span),
        kind: OperandKind::Select(Box::new(operand), Word { text: word, span }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn one(text: &str) -> Instruction {
        let t = parse(text).unwrap();
        t.instructions()[0].clone()
    }

    #[test]
    fn instruction_with_guard_and_operands() {
        let i = one("@!p add.s32 %0, %1, -4;");
        assert!(i.guard.as_ref().unwrap().negated);
        assert_eq!(i.opcode.text(), "add.s32");
        assert_eq!(i.operands.len(), 3);
        assert_eq!(
            i.operands[2].kind,
            OperandKind::Immediate(Immediate::Int {
                value: 4,
                negative: true
            })
        );
    }

    #[test]
    fn addresses() {
        let i = one("ld.global.v2.u32 {%0, %1}, [%2+-8];");
        let OperandKind::Address(a) = &i.operands[1].kind else {
            panic!()
        };
        assert_eq!(a.offset, -8);
        let i =
            one("cp.async.bulk.tensor.2d.shared::cluster.global.tile [%0], [%1, {%2, %3}], [%4];");
        let OperandKind::Address(a) = &i.operands[1].kind else {
            panic!()
        };
        assert_eq!(a.rest.len(), 1);
        let i = one("ld.u32 %0, arr[4];");
        let OperandKind::Address(a) = &i.operands[1].kind else {
            panic!()
        };
        assert!(a.indexed && a.offset == 4);
        let i = one("ld.global.u32 %0, [%1].unified;");
        let OperandKind::Address(a) = &i.operands[1].kind else {
            panic!()
        };
        assert!(a.unified);
        let i = one("mov.u64 %0, buf+8;");
        let OperandKind::Address(a) = &i.operands[1].kind else {
            panic!()
        };
        assert!(a.bare && a.offset == 8);
    }

    #[test]
    fn pairs_sinks_negations_and_special_registers() {
        let i = one("setp.lt.and.s32 p|q, %1, %2, !c;");
        assert!(matches!(i.operands[0].kind, OperandKind::Pair(..)));
        assert!(matches!(i.operands[3].kind, OperandKind::Not(..)));
        let i = one("mov.u32 %0, %%tid.x;");
        assert_eq!(
            i.operands[1].kind,
            OperandKind::Name(Name {
                ident: "%tid".into(),
                component: Some("x".into())
            })
        );
        let i = one("mbarrier.arrive.shared::cta.b64 _, [%0];");
        assert_eq!(i.operands[0].kind, OperandKind::Sink);
    }

    #[test]
    fn declarations_and_labels() {
        let t = parse(".reg .b32 t<4>, u; .shared .align 16 .b8 buf[256]; done: ret;").unwrap();
        let Item::Declaration(d) = &t.items[0] else {
            panic!()
        };
        assert_eq!((d.names[0].range, d.names.len()), (Some(4), 2));
        let Item::Declaration(d) = &t.items[1] else {
            panic!()
        };
        assert_eq!(
            (d.align, d.names[0].array.as_slice()),
            (Some(16), &[256][..])
        );
        assert!(matches!(&t.items[2], Item::Label(l) if l.name == "done"));
    }

    #[test]
    fn every_error_is_reported() {
        let errors = parse("add.s32 %0 %1; mul.lo.u32 %0, , %1; }").unwrap_err();
        assert_eq!(errors.len(), 3, "{errors:?}");
        assert!(errors[0].message.contains("expected `,` or `;`"));
        assert!(errors[1].message.contains("expected an operand"));
        assert!(errors[2].message.contains("unmatched `}`"));
    }

    #[test]
    fn missing_semicolon_and_unclosed_brace() {
        assert!(
            parse("add.s32 %0, %1, %2").unwrap_err()[0]
                .message
                .contains("expected `;`")
        );
        assert!(
            parse("{ add.s32 %0, %1, %2;").unwrap_err()[0]
                .message
                .contains("never closed")
        );
    }
}
