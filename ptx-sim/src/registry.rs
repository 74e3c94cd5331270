//! The map from the instruction table's semantics keys to semantic functions.
//!
//! [`Sem`] has one variant per key; its name is
//! `ptx_core::semantics_variant(key)`, which is how the code that `ptx!`
//! generates names it. The `every_table_key_has_a_semantic_function` test
//! keeps this list and the table in step: every key of the table is either
//! simulated or listed under `not simulated`, explicitly.

use crate::exec::SemResult;
use crate::fault::Fault;
use crate::sem::*;
use ptx_core::Mods;

macro_rules! semantics {
    (
        $($variant:ident = $key:literal => $func:path,)*
        ;
        not simulated { $($missing:ident = $missing_key:literal,)* }
    ) => {
        /// A semantic function, named after its key in the instruction table.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Sem {
            $(#[doc = concat!("The semantics of `", $key, "`.")] $variant,)*
            $(#[doc = concat!("`", $missing_key, "`, not simulated: running it faults.")] $missing,)*
        }

        impl Sem {
            /// Every semantic function.
            pub const ALL: &'static [Sem] = &[$(Sem::$variant,)* $(Sem::$missing,)*];

            /// The function for a table key.
            pub fn from_key(key: &str) -> Option<Sem> {
                match key {
                    $($key => Some(Sem::$variant),)*
                    $($missing_key => Some(Sem::$missing),)*
                    _ => None,
                }
            }

            /// The table key.
            pub const fn key(self) -> &'static str {
                match self {
                    $(Sem::$variant => $key,)*
                    $(Sem::$missing => $missing_key,)*
                }
            }

            /// Whether the simulator models the instruction: false for the
            /// keys listed as not simulated, whose function is a fault.
            pub const fn is_simulated(self) -> bool {
                match self {
                    $(Sem::$variant => true,)*
                    $(Sem::$missing => false,)*
                }
            }

            /// Runs the function over `slots`.
            #[inline(always)]
            pub fn run(self, m: &Mods, slots: &mut [u64]) -> SemResult {
                match self {
                    $(Sem::$variant => $func(m, slots),)*
                    $(Sem::$missing => { let _ = (m, slots); Err(Fault::not_simulated($missing_key)) })*
                }
            }
        }
    };
}

