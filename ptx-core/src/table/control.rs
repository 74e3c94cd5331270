//! Control flow (PTX ISA "Control Flow Instructions": `bra`, `brx.idx`,
//! `call`, `ret`, `exit`).

use super::{Entry, form};

pub(super) fn entries() -> Vec<Entry> {
    vec![
        form("bra{.uni} target:label", "bra"),
        // The target list is a `.branchtargets` label.
        form("brx.idx{.uni} index:.u32, tlist:label", "brx.idx").since(6, 0, 30),
        // Direct calls, with optional return and argument lists.
        form("call{.uni} func:label", "call"),
        form("call{.uni} func:label, (args)", "call"),
        form("call{.uni} (rets), func:label", "call"),
        form("call{.uni} (rets), func:label, (args)", "call"),
        // Indirect calls through a register, with a `.calltargets` list or a
        // `.callprototype` label naming what the register may hold.
        form("call{.uni} fptr:.u64:reg, (args), func:label", "call").since(2, 1, 20),
        form(
            "call{.uni} (rets), fptr:.u64:reg, (args), func:label",
            "call",
        )
        .since(2, 1, 20),
        form("ret{.uni}", "ret"),
        form("exit", "exit"),
    ]
}
