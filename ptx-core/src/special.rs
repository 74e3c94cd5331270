//! Special registers (`%tid.x`, `%laneid`, `%clock64`, ...): their names, types and targets.

use crate::{PtxVersion, ScalarType, VectorWidth};

/// A read-only special register, as named in PTX (`%laneid`) with its component
/// (`%tid.x`) where it has one.
///
/// ```
/// use ptx_core::{SpecialRegister, ScalarType};
/// let r = SpecialRegister::lookup("%tid", Some("x")).unwrap();
/// assert_eq!(r.ty, ScalarType::U32);
/// assert_eq!(SpecialRegister::lookup("%clock64", None).unwrap().ty, ScalarType::U64);
/// assert!(SpecialRegister::lookup("%tid", Some("q")).is_none());
/// assert_eq!(SpecialRegister::component_index("a"), Some(3));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SpecialRegister {
    /// Which register it is: what a simulator matches on.
    pub kind: SpecialKind,
    /// The name with its `%`, without component.
    pub name: &'static str,
    /// Whether the register is a `.v4` vector: components `.x .y .z`, the
    /// fourth `.w` (which reads 0), or `.r .g .b .a` for the same four.
    pub vector: bool,
    /// The type of the register (of one component for vectors).
    pub ty: ScalarType,
    /// The oldest `sm_` target that has it.
    pub min_sm: u32,
    /// The oldest PTX ISA version that has it.
    pub min_ptx: PtxVersion,
}

/// Which special register a [`SpecialRegister`] is, one variant per
/// register (a numbered family, `%envreg<n>`, is one variant: its member's
/// number is [`SpecialRegister::number`]).
///
/// ```
/// use ptx_core::{SpecialKind, SpecialRegister};
/// assert_eq!(SpecialRegister::lookup("%ntid", Some("y")).unwrap().kind, SpecialKind::Ntid);
/// assert_eq!(SpecialRegister::lookup("%envreg7", None).unwrap().kind, SpecialKind::Envreg);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SpecialKind {
    /// `%tid`
    Tid,
    /// `%ntid`
    Ntid,
    /// `%laneid`
    Laneid,
    /// `%warpid`
    Warpid,
    /// `%nwarpid`
    Nwarpid,
    /// `%ctaid`
    Ctaid,
    /// `%nctaid`
    Nctaid,
    /// `%smid`
    Smid,
    /// `%nsmid`
    Nsmid,
    /// `%gridid`
    Gridid,
    /// `%is_explicit_cluster`
    IsExplicitCluster,
    /// `%clusterid`
    Clusterid,
    /// `%nclusterid`
    Nclusterid,
    /// `%cluster_ctaid`
    ClusterCtaid,
    /// `%cluster_nctaid`
    ClusterNctaid,
    /// `%cluster_ctarank`
    ClusterCtarank,
    /// `%cluster_nctarank`
    ClusterNctarank,
    /// `%lanemask_eq`
    LanemaskEq,
    /// `%lanemask_le`
    LanemaskLe,
    /// `%lanemask_lt`
    LanemaskLt,
    /// `%lanemask_ge`
    LanemaskGe,
    /// `%lanemask_gt`
    LanemaskGt,
    /// `%clock`
    Clock,
    /// `%clock_hi`
    ClockHi,
    /// `%clock64`
    Clock64,
    /// `%globaltimer`
    Globaltimer,
    /// `%globaltimer_lo`
    GlobaltimerLo,
    /// `%globaltimer_hi`
    GlobaltimerHi,
    /// `%total_smem_size`
    TotalSmemSize,
    /// `%aggr_smem_size`
    AggrSmemSize,
    /// `%dynamic_smem_size`
    DynamicSmemSize,
    /// `%reserved_smem_offset_begin`
    ReservedSmemOffsetBegin,
    /// `%reserved_smem_offset_end`
    ReservedSmemOffsetEnd,
    /// `%reserved_smem_offset_cap`
    ReservedSmemOffsetCap,
    /// `%current_graph_exec`
    CurrentGraphExec,
    /// `%pm<n>`
    Pm,
    /// `%pm<n>_64`
    Pm64,
    /// `%envreg<n>`
    Envreg,
    /// `%reserved_smem_offset_<n>`
    ReservedSmemOffsetN,
}

