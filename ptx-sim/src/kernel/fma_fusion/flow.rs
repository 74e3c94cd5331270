//! The code as ptxas's contraction sees it: the steps that run (dead code
//! and branches that skip nothing deleted), the blocks they make, blocks
//! that run on into their only successor joined into regions, and which
//! registers are live where.

use super::instructions::{is_barrier, is_pure, reads, writes};
use ptx_core::{Program, Step, StepKind};

/// A set of registers.
#[derive(Clone, PartialEq)]
pub(super) struct Registers(Vec<u64>);

impl Registers {
    /// No register, of `count`.
    fn none(count: usize) -> Registers {
        Registers(vec![0; count.div_ceil(64)])
    }

    /// Whether `r` is in the set.
    pub fn has(&self, r: usize) -> bool {
        self.0.get(r / 64).is_some_and(|w| w & (1 << (r % 64)) != 0)
    }

    /// Puts `r` in the set or takes it out.
    fn set(&mut self, r: usize, on: bool) {
        if let Some(w) = self.0.get_mut(r / 64) {
            if on {
                *w |= 1 << (r % 64);
            } else {
                *w &= !(1 << (r % 64));
            }
        }
    }

    /// Adds every register of `other`.
    fn add_all(&mut self, other: &Registers) {
        for (w, o) in self.0.iter_mut().zip(&other.0) {
            *w |= o;
        }
    }
}

/// Where a step runs in its region.
#[derive(Clone, Copy, Debug)]
pub(super) struct Place {
    /// The region.
    pub region: usize,
    /// Its position in the order the region's steps run.
    pub position: usize,
    /// How many barriers ([`is_barrier`]) run before it in the region.
    pub epoch: usize,
}

/// The function's basic blocks.
pub(super) struct Blocks {
    /// Where each block starts: block `b` is steps `starts[b]..ends[b]`.
    pub starts: Vec<usize>,
    /// One past each block's last step.
    pub ends: Vec<usize>,
    /// Each block's successors.
    pub successors: Vec<Vec<usize>>,
    /// Whether each block can run.
    pub reachable: Vec<bool>,
}

impl Blocks {
    /// Splits the steps at branch targets and after branches, returns and
    /// exits, ignoring the branches that are `gone` ([`deleted_steps`]).
    fn of(program: &Program, gone: &[bool]) -> Blocks {
        let steps = &program.steps;
        let n = steps.len();
        let mut leader = vec![false; n];
        if let Some(first) = leader.first_mut() {
            *first = true;
        }
        for (i, step) in steps.iter().enumerate() {
            let (targets, ends) = jumps(i, step, gone);
            for t in targets.into_iter().filter(|&t| t < n) {
                leader[t] = true;
            }
            if ends && i + 1 < n {
                leader[i + 1] = true;
            }
        }
        let starts: Vec<usize> = (0..n).filter(|&i| leader[i]).collect();
        // Each block ends where the next starts, the last at the end (a
        // body with no step has no block).
        let ends: Vec<usize> = match starts.len() {
            0 => Vec::new(),
            _ => starts.iter().skip(1).copied().chain([n]).collect(),
        };
        let mut block_of = vec![0; n];
        for (b, (&s, &e)) in starts.iter().zip(&ends).enumerate() {
            block_of[s..e].iter_mut().for_each(|x| *x = b);
        }
        let successors = ends
            .iter()
            .map(|&e| successors(steps, e - 1, &block_of, gone))
            .collect();
        let mut blocks = Blocks {
            starts,
            ends,
            successors,
            reachable: Vec::new(),
        };
        blocks.reachable = blocks.reached();
        blocks
    }

    /// Which blocks run, from the first.
    fn reached(&self) -> Vec<bool> {
        let mut seen = vec![false; self.starts.len()];
        let mut stack = if seen.is_empty() { vec![] } else { vec![0] };
        while let Some(b) = stack.pop() {
            if !std::mem::replace(&mut seen[b], true) {
                stack.extend(self.successors[b].iter().copied());
            }
        }
        seen
    }

