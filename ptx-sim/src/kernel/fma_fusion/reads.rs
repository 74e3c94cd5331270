//! The products of a function and every read of their values, followed
//! through the copies of rule 2.

use super::flow::Flow;
use super::instructions::{
    Product, copying, exec, folds_neg, product, register, slots_reading, writes,
};
use ptx_core::{Program, Slot, SlotSource};
use std::collections::HashMap;

/// A read of a product's value.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Read {
    /// Operand slot `slot` of `step`.
    Operand {
        /// The reading step.
        step: usize,
        /// Its slot that reads the value.
        slot: usize,
        /// Whether the copies on the way negate it.
        negated: bool,
        /// Whether a `neg` on the way is one that ptxas computes rather
        /// than folds into the fma ([`folds_neg`]).
        kept_neg: bool,
    },
    /// Anything else: no operand (a guard, an address, a call's argument),
    /// another region, or a step that may or may not have overwritten the
    /// register first.
    Other,
}

/// What identifies a mul's operand value, for rule 5.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(super) enum Value {
    /// An immediate's bits.
    Immediate(u64),
    /// The value a step wrote.
    Written(usize),
    /// The value a register held when its region began: `(region, register)`.
    Incoming(usize, usize),
}

/// One product and what reads it.
pub(super) struct ProductReads {
    /// The product.
    pub product: Product,
    /// Every read of its value.
    pub reads: Vec<Read>,
    /// Its two operands' values, in order.
    pub operands: [Value; 2],
}

/// Every product of a program and what reads it.
pub(super) struct Products {
    /// By mul step.
    pub by_step: HashMap<usize, ProductReads>,
    /// The product that slot `slot` of `step` reads, and whether negated:
    /// `(step, slot) -> (mul step, negated)`.
    pub at: HashMap<(usize, usize), (usize, bool)>,
}

impl Products {
    /// Finds the products that run and follows their values.
    pub fn find(program: &Program, flow: &Flow) -> Products {
        let values = operand_values(program, flow);
        let mut by_step = HashMap::new();
        let mut at = HashMap::new();
        for (i, step) in program.steps.iter().enumerate() {
            let (Some(p), Some(&operands)) = (product(step), values.get(&i)) else {
                continue;
            };
            let Some(dest) = exec(step).and_then(|(_, _, slots)| register(slots.first()?)) else {
                continue;
            };
            if flow.dead[i] {
                continue;
            }
            let reads = value_reads(program, flow, (i, dest), p);
            for r in &reads {
                if let Read::Operand {
                    step,
                    slot,
                    negated,
                    ..
                } = *r
                {
                    at.insert((step, slot), (i, negated));
                }
            }
            by_step.insert(
                i,
                ProductReads {
                    product: p,
                    reads,
                    operands,
                },
            );
        }
        Products { by_step, at }
    }
}

/// The operand values of every product that runs, through `mov`s (ptxas
/// takes `mul a, b` and `mul a', b` for the same product where `a'` is a
/// `mov` of `a`).
fn operand_values(program: &Program, flow: &Flow) -> HashMap<usize, [Value; 2]> {
    let mut out = HashMap::new();
    for (region, steps) in flow.regions.iter().enumerate() {
        let mut holds: HashMap<usize, Value> = HashMap::new();
        let value = |holds: &HashMap<usize, Value>, slot: &Slot| match slot.source {
            SlotSource::Register { index, .. } => holds
                .get(&index)
                .copied()
                .unwrap_or(Value::Incoming(region, index)),
            SlotSource::Immediate(bits) => Value::Immediate(bits),
            _ => Value::Written(usize::MAX),
        };
        for &i in steps {
            let step = &program.steps[i];
            let slots = exec(step).map_or(&[][..], |(_, _, slots)| slots);
            if let (Some(_), [_, a, b, ..]) = (product(step), slots) {
                out.insert(i, [value(&holds, a), value(&holds, b)]);
            }
            let moved = match (copying(step), slots) {
                (Some(c), [_, source]) if !c.negates => Some(value(&holds, source)),
                _ => None,
            };
            for r in writes(step) {
                holds.insert(r, moved.unwrap_or(Value::Written(i)));
            }
        }
    }
    out
}

