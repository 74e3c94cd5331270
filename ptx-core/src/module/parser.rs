//! Module text to [`Module`]: the header, functions, variables and debug
//! directives are read here; each instruction of a body is handed to the
//! template parser ([`crate::parser`]), so that one piece of code knows the
//! instruction syntax. Recovers at `;` and `}` so that every syntax error of
//! a module is reported at once, and never panics, whatever the input.

use super::ast::*;
use crate::cursor::{Bail, Cursor, PResult};
use crate::lexer::{Token, TokenKind, tokenize_module};
use crate::parser::{empty_statement, parse_instruction, unknown_type};
use crate::syntax::{FloatLiteral, Immediate, Label, Pragma, Word};
use crate::{Diagnostic, DiagnosticKind, PtxVersion, ScalarType, Span, StateSpace, VectorWidth};

/// Parses the text of a whole PTX module, as nvcc, NVRTC, LLVM's NVPTX
/// backend or a person writes it.
///
/// Returns every syntax error found (with byte spans; see
/// [`LineIndex`](super::LineIndex) for line:column). What the text means
/// (declared names, types, targets) is [`check_module`](super::check_module)'s
/// business.
///
/// ```
/// use ptx_core::module::{parse_module, Directive};
/// let text = "
/// .version 9.0
/// .target sm_90
/// .address_size 64
/// .global .align 4 .u32 counter = 7;
/// .visible .entry bump(.param .u64 out) {
///     .reg .b32 %r<2>;
///     ld.global.u32 %r1, [counter];
///     ret;
/// }";
/// let module = parse_module(text).unwrap();
/// assert_eq!(module.directives.len(), 2);
/// let Directive::Variable(v) = &module.directives[0] else { panic!() };
/// assert_eq!(v.names[0].name.text, "counter");
/// let errors = parse_module(".version 9.0\n.target sm_90\n.entry k() { ret }").unwrap_err();
/// assert!(errors[0].message.contains("expected `;`"));
/// ```
pub fn parse_module(text: &str) -> Result<Module, Vec<Diagnostic>> {
    if text.len() > u32::MAX as usize / 2 {
        return Err(vec![Diagnostic::error(
            DiagnosticKind::Syntax,
            Span::empty(0),
            "module is too long",
        )]);
    }
    let tokens = tokenize_module(text)?;
    let mut parser = ModuleParser {
        text,
        cur: Cursor::new(tokens, text.len() as u32, "the module"),
    };
    let module = parser.module();
    if parser.cur.errors.is_empty() {
        Ok(module)
    } else {
        Err(parser.cur.errors)
    }
}

struct ModuleParser<'a> {
    text: &'a str,
    cur: Cursor,
}

/// The state spaces a declaration may start with.
fn declaration_space(name: &str) -> Option<StateSpace> {
    StateSpace::from_name(name).filter(|s| *s != StateSpace::Sreg)
}

