//! Fat binaries: what nvcc embeds in a program (`__cudaRegisterFatBinary`)
//! and what `cuModuleLoadData`/`cuModuleLoadFatBinary` may be handed. The
//! simulator runs PTX, so what matters here is the PTX a fat binary
//! carries, and, when it carries none for sm_90, what to rebuild with.
//!
//! # The wrapper
//!
//! A program does not hand `__cudaRegisterFatBinary` the fat binary itself
//! but a `__fatBinC_Wrapper_t` (`fatbinary_section.h`), which nvcc puts in
//! the section `.nvFatBinSegment` (24 bytes on a 64-bit host):
//!
//! | offset | type   | what |
//! |--------|--------|------|
//! | 0      | `u32`  | magic `0x466243b1` |
//! | 4      | `u32`  | version: 1, or 2 for a program linked with `-rdc` (`__cudaRegisterLinkedBinary`) |
//! | 8      | `*u64` | the fat binary (in `.nv_fatbin`, 8-byte aligned; in `__nv_relfatbin` for `-rdc` objects) |
//! | 16     | `*void`| version 1: a file name, or null; version 2: the prelinked fat binaries |
//!
//! Reading it deals in raw pointers, so it is the caller's job: it checks
//! the magic, reads 16 bytes at `data`, asks [`blob_len`] how long the fat
//! binary is, and hands that many bytes to [`contents`]. A linked program's
//! `.nv_fatbin` holds one fat binary per translation unit, one after the
//! other; each wrapper points at its own.
//!
//! # The fat binary
//!
//! All numbers are little-endian. A 16-byte header:
//!
//! | offset | type  | what |
//! |--------|-------|------|
//! | 0      | `u32` | magic `0xba55ed50` |
//! | 4      | `u16` | version, 1 |
//! | 6      | `u16` | the header's size, 16: where the first entry starts |
//! | 8      | `u64` | the size of what follows the header: the entries |
//!
//! then entries, back to back until that size is used up, each a header
//! and its payload right after it:
//!
//! | offset | type  | what |
//! |--------|-------|------|
//! | 0x00   | `u16` | kind: 1 PTX, 2 ELF (a cubin: SASS), 8 LTO-IR (NVVM) |
//! | 0x02   | `u16` | the entry header's version, `0x0101` |
//! | 0x04   | `u32` | the entry header's size (64 at least; 0x40 for a cubin, 0x50 for PTX, more when it carries options or a name) |
//! | 0x08   | `u64` | the payload's size, padded to a multiple of 8: the next entry starts that far past this header's end |
//! | 0x10   | `u32` | the compressed payload's size (without the padding), 0 when not compressed |
//! | 0x14   | `u32` | where in this header two `u32` say where in this header the ptxas options are, and how long; 0 for none |
//! | 0x18   | `u16` | the code's minor version (PTX ISA 9.0 has 0; cubins 8) |
//! | 0x1a   | `u16` | the code's major version (PTX ISA 9.0 has 9; cubins 1) |
//! | 0x1c   | `u32` | the architecture: 90 for `compute_90`/`sm_90`, also for `sm_90a` |
//! | 0x20   | `u32` | where in this header an identifier is (the source file's name, with `-G`), 0 for none |
//! | 0x24   | `u32` | the identifier's length |
//! | 0x28   | `u64` | flags (below) |
//! | 0x30   | `u64` | 0 (LTO-IR entries put something else here) |
//! | 0x38   | `u64` | the uncompressed payload's size, 0 when not compressed |
//!
//! Flags seen from nvcc 13.0: `0x1` 64-bit code, `0x2` debug (`-G`),
//! `0x10` Linux host, `0x2000` payload compressed with LZ4 (block format),
//! `0x8000` payload compressed with zstd (a zstd frame), `0x10000` on
//! LTO-IR (its payload is neither), `0x100000` an arch-specific target
//! (`sm_90a`), `0x200000` a family-specific one (`sm_100f`), `0x1000000`
//! on cubins for sm_100 and later.
//!
//! A PTX payload is the module's text and a NUL, then NULs up to the
//! padding; compressed, the uncompressed size counts that first NUL. The
//! text is what nvcc's `-ptx` writes less its comments and indentation
//! (lines of comments become blank lines).
//!
//! nvcc 13.0 compresses by default (`--compress-mode=default`, the same
//! as `balance`): PTX and debug cubins with zstd, other cubins not at
//! all. `--compress-mode=speed` compresses PTX with LZ4 instead, `size`
//! compresses cubins too (zstd), and `none` or `--no-compress` nothing.
//! `-Xfatbin -compress-all` compresses cubins too.

