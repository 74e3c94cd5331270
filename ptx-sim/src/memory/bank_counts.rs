//! What the bank model ([`super::banks`]) counts of a launch's
//! shared-memory requests: kept apart from the launch that reports them,
//! since every CTA and engine adds to them.

use std::collections::BTreeMap;

/// Requests, wavefronts and bank conflicts of one kind of shared-memory
/// instruction (see [`crate::sem::memory`] for the model).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BankCounts {
    /// Warp-wide requests (for `ldmatrix`/`stmatrix`: one per warp instruction).
    pub requests: u64,
    /// Wavefronts the requests took.
    pub wavefronts: u64,
    /// Wavefronts beyond the minimum the requests needed.
    pub conflicts: u64,
}

/// Shared-memory statistics by instruction (table key, e.g. `ldmatrix`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SharedStats {
    /// Counts by instruction.
    pub by_instruction: BTreeMap<&'static str, BankCounts>,
}

impl SharedStats {
    /// Records one request of `key` that took `wavefronts` where `ideal` would do.
    pub fn record(&mut self, key: &'static str, wavefronts: u64, ideal: u64) {
        let c = self.by_instruction.entry(key).or_default();
        c.requests += 1;
        c.wavefronts += wavefronts;
        c.conflicts += wavefronts.saturating_sub(ideal);
    }

    /// The counts of `key` (zero when it never ran).
    pub fn get(&self, key: &str) -> BankCounts {
        self.by_instruction.get(key).copied().unwrap_or_default()
    }

    /// Adds `other`'s counts to these.
    pub fn merge(&mut self, other: &SharedStats) {
        for (k, c) in &other.by_instruction {
            let e = self.by_instruction.entry(k).or_default();
            e.requests += c.requests;
            e.wavefronts += c.wavefronts;
            e.conflicts += c.conflicts;
        }
    }
}
