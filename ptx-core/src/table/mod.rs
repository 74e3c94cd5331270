//! The instruction table: every PTX instruction form, described once, as data.
//!
//! Each entry is written in the notation of the PTX ISA's syntax blocks, so
//! that adding an instruction means copying its syntax and annotating the
//! operands:
//!
//! ```text
//! mul.lo/.type =d, a, b; .type = { .u16, .u32, .u64, .s16, .s32, .s64 }
//! ```
//!
//! * **Opcode part** (up to the first space). The instruction name, then
//!   modifiers. `.word` is a required modifier; `{.word}` an optional one. A
//!   word that names a group (defined after a `;`, in a definition several
//!   entries share, given with [`Entry::groups`], or one of the common groups
//!   in [`common_groups`]) stands for "one of the group's values". Everything
//!   before a `/` is the *head*: modifiers that must directly follow the name,
//!   as ptxas requires for `mul.lo`, `shf.l`, `cvt.pack`. The other modifiers
//!   may be written in any order (ptxas accepts `add.s32.sat`), except that
//!   types keep their order among themselves, and so do layouts (`.row`/`.col`).
//!   A group value may span several words (`.xor.popc`).
//! * **Operands**, comma-separated. `=d` is written, `+d` read and written,
//!   plain names are read. `[a]` is an address, `[t, c*3]` a tensor address
//!   (a tensor map and a vector of three coordinates, typed by the operand's
//!   type), `(a)` a parenthesised list,
//!   `d|p` a destination with an optional predicate destination. `d*4` is a
//!   vector of four, `d*.vec` a vector as long as the `.vec` modifier says
//!   (`.v2`, `.x4`, ...) and a scalar without it. A trailing `?` makes the
//!   operand optional. After `:`, attributes: a type (`.u32`, or a group such
//!   as `.dtype`; default: the form's last type modifier), `imm` (immediate
//!   only), `reg` (register only), `sink` (`_` allowed), `_` (only `_`),
//!   `paired` (the `|p` of `d|p` must be written), `neg` (`!p` allowed),
//!   `minus` (`-a` allowed), a video operand selector ([`SelectorKind`]:
//!   `part`, `halves`, `bytes`, `halfmask`, `bytemask`; `merge` is `part`
//!   and required),
//!   `label`, `symbol` (a variable's address allowed), `addr64` (an address
//!   that must be a 64-bit register unless a `.shared`, `.local`, `.const` or
//!   `.param` modifier says otherwise), `unified` (an address that may be
//!   followed by `.unified`), a range `0..255` or a set `4|8|16` of
//!   accepted immediates (`label` and `list` operands have no type).
//!
//! Each entry also names its semantic function (a key the simulator maps to
//! a function), the oldest PTX ISA version and `sm_` target that have it, the
//! operand fit rule and, where the ISA has constraints between modifiers that
//! the notation cannot say, a rule function. A modifier that arrived later
//! than the rest of its form (`.L2::cache_hint` of `ld`, the `.cluster`
//! scope) carries its own [`Gate`] (a family's list of them is a constant
//! given with [`Entry::gates`]), so one form serves every target; a form
//! that newer targets dropped (`shfl` without `.sync`) says so with
//! [`Entry::removed_in`].
//!
//! A line of the ISA that stands for many forms whose operand sizes differ
//! (the matrix instructions' shapes) is written once, written out over its
//! groups with [`Entry::each`] and sized by [`Entry::fragments`] (the
//! module `spec` says how).

use crate::semantics::Semantics;
mod rule;
mod spec;

mod approx;
mod async_copy;
mod compare;
mod control;
mod convert;
mod float;
mod half;
mod integer;
mod logic;
mod matrix;
mod memory;
mod misc;
mod movement;
mod sync;
mod texture;
mod video;
mod warp;

pub use rule::{
    ConversionViolation, OrderViolation, RuleViolation, SpaceViolation, TypeViolation,
    VectorViolation,
};
pub use spec::common_groups;

use crate::{FitRule, OperandAccess, PtxVersion, ScalarType, TargetVariant};
use std::borrow::Cow;
use std::collections::HashMap;
use std::sync::OnceLock;