use std::borrow::Cow;
use std::fmt;

/// The first word of a fat binary.
pub const FATBIN_MAGIC: u32 = 0xba55_ed50;

/// The first word of the `__fatBinC_Wrapper_t` that points at a fat binary.
pub const WRAPPER_MAGIC: u32 = 0x4662_43b1;

/// The smallest entry header there is.
const ENTRY_HEADER_MIN: usize = 64;

const FLAG_LZ4: u64 = 0x2000;
const FLAG_ZSTD: u64 = 0x8000;
const FLAG_ARCH_SPECIFIC: u64 = 0x10_0000;
const FLAG_FAMILY_SPECIFIC: u64 = 0x20_0000;

/// Which GPUs beyond its own number a target's code runs on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Variant {
    /// `sm_90`, `compute_90`: the architecture and every later one (PTX;
    /// SASS only within its major version).
    #[default]
    Generic,
    /// `sm_100f`: the architectures of its family (same major version,
    /// same or later minor).
    FamilySpecific,
    /// `sm_90a`: this architecture alone.
    ArchSpecific,
}

impl Variant {
    /// What a target's name has after its number: "", "f" or "a".
    pub fn suffix(self) -> &'static str {
        match self {
            Variant::Generic => "",
            Variant::FamilySpecific => "f",
            Variant::ArchSpecific => "a",
        }
    }

    fn from_flags(flags: u64) -> Variant {
        if flags & FLAG_ARCH_SPECIFIC != 0 {
            Variant::ArchSpecific
        } else if flags & FLAG_FAMILY_SPECIFIC != 0 {
            Variant::FamilySpecific
        } else {
            Variant::Generic
        }
    }

    /// Whether code for `arch` of this variant runs on `sm` (PTX, which
    /// the driver compiles for the GPU it has).
    fn ptx_runs_on(self, arch: u32, sm: u32) -> bool {
        match self {
            Variant::Generic => arch <= sm,
            Variant::FamilySpecific => arch <= sm && arch / 10 == sm / 10,
            Variant::ArchSpecific => arch == sm,
        }
    }
}

/// An architecture and its variant: `sm_90a` is `{90, ArchSpecific}`.
/// Its `Display` is the virtual name (`compute_90a`); [`Target::sm`] gives
/// the real one.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Target {
    /// The number, 90 for sm_90.
    pub arch: u32,
    /// Whether it is `a`, `f` or neither.
    pub variant: Variant,
}

impl Target {
    /// The real architecture's name, `sm_90a`.
    pub fn sm(self) -> String {
        format!("sm_{}{}", self.arch, self.variant.suffix())
    }
}

impl fmt::Display for Target {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "compute_{}{}", self.arch, self.variant.suffix())
    }
}

/// One PTX text a fat binary carries, and the virtual architecture it
/// was compiled for (`compute_90` is 90).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PtxImage {
    /// The virtual architecture, `compute_<arch>`.
    pub arch: u32,
    /// Whether it is `compute_<arch>a`, `compute_<arch>f` or neither.
    pub variant: Variant,
    /// The PTX module's text.
    pub text: String,
}

impl PtxImage {
    /// Its architecture and variant together.
    pub fn target(&self) -> Target {
        Target {
            arch: self.arch,
            variant: self.variant,
        }
    }
}

/// What a fat binary holds: its PTX texts, and the architectures of its
/// SASS (ELF cubins), which the simulator cannot run.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Contents {
    /// Its PTX texts, in the order the fat binary lists them.
    pub ptx: Vec<PtxImage>,
    /// The `sm_<arch>` of each of its cubins.
    pub sass_arches: Vec<u32>,
    /// Each of its cubins' target, in the same order as `sass_arches`
    /// (which has their numbers alone).
    pub sass: Vec<Target>,
    /// The targets of its LTO-IR, which nvlink turns into SASS
    /// (`-gencode arch=compute_90,code=lto_90`).
    pub lto: Vec<Target>,
}