    /// Each block's reachable predecessors.
    fn predecessors(&self) -> Vec<Vec<usize>> {
        let mut preds = vec![Vec::new(); self.starts.len()];
        for (b, succ) in self.successors.iter().enumerate() {
            if self.reachable[b] {
                for &s in succ {
                    if !preds[s].contains(&b) {
                        preds[s].push(b);
                    }
                }
            }
        }
        preds
    }

    /// The reachable blocks.
    pub fn running(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.starts.len()).filter(|&b| self.reachable[b])
    }
}

/// Where control can go from step `i` other than on to the next step, and
/// whether the step ends its block; a branch that is `gone` goes nowhere.
fn jumps(i: usize, step: &Step, gone: &[bool]) -> (Vec<usize>, bool) {
    match &step.kind {
        StepKind::Branch { target } if !gone.get(i).copied().unwrap_or(false) => {
            (vec![*target], true)
        }
        StepKind::BranchIndexed { targets, .. } => (targets.clone(), true),
        StepKind::Return | StepKind::Exit => (vec![], true),
        _ => (vec![], false),
    }
}

/// The blocks that can follow the block ending at step `last`.
fn successors(steps: &[Step], last: usize, block_of: &[usize], gone: &[bool]) -> Vec<usize> {
    let step = &steps[last];
    let (targets, ends) = jumps(last, step, gone);
    let mut out: Vec<usize> = targets
        .into_iter()
        .filter_map(|t| block_of.get(t).copied())
        .collect();
    if !ends || step.guard.is_some() {
        out.extend(block_of.get(last + 1).copied());
    }
    out.dedup();
    out
}

/// The steps ptxas deletes before it contracts: the `dead` ones, and the
/// branches that, with those gone, land where control falls through anyway
/// (a branch to the next step, or around an `if` whose arms are empty), so
/// that the blocks around them run on into each other.
fn deleted_steps(program: &Program, dead: &[bool]) -> Vec<bool> {
    let steps = &program.steps;
    let n = steps.len();
    let mut gone: Vec<bool> = (0..n)
        .map(|i| dead.get(i).copied().unwrap_or(false))
        .collect();
    loop {
        // The first step at or after each position that is not gone (n: none).
        let mut next = vec![n; n + 1];
        for p in (0..n).rev() {
            next[p] = if gone[p] { next[p + 1] } else { p };
        }
        let mut changed = false;
        for (i, step) in steps.iter().enumerate() {
            let StepKind::Branch { target } = step.kind else {
                continue;
            };
            if !gone[i] && target <= n && next[i + 1] == next[target] {
                gone[i] = true;
                changed = true;
            }
        }
        if !changed {
            return gone;
        }
    }
}

/// The code as ptxas's contraction sees it.
pub(super) struct Flow {
    /// Each step's place; `None` for a step that cannot run.
    pub place: Vec<Option<Place>>,
    /// Each region's steps in the order they run.
    pub regions: Vec<Vec<usize>>,
    /// The registers live when each region ends.
    pub live_out: Vec<Registers>,
    /// The steps ptxas deletes, nothing reading their results.
    pub dead: Vec<bool>,
    /// The basic blocks.
    pub blocks: Blocks,
}