/// The family an instruction belongs to, for docs and the coverage table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Family {
    /// Integer arithmetic and bit manipulation.
    Integer,
    /// The video instructions: `vadd`, `vmad`, `vset`, `vadd2` ... `vmax4`.
    Video,
    /// Single and double precision floating point.
    Float,
    /// The approximate floating point operations: `rcp.approx`, `sin.approx`,
    /// `ex2.approx`, `div.approx`, `div.full`, ...
    Approx,
    /// Half precision (`.f16`, `.bf16` and their `x2`) and mixed precision.
    Half,
    /// Logic and shifts.
    Logic,
    /// Comparison and selection.
    Compare,
    /// Conversions.
    Convert,
    /// Data movement between registers: `mov`, `prmt`.
    Movement,
    /// Loads, stores, atomics, address conversion, prefetch, cache policies.
    Memory,
    /// Branches, calls, exit.
    Control,
    /// Barriers, fences, mbarriers, grid dependency and cluster launch control.
    Sync,
    /// Warp collectives: `shfl`, `vote`, `match`, `redux`, `elect`, ...
    Warp,
    /// Asynchronous copies.
    AsyncCopy,
    /// Matrix instructions: `mma`, `wmma`, `ldmatrix`, `wgmma`, ...
    Matrix,
    /// Everything else: `nanosleep`, `trap`, `setmaxnreg`, ...
    Misc,
}

/// A rule between modifiers that the notation cannot say, checked after the
/// modifiers are bound; `Err` says which modifiers clash, and its Display
/// text becomes the checker's diagnostic.
pub type Rule = fn(&Bound) -> Result<(), RuleViolation>;

/// A memory order and a scope go together (`.release.cta`, not `.cta` or
/// `.release` alone), except that `.weak` takes no scope; `scopes` lists the
/// instruction's scopes for the message (`` `.cta` or `.cluster` ``). For
/// the rules of the memory and sync families.
pub(crate) fn order_with_scope(b: &Bound, scopes: &'static str) -> Result<(), RuleViolation> {
    match (b.value("sem"), b.value("scope")) {
        (Some("weak"), Some(scope)) => Err(OrderViolation::WeakWithScope {
            scope: scope.to_owned(),
        }
        .into()),
        (Some(sem), None) if sem != "weak" => Err(OrderViolation::OrderWithoutScope {
            order: sem.to_owned(),
            scopes,
        }
        .into()),
        (None, Some(scope)) => Err(OrderViolation::ScopeWithoutOrder {
            scope: scope.to_owned(),
        }
        .into()),
        _ => Ok(()),
    }
}

/// A modifier value (or a combination of modifiers) that needs a newer target
/// than the rest of its form.
#[derive(Clone, Copy, Debug)]
pub struct Gate {
    /// The modifier value, without its dot (`L2::cache_hint`, `cluster`, `b128`),
    /// or, with `when`, the feature's name for messages (`256-bit access`).
    pub value: &'static str,
    /// When set, the gate applies where this returns true rather than where
    /// `value` is written.
    pub when: Option<fn(&Bound) -> bool>,
    /// Oldest PTX ISA version with the modifier.
    pub ptx: PtxVersion,
    /// Oldest `sm_` target with the modifier.
    pub sm: u32,
}

impl Gate {
    /// The modifier `value` needs PTX ISA `major.minor` and `sm_<sm>`.
    pub(crate) const fn new(value: &'static str, major: u8, minor: u8, sm: u32) -> Gate {
        Gate {
            value,
            when: None,
            ptx: PtxVersion::new(major, minor),
            sm,
        }
    }

    /// The feature called `what`, present where `when` says, needs PTX ISA
    /// `major.minor` and `sm_<sm>` (a combination of modifiers, such as a
    /// 256-bit vector).
    pub(crate) const fn when(
        what: &'static str,
        when: fn(&Bound) -> bool,
        major: u8,
        minor: u8,
        sm: u32,
    ) -> Gate {
        Gate {
            value: what,
            when: Some(when),
            ptx: PtxVersion::new(major, minor),
            sm,
        }
    }