impl Contents {
    /// What it holds, in words: "PTX for compute_90 and SASS for sm_80,
    /// sm_90a", "only SASS for sm_80", "no code at all".
    pub fn describe(&self) -> String {
        fn list(what: &str, names: Vec<String>) -> Option<String> {
            (!names.is_empty()).then(|| format!("{what} for {}", names.join(", ")))
        }
        let parts: Vec<String> = [
            list(
                "PTX",
                self.ptx.iter().map(|p| p.target().to_string()).collect(),
            ),
            list("SASS", self.sass.iter().map(|t| t.sm()).collect()),
            list("LTO-IR", self.lto.iter().map(|t| t.to_string()).collect()),
        ]
        .into_iter()
        .flatten()
        .collect();
        match parts.as_slice() {
            [] => "no code at all".to_string(),
            [one] => format!("only {one}"),
            _ => parts.join(" and "),
        }
    }
}

/// How an entry's payload is compressed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Compression {
    /// Stored as it is.
    None,
    /// LZ4, block format (`--compress-mode=speed`).
    Lz4,
    /// A zstd frame (nvcc 13's default for PTX).
    Zstd,
}

/// What an entry holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// PTX text (kind 1).
    Ptx,
    /// An ELF cubin: SASS (kind 2).
    Elf,
    /// LTO-IR (kind 8).
    LtoIr,
    /// A kind this parser does not know.
    Other(u16),
}

impl Kind {
    fn from_raw(kind: u16) -> Kind {
        match kind {
            1 => Kind::Ptx,
            2 => Kind::Elf,
            8 => Kind::LtoIr,
            other => Kind::Other(other),
        }
    }
}

/// One entry of a fat binary, as its header describes it; the payload is
/// borrowed from the fat binary, still compressed if it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry<'a> {
    /// Where its header starts in the fat binary.
    pub offset: usize,
    /// What it holds.
    pub kind: Kind,
    /// Its architecture and variant.
    pub target: Target,
    /// The code's version, (major, minor): (9, 0) for PTX ISA 9.0.
    pub version: (u16, u16),
    /// Its header's flags (the module docs list those known).
    pub flags: u64,
    /// How its payload is compressed.
    pub compression: Compression,
    /// Its payload as stored: compressed, the compressed bytes alone; not
    /// compressed, the padded payload, NULs at its end included.
    pub payload: &'a [u8],
    /// The size of the payload uncompressed, as the header says; the
    /// payload's length when it is not compressed.
    pub uncompressed_size: u64,
    /// Its identifier (the source file's name, with `-G`), empty if none.
    pub identifier: &'a [u8],
    /// The ptxas options it was compiled with, empty if none.
    pub options: &'a [u8],
}

impl Entry<'_> {
    /// Its payload uncompressed.
    pub fn data(&self) -> Result<Cow<'_, [u8]>, FatbinError> {
        let (algorithm, lz4) = match self.compression {
            Compression::None => return Ok(Cow::Borrowed(self.payload)),
            Compression::Lz4 => ("LZ4", true),
            Compression::Zstd => ("zstd", false),
        };
        let offset = self.offset;
        let compressed = self.payload.len() as u64;
        // Real PTX compresses by a factor of 3 to 10; a size far beyond
        // that is a corrupt header, not one to allocate for.
        let limit = compressed.saturating_mul(4096).clamp(1 << 20, 1 << 32);
        if self.uncompressed_size > limit {
            return Err(FatbinError::ImplausibleSize {
                offset,
                uncompressed: self.uncompressed_size,
                compressed,
            });
        }
        let expected = self.uncompressed_size as usize;
        let mut out = vec![0u8; expected];
        let decoded = if lz4 {
            lz4_flex::block::decompress_into(self.payload, &mut out).map_err(|e| e.to_string())
        } else {
            ruzstd::decoding::FrameDecoder::new()
                .decode_all(self.payload, &mut out)
                .map_err(|e| e.to_string())
        };
        match decoded {
            Ok(got) if got == expected => Ok(Cow::Owned(out)),
            Ok(got) => Err(FatbinError::SizeMismatch {
                offset,
                expected: self.uncompressed_size,
                got: got as u64,
            }),
            Err(message) => Err(FatbinError::Decompress {
                offset,
                algorithm,
                message,
            }),
        }
    }
}