impl Flow {
    /// Finds the dead steps, the blocks and regions, and what is live after each region.
    pub fn of(program: &Program) -> Flow {
        // Deleting dead code can leave a branch with nothing to skip, which
        // ptxas then deletes too, joining the blocks around it.
        let first = Blocks::of(program, &deleted_steps(program, &[]));
        let dead = dead_steps(program, &first);
        let blocks = Blocks::of(program, &deleted_steps(program, &dead));
        let live_in = live_registers(program, &blocks, &dead);
        let mut place = vec![None; program.steps.len()];
        let mut regions = Vec::new();
        let mut live_out = Vec::new();
        for (region, chain) in chains(&blocks).iter().enumerate() {
            let steps: Vec<usize> = chain
                .iter()
                .flat_map(|&b| blocks.starts[b]..blocks.ends[b])
                .collect();
            let mut epoch = 0;
            for (position, &s) in steps.iter().enumerate() {
                place[s] = Some(Place {
                    region,
                    position,
                    epoch,
                });
                epoch += usize::from(!dead[s] && is_barrier(&program.steps[s]));
            }
            let mut out = Registers::none(program.registers.len());
            for &s in chain.last().map_or(&[][..], |&b| &blocks.successors[b]) {
                out.add_all(&live_in[s]);
            }
            regions.push(steps);
            live_out.push(out);
        }
        Flow {
            place,
            regions,
            live_out,
            dead,
            blocks,
        }
    }
}

/// The regions: chains of reachable blocks, each running on into the next
/// (its only successor, of which it is the only predecessor).
fn chains(blocks: &Blocks) -> Vec<Vec<usize>> {
    let n = blocks.starts.len();
    let preds = blocks.predecessors();
    let next: Vec<Option<usize>> = (0..n)
        .map(|b| match blocks.successors[b][..] {
            [s] if blocks.reachable[b] && s != b && s != 0 && preds[s] == [b] => Some(s),
            _ => None,
        })
        .collect();
    let mut continued = vec![false; n];
    for &s in next.iter().flatten() {
        continued[s] = true;
    }
    let mut taken = vec![false; n];
    let mut out = Vec::new();
    // Heads first; a block left over (none, unless the graph is odd) is a region alone.
    for head in (0..n).filter(|&b| !continued[b]).chain(0..n) {
        if !blocks.reachable[head] || taken[head] {
            continue;
        }
        let mut chain = Vec::new();
        let mut at = Some(head);
        while let Some(b) = at.filter(|&b| !taken[b]) {
            taken[b] = true;
            chain.push(b);
            at = next[b];
        }
        out.push(chain);
    }
    out
}

/// The steps whose results nothing reads (deleting one can leave its
/// operands unread, so this repeats until nothing more is dead).
fn dead_steps(program: &Program, blocks: &Blocks) -> Vec<bool> {
    let mut dead = vec![false; program.steps.len()];
    loop {
        let live_in = live_registers(program, blocks, &dead);
        let mut changed = false;
        for b in blocks.running() {
            let mut live = Registers::none(program.registers.len());
            for &s in &blocks.successors[b] {
                live.add_all(&live_in[s]);
            }
            for i in (blocks.starts[b]..blocks.ends[b]).rev() {
                let step = &program.steps[i];
                if dead[i] {
                    continue;
                }
                if is_pure(step) && writes(step).iter().all(|&r| !live.has(r)) {
                    dead[i] = true;
                    changed = true;
                } else {
                    transfer(step, &mut live);
                }
            }
        }
        if !changed {
            return dead;
        }
    }
}

/// What is live before `step`, given what is live after it.
fn transfer(step: &Step, live: &mut Registers) {
    if step.guard.is_none() {
        for r in writes(step) {
            live.set(r, false);
        }
    }
    for r in reads(step) {
        live.set(r, true);
    }
}

/// The registers live into each block, `dead` steps left out.
fn live_registers(program: &Program, blocks: &Blocks, dead: &[bool]) -> Vec<Registers> {
    let n = blocks.starts.len();
    let mut live_in = vec![Registers::none(program.registers.len()); n];
    let mut changed = true;
    while changed {
        changed = false;
        for b in (0..n).rev().filter(|&b| blocks.reachable[b]) {
            let mut live = Registers::none(program.registers.len());
            for &s in &blocks.successors[b] {
                live.add_all(&live_in[s]);
            }
            for i in (blocks.starts[b]..blocks.ends[b]).rev() {
                if !dead[i] {
                    transfer(&program.steps[i], &mut live);
                }
            }
            if live != live_in[b] {
                live_in[b] = live;
                changed = true;
            }
        }
    }
    live_in
}