    /// Whether the gate applies to the modifiers bound.
    pub fn applies(&self, bound: &Bound) -> bool {
        match self.when {
            Some(test) => test(bound),
            None => bound.has(self.value),
        }
    }

    /// How messages name the gated feature: `` `.L2::cache_hint` `` or `256-bit access`.
    pub fn name(&self) -> String {
        match self.when {
            Some(_) => self.value.to_string(),
            None => format!("`.{}`", self.value),
        }
    }
}

/// Where a form stopped: targets from `sm` on reject it from PTX ISA `ptx` on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Removal {
    /// First PTX ISA version without the form (on those targets).
    pub ptx: PtxVersion,
    /// First `sm_` target without the form.
    pub sm: u32,
}

/// One table entry as written in the family files, before its spec is parsed.
#[derive(Clone)]
pub(crate) struct Entry {
    pub spec: &'static str,
    /// Group definitions several entries share (`.type = { ... }`), read
    /// as if written after the spec's own.
    pub groups: &'static [&'static str],
    pub semantics: Semantics,
    pub ptx: PtxVersion,
    pub sm: u32,
    pub variant: TargetVariant,
    pub fit: FitRule,
    pub rule: Option<Rule>,
    pub gates: Vec<Gate>,
    pub removed: Option<Removal>,
    pub no_repeats: bool,
    /// Groups and optional modifiers the line is written out over, one
    /// form per value (see the spec module's "Lines that stand for several
    /// forms").
    pub each: &'static [&'static str],
    /// The operand sizes the fragment tables give each form of the line.
    pub fragments: Option<spec::FragmentTable>,
}

/// An entry with spec `spec` whose semantics are `semantics`, available from
/// PTX ISA 1.0 on `sm_10` unless [`Entry::since`] says otherwise.
pub(crate) const fn form(spec: &'static str, semantics: Semantics) -> Entry {
    Entry {
        spec,
        groups: &[],
        semantics,
        ptx: PtxVersion::new(1, 0),
        sm: 10,
        variant: TargetVariant::Base,
        fit: FitRule::Exact,
        rule: None,
        gates: Vec::new(),
        removed: None,
        no_repeats: false,
        each: &[],
        fragments: None,
    }
}

impl Entry {
    /// The spec with the shared group definitions of [`Entry::groups`]
    /// after its own: the text the parser reads.
    pub(crate) fn text(&self) -> Cow<'_, str> {
        if self.groups.is_empty() {
            Cow::Borrowed(self.spec)
        } else {
            Cow::Owned(format!("{}; {}", self.spec, self.groups.join("; ")))
        }
    }

    /// Takes these group definitions, shared with other entries
    /// (`.groups(&[LD_SPACES, VEC, LD_ST_TYPES])`), after the spec's own.
    pub(crate) const fn groups(mut self, groups: &'static [&'static str]) -> Entry {
        self.groups = groups;
        self
    }

    /// Needs PTX ISA `major.minor` and `sm_<sm>`.
    pub(crate) const fn since(mut self, major: u8, minor: u8, sm: u32) -> Entry {
        self.ptx = PtxVersion::new(major, minor);
        self.sm = sm;
        self
    }

    /// Needs the architecture-specific target (`sm_90a`).
    pub(crate) const fn arch_specific(mut self) -> Entry {
        self.variant = TargetVariant::ArchSpecific;
        self
    }

    /// Needs the family-specific target (`sm_100f`) or the arch-specific one.
    pub(crate) const fn family_specific(mut self) -> Entry {
        self.variant = TargetVariant::Family;
        self
    }

    /// Registers may be wider than the instruction type (`ld`, `st`, `cvt`).
    pub(crate) const fn wider(mut self) -> Entry {
        self.fit = FitRule::Wider;
        self
    }

    /// Adds a rule between modifiers.
    pub(crate) const fn rule(mut self, rule: Rule) -> Entry {
        self.rule = Some(rule);
        self
    }

    /// The modifier `value` needs PTX ISA `major.minor` and `sm_<sm>`, newer
    /// than the form itself.
    pub(crate) fn gate(mut self, value: &'static str, major: u8, minor: u8, sm: u32) -> Entry {
        self.gates.push(Gate::new(value, major, minor, sm));
        self
    }

    /// Adds gates shared with other entries, after those it has; the first
    /// that a statement fails is the one reported.
    pub(crate) fn gates(mut self, gates: &[Gate]) -> Entry {
        self.gates.extend_from_slice(gates);
        self
    }

    /// Targets from `sm_<sm>` on reject the form from PTX ISA `major.minor` on.
    pub(crate) const fn removed_in(mut self, major: u8, minor: u8, sm: u32) -> Entry {
        self.removed = Some(Removal {
            ptx: PtxVersion::new(major, minor),
            sm,
        });
        self
    }

    /// Each modifier may be written once (`.sync` excepted), as ptxas wants
    /// for the matrix and asynchronous-copy instructions.
    pub(crate) const fn no_repeats(mut self) -> Entry {
        self.no_repeats = true;
        self
    }

    /// The line stands for one form per value of each of these groups (and,
    /// for an optional group or modifier, one form without it), the first
    /// named varying slowest: `.each(&["shape", "dtype"])`.
    pub(crate) const fn each(mut self, groups: &'static [&'static str]) -> Entry {
        self.each = groups;
        self
    }

    /// The sizes of the operands written `*#` or `..#`, and the register
    /// types of those written without one, for each form of the line; a
    /// form for which `table` says `None` is not in the ISA.
    pub(crate) const fn fragments(mut self, table: spec::FragmentTable) -> Entry {
        self.fragments = Some(table);
        self
    }
}