/// What is wrong with a fat binary. Offsets count from its first byte.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FatbinError {
    /// Not a fat binary at all.
    #[error("not a fat binary (magic {magic:#x}, expected {FATBIN_MAGIC:#x})")]
    NotFatbin {
        /// The first word found.
        magic: u32,
    },
    /// Shorter than its header says, or than a header.
    #[error("fat binary truncated: {what} needs {needed} bytes, only {available} given")]
    Truncated {
        /// What did not fit: "the fat binary header", "the fat binary".
        what: &'static str,
        /// How many bytes it needs.
        needed: u64,
        /// How many there are.
        available: usize,
    },
    /// A fat binary version other than 1.
    #[error("fat binary version {version}, expected 1")]
    UnsupportedVersion {
        /// The version found.
        version: u16,
    },
    /// A header size too small to hold the header.
    #[error("fat binary header size {size}, expected 16 or more")]
    BadHeaderSize {
        /// The header size found.
        size: u16,
    },
    /// An entry header too small to hold the fields every entry has.
    #[error("entry at offset {offset:#x}: header size {size}, expected {ENTRY_HEADER_MIN} or more")]
    BadEntryHeaderSize {
        /// Where the entry starts.
        offset: usize,
        /// The header size found.
        size: u64,
    },
    /// Part of an entry lies beyond the end of the fat binary.
    #[error(
        "entry at offset {offset:#x}: its {what} ({size} bytes from offset {start:#x}) runs past \
         the fat binary's end at {end:#x}"
    )]
    EntryOverrun {
        /// Where the entry starts.
        offset: usize,
        /// "header" or "payload".
        what: &'static str,
        /// Where that part starts.
        start: usize,
        /// How long it says it is.
        size: u64,
        /// Where the fat binary ends.
        end: usize,
    },
    /// The identifier or the options of an entry lie outside its header.
    #[error(
        "entry at offset {offset:#x}: its {what} ({size} bytes from header offset {start:#x}) lies \
         outside its {header_size}-byte header"
    )]
    FieldOutsideHeader {
        /// Where the entry starts.
        offset: usize,
        /// "identifier", "options descriptor" or "options".
        what: &'static str,
        /// Where in the header the field says it starts.
        start: u64,
        /// How long it says it is.
        size: u64,
        /// The entry header's size.
        header_size: u64,
    },
    /// A compressed size larger than the payload that holds it.
    #[error(
        "entry at offset {offset:#x}: compressed size {compressed} exceeds its payload of {payload} \
         bytes"
    )]
    CompressedTooLarge {
        /// Where the entry starts.
        offset: usize,
        /// The compressed size.
        compressed: u64,
        /// The payload's size.
        payload: u64,
    },
    /// Flags that say LZ4 and zstd both.
    #[error("entry at offset {offset:#x}: flags {flags:#x} say both LZ4 and zstd")]
    ConflictingCompression {
        /// Where the entry starts.
        offset: usize,
        /// Its flags.
        flags: u64,
    },
    /// An uncompressed size no real payload compresses from.
    #[error(
        "entry at offset {offset:#x}: uncompressed size {uncompressed} is implausible for \
         {compressed} compressed bytes"
    )]
    ImplausibleSize {
        /// Where the entry starts.
        offset: usize,
        /// The uncompressed size the header says.
        uncompressed: u64,
        /// The compressed size.
        compressed: u64,
    },
    /// A compressed payload that does not decompress.
    #[error("entry at offset {offset:#x}: {algorithm} payload does not decompress: {message}")]
    Decompress {
        /// Where the entry starts.
        offset: usize,
        /// "LZ4" or "zstd".
        algorithm: &'static str,
        /// What the decompressor said.
        message: String,
    },
    /// A payload that decompressed to another size than its header says.
    #[error(
        "entry at offset {offset:#x}: payload decompressed to {got} bytes, its header says \
         {expected}"
    )]
    SizeMismatch {
        /// Where the entry starts.
        offset: usize,
        /// The uncompressed size the header says.
        expected: u64,
        /// What came out.
        got: u64,
    },
    /// PTX that is not UTF-8.
    #[error("PTX entry at offset {offset:#x}: not UTF-8 at byte {at} of its text")]
    PtxNotUtf8 {
        /// Where the entry starts.
        offset: usize,
        /// Where in the text the first bad byte is.
        at: usize,
    },
    /// No PTX that the GPU can run: the message users see.
    #[error(
        "the fat binary has no PTX that sm_{sm} can run (it has {has}); ptx-sim runs PTX: rebuild \
         with -gencode arch=compute_{sm},code=compute_{sm}"
    )]
    NoPtx {
        /// The GPU's architecture.
        sm: u32,
        /// What the fat binary has ([`Contents::describe`]).
        has: String,
    },
}

