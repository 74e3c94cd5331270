//! Warp collectives (PTX ISA "Data Movement and Conversion Instructions":
//! `shfl`; "Parallel Synchronization and Communication Instructions":
//! `vote`, `match`, `redux`, `activemask`, `elect`, `bar.warp.sync`).
//!
//! Without `.sync` (`shfl`, `vote`) the warp is assumed converged: those
//! forms are gone from sm_70 on. Masks are `.u32`: ptxas takes no `.f32`
//! register there.

use super::{Entry, form};
use crate::semantics::Semantics as S;

pub(super) fn entries() -> Vec<Entry> {
    vec![
        // Every operand of a shuffle is 32 bits; the predicate says whether
        // the source lane was in range.
        form("shfl.sync.mode.b32 =d|p, a, b, c, membermask:.u32; .mode = { .up, .down, .bfly, .idx }", S::ShflSync)
            .since(6, 0, 30),
        form("shfl.mode.b32 =d|p, a, b, c; .mode = { .up, .down, .bfly, .idx }", S::Shfl)
            .since(3, 0, 30)
            .removed_in(6, 4, 70),
        form("vote.sync.mode.pred =d, a:neg, membermask:.u32; .mode = { .all, .any, .uni }", S::VoteSync).since(6, 0, 30),
        form("vote.sync.ballot.b32 =d, a:.pred:neg, membermask:.u32", S::VoteSync).since(6, 0, 30),
        form("vote.mode.pred =d, a:neg; .mode = { .all, .any, .uni }", S::Vote).since(1, 2, 12).removed_in(6, 4, 70),
        form("vote.ballot.b32 =d, a:.pred:neg", S::Vote).since(2, 0, 20).removed_in(6, 4, 70),
        form("match.any.sync.type =d:.u32, a, membermask:.u32; .type = { .b32, .b64 }", S::MatchSync).since(6, 0, 70),
        form("match.all.sync.type =d|p:.u32:sink, a, membermask:.u32; .type = { .b32, .b64 }", S::MatchSync).since(6, 0, 70),
        form("redux.sync.op.type =d, a, membermask:.u32; .op = { .add, .min, .max }; .type = { .u32, .s32 }", S::ReduxSync).since(7, 0, 80),
        form("redux.sync.op.b32 =d:.u32, a:.u32, membermask:.u32; .op = { .and, .or, .xor }", S::ReduxSync).since(7, 0, 80),
        form("redux.sync.op{.abs}{.NaN}.f32 =d, a, membermask:.u32; .op = { .min, .max }", S::ReduxSync)
            .since(8, 6, 100)
            .family_specific(),
        form("activemask.b32 =d", S::Activemask).since(6, 2, 30),
        form("elect.sync =d|p:.u32:sink:paired, membermask:.u32", S::ElectSync).since(8, 0, 90),
        form("bar.warp/.sync membermask:.u32", S::BarWarpSync).since(6, 0, 30),
    ]
    // Each modifier once, `.sync` excepted ("Multiple shuffle modifiers
    // specified" for `shfl.sync.up.up`: tools/dev/diff-fuzz).
    .into_iter()
    .map(Entry::no_repeats)
    .collect()
}

#[cfg(test)]
mod tests {
    use crate::{Target, check_asm};

    fn accepts(text: &str, cons: &[&str], target: &str) -> bool {
        check_asm(text, cons, target.parse::<Target>().unwrap()).is_ok()
    }

    #[test]
    fn shfl_values_are_b32_and_the_member_mask_an_integer() {
        let shfl = "shfl.sync.bfly.b32 %0, %1, %2, %3, %4;";
        assert!(accepts(shfl, &["=f", "f", "r", "r", "r"], "sm_90"));
        assert!(!accepts(shfl, &["=r", "r", "r", "r", "f"], "sm_90"));
        assert!(!accepts(
            "shfl.sync.idx.b64 %0, %1, 0, 31, -1;",
            &["=l", "l"],
            "sm_90"
        ));
    }

    #[test]
    fn redux_on_f32_is_family_specific_to_sm_100() {
        let redux = "redux.sync.max.abs.NaN.f32 %0, %1, 0xffffffff;";
        assert!(!accepts(redux, &["=f", "f"], "sm_90a"));
        assert!(accepts(redux, &["=f", "f"], "sm_100a"));
    }

    #[test]
    fn votes_without_sync_are_gone_from_sm_70() {
        let vote = "{ .reg .pred p, q; vote.any.pred q, p; }";
        assert!(!accepts(vote, &[], "sm_90"));
    }
}