/// The same entry for the `sm_90a`, `sm_100f` and `sm_120a` families, as
/// ptxas accepts the architecture-specific instructions of Hopper on later
/// chips.
pub(crate) fn arch_90_and_later(entry: Entry) -> [Entry; 3] {
    [
        entry.clone().arch_specific(),
        entry.clone().since(8, 8, 100).family_specific(),
        entry.since(8, 8, 120).arch_specific(),
    ]
}

/// Which class a positional modifier belongs to: values of one class are
/// assigned to that class's slots in the order they are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SlotClass {
    /// Modifiers that may be written anywhere after the head.
    Free,
    /// Type suffixes (`.f32`, `.s8`): ordered among themselves.
    Type,
    /// Matrix layouts (`.row`, `.col`): ordered among themselves.
    Layout,
}

/// One modifier position of a form: a required literal such as `.sync`, an
/// optional one such as `{.sat}`, or a group such as `.type`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ModifierSlot {
    /// The group's name (`type`, `rnd`), or the literal itself (`sat`).
    pub name: String,
    /// The accepted values, without dots; a value may have several words (`xor.popc`).
    pub values: Vec<String>,
    /// Whether the slot may be left empty.
    pub optional: bool,
    /// Whether it is a group (`.type`) rather than a literal (`.sat`).
    pub is_group: bool,
    /// Positional class.
    pub class: SlotClass,
}

/// What an operand position accepts, as a shape.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OperandShape {
    /// A register, immediate, special register or (where allowed) a symbol.
    Value,
    /// `[address]`.
    Address,
    /// `{a, b, ...}` of a fixed length.
    Vector(usize),
    /// `{a, b, ...}` as long as the named slot says; a scalar when the slot is empty.
    VectorBySlot(usize),
    /// `d|p`: a value and an optional predicate.
    Pair,
    /// `[tensorMap, {c0, c1, ...}]`: a tensor address with this many coordinates.
    TensorAddress(usize),
    /// A label (branch target) or function name.
    Label,
    /// `(a, b)`: a parameter list.
    List,
    /// A whole `.v4` special register (`%tid`, `%clusterid`): its four
    /// components, as `mov.v4.u32 {x, y, z, _}, %tid` reads them.
    SpecialVector,
}

