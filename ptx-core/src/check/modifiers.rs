//! Matching the modifiers written after an opcode against one form's slots.
//!
//! As ptxas does: the head (`mul.lo`) must come first; the other modifiers may
//! come in any order and may repeat, except state spaces, `.aligned`, `.sc`,
//! `.alias`, those in [`UNREPEATABLE`], and any modifier of a form that takes
//! each once; types keep their order among themselves, and so do layouts; the
//! words of a multi-word value (`.xor.popc`) keep their order but may have
//! other modifiers between them.

use crate::syntax::Word;
use crate::table::{InstructionForm, ModifierSlot, SlotClass};
use crate::{ScalarType, StateSpace};

/// Why a form does not take the modifiers written.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Problem {
    /// The modifiers that must follow the opcode directly are not there.
    Head,
    /// Written modifier `index` fits no slot of the form.
    Unknown { index: usize },
    /// Written modifier `index` fits slot `slot`, already bound to another value.
    Conflict { index: usize, slot: usize },
    /// Written modifier `index` repeats one that may be written once only.
    Repeated { index: usize },
    /// Required slot `slot` is empty.
    Missing { slot: usize },
    /// Written positional modifier `index` is not accepted by slot `slot`.
    Rejected { index: usize, slot: usize },
    /// More positional modifiers of a class than the form has slots for.
    Extra { index: usize },
}

/// Modifiers that ptxas rejects when written twice ("Multiple rounding
/// modifiers specified", "Duplicate .ftz modifier", "Multiple comparisons
/// set", "Multiple .trans modifiers specified", "Multiple clamp modifiers
/// specified", "Multiple .abs modifiers specified", "Multiple .xorsign
/// modifiers specified"), while it accepts repeated
/// `.sat`, `.relu`, `.cc`, `.NaN`, `.approx`, `.uni` or `.sync`.
pub(crate) const UNREPEATABLE: &[&str] = &[
    "abs", "xorsign", "rn", "rz", "rm", "rp", "rna", "rs", "rni", "rzi", "rmi", "rpi", "ftz",
    "trans", "clamp", "wrap", "eq", "ne", "lt", "le", "gt", "ge", "lo", "ls", "hi", "hs", "equ",
    "neu", "ltu", "leu", "gtu", "geu", "num", "nan",
];

pub(crate) type Values = Vec<Option<&'static str>>;

/// Modifiers that ptxas rejects when written twice ("Unexpected number of
/// state spaces", "Multiple .aligned modifiers", "Duplicate .sc modifier",
/// "Multiple .alias modifiers", and [`UNREPEATABLE`]); others may repeat.
fn written_once(w: &str) -> bool {
    matches!(w, "aligned" | "sc" | "alias")
        || StateSpace::from_name(w).is_some()
        || UNREPEATABLE.contains(&w)
}

fn class_of_word(w: &str) -> SlotClass {
    if ScalarType::from_name(w).is_some() {
        SlotClass::Type
    } else if w == "row" || w == "col" {
        SlotClass::Layout
    } else {
        SlotClass::Free
    }
}

/// Whether [`bind`] may succeed: the head is there and every other word is
/// part of one of the form's values. Cheap, so that an opcode with hundreds
/// of forms binds only those that can take the statement; `false` means
/// `bind` fails.
pub(crate) fn may_bind(form: &InstructionForm, written: &[Word]) -> bool {
    written.len() >= form.head.len()
        && written.iter().zip(&form.head).all(|(w, h)| w.text == *h)
        && written[form.head.len()..]
            .iter()
            .all(|w| form.knows_word(&w.text))
}

