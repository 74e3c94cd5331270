//! FMA fusion (the PTX ISA's "contraction"): the `mul`/`add` pairs that
//! ptxas fuses into one fma, so that a kernel can run here as the H100 runs
//! it.
//!
//! The PTX ISA lets the code generator fuse a `mul` and an `add` or `sub`
//! written without a rounding modifier ("mul/add sequences with no rounding
//! modifiers may be optimized to use fused-multiply-add"), and ptxas does:
//! the fused result is rounded once, so it can differ from the PTX as
//! written. These are ptxas 13.0's rules for sm_90, found by compiling small
//! kernels and reading the SASS (`tools/generators/fma-contraction/README.md`):
//!
//! 1. **Product.** An unguarded `mul` of `.f32`, `.f64`, `.f16`, `.f16x2`,
//!    `.bf16` or `.bf16x2` with no rounding modifier and no `.sat` (`.ftz`
//!    is fine), with a register operand (a product of two immediates is
//!    folded to a constant), and not by ±1.0 (ptxas drops those: `x*1.0` is
//!    a copy of `x`, `x*-1.0` its negation).
//! 2. **Sum.** An `add` or `sub` of the same type with no rounding modifier
//!    and `.ftz` exactly when the product has it; `.sat` and a guard are
//!    fine. It reads the product directly or through `mov`s, `mul`s by
//!    ±1.0 and `neg`s (not a `.bf16x2` one, and a `neg.ftz` only of an
//!    `.ftz` product, never of `.f16`), later in the same block, with no
//!    barrier between (a `membar` or `fence.sc`/`fence.acq_rel`, a call,
//!    `trap`, and the instructions ptxas expands into calls of its own:
//!    IEEE `div`, `rcp` and `sqrt`, integer division other than `.u32`).
//!    The block is ptxas's, after it deletes dead code and the branches that
//!    then skip nothing, and joins a block to its only successor when it is
//!    that one's only predecessor. A product with an immediate operand
//!    (`x*3.0`) is fused into sums in other blocks and past barriers too.
//! 3. **All reads.** A product is fused only if every read of its value
//!    (through the copies of rule 2; dead code does not read) is such a
//!    sum, and no sum reads it as both operands. A product read by several
//!    sums is fused into each: ptxas multiplies again in every fma.
//! 4. **Choice.** Where both operands of a sum are products, one is fused
//!    and the other stays a `mul`, whose value the fma adds. ptxas first
//!    fuses the products read only once (both operands such: operand 1),
//!    then the others, sum by sum in program order, taking the operand
//!    whose product has fewer reads (operand 1 on a tie) among those not
//!    already left as the addend of another sum's fma.
//! 5. **`x + x`.** A sum of two products of the same operands and sign,
//!    one of them read only there, is not fused: ptxas merges the two
//!    products into one value that the sum reads twice.
//!
//! `tests.rs` checks the rules against what ptxas made of every function
//! of the cuda-samples modules and of 400 random kernels.
//!
//! Not modelled: ptxas fuses a product of one iteration of a loop it
//! unrolls with a sum of the next, and it moves code out of loops and
//! recomputes values around calls and barriers, which can fuse pairs that
//! the rules keep apart. And it rewrites some fused results: `fma(x, 2,
//! -x)` becomes `x` (they differ for an infinite `x`).
//!
//! The layout follows the stages: `instructions` (what each step is),
//! `flow` (blocks and liveness as ptxas sees them), `reads` (the products
//! and what reads them), then the choice here.

mod flow;
mod instructions;
mod reads;
#[cfg(test)]
mod tests;

use flow::Flow;
use instructions::{is_sum_for, subtracts};
use ptx_core::Program;
use reads::{ProductReads, Products, Read, Value};
use std::collections::HashMap;

/// A `mul` and the `add`/`sub` that ptxas fuses it into one fma with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Contraction {
    /// The add or sub step (an index into `Program::steps`).
    pub add: usize,
    /// The mul step whose product it takes.
    pub mul: usize,
    /// Which of the add's source operands is the product: 1 (`add d, p, c`) or 2 (`add d, c, p`).
    pub operand: usize,
}

/// The mul/add pairs of `program` (one lowered function of a module) that ptxas 13.0 fuses for sm_90.
///
/// The fma multiplies the mul's operands as they were when the mul ran
/// (ptxas keeps them, even where the PTX writes their registers before the
/// add), and the mul itself still runs where something else reads its
/// result. Where the add reads the product through `neg`s,
/// [`signed_contractions`] says so.
#[cfg(test)]
pub(crate) fn contractions(program: &Program) -> Vec<Contraction> {
    signed_contractions(program)
        .into_iter()
        .map(|(c, _)| c)
        .collect()
}

/// Every contraction of the program, each with whether the add reads the product negated
/// (through an odd number of `neg`s or `mul`s by -1.0), so that the fma
/// adds the negated product.
pub(crate) fn signed_contractions(program: &Program) -> Vec<(Contraction, bool)> {
    let flow = Flow::of(program);
    let products = Products::find(program, &flow);
    Choice::new(program, &flow, &products).run()
}