/// The selectors a video instruction's operand takes (PTX ISA "Video
/// Instructions"), written after the register: `a.b1`, `d.h10`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SelectorKind {
    /// One byte or half-word of a scalar video operand: `.b0` to `.b3`,
    /// `.h0`, `.h1` (`asel`, `bsel`, `dsel`).
    Part,
    /// The half-words of a two-way SIMD source: `.hxy`, `x` and `y` from 0
    /// to 3, indices into the half-words of `b:a` (`a`'s are 0 and 1).
    Halves,
    /// The bytes of a four-way SIMD source: `.bxyzw`, each from 0 to 7,
    /// indices into the bytes of `b:a` (`a`'s are 0 to 3).
    Bytes,
    /// The half-words of `d` a two-way SIMD result writes: `.h0`, `.h1`, `.h10`.
    HalfMask,
    /// The bytes of `d` a four-way SIMD result writes: `.b0` ... `.b3210`,
    /// the positions in descending order.
    ByteMask,
}

impl SelectorKind {
    /// Whether `word` (without its dot) is a selector of this kind.
    ///
    /// ```
    /// use ptx_core::SelectorKind;
    /// assert!(SelectorKind::Bytes.accepts("b7654"));
    /// assert!(!SelectorKind::Bytes.accepts("b8000"));
    /// assert!(SelectorKind::ByteMask.accepts("b31"));
    /// assert!(!SelectorKind::ByteMask.accepts("b13"));
    /// ```
    pub fn accepts(self, word: &str) -> bool {
        let (unit, digits) = match word.strip_prefix('b') {
            Some(rest) => ("b", rest),
            None => ("h", word.strip_prefix('h').unwrap_or("x")),
        };
        if !digits.bytes().all(|c| c.is_ascii_digit()) {
            return false;
        }
        let digits: Vec<u8> = digits.bytes().map(|c| c - b'0').collect();
        let all_below = |n: u8| digits.iter().all(|&d| d < n);
        let descending = digits.windows(2).all(|w| w[0] > w[1]);
        match self {
            SelectorKind::Part => {
                digits.len() == 1 && (unit == "b" && all_below(4) || unit == "h" && all_below(2))
            }
            SelectorKind::Halves => unit == "h" && digits.len() == 2 && all_below(4),
            SelectorKind::Bytes => unit == "b" && digits.len() == 4 && all_below(8),
            SelectorKind::HalfMask => {
                unit == "h" && !digits.is_empty() && all_below(2) && descending
            }
            SelectorKind::ByteMask => {
                unit == "b" && !digits.is_empty() && all_below(4) && descending
            }
        }
    }

    /// What the kind accepts, for messages.
    pub fn describe(self) -> &'static str {
        match self {
            SelectorKind::Part => {
                "one byte or half-word: `.b0`, `.b1`, `.b2`, `.b3`, `.h0` or `.h1`"
            }
            SelectorKind::Halves => {
                "two half-words of `b:a`, as in `.h10` (`a`'s, the default of `a`) or `.h32` (`b`'s, the default of `b`): `.hxy` with x and y from 0 to 3"
            }
            SelectorKind::Bytes => {
                "four bytes of `b:a`, as in `.b3210` (`a`'s, the default of `a`) or `.b7654` (`b`'s, the default of `b`): `.bxyzw` with each from 0 to 7"
            }
            SelectorKind::HalfMask => "the half-words written: `.h0`, `.h1` or `.h10`",
            SelectorKind::ByteMask => {
                "the bytes written, in descending order: `.b0`, `.b10`, `.b210`, `.b3210`, `.b31`, ..."
            }
        }
    }
}

/// Which kind of value an operand is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ImmediatePolicy {
    /// A register or an immediate.
    Either,
    /// A register only.
    Register,
    /// An immediate only.
    Immediate,
}

/// The type an operand must fit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TypeRef {
    /// A fixed type (`.pred`, `.u32`).
    Fixed(ScalarType),
    /// The type bound to slot `n` of the form.
    Slot(usize),
    /// No type: labels, lists.
    None,
}

