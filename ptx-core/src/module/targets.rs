//! What ptxas 13.0 knows of `.version` and `.target`, as data: the PTX ISA
//! versions it reads, and for each `sm_` target the first PTX ISA version
//! that has it (probed with ptxas 13.0: `tools/generators/module-mutants/README.md`).

use crate::{PtxVersion, Target, TargetVariant};

/// The newest PTX ISA version ptxas 13.0 reads.
pub(crate) const NEWEST: PtxVersion = PtxVersion::new(9, 0);

/// Every PTX ISA version that exists up to [`NEWEST`].
const VERSIONS: &[(u8, &[u8])] = &[
    (1, &[0, 1, 2, 3, 4, 5]),
    (2, &[0, 1, 2, 3]),
    (3, &[0, 1, 2]),
    (4, &[0, 1, 2, 3]),
    (5, &[0, 1]),
    (6, &[0, 1, 2, 3, 4, 5]),
    (7, &[0, 1, 2, 3, 4, 5, 6, 7, 8]),
    (8, &[0, 1, 2, 3, 4, 5, 6, 7, 8]),
    (9, &[0]),
];

/// Whether `version` is a PTX ISA version that exists (and ptxas 13.0 reads).
pub(crate) fn known_version(version: PtxVersion) -> bool {
    VERSIONS
        .iter()
        .any(|(major, minors)| *major == version.major && minors.contains(&version.minor))
}

/// One `sm_` number: the PTX ISA version that introduced it, and those of
/// its `a` and `f` variants where they exist.
struct SmEntry {
    sm: u32,
    base: PtxVersion,
    arch_specific: Option<PtxVersion>,
    family: Option<PtxVersion>,
}

const fn sm(sm: u32, major: u8, minor: u8) -> SmEntry {
    SmEntry {
        sm,
        base: PtxVersion::new(major, minor),
        arch_specific: None,
        family: None,
    }
}

const fn sm_af(sm: u32, base: (u8, u8), a: (u8, u8), f: Option<(u8, u8)>) -> SmEntry {
    SmEntry {
        sm,
        base: PtxVersion::new(base.0, base.1),
        arch_specific: Some(PtxVersion::new(a.0, a.1)),
        family: match f {
            Some((major, minor)) => Some(PtxVersion::new(major, minor)),
            None => None,
        },
    }
}

const TARGETS: &[SmEntry] = &[
    sm(10, 1, 0),
    sm(11, 1, 0),
    sm(12, 1, 2),
    sm(13, 1, 2),
    sm(20, 2, 0),
    sm(21, 2, 0),
    sm(30, 3, 0),
    sm(32, 4, 0),
    sm(35, 3, 1),
    sm(37, 4, 1),
    sm(50, 4, 0),
    sm(52, 4, 1),
    sm(53, 4, 2),
    sm(60, 5, 0),
    sm(61, 5, 0),
    sm(62, 5, 0),
    sm(70, 6, 0),
    sm(72, 6, 1),
    sm(75, 6, 3),
    sm(80, 7, 0),
    sm(86, 7, 1),
    sm(87, 7, 4),
    sm(88, 7, 3),
    sm(89, 7, 8),
    sm_af(90, (7, 8), (8, 0), None),
    sm_af(100, (8, 6), (8, 6), Some((8, 8))),
    sm_af(103, (8, 8), (8, 8), Some((8, 8))),
    sm_af(110, (9, 0), (9, 0), Some((9, 0))),
    sm_af(120, (8, 7), (8, 7), Some((8, 8))),
    sm_af(121, (8, 8), (8, 8), Some((8, 8))),
];

/// The first PTX ISA version with `target` (its `sm_` number and variant),
/// or `None` if ptxas 13.0 does not know the target.
pub(crate) fn first_version(target: Target) -> Option<PtxVersion> {
    let entry = TARGETS.iter().find(|e| e.sm == target.sm)?;
    match target.variant {
        TargetVariant::Base => Some(entry.base),
        TargetVariant::ArchSpecific => entry.arch_specific,
        TargetVariant::Family => entry.family,
    }
}

/// The target names ptxas 13.0 knows, for "did you mean".
pub(crate) fn names() -> Vec<String> {
    let mut names = Vec::new();
    for e in TARGETS {
        names.push(format!("sm_{}", e.sm));
        if e.arch_specific.is_some() {
            names.push(format!("sm_{}a", e.sm));
        }
        if e.family.is_some() {
            names.push(format!("sm_{}f", e.sm));
        }
    }
    names
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hopper_came_with_ptx_7_8_and_its_a_variant_with_8_0() {
        assert_eq!(first_version(Target::sm(90)), Some(PtxVersion::new(7, 8)));
        let a: Target = "sm_90a".parse().unwrap();
        assert_eq!(first_version(a), Some(PtxVersion::new(8, 0)));
        let f: Target = "sm_90f".parse().unwrap();
        assert_eq!(first_version(f), None);
        assert_eq!(first_version(Target::sm(91)), None);
    }

    #[test]
    fn versions_ptxas_never_read_are_unknown() {
        assert!(known_version(PtxVersion::new(7, 8)));
        assert!(known_version(PtxVersion::new(5, 1)));
        assert!(!known_version(PtxVersion::new(5, 2)));
        assert!(!known_version(PtxVersion::new(9, 1)));
    }
}
