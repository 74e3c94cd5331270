//! No module text makes the module parser or checker panic: real modules
//! cut, spliced and sprinkled with PTX punctuation and keywords, and soups
//! of PTX tokens, all go through `check_module_text` and every diagnostic
//! renders with its line:column.

use proptest::prelude::*;
use ptx_core::module::{LineIndex, check_module_text};

/// The modules the edits start from: every hand-written one and a small
/// module nvcc wrote.
const SEEDS: &[&str] = &[
    include_str!("data/modules/hand/attributes.ptx"),
    include_str!("data/modules/hand/calls.ptx"),
    include_str!("data/modules/hand/debug.ptx"),
    include_str!("data/modules/hand/indirect.ptx"),
    include_str!("data/modules/hand/llvm_style.ptx"),
    include_str!("data/modules/hand/variables.ptx"),
];

/// Pieces of PTX the edits insert: punctuation that opens or closes
/// something, directives, names, numbers, and a few characters PTX has no
/// use for.
const PIECES: &[&str] = &[
    "{",
    "}",
    "(",
    ")",
    "[",
    "]",
    ";",
    ",",
    ":",
    "<",
    ">",
    "=",
    "+",
    "-",
    "!",
    "@",
    "|",
    "\"",
    "/*",
    "*/",
    "//",
    "\n",
    " ",
    ".reg",
    ".b32",
    ".pred",
    ".param",
    ".global",
    ".shared",
    ".extern",
    ".visible",
    ".entry",
    ".func",
    ".version",
    ".target",
    ".address_size",
    ".align",
    ".loc",
    ".file",
    ".section",
    ".pragma",
    ".branchtargets",
    ".calltargets",
    ".callprototype",
    ".maxntid",
    ".noreturn",
    ".ptr",
    "%r1",
    "%rd1",
    "%p1",
    "%tid.x",
    "_",
    "$L__BB0_1",
    "call",
    "ret",
    "brx.idx",
    "bra",
    "ld.param.u64",
    "st.global.u32",
    "mov.u32",
    "generic(",
    "0xFF(",
    "0",
    "1",
    "4294967296",
    "18446744073709551616",
    "1.5",
    "0f3F800000",
    "0d3FF0000000000000",
    "%",
    "%%",
    ".",
    "é",
    "\u{0}",
    "\t",
    "sm_90",
    "9.0",
    "<100>",
    "[]",
    "= {",
];

#[derive(Clone, Debug)]
enum Edit {
    /// Remove `len` characters at `at` (both taken modulo the text's length).
    Delete { at: usize, len: usize },
    /// Insert a piece at `at`.
    Insert { at: usize, piece: usize },
    /// Copy `len` characters from `from` to `at`.
    Splice { from: usize, len: usize, at: usize },
}

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        (any::<usize>(), 1usize..40).prop_map(|(at, len)| Edit::Delete { at, len }),
        (any::<usize>(), 0..PIECES.len()).prop_map(|(at, piece)| Edit::Insert { at, piece }),
        (any::<usize>(), 1usize..200, any::<usize>()).prop_map(|(from, len, at)| Edit::Splice {
            from,
            len,
            at
        }),
    ]
}

fn apply(text: &str, edits: &[Edit]) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for e in edits {
        let n = chars.len().max(1);
        match *e {
            Edit::Delete { at, len } => {
                let at = at % n;
                let end = (at + len).min(chars.len());
                chars.drain(at.min(chars.len())..end);
            }
            Edit::Insert { at, piece } => {
                let at = (at % n).min(chars.len());
                chars.splice(at..at, PIECES[piece].chars());
            }
            Edit::Splice { from, len, at } => {
                let from = (from % n).min(chars.len());
                let copied: Vec<char> = chars[from..(from + len).min(chars.len())].to_vec();
                let at = (at % n).min(chars.len());
                chars.splice(at..at, copied);
            }
        }
    }
    chars.into_iter().collect()
}

/// Checks `text` and renders every diagnostic: neither may panic.
fn check_and_render(text: &str) {
    let lines = LineIndex::new(text);
    for d in check_module_text(text) {
        let shown = lines.render("fuzz.ptx", &d);
        assert!(shown.starts_with("fuzz.ptx:"));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn edited_modules_never_panic(seed in 0..SEEDS.len(), edits in prop::collection::vec(edit(), 1..12)) {
        check_and_render(&apply(SEEDS[seed], &edits));
    }

    #[test]
    fn token_soups_never_panic(pieces in prop::collection::vec(0..PIECES.len(), 0..80)) {
        let header = ".version 9.0\n.target sm_90\n.address_size 64\n";
        let soup: String = pieces.iter().map(|&k| PIECES[k]).collect::<Vec<_>>().join(" ");
        check_and_render(&soup);
        check_and_render(&format!("{header}{soup}"));
        check_and_render(&format!("{header}.visible .entry k() {{ {soup} }}"));
    }
}

#[test]
fn every_prefix_of_a_module_checks_without_panicking() {
    let text = SEEDS[1];
    for (end, _) in text.char_indices().step_by(7) {
        check_and_render(&text[..end]);
    }
}
