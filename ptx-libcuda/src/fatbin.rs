//! Fat binaries: what nvcc embeds in a program (`__cudaRegisterFatBinary`)
//! and what `cuModuleLoadData`/`cuModuleLoadFatBinary` may be handed. The
//! simulator runs PTX, so what matters here is the PTX a fat binary
//! carries, and, when it carries none for sm_90, what to rebuild with.
//!
//! (Interface only: the parser lands on its own branch.)

/// One PTX text a fat binary carries, and the virtual architecture it
/// was compiled for (`compute_90` is 90).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PtxImage {
    /// The virtual architecture, `compute_<arch>`.
    pub arch: u32,
    /// The PTX module's text.
    pub text: String,
}

/// What a fat binary holds: its PTX texts, and the architectures of its
/// SASS (ELF cubins), which the simulator cannot run.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Contents {
    /// Its PTX texts, in the order the fat binary lists them.
    pub ptx: Vec<PtxImage>,
    /// The `sm_<arch>` of each of its cubins.
    pub sass_arches: Vec<u32>,
}

/// What is wrong with a fat binary.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FatbinError {
    /// Not a fat binary at all.
    #[error("not a fat binary (magic {magic:#x})")]
    NotFatbin {
        /// The first word found.
        magic: u32,
    },
}

/// The length in bytes of the fat binary that starts with `header` (its
/// first 16 bytes at least), or `None` if `header` does not start one.
pub fn blob_len(header: &[u8]) -> Option<usize> {
    let _ = header;
    None
}

/// The contents of the fat binary `blob` (its whole length, as
/// [`blob_len`] says).
pub fn contents(blob: &[u8]) -> Result<Contents, FatbinError> {
    let magic = blob
        .get(..4)
        .map_or(0, |b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]));
    Err(FatbinError::NotFatbin { magic })
}
