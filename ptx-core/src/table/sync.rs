//! Placeholder until filled.

use super::Entry;

pub(super) fn entries() -> Vec<Entry> {
    vec![]
}
