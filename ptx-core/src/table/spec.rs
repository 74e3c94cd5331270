//! The parser of the table's spec notation (described in the module above).
//!
//! # Lines that stand for several forms
//!
//! The ISA writes one syntax line for many forms (`wgmma.mma_async`'s
//! `.shape` has 32 values) where an operand's size depends on the values
//! (the accumulator of `.m64n8k16` holds 4 registers, of `.m64n256k16` 128).
//! Such a line is written as the ISA writes it, with the entry saying what
//! the notation cannot:
//!
//! * [`Entry::each`] names groups (or optional modifiers) the line is
//!   *written out over*: it makes one form per value of each, the first
//!   named varying slowest, in which the group is that value written
//!   literally, and, for an optional group or modifier, also the forms
//!   without it. The forms are those one line per value would make; each
//!   keeps the line as its [`InstructionForm::syntax`].
//! * [`Entry::fragments`] gives a function of each such form (a
//!   [`Choice`]: the value each group took, and the type modifiers) that
//!   returns its operand sizes from the ISA's fragment tables, or `None`
//!   where the ISA has no such combination (the form is left out).
//!
//! In the line, `#` stands for the number the fragment table gives the
//! operand: `d*#` a vector of that many registers (of the type the table
//! gives, unless the operand names one), `[t, c*#]` that many tensor
//! coordinates, `f:imm:0..#` immediates up to it. A length may also be
//! `.group` for a group the line is written out over: `[t, c*.dim]` has as
//! many coordinates as the number in the `.dim` value (3 for `.3d`). An
//! operand with the attribute `if.g` (`policy:.u64:if.L2::cache_hint`) is
//! there only in the forms where `.g` is written, as the ISA's `{, policy}`
//! goes with `{.L2::cache_hint}`. [`Entry::each`] may also name an optional
//! operand that other operands follow (`tcgen05.mma`'s
//! `{, disable-output-lane}`, written `lanes*#?:.b32`): the forms are then
//! those without it and those with it.

use super::{
    Entry, Family, ImmediatePolicy, InstructionForm, ModifierSlot, OperandShape, OperandSpec,
    SelectorKind, SlotClass, TypeRef,
};
use crate::{OperandAccess, ScalarType};

/// Groups that specs may use without defining them: the rounding modes and
/// the other modifier sets that recur across the ISA.
///
/// ```
/// let rnd = ptx_core::common_groups().iter().find(|(n, _)| *n == "rnd").unwrap();
/// assert_eq!(rnd.1, ["rn", "rz", "rm", "rp"]);
/// ```
pub fn common_groups() -> &'static [(&'static str, &'static [&'static str])] {
    &[
        ("rnd", &["rn", "rz", "rm", "rp"]),
        ("irnd", &["rni", "rzi", "rmi", "rpi"]),
        ("scope", &["cta", "cluster", "gpu", "sys"]),
        ("cmp_signed", &["eq", "ne", "lt", "le", "gt", "ge"]),
        (
            "cmp_unsigned",
            &["eq", "ne", "lt", "le", "gt", "ge", "lo", "ls", "hi", "hs"],
        ),
        ("cmp_bit", &["eq", "ne"]),
        (
            "cmp_float",
            &[
                "eq", "ne", "lt", "le", "gt", "ge", "equ", "neu", "ltu", "leu", "gtu", "geu",
                "num", "nan",
            ],
        ),
        ("boolop", &["and", "or", "xor"]),
    ]
}

fn is_word_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_' || c == ':'
}

fn split_words(s: &str) -> impl Iterator<Item = &str> {
    s.split(|c: char| c == ',' || c.is_whitespace())
        .filter(|w| !w.is_empty())
}

