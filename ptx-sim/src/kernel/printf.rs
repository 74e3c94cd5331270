//! Placeholder: CUDA's printf formatting (being written).

use crate::fault::Fault;

/// Where a format's arguments come from.
pub(crate) trait Arguments {
    /// The next argument of `size` bytes.
    fn next(&mut self, size: u64) -> Result<u64, Fault>;
    /// The string at generic address `addr`.
    fn string(&mut self, addr: u64) -> Result<Vec<u8>, Fault>;
}

/// Formats `format`.
pub(crate) fn format(format: &[u8], _args: &mut dyn Arguments) -> Result<(Vec<u8>, usize), Fault> {
    Ok((format.to_vec(), 0))
}