const fn reg(
    kind: SpecialKind,
    name: &'static str,
    vector: bool,
    ty: ScalarType,
    min_sm: u32,
) -> SpecialRegister {
    SpecialRegister {
        kind,
        name,
        vector,
        ty,
        min_sm,
        min_ptx: PtxVersion::new(1, 0),
    }
}

/// A register that arrived with PTX ISA `major.minor`.
const fn since(mut r: SpecialRegister, major: u8, minor: u8) -> SpecialRegister {
    r.min_ptx = PtxVersion::new(major, minor);
    r
}

use ScalarType::{Pred, U32, U64};
use SpecialKind as K;

/// Every special register of the PTX ISA.
pub const SPECIAL_REGISTERS: &[SpecialRegister] = &[
    reg(K::Tid, "%tid", true, U32, 10),
    reg(K::Ntid, "%ntid", true, U32, 10),
    reg(K::Laneid, "%laneid", false, U32, 10),
    reg(K::Warpid, "%warpid", false, U32, 10),
    since(reg(K::Nwarpid, "%nwarpid", false, U32, 20), 2, 0),
    reg(K::Ctaid, "%ctaid", true, U32, 10),
    reg(K::Nctaid, "%nctaid", true, U32, 10),
    reg(K::Smid, "%smid", false, U32, 10),
    since(reg(K::Nsmid, "%nsmid", false, U32, 20), 2, 0),
    reg(K::Gridid, "%gridid", false, U64, 10),
    since(
        reg(
            K::IsExplicitCluster,
            "%is_explicit_cluster",
            false,
            Pred,
            90,
        ),
        7,
        8,
    ),
    since(reg(K::Clusterid, "%clusterid", true, U32, 90), 7, 8),
    since(reg(K::Nclusterid, "%nclusterid", true, U32, 90), 7, 8),
    since(reg(K::ClusterCtaid, "%cluster_ctaid", true, U32, 90), 7, 8),
    since(
        reg(K::ClusterNctaid, "%cluster_nctaid", true, U32, 90),
        7,
        8,
    ),
    since(
        reg(K::ClusterCtarank, "%cluster_ctarank", false, U32, 90),
        7,
        8,
    ),
    since(
        reg(K::ClusterNctarank, "%cluster_nctarank", false, U32, 90),
        7,
        8,
    ),
    since(reg(K::LanemaskEq, "%lanemask_eq", false, U32, 20), 2, 0),
    since(reg(K::LanemaskLe, "%lanemask_le", false, U32, 20), 2, 0),
    since(reg(K::LanemaskLt, "%lanemask_lt", false, U32, 20), 2, 0),
    since(reg(K::LanemaskGe, "%lanemask_ge", false, U32, 20), 2, 0),
    since(reg(K::LanemaskGt, "%lanemask_gt", false, U32, 20), 2, 0),
    reg(K::Clock, "%clock", false, U32, 10),
    since(reg(K::ClockHi, "%clock_hi", false, U32, 50), 5, 0),
    since(reg(K::Clock64, "%clock64", false, U64, 20), 2, 0),
    since(reg(K::Globaltimer, "%globaltimer", false, U64, 30), 3, 1),
    since(
        reg(K::GlobaltimerLo, "%globaltimer_lo", false, U32, 30),
        3,
        1,
    ),
    since(
        reg(K::GlobaltimerHi, "%globaltimer_hi", false, U32, 30),
        3,
        1,
    ),
    since(
        reg(K::TotalSmemSize, "%total_smem_size", false, U32, 20),
        4,
        1,
    ),
    since(
        reg(K::AggrSmemSize, "%aggr_smem_size", false, U32, 90),
        8,
        1,
    ),
    since(
        reg(K::DynamicSmemSize, "%dynamic_smem_size", false, U32, 20),
        4,
        1,
    ),
    since(
        reg(
            K::ReservedSmemOffsetBegin,
            "%reserved_smem_offset_begin",
            false,
            U32,
            80,
        ),
        7,
        6,
    ),
    since(
        reg(
            K::ReservedSmemOffsetEnd,
            "%reserved_smem_offset_end",
            false,
            U32,
            80,
        ),
        7,
        6,
    ),
    since(
        reg(
            K::ReservedSmemOffsetCap,
            "%reserved_smem_offset_cap",
            false,
            U32,
            80,
        ),
        7,
        6,
    ),
    since(
        reg(K::CurrentGraphExec, "%current_graph_exec", false, U64, 50),
        8,
        0,
    ),
];

