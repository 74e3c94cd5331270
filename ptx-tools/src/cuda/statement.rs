//! Finding a source's `asm()` statements and reading each one: its
//! template and operands, once for each branch of the `#if` lines that
//! stand inside it.

use super::source::{LexError, Literal, Reader, Spliced};
use super::{AsmStatement, CudaOperand, ReadProblem, merge_readings};

/// The keywords that start an asm statement.
const ASM_KEYWORDS: [&str; 3] = ["asm", "__asm__", "__asm"];

/// What may stand between `asm` and its parenthesis.
const QUALIFIERS: [&str; 5] = ["volatile", "__volatile__", "__volatile", "goto", "inline"];

/// Keywords that name nothing, so that `asm(` after them (or after a
/// parenthesis they open) is a statement, never a declaration's asm label.
const NOT_DECLARATORS: [&str; 26] = [
    "if",
    "while",
    "for",
    "switch",
    "return",
    "else",
    "do",
    "sizeof",
    "alignof",
    "decltype",
    "case",
    "default",
    "goto",
    "throw",
    "new",
    "delete",
    "static_assert",
    "noexcept",
    "typeid",
    "alignas",
    "template",
    "typename",
    "using",
    "__attribute__",
    "__launch_bounds__",
    "_Pragma",
];

/// The most readings made of one statement with `#if` lines inside: a
/// conditional with more branches than this has the rest unread.
const MAX_READINGS: usize = 8;

/// Every statement of `source` (one entry per reading), and what the
/// reader has to say of those it could not read or read with a doubt.
pub(super) fn find(source: &str) -> (Vec<AsmStatement>, Vec<ReadProblem>) {
    let spliced = Spliced::new(source);
    let mut r = Reader::new(source, &spliced.chars);
    let mut scan = Scan {
        line_start: true,
        ..Scan::default()
    };
    let mut statements = Vec::new();
    let mut problems = Vec::new();
    loop {
        if r.skip_blank() {
            scan.newline();
        }
        let Some(c) = r.peek() else { break };
        if c == '#' && scan.line_start {
            r.bump();
            scan.directive(&mut r);
            continue;
        }
        scan.line_start = false;
        if r.skip_literal() {
            scan.other_token();
            continue;
        }
        let at = r.offset();
        let Some(word) = r.identifier() else {
            r.bump();
            scan.punct(c);
            continue;
        };
        if ASM_KEYWORDS.contains(&word.as_str()) && !scan.define_next {
            let after_keyword = r.pos;
            let qualified = skip_qualifiers(&mut r);
            r.skip_blank();
            if r.bump() == Some('(') {
                let place = Place {
                    label_may_stand_here: scan.after_declarator && !qualified,
                    in_directive: scan.in_directive,
                };
                let read = read_statement(&mut r, at, place);
                statements.extend(read.statements);
                problems.extend(read.problems);
                scan.punct(')');
                continue;
            }
            r.pos = after_keyword;
        }
        scan.word(&word);
    }
    (statements, problems)
}

/// What the scan remembers of the tokens before the current place: enough
/// to find directives, and to tell an asm label (`int f(void) asm("g");`,
/// which names a symbol) from an asm statement.
#[derive(Default)]
struct Scan {
    /// Nothing but blanks since the line began.
    line_start: bool,
    /// On a directive's line.
    in_directive: bool,
    /// The next identifier is the name a `#define` defines.
    define_next: bool,
    /// The last token may end a declarator: a name, a `]`, or the `)` of
    /// a parenthesis opened after one.
    after_declarator: bool,
    /// For each open parenthesis, whether it was opened after a name.
    openers: Vec<bool>,
    /// The last token, when punctuation.
    last_punct: Option<char>,
}

impl Scan {
    fn newline(&mut self) {
        self.line_start = true;
        if self.in_directive {
            self.in_directive = false;
            self.define_next = false;
            self.after_declarator = false;
            self.openers.clear();
        }
    }

    /// A directive begins (the reader past its `#`): `#define NAME` makes
    /// `NAME` a macro's name, not a declarator.
    fn directive(&mut self, r: &mut Reader<'_>) {
        self.line_start = false;
        self.in_directive = true;
        self.after_declarator = false;
        self.last_punct = Some('#');
        if r.skip_blank() {
            self.newline();
        } else if r.identifier().as_deref() == Some("define") {
            self.define_next = true;
        }
    }

