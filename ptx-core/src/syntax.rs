//! The syntax tree of a PTX template: statements, opcodes, operands, each with its byte span.

use crate::{ScalarType, Span, StateSpace, VectorWidth};

/// A whole template: the statements of one `ptx!` or `asm()` string.
#[derive(Clone, Debug, PartialEq)]
pub struct Template {
    /// The statements in order.
    pub items: Vec<Item>,
    /// The whole text.
    pub span: Span,
}

/// One statement of a template.
#[derive(Clone, Debug, PartialEq)]
pub enum Item {
    /// An instruction such as `@p add.s32 %0, %1, 1;`.
    Instruction(Instruction),
    /// A label such as `done:`.
    Label(Label),
    /// A `{ ... }` scope.
    Block(Block),
    /// A variable declaration such as `.reg .pred p, q;`.
    Declaration(Declaration),
    /// A `.pragma "...";` directive.
    Pragma(Pragma),
}

/// A label definition, `name:`.
#[derive(Clone, Debug, PartialEq)]
pub struct Label {
    /// The label's name.
    pub name: String,
    /// `name:` in the text.
    pub span: Span,
}

/// A `{ ... }` block: a scope for declarations and labels.
#[derive(Clone, Debug, PartialEq)]
pub struct Block {
    /// The statements inside.
    pub items: Vec<Item>,
    /// From `{` to `}`.
    pub span: Span,
}

/// A `.pragma "text";` directive.
#[derive(Clone, Debug, PartialEq)]
pub struct Pragma {
    /// The pragma's string, without quotes.
    pub text: String,
    /// The whole directive.
    pub span: Span,
}

/// A declaration such as `.reg .b32 t<4>;` or `.shared .align 16 .b8 buf[256];`.
#[derive(Clone, Debug, PartialEq)]
pub struct Declaration {
    /// The state space (`.reg`, `.shared`, `.local`, ...).
    pub space: StateSpace,
    /// `.align N`, if given.
    pub align: Option<u32>,
    /// `.v2`/`.v4`/`.v8`, if given.
    pub vector: Option<VectorWidth>,
    /// The element type.
    pub ty: ScalarType,
    /// The names declared.
    pub names: Vec<DeclaredName>,
    /// The whole declaration, `;` included.
    pub span: Span,
}

/// One name of a declaration: `t`, `t<4>` (four registers `t0`…`t3`) or `buf[256]`.
#[derive(Clone, Debug, PartialEq)]
pub struct DeclaredName {
    /// The name (or the prefix of a `<N>` range).
    pub name: String,
    /// `<N>`: declares `name0` … `name{N-1}`.
    pub range: Option<u32>,
    /// `[N]` array dimensions.
    pub array: Vec<u32>,
    /// The name and its suffix.
    pub span: Span,
}

/// One instruction: optional guard, opcode with modifiers, operands.
#[derive(Clone, Debug, PartialEq)]
pub struct Instruction {
    /// `@p` or `@!p`.
    pub guard: Option<Guard>,
    /// `add.s32`.
    pub opcode: Opcode,
    /// The operands in order.
    pub operands: Vec<Operand>,
    /// From the guard to the `;`.
    pub span: Span,
}

/// A guard predicate, `@p` or `@!p`.
#[derive(Clone, Debug, PartialEq)]
pub struct Guard {
    /// `@!p`: execute when `p` is false.
    pub negated: bool,
    /// The predicate register.
    pub predicate: Operand,
    /// `@!p` in the text.
    pub span: Span,
}

/// A word of text with its span: an opcode name or a modifier without its dot.
#[derive(Clone, Debug, PartialEq)]
pub struct Word {
    /// The text (`"s32"` for `.s32`).
    pub text: String,
    /// Where it stands (the dot included, for modifiers).
    pub span: Span,
}

