//! The parser against fat binaries nvcc 13.0 made
//! (`tests/data/fatbin/README.md` says how), and against those cut short
//! or with bytes flipped.

use super::*;

macro_rules! data {
    ($name:literal) => {
        include_bytes!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/data/fatbin/",
            $name
        ))
    };
}

/// PTX for compute_90 only, zstd-compressed (nvcc's default).
const PTX90: &[u8] = data!("ptx90.fatbin");
/// The same with `--compress-mode=speed`: LZ4.
const PTX90_LZ4: &[u8] = data!("ptx90_lz4.fatbin");
/// The same with `--no-compress`.
const PTX90_PLAIN: &[u8] = data!("ptx90_plain.fatbin");
/// `-arch=sm_90a`: PTX compute_90, SASS sm_90a, PTX compute_90a.
const SM90A: &[u8] = data!("sm90a.fatbin");
/// SASS for sm_80 and sm_90a only (cubins zstd-compressed).
const SASS80_90A: &[u8] = data!("sass80_90a.fatbin");
/// LTO-IR for compute_90 only.
const LTO90: &[u8] = data!("lto90.fatbin");

/// The PTX texts as cuobjdump -xptx extracts them.
const CUOBJDUMP_90: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/data/fatbin/ptx90.1.sm_90.ptx"
));
const CUOBJDUMP_90_LZ4: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/data/fatbin/ptx90_lz4.1.sm_90.ptx"
));
const CUOBJDUMP_90_PLAIN: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/data/fatbin/ptx90_plain.1.sm_90.ptx"
));
const CUOBJDUMP_SM90A_1: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/data/fatbin/sm90a.1.sm_90.ptx"
));
const CUOBJDUMP_SM90A_2: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/data/fatbin/sm90a.2.sm_90a.ptx"
));
/// What `nvcc -ptx -arch=compute_90` writes.
const NVCC_PTX_90: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/data/fatbin/vadd.compute_90.ptx"
));

const ALL: [(&str, &[u8]); 6] = [
    ("ptx90", PTX90),
    ("ptx90_lz4", PTX90_LZ4),
    ("ptx90_plain", PTX90_PLAIN),
    ("sm90a", SM90A),
    ("sass80_90a", SASS80_90A),
    ("lto90", LTO90),
];

fn generic(arch: u32) -> Target {
    Target {
        arch,
        variant: Variant::Generic,
    }
}

fn specific(arch: u32) -> Target {
    Target {
        arch,
        variant: Variant::ArchSpecific,
    }
}

/// PTX less comments, indentation and blank lines, each run of blanks one
/// space: what fatbinary keeps of what nvcc -ptx writes.
fn normalized(ptx: &str) -> Vec<String> {
    ptx.lines()
        .map(|line| line.split("//").next().unwrap_or(""))
        .map(|line| line.split_whitespace().collect::<Vec<_>>().join(" "))
        .filter(|line| !line.is_empty())
        .collect()
}

#[test]
fn blob_len_is_each_files_length() {
    for (name, blob) in ALL {
        assert_eq!(blob_len(blob), Some(blob.len()), "{name}");
        assert_eq!(blob_len(&blob[..16]), Some(blob.len()), "{name}");
    }
    assert_eq!(blob_len(&PTX90[..15]), None);
    assert_eq!(blob_len(&[0u8; 16]), None);
    let mut wrong_version = PTX90[..16].to_vec();
    wrong_version[4] = 2;
    assert_eq!(blob_len(&wrong_version), None);
}

#[test]
fn zstd_ptx_is_what_cuobjdump_extracts() {
    let entries = entries(PTX90).unwrap();
    assert_eq!(entries.len(), 1);
    assert_eq!(entries[0].kind, Kind::Ptx);
    assert_eq!(entries[0].compression, Compression::Zstd);
    assert_eq!(entries[0].version, (9, 0));
    let c = contents(PTX90).unwrap();
    assert_eq!(
        c.ptx,
        vec![PtxImage {
            arch: 90,
            variant: Variant::Generic,
            text: CUOBJDUMP_90.to_string()
        }]
    );
    assert!(c.sass.is_empty() && c.sass_arches.is_empty() && c.lto.is_empty());
    assert!(c.ptx[0].text.contains(".target sm_90\n"));
}

