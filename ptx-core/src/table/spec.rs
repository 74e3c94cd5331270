//! The parser of the table's spec notation (described in the module above).

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

pub(super) fn parse_form(
    entry: &Entry,
    family: Family,
    id: usize,
) -> Result<InstructionForm, SpecError> {
    let text = entry.text();
    let spec = text.trim();
    let mut sections = spec.split(';');
    let main = sections.next().unwrap_or("").trim();
    let mut groups: Vec<(String, Vec<String>)> = Vec::new();
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
    let (opcode_part, operand_part) = match main.find(char::is_whitespace) {
        Some(i) => (&main[..i], main[i..].trim()),
        None => (main, ""),
    };
    let (opcode, head, slots) = parse_opcode(opcode_part, &groups)?;
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
        opcode,
        head,
        slots,
        operands: Vec::new(),
        fit: entry.fit,
        ptx: entry.ptx,
        sm: entry.sm,
        variant: entry.variant,
        semantics: entry.semantics,
        family,
        syntax: spec.to_string(),
        rule: entry.rule,
        gates: entry.gates.clone(),
        removed: entry.removed,
        no_repeats: entry.no_repeats,
        words,
    };
    if !operand_part.is_empty() {
        for item in split_operands(operand_part) {
            let op = parse_operand(item.trim(), &form)?;
            form.operands.push(op);
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
    Ok(form)
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

fn parse_operand(item: &str, form: &InstructionForm) -> Result<OperandSpec, SpecError> {
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
    let optional = rest.ends_with('?');
    if optional {
        rest = &rest[..rest.len() - 1];
    }
    let (mut shape, name) =
        if let Some(inner) = rest.strip_prefix('[').and_then(|r| r.strip_suffix(']')) {
            match inner.split_once(',') {
                Some((map, coords)) => {
                    let len = coords
                        .trim()
                        .split_once('*')
                        .and_then(|(_, n)| n.parse().ok())
                        .ok_or_else(|| SpecError::BadTensorCoordinates {
                            coordinates: coords.to_owned(),
                        })?;
                    (OperandShape::TensorAddress(len), map.trim())
                }
                None => (OperandShape::Address, inner),
            }
        } else if let Some(inner) = rest.strip_prefix('(').and_then(|r| r.strip_suffix(')')) {
            (OperandShape::List, inner)
        } else if let Some((first, _second)) = rest.split_once('|') {
            (OperandShape::Pair, first)
        } else if let Some((name, len)) = rest.split_once('*') {
            match len.strip_prefix('.') {
                Some(group) => {
                    let slot = form
                        .slot(group)
                        .ok_or_else(|| SpecError::UnknownLengthSlot {
                            slot: group.to_owned(),
                        })?;
                    (OperandShape::VectorBySlot(slot), name)
                }
                None => (
                    OperandShape::Vector(len.parse().map_err(|_| SpecError::BadVectorLength {
                        length: len.to_owned(),
                    })?),
                    name,
                ),
            }
        } else {
            (OperandShape::Value, rest)
        };
    if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return Err(SpecError::BadOperandName {
            name: name.to_owned(),
        });
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
    for attr in attrs.into_iter().flat_map(|a| a.split(':')) {
        match attr {
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
                let hi = hi.parse().map_err(|_| bad())?;
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
    if !explicit_type && matches!(spec.shape, OperandShape::TensorAddress(_)) {
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
    Ok(spec)
}

#[cfg(test)]
mod tests {
    use super::super::form;
    use super::*;
    use crate::Semantics;

    fn parse(spec: &'static str) -> InstructionForm {
        parse_form(&form(spec, Semantics::Add), Family::Integer, 0).unwrap()
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

    #[test]
    fn mistakes_in_specs_are_reported() {
        let bad =
            |s: &'static str| parse_form(&form(s, Semantics::Add), Family::Misc, 0).unwrap_err();
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