/// A mistake in an entry's spec notation (a table author's error, never a
/// user's): `build` reports it with the entry, and the `every_spec_parses`
/// test keeps the table free of them.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub(super) enum SpecError {
    #[error("group mixes types or layouts with other modifiers: {values:?}")]
    MixedGroup { values: Vec<String> },
    #[error("group definition `{definition}` has no `=`")]
    GroupWithoutEquals { definition: String },
    #[error("group name `{name}` must start with `.`")]
    GroupNameWithoutDot { name: String },
    #[error("group value `{value}` must start with `.`")]
    GroupValueWithoutDot { value: String },
    #[error("group `.{name}` has no values")]
    EmptyGroup { name: String },
    #[error("group `.{name}` is defined but not used in the opcode")]
    UnusedGroup { name: String },
    #[error("`{name}`, which the line is written out over, names no modifier slot or group")]
    UnknownEach { name: String },
    #[error("the line is written out over `.{value}`, a value of several words")]
    MultiWordEach { value: String },
    #[error("operand `{operand}` is sized `#`, but the fragment table gives it no size")]
    MissingFragment { operand: String },
    #[error("operand `{name}` follows an optional operand")]
    RequiredAfterOptional { name: String },
    #[error("bad instruction name in `{opcode}`")]
    BadInstructionName { opcode: String },
    #[error("bad head in `{opcode}`")]
    BadHead { opcode: String },
    #[error("unclosed `{{` in `{opcode}`")]
    UnclosedBrace { opcode: String },
    #[error("expected `.word` at `{at}` in `{opcode}`")]
    ExpectedWord { at: String, opcode: String },
    #[error("bad modifier `{modifier}` in `{opcode}`")]
    BadModifier { modifier: String, opcode: String },
    #[error("empty operand")]
    EmptyOperand,
    #[error("bad tensor coordinates `{coordinates}`")]
    BadTensorCoordinates { coordinates: String },
    #[error("vector length `.{slot}` names no modifier slot")]
    UnknownLengthSlot { slot: String },
    #[error("bad vector length `{length}`")]
    BadVectorLength { length: String },
    #[error("bad operand name `{name}`")]
    BadOperandName { name: String },
    #[error("type `.{ty}` of operand `{operand}` is neither a type nor a slot")]
    UnknownType { ty: String, operand: String },
    #[error("slot `.{slot}` used as the type of `{operand}` holds no types")]
    TypeSlotWithoutTypes { slot: String, operand: String },
    #[error("bad range `{range}`")]
    BadRange { range: String },
    #[error("bad value set `{set}`")]
    BadValueSet { set: String },
    #[error("unknown operand attribute `{attribute}` on `{operand}`")]
    UnknownAttribute { attribute: String, operand: String },
    #[error("`paired` on `{operand}`, which is not written `d|p`")]
    PairedNotPair { operand: String },
    #[error("operand `{operand}` needs a type: the form has no type modifier")]
    MissingType { operand: String },
}

/// The class of a slot from its values: all types, all layouts, or free.
fn class_of(values: &[String]) -> Result<SlotClass, SpecError> {
    let types = values
        .iter()
        .filter(|v| ScalarType::from_name(v).is_some())
        .count();
    let layouts = values.iter().filter(|v| *v == "row" || *v == "col").count();
    if types == values.len() {
        Ok(SlotClass::Type)
    } else if layouts == values.len() {
        Ok(SlotClass::Layout)
    } else if types == 0 && layouts == 0 {
        Ok(SlotClass::Free)
    } else {
        Err(SpecError::MixedGroup {
            values: values.to_vec(),
        })
    }
}

/// What a line's fragment table says about one of its forms (see
/// [`Entry::fragments`]): the sizes of its `#` operands, or `None` where
/// the ISA has no such form.
pub(crate) type FragmentTable = fn(&Choice) -> Option<Vec<Fragment>>;

/// The size of one operand of a form, from the ISA's fragment tables: the
/// length of a vector written `*#` (`d*#`, or the coordinates `c*#` of
/// `[t, c*#]`) or the upper bound of a range written `..#`, and the
/// register type of an operand written without one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Fragment {
    pub operand: &'static str,
    pub count: u32,
    pub ty: Option<&'static str>,
}

impl Fragment {
    /// Operand `operand` has `count` elements (or takes immediates up to `count`).
    pub(crate) const fn of(operand: &'static str, count: u32) -> Fragment {
        Fragment {
            operand,
            count,
            ty: None,
        }
    }

    /// The operand's registers are of type `ty` (`f16x2`).
    pub(crate) const fn typed(mut self, ty: &'static str) -> Fragment {
        self.ty = Some(ty);
        self
    }
}

/// One form of a line written out over groups ([`Entry::each`]), as its
/// fragment table sees it: the value each group took, and the modifiers.
pub(crate) struct Choice<'a> {
    chosen: &'a [(String, Option<String>)],
    slots: &'a [ModifierSlot],
}

impl Choice<'_> {
    /// The value group `name` took in this form, without its dot (`None`:
    /// an optional group left out).
    pub(crate) fn value(&self, name: &str) -> Option<&str> {
        self.chosen
            .iter()
            .find(|(n, _)| n == name)
            .and_then(|(_, v)| v.as_deref())
    }

    /// The form's type modifiers in order; a group that stays a group
    /// (`.atype = { .e4m3, .e5m2 }`) gives its first value.
    pub(crate) fn types(&self) -> Vec<&str> {
        self.slots
            .iter()
            .filter(|s| s.class == SlotClass::Type)
            .map(|s| s.values[0].as_str())
            .collect()
    }
}

/// Group definitions: each group's name and values, without their dots.
type Groups = Vec<(String, Vec<String>)>;