#[test]
fn lz4_ptx_is_what_cuobjdump_extracts() {
    let entries = entries(PTX90_LZ4).unwrap();
    assert_eq!(entries[0].compression, Compression::Lz4);
    let c = contents(PTX90_LZ4).unwrap();
    assert_eq!(c.ptx.len(), 1);
    assert_eq!(c.ptx[0].text, CUOBJDUMP_90_LZ4);
    assert_eq!(c.ptx[0].text, CUOBJDUMP_90);
}

#[test]
fn uncompressed_ptx_is_what_cuobjdump_extracts() {
    let entries = entries(PTX90_PLAIN).unwrap();
    assert_eq!(entries[0].compression, Compression::None);
    let c = contents(PTX90_PLAIN).unwrap();
    assert_eq!(c.ptx.len(), 1);
    assert_eq!(c.ptx[0].text, CUOBJDUMP_90_PLAIN);
    assert!(!c.ptx[0].text.contains('\0'));
}

#[test]
fn ptx_is_what_nvcc_ptx_writes_less_comments_and_spacing() {
    let text = &contents(PTX90).unwrap().ptx[0].text;
    assert_eq!(normalized(text), normalized(NVCC_PTX_90));
}

#[test]
fn sm_90a_has_generic_and_specific_ptx_and_picks_the_specific() {
    let c = contents(SM90A).unwrap();
    let targets: Vec<Target> = c.ptx.iter().map(PtxImage::target).collect();
    assert_eq!(targets, vec![generic(90), specific(90)]);
    assert_eq!(c.ptx[0].text, CUOBJDUMP_SM90A_1);
    assert_eq!(c.ptx[1].text, CUOBJDUMP_SM90A_2);
    assert_eq!(c.sass, vec![specific(90)]);
    assert_eq!(c.sass_arches, vec![90]);
    assert_eq!(ptx_for(&c, 90).unwrap().target(), specific(90));
    // On a later GPU only the generic PTX runs.
    assert_eq!(ptx_for(&c, 100).unwrap().target(), generic(90));
    assert_eq!(
        ptx_for(&c, 80).unwrap_err().to_string(),
        "the fat binary has no PTX that sm_80 can run (it has PTX for compute_90, compute_90a \
         and SASS for sm_90a); ptx-sim runs PTX: rebuild with -gencode \
         arch=compute_80,code=compute_80"
    );
}

#[test]
fn sass_only_gives_the_rebuild_error() {
    let c = contents(SASS80_90A).unwrap();
    assert!(c.ptx.is_empty());
    assert_eq!(c.sass, vec![generic(80), specific(90)]);
    assert_eq!(c.sass_arches, vec![80, 90]);
    let entries = entries(SASS80_90A).unwrap();
    assert!(
        entries
            .iter()
            .all(|e| e.kind == Kind::Elf && e.compression == Compression::Zstd)
    );
    // The cubins decompress (contents does not need them to).
    for e in &entries {
        assert!(e.data().unwrap().starts_with(b"\x7fELF"));
    }
    let err = ptx_for(&c, 90).unwrap_err();
    assert_eq!(
        err,
        FatbinError::NoPtx {
            sm: 90,
            has: "only SASS for sm_80, sm_90a".to_string()
        }
    );
    assert_eq!(
        err.to_string(),
        "the fat binary has no PTX that sm_90 can run (it has only SASS for sm_80, sm_90a); \
         ptx-sim runs PTX: rebuild with -gencode arch=compute_90,code=compute_90"
    );
}

#[test]
fn lto_ir_only_gives_the_rebuild_error() {
    let entries = entries(LTO90).unwrap();
    assert_eq!(entries.len(), 1);
    assert_eq!(entries[0].kind, Kind::LtoIr);
    assert!(!entries[0].options.is_empty());
    let c = contents(LTO90).unwrap();
    assert_eq!(c.lto, vec![generic(90)]);
    assert!(c.ptx.is_empty() && c.sass.is_empty());
    assert_eq!(
        ptx_for(&c, 90).unwrap_err().to_string(),
        "the fat binary has no PTX that sm_90 can run (it has only LTO-IR for compute_90); \
         ptx-sim runs PTX: rebuild with -gencode arch=compute_90,code=compute_90"
    );
}