/// Binds `written` to `form`'s slots, or says what does not fit.
pub(crate) fn bind(
    form: &'static InstructionForm,
    written: &[Word],
) -> Result<Values, Vec<Problem>> {
    let head = form.head.len();
    if written.len() < head || written.iter().zip(&form.head).any(|(w, h)| w.text != *h) {
        return Err(vec![Problem::Head]);
    }
    let mut values: Values = vec![None; form.slots.len()];
    let mut problems = Vec::new();
    let mut positional: Vec<(SlotClass, usize)> = Vec::new();
    // Words already bound as later parts of a multi-word value.
    let mut consumed = vec![false; written.len()];
    // ptxas takes a repeated `.sync` or `.uni` (`vote.sync.uni.pred.uni`)
    // and `.NaN` (`redux.sync.NaN.min.NaN.f32`, tools/generators/ptxas-probe-mem) even
    // where it refuses other repeats.
    let repeated = |word: &str| {
        written_once(word) || (form.no_repeats && !matches!(word, "sync" | "uni" | "NaN"))
    };
    let mut i = head;
    while i < written.len() {
        if consumed[i] {
            i += 1;
            continue;
        }
        if let Some((slot, value, later)) = multi_word_match(form, written, i, &consumed) {
            match values[slot] {
                None => values[slot] = Some(value),
                Some(v) if v == value && !repeated(v) => {}
                Some(v) if v == value => problems.push(Problem::Repeated { index: i }),
                Some(_) => problems.push(Problem::Conflict { index: i, slot }),
            }
            for j in later {
                consumed[j] = true;
            }
            i += 1;
            continue;
        }
        let word = written[i].text.as_str();
        let class = class_of_word(word);
        if class != SlotClass::Free && form.slots.iter().any(|s| s.class == class) {
            positional.push((class, i));
            i += 1;
            continue;
        }
        let candidates: Vec<usize> = form
            .slots
            .iter()
            .enumerate()
            .filter(|(_, s)| s.class == SlotClass::Free && s.values.iter().any(|v| v == word))
            .map(|(k, _)| k)
            .collect();
        // A word two slots take fills the first free one, so that a second
        // `.L2::evict_first` in `createpolicy.L2::evict_first.L2::evict_first`
        // is the secondary priority; a repeat of a one-slot word meets its
        // own slot.
        let free = candidates.iter().find(|&&k| values[k].is_none());
        match free.or_else(|| candidates.iter().find(|&&k| values[k] == Some(word))) {
            Some(&k) if values[k].is_some() && repeated(word) => {
                problems.push(Problem::Repeated { index: i })
            }
            Some(&k) => values[k] = Some(value_of(&form.slots[k], word)),
            None if candidates.is_empty() => problems.push(Problem::Unknown { index: i }),
            None => problems.push(Problem::Conflict {
                index: i,
                slot: candidates[0],
            }),
        }
        i += 1;
    }
    for class in [SlotClass::Type, SlotClass::Layout] {
        let words: Vec<usize> = positional
            .iter()
            .filter(|(c, _)| *c == class)
            .map(|&(_, i)| i)
            .collect();
        let slots: Vec<usize> = (0..form.slots.len())
            .filter(|&k| form.slots[k].class == class)
            .collect();
        match assign_positional(form, written, &words, &slots) {
            Some(assigned) => {
                for (k, v) in assigned {
                    values[k] = Some(v);
                }
            }
            None => problems.extend(explain_positional(form, written, &words, &slots)),
        }
    }
    // Positional slots are complete once assigned; free ones are checked here.
    for (k, slot) in form.slots.iter().enumerate() {
        if slot.class == SlotClass::Free && !slot.optional && values[k].is_none() {
            problems.push(Problem::Missing { slot: k });
        }
    }
    if problems.is_empty() {
        Ok(values)
    } else {
        Err(problems)
    }
}