/// Every read of the value that step `def` writes to register `dest`,
/// followed through copies.
fn value_reads(
    program: &Program,
    flow: &Flow,
    (def, dest): (usize, usize),
    p: Product,
) -> Vec<Read> {
    let mut out = Vec::new();
    let mut pending = vec![(def, dest, false, false)];
    while let Some((from, r, negated, kept_neg)) = pending.pop() {
        let found = if p.anywhere {
            readers_anywhere(program, flow, from, r)
        } else {
            readers(program, flow, from, r)
        };
        for Reader {
            step,
            slot,
            certain,
        } in found
        {
            let copy = copying(&program.steps[step]).filter(|c| Some(c.source) == slot);
            let copied_to = exec(&program.steps[step]).and_then(|(_, _, s)| register(s.first()?));
            match (certain, slot, copy, copied_to) {
                (true, Some(_), Some(c), Some(d)) => pending.push((
                    step,
                    d,
                    negated ^ c.negates,
                    kept_neg || c.neg_ftz.is_some_and(|f| !folds_neg(p, f)),
                )),
                (true, Some(slot), None, _) => out.push(Read::Operand {
                    step,
                    slot,
                    negated,
                    kept_neg,
                }),
                _ => out.push(Read::Other),
            }
        }
    }
    out
}

/// A step that reads a register as a definition wrote it.
struct Reader {
    /// The step.
    step: usize,
    /// The operand slot that reads it; `None` for another read (a guard,
    /// an address, a call's argument, or the value read in another region).
    slot: Option<usize>,
    /// Whether only that definition can have written the register (no
    /// guarded step, no other path may have written it in between).
    certain: bool,
}

/// The steps after `def` in its region that read register `r` as written
/// by `def`, and, if the value is live when the region ends, one more
/// (uncertain, no slot) for the reads elsewhere.
fn readers(program: &Program, flow: &Flow, def: usize, r: usize) -> Vec<Reader> {
    let elsewhere = Reader {
        step: def,
        slot: None,
        certain: false,
    };
    let Some(place) = flow.place[def] else {
        return vec![elsewhere];
    };
    let mut out = Vec::new();
    let mut certain = true;
    for &s in flow.regions[place.region].iter().skip(place.position + 1) {
        if flow.dead[s] {
            continue;
        }
        let step = &program.steps[s];
        out.extend(slots_reading(step, r).into_iter().map(|slot| Reader {
            step: s,
            slot,
            certain,
        }));
        if writes(step).contains(&r) {
            if step.guard.is_none() {
                return out;
            }
            certain = false;
        }
    }
    if flow.live_out[place.region].has(r) {
        out.push(elsewhere);
    }
    out
}

/// The steps anywhere in the function that read register `r` as written
/// by `def` (for a product with an immediate operand, which ptxas fuses
/// into sums in other blocks too): a read is certain if no other
/// definition of `r` reaches it.
fn readers_anywhere(program: &Program, flow: &Flow, def: usize, r: usize) -> Vec<Reader> {
    let defs: Vec<usize> = (0..program.steps.len())
        .filter(|&i| !flow.dead[i] && writes(&program.steps[i]).contains(&r))
        .collect();
    let Some(mine) = defs.iter().position(|&d| d == def) else {
        return vec![Reader {
            step: def,
            slot: None,
            certain: false,
        }];
    };
    let blocks = &flow.blocks;
    let entry = reaching(program, flow, &defs);
    let mut out = Vec::new();
    for b in blocks.running() {
        let mut reach = entry[b].clone();
        for i in blocks.starts[b]..blocks.ends[b] {
            if flow.dead[i] {
                continue;
            }
            let step = &program.steps[i];
            if reach[mine] {
                let certain = reach.iter().filter(|&&x| x).count() == 1;
                out.extend(slots_reading(step, r).into_iter().map(|slot| Reader {
                    step: i,
                    slot,
                    certain,
                }));
            }
            if let Some(d) = defs.iter().position(|&d| d == i) {
                if step.guard.is_none() {
                    reach.iter_mut().for_each(|x| *x = false);
                }
                reach[d] = true;
            }
        }
    }
    out
}

/// Which of `defs` (the steps writing a register, and last the value it
/// has when the function starts) reach the start of each block.
fn reaching(program: &Program, flow: &Flow, defs: &[usize]) -> Vec<Vec<bool>> {
    let blocks = &flow.blocks;
    let mut entry = vec![vec![false; defs.len() + 1]; blocks.starts.len()];
    if let Some(first) = entry.first_mut() {
        first[defs.len()] = true;
    }
    let mut changed = true;
    while changed {
        changed = false;
        for b in blocks.running() {
            let mut reach = entry[b].clone();
            for i in blocks.starts[b]..blocks.ends[b] {
                let Some(d) = defs.iter().position(|&d| d == i) else {
                    continue;
                };
                if program.steps[i].guard.is_none() {
                    reach.iter_mut().for_each(|x| *x = false);
                }
                reach[d] = true;
            }
            for &succ in &blocks.successors[b] {
                for (have, add) in entry[succ].iter_mut().zip(&reach) {
                    if *add && !*have {
                        *have = true;
                        changed = true;
                    }
                }
            }
        }
    }
    entry
}