semantics! {
    Add = "add" => float::add,
    Sub = "sub" => float::sub,
    AddCc = "add.cc" => integer::add_cc,
    Addc = "addc" => integer::addc,
    SubCc = "sub.cc" => integer::sub_cc,
    Subc = "subc" => integer::subc,
    MulLo = "mul.lo" => integer::mul_lo,
    MulHi = "mul.hi" => integer::mul_hi,
    MulWide = "mul.wide" => integer::mul_wide,
    MadLo = "mad.lo" => integer::mad_lo,
    MadHi = "mad.hi" => integer::mad_hi,
    MadWide = "mad.wide" => integer::mad_wide,
    MadLoCc = "mad.lo.cc" => integer::mad_lo_cc,
    MadHiCc = "mad.hi.cc" => integer::mad_hi_cc,
    MadcLo = "madc.lo" => integer::madc_lo,
    MadcHi = "madc.hi" => integer::madc_hi,
    Mul24Lo = "mul24.lo" => integer::mul24_lo,
    Mul24Hi = "mul24.hi" => integer::mul24_hi,
    Mad24Lo = "mad24.lo" => integer::mad24_lo,
    Mad24Hi = "mad24.hi" => integer::mad24_hi,
    Sad = "sad" => integer::sad,
    Div = "div" => float::div,
    Rem = "rem" => integer::rem,
    Abs = "abs" => float::abs,
    Neg = "neg" => float::neg,
    Min = "min" => float::min,
    Max = "max" => float::max,
    Popc = "popc" => integer::popc,
    Clz = "clz" => integer::clz,
    Bfind = "bfind" => integer::bfind,
    Fns = "fns" => integer::fns,
    Brev = "brev" => integer::brev,
    Bfe = "bfe" => integer::bfe,
    Bfi = "bfi" => integer::bfi,
    Szext = "szext" => integer::szext,
    Bmsk = "bmsk" => integer::bmsk,
    Dp4a = "dp4a" => integer::dp4a,
    Dp2aLo = "dp2a.lo" => integer::dp2a_lo,
    Dp2aHi = "dp2a.hi" => integer::dp2a_hi,
    Vadd = "vadd" => video::vadd,
    Vsub = "vsub" => video::vsub,
    Vabsdiff = "vabsdiff" => video::vabsdiff,
    Vmin = "vmin" => video::vmin,
    Vmax = "vmax" => video::vmax,
    Vshl = "vshl" => video::vshl,
    Vshr = "vshr" => video::vshr,
    Vset = "vset" => video::vset,
    Vmad = "vmad" => video::vmad,
    Vadd2 = "vadd2" => video::vadd2,
    Vsub2 = "vsub2" => video::vsub2,
    Vavrg2 = "vavrg2" => video::vavrg2,
    Vabsdiff2 = "vabsdiff2" => video::vabsdiff2,
    Vmin2 = "vmin2" => video::vmin2,
    Vmax2 = "vmax2" => video::vmax2,
    Vadd4 = "vadd4" => video::vadd4,
    Vsub4 = "vsub4" => video::vsub4,
    Vavrg4 = "vavrg4" => video::vavrg4,
    Vabsdiff4 = "vabsdiff4" => video::vabsdiff4,
    Vmin4 = "vmin4" => video::vmin4,
    Vmax4 = "vmax4" => video::vmax4,
    Vset2 = "vset2" => video::vset2,
    Vset4 = "vset4" => video::vset4,
    And = "and" => logic::and,
    Or = "or" => logic::or,
    Xor = "xor" => logic::xor,
    Not = "not" => logic::not,
    Cnot = "cnot" => logic::cnot,
    Lop3 = "lop3" => logic::lop3,
    Lop3Boolop = "lop3.boolop" => logic::lop3_boolop,
    Shl = "shl" => logic::shl,
    Shr = "shr" => logic::shr,
    ShfL = "shf.l" => logic::shf_l,
    ShfR = "shf.r" => logic::shf_r,
    Setp = "setp" => compare::setp,
    SetpBoolop = "setp.boolop" => compare::setp_boolop,
    Set = "set" => compare::set,
    SetBoolop = "set.boolop" => compare::set_boolop,
    Selp = "selp" => compare::selp,
    Slct = "slct" => compare::slct,
    Mov = "mov" => movement::mov,
    MovPack = "mov.pack" => movement::mov_pack,
    MovUnpack = "mov.unpack" => movement::mov_unpack,
    Prmt = "prmt" => movement::prmt,
    Cvt = "cvt" => convert::float::cvt,
    CvtPack = "cvt.pack" => convert::integer::cvt_pack,
    Mul = "mul" => float::mul,
    Fma = "fma" => float::fma,
    FmaOob = "fma.oob" => float::fma_oob,
    Rcp = "rcp" => float::rcp,
    Sqrt = "sqrt" => float::sqrt,
    Copysign = "copysign" => float::copysign,
    Testp = "testp" => float::testp,
    RcpApprox = "rcp.approx" => approx::rcp,
    SqrtApprox = "sqrt.approx" => approx::sqrt,
    RsqrtApprox = "rsqrt.approx" => approx::rsqrt,
    SinApprox = "sin.approx" => approx::sin,
    CosApprox = "cos.approx" => approx::cos,
    Lg2Approx = "lg2.approx" => approx::lg2,
    Ex2Approx = "ex2.approx" => approx::ex2,
    TanhApprox = "tanh.approx" => approx::tanh,
    DivApprox = "div.approx" => approx::div_approx,
    DivFull = "div.full" => approx::div_full,
    CvtX2 = "cvt.x2" => convert::float::cvt_x2,
    Activemask = "activemask" => crate::sem::warp::activemask,
    BarWarpSync = "bar.warp.sync" => crate::sem::warp::bar_warp_sync,
    Bar = "bar" => crate::sem::sync::bar,
    Barrier = "barrier" => crate::sem::sync::barrier,
    Fence = "fence" => crate::sem::sync::fence,
    Membar = "membar" => crate::sem::sync::fence,
    FenceProxy = "fence.proxy" => crate::sem::sync::fence,
    FenceProxyAsync = "fence.proxy.async" => crate::sem::sync::fence,
    MatchSync = "match.sync" => crate::sem::warp::match_sync,
    ReduxSync = "redux.sync" => crate::sem::warp::redux_sync,
    ShflSync = "shfl.sync" => crate::sem::warp::shfl_sync,
    VoteSync = "vote.sync" => crate::sem::warp::vote_sync,
    Ld = "ld" => crate::sem::memory::ld,
    St = "st" => crate::sem::memory::st,
    Atom = "atom" => crate::sem::memory::atom,
    AtomCas = "atom.cas" => crate::sem::memory::atom_cas,
    Red = "red" => crate::sem::memory::red,
    LdNc = "ld.nc" => crate::sem::memory::ld_nc,
    Ldu = "ldu" => crate::sem::memory::ldu,
    Cvta = "cvta" => crate::sem::memory::cvta,
    CvtaTo = "cvta.to" => crate::sem::memory::cvta_to,
    Isspacep = "isspacep" => crate::sem::memory::isspacep,
    CpAsync = "cp.async" => crate::sem::async_copy::cp_async,
    CpAsyncSrcSize = "cp.async.src_size" => crate::sem::async_copy::cp_async_src_size,
    CpAsyncIgnoreSrc = "cp.async.ignore_src" => crate::sem::async_copy::cp_async_ignore_src,
    CpAsyncCommitGroup = "cp.async.commit_group" => crate::sem::async_copy::group,
    CpAsyncWaitGroup = "cp.async.wait_group" => crate::sem::async_copy::group,
    CpAsyncWaitAll = "cp.async.wait_all" => crate::sem::async_copy::group,
    Ldmatrix = "ldmatrix" => crate::sem::matrix::load_store::ldmatrix,
    Stmatrix = "stmatrix" => crate::sem::matrix::load_store::stmatrix,
    Movmatrix = "movmatrix" => crate::sem::matrix::load_store::movmatrix,
    Mma = "mma" => crate::sem::matrix::mma::mma,
    WmmaLoadA = "wmma.load.a" => crate::sem::matrix::wmma::load_a,
    WmmaLoadB = "wmma.load.b" => crate::sem::matrix::wmma::load_b,
    WmmaLoadC = "wmma.load.c" => crate::sem::matrix::wmma::load_c,
    WmmaStore = "wmma.store" => crate::sem::matrix::wmma::store,
    WmmaMma = "wmma.mma" => crate::sem::matrix::wmma::mma,
    MbarrierInit = "mbarrier.init" => crate::sem::sync::mbarrier::init,
    MbarrierInval = "mbarrier.inval" => crate::sem::sync::mbarrier::inval,
    MbarrierArrive = "mbarrier.arrive" => crate::sem::sync::mbarrier::arrive,
    MbarrierArriveDrop = "mbarrier.arrive_drop" => crate::sem::sync::mbarrier::arrive_drop,
    MbarrierExpectTx = "mbarrier.expect_tx" => crate::sem::sync::mbarrier::expect_tx,
    MbarrierCompleteTx = "mbarrier.complete_tx" => crate::sem::sync::mbarrier::complete_tx,
    MbarrierPendingCount = "mbarrier.pending_count" => crate::sem::sync::mbarrier::pending_count,
    MbarrierTestWait = "mbarrier.test_wait" => crate::sem::sync::mbarrier::test_wait,
    MbarrierTryWait = "mbarrier.try_wait" => crate::sem::sync::mbarrier::try_wait,
    FenceMbarrierInit = "fence.mbarrier_init" => crate::sem::sync::fence,
    // Keys the simulator does not model (yet), listed so that the coverage
    // table can show them; their function is a fault naming the key.
    // `unsupported` is what the interpreter runs for a key missing here.
    ;
    not simulated {
        Unsupported = "unsupported",
        Applypriority = "applypriority",
        AtomVec = "atom.vec",
        BarrierClusterArrive = "barrier.cluster.arrive",
        BarrierClusterWait = "barrier.cluster.wait",
        Bra = "bra",
        Brkpt = "brkpt",
        BrxIdx = "brx.idx",
        Call = "call",
        ClusterlaunchcontrolQueryCancel = "clusterlaunchcontrol.query_cancel",
        ClusterlaunchcontrolTryCancel = "clusterlaunchcontrol.try_cancel",
        CpAsyncBulk = "cp.async.bulk",
        CpAsyncBulkCommitGroup = "cp.async.bulk.commit_group",
        CpAsyncBulkPrefetch = "cp.async.bulk.prefetch",
        CpAsyncBulkPrefetchTensor = "cp.async.bulk.prefetch.tensor",
        CpAsyncBulkTensor = "cp.async.bulk.tensor",
        CpAsyncBulkWaitGroup = "cp.async.bulk.wait_group",
        CpAsyncMbarrierArrive = "cp.async.mbarrier.arrive",
        CpReduceAsyncBulk = "cp.reduce.async.bulk",
        CpReduceAsyncBulkTensor = "cp.reduce.async.bulk.tensor",
        CreatepolicyCvt = "createpolicy.cvt",
        CreatepolicyFractional = "createpolicy.fractional",
        CreatepolicyRange = "createpolicy.range",
        CvtRs = "cvt.rs",
        Discard = "discard",
        ElectSync = "elect.sync",
        Exit = "exit",
        FenceProxyTensormap = "fence.proxy.tensormap",
        Getctarank = "getctarank",
        Griddepcontrol = "griddepcontrol",
        Mapa = "mapa",
        MmaBlockScale = "mma.block_scale",
        MmaSp = "mma.sp",
        MmaSpBlockScale = "mma.sp.block_scale",
        MultimemLdReduce = "multimem.ld_reduce",
        MultimemRed = "multimem.red",
        MultimemSt = "multimem.st",
        Nanosleep = "nanosleep",
        Pmevent = "pmevent",
        Prefetch = "prefetch",
        PrefetchTensormap = "prefetch.tensormap",
        Prefetchu = "prefetchu",
        RedAsync = "red.async",
        RedVec = "red.vec",
        Ret = "ret",
        Setmaxnreg = "setmaxnreg",
        Shfl = "shfl",
        StAsync = "st.async",
        StBulk = "st.bulk",
        Tcgen05Alloc = "tcgen05.alloc",
        Tcgen05Commit = "tcgen05.commit",
        Tcgen05Cp = "tcgen05.cp",
        Tcgen05Dealloc = "tcgen05.dealloc",
        Tcgen05Fence = "tcgen05.fence",
        Tcgen05Ld = "tcgen05.ld",
        Tcgen05LdRed = "tcgen05.ld.red",
        Tcgen05Mma = "tcgen05.mma",
        Tcgen05MmaSp = "tcgen05.mma.sp",
        Tcgen05MmaWs = "tcgen05.mma.ws",
        Tcgen05MmaWsSp = "tcgen05.mma.ws.sp",
        Tcgen05RelinquishAllocPermit = "tcgen05.relinquish_alloc_permit",
        Tcgen05Shift = "tcgen05.shift",
        Tcgen05St = "tcgen05.st",
        Tcgen05Wait = "tcgen05.wait",
        TensormapReplace = "tensormap.replace",
        Trap = "trap",
        Vote = "vote",
        WgmmaCommitGroup = "wgmma.commit_group",
        WgmmaFence = "wgmma.fence",
        WgmmaMmaAsync = "wgmma.mma_async",
        WgmmaMmaAsyncSp = "wgmma.mma_async.sp",
        WgmmaWaitGroup = "wgmma.wait_group",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_table_key_has_a_semantic_function() {
        let mut missing: Vec<&str> = ptx_core::table()
            .forms()
            .iter()
            .map(|form| form.semantics)
            .filter(|key| Sem::from_key(key).is_none())
            .collect();
        missing.sort_unstable();
        missing.dedup();
        assert!(
            missing.is_empty(),
            "{} table keys have no semantic function (map each to one, or list it \
             under `not simulated`): {}",
            missing.len(),
            missing.join(", ")
        );
    }

    #[test]
    fn not_simulated_keys_fault_with_their_name() {
        let f = Sem::Unsupported.run(&Mods::NONE, &mut []).unwrap_err();
        assert_eq!(
            f,
            Fault::NotSimulated {
                instruction: "unsupported".into()
            }
        );
        assert_eq!(f.to_string(), "`unsupported` is not simulated on the CPU");
        assert!(!Sem::Unsupported.is_simulated());
        assert!(Sem::Prmt.is_simulated());
    }

    #[test]
    fn variant_names_follow_the_key_rule() {
        for &sem in Sem::ALL {
            assert_eq!(
                format!("{sem:?}"),
                ptx_core::semantics_variant(sem.key()),
                "{}",
                sem.key()
            );
        }
    }
}