/// `N` bytes of `bytes` at `at`, if there are that many.
fn array_at<const N: usize>(bytes: &[u8], at: usize) -> Option<[u8; N]> {
    bytes.get(at..at.checked_add(N)?)?.try_into().ok()
}

/// The little-endian `u16`, `u32` and `u64` at `at` of a slice whose length
/// the caller checked.
fn u16_at(b: &[u8], at: usize) -> u16 {
    array_at(b, at).map_or(0, u16::from_le_bytes)
}

fn u32_at(b: &[u8], at: usize) -> u32 {
    array_at(b, at).map_or(0, u32::from_le_bytes)
}

fn u64_at(b: &[u8], at: usize) -> u64 {
    array_at(b, at).map_or(0, u64::from_le_bytes)
}

/// The length in bytes of the fat binary that starts with `header` (its
/// first 16 bytes at least), or `None` if `header` does not start one.
pub fn blob_len(header: &[u8]) -> Option<usize> {
    let header = header.get(..16)?;
    if u32_at(header, 0) != FATBIN_MAGIC || u16_at(header, 4) != 1 || u16_at(header, 6) < 16 {
        return None;
    }
    let len = u64::from(u16_at(header, 6)).checked_add(u64_at(header, 8))?;
    usize::try_from(len).ok()
}

/// The entries of the fat binary `blob` (its whole length, as [`blob_len`]
/// says; bytes past that are ignored), checked to lie within it.
pub fn entries(blob: &[u8]) -> Result<Vec<Entry<'_>>, FatbinError> {
    if let Some(magic) = array_at(blob, 0).map(u32::from_le_bytes)
        && magic != FATBIN_MAGIC
    {
        return Err(FatbinError::NotFatbin { magic });
    }
    if blob.len() < 16 {
        return Err(FatbinError::Truncated {
            what: "the fat binary header",
            needed: 16,
            available: blob.len(),
        });
    }
    let version = u16_at(blob, 4);
    if version != 1 {
        return Err(FatbinError::UnsupportedVersion { version });
    }
    let header_size = u16_at(blob, 6);
    if header_size < 16 {
        return Err(FatbinError::BadHeaderSize { size: header_size });
    }
    let total = u64::from(header_size).saturating_add(u64_at(blob, 8));
    let end = match usize::try_from(total) {
        Ok(end) if end <= blob.len() => end,
        _ => {
            return Err(FatbinError::Truncated {
                what: "the fat binary",
                needed: total,
                available: blob.len(),
            });
        }
    };
    let blob = &blob[..end];
    let mut found = Vec::new();
    let mut offset = usize::from(header_size);
    while offset < end {
        let entry = entry_at(blob, offset)?;
        offset = entry.1;
        found.push(entry.0);
    }
    Ok(found)
}