/// Families of numbered special registers: `%pm0`…`%pm7`, `%pm0_64`…, `%envreg0`…`%envreg31`,
/// `%reserved_smem_offset_0`/`_1`.
const NUMBERED: &[(&str, &str, u32, SpecialRegister)] = &[
    ("%pm", "", 8, reg(K::Pm, "%pm", false, U32, 10)),
    (
        "%pm",
        "_64",
        8,
        since(reg(K::Pm64, "%pm_64", false, U64, 20), 4, 0),
    ),
    (
        "%envreg",
        "",
        32,
        since(reg(K::Envreg, "%envreg", false, U32, 10), 2, 1),
    ),
    (
        "%reserved_smem_offset_",
        "",
        2,
        since(
            reg(
                K::ReservedSmemOffsetN,
                "%reserved_smem_offset_",
                false,
                U32,
                80,
            ),
            7,
            6,
        ),
    ),
];

impl SpecialRegister {
    /// The special register called `name`, accessed through `component`
    /// (`x`, `y`, `z` or `w`, or `r`, `g`, `b`, `a`, for vector registers,
    /// `None` for scalars).
    pub fn lookup(name: &str, component: Option<&str>) -> Option<SpecialRegister> {
        let found = SPECIAL_REGISTERS
            .iter()
            .copied()
            .find(|r| r.name == name)
            .or_else(|| {
                NUMBERED.iter().find_map(|&(prefix, suffix, count, r)| {
                    let digits = name.strip_prefix(prefix)?.strip_suffix(suffix)?;
                    let n: u32 = digits.parse().ok()?;
                    (n < count && !digits.starts_with('+')).then_some(r)
                })
            })?;
        match (found.vector, component) {
            (true, Some(c)) if Self::component_index(c).is_some() => Some(found),
            (false, None) => Some(found),
            _ => None,
        }
    }

    /// The index of a vector register's component: `x`/`r` 0, `y`/`g` 1,
    /// `z`/`b` 2, `w`/`a` 3 (ptxas 13.0 takes all eight names; the
    /// fourth component of every vector special register reads 0).
    pub fn component_index(component: &str) -> Option<u8> {
        VectorWidth::V4.component_index(component).map(|i| i as u8)
    }

    /// The number of a member of a numbered family (`%envreg3`: 3,
    /// `%reserved_smem_offset_1`: 1, `%pm2_64`: 2); `None` for the others.
    ///
    /// ```
    /// use ptx_core::SpecialRegister;
    /// assert_eq!(SpecialRegister::number("%reserved_smem_offset_1"), Some(1));
    /// assert_eq!(SpecialRegister::number("%pm2_64"), Some(2));
    /// assert_eq!(SpecialRegister::number("%tid"), None);
    /// ```
    pub fn number(name: &str) -> Option<u32> {
        NUMBERED.iter().find_map(|&(prefix, suffix, count, _)| {
            let digits = name.strip_prefix(prefix)?.strip_suffix(suffix)?;
            let n: u32 = digits.parse().ok()?;
            (n < count && !digits.starts_with('+')).then_some(n)
        })
    }

    /// Every name a user may write, for "did you mean" suggestions.
    pub fn names() -> impl Iterator<Item = &'static str> {
        SPECIAL_REGISTERS.iter().map(|r| r.name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn vector_registers_need_a_component() {
        assert!(SpecialRegister::lookup("%ntid", None).is_none());
        assert!(SpecialRegister::lookup("%ntid", Some("z")).is_some());
        assert!(SpecialRegister::lookup("%laneid", Some("x")).is_none());
        assert!(SpecialRegister::lookup("%ctaid", Some("w")).is_some());
        assert!(SpecialRegister::lookup("%ctaid", Some("b")).is_some());
        assert!(SpecialRegister::lookup("%ctaid", Some("v")).is_none());
    }

    #[test]
    fn numbered_families_have_their_ranges() {
        assert!(SpecialRegister::lookup("%pm7", None).is_some());
        assert!(SpecialRegister::lookup("%pm8", None).is_none());
        assert_eq!(SpecialRegister::lookup("%pm3_64", None).unwrap().ty, U64);
        assert!(SpecialRegister::lookup("%envreg31", None).is_some());
        assert!(SpecialRegister::lookup("%envreg32", None).is_none());
    }

    #[test]
    fn cluster_registers_need_sm_90() {
        assert_eq!(
            SpecialRegister::lookup("%cluster_ctarank", None)
                .unwrap()
                .min_sm,
            90
        );
    }
}