/// The choice of rules 3 to 5, sum by sum.
struct Choice<'a> {
    /// The program.
    program: &'a Program,
    /// Its regions.
    flow: &'a Flow,
    /// Its products.
    products: &'a Products,
    /// The sums of rule 5.
    doubled: Vec<usize>,
    /// The sums fused so far: the product each took and which operand it is.
    taken: HashMap<usize, (usize, usize)>,
}

impl<'a> Choice<'a> {
    /// Prepares the choice, finding the sums of rule 5.
    fn new(program: &'a Program, flow: &'a Flow, products: &'a Products) -> Choice<'a> {
        let mut choice = Choice {
            program,
            flow,
            products,
            doubled: Vec::new(),
            taken: HashMap::new(),
        };
        choice.doubled = choice
            .sums()
            .into_iter()
            .filter(|&s| choice.is_doubled(s))
            .collect();
        choice
    }

    /// Every step that reads a product as operand 1 or 2, in the order they run.
    fn sums(&self) -> Vec<usize> {
        let mut sums: Vec<usize> = self
            .products
            .at
            .keys()
            .filter(|&&(_, slot)| matches!(slot, 1 | 2))
            .map(|&(step, _)| step)
            .collect();
        sums.sort_by_key(|&s| self.flow.place[s].map(|p| (p.region, p.position)));
        sums.dedup();
        sums
    }

    /// Rule 5: both operands are products of the same operands and sign,
    /// one of them read nowhere else.
    fn is_doubled(&self, sum: usize) -> bool {
        let at = |operand| {
            let &(p, negated) = self.products.at.get(&(sum, operand))?;
            Some((p, negated, self.products.by_step.get(&p)?))
        };
        let (Some((p1, n1, a)), Some((p2, n2, b))) = (at(1), at(2)) else {
            return false;
        };
        let unordered = |mut v: [Value; 2]| {
            v.sort();
            v
        };
        let same_sign = n1 == (n2 != subtracts(&self.program.steps[sum]));
        p1 != p2
            && a.product == b.product
            && unordered(a.operands) == unordered(b.operands)
            && same_sign
            && (a.reads.len() == 1 || b.reads.len() == 1)
    }

    /// Whether product `p` can be fused where `read` reads it (rule 2, and
    /// rule 3's "not as both operands").
    fn fusable(&self, p: usize, info: &ProductReads, read: &Read) -> bool {
        let &Read::Operand {
            step,
            slot,
            kept_neg,
            ..
        } = read
        else {
            return false;
        };
        let same_epoch = match (self.flow.place[p], self.flow.place[step]) {
            (Some(a), Some(b)) => info.product.anywhere || a.epoch == b.epoch,
            _ => false,
        };
        let other = if slot == 1 { 2 } else { 1 };
        let read_twice = self.products.at.get(&(step, other)).map(|&(q, _)| q) == Some(p);
        matches!(slot, 1 | 2)
            && !kept_neg
            && same_epoch
            && !read_twice
            && !self.doubled.contains(&step)
            && is_sum_for(&self.program.steps[step], info.product)
    }

    /// Rule 3: every read of product `p` is a sum it can be fused into.
    fn whole(&self, p: usize) -> bool {
        self.products
            .by_step
            .get(&p)
            .is_some_and(|info| info.reads.iter().all(|r| self.fusable(p, info, r)))
    }

    /// Whether a sum that reads product `p` has already taken the other product.
    fn is_addend(&self, p: usize) -> bool {
        let Some(info) = self.products.by_step.get(&p) else {
            return true;
        };
        info.reads.iter().any(|r| match *r {
            Read::Operand { step, slot, .. } => self
                .taken
                .get(&step)
                .is_some_and(|&taken| taken != (p, slot)),
            Read::Other => false,
        })
    }

    /// The products `sum` may take now, as `(reads, operand, product)`;
    /// only those read once if `single`.
    fn candidates(&self, sum: usize, single: bool) -> Vec<(usize, usize, usize)> {
        (1..=2)
            .filter_map(|operand| {
                let &(p, _) = self.products.at.get(&(sum, operand))?;
                let reads = self.products.by_step.get(&p)?.reads.len();
                let fits = self.whole(p) && !self.is_addend(p) && (!single || reads == 1);
                fits.then_some((reads, operand, p))
            })
            .collect()
    }

    /// Rule 4: the products read once, then the others, sum by sum.
    fn run(mut self) -> Vec<(Contraction, bool)> {
        let sums = self.sums();
        for single in [true, false] {
            for &s in &sums {
                if self.taken.contains_key(&s) {
                    continue;
                }
                if let Some(&(_, operand, p)) = self.candidates(s, single).iter().min() {
                    self.taken.insert(s, (p, operand));
                }
            }
        }
        let mut out: Vec<(Contraction, bool)> = self
            .taken
            .iter()
            .map(|(&add, &(mul, operand))| {
                let negated = self
                    .products
                    .at
                    .get(&(add, operand))
                    .is_some_and(|&(_, n)| n);
                (Contraction { add, mul, operand }, negated)
            })
            .collect();
        out.sort_by_key(|(c, _)| c.add);
        out
    }
}