/// The static copy of `word` in the slot's values, so bindings outlive the text.
fn value_of(slot: &'static ModifierSlot, word: &str) -> &'static str {
    slot.values
        .iter()
        .find(|v| *v == word)
        .map(String::as_str)
        .unwrap_or("")
}

/// A free slot value of several words (`xor.popc`) whose first word is
/// `written[i]` and whose other words follow in order, not necessarily next to
/// it (ptxas takes `.xor.s32.popc`, not `.popc.xor`). Returns the slot, the
/// value and the positions of the later words.
fn multi_word_match(
    form: &'static InstructionForm,
    written: &[Word],
    i: usize,
    consumed: &[bool],
) -> Option<(usize, &'static str, Vec<usize>)> {
    let mut best: Option<(usize, &'static str, Vec<usize>)> = None;
    for (k, slot) in form.slots.iter().enumerate() {
        for v in &slot.values {
            let mut parts = v.split('.');
            if !v.contains('.') || parts.next() != Some(written[i].text.as_str()) {
                continue;
            }
            let mut later = Vec::new();
            let mut j = i + 1;
            for part in parts {
                while j < written.len() && (consumed[j] || written[j].text != part) {
                    j += 1;
                }
                if j == written.len() {
                    break;
                }
                later.push(j);
                j += 1;
            }
            let complete = later.len() + 1 == v.split('.').count();
            if complete && best.as_ref().is_none_or(|(_, _, n)| later.len() > n.len()) {
                best = Some((k, v.as_str(), later));
            }
        }
    }
    best
}

/// Assigns the written positional words, in order, to the class's slots in
/// order, skipping optional slots where needed.
fn assign_positional(
    form: &'static InstructionForm,
    written: &[Word],
    words: &[usize],
    slots: &[usize],
) -> Option<Vec<(usize, &'static str)>> {
    fn go(
        form: &'static InstructionForm,
        written: &[Word],
        words: &[usize],
        slots: &[usize],
        out: &mut Vec<(usize, &'static str)>,
    ) -> bool {
        let Some((&slot, rest_slots)) = slots.split_first() else {
            return words.is_empty();
        };
        let s = &form.slots[slot];
        if let Some((&w, rest_words)) = words.split_first() {
            let text = written[w].text.as_str();
            if s.values.iter().any(|v| v == text) {
                out.push((slot, value_of(s, text)));
                if go(form, written, rest_words, rest_slots, out) {
                    return true;
                }
                out.pop();
            }
        }
        s.optional && go(form, written, words, rest_slots, out)
    }
    let mut out = Vec::new();
    go(form, written, words, slots, &mut out).then_some(out)
}

/// Says which positional word does not fit, by aligning greedily.
fn explain_positional(
    form: &InstructionForm,
    written: &[Word],
    words: &[usize],
    slots: &[usize],
) -> Vec<Problem> {
    let required: Vec<usize> = slots
        .iter()
        .copied()
        .filter(|&k| !form.slots[k].optional)
        .collect();
    let aligned: &[usize] = if words.len() <= required.len() && words.len() < slots.len() {
        &required
    } else {
        slots
    };
    let mut problems = Vec::new();
    for (n, &w) in words.iter().enumerate() {
        match aligned.get(n) {
            Some(&slot) => {
                if !form.slots[slot]
                    .values
                    .iter()
                    .any(|v| *v == written[w].text)
                {
                    problems.push(Problem::Rejected { index: w, slot });
                }
            }
            None => problems.push(Problem::Extra { index: w }),
        }
    }
    for &slot in aligned.iter().skip(words.len()) {
        if !form.slots[slot].optional {
            problems.push(Problem::Missing { slot });
        }
    }
    problems
}

#[cfg(test)]
mod tests {
    use crate::{Target, check_asm};

    #[test]
    fn state_spaces_and_aligned_are_written_once_other_modifiers_may_repeat() {
        let t = Target::default();
        assert!(check_asm("ld.global.global.u32 %0, [%1];", &["=r", "l"], t).is_err());
        assert!(check_asm("barrier.sync.aligned.aligned 0;", &[], t).is_err());
        assert!(check_asm("bar.sync.sync 0;", &[], t).is_ok());
        assert!(check_asm("shfl.sync.sync.idx.b32 %0, %1, 0, 31, -1;", &["=r", "r"], t).is_ok());
    }
}