#[test]
fn ptx_for_picks_the_highest_it_can_run() {
    let ptx = |arch, variant| PtxImage {
        arch,
        variant,
        text: String::new(),
    };
    let c = Contents {
        ptx: vec![
            ptx(75, Variant::Generic),
            ptx(90, Variant::Generic),
            ptx(80, Variant::Generic),
            ptx(100, Variant::FamilySpecific),
            ptx(120, Variant::Generic),
        ],
        ..Contents::default()
    };
    assert_eq!(ptx_for(&c, 90).unwrap().arch, 90);
    assert_eq!(ptx_for(&c, 89).unwrap().arch, 80);
    assert_eq!(ptx_for(&c, 103).unwrap().target().arch, 100);
    assert_eq!(ptx_for(&c, 110).unwrap().arch, 90);
    assert!(ptx_for(&c, 70).is_err());
    let none = Contents::default();
    assert_eq!(
        ptx_for(&none, 90).unwrap_err().to_string(),
        "the fat binary has no PTX that sm_90 can run (it has no code at all); ptx-sim runs PTX: \
         rebuild with -gencode arch=compute_90,code=compute_90"
    );
}

#[test]
fn an_empty_fat_binary_has_no_entries() {
    let mut blob = PTX90[..16].to_vec();
    blob[8..16].copy_from_slice(&0u64.to_le_bytes());
    assert_eq!(blob_len(&blob), Some(16));
    assert_eq!(contents(&blob).unwrap(), Contents::default());
}

#[test]
fn trailing_bytes_past_the_fat_binary_are_ignored() {
    let mut blob = PTX90.to_vec();
    blob.extend_from_slice(&[0xff; 40]);
    assert_eq!(contents(&blob).unwrap(), contents(PTX90).unwrap());
}

/// Every prefix shorter than the whole is an error.
#[test]
fn every_prefix_is_an_error() {
    for (name, blob) in ALL {
        for len in 0..blob.len() {
            let result = contents(&blob[..len]);
            assert!(result.is_err(), "{name}: prefix of {len} bytes parsed");
        }
    }
}

/// Every prefix whose header is made to say its length: the entries are
/// walked and cut short. Only a cut between entries parses.
#[test]
fn every_prefix_that_claims_its_length_is_an_error_unless_cut_between_entries() {
    for (name, blob) in ALL {
        let boundaries: Vec<usize> = entries(blob).unwrap().iter().map(|e| e.offset).collect();
        for len in 16..blob.len() {
            let mut cut = blob[..len].to_vec();
            cut[8..16].copy_from_slice(&(len as u64 - 16).to_le_bytes());
            match contents(&cut) {
                Ok(c) => assert!(
                    boundaries.contains(&len),
                    "{name}: cut at {len} parsed: {c:?}"
                ),
                Err(e) => assert!(!boundaries.contains(&len), "{name}: cut at {len}: {e}"),
            }
        }
    }
}

/// Every bit of every file flipped: never a panic (what comes out is
/// checked no further: a flip in PTX text may still parse).
#[test]
fn every_bit_flipped_never_panics() {
    for (_, blob) in ALL {
        let mut copy = blob.to_vec();
        for at in 0..copy.len() {
            for bit in 0..8 {
                copy[at] ^= 1 << bit;
                let _ = contents(&copy);
                if let Ok(entries) = entries(&copy) {
                    for e in entries {
                        let _ = e.data();
                    }
                }
                copy[at] ^= 1 << bit;
            }
        }
    }
}

/// `blob` with the bytes at `at` replaced.
fn patched(blob: &[u8], at: usize, bytes: &[u8]) -> Vec<u8> {
    let mut copy = blob.to_vec();
    copy[at..at + bytes.len()].copy_from_slice(bytes);
    copy
}

/// The PTX entry of PTX90 starts at 0x10; its fields at 0x10 + field.
const E: usize = 0x10;