/// The opcode of an instruction and the modifiers written after it.
#[derive(Clone, Debug, PartialEq)]
pub struct Opcode {
    /// The instruction name (`mma`).
    pub name: Word,
    /// Each `.word` after it, in order (`sync`, `aligned`, `m16n8k16`, ...).
    pub modifiers: Vec<Word>,
    /// The whole opcode.
    pub span: Span,
}

impl Opcode {
    /// The opcode as written: `add.s32`.
    pub fn text(&self) -> String {
        let mut s = self.name.text.clone();
        for m in &self.modifiers {
            s.push('.');
            s.push_str(&m.text);
        }
        s
    }
}

/// An operand with its span.
#[derive(Clone, Debug, PartialEq)]
pub struct Operand {
    /// What the operand is.
    pub kind: OperandKind,
    /// Where it stands.
    pub span: Span,
}

/// What an operand is.
#[derive(Clone, Debug, PartialEq)]
pub enum OperandKind {
    /// A name: register, special register (`%tid.x`), label, variable, `WARP_SZ`.
    Name(Name),
    /// `%0` or `%[name]`: an operand of the asm statement.
    Placeholder(Placeholder),
    /// A literal.
    Immediate(Immediate),
    /// `[...]`: a memory address.
    Address(Box<Address>),
    /// `{a, b, c, d}`: a vector of operands.
    Vector(Vec<Operand>),
    /// `(a, b)`: a parameter list (`call`).
    List(Vec<Operand>),
    /// `_`: the sink, a destination whose value is discarded.
    Sink,
    /// `d|p`: a destination and a second (predicate) destination.
    Pair(Box<Operand>, Box<Operand>),
    /// `!p`: a negated predicate source.
    Not(Box<Operand>),
    /// `-a`: an arithmetically negated register (`vmad`'s sources).
    Negate(Box<Operand>),
    /// `a.b1`, `%0.h10`, `%1.b7654`: a video instruction's operand with a
    /// selector of its bytes or half-words (the word without its dot; its
    /// span covers the dot).
    Select(Box<Operand>, Word),
}

/// A name with an optional component: `%r1`, `p`, `%tid.x`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Name {
    /// The identifier (`%tid`).
    pub ident: String,
    /// The component after a dot (`x`), for vector registers.
    pub component: Option<String>,
}

/// A reference to an operand of the asm statement.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Placeholder {
    /// `%3`: the fourth operand.
    Index(u32),
    /// `%[sum]`: the operand named `sum`.
    Name(String),
}

impl std::fmt::Display for Placeholder {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Placeholder::Index(n) => write!(f, "%{n}"),
            Placeholder::Name(n) => write!(f, "%[{n}]"),
        }
    }
}

/// A literal operand.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Immediate {
    /// An integer: its magnitude and whether a `-` precedes it.
    Int {
        /// The magnitude as written.
        value: u64,
        /// Whether it was written with a leading `-`.
        negative: bool,
    },
    /// A floating-point literal.
    Float(FloatLiteral),
}

impl Immediate {
    /// The integer's value as a signed 128-bit number, if it is an integer.
    pub fn as_i128(self) -> Option<i128> {
        match self {
            Immediate::Int { value, negative } => Some(if negative {
                -(value as i128)
            } else {
                value as i128
            }),
            Immediate::Float(_) => None,
        }
    }
}

/// A floating-point literal, in the spelling it was written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FloatLiteral {
    /// `0f3F800000`: the bits of an f32.
    F32(u32),
    /// `0d3FF0000000000000`: the bits of an f64.
    F64(u64),
    /// `1.5`, `1e-3`: a decimal literal, as the bits of the f64 it denotes.
    Decimal(u64),
}