/// A line's spec split into its main part and its group definitions.
fn split_spec(spec: &str) -> Result<(&str, Groups), SpecError> {
    let mut sections = spec.split(';');
    let main = sections.next().unwrap_or("").trim();
    let mut groups: Groups = Vec::new();
    for def in sections.map(str::trim).filter(|d| !d.is_empty()) {
        let (name, values) = def
            .split_once('=')
            .ok_or_else(|| SpecError::GroupWithoutEquals {
                definition: def.to_owned(),
            })?;
        let name = name
            .trim()
            .strip_prefix('.')
            .ok_or_else(|| SpecError::GroupNameWithoutDot {
                name: name.to_owned(),
            })?;
        let values: Vec<String> =
            split_words(values.trim().trim_start_matches('{').trim_end_matches('}'))
                .map(|v| {
                    v.strip_prefix('.').map(str::to_string).ok_or_else(|| {
                        SpecError::GroupValueWithoutDot {
                            value: v.to_owned(),
                        }
                    })
                })
                .collect::<Result<_, _>>()?;
        if values.is_empty() {
            return Err(SpecError::EmptyGroup {
                name: name.to_owned(),
            });
        }
        groups.push((name.to_string(), values));
    }
    Ok((main, groups))
}

/// The choices of each slot a line is written out over: its values, and
/// for an optional slot first its absence.
type Axis = (usize, Vec<Option<String>>);

/// Whether the operand list has an optional operand called `name` (`lanes*#?:.b32`).
fn optional_operand(operands: &str, name: &str) -> bool {
    split_operands(operands).into_iter().any(|item| {
        let shape = item.trim().split(':').next().unwrap_or("");
        let written: String = shape
            .trim_start_matches(['=', '+'])
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect();
        written == name && shape.ends_with('?')
    })
}

/// The axes a line is written out over, in [`Entry::each`]'s order: a slot
/// is known by its index, an optional operand by `usize::MAX`.
fn axes(entry: &Entry, slots: &[ModifierSlot], operands: &str) -> Result<Vec<Axis>, SpecError> {
    let mut axes = Vec::new();
    for name in entry.each {
        let Some(k) = slots.iter().position(|s| s.name == *name) else {
            if optional_operand(operands, name) {
                axes.push((usize::MAX, vec![None, Some(name.to_string())]));
                continue;
            }
            return Err(SpecError::UnknownEach {
                name: name.to_string(),
            });
        };
        let slot = &slots[k];
        let mut choices = Vec::new();
        if slot.optional {
            choices.push(None);
        }
        for v in &slot.values {
            if v.contains('.') {
                return Err(SpecError::MultiWordEach { value: v.clone() });
            }
            choices.push(Some(v.clone()));
        }
        axes.push((k, choices));
    }
    Ok(axes)
}

/// The forms of one table line: one, or, for a line written out over
/// groups ([`Entry::each`]), one per combination of their values that the
/// line's fragment table keeps, numbered from `first_id`.
pub(super) fn parse_forms(
    entry: &Entry,
    family: Family,
    first_id: usize,
) -> Result<Vec<InstructionForm>, SpecError> {
    let text = entry.text();
    let spec = text.trim();
    let (main, groups) = split_spec(spec)?;
    let (opcode_part, operand_part) = match main.find(char::is_whitespace) {
        Some(i) => (&main[..i], main[i..].trim()),
        None => (main, ""),
    };
    let (opcode, head, slots) = parse_opcode(opcode_part, &groups)?;
    let axes = axes(entry, &slots, operand_part)?;
    let mut forms = Vec::new();
    // An odometer over the axes, the last turning fastest.
    let mut pick = vec![0; axes.len()];
    loop {
        let chosen: Vec<(String, Option<String>)> = axes
            .iter()
            .zip(&pick)
            .zip(entry.each)
            .map(|(((_, choices), &i), name)| (name.to_string(), choices[i].clone()))
            .collect();
        let mut these = Vec::new();
        for (k, slot) in slots.iter().enumerate() {
            match axes.iter().position(|(j, _)| *j == k) {
                None => these.push(slot.clone()),
                Some(a) => {
                    if let Some(v) = &axes[a].1[pick[a]] {
                        these.push(ModifierSlot {
                            name: v.clone(),
                            values: vec![v.clone()],
                            optional: false,
                            is_group: false,
                            class: class_of(std::slice::from_ref(v))?,
                        });
                    }
                }
            }
        }
        let parts = FormParts {
            spec,
            opcode: &opcode,
            head: &head,
            operands: operand_part,
        };
        if let Some(form) = make_form(entry, family, first_id + forms.len(), parts, these, &chosen)?
        {
            forms.push(form);
        }
        let mut a = axes.len();
        loop {
            if a == 0 {
                return Ok(forms);
            }
            a -= 1;
            pick[a] += 1;
            if pick[a] < axes[a].1.len() {
                break;
            }
            pick[a] = 0;
        }
    }
}

/// The text of a line that every form of it shares.
#[derive(Clone, Copy)]
struct FormParts<'a> {
    spec: &'a str,
    opcode: &'a str,
    head: &'a [String],
    operands: &'a str,
}

/// What an operand is read against besides its form: the values of the
/// groups the line is written out over, and the form's fragment sizes.
struct Context<'a> {
    chosen: &'a [(String, Option<String>)],
    fragments: &'a [Fragment],
}