/// One operand position of a form.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OperandSpec {
    /// The name in the spec (`d`, `a`, `mask`).
    pub name: String,
    /// Read, written or both.
    pub access: OperandAccess,
    /// Its shape.
    pub shape: OperandShape,
    /// The type of the value (of each element, for vectors).
    pub ty: TypeRef,
    /// Register, immediate, or either.
    pub immediate: ImmediatePolicy,
    /// Accepted immediate values, inclusive, if limited.
    pub range: Option<(i128, i128)>,
    /// Accepted immediate values, if a set.
    pub allowed: Vec<i128>,
    /// An immediate must be a multiple of this (a barrier's thread count:
    /// "Number of threads participating in barrier must be in multiple of
    /// warp size"), if set.
    pub multiple_of: Option<i128>,
    /// Whether `_` is accepted.
    pub sink: bool,
    /// Whether only `_` is accepted (a result the instruction cannot return here).
    pub only_sink: bool,
    /// For `d|p`: whether the predicate part must be written.
    pub paired: bool,
    /// Whether `!p` is accepted.
    pub negatable: bool,
    /// Whether `-a` is accepted (`vmad`'s sources).
    pub minus: bool,
    /// The video operand selector the operand takes, if any.
    pub selector: Option<SelectorKind>,
    /// Whether the selector must be written (`d.dsel` of a data merge).
    pub selector_required: bool,
    /// Whether the address of a variable (a symbol) is accepted.
    pub symbol: bool,
    /// For addresses: a generic or `.global` address must be held in a 64-bit
    /// register (the modules nvcc writes are `.address_size 64`; the windows
    /// of `.shared`, `.local`, `.const` and `.param` take 32-bit offsets).
    pub wide_address: bool,
    /// For addresses: whether `.unified` may follow (`[a].unified`).
    pub unified: bool,
    /// Whether the operand may be left out (trailing operands only).
    pub optional: bool,
}

/// One instruction form: opcode, modifiers, operands, target, semantics.
#[derive(Clone, Debug)]
pub struct InstructionForm {
    /// Index in the table.
    pub id: usize,
    /// The instruction name (`mul`, `cp`).
    pub opcode: String,
    /// Modifiers that must follow the name directly, in order (`lo` of `mul.lo`).
    pub head: Vec<String>,
    /// The other modifier positions, in the order the ISA writes them.
    pub slots: Vec<ModifierSlot>,
    /// The operand positions.
    pub operands: Vec<OperandSpec>,
    /// How strictly registers must fit.
    pub fit: FitRule,
    /// Oldest PTX ISA version with this form.
    pub ptx: PtxVersion,
    /// Oldest `sm_` target with this form.
    pub sm: u32,
    /// Whether it needs an `a`/`f` target.
    pub variant: TargetVariant,
    /// The operation it performs, which the simulator runs.
    pub semantics: Semantics,
    /// The family, for docs.
    pub family: Family,
    /// The spec as written in the table (shared by the forms of a line
    /// written out over its groups).
    pub syntax: String,
    /// Extra rule between modifiers.
    pub rule: Option<Rule>,
    /// Modifiers that need a newer target than the form.
    pub gates: Vec<Gate>,
    /// Where newer targets dropped the form.
    pub removed: Option<Removal>,
    /// Whether a modifier written twice is an error (`.sync` excepted).
    pub no_repeats: bool,
    /// Every word a slot value is made of (`xor` and `popc` of `xor.popc`),
    /// sorted: a modifier outside it cannot bind to the form.
    pub(crate) words: Vec<String>,
}

impl InstructionForm {
    /// The index of the slot called `name`.
    pub fn slot(&self, name: &str) -> Option<usize> {
        self.slots.iter().position(|s| s.name == name)
    }

    /// Whether `word` is, or is a part of, one of the slots' values.
    pub(crate) fn knows_word(&self, word: &str) -> bool {
        self.words
            .binary_search_by(|w| w.as_str().cmp(word))
            .is_ok()
    }

    /// The opcode with its head: `mul.lo`.
    pub fn head_text(&self) -> String {
        let mut s = self.opcode.clone();
        for h in &self.head {
            s.push('.');
            s.push_str(h);
        }
        s
    }