impl ModuleParser<'_> {
    fn peek_kind_at(&self, ahead: usize) -> Option<&TokenKind> {
        self.cur.peek_at(ahead).map(|t| &t.kind)
    }

    fn is_dotted(&self, word: &str) -> bool {
        matches!(self.cur.peek_kind(), Some(TokenKind::Dotted(w)) if w == word)
    }

    /// From `start` to the end of the last token consumed.
    fn since(&self, start: Span) -> Span {
        start.to(Span::empty(self.cur.prev_end().max(start.start)))
    }

    fn ident(&mut self, what: &str) -> PResult<Word> {
        match self.cur.peek_kind() {
            Some(TokenKind::Ident(name)) => {
                let word = Word {
                    text: name.clone(),
                    span: self.cur.here(),
                };
                self.cur.pos += 1;
                Ok(word)
            }
            _ => {
                let found = self.cur.describe();
                self.cur
                    .fail(self.cur.here(), format!("expected {what}, found {found}"))
            }
        }
    }

    fn number(&mut self, what: &str) -> PResult<u64> {
        match self.cur.peek_kind() {
            Some(TokenKind::Int(n)) => {
                let n = *n;
                self.cur.pos += 1;
                Ok(n)
            }
            _ => {
                let found = self.cur.describe();
                self.cur
                    .fail(self.cur.here(), format!("expected {what}, found {found}"))
            }
        }
    }

    fn small_number(&mut self, what: &str) -> PResult<u32> {
        let span = self.cur.here();
        let n = self.number(what)?;
        u32::try_from(n).or_else(|_| self.cur.fail(span, format!("{what} {n} is too large")))
    }

    /// `.align N` after its word: a power of two.
    fn alignment(&mut self, word: Span) -> PResult<u32> {
        let span = self.cur.here();
        match self.cur.peek_kind() {
            Some(TokenKind::Int(n)) if n.is_power_of_two() && *n <= 1 << 16 => {
                let n = *n as u32;
                self.cur.pos += 1;
                Ok(n)
            }
            Some(TokenKind::Int(n)) => {
                let n = *n;
                self.cur.fail(
                    span,
                    format!("alignment {n} is not a power of two from 1 to 65536"),
                )
            }
            _ => self
                .cur
                .fail(word, "`.align` needs a power of two, as in `.align 16`"),
        }
    }

    /// Skips to just after the next `;` outside braces, or past the `}`
    /// that closes a brace opened since the error; always past one token
    /// at least, so that a stray `}` cannot stop the parser.
    fn recover(&mut self) {
        let start = self.cur.pos;
        self.skip_statement();
        if self.cur.pos == start {
            self.cur.pos += 1;
        }
    }

    fn skip_statement(&mut self) {
        let mut depth = 0usize;
        while let Some(t) = self.cur.peek() {
            match t.kind {
                TokenKind::Punct(';') if depth == 0 => {
                    self.cur.pos += 1;
                    return;
                }
                TokenKind::Punct('{') => depth += 1,
                TokenKind::Punct('}') => {
                    if depth <= 1 {
                        self.cur.pos += usize::from(depth == 1);
                        return;
                    }
                    depth -= 1;
                }
                _ => {}
            }
            self.cur.pos += 1;
        }
    }

    fn module(&mut self) -> Module {
        let mut module = Module {
            version: None,
            target: None,
            address_size: None,
            directives: Vec::new(),
            span: Span::new(0, self.cur.end()),
        };
        while let Some(kind) = self.cur.peek_kind() {
            let result = match kind {
                TokenKind::Punct(';') => {
                    let span = self.cur.here();
                    self.cur.pos += 1;
                    self.cur.errors.push(empty_statement(span));
                    continue;
                }
                TokenKind::Dotted(w) if w == "version" => self.version(&mut module),
                TokenKind::Dotted(w) if w == "target" => self.target(&mut module),
                TokenKind::Dotted(w) if w == "address_size" => self.address_size(&mut module),
                _ => self.directive().map(|d| module.directives.push(d)),
            };
            if result.is_err() {
                self.recover();
            }
        }
        module
    }

    /// A header directive may stand once, in the order `.version`,
    /// `.target`, `.address_size`, before anything else.
    fn header_order(&mut self, module: &Module, name: &str, span: Span) -> PResult<()> {
        let (seen, after) = match name {
            "version" => (
                module.version.is_some(),
                module.target.is_some()
                    || module.address_size.is_some()
                    || !module.directives.is_empty(),
            ),
            "target" => (
                module.target.is_some(),
                module.address_size.is_some() || !module.directives.is_empty(),
            ),
            _ => (module.address_size.is_some(), !module.directives.is_empty()),
        };
        if seen {
            return self.cur.fail(span, format!("`.{name}` is written twice"));
        }
        if after {
            return self.cur.fail(
                span,
                format!("`.{name}` must come first in the module: `.version`, then `.target`, then `.address_size`"),
            );
        }
        Ok(())
    }

    fn version(&mut self, module: &mut Module) -> PResult<()> {
        let start = self.cur.here();
        self.header_order(module, "version", start)?;
        self.cur.pos += 1;
        let span = self.cur.here();
        let text = match self.cur.peek_kind() {
            Some(TokenKind::Float(FloatLiteral::Decimal(_)) | TokenKind::Int(_)) => {
                &self.text[span.range()]
            }
            _ => "",
        };
        let Ok(version) = text.parse::<PtxVersion>() else {
            let found = self.cur.describe();
            return self.cur.fail(
                span,
                format!("`.version` needs a PTX ISA version like `9.0`, found {found}"),
            );
        };
        self.cur.pos += 1;
        module.version = Some(VersionDirective {
            version,
            span: self.since(start),
        });
        Ok(())
    }

    fn target(&mut self, module: &mut Module) -> PResult<()> {
        let start = self.cur.here();
        self.header_order(module, "target", start)?;
        self.cur.pos += 1;
        let mut words = vec![self.ident("a target such as `sm_90`")?];
        while self.cur.eat_punct(',') {
            words.push(self.ident("a target option such as `texmode_independent`")?);
        }
        // Of several architectures the last counts, as in ptxas.
        let sm = words.iter().rev().find_map(|w| w.text.parse().ok());
        module.target = Some(TargetDirective {
            words,
            sm,
            span: self.since(start),
        });
        Ok(())
    }

    fn address_size(&mut self, module: &mut Module) -> PResult<()> {
        let start = self.cur.here();
        self.header_order(module, "address_size", start)?;
        self.cur.pos += 1;
        let bits = self.number("`32` or `64` after `.address_size`")?;
        module.address_size = Some(AddressSize {
            bits,
            span: self.since(start),
        });
        Ok(())
    }

    fn directive(&mut self) -> PResult<Directive> {
        let start = self.cur.here();
        let Some(TokenKind::Dotted(word)) = self.cur.peek_kind() else {
            let found = self.cur.describe();
            return self.cur.fail(
                start,
                format!(
                    "expected a directive such as `.entry`, `.func` or `.global`, found {found}"
                ),
            );
        };
        let word = word.clone();
        let linkage = LinkageKind::from_name(&word).map(|kind| Linkage { kind, span: start });
        if linkage.is_some() {
            self.cur.pos += 1;
        }
        let Some(TokenKind::Dotted(word)) = self.cur.peek_kind() else {
            let found = self.cur.describe();
            return self.cur.fail(
                self.cur.here(),
                format!(
                    "expected `.entry`, `.func` or a state space after the linkage, found {found}"
                ),
            );
        };
        let word = word.clone();
        match word.as_str() {
            "entry" | "func" => self.function(linkage, start).map(Directive::Function),
            "file" if linkage.is_none() => self.file().map(Directive::File),
            "section" if linkage.is_none() => self.section().map(Directive::Section),
            "pragma" if linkage.is_none() => self.pragma().map(Directive::Pragma),
            w if declaration_space(w).is_some() => {
                self.variable(linkage, start).map(Directive::Variable)
            }
            "version" | "target" | "address_size" => self.cur.fail(
                self.cur.here(),
                format!("`.{word}` must come first in the module: `.version`, then `.target`, then `.address_size`"),
            ),
            _ => {
                let known = [
                    "entry", "func", "global", "const", "shared", "local", "file", "section",
                    "pragma", "visible", "extern", "weak", "common",
                ];
                let mut message = format!("`.{word}` is not a module-level directive");
                if let Some(c) = crate::diag::closest(&word, known) {
                    message.push_str(&format!("; did you mean `.{c}`?"));
                }
                self.cur.fail(self.cur.here(), message)
            }
        }
    }

    fn function(&mut self, linkage: Option<Linkage>, start: Span) -> PResult<Function> {
        let kind = if self.is_dotted("entry") {
            FunctionKind::Entry
        } else {
            FunctionKind::Func
        };
        self.cur.pos += 1;
        let returns = if kind == FunctionKind::Func && self.cur.is_punct('(') {
            self.params()?
        } else {
            Vec::new()
        };
        let name = self.ident("the function's name")?;
        let has_param_list = self.cur.is_punct('(');
        let params = if has_param_list {
            self.params()?
        } else {
            Vec::new()
        };
        let attributes = self.attributes()?;
        let body = if self.cur.eat_punct(';') {
            None
        } else if self.cur.is_punct('{') {
            Some(self.body()?)
        } else {
            let found = self.cur.describe();
            return self.cur.fail(
                self.cur.here(),
                format!("expected the body `{{ ... }}` of `{}` or `;` after its declaration, found {found}", name.text),
            );
        };
        Ok(Function {
            linkage,
            kind,
            name,
            returns,
            params,
            has_param_list,
            attributes,
            body,
            span: self.since(start),
        })
    }

    /// `.noreturn`, `.maxntid 128, 1, 1`, ... between the header and the body.
    fn attributes(&mut self) -> PResult<Vec<FunctionAttribute>> {
        let mut attributes = Vec::new();
        while let Some(TokenKind::Dotted(word)) = self.cur.peek_kind() {
            let start = self.cur.here();
            let Some(kind) = AttributeKind::from_name(word) else {
                let word = word.clone();
                let names = AttributeKind::ALL.iter().map(|k| k.name());
                let mut message = format!("`.{word}` is not a function attribute");
                if let Some(c) = crate::diag::closest(&word, names) {
                    message.push_str(&format!("; did you mean `.{c}`?"));
                }
                return self.cur.fail(start, message);
            };
            self.cur.pos += 1;
            let mut values = Vec::new();
            if kind.arity().1 > 0 {
                values.push(self.number(&format!("a number after `.{}`", kind.name()))?);
                while self.cur.is_punct(',')
                    && matches!(self.peek_kind_at(1), Some(TokenKind::Int(_)))
                {
                    self.cur.pos += 1;
                    values.push(self.number("a number")?);
                }
            }
            attributes.push(FunctionAttribute {
                kind,
                values,
                span: self.since(start),
            });
        }
        Ok(attributes)
    }

    /// `( param, param, ... )`.
    fn params(&mut self) -> PResult<Vec<Param>> {
        self.cur.expect_punct('(', "to open the parameter list")?;
        let mut params = Vec::new();
        if !self.cur.is_punct(')') {
            loop {
                params.push(self.param()?);
                if !self.cur.eat_punct(',') {
                    break;
                }
            }
        }
        self.cur.expect_punct(')', "to close the parameter list")?;
        Ok(params)
    }

    /// `.param .u64 .ptr .global .align 16 name`, `.param .align 8 .b8 s[16]`, `.reg .b32 r`.
    fn param(&mut self) -> PResult<Param> {
        let start = self.cur.here();
        let space = match self.cur.peek_kind() {
            Some(TokenKind::Dotted(w)) if w == "param" || w == "reg" => {
                let space = declaration_space(w).unwrap_or(StateSpace::Reg);
                self.cur.pos += 1;
                space
            }
            _ => {
                let found = self.cur.describe();
                return self.cur.fail(
                    start,
                    format!("expected a parameter such as `.param .u32 n`, found {found}"),
                );
            }
        };
        let (mut align, mut vector, mut ty, mut ptr) = (None, None, None, None::<PointerAttribute>);
        while let Some(TokenKind::Dotted(word)) = self.cur.peek_kind() {
            let word = word.clone();
            let span = self.cur.here();
            self.cur.pos += 1;
            if word == "align" {
                let a = self.alignment(span)?;
                match &mut ptr {
                    Some(p) => {
                        p.align = Some(a);
                        p.span = self.since(p.span);
                    }
                    None => align = Some(a),
                }
            } else if word == "ptr" {
                ptr = Some(PointerAttribute {
                    space: None,
                    align: None,
                    span,
                });
            } else if let (Some(p), Some(s)) = (&mut ptr, StateSpace::from_name(&word)) {
                p.space = Some(s);
                p.span = self.since(p.span);
            } else if let Some(v) = VectorWidth::from_name(&word) {
                vector = Some(v);
            } else if let Some(t) = ScalarType::from_name(&word) {
                if let Some(message) = t.declaration_error() {
                    return self.cur.fail(span, message);
                }
                if ty.replace(t).is_some() {
                    return self.cur.fail(span, "a parameter has exactly one type");
                }
            } else {
                return self.cur.fail(span, unknown_type(&word, "parameter"));
            }
        }
        let Some(ty) = ty else {
            return self.cur.fail(
                self.since(start),
                "a parameter needs a type, as in `.param .u32 n`",
            );
        };
        let name = self.ident("the parameter's name")?;
        let mut array = Vec::new();
        while self.cur.eat_punct('[') {
            array.push(self.small_number("an array size")?);
            self.cur.expect_punct(']', "to close the array size")?;
        }
        Ok(Param {
            space,
            align,
            vector,
            ty,
            ptr,
            name,
            array,
            span: self.since(start),
        })
    }

    /// A declaration: `.global .align 4 .u32 x = 1, y[2] = {1, 2};`.
    fn variable(&mut self, linkage: Option<Linkage>, start: Span) -> PResult<Variable> {
        let space_span = self.cur.here();
        let Some(TokenKind::Dotted(word)) = self.cur.peek_kind() else {
            return Err(Bail);
        };
        let space = declaration_space(word).unwrap_or(StateSpace::Reg);
        self.cur.pos += 1;
        let (mut align, mut vector, mut ty) = (None, None, None);
        let mut attributes = Vec::new();
        while let Some(TokenKind::Dotted(word)) = self.cur.peek_kind() {
            let word = word.clone();
            let span = self.cur.here();
            self.cur.pos += 1;
            if word == "align" {
                align = Some(self.alignment(span)?);
            } else if word == "attribute" {
                if space != StateSpace::Global {
                    return self.cur.fail(
                        span,
                        format!(
                            "`.attribute` is for `.global` variables, not `.{}` ones",
                            space.name()
                        ),
                    );
                }
                self.variable_attributes(&mut attributes)?;
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
            let name = space.name();
            return self.cur.fail(
                space_span.to(Span::empty(self.cur.prev_end())),
                format!("`.{name}` declaration needs a type, as in `.{name} .b32 x;`"),
            );
        };
        let mut names = Vec::new();
        loop {
            names.push(self.variable_name()?);
            if !self.cur.eat_punct(',') {
                break;
            }
        }
        self.cur.expect_punct(';', "after the declaration")?;
        Ok(Variable {
            linkage,
            space,
            align,
            attributes,
            vector,
            ty,
            names,
            span: self.since(start),
        })
    }

    /// `(.managed)` or `(.unified(1, 2))` after `.attribute`: one or more
    /// attributes, comma separated, in parentheses.
    fn variable_attributes(&mut self, out: &mut Vec<VariableAttribute>) -> PResult<()> {
        self.cur.expect_punct('(', "after `.attribute`")?;
        loop {
            let span = self.cur.here();
            let word = match self.cur.peek_kind() {
                Some(TokenKind::Dotted(w)) => w.clone(),
                _ => {
                    let found = self.cur.describe();
                    return self.cur.fail(
                        span,
                        format!("expected a variable attribute (`.managed` or `.unified(..)`), found {found}"),
                    );
                }
            };
            self.cur.pos += 1;
            let attribute = match word.as_str() {
                "managed" => VariableAttribute::Managed,
                "unified" => {
                    self.cur.expect_punct('(', "after `.unified`")?;
                    let a = self.number("the UUID's first half")?;
                    self.cur
                        .expect_punct(',', "between `.unified`'s two numbers")?;
                    let b = self.number("the UUID's second half")?;
                    self.cur
                        .expect_punct(')', "after `.unified`'s two numbers")?;
                    VariableAttribute::Unified(a, b)
                }
                _ => {
                    return self.cur.fail(
                        span,
                        format!("unknown variable attribute `.{word}`: PTX has `.managed` and `.unified(uuid1, uuid2)`"),
                    );
                }
            };
            if out.contains(&attribute) {
                return self.cur.fail(span, format!("`.{word}` is given twice"));
            }
            out.push(attribute);
            if !self.cur.eat_punct(',') {
                break;
            }
        }
        self.cur.expect_punct(')', "after the attributes")?;
        Ok(())
    }

    fn variable_name(&mut self) -> PResult<VariableName> {
        let name = self.ident("a name to declare")?;
        let start = name.span;
        let mut range = None;
        if self.cur.eat_punct('<') {
            range = Some(self.small_number("a register count in `<N>`")?);
            self.cur.expect_punct('>', "to close `<N>`")?;
        }
        let mut array = Vec::new();
        while self.cur.eat_punct('[') {
            if self.cur.eat_punct(']') {
                array.push(None);
                continue;
            }
            array.push(Some(self.small_number("an array size")?));
            self.cur.expect_punct(']', "to close the array size")?;
        }
        let init = if self.cur.eat_punct('=') {
            Some(self.initializer(0)?)
        } else {
            None
        };
        Ok(VariableName {
            name,
            range,
            array,
            init,
            span: self.since(start),
        })
    }

    /// `{...}`, a number, an address (`var+4`, `generic(var)`) or a masked
    /// address byte (`0xFF00(var)`).
    fn initializer(&mut self, depth: usize) -> PResult<Initializer> {
        let start = self.cur.here();
        if depth > 16 {
            return self.cur.fail(start, "initializer lists nest too deeply");
        }
        if self.cur.eat_punct('{') {
            let mut elements = Vec::new();
            if !self.cur.is_punct('}') {
                loop {
                    elements.push(self.initializer(depth + 1)?);
                    if !self.cur.eat_punct(',') {
                        break;
                    }
                }
            }
            self.cur
                .expect_punct('}', "to close the initializer list")?;
            return Ok(Initializer {
                kind: InitializerKind::List(elements),
                span: self.since(start),
            });
        }
        if matches!(self.cur.peek_kind(), Some(TokenKind::Int(_)))
            && matches!(self.peek_kind_at(1), Some(TokenKind::Punct('(')))
        {
            let mask = self.number("a mask")?;
            self.cur.pos += 1;
            let address = self.address_initializer()?;
            self.cur.expect_punct(')', "to close the masked address")?;
            return Ok(Initializer {
                kind: InitializerKind::Masked {
                    mask,
                    address: Box::new(address),
                },
                span: self.since(start),
            });
        }
        match self.cur.peek_kind() {
            Some(TokenKind::Ident(_)) => self.address_initializer(),
            Some(TokenKind::Punct('-') | TokenKind::Int(_) | TokenKind::Float(_)) => {
                let negative = self.cur.eat_punct('-');
                let number = match self.cur.peek_kind() {
                    Some(TokenKind::Int(value)) => Immediate::Int {
                        value: *value,
                        negative,
                    },
                    Some(TokenKind::Float(f)) if negative => Immediate::Float(f.negated()),
                    Some(TokenKind::Float(f)) => Immediate::Float(*f),
                    _ => return self.cur.fail(start, "expected a number after `-`"),
                };
                self.cur.pos += 1;
                Ok(Initializer {
                    kind: InitializerKind::Number(number),
                    span: self.since(start),
                })
            }
            _ => {
                let found = self.cur.describe();
                self.cur.fail(
                    start,
                    format!("expected an initial value (a number, `{{...}}` or a variable's address), found {found}"),
                )
            }
        }
    }

    /// `var`, `var+4`, `generic(var)`, `generic(var)+4`.
    fn address_initializer(&mut self) -> PResult<Initializer> {
        let start = self.cur.here();
        let generic = matches!(self.cur.peek_kind(), Some(TokenKind::Ident(w)) if w == "generic")
            && matches!(self.peek_kind_at(1), Some(TokenKind::Punct('(')));
        let name = if generic {
            self.cur.pos += 2;
            let name = self.ident("a variable's name inside `generic( )`")?;
            self.cur.expect_punct(')', "to close `generic(`")?;
            name
        } else {
            self.ident("a variable's name")?
        };
        let mut offset = 0i64;
        if self.cur.is_punct('+') || self.cur.is_punct('-') {
            let minus = self.cur.is_punct('-');
            self.cur.pos += 1;
            let span = self.cur.here();
            let n = self.number("an offset")?;
            let n = i64::try_from(n).or_else(|_| self.cur.fail(span, "the offset is too large"))?;
            offset = if minus { -n } else { n };
        }
        Ok(Initializer {
            kind: InitializerKind::Address {
                name,
                generic,
                offset,
            },
            span: self.since(start),
        })
    }

    /// `.file 1 "name"` with an optional `, timestamp, size`.
    fn file(&mut self) -> PResult<FileDirective> {
        let start = self.cur.here();
        self.cur.pos += 1;
        let index = self.number("the file's number after `.file`")?;
        let path = match self.cur.peek_kind() {
            Some(TokenKind::Str(s)) => {
                let s = s.clone();
                self.cur.pos += 1;
                s
            }
            _ => {
                let found = self.cur.describe();
                return self.cur.fail(
                    self.cur.here(),
                    format!("expected the file's name in quotes, found {found}"),
                );
            }
        };
        while self.cur.is_punct(',') && matches!(self.peek_kind_at(1), Some(TokenKind::Int(_))) {
            self.cur.pos += 2;
        }
        Ok(FileDirective {
            index,
            path,
            span: self.since(start),
        })
    }

    /// `.section .debug_xxx { ... }`: the content is skipped, braces balanced.
    fn section(&mut self) -> PResult<Section> {
        let start = self.cur.here();
        self.cur.pos += 1;
        let name = match self.cur.peek_kind() {
            Some(TokenKind::Dotted(w)) => Word {
                text: w.clone(),
                span: self.cur.here(),
            },
            _ => {
                let found = self.cur.describe();
                return self.cur.fail(
                    self.cur.here(),
                    format!("expected a section name such as `.debug_info`, found {found}"),
                );
            }
        };
        self.cur.pos += 1;
        let open = self.cur.expect_punct('{', "to open the section")?;
        let mut depth = 1usize;
        let mut labels = Vec::new();
        while depth > 0 {
            match self.cur.peek_kind() {
                None => return self.cur.fail(open, "this `{` is never closed"),
                Some(TokenKind::Punct('{')) => depth += 1,
                Some(TokenKind::Punct('}')) => depth -= 1,
                Some(TokenKind::Ident(label))
                    if matches!(self.peek_kind_at(1), Some(TokenKind::Punct(':'))) =>
                {
                    labels.push(Word {
                        text: label.clone(),
                        span: self.cur.here(),
                    });
                }
                _ => {}
            }
            self.cur.pos += 1;
        }
        Ok(Section {
            name,
            labels,
            span: self.since(start),
        })
    }

    fn pragma(&mut self) -> PResult<Pragma> {
        let start = self.cur.here();
        self.cur.pos += 1;
        let text = match self.cur.peek_kind() {
            Some(TokenKind::Str(s)) => s.clone(),
            _ => {
                return self.cur.fail(
                    self.cur.here(),
                    "`.pragma` needs a string, as in `.pragma \"nounroll\";`",
                );
            }
        };
        self.cur.pos += 1;
        self.cur.expect_punct(';', "after the pragma")?;
        Ok(Pragma {
            text,
            span: self.since(start),
        })
    }

    /// After the `{` of a body or block (the current token): statements up to `}`.
    fn body(&mut self) -> PResult<Body> {
        let open = self.cur.here();
        self.cur.pos += 1;
        let mut statements = Vec::new();
        loop {
            match self.cur.peek_kind() {
                None => return self.cur.fail(open, "this `{` is never closed"),
                Some(TokenKind::Punct('}')) => {
                    self.cur.pos += 1;
                    return Ok(Body {
                        statements,
                        span: self.since(open),
                    });
                }
                Some(TokenKind::Punct(';')) => {
                    let span = self.cur.here();
                    self.cur.pos += 1;
                    self.cur.errors.push(empty_statement(span));
                }
                _ => match self.statement() {
                    Ok(s) => statements.push(s),
                    Err(Bail) => self.recover_statement(),
                },
            }
        }
    }

    /// Skips to just after the next `;` of this block, or to its `}`.
    fn recover_statement(&mut self) {
        let mut depth = 0usize;
        while let Some(t) = self.cur.peek() {
            match t.kind {
                TokenKind::Punct(';') if depth == 0 => {
                    self.cur.pos += 1;
                    return;
                }
                TokenKind::Punct('{') => depth += 1,
                TokenKind::Punct('}') if depth == 0 => return,
                TokenKind::Punct('}') => depth -= 1,
                _ => {}
            }
            self.cur.pos += 1;
        }
    }

    fn statement(&mut self) -> PResult<Statement> {
        let start = self.cur.here();
        match self.cur.peek_kind() {
            Some(TokenKind::Punct('{')) => self.body().map(Statement::Block),
            Some(TokenKind::Ident(_))
                if matches!(self.peek_kind_at(1), Some(TokenKind::Punct(':'))) =>
            {
                let name = self.ident("a label")?;
                self.cur.pos += 1;
                match self.cur.peek_kind() {
                    Some(TokenKind::Dotted(w)) if w == "branchtargets" || w == "calltargets" => {
                        let branch = w == "branchtargets";
                        self.cur.pos += 1;
                        let list = self.target_list(name, start)?;
                        Ok(if branch {
                            Statement::BranchTargets(list)
                        } else {
                            Statement::CallTargets(list)
                        })
                    }
                    Some(TokenKind::Dotted(w)) if w == "callprototype" => {
                        self.prototype(name, start).map(Statement::CallPrototype)
                    }
                    _ => Ok(Statement::Label(Label {
                        name: name.text,
                        span: self.since(start),
                    })),
                }
            }
            Some(TokenKind::Dotted(w)) if w == "pragma" => self.pragma().map(Statement::Pragma),
            Some(TokenKind::Dotted(w)) if w == "loc" => self.loc().map(Statement::Loc),
            Some(TokenKind::Dotted(w)) if declaration_space(w).is_some() => {
                self.variable(None, start).map(Statement::Variable)
            }
            Some(TokenKind::Dotted(w)) => {
                let message = if ScalarType::from_name(w).is_some() {
                    format!(
                        "a declaration needs a state space before its type, as in `.reg .{w} x;`"
                    )
                } else {
                    format!("`.{w}` is not allowed in a function body")
                };
                self.cur.fail(start, message)
            }
            Some(TokenKind::Ident(_) | TokenKind::Punct('@')) => {
                self.instruction().map(Statement::Instruction)
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

    /// The tokens up to the next `;` (or a `}` that closes the body) go to
    /// the template parser. A missing `;` is reported here, and the
    /// instruction kept.
    fn instruction(&mut self) -> PResult<crate::syntax::Instruction> {
        let from = self.cur.pos;
        let mut depth = 0usize;
        let mut to = from;
        let mut terminated = false;
        while let Some(t) = self.cur.tokens.get(to) {
            match t.kind {
                TokenKind::Punct(';') => {
                    to += 1;
                    terminated = true;
                    break;
                }
                TokenKind::Punct('{') => depth += 1,
                TokenKind::Punct('}') if depth == 0 => break,
                TokenKind::Punct('}') => depth -= 1,
                _ => {}
            }
            to += 1;
        }
        let mut tokens = self.cur.tokens[from..to].to_vec();
        let end = tokens.last().map_or(self.cur.end(), |t| t.span.end);
        if !terminated {
            tokens.push(Token {
                kind: TokenKind::Punct(';'),
                span: Span::empty(end),
                spaced: false,
            });
        }
        let result = parse_instruction(&tokens);
        if !terminated {
            let what = match &result {
                Ok(i) => format!("`{}`", i.opcode.text()),
                Err(_) => "the instruction".to_string(),
            };
            self.cur.errors.push(Diagnostic::error(
                DiagnosticKind::Syntax,
                Span::empty(end),
                format!("expected `;` after {what}"),
            ));
        }
        match result {
            Ok(instruction) => {
                self.cur.pos = to;
                Ok(instruction)
            }
            Err(errors) => {
                self.cur.errors.extend(errors);
                // Leave the `;` (or the `}`) for the recovery to stop at.
                self.cur.pos = if terminated { to - 1 } else { to };
                Err(Bail)
            }
        }
    }

    /// After `name:` and `.branchtargets`/`.calltargets`: `a, b, c;`.
    fn target_list(&mut self, name: Word, start: Span) -> PResult<TargetList> {
        let mut targets = vec![self.ident("a label or function name")?];
        while self.cur.eat_punct(',') {
            targets.push(self.ident("a label or function name")?);
        }
        self.cur.expect_punct(';', "after the list")?;
        Ok(TargetList {
            name,
            targets,
            span: self.since(start),
        })
    }

    /// After `name:`: `.callprototype (rets) _ (params) .noreturn;`.
    fn prototype(&mut self, name: Word, start: Span) -> PResult<Prototype> {
        self.cur.pos += 1;
        let returns = if self.cur.is_punct('(') {
            self.params()?
        } else {
            Vec::new()
        };
        match self.cur.peek_kind() {
            Some(TokenKind::Ident(w)) if w == "_" => self.cur.pos += 1,
            _ => {
                let found = self.cur.describe();
                return self.cur.fail(
                    self.cur.here(),
                    format!("a prototype names its function `_`, as in `.callprototype (.param .b32 _) _ (.param .b32 _);`, found {found}"),
                );
            }
        }
        let params = if self.cur.is_punct('(') {
            self.params()?
        } else {
            Vec::new()
        };
        let noreturn = self.is_dotted("noreturn");
        if noreturn {
            self.cur.pos += 1;
        }
        self.cur.expect_punct(';', "after the prototype")?;
        Ok(Prototype {
            name,
            returns,
            params,
            noreturn,
            span: self.since(start),
        })
    }

    /// `.loc 1 42 7` with an optional `, function_name f, inlined_at 1 10 3`.
    /// Ends at the line's end, without `;`.
    fn loc(&mut self) -> PResult<Loc> {
        let start = self.cur.here();
        self.cur.pos += 1;
        let file = self.number("the file number after `.loc`")?;
        let line = self.number("the line number after `.loc`")?;
        let column = self.number("the column after `.loc`")?;
        let mut inlined_at = None;
        while self.cur.is_punct(',') {
            self.cur.pos += 1;
            match self.cur.peek_kind() {
                Some(TokenKind::Ident(w)) if w == "function_name" => {
                    self.cur.pos += 1;
                    self.ident("a label after `function_name`")?;
                    if self.cur.eat_punct('+') {
                        self.number("an offset")?;
                    }
                }
                Some(TokenKind::Ident(w)) if w == "inlined_at" => {
                    self.cur.pos += 1;
                    let f = self.number("a file number after `inlined_at`")?;
                    let l = self.number("a line number")?;
                    let c = self.number("a column")?;
                    inlined_at = Some((f, l, c));
                }
                _ => {
                    let found = self.cur.describe();
                    return self.cur.fail(
                        self.cur.here(),
                        format!(
                            "expected `function_name` or `inlined_at` in `.loc`, found {found}"
                        ),
                    );
                }
            }
        }
        Ok(Loc {
            file,
            line,
            column,
            inlined_at,
            span: self.since(start),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn module(body: &str) -> Module {
        parse_module(&format!(
            ".version 9.0\n.target sm_90\n.address_size 64\n{body}"
        ))
        .unwrap_or_else(|e| panic!("{e:?}"))
    }

    #[test]
    fn header_directives() {
        let m = module("");
        assert_eq!(m.version.unwrap().version, PtxVersion::new(9, 0));
        assert_eq!(m.target.unwrap().sm.unwrap().sm, 90);
        assert_eq!(m.address_size.unwrap().bits, 64);
        let m = parse_module(".version 8.0\n.target sm_90a, texmode_independent, debug").unwrap();
        let t = m.target.unwrap();
        assert!(t.has("debug") && t.sm.unwrap().to_string() == "sm_90a");
    }

    #[test]
    fn header_out_of_order_is_a_syntax_error() {
        let e = parse_module(".target sm_90\n.version 9.0").unwrap_err();
        assert!(e[0].message.contains("must come first"));
        let e = parse_module(".version 9.0\n.version 9.0").unwrap_err();
        assert!(e[0].message.contains("twice"));
    }

    #[test]
    fn entry_with_pointer_and_array_parameters() {
        let m = module(
            ".visible .entry k(.param .u64 .ptr .global .align 16 a, .param .align 8 .b8 s[24]) .maxntid 128, 1, 1 .minnctapersm 2 { ret; }",
        );
        let f = m.function("k").unwrap();
        assert_eq!(f.params.len(), 2);
        let ptr = f.params[0].ptr.as_ref().unwrap();
        assert_eq!((ptr.space, ptr.align), (Some(StateSpace::Global), Some(16)));
        assert_eq!(f.params[1].size(), 24);
        assert_eq!(
            f.attribute(AttributeKind::MaxNtid).unwrap().values,
            [128, 1, 1]
        );
        assert_eq!(
            f.attribute(AttributeKind::MinNctaPerSm).unwrap().values,
            [2]
        );
    }

    #[test]
    fn func_declaration_with_return_parameter() {
        let m = module(".extern .func (.param .b32 r) vprintf(.param .b64 f, .param .b64 a);");
        let f = m.function("vprintf").unwrap();
        assert_eq!((f.returns.len(), f.params.len()), (1, 2));
        assert!(f.body.is_none());
        assert_eq!(f.linkage.unwrap().kind, LinkageKind::Extern);
    }

    #[test]
    fn initializers_of_every_kind() {
        let m = module(
            ".global .u32 foo = 42;\n\
             .global .u8 bytes[4] = {0xFF(foo), 0xFF00(generic(foo)+4), 0, 0};\n\
             .global .u64 p[] = {generic(foo), foo+8};\n\
             .const .f32 f[2] = {1.5, -0f3F800000};\n\
             .extern .shared .align 16 .b8 smem[];",
        );
        let vars: Vec<&Variable> = m.variables().collect();
        assert_eq!(vars.len(), 5);
        let Some(InitializerKind::List(bytes)) = vars[1].names[0].init.as_ref().map(|i| &i.kind)
        else {
            panic!()
        };
        assert!(
            matches!(&bytes[1].kind, InitializerKind::Masked { mask: 0xFF00, address }
            if matches!(&address.kind, InitializerKind::Address { generic: true, offset: 4, .. }))
        );
        assert_eq!(vars[2].names[0].array, [None]);
        assert!(vars[4].is_extern());
    }

    #[test]
    fn body_statements() {
        let m = module(
            ".file 1 \"k.cu\"\n\
             .visible .entry k(.param .u32 n) {\n\
             .reg .b32 %r<4>;\n\
             .loc 1 10 3\n\
             ld.param.u32 %r1, [n];\n\
             ts: .branchtargets L0, L1;\n\
             brx.idx %r1, ts;\n\
             L0: ret;\n\
             L1: { .param .b32 p; proto: .callprototype (.param .b32 _) _ (.param .b32 _); }\n\
             .pragma \"nounroll\";\n\
             ret;\n}",
        );
        let body = m.function("k").unwrap().body.as_ref().unwrap();
        let kinds: Vec<&str> = body
            .statements
            .iter()
            .map(|s| match s {
                Statement::Instruction(_) => "i",
                Statement::Label(_) => "l",
                Statement::Block(_) => "b",
                Statement::Variable(_) => "v",
                Statement::Pragma(_) => "p",
                Statement::Loc(_) => "loc",
                Statement::BranchTargets(_) => "bt",
                Statement::CallTargets(_) => "ct",
                Statement::CallPrototype(_) => "cp",
            })
            .collect();
        assert_eq!(
            kinds,
            ["v", "loc", "i", "bt", "i", "l", "i", "l", "b", "p", "i"]
        );
        assert_eq!(body.instructions().len(), 4);
    }

    #[test]
    fn every_syntax_error_is_reported_and_the_next_function_still_parses() {
        let e = parse_module(
            ".version 9.0\n.target sm_90\n.entry a() { add.s32 %r1 %r2; ret }\n.entry b() { .reg .b33 x; ret; }\n.entri c() { ret; }",
        )
        .unwrap_err();
        assert_eq!(e.len(), 4, "{e:#?}");
        assert!(e[1].message.contains("expected `;` after `ret`"));
        assert!(e[2].message.contains("`.b33`"));
        assert!(e[3].message.contains("did you mean `.entry`"));
    }

    /// The PTX ISA's "Variable Attribute Directive: .attribute": `.managed`
    /// and `.unified(uuid1, uuid2)`, on `.global` variables only; nvcc
    /// writes `__managed__ int counter;` as the first declaration below.
    #[test]
    fn variable_attributes() {
        let m = module(
            ".global .attribute(.managed) .align 4 .u32 counter;\n\
             .visible .global .attribute(.managed) .align 4 .b8 values[256] = {0};\n\
             .global .attribute(.unified(19, 95)) .f32 f;\n\
             .global .attribute(.managed, .unified(1, 2)) .u64 both;\n\
             .global .u32 plain;",
        );
        let v: Vec<&Variable> = m.variables().collect();
        assert_eq!(v[0].attributes, [VariableAttribute::Managed]);
        assert_eq!((v[0].align, v[0].ty), (Some(4), ScalarType::U32));
        assert!(v[0].is_managed() && v[1].is_managed());
        assert_eq!(v[1].size_of(&v[1].names[0]), 256);
        assert_eq!(v[2].attributes, [VariableAttribute::Unified(19, 95)]);
        assert!(!v[2].is_managed());
        assert_eq!(
            v[3].attributes,
            [VariableAttribute::Managed, VariableAttribute::Unified(1, 2)]
        );
        assert!(v[4].attributes.is_empty() && !v[4].is_managed());
    }

    #[test]
    fn misplaced_or_unknown_variable_attributes_are_errors() {
        let error = |body: &str| {
            let e = parse_module(&format!(".version 9.0\n.target sm_90\n{body}")).unwrap_err();
            e[0].message.clone()
        };
        let e = error(".shared .attribute(.managed) .u32 s;");
        assert!(
            e.contains("`.attribute` is for `.global` variables, not `.shared`"),
            "{e}"
        );
        let e = error(".const .attribute(.managed) .u32 c;");
        assert!(e.contains("not `.const`"), "{e}");
        let e = error(".global .attribute(.pinned) .u32 g;");
        assert!(e.contains("unknown variable attribute `.pinned`"), "{e}");
        let e = error(".global .attribute(.managed, .managed) .u32 g;");
        assert!(e.contains("given twice"), "{e}");
        let e = error(".global .attribute .managed .u32 g;");
        assert!(e.contains("after `.attribute`"), "{e}");
        let e = error(".global .attribute(.unified(1)) .u32 g;");
        assert!(e.contains("between `.unified`'s two numbers"), "{e}");
        let e = error(".entry k() { .reg .attribute(.managed) .b32 r; ret; }");
        assert!(e.contains("not `.reg`"), "{e}");
    }
}