    fn word(&mut self, word: &str) {
        self.after_declarator = !self.define_next && !NOT_DECLARATORS.contains(&word);
        self.define_next = false;
        self.last_punct = None;
    }

    /// A literal or a number.
    fn other_token(&mut self) {
        self.punct(' ');
    }

    fn punct(&mut self, c: char) {
        self.after_declarator = match c {
            '(' => {
                self.openers.push(self.after_declarator);
                false
            }
            ')' => self.openers.pop().unwrap_or(false),
            // `a[4]` ends a declarator, `[[likely]]` does not.
            ']' => self.last_punct != Some(']'),
            _ => false,
        };
        self.define_next = false;
        self.last_punct = Some(c);
    }
}

/// Skips `volatile`, `goto` and the like after `asm`; says whether any
/// stood there.
fn skip_qualifiers(r: &mut Reader<'_>) -> bool {
    let mut any = false;
    loop {
        r.skip_blank();
        let at = r.pos;
        match r.identifier() {
            Some(q) if QUALIFIERS.contains(&q.as_str()) => any = true,
            _ => {
                r.pos = at;
                return any;
            }
        }
    }
}

/// Where a statement stands, as far as reading it needs.
struct Place {
    /// After a declarator and without qualifiers, so that a lone symbol
    /// name in parentheses would be an asm label.
    label_may_stand_here: bool,
    /// In a directive (a `#define`'s body), which ends with its line.
    in_directive: bool,
}

/// What reading one statement gave.
#[derive(Default)]
struct Read {
    statements: Vec<AsmStatement>,
    problems: Vec<ReadProblem>,
}

/// Why a statement (one reading of it) could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
enum ReadError {
    /// A literal or parenthesis inside it is not closed.
    #[error(transparent)]
    Lex(#[from] LexError),
    /// Its parenthesis does not close where a statement may end.
    #[error("the statement's `(` is not closed")]
    StatementUnclosed,
    /// An `#if` inside it ends outside it, or an `#endif` inside it
    /// closes one opened before it.
    #[error("a preprocessor conditional crosses the statement's edge")]
    ConditionalCrossesEdge,
    /// A fifth `:` list.
    #[error("an asm statement has at most four `:` lists")]
    TooManyLists,
    /// Something else than `:` or `)` after the template or an operand
    /// list.
    #[error("expected `:` or `)` after the template or operands")]
    ExpectedListOrEnd,
    /// A `:` or `)` right after the `(`.
    #[error("the statement has no template string")]
    NoTemplate,
    /// `#name` where the template (or a piece of it) stands: a macro
    /// parameter made a string.
    #[error("the template stringifies the macro parameter `{0}` (`#{0}`)")]
    TemplateStringified(String),
    /// A name where the template (or a piece of it) stands: a macro,
    /// presumably, that expands to literals.
    #[error("the template is built with `{0}` (a macro?), not string literals alone")]
    TemplateFromMacro(String),
    /// Something else than a string literal or a name where the template
    /// (or a piece of it) stands.
    #[error("the template is not string literals alone")]
    TemplateNotLiterals,
    /// `[` without a name after it.
    #[error("expected an operand's name after `[`")]
    NoOperandName,
    /// `[name` without its `]`.
    #[error("expected `]` after the operand name `{0}`")]
    OperandNameUnclosed(String),
    /// `#name` where an operand's constraint stands.
    #[error("an operand's constraint stringifies the macro parameter `{0}` (`#{0}`)")]
    ConstraintStringified(String),
    /// A name where an operand stands: a macro, presumably, that expands
    /// to one.
    #[error(
        "an operand is built with `{0}` (a macro?), not written as `\"constraint\"(expression)`"
    )]
    OperandFromMacro(String),
    /// Something else than a constraint or a name where an operand stands.
    #[error("expected an operand: a constraint string and its `(expression)`")]
    NoOperand,
    /// An operand's constraint without `(` after it.
    #[error("expected `(` and an expression after the constraint \"{0}\"")]
    NoExpression(String),
}

/// Why the statement at `at` could not be read.
fn not_checked(at: usize, why: &ReadError) -> ReadProblem {
    ReadProblem {
        at,
        message: format!("{why}: not checked"),
        unread: true,
    }
}