    /// The form in the PTX ISA's own notation, for messages:
    /// `mul.lo.type d, a, b; .type = { .u16, .u32 }`.
    ///
    /// ```
    /// let f = ptx_core::table().forms_of("mul").find(|f| f.head == ["lo"]).unwrap();
    /// assert_eq!(f.isa_syntax(), "mul.lo.type d, a, b; .type = { .u16, .u32, .u64, .s16, .s32, .s64 }");
    /// ```
    pub fn isa_syntax(&self) -> String {
        let mut s = self.head_text();
        let mut groups = Vec::new();
        for slot in &self.slots {
            let word = format!(".{}", slot.name);
            if slot.optional {
                s.push_str(&format!("{{{word}}}"));
            } else {
                s.push_str(&word);
            }
            if slot.is_group {
                let values: Vec<String> = slot.values.iter().map(|v| format!(".{v}")).collect();
                groups.push(format!("{word} = {{ {} }}", values.join(", ")));
            }
        }
        let operands: Vec<String> = self
            .operands
            .iter()
            .map(|o| {
                let name = match &o.shape {
                    OperandShape::Address => format!("[{}]", o.name),
                    OperandShape::Vector(_)
                    | OperandShape::VectorBySlot(_)
                    | OperandShape::List => format!("{{{}}}", o.name),
                    OperandShape::Pair => format!("{}{{|p}}", o.name),
                    _ if o.negatable => format!("{{!}}{}", o.name),
                    _ if o.minus => format!("{{-}}{}", o.name),
                    _ => o.name.clone(),
                };
                let name = match (o.selector, o.selector_required) {
                    (None, _) => name,
                    (Some(kind), required) => {
                        let sel = match kind {
                            SelectorKind::HalfMask | SelectorKind::ByteMask => "mask".to_string(),
                            _ => format!("{}sel", o.name),
                        };
                        if required {
                            format!("{name}.{sel}")
                        } else {
                            format!("{name}{{.{sel}}}")
                        }
                    }
                };
                if o.optional {
                    format!("{{{name}}}")
                } else {
                    name
                }
            })
            .collect();
        if !operands.is_empty() {
            s.push(' ');
            s.push_str(&operands.join(", "));
        }
        for g in groups {
            s.push_str("; ");
            s.push_str(&g);
        }
        s
    }

    /// The number of operands that must be written.
    pub fn required_operands(&self) -> usize {
        self.operands.iter().filter(|o| !o.optional).count()
    }
}

/// A form with its modifier slots bound to the values written.
///
/// ```
/// use ptx_core::{check_asm, ScalarType, Target};
/// let checked = check_asm("add.sat.s32 %0, %1, %2;", &["=r", "r", "r"], Target::default()).unwrap();
/// let bound = &checked.instructions[0].bound;
/// assert!(bound.has("sat"));
/// assert_eq!(bound.types(), [ScalarType::S32]);
/// ```
#[derive(Clone, Debug)]
pub struct Bound {
    /// The form.
    pub form: &'static InstructionForm,
    /// For each slot of the form, the value written (`None` when left out).
    pub values: Vec<Option<&'static str>>,
}

impl Bound {
    /// The value bound to the slot called `name` (a group such as `"rnd"`, or a literal such as `"sat"`).
    pub fn value(&self, name: &str) -> Option<&'static str> {
        self.form.slot(name).and_then(|i| self.values[i])
    }

    /// Whether a modifier with value `value` was written in any slot.
    pub fn has(&self, value: &str) -> bool {
        self.values.contains(&Some(value))
    }

    /// The type bound to the slot called `name`.
    pub fn ty(&self, name: &str) -> Option<ScalarType> {
        self.value(name).and_then(ScalarType::from_name)
    }

    /// The type an operand spec refers to, under this binding.
    pub fn resolve(&self, ty: TypeRef) -> Option<ScalarType> {
        match ty {
            TypeRef::Fixed(t) => Some(t),
            TypeRef::Slot(i) => self
                .values
                .get(i)
                .copied()
                .flatten()
                .and_then(ScalarType::from_name),
            TypeRef::None => None,
        }
    }

    /// Every type modifier written, in order.
    pub fn types(&self) -> Vec<ScalarType> {
        self.form
            .slots
            .iter()
            .zip(&self.values)
            .filter(|(s, _)| s.class == SlotClass::Type)
            .filter_map(|(_, v)| v.and_then(ScalarType::from_name))
            .collect()
    }

    /// The canonical opcode text: head, then every bound modifier in the ISA's order.
    pub fn canonical_opcode(&self) -> String {
        let mut s = self.form.head_text();
        for v in self.values.iter().flatten() {
            s.push('.');
            s.push_str(v);
        }
        s
    }
}