impl FloatLiteral {
    /// The literal with its sign flipped, in the same spelling (what a `-`
    /// before it writes).
    ///
    /// ```
    /// use ptx_core::syntax::FloatLiteral;
    /// assert_eq!(FloatLiteral::F32(0x3F80_0000).negated(), FloatLiteral::F32(0xBF80_0000));
    /// ```
    pub fn negated(self) -> FloatLiteral {
        match self {
            FloatLiteral::F32(b) => FloatLiteral::F32(b ^ 0x8000_0000),
            FloatLiteral::F64(b) => FloatLiteral::F64(b ^ (1 << 63)),
            FloatLiteral::Decimal(b) => FloatLiteral::Decimal(b ^ (1 << 63)),
        }
    }
}

/// A memory address: `[r]`, `[r+8]`, `[var+8]`, `[8]`, `var[8]`, `[tmap, {x, y}]`,
/// `[r].unified`, or a variable's address as a value, `var+8`.
#[derive(Clone, Debug, PartialEq)]
pub struct Address {
    /// The register, placeholder or variable the address starts from; `None` for `[8]`.
    pub base: Option<Operand>,
    /// The constant byte offset added to it.
    pub offset: i64,
    /// Further operands after a comma, as in tensor addresses `[tmap, {x, y}]`.
    pub rest: Vec<Operand>,
    /// Written as `var[8]` rather than `[var+8]`.
    pub indexed: bool,
    /// Written as `var+8` without brackets: the address of a variable plus
    /// an offset, as a value (`mov`, `cvta`, `mapa`, `getctarank`).
    pub bare: bool,
    /// Followed by `.unified`: the address of a variable declared `.unified`.
    pub unified: bool,
}

impl Template {
    /// The same tree with every span set to zero, for comparing trees parsed
    /// from different text.
    pub fn without_spans(&self) -> Template {
        let mut t = self.clone();
        t.span = Span::default();
        t.items.iter_mut().for_each(clear_item);
        t
    }

    /// Every instruction of the template, blocks entered, in order.
    pub fn instructions(&self) -> Vec<&Instruction> {
        fn walk<'a>(items: &'a [Item], out: &mut Vec<&'a Instruction>) {
            for item in items {
                match item {
                    Item::Instruction(i) => out.push(i),
                    Item::Block(b) => walk(&b.items, out),
                    _ => {}
                }
            }
        }
        let mut out = Vec::new();
        walk(&self.items, &mut out);
        out
    }
}

fn clear_item(item: &mut Item) {
    match item {
        Item::Instruction(i) => {
            i.span = Span::default();
            if let Some(g) = &mut i.guard {
                g.span = Span::default();
                clear_operand(&mut g.predicate);
            }
            i.opcode.span = Span::default();
            i.opcode.name.span = Span::default();
            i.opcode
                .modifiers
                .iter_mut()
                .for_each(|m| m.span = Span::default());
            i.operands.iter_mut().for_each(clear_operand);
        }
        Item::Label(l) => l.span = Span::default(),
        Item::Block(b) => {
            b.span = Span::default();
            b.items.iter_mut().for_each(clear_item);
        }
        Item::Declaration(d) => {
            d.span = Span::default();
            d.names.iter_mut().for_each(|n| n.span = Span::default());
        }
        Item::Pragma(p) => p.span = Span::default(),
    }
}

fn clear_operand(op: &mut Operand) {
    op.span = Span::default();
    match &mut op.kind {
        OperandKind::Address(a) => {
            if let Some(b) = &mut a.base {
                clear_operand(b);
            }
            a.rest.iter_mut().for_each(clear_operand);
        }
        OperandKind::Vector(v) | OperandKind::List(v) => v.iter_mut().for_each(clear_operand),
        OperandKind::Pair(a, b) => {
            clear_operand(a);
            clear_operand(b);
        }
        OperandKind::Not(a) | OperandKind::Negate(a) => clear_operand(a),
        OperandKind::Select(a, selector) => {
            clear_operand(a);
            selector.span = Span::default();
        }
        OperandKind::Name(_)
        | OperandKind::Placeholder(_)
        | OperandKind::Immediate(_)
        | OperandKind::Sink => {}
    }
}