impl Context<'_> {
    fn fragment(&self, operand: &str) -> Result<&Fragment, SpecError> {
        self.fragments
            .iter()
            .find(|f| f.operand == operand)
            .ok_or_else(|| SpecError::MissingFragment {
                operand: operand.to_owned(),
            })
    }
}

/// One form with slots `slots`, or `None` where the fragment table leaves
/// the combination out.
fn make_form(
    entry: &Entry,
    family: Family,
    id: usize,
    parts: FormParts,
    slots: Vec<ModifierSlot>,
    chosen: &[(String, Option<String>)],
) -> Result<Option<InstructionForm>, SpecError> {
    let fragments = match entry.fragments {
        Some(table) => match table(&Choice {
            chosen,
            slots: &slots,
        }) {
            Some(f) => f,
            None => return Ok(None),
        },
        None => Vec::new(),
    };
    let mut words: Vec<String> = slots
        .iter()
        .flat_map(|s: &ModifierSlot| &s.values)
        .flat_map(|v| v.split('.'))
        .map(str::to_string)
        .collect();
    words.sort_unstable();
    words.dedup();
    let mut form = InstructionForm {
        id,
        opcode: parts.opcode.to_owned(),
        head: parts.head.to_vec(),
        slots,
        operands: Vec::new(),
        fit: entry.fit,
        ptx: entry.ptx,
        sm: entry.sm,
        variant: entry.variant,
        semantics: entry.semantics,
        family,
        syntax: parts.spec.to_string(),
        rule: entry.rule,
        gates: entry.gates.clone(),
        removed: entry.removed,
        no_repeats: entry.no_repeats,
        words,
    };
    let cx = Context {
        chosen,
        fragments: &fragments,
    };
    if !parts.operands.is_empty() {
        for item in split_operands(parts.operands) {
            if let Some(op) = parse_operand(item.trim(), &form, &cx)? {
                form.operands.push(op);
            }
        }
    }
    let mut seen_optional = false;
    for op in &form.operands {
        if seen_optional && !op.optional {
            return Err(SpecError::RequiredAfterOptional {
                name: op.name.clone(),
            });
        }
        seen_optional |= op.optional;
    }
    Ok(Some(form))
}