/// The entry whose header starts at `offset` of `blob` (cut to the fat
/// binary's end), and where the next one starts.
fn entry_at(blob: &[u8], offset: usize) -> Result<(Entry<'_>, usize), FatbinError> {
    let end = blob.len();
    let overrun = |what, start: usize, size: u64| FatbinError::EntryOverrun {
        offset,
        what,
        start,
        size,
        end,
    };
    // The fixed fields first, then the header's own size.
    let fixed = blob
        .get(offset..)
        .and_then(|rest| rest.get(..ENTRY_HEADER_MIN))
        .ok_or_else(|| overrun("header", offset, ENTRY_HEADER_MIN as u64))?;
    let header_size = u64::from(u32_at(fixed, 0x04));
    if header_size < ENTRY_HEADER_MIN as u64 {
        return Err(FatbinError::BadEntryHeaderSize {
            offset,
            size: header_size,
        });
    }
    let header = usize::try_from(header_size)
        .ok()
        .and_then(|size| blob.get(offset..)?.get(..size))
        .ok_or_else(|| overrun("header", offset, header_size))?;
    let payload_start = offset + header.len();
    let payload_size = u64_at(fixed, 0x08);
    let payload = usize::try_from(payload_size)
        .ok()
        .and_then(|size| blob.get(payload_start..)?.get(..size))
        .ok_or_else(|| overrun("payload", payload_start, payload_size))?;
    let next = payload_start + payload.len();

    let flags = u64_at(fixed, 0x28);
    let compression = match (flags & FLAG_LZ4 != 0, flags & FLAG_ZSTD != 0) {
        (false, false) => Compression::None,
        (true, false) => Compression::Lz4,
        (false, true) => Compression::Zstd,
        (true, true) => return Err(FatbinError::ConflictingCompression { offset, flags }),
    };
    let (payload, uncompressed_size) = if compression == Compression::None {
        (payload, payload_size)
    } else {
        let compressed = u64::from(u32_at(fixed, 0x10));
        let stored = payload
            .get(..compressed as usize)
            .ok_or(FatbinError::CompressedTooLarge {
                offset,
                compressed,
                payload: payload_size,
            })?;
        (stored, u64_at(fixed, 0x38))
    };

    let field = |what, start: u64, size: u64| {
        usize::try_from(start)
            .ok()
            .zip(usize::try_from(size).ok())
            .and_then(|(start, size)| header.get(start..)?.get(..size))
            .ok_or(FatbinError::FieldOutsideHeader {
                offset,
                what,
                start,
                size,
                header_size,
            })
    };
    let identifier = match u32_at(fixed, 0x20) {
        0 => &[][..],
        start => field("identifier", start.into(), u32_at(fixed, 0x24).into())?,
    };
    let options = match u32_at(fixed, 0x14) {
        0 => &[][..],
        at => {
            let descriptor = field("options descriptor", at.into(), 8)?;
            match u32_at(descriptor, 0) {
                0 => &[][..],
                start => field("options", start.into(), u32_at(descriptor, 4).into())?,
            }
        }
    };
    let entry = Entry {
        offset,
        kind: Kind::from_raw(u16_at(fixed, 0x00)),
        target: Target {
            arch: u32_at(fixed, 0x1c),
            variant: Variant::from_flags(flags),
        },
        version: (u16_at(fixed, 0x1a), u16_at(fixed, 0x18)),
        flags,
        compression,
        payload,
        uncompressed_size,
        identifier: trim_nuls(identifier),
        options: trim_nuls(options),
    };
    Ok((entry, next))
}

/// `bytes` less the NULs at its end.
fn trim_nuls(bytes: &[u8]) -> &[u8] {
    let len = bytes.iter().rposition(|&b| b != 0).map_or(0, |i| i + 1);
    &bytes[..len]
}

/// The contents of the fat binary `blob` (its whole length, as
/// [`blob_len`] says): its PTX texts decompressed, and the targets of its
/// cubins and LTO-IR, which are left as they are. Entries of kinds it
/// does not know are skipped.
pub fn contents(blob: &[u8]) -> Result<Contents, FatbinError> {
    let mut contents = Contents::default();
    for entry in entries(blob)? {
        match entry.kind {
            Kind::Ptx => {
                let data = entry.data()?;
                // The text is a C string: it ends at the first NUL.
                let len = data.iter().position(|&b| b == 0).unwrap_or(data.len());
                let text =
                    std::str::from_utf8(&data[..len]).map_err(|e| FatbinError::PtxNotUtf8 {
                        offset: entry.offset,
                        at: e.valid_up_to(),
                    })?;
                contents.ptx.push(PtxImage {
                    arch: entry.target.arch,
                    variant: entry.target.variant,
                    text: text.to_string(),
                });
            }
            Kind::Elf => {
                contents.sass_arches.push(entry.target.arch);
                contents.sass.push(entry.target);
            }
            Kind::LtoIr => contents.lto.push(entry.target),
            Kind::Other(_) => {}
        }
    }
    Ok(contents)
}

/// The PTX of `contents` that a GPU of architecture `sm` (90 for an H100)
/// runs: the one of the highest architecture it can run, an
/// arch-specific one (`compute_90a`) before a generic one of the same
/// number. Without one, an error that says what the fat binary has and
/// what to rebuild with.
pub fn ptx_for(contents: &Contents, sm: u32) -> Result<&PtxImage, FatbinError> {
    contents
        .ptx
        .iter()
        .filter(|p| p.variant.ptx_runs_on(p.arch, sm))
        .max_by_key(|p| (p.arch, p.variant))
        .ok_or_else(|| FatbinError::NoPtx {
            sm,
            has: contents.describe(),
        })
}

#[cfg(test)]
mod tests;