/// Reads the statement whose `asm` is at source offset `at`, the reader
/// past its `(`, and leaves the reader past its `)` (or, when it has
/// none, where it was).
fn read_statement(r: &mut Reader<'_>, at: usize, place: Place) -> Read {
    let unread = |why: ReadError| Read {
        statements: Vec::new(),
        problems: vec![not_checked(at, &why)],
    };
    let Some(extent) = extent(r, place.in_directive) else {
        return unread(ReadError::StatementUnclosed);
    };
    let from = r.pos;
    r.pos = extent.end;
    let readings = match readings(r.chars(), from, &extent) {
        Ok(readings) => readings,
        Err(why) => return unread(why),
    };
    let count = readings.len();
    let mut parsed = Vec::new();
    let mut problems = Vec::new();
    for chars in &readings {
        let mut reading = Reader::new(r.source(), chars);
        match parse(&mut reading, at) {
            Ok((statement, notes)) => {
                problems.push(notes);
                parsed.push(Some(statement));
            }
            Err(why) => {
                problems.push(vec![not_checked(at, &why)]);
                parsed.push(None);
            }
        }
    }
    if place.label_may_stand_here
        && let [Some(s)] = parsed.as_slice()
        && s.basic
        && is_symbol_name(&s.template)
    {
        // `int x asm("x_sym");`: a declaration's asm label.
        return Read::default();
    }
    let any_read = parsed.iter().any(Option::is_some);
    let mut problems = merge_readings(problems, |p| &mut p.message);
    for p in &mut problems {
        // A statement read in some branch is checked, if not in all.
        p.unread &= !any_read;
    }
    let statements = parsed
        .into_iter()
        .enumerate()
        .filter_map(|(k, s)| {
            s.map(|s| AsmStatement {
                reading: k,
                readings: count,
                ..s
            })
        })
        .collect();
    Read {
        statements,
        problems,
    }
}

/// Whether `text` could be a symbol's name (as an asm label gives one),
/// which no PTX statement is: every one ends in `;` or `}`.
fn is_symbol_name(text: &str) -> bool {
    let mut chars = text.chars();
    chars
        .next()
        .is_some_and(|c| c.is_alphabetic() || "_$.".contains(c))
        && chars.all(|c| c.is_alphanumeric() || "_$.@".contains(c))
}

/// Where a statement ends, and the preprocessor lines inside it.
struct Extent {
    /// The index just past its closing `)`.
    end: usize,
    directives: Vec<Directive>,
}