/// Splits the operand list at the commas outside brackets (`[t, c*2]` is one operand).
fn split_operands(text: &str) -> Vec<&str> {
    let mut items = Vec::new();
    let (mut depth, mut start) = (0i32, 0);
    for (i, c) in text.char_indices() {
        match c {
            '[' => depth += 1,
            ']' => depth -= 1,
            ',' if depth == 0 => {
                items.push(&text[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    items.push(&text[start..]);
    items
}

fn lookup_group(name: &str, groups: &[(String, Vec<String>)]) -> Option<Vec<String>> {
    if let Some((_, v)) = groups.iter().find(|(n, _)| n == name) {
        return Some(v.clone());
    }
    common_groups()
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, v)| v.iter().map(|s| s.to_string()).collect())
}

type OpcodeParts = (String, Vec<String>, Vec<ModifierSlot>);

fn parse_opcode(text: &str, groups: &[(String, Vec<String>)]) -> Result<OpcodeParts, SpecError> {
    let (head_text, rest) = match text.split_once('/') {
        Some((h, r)) => (h, r),
        None => {
            let end = text.find(['.', '{']).unwrap_or(text.len());
            (&text[..end], &text[end..])
        }
    };
    let mut head_words = head_text.split('.');
    let opcode = head_words.next().unwrap_or("").to_string();
    if opcode.is_empty() || !opcode.chars().all(is_word_char) {
        return Err(SpecError::BadInstructionName {
            opcode: text.to_owned(),
        });
    }
    let head: Vec<String> = head_words.map(str::to_string).collect();
    if head
        .iter()
        .any(|h| h.is_empty() || !h.chars().all(is_word_char))
    {
        return Err(SpecError::BadHead {
            opcode: text.to_owned(),
        });
    }
    let mut slots = Vec::new();
    let mut chars = rest.char_indices().peekable();
    while let Some(&(i, c)) = chars.peek() {
        let optional = c == '{';
        let body_start = if optional { i + 1 } else { i };
        let body_end = if optional {
            rest[body_start..]
                .find('}')
                .map(|j| body_start + j)
                .ok_or_else(|| SpecError::UnclosedBrace {
                    opcode: text.to_owned(),
                })?
        } else {
            let after_dot = body_start + 1;
            rest[after_dot..]
                .find(['.', '{'])
                .map_or(rest.len(), |j| after_dot + j)
        };
        let body = &rest[body_start..body_end];
        let word = body
            .strip_prefix('.')
            .ok_or_else(|| SpecError::ExpectedWord {
                at: rest[i..].to_owned(),
                opcode: text.to_owned(),
            })?;
        if word.is_empty() || !word.chars().all(is_word_char) {
            return Err(SpecError::BadModifier {
                modifier: body.to_owned(),
                opcode: text.to_owned(),
            });
        }
        let next = if optional { body_end + 1 } else { body_end };
        while chars.peek().is_some_and(|&(j, _)| j < next) {
            chars.next();
        }
        let (values, is_group) = match lookup_group(word, groups) {
            Some(v) => (v, true),
            None => (vec![word.to_string()], false),
        };
        let class = class_of(&values)?;
        slots.push(ModifierSlot {
            name: word.to_string(),
            values,
            optional,
            is_group,
            class,
        });
    }
    for (name, _) in groups {
        if !slots.iter().any(|s| &s.name == name) {
            return Err(SpecError::UnusedGroup { name: name.clone() });
        }
    }
    Ok((opcode, head, slots))
}

/// The length of a vector or of tensor coordinates written after `*`: a
/// number, `#` (the fragment table's), or `.group`, for a group the line is
/// written out over (the number in its value: `c*.dim` is 3 for `.3d`).
fn written_length(name: &str, len: &str, cx: &Context) -> Result<Option<usize>, SpecError> {
    if len == "#" {
        return Ok(Some(cx.fragment(name)?.count as usize));
    }
    if let Some(group) = len.strip_prefix('.') {
        return match cx.chosen.iter().find(|(n, _)| n == group) {
            Some((_, Some(v))) => v
                .trim_start_matches(|c: char| !c.is_ascii_digit())
                .trim_end_matches(|c: char| !c.is_ascii_digit())
                .parse()
                .map(Some)
                .map_err(|_| SpecError::BadVectorLength {
                    length: len.to_owned(),
                }),
            _ => Ok(None),
        };
    }
    len.parse()
        .map(Some)
        .map_err(|_| SpecError::BadVectorLength {
            length: len.to_owned(),
        })
}

/// An operand's attributes, split at each `:` that is not part of a `::`
/// (`policy:.u64:if.L2::cache_hint`).
fn split_attributes(attrs: &str) -> Vec<&str> {
    let bytes = attrs.as_bytes();
    let mut parts = Vec::new();
    let mut start = 0;
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b':' {
            if bytes.get(i + 1) == Some(&b':') {
                i += 2;
                continue;
            }
            parts.push(&attrs[start..i]);
            start = i + 1;
        }
        i += 1;
    }
    parts.push(&attrs[start..]);
    parts
}

/// One operand of `form`, or `None` where it is written `if.x` and the
/// form leaves `.x` out.
fn parse_operand(
    item: &str,
    form: &InstructionForm,
    cx: &Context,
) -> Result<Option<OperandSpec>, SpecError> {
    if item.is_empty() {
        return Err(SpecError::EmptyOperand);
    }
    let (shape_part, attrs) = match item.split_once(':') {
        Some((s, a)) => (s, Some(a)),
        None => (item, None),
    };
    let (access, mut rest) = match shape_part.as_bytes()[0] {
        b'=' => (OperandAccess::Write, &shape_part[1..]),
        b'+' => (OperandAccess::ReadWrite, &shape_part[1..]),
        _ => (OperandAccess::Read, shape_part),
    };
    let mut optional = rest.ends_with('?');
    if optional {
        rest = &rest[..rest.len() - 1];
    }
    let (mut shape, name) =
        if let Some(inner) = rest.strip_prefix('[').and_then(|r| r.strip_suffix(']')) {
            match inner.split_once(',') {
                Some((map, coords)) => {
                    let bad = || SpecError::BadTensorCoordinates {
                        coordinates: coords.to_owned(),
                    };
                    let (c, n) = coords.trim().split_once('*').ok_or_else(bad)?;
                    let len = written_length(c, n, cx).ok().flatten().ok_or_else(bad)?;
                    (OperandShape::TensorAddress(len), map.trim())
                }
                None => (OperandShape::Address, inner),
            }
        } else if let Some(inner) = rest.strip_prefix('(').and_then(|r| r.strip_suffix(')')) {
            (OperandShape::List, inner)
        } else if let Some((first, _second)) = rest.split_once('|') {
            (OperandShape::Pair, first)
        } else if let Some((name, len)) = rest.split_once('*') {
            match len.strip_prefix('.').filter(|g| form.slot(g).is_some()) {
                Some(group) => {
                    let slot = form
                        .slot(group)
                        .ok_or_else(|| SpecError::UnknownLengthSlot {
                            slot: group.to_owned(),
                        })?;
                    (OperandShape::VectorBySlot(slot), name)
                }
                None => match written_length(name, len, cx)? {
                    Some(n) => (OperandShape::Vector(n), name),
                    None => {
                        return Err(SpecError::UnknownLengthSlot {
                            slot: len.trim_start_matches('.').to_owned(),
                        });
                    }
                },
            }
        } else {
            (OperandShape::Value, rest)
        };
    if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return Err(SpecError::BadOperandName {
            name: name.to_owned(),
        });
    }
    // An optional operand the line is written out over is left out, or required.
    if optional && let Some((_, written)) = cx.chosen.iter().find(|(n, _)| n == name) {
        if written.is_none() {
            return Ok(None);
        }
        optional = false;
    }
    let mut spec = OperandSpec {
        name: name.to_string(),
        access,
        shape: shape.clone(),
        ty: TypeRef::None,
        immediate: if access == OperandAccess::Read {
            ImmediatePolicy::Either
        } else {
            ImmediatePolicy::Register
        },
        range: None,
        allowed: Vec::new(),
        multiple_of: None,
        sink: false,
        only_sink: false,
        paired: false,
        negatable: false,
        minus: false,
        selector: None,
        selector_required: false,
        symbol: false,
        wide_address: false,
        unified: false,
        optional,
    };
    let mut explicit_type = false;
    for attr in attrs.into_iter().flat_map(split_attributes) {
        match attr {
            c if c.starts_with("if.") => {
                let group = &c[3..];
                match cx.chosen.iter().find(|(n, _)| n == group) {
                    Some((_, None)) => return Ok(None),
                    Some((_, Some(_))) => {}
                    None => {
                        return Err(SpecError::UnknownEach {
                            name: group.to_owned(),
                        });
                    }
                }
            }
            "imm" => spec.immediate = ImmediatePolicy::Immediate,
            "reg" => spec.immediate = ImmediatePolicy::Register,
            "sink" => spec.sink = true,
            "paired" => spec.paired = true,
            "_" => {
                spec.sink = true;
                spec.only_sink = true;
            }
            "neg" => spec.negatable = true,
            "minus" => spec.minus = true,
            "part" => spec.selector = Some(SelectorKind::Part),
            "merge" => {
                spec.selector = Some(SelectorKind::Part);
                spec.selector_required = true;
            }
            "halves" => spec.selector = Some(SelectorKind::Halves),
            "bytes" => spec.selector = Some(SelectorKind::Bytes),
            "halfmask" => spec.selector = Some(SelectorKind::HalfMask),
            "bytemask" => spec.selector = Some(SelectorKind::ByteMask),
            "symbol" => spec.symbol = true,
            "warps" => spec.multiple_of = Some(32),
            "addr64" => spec.wide_address = true,
            "unified" => spec.unified = true,
            "label" => shape = OperandShape::Label,
            "vspecial" => shape = OperandShape::SpecialVector,
            t if t.starts_with('.') => {
                let t = &t[1..];
                spec.ty = if let Some(st) = ScalarType::from_name(t) {
                    TypeRef::Fixed(st)
                } else {
                    let slot = form.slot(t).ok_or_else(|| SpecError::UnknownType {
                        ty: t.to_owned(),
                        operand: name.to_owned(),
                    })?;
                    if form.slots[slot].class != SlotClass::Type {
                        return Err(SpecError::TypeSlotWithoutTypes {
                            slot: t.to_owned(),
                            operand: name.to_owned(),
                        });
                    }
                    TypeRef::Slot(slot)
                };
                explicit_type = true;
            }
            r if r.contains("..") => {
                let (lo, hi) = r.split_once("..").unwrap_or_default();
                let bad = || SpecError::BadRange {
                    range: r.to_owned(),
                };
                let lo = lo.parse().map_err(|_| bad())?;
                let hi = if hi == "#" {
                    i128::from(cx.fragment(name)?.count)
                } else {
                    hi.parse().map_err(|_| bad())?
                };
                spec.range = Some((lo, hi));
            }
            s if s.contains('|') || s.parse::<i128>().is_ok() => {
                spec.allowed = s
                    .split('|')
                    .map(|v| {
                        v.parse()
                            .map_err(|_| SpecError::BadValueSet { set: s.to_owned() })
                    })
                    .collect::<Result<_, _>>()?;
            }
            other => {
                return Err(SpecError::UnknownAttribute {
                    attribute: other.to_owned(),
                    operand: name.to_owned(),
                });
            }
        }
    }
    if spec.paired && shape != OperandShape::Pair {
        return Err(SpecError::PairedNotPair {
            operand: name.to_owned(),
        });
    }
    spec.shape = shape;
    let fragment_type = cx
        .fragments
        .iter()
        .find(|f| f.operand == name)
        .and_then(|f| f.ty);
    if let (false, Some(t)) = (explicit_type, fragment_type) {
        spec.ty =
            TypeRef::Fixed(
                ScalarType::from_name(t).ok_or_else(|| SpecError::UnknownType {
                    ty: t.to_owned(),
                    operand: name.to_owned(),
                })?,
            );
    } else if !explicit_type && matches!(spec.shape, OperandShape::TensorAddress(_)) {
        // Tensor coordinates are .s32 throughout the ISA.
        spec.ty = TypeRef::Fixed(ScalarType::S32);
    } else if !explicit_type
        && !matches!(
            spec.shape,
            OperandShape::Label | OperandShape::List | OperandShape::Address
        )
    {
        let last_type = form.slots.iter().rposition(|s| s.class == SlotClass::Type);
        spec.ty = match last_type {
            Some(i) => TypeRef::Slot(i),
            None => {
                return Err(SpecError::MissingType {
                    operand: name.to_owned(),
                });
            }
        };
    }
    Ok(Some(spec))
}

#[cfg(test)]
mod tests {
    use super::super::form;
    use super::*;
    use crate::Semantics;

    fn parse(spec: &'static str) -> InstructionForm {
        parse_forms(&form(spec, Semantics::Add), Family::Integer, 0)
            .unwrap()
            .remove(0)
    }

    #[test]
    fn head_groups_and_literals() {
        let f = parse("mul.lo/.type =d, a, b; .type = { .u16, .u32, .s32 }");
        assert_eq!(
            (f.opcode.as_str(), f.head.as_slice()),
            ("mul", &["lo".to_string()][..])
        );
        assert_eq!(f.slots[0].values, ["u16", "u32", "s32"]);
        assert_eq!(f.slots[0].class, SlotClass::Type);
        assert_eq!(f.operands[0].access, OperandAccess::Write);
        assert_eq!(f.operands[2].ty, TypeRef::Slot(0));
    }

    #[test]
    fn optional_and_common_groups() {
        let f = parse("add{.rnd}{.ftz}{.sat}.f32 =d, a, b");
        assert_eq!(f.slots.len(), 4);
        assert!(f.slots[0].optional && f.slots[0].is_group && f.slots[0].values.len() == 4);
        assert!(!f.slots[3].optional && !f.slots[3].is_group);
    }

    #[test]
    fn operand_shapes_and_attributes() {
        let f = parse(
            "ld{.ss}{.vec}.type =d*.vec:sink, [a], p?:.b64; .ss = { .global, .shared }; .vec = { .v2, .v4 }; .type = { .u32, .f32 }",
        );
        assert_eq!(f.operands[0].shape, OperandShape::VectorBySlot(1));
        assert!(f.operands[0].sink);
        assert_eq!(f.operands[1].shape, OperandShape::Address);
        assert!(f.operands[2].optional);
        let f = parse("lop3.b32 =d, a, b, c, lut:imm:0..255");
        assert_eq!(f.operands[4].range, Some((0, 255)));
        assert_eq!(f.operands[4].immediate, ImmediatePolicy::Immediate);
        let f = parse("setp.cmp.boolop.s32 =p|q:.pred, a, b, c:.pred:neg; .cmp = { .lt, .gt }");
        assert_eq!(f.operands[0].shape, OperandShape::Pair);
        assert!(f.operands[3].negatable);
    }

    #[test]
    fn tensor_addresses_keep_their_comma() {
        let f = parse("cp.async.bulk.tensor.2d.b32 [d], [tmap, c*2], [mbar]");
        assert_eq!(f.operands.len(), 3);
        assert_eq!(f.operands[1].shape, OperandShape::TensorAddress(2));
        assert_eq!(f.operands[1].ty, TypeRef::Fixed(ScalarType::S32));
    }

    fn parse_all(entry: Entry) -> Vec<InstructionForm> {
        parse_forms(&entry, Family::Matrix, 0).unwrap()
    }

    /// The names of the slots of each form.
    fn slot_names(forms: &[InstructionForm]) -> Vec<Vec<&str>> {
        forms
            .iter()
            .map(|f| f.slots.iter().map(|s| s.name.as_str()).collect())
            .collect()
    }

    /// An `mma` accumulator: an MxN matrix of `.f32` over 32 threads.
    fn accumulator(c: &Choice) -> Option<Vec<Fragment>> {
        let shape = c.value("shape")?;
        let (m, n) = match shape {
            "m8n8k4" => (8, 8),
            "m16n8k8" => (16, 8),
            _ => return None,
        };
        Some(vec![Fragment::of("d", m * n / 32).typed("f32")])
    }

    #[test]
    fn a_line_written_out_over_a_group_makes_a_form_per_value() {
        let entry = form(
            "mma.sync.shape.f32 =d*#, a:.b32; .shape = { .m8n8k4, .m16n8k8, .m16n8k16 }",
            Semantics::Mma,
        )
        .each(&["shape"])
        .fragments(accumulator);
        let forms = parse_all(entry);
        // The fragment table has no m16n8k16: that form is left out.
        assert_eq!(
            slot_names(&forms),
            [["sync", "m8n8k4", "f32"], ["sync", "m16n8k8", "f32"]]
        );
        assert!(forms.iter().all(|f| !f.slots[1].is_group));
        // 8x8 and 16x8 .f32 over 32 threads: 2 and 4 registers.
        assert_eq!(forms[0].operands[0].shape, OperandShape::Vector(2));
        assert_eq!(forms[1].operands[0].shape, OperandShape::Vector(4));
        assert_eq!(forms[1].operands[0].ty, TypeRef::Fixed(ScalarType::F32));
        assert_eq!(forms[1].operands[1].ty, TypeRef::Fixed(ScalarType::B32));
        assert_eq!(forms[1].id, 1);
    }

    #[test]
    fn an_optional_modifier_written_out_brings_its_operand() {
        let entry = form(
            "cp.tensor/.dim{.L2::cache_hint} [t, c*.dim], policy:.u64:if.L2::cache_hint; .dim = { .2d, .3d }",
            Semantics::CpAsyncBulkTensor,
        )
        .each(&["dim", "L2::cache_hint"]);
        let forms = parse_all(entry);
        assert_eq!(
            slot_names(&forms),
            [
                vec!["2d"],
                vec!["2d", "L2::cache_hint"],
                vec!["3d"],
                vec!["3d", "L2::cache_hint"]
            ]
        );
        let operands: Vec<usize> = forms.iter().map(|f| f.operands.len()).collect();
        assert_eq!(operands, [1, 2, 1, 2]);
        assert_eq!(forms[2].operands[0].shape, OperandShape::TensorAddress(3));
        assert!(!forms[1].slots[1].optional);
    }

    #[test]
    fn an_optional_operand_before_others_makes_forms_without_and_with_it() {
        let entry = form(
            "tcgen05.mma/.cta_group [d]:.b32, lanes*#?:.b32, enable:.pred, scale?:.u32:imm; .cta_group = { .cta_group::1, .cta_group::2 }",
            Semantics::Tcgen05Mma,
        )
        .each(&["cta_group", "lanes"])
        .fragments(|c| {
            let n = if c.value("cta_group")? == "cta_group::1" { 4 } else { 8 };
            Some(vec![Fragment::of("lanes", n)])
        });
        let forms = parse_all(entry);
        let names: Vec<Vec<&str>> = forms
            .iter()
            .map(|f| f.operands.iter().map(|o| o.name.as_str()).collect())
            .collect();
        assert_eq!(
            names,
            [
                vec!["d", "enable", "scale"],
                vec!["d", "lanes", "enable", "scale"],
                vec!["d", "enable", "scale"],
                vec!["d", "lanes", "enable", "scale"]
            ]
        );
        assert_eq!(forms[3].operands[1].shape, OperandShape::Vector(8));
        assert!(!forms[3].operands[1].optional && forms[3].operands[3].optional);
    }

    #[test]
    fn a_range_may_end_at_the_fragment_tables_number() {
        let entry = form(
            "mma.sp.shape.s32 =d:.b32, f:.u32:imm:0..#; .shape = { .m16n8k32, .m16n8k64 }",
            Semantics::MmaSp,
        )
        .each(&["shape"])
        .fragments(|c| {
            let max = if c.value("shape")? == "m16n8k32" {
                1
            } else {
                0
            };
            Some(vec![Fragment::of("f", max)])
        });
        let ranges: Vec<_> = parse_all(entry)
            .iter()
            .map(|f| f.operands[1].range)
            .collect();
        assert_eq!(ranges, [Some((0, 1)), Some((0, 0))]);
    }

    #[test]
    fn mistakes_in_written_out_lines_are_reported() {
        let bad = |entry: Entry| parse_forms(&entry, Family::Matrix, 0).unwrap_err();
        assert_eq!(
            bad(form("x.shape.f32 =d; .shape = { .m8n8k4 }", Semantics::Mma).each(&["shap"])),
            SpecError::UnknownEach {
                name: "shap".into()
            }
        );
        assert_eq!(
            bad(form("x.shape.f32 =d*#; .shape = { .m8n8k4 }", Semantics::Mma).each(&["shape"])),
            SpecError::MissingFragment {
                operand: "d".into()
            }
        );
        assert_eq!(
            bad(form("x.op.f32 =d; .op = { .xor.popc }", Semantics::Mma).each(&["op"])),
            SpecError::MultiWordEach {
                value: "xor.popc".into()
            }
        );
        assert_eq!(
            bad(form("x.f32 =d, p:.u64:if.hint", Semantics::Mma)),
            SpecError::UnknownEach {
                name: "hint".into()
            }
        );
    }

    #[test]
    fn mistakes_in_specs_are_reported() {
        let bad =
            |s: &'static str| parse_forms(&form(s, Semantics::Add), Family::Misc, 0).unwrap_err();
        assert_eq!(
            bad("add.s32 =d, a, b:.nope"),
            SpecError::UnknownType {
                ty: "nope".into(),
                operand: "b".into()
            }
        );
        assert!(
            bad("add.s32 =d, a, b:.nope")
                .to_string()
                .contains("neither a type")
        );
        assert_eq!(
            bad("bar.sync a"),
            SpecError::MissingType {
                operand: "a".into()
            }
        );
        assert_eq!(
            bad("x.type =d; .type = { .u32 }; .unused = { .a }"),
            SpecError::UnusedGroup {
                name: "unused".into()
            }
        );
        assert_eq!(
            bad("x.mix =d:.u32; .mix = { .u32, .rn }"),
            SpecError::MixedGroup {
                values: vec!["u32".into(), "rn".into()]
            }
        );
        assert_eq!(
            bad("x.u32 =d, a?, b"),
            SpecError::RequiredAfterOptional { name: "b".into() }
        );
    }
}
