//! Control flow (PTX ISA "Control Flow Instructions": `bra`, `brx.idx`,
//! `call`, `ret`, `exit`).

use super::{Entry, form};
use crate::semantics::Semantics as S;

pub(super) fn entries() -> Vec<Entry> {
    vec![
        form("bra{.uni} target:label", S::Bra),
        // The target list is a `.branchtargets` label.
        form("brx.idx{.uni} index:.u32, tlist:label", S::BrxIdx).since(6, 0, 30),
        // Direct calls, with optional return and argument lists.
        form("call{.uni} func:label", S::Call),
        form("call{.uni} func:label, (args)", S::Call),
        form("call{.uni} (rets), func:label", S::Call),
        form("call{.uni} (rets), func:label, (args)", S::Call),
        // Indirect calls through a register, with a `.calltargets` list or a
        // `.callprototype` label naming what the register may hold.
        form("call{.uni} fptr:.u64:reg, (args), func:label", S::Call).since(2, 1, 20),
        form(
            "call{.uni} (rets), fptr:.u64:reg, (args), func:label",
            S::Call,
        )
        .since(2, 1, 20),
        form("ret{.uni}", S::Ret),
        form("exit", S::Exit),
    ]
}