/// A preprocessor line inside a statement: characters `start..end`
/// (its newline not included).
struct Directive {
    start: usize,
    end: usize,
    kind: DirectiveKind,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum DirectiveKind {
    /// `#if`, `#ifdef`, `#ifndef`: a conditional's first branch.
    If,
    /// `#elif` and its kin: another branch.
    Elif,
    /// `#else`: the last branch.
    Else,
    /// `#endif`.
    EndIf,
    /// Any other (`#pragma`, `#define`): no part of the statement.
    Other,
}

/// The extent of the statement whose `(` the reader has just passed
/// (the reader itself stays); `None` if its parenthesis does not close
/// before the end (of the line, for a statement in a directive), or
/// before what cannot stand inside it at its own level (`;`, a brace,
/// another `asm`).
fn extent(r: &Reader<'_>, in_directive: bool) -> Option<Extent> {
    let mut r = r.clone();
    let mut depth = 1usize;
    let mut line_start = false;
    let mut directives = Vec::new();
    loop {
        line_start |= r.skip_blank();
        if line_start && in_directive {
            return None;
        }
        if line_start && r.peek() == Some('#') {
            let start = r.pos;
            r.bump();
            line_start = r.skip_blank();
            let name = if line_start {
                String::new()
            } else {
                r.identifier().unwrap_or_default()
            };
            r.skip_line();
            let kind = match name.as_str() {
                "if" | "ifdef" | "ifndef" => DirectiveKind::If,
                "elif" | "elifdef" | "elifndef" => DirectiveKind::Elif,
                "else" => DirectiveKind::Else,
                "endif" => DirectiveKind::EndIf,
                _ => DirectiveKind::Other,
            };
            directives.push(Directive {
                start,
                end: r.pos,
                kind,
            });
            continue;
        }
        line_start = false;
        if r.skip_literal() {
            continue;
        }
        if let Some(word) = r.identifier() {
            // A statement cannot stand at the asm's own level: give up
            // early on one whose `)` is missing.
            if depth == 1 && ASM_KEYWORDS.contains(&word.as_str()) {
                return None;
            }
            continue;
        }
        match r.bump()? {
            ';' | '{' | '}' if depth == 1 => return None,
            '(' => depth += 1,
            ')' => {
                depth -= 1;
                if depth == 0 {
                    return Some(Extent {
                        end: r.pos,
                        directives,
                    });
                }
            }
            _ => {}
        }
    }
}

/// The statement's characters from index `from` to its end, once per
/// reading: reading `k` takes branch `k` of each conditional inside (its
/// last where it has fewer; one without `#else` has an empty last
/// branch), so that each line of every branch is read in some reading.
/// Directive lines themselves are left out.
fn readings(
    chars: &[(char, usize)],
    from: usize,
    extent: &Extent,
) -> Result<Vec<Vec<(char, usize)>>, ReadError> {
    const CROSSES: ReadError = ReadError::ConditionalCrossesEdge;
    // The branches of the conditional each `#if` opens, by directive index.
    let mut branches = vec![0usize; extent.directives.len()];
    let mut open: Vec<(usize, bool)> = Vec::new();
    for (k, d) in extent.directives.iter().enumerate() {
        match d.kind {
            DirectiveKind::If => {
                branches[k] = 1;
                open.push((k, false));
            }
            DirectiveKind::Elif | DirectiveKind::Else => {
                let (first, has_else) = open.last_mut().ok_or(CROSSES)?;
                branches[*first] += 1;
                *has_else |= d.kind == DirectiveKind::Else;
            }
            DirectiveKind::EndIf => {
                let (first, has_else) = open.pop().ok_or(CROSSES)?;
                branches[first] += usize::from(!has_else);
            }
            DirectiveKind::Other => {}
        }
    }
    if !open.is_empty() {
        return Err(CROSSES);
    }
    let count = branches
        .iter()
        .copied()
        .max()
        .unwrap_or(1)
        .clamp(1, MAX_READINGS);
    let end = extent.end.min(chars.len());
    let mut out = Vec::with_capacity(count);
    for reading in 0..count {
        // Per open conditional: (the branch this reading takes, the branch
        // the walk is in).
        let mut frames: Vec<(usize, usize)> = Vec::new();
        let mut taken = Vec::with_capacity(end.saturating_sub(from));
        let mut directives = extent.directives.iter().enumerate().peekable();
        let mut i = from;
        while i < end {
            if let Some((k, d)) = directives.next_if(|(_, d)| d.start <= i) {
                match d.kind {
                    DirectiveKind::If => {
                        frames.push((reading.min(branches[k].saturating_sub(1)), 0));
                    }
                    DirectiveKind::Elif | DirectiveKind::Else => {
                        if let Some(frame) = frames.last_mut() {
                            frame.1 += 1;
                        }
                    }
                    DirectiveKind::EndIf => {
                        frames.pop();
                    }
                    DirectiveKind::Other => {}
                }
                i = d.end.max(i);
                continue;
            }
            if frames.iter().all(|(chosen, now)| chosen == now) {
                taken.push(chars[i]);
            }
            i += 1;
        }
        out.push(taken);
    }
    Ok(out)
}

/// Reads one reading of a statement (its characters after `(`): the
/// template, then the `:` lists. Gives the statement and the doubts met
/// on the way, or why it cannot be read.
fn parse(r: &mut Reader<'_>, at: usize) -> Result<(AsmStatement, Vec<ReadProblem>), ReadError> {
    let template = template(r)?;
    let mut notes = Vec::new();
    let mut lists: Vec<Vec<CudaOperand>> = Vec::new();
    loop {
        r.skip_blank();
        match r.bump() {
            Some(':') if lists.len() < 2 => lists.push(operands(r, &mut notes)?),
            // The clobbers, then `asm goto`'s labels.
            Some(':') if lists.len() < 4 => {
                skip_list(r);
                lists.push(Vec::new());
            }
            Some(':') => return Err(ReadError::TooManyLists),
            Some(')') => break,
            _ => return Err(ReadError::ExpectedListOrEnd),
        }
    }
    let basic = lists.is_empty();
    let outputs = lists.first().map_or(0, Vec::len);
    let statement = AsmStatement {
        at,
        template: String::from_utf8_lossy(&template.bytes).into_owned(),
        origins: template.origins,
        operands: lists.into_iter().take(2).flatten().collect(),
        outputs,
        basic,
        reading: 0,
        readings: 1,
    };
    Ok((statement, notes))
}

/// The template: adjacent string literals, concatenated.
fn template(r: &mut Reader<'_>) -> Result<Literal, ReadError> {
    let mut template = Literal::default();
    let mut pieces = 0;
    loop {
        r.skip_blank();
        if let Some(literal) = r.string_here() {
            template.extend(literal?);
            pieces += 1;
            continue;
        }
        return match r.peek() {
            Some(':' | ')') if pieces > 0 => Ok(template),
            Some(':' | ')') => Err(ReadError::NoTemplate),
            _ => Err(match MacroPiece::read(r) {
                Some(MacroPiece::Stringified(name)) => ReadError::TemplateStringified(name),
                Some(MacroPiece::Named(word)) => ReadError::TemplateFromMacro(word),
                None => ReadError::TemplateNotLiterals,
            }),
        };
    }
}

/// What stands where a string literal was expected, when a macro puts
/// one there.
enum MacroPiece {
    /// `#name`: a macro parameter made a string.
    Stringified(String),
    /// `NAME`: a macro, presumably, that expands to literals.
    Named(String),
}

impl MacroPiece {
    fn read(r: &mut Reader<'_>) -> Option<MacroPiece> {
        if r.peek() == Some('#') {
            r.bump();
            r.skip_blank();
            return Some(MacroPiece::Stringified(r.identifier().unwrap_or_default()));
        }
        r.identifier().map(MacroPiece::Named)
    }
}

/// An outputs or inputs list, the reader past its `:`. Operands written
/// without a comma between them (which nvcc accepts) are read as two, with
/// a note.
fn operands(
    r: &mut Reader<'_>,
    notes: &mut Vec<ReadProblem>,
) -> Result<Vec<CudaOperand>, ReadError> {
    let mut out = Vec::new();
    r.skip_blank();
    if matches!(r.peek(), Some(':' | ')')) {
        return Ok(out);
    }
    loop {
        out.push(operand(r)?);
        r.skip_blank();
        match r.peek() {
            Some(',') => {
                r.bump();
            }
            Some('"' | '[') => notes.push(ReadProblem {
                at: r.offset(),
                message: "no `,` before this operand: nvcc reads it as the next operand, GCC and Clang reject it".into(),
                unread: false,
            }),
            _ => return Ok(out),
        }
    }
}

/// One operand: `[name] "constraint" (expression)`.
fn operand(r: &mut Reader<'_>) -> Result<CudaOperand, ReadError> {
    r.skip_blank();
    let name = if r.peek() == Some('[') {
        r.bump();
        r.skip_blank();
        let name = r.identifier().ok_or(ReadError::NoOperandName)?;
        r.skip_blank();
        if r.bump() != Some(']') {
            return Err(ReadError::OperandNameUnclosed(name));
        }
        r.skip_blank();
        Some(name)
    } else {
        None
    };
    let at = r.offset();
    let mut constraint = Literal::default();
    let mut pieces = 0;
    while let Some(literal) = r.string_here() {
        constraint.extend(literal?);
        pieces += 1;
        r.skip_blank();
    }
    if pieces == 0 {
        return Err(match MacroPiece::read(r) {
            Some(MacroPiece::Stringified(name)) => ReadError::ConstraintStringified(name),
            Some(MacroPiece::Named(word)) => ReadError::OperandFromMacro(word),
            None => ReadError::NoOperand,
        });
    }
    let constraint = String::from_utf8_lossy(&constraint.bytes).into_owned();
    if r.bump() != Some('(') {
        return Err(ReadError::NoExpression(constraint));
    }
    Ok(CudaOperand {
        name,
        constraint,
        expression: r.balanced()?,
        at,
    })
}

/// Skips a clobbers' or labels' list, up to the next `:` or the end.
fn skip_list(r: &mut Reader<'_>) {
    loop {
        r.skip_blank();
        match r.peek() {
            None | Some(':' | ')') => return,
            Some('(') => {
                r.bump();
                let _ = r.balanced();
            }
            Some(_) => {
                if !r.skip_literal() && r.identifier().is_none() {
                    r.bump();
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::source::{LexError, Reader, Spliced};
    use super::super::{AsmStatement, ReadProblem, asm_statements, check_source};
    use super::{ReadError, parse};
    use ptx_core::Target;

    fn read(source: &str) -> Vec<AsmStatement> {
        let (statements, problems) = asm_statements(source);
        assert!(problems.is_empty(), "{problems:?}");
        statements
    }

    fn templates(source: &str) -> Vec<String> {
        read(source).into_iter().map(|s| s.template).collect()
    }

    fn problems(source: &str) -> Vec<ReadProblem> {
        asm_statements(source).1
    }

    fn constraints(s: &AsmStatement) -> Vec<&str> {
        s.operands.iter().map(|o| o.constraint.as_str()).collect()
    }

    #[test]
    fn every_spelling_of_the_keyword_starts_a_statement() {
        let source = r#"
            asm("a;");
            asm volatile("b;");
            __asm__ __volatile__("c;");
            __asm volatile ("d;");
            asm inline volatile("e;");
            if (x) asm("f;"); else asm("g;");
        "#;
        assert_eq!(
            templates(source),
            ["a;", "b;", "c;", "d;", "e;", "f;", "g;"]
        );
    }

    #[test]
    fn asm_in_comments_literals_and_longer_words_is_no_statement() {
        let source = r#"
            // asm("a;");
            /* asm volatile("b;"); */
            const char *s = "asm(\"c;\")";
            char q = '"'; int asm_count = my_asm(1); struct asm_t {};
            // a backslash carries this comment on: \
            asm("d;");
            #include <asm/unistd.h>
            auto raw = R"x(asm("e;"))x";
            asm("f;");
        "#;
        assert_eq!(templates(source), ["f;"]);
    }

    #[test]
    fn an_asm_label_is_no_statement() {
        let source = r#"
            int counter asm("counter_v2");
            extern "C" int f(int) asm("f_v2");
            int table[4] asm("table_v2");
            #define TRAP asm("trap;")
            #define FENCE() asm("membar.gl;")
            [[likely]] asm("exit;");
        "#;
        assert_eq!(templates(source), ["trap;", "membar.gl;", "exit;"]);
    }

    #[test]
    fn adjacent_literals_join_with_their_escapes_read() {
        let source = "asm(\"{\\n\\t\"\n  \"mov.u32\\011%0, \\x25\" \"1;\\\"q\\\\\" u8\"}\" : \"=r\"(a) : \"r\"(b));";
        assert_eq!(templates(source), ["{\n\tmov.u32\t%0, %1;\"q\\}"]);
    }

    #[test]
    fn a_raw_string_template_is_taken_as_written() {
        let source =
            "asm volatile(R\"ptx(\n  mov.u32 %0, %1; // )\" \\n\n)ptx\" : \"=r\"(a) : \"r\"(b));";
        assert_eq!(templates(source), ["\n  mov.u32 %0, %1; // )\" \\n\n"]);
    }

    #[test]
    fn the_lists_split_outputs_inputs_and_clobbers() {
        let source = r#"
            asm("a;" : "=r"(x), "+l"(y) : "r"(z) : "memory", "cc");
            asm("b;" :: "r"(z), "n"(4));
            asm("c;" ::: "memory");
            asm("d;" : "=f"(x));
            asm("e;");
        "#;
        let statements = read(source);
        let shape: Vec<_> = statements
            .iter()
            .map(|s| (constraints(s), s.outputs, s.basic))
            .collect();
        assert_eq!(
            shape,
            [
                (vec!["=r", "+l", "r"], 2, false),
                (vec!["r", "n"], 0, false),
                (vec![], 0, false),
                (vec!["=f"], 1, false),
                (vec![], 0, true),
            ]
        );
    }

    #[test]
    fn named_operands_keep_their_names() {
        let s = &read(r#"asm("add.u32 %[s], %[a], %1;" : [s] "=r"(x) : [ a ] "r"(y));"#)[0];
        let names: Vec<_> = s.operands.iter().map(|o| o.name.as_deref()).collect();
        assert_eq!(names, [Some("s"), Some("a")]);
    }

    #[test]
    fn expressions_are_read_to_their_own_parenthesis() {
        let source = r#"asm("a;" : "=r"(*reinterpret_cast<unsigned *>(&p[1]))
            : "r"(f<int, 2>(a, (b, c))), "r"(c == ')' ? 1 : 2), "n"(1'024), "r"(s[")"]));"#;
        let expressions: Vec<_> = read(source)[0]
            .operands
            .iter()
            .map(|o| o.expression.clone())
            .collect();
        assert_eq!(
            expressions,
            [
                "*reinterpret_cast<unsigned *>(&p[1])",
                "f<int, 2>(a, (b, c))",
                "c == ')' ? 1 : 2",
                "1'024",
                "s[\")\"]",
            ]
        );
    }

    #[test]
    fn operands_without_a_comma_are_read_as_nvcc_reads_them() {
        let source = r#"asm("st.u32 [%0], %1;" :: "l"(p)  "r"(v));"#;
        let (statements, problems) = asm_statements(source);
        assert_eq!(constraints(&statements[0]), ["l", "r"]);
        assert_eq!(problems.len(), 1);
        assert!(!problems[0].unread);
        assert_eq!(problems[0].at, source.find("\"r\"").unwrap_or(0));
    }

    #[test]
    fn a_statement_with_if_lines_inside_is_read_once_per_branch() {
        let source = "asm(\n#if A\n  \"a;\"\n#elif B\n  \"b;\"\n#else\n  \"c;\"\n#endif\n#ifdef D\n  \"d;\"\n#endif\n  :: \"r\"(x));";
        let statements = read(source);
        let readings: Vec<_> = statements
            .iter()
            .map(|s| (s.template.as_str(), s.reading, s.readings))
            .collect();
        assert_eq!(readings, [("a;d;", 0, 3), ("b;", 1, 3), ("c;", 2, 3)]);
        let report = check_source(source, Target::default());
        assert_eq!(report.statements, 1);
    }

    #[test]
    fn a_conditional_across_the_statements_edge_leaves_it_unread() {
        let source = "asm(\"a;\"\n#if A\n  :: \"r\"(x));\n#else\n  );\n#endif\n";
        let problems = problems(source);
        assert_eq!(problems.len(), 1);
        assert!(problems[0].unread);
        assert_eq!(
            problems[0].message,
            "a preprocessor conditional crosses the statement's edge: not checked"
        );
    }

    #[test]
    fn templates_and_operands_that_macros_build_are_not_checked() {
        let source = r#"
            #define LOAD(m) asm("ld." #m ".u32 %0, [%1];" : "=r"(x) : "l"(p))
            #define PLAIN(x) asm volatile("mov.u32 %0, 1;" : "=r"(x))
            asm(TEMPLATE : "=r"(x));
            asm("mov.u32 %0, 1;" : OUT(x));
        "#;
        let (statements, problems) = asm_statements(source);
        assert_eq!(templates_of(&statements), ["mov.u32 %0, 1;"]);
        let messages: Vec<_> = problems
            .iter()
            .map(|p| (p.message.as_str(), p.unread))
            .collect();
        assert_eq!(
            messages,
            [
                (
                    "the template stringifies the macro parameter `m` (`#m`): not checked",
                    true
                ),
                (
                    "the template is built with `TEMPLATE` (a macro?), not string literals alone: not checked",
                    true
                ),
                (
                    "an operand is built with `OUT` (a macro?), not written as `\"constraint\"(expression)`: not checked",
                    true
                ),
            ]
        );
    }

    /// Why one reading of a statement, `inside` its parentheses (the
    /// closing one too), cannot be read; `None` when it can.
    fn why_unread(inside: &str) -> Option<ReadError> {
        let spliced = Spliced::new(inside);
        let mut r = Reader::new(inside, &spliced.chars);
        parse(&mut r, 0).err()
    }

    #[test]
    fn each_unreadable_statement_says_why() {
        use ReadError::*;
        assert_eq!(
            why_unread(r#""a;" : "=r"(x) : "r"(y) : "memory" : l)"#),
            None
        );
        let cases = [
            (r#""a;" : "=r"(x) : : : : )"#, TooManyLists),
            (r#""a;" , "b;")"#, TemplateNotLiterals),
            (r#""a;" : "=r"(x) ; )"#, ExpectedListOrEnd),
            (r#": "r"(x))"#, NoTemplate),
            (r#"#m ";")"#, TemplateStringified("m".into())),
            (r#"BODY : "r"(x))"#, TemplateFromMacro("BODY".into())),
            ("1 \"a;\")", TemplateNotLiterals),
            (r#""a;" : [] "=r"(x))"#, NoOperandName),
            (r#""a;" : [out "=r"(x))"#, OperandNameUnclosed("out".into())),
            (r#""a;" : #c (x))"#, ConstraintStringified("c".into())),
            (r#""a;" : OUT(x))"#, OperandFromMacro("OUT".into())),
            (r#""a;" : 5)"#, NoOperand),
            (r#""a;" : "=r" x)"#, NoExpression("=r".into())),
            (r#""a;" : "=r"(f(x)"#, Lex(LexError::ParenthesisUnclosed)),
            ("\"a;\n\")", Lex(LexError::StringPastLineEnd)),
        ];
        for (inside, why) in cases {
            assert_eq!(why_unread(inside), Some(why), "{inside}");
        }
        assert_eq!(
            OperandNameUnclosed("out".into()).to_string(),
            "expected `]` after the operand name `out`"
        );
        assert_eq!(
            Lex(LexError::ParenthesisUnclosed).to_string(),
            "a parenthesis is not closed"
        );
    }

    fn templates_of(statements: &[AsmStatement]) -> Vec<&str> {
        statements.iter().map(|s| s.template.as_str()).collect()
    }

    #[test]
    fn an_unclosed_statement_is_reported_and_reading_goes_on() {
        // The first lacks its `)`; the second's ends with its macro's line.
        let source = "asm(\"a;\" : \"=r\"(x);\n#define B asm(\"b;\" :\nasm(\"c;\");";
        let (statements, problems) = asm_statements(source);
        assert_eq!(templates_of(&statements), ["c;"]);
        let unread: Vec<_> = problems
            .iter()
            .map(|p| (p.at, p.message.as_str()))
            .collect();
        let message = "the statement's `(` is not closed: not checked";
        assert_eq!(unread, [(0, message), (30, message)]);
    }

    /// A small deterministic generator (xorshift64*), so the test needs no
    /// crate and fails the same way every time.
    struct Random(u64);

    impl Random {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 >> 12;
            self.0 ^= self.0 << 25;
            self.0 ^= self.0 >> 27;
            self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
        }

        fn below(&mut self, n: usize) -> usize {
            (self.next() % n.max(1) as u64) as usize
        }
    }

    /// Pieces that matter to the reader, to splice into a real file.
    const PIECES: [&str; 16] = [
        "\"",
        "'",
        "(",
        ")",
        ":",
        "::",
        "\\\n",
        "\n#if X\n",
        "\n#else\n",
        "\n#endif\n",
        "R\"(",
        "/*",
        "asm(",
        "%[",
        "1'0",
        "\\x",
    ];

    #[test]
    fn no_input_makes_the_reader_or_the_check_panic() {
        let real = include_str!("../../tests/data/cuda/forms.cu");
        let mut random = Random(0x5EED_CAFE_F00D_1234);
        for _ in 0..1500 {
            let len = random.below(300);
            let bytes: Vec<u8> = (0..len).map(|_| random.next() as u8).collect();
            check_source(&String::from_utf8_lossy(&bytes), Target::default());
        }
        for _ in 0..1500 {
            let mut text: Vec<char> = real.chars().collect();
            for _ in 0..1 + random.below(6) {
                let at = random.below(text.len() + 1).min(text.len());
                match random.below(4) {
                    0 => {
                        let end = (at + random.below(40)).min(text.len());
                        text.drain(at..end);
                    }
                    1 => {
                        let piece = PIECES[random.below(PIECES.len())];
                        text.splice(at..at, piece.chars());
                    }
                    2 => {
                        let end = (at + random.below(200)).min(text.len());
                        let copy: Vec<char> = text[at..end].to_vec();
                        let to = random.below(text.len() + 1).min(text.len());
                        text.splice(to..to, copy);
                    }
                    _ => {
                        if let Some(c) = text.get_mut(at) {
                            *c = char::from(random.next() as u8);
                        }
                    }
                }
            }
            let mutated: String = text.into_iter().collect();
            check_source(&mutated, Target::default());
        }
    }
}