/// Every instruction form, indexed by instruction name.
pub struct InstructionTable {
    forms: Vec<InstructionForm>,
    by_opcode: HashMap<String, Vec<usize>>,
}

impl InstructionTable {
    /// Every form, in table order.
    pub fn forms(&self) -> &[InstructionForm] {
        &self.forms
    }

    /// The forms of instruction `opcode` (the name before the first dot).
    pub fn forms_of(&self, opcode: &str) -> impl Iterator<Item = &InstructionForm> {
        self.by_opcode
            .get(opcode)
            .into_iter()
            .flatten()
            .map(move |&i| &self.forms[i])
    }

    /// Every instruction name.
    pub fn opcodes(&self) -> impl Iterator<Item = &str> {
        self.by_opcode.keys().map(String::as_str)
    }
}

fn entries() -> Vec<(Family, Vec<Entry>)> {
    vec![
        (Family::Integer, integer::entries()),
        (Family::Video, video::entries()),
        (Family::Float, float::entries()),
        (Family::Approx, approx::entries()),
        (Family::Half, half::entries()),
        (Family::Logic, logic::entries()),
        (Family::Compare, compare::entries()),
        (Family::Convert, convert::entries()),
        (Family::Movement, movement::entries()),
        (Family::Memory, memory::entries()),
        (Family::Memory, texture::entries()),
        (Family::Control, control::entries()),
        (Family::Sync, sync::entries()),
        (Family::Warp, warp::entries()),
        (Family::AsyncCopy, async_copy::entries()),
        (Family::Matrix, matrix::entries()),
        (Family::Misc, misc::entries()),
    ]
}

/// Parses every entry, returning the table and the specs that do not parse
/// (those are left out; the `every_spec_parses` test keeps the list empty).
fn build() -> (InstructionTable, Vec<String>) {
    let mut forms = Vec::new();
    let mut errors = Vec::new();
    for (family, list) in entries() {
        for entry in list {
            match spec::parse_forms(&entry, family, forms.len()) {
                Ok(f) => forms.extend(f),
                Err(e) => errors.push(format!("`{}`: {e}", entry.text())),
            }
        }
    }
    let mut by_opcode: HashMap<String, Vec<usize>> = HashMap::new();
    for f in &forms {
        by_opcode.entry(f.opcode.clone()).or_default().push(f.id);
    }
    (InstructionTable { forms, by_opcode }, errors)
}

/// The instruction table, built on first use.
///
/// ```
/// let table = ptx_core::table();
/// assert!(table.forms_of("mul").count() >= 4);
/// let add = table.forms_of("add").next().unwrap();
/// assert_eq!(add.opcode, "add");
/// ```
pub fn table() -> &'static InstructionTable {
    static TABLE: OnceLock<InstructionTable> = OnceLock::new();
    TABLE.get_or_init(|| build().0)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Prints every form, in table order, as `{:?}` with the function
    /// pointers (rules, gate tests) replaced by whether they are there, since
    /// their addresses change from build to build. A tool for rewriting the
    /// family files: the output before and after must be the same.
    /// `cargo test --release -p ptx-core --lib dump_table -- --ignored --nocapture`
    #[test]
    #[ignore]
    fn dump_table() {
        for form in table().forms() {
            let mut plain = form.clone();
            let has_rule = plain.rule.take().is_some();
            let gate_tests: Vec<bool> = plain
                .gates
                .iter_mut()
                .map(|g| g.when.take().is_some())
                .collect();
            println!("TABLE rule={has_rule} gate_tests={gate_tests:?} {plain:?}");
        }
    }

    #[test]
    fn every_spec_parses() {
        let errors = build().1;
        assert!(
            errors.is_empty(),
            "{} table entries do not parse:\n{}",
            errors.len(),
            errors.join("\n")
        );
    }
}