#[test]
fn corruptions_give_precise_errors() {
    assert_eq!(
        contents(&patched(PTX90, 0, &[0; 4])),
        Err(FatbinError::NotFatbin { magic: 0 })
    );
    assert_eq!(
        contents(&[]),
        Err(FatbinError::Truncated {
            what: "the fat binary header",
            needed: 16,
            available: 0
        })
    );
    assert_eq!(
        contents(&patched(PTX90, 4, &2u16.to_le_bytes())),
        Err(FatbinError::UnsupportedVersion { version: 2 })
    );
    assert_eq!(
        contents(&patched(PTX90, 6, &8u16.to_le_bytes())),
        Err(FatbinError::BadHeaderSize { size: 8 })
    );
    assert_eq!(
        contents(&patched(PTX90, 8, &u64::MAX.to_le_bytes())),
        Err(FatbinError::Truncated {
            what: "the fat binary",
            needed: u64::MAX,
            available: PTX90.len()
        })
    );
    assert_eq!(
        contents(&patched(PTX90, E + 4, &8u32.to_le_bytes())),
        Err(FatbinError::BadEntryHeaderSize { offset: E, size: 8 })
    );
    assert_eq!(
        contents(&patched(PTX90, E + 8, &4096u64.to_le_bytes())),
        Err(FatbinError::EntryOverrun {
            offset: E,
            what: "payload",
            start: E + 0x50,
            size: 4096,
            end: PTX90.len()
        })
    );
    assert_eq!(
        contents(&patched(PTX90, E + 4, &0x1000u32.to_le_bytes())),
        Err(FatbinError::EntryOverrun {
            offset: E,
            what: "header",
            start: E,
            size: 0x1000,
            end: PTX90.len()
        })
    );
    assert_eq!(
        contents(&patched(PTX90, E + 0x10, &457u32.to_le_bytes())),
        Err(FatbinError::CompressedTooLarge {
            offset: E,
            compressed: 457,
            payload: 456
        })
    );
    assert_eq!(
        contents(&patched(PTX90, E + 0x28, &0xa011u64.to_le_bytes())),
        Err(FatbinError::ConflictingCompression {
            offset: E,
            flags: 0xa011
        })
    );
    assert_eq!(
        contents(&patched(PTX90, E + 0x38, &1478u64.to_le_bytes())),
        Err(FatbinError::Decompress {
            offset: E,
            algorithm: "zstd",
            message: ruzstd::decoding::errors::FrameDecoderError::TargetTooSmall.to_string()
        })
    );
    assert!(matches!(
        contents(&patched(PTX90, E + 0x38, &1480u64.to_le_bytes())),
        Err(FatbinError::SizeMismatch {
            offset: E,
            expected: 1480,
            got: 1479
        })
    ));
    assert!(matches!(
        contents(&patched(PTX90_LZ4, E + 0x38, &1480u64.to_le_bytes())),
        Err(FatbinError::SizeMismatch {
            offset: E,
            expected: 1480,
            got: 1479
        })
    ));
    assert!(matches!(
        contents(&patched(PTX90_LZ4, E + 0x38, &100u64.to_le_bytes())),
        Err(FatbinError::Decompress {
            offset: E,
            algorithm: "LZ4",
            ..
        })
    ));
    assert_eq!(
        contents(&patched(PTX90, E + 0x38, &(1u64 << 40).to_le_bytes())),
        Err(FatbinError::ImplausibleSize {
            offset: E,
            uncompressed: 1 << 40,
            compressed: 455
        })
    );
    // The zstd frame's magic broken.
    assert!(matches!(
        contents(&patched(PTX90, E + 0x50, b"XXXX")),
        Err(FatbinError::Decompress {
            algorithm: "zstd",
            ..
        })
    ));
    assert_eq!(
        contents(&patched(PTX90, E + 0x20, &[0x4c, 0, 0, 0, 8, 0, 0, 0])),
        Err(FatbinError::FieldOutsideHeader {
            offset: E,
            what: "identifier",
            start: 0x4c,
            size: 8,
            header_size: 0x50
        })
    );
    assert_eq!(
        contents(&patched(PTX90, E + 0x14, &0x4cu32.to_le_bytes())),
        Err(FatbinError::FieldOutsideHeader {
            offset: E,
            what: "options descriptor",
            start: 0x4c,
            size: 8,
            header_size: 0x50
        })
    );
    assert_eq!(
        contents(&patched(PTX90, E + 0x40, &[0x48, 0, 0, 0, 9, 0, 0, 0])),
        Err(FatbinError::FieldOutsideHeader {
            offset: E,
            what: "options",
            start: 0x48,
            size: 9,
            header_size: 0x50
        })
    );
    // Text that is not UTF-8: the plain PTX's first bytes are newlines.
    let at = E + 0x50 + 3;
    assert_eq!(
        contents(&patched(PTX90_PLAIN, at, &[0xff])),
        Err(FatbinError::PtxNotUtf8 { offset: E, at: 3 })
    );
}

#[test]
fn errors_name_offsets_in_hex() {
    let err = contents(&patched(PTX90, E + 8, &4096u64.to_le_bytes())).unwrap_err();
    assert_eq!(
        err.to_string(),
        "entry at offset 0x10: its payload (4096 bytes from offset 0x60) runs past the fat \
         binary's end at 0x228"
    );
}

#[test]
fn an_unknown_kind_is_skipped() {
    let blob = patched(PTX90, E, &5u16.to_le_bytes());
    assert_eq!(entries(&blob).unwrap()[0].kind, Kind::Other(5));
    assert_eq!(contents(&blob).unwrap(), Contents::default());
}
