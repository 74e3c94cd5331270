//! Targets (`sm_90`, `sm_90a`, `sm_100a`) and PTX ISA versions, for gating instructions.

use std::fmt;
use std::str::FromStr;

/// A PTX ISA version such as 9.0 (the version CUDA 13.0 emits).
///
/// ```
/// use ptx_core::PtxVersion;
/// assert!(PtxVersion::new(7, 8) < PtxVersion::new(8, 0));
/// assert_eq!("8.3".parse::<PtxVersion>().unwrap(), PtxVersion::new(8, 3));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PtxVersion {
    /// Major version.
    pub major: u8,
    /// Minor version.
    pub minor: u8,
}

impl PtxVersion {
    /// Version `major.minor`.
    pub const fn new(major: u8, minor: u8) -> PtxVersion {
        PtxVersion { major, minor }
    }
}

impl fmt::Display for PtxVersion {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}", self.major, self.minor)
    }
}

/// Text that is not a PTX ISA version (`major.minor`, both numbers).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{text}` is not a PTX ISA version like `9.0`")]
pub struct PtxVersionError {
    /// The text as given.
    pub text: String,
}

impl FromStr for PtxVersion {
    type Err = PtxVersionError;
    fn from_str(s: &str) -> Result<PtxVersion, PtxVersionError> {
        let bad = || PtxVersionError { text: s.to_owned() };
        let (major, minor) = s.split_once('.').ok_or_else(bad)?;
        Ok(PtxVersion::new(
            major.parse().map_err(|_| bad())?,
            minor.parse().map_err(|_| bad())?,
        ))
    }
}

/// Which features beyond the baseline of its number a target has.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub enum TargetVariant {
    /// `sm_90`: portable features only.
    #[default]
    Base,
    /// `sm_100f`: the family-specific features of its family.
    Family,
    /// `sm_90a`: every architecture-specific feature of exactly that chip.
    ArchSpecific,
}

/// A compilation target: the `sm_` number, its variant and the PTX ISA version.
///
/// The default is what nvcc 13.0 uses for an H100: `sm_90` with PTX ISA 9.0.
///
/// ```
/// use ptx_core::Target;
/// let t: Target = "sm_90a".parse().unwrap();
/// assert_eq!(t.sm, 90);
/// assert_eq!(t.to_string(), "sm_90a");
/// assert_eq!(Target::default().to_string(), "sm_90");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Target {
    /// The compute capability times ten: 90 for `sm_90`.
    pub sm: u32,
    /// `a`, `f` or no suffix.
    pub variant: TargetVariant,
    /// The PTX ISA version of the module.
    pub ptx: PtxVersion,
}

impl Default for Target {
    fn default() -> Target {
        Target {
            sm: 90,
            variant: TargetVariant::Base,
            ptx: PtxVersion::new(9, 0),
        }
    }
}

impl Target {
    /// `sm_<sm>` with the default PTX version.
    pub const fn sm(sm: u32) -> Target {
        Target {
            sm,
            variant: TargetVariant::Base,
            ptx: PtxVersion::new(9, 0),
        }
    }

    /// Whether this target satisfies a requirement of `sm_<need>` with `variant`.
    ///
    /// An architecture-specific requirement (`sm_90a`) holds only on that very
    /// chip with the `a` suffix; a family requirement (`sm_100f`) holds on the
    /// same family with `f` or `a` (the major version, where sm_110 still counts
    /// in the sm_100 family it was part of as sm_101, as ptxas 13.0 has it); a
    /// base requirement on any newer chip.
    pub fn satisfies(&self, need: u32, variant: TargetVariant) -> bool {
        match variant {
            TargetVariant::Base => self.sm >= need,
            TargetVariant::Family => {
                family(self.sm) == family(need)
                    && self.sm >= need
                    && self.variant >= TargetVariant::Family
            }
            TargetVariant::ArchSpecific => {
                self.sm == need && self.variant == TargetVariant::ArchSpecific
            }
        }
    }
}

/// The family of `sm_<sm>`: its major version, except that sm_110 (once
/// sm_101) is in the sm_100 family.
fn family(sm: u32) -> u32 {
    match sm {
        110 => 10,
        _ => sm / 10,
    }
}

impl fmt::Display for Target {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let suffix = match self.variant {
            TargetVariant::Base => "",
            TargetVariant::Family => "f",
            TargetVariant::ArchSpecific => "a",
        };
        write!(f, "sm_{}{}", self.sm, suffix)
    }
}

/// Text that is not a target (`sm_90`, `sm_90a`, `sm_100f`, `compute_90`).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{text}` is not a target like `sm_90` or `sm_90a`")]
pub struct TargetError {
    /// The text as given.
    pub text: String,
}

impl FromStr for Target {
    type Err = TargetError;
    fn from_str(s: &str) -> Result<Target, TargetError> {
        let bad = || TargetError { text: s.to_owned() };
        let rest = s
            .strip_prefix("sm_")
            .or_else(|| s.strip_prefix("compute_"))
            .ok_or_else(bad)?;
        let (digits, variant) = match rest.as_bytes().last() {
            Some(b'a') => (&rest[..rest.len() - 1], TargetVariant::ArchSpecific),
            Some(b'f') => (&rest[..rest.len() - 1], TargetVariant::Family),
            _ => (rest, TargetVariant::Base),
        };
        let sm = digits.parse().map_err(|_| bad())?;
        Ok(Target {
            sm,
            variant,
            ..Target::default()
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base_requirements_hold_on_newer_chips() {
        let t = Target::sm(90);
        assert!(t.satisfies(80, TargetVariant::Base));
        assert!(t.satisfies(90, TargetVariant::Base));
        assert!(!t.satisfies(100, TargetVariant::Base));
    }

    #[test]
    fn arch_specific_requirements_need_the_exact_chip_with_a() {
        let a: Target = "sm_90a".parse().unwrap();
        assert!(a.satisfies(90, TargetVariant::ArchSpecific));
        assert!(!Target::sm(90).satisfies(90, TargetVariant::ArchSpecific));
        let b: Target = "sm_100a".parse().unwrap();
        assert!(!b.satisfies(90, TargetVariant::ArchSpecific));
    }

    #[test]
    fn family_requirements_hold_within_the_major_version() {
        let f: Target = "sm_103f".parse().unwrap();
        assert!(f.satisfies(100, TargetVariant::Family));
        assert!(!f.satisfies(90, TargetVariant::Family));
    }

    #[test]
    fn bad_targets_are_rejected_with_a_message() {
        assert_eq!(
            "sm90".parse::<Target>().unwrap_err().to_string(),
            "`sm90` is not a target like `sm_90` or `sm_90a`"
        );
        assert!("9".parse::<PtxVersion>().is_err());
    }
}
