//! The semantics of instruction forms: which operation a form performs,
//! named by a variant the instruction table's entries give and the
//! simulator matches on.
//!
//! Several forms share one semantics (`add.s32` and `add.f32` are both
//! [`Semantics::Add`]: the modifiers tell them apart); each variant's
//! [`key`](Semantics::key) is the opcode and the modifiers that select the
//! operation, as the PTX ISA writes them (`mul.lo`, `cp.async.wait_group`).
//! The variants are listed by the table file (`table/<family>.rs`) whose
//! forms use them.

macro_rules! semantics {
    ($($(#[$group:meta])* $variant:ident = $key:literal,)*) => {
        /// Which operation an instruction form performs. Several forms
        /// share one (`add.s32` and `add.f32` are both `Add`); each
        /// variant's [`key`](Semantics::key) is the opcode with the
        /// modifiers that select the operation.
        ///
        /// ```
        /// use ptx_core::Semantics;
        /// assert_eq!(Semantics::MulLo.key(), "mul.lo");
        /// assert_eq!(Semantics::MulLo.name(), "MulLo");
        /// assert_eq!(Semantics::from_key("mul.lo"), Some(Semantics::MulLo));
        /// ```
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Semantics {
            $(#[doc = concat!("`", $key, "`")] $variant,)*
        }

        impl Semantics {
            /// Every semantics, in the order of the table's families.
            pub const ALL: &'static [Semantics] = &[$(Semantics::$variant,)*];

            /// The key: the opcode and the modifiers that select the
            /// operation (`mul.lo`).
            pub const fn key(self) -> &'static str {
                match self {
                    $(Semantics::$variant => $key,)*
                }
            }

            /// The variant's name (`MulLo`), which is how generated code
            /// names it.
            pub const fn name(self) -> &'static str {
                match self {
                    $(Semantics::$variant => stringify!($variant),)*
                }
            }

            /// The semantics whose key is `key`.
            pub fn from_key(key: &str) -> Option<Semantics> {
                match key {
                    $($key => Some(Semantics::$variant),)*
                    _ => None,
                }
            }
        }
    };
}

semantics! {
    // table/integer.rs
    Add = "add",
    Sub = "sub",
    AddCc = "add.cc",
    Addc = "addc",
    SubCc = "sub.cc",
    Subc = "subc",
    MulLo = "mul.lo",
    MulHi = "mul.hi",
    MulWide = "mul.wide",
    MadLo = "mad.lo",
    MadHi = "mad.hi",
    MadWide = "mad.wide",
    MadLoCc = "mad.lo.cc",
    MadHiCc = "mad.hi.cc",
    MadcLo = "madc.lo",
    MadcHi = "madc.hi",
    Mul24Lo = "mul24.lo",
    Mul24Hi = "mul24.hi",
    Mad24Lo = "mad24.lo",
    Mad24Hi = "mad24.hi",
    Sad = "sad",
    Div = "div",
    Rem = "rem",
    Abs = "abs",
    Neg = "neg",
    Min = "min",
    Max = "max",
    Popc = "popc",
    Clz = "clz",
    Bfind = "bfind",
    Fns = "fns",
    Brev = "brev",
    Bfe = "bfe",
    Bfi = "bfi",
    Szext = "szext",
    Bmsk = "bmsk",
    Dp4a = "dp4a",
    Dp2aLo = "dp2a.lo",
    Dp2aHi = "dp2a.hi",
    Mul = "mul",
    // table/video.rs
    Vadd = "vadd",
    Vsub = "vsub",
    Vabsdiff = "vabsdiff",
    Vmin = "vmin",
    Vmax = "vmax",
    Vshl = "vshl",
    Vshr = "vshr",
    Vset = "vset",
    Vmad = "vmad",
    Vadd2 = "vadd2",
    Vsub2 = "vsub2",
    Vavrg2 = "vavrg2",
    Vabsdiff2 = "vabsdiff2",
    Vmin2 = "vmin2",
    Vmax2 = "vmax2",
    Vadd4 = "vadd4",
    Vsub4 = "vsub4",
    Vavrg4 = "vavrg4",
    Vabsdiff4 = "vabsdiff4",
    Vmin4 = "vmin4",
    Vmax4 = "vmax4",
    Vset2 = "vset2",
    Vset4 = "vset4",
    // table/float.rs
    Fma = "fma",
    Rcp = "rcp",
    Sqrt = "sqrt",
    Copysign = "copysign",
    Testp = "testp",
    // table/approx.rs
    RcpApprox = "rcp.approx",
    SqrtApprox = "sqrt.approx",
    RsqrtApprox = "rsqrt.approx",
    SinApprox = "sin.approx",
    CosApprox = "cos.approx",
    Lg2Approx = "lg2.approx",
    Ex2Approx = "ex2.approx",
    TanhApprox = "tanh.approx",
    DivApprox = "div.approx",
    DivFull = "div.full",
    // table/half.rs
    FmaOob = "fma.oob",
    // table/compare.rs
    Setp = "setp",
    SetpBoolop = "setp.boolop",
    Set = "set",
    SetBoolop = "set.boolop",
    Selp = "selp",
    Slct = "slct",
    // table/logic.rs
    And = "and",
    Or = "or",
    Xor = "xor",
    Not = "not",
    Cnot = "cnot",
    Lop3 = "lop3",
    Lop3Boolop = "lop3.boolop",
    Shl = "shl",
    Shr = "shr",
    ShfL = "shf.l",
    ShfR = "shf.r",
    // table/movement.rs
    Mov = "mov",
    MovPack = "mov.pack",
    MovUnpack = "mov.unpack",
    Prmt = "prmt",
    // table/convert.rs
    Cvt = "cvt",
    CvtPack = "cvt.pack",
    CvtX2 = "cvt.x2",
    CvtRs = "cvt.rs",
    // table/memory.rs
    Ld = "ld",
    St = "st",
    Atom = "atom",
    AtomCas = "atom.cas",
    Red = "red",
    LdNc = "ld.nc",
    Ldu = "ldu",
    Cvta = "cvta",
    CvtaTo = "cvta.to",
    Isspacep = "isspacep",
    Applypriority = "applypriority",
    AtomVec = "atom.vec",
    CreatepolicyCvt = "createpolicy.cvt",
    CreatepolicyFractional = "createpolicy.fractional",
    CreatepolicyRange = "createpolicy.range",
    Discard = "discard",
    Getctarank = "getctarank",
    Mapa = "mapa",
    MultimemLdReduce = "multimem.ld_reduce",
    MultimemRed = "multimem.red",
    MultimemSt = "multimem.st",
    Prefetch = "prefetch",
    PrefetchTensormap = "prefetch.tensormap",
    Prefetchu = "prefetchu",
    RedAsync = "red.async",
    RedVec = "red.vec",
    StAsync = "st.async",
    StBulk = "st.bulk",
    TensormapReplace = "tensormap.replace",
    TensormapCpFenceproxy = "tensormap.cp_fenceproxy",
    // table/texture.rs
    Tex = "tex",
    Tld4 = "tld4",
    SuldB = "suld.b",
    SustB = "sust.b",
    Txq = "txq",
    Suq = "suq",
    // table/warp.rs
    Activemask = "activemask",
    BarWarpSync = "bar.warp.sync",
    MatchSync = "match.sync",
    ReduxSync = "redux.sync",
    ShflSync = "shfl.sync",
    VoteSync = "vote.sync",
    ElectSync = "elect.sync",
    Shfl = "shfl",
    Vote = "vote",
    // table/sync.rs
    Bar = "bar",
    Barrier = "barrier",
    Fence = "fence",
    Membar = "membar",
    FenceProxy = "fence.proxy",
    FenceProxyAsync = "fence.proxy.async",
    MbarrierInit = "mbarrier.init",
    MbarrierInval = "mbarrier.inval",
    MbarrierArrive = "mbarrier.arrive",
    MbarrierArriveDrop = "mbarrier.arrive_drop",
    MbarrierExpectTx = "mbarrier.expect_tx",
    MbarrierCompleteTx = "mbarrier.complete_tx",
    MbarrierPendingCount = "mbarrier.pending_count",
    MbarrierTestWait = "mbarrier.test_wait",
    MbarrierTryWait = "mbarrier.try_wait",
    FenceMbarrierInit = "fence.mbarrier_init",
    BarrierClusterArrive = "barrier.cluster.arrive",
    BarrierClusterWait = "barrier.cluster.wait",
    ClusterlaunchcontrolQueryCancel = "clusterlaunchcontrol.query_cancel",
    ClusterlaunchcontrolTryCancel = "clusterlaunchcontrol.try_cancel",
    FenceProxyTensormap = "fence.proxy.tensormap",
    Griddepcontrol = "griddepcontrol",
    // table/async_copy.rs
    CpAsync = "cp.async",
    CpAsyncSrcSize = "cp.async.src_size",
    CpAsyncIgnoreSrc = "cp.async.ignore_src",
    CpAsyncCommitGroup = "cp.async.commit_group",
    CpAsyncWaitGroup = "cp.async.wait_group",
    CpAsyncWaitAll = "cp.async.wait_all",
    CpAsyncBulk = "cp.async.bulk",
    CpAsyncBulkCommitGroup = "cp.async.bulk.commit_group",
    CpAsyncBulkPrefetch = "cp.async.bulk.prefetch",
    CpAsyncBulkPrefetchTensor = "cp.async.bulk.prefetch.tensor",
    CpAsyncBulkTensor = "cp.async.bulk.tensor",
    CpAsyncBulkWaitGroup = "cp.async.bulk.wait_group",
    CpAsyncMbarrierArrive = "cp.async.mbarrier.arrive",
    CpReduceAsyncBulk = "cp.reduce.async.bulk",
    CpReduceAsyncBulkTensor = "cp.reduce.async.bulk.tensor",
    // table/matrix/load_store.rs
    Ldmatrix = "ldmatrix",
    Stmatrix = "stmatrix",
    Movmatrix = "movmatrix",
    // table/matrix/mma.rs
    Mma = "mma",
    MmaBlockScale = "mma.block_scale",
    MmaSp = "mma.sp",
    MmaSpBlockScale = "mma.sp.block_scale",
    // table/matrix/wmma.rs
    WmmaLoadA = "wmma.load.a",
    WmmaLoadB = "wmma.load.b",
    WmmaLoadC = "wmma.load.c",
    WmmaStore = "wmma.store",
    WmmaMma = "wmma.mma",
    // table/matrix/wgmma.rs
    WgmmaCommitGroup = "wgmma.commit_group",
    WgmmaFence = "wgmma.fence",
    WgmmaMmaAsync = "wgmma.mma_async",
    WgmmaMmaAsyncSp = "wgmma.mma_async.sp",
    WgmmaWaitGroup = "wgmma.wait_group",
    // table/matrix/tcgen05.rs
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
    // table/control.rs
    Bra = "bra",
    BrxIdx = "brx.idx",
    Call = "call",
    Exit = "exit",
    Ret = "ret",
    // table/misc.rs
    Brkpt = "brkpt",
    Nanosleep = "nanosleep",
    Pmevent = "pmevent",
    Setmaxnreg = "setmaxnreg",
    Trap = "trap",
}

impl std::fmt::Display for Semantics {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.key())
    }
}

impl Semantics {
    /// Whether it meets other threads: a memory access they may see (`ld`,
    /// `st`, atomics, `ldmatrix`, `stmatrix`) or a barrier they arrive at.
    /// What the simulator's sanitizer names statements for, and where a
    /// varied schedule may switch threads.
    ///
    /// ```
    /// use ptx_core::Semantics;
    /// assert!(Semantics::St.meets_other_threads());
    /// assert!(Semantics::Bar.meets_other_threads());
    /// assert!(!Semantics::Add.meets_other_threads());
    /// ```
    pub fn meets_other_threads(self) -> bool {
        use Semantics::*;
        matches!(
            self,
            Ld | LdNc
                | Ldu
                | St
                | Atom
                | AtomCas
                | Red
                | Ldmatrix
                | Stmatrix
                | Bar
                | Barrier
                | MbarrierArrive
                | MbarrierArriveDrop
                | MbarrierTestWait
                | MbarrierTryWait
        )
    }
}

#[cfg(test)]
mod tests {
    use super::Semantics;

    #[test]
    fn keys_are_distinct_and_round_trip() {
        for &sem in Semantics::ALL {
            assert_eq!(Semantics::from_key(sem.key()), Some(sem), "{}", sem.key());
        }
        let mut keys: Vec<&str> = Semantics::ALL.iter().map(|s| s.key()).collect();
        keys.sort_unstable();
        keys.dedup();
        assert_eq!(keys.len(), Semantics::ALL.len());
    }

    #[test]
    fn names_spell_the_key_in_camel_case() {
        // `mbarrier.try_wait` is `MbarrierTryWait`: each word of the key,
        // split at dots and underscores, capitalised.
        for &sem in Semantics::ALL {
            let camel: String = sem
                .key()
                .split(['.', '_'])
                .map(|w| {
                    let mut c = w.chars();
                    c.next().map_or(String::new(), |f| {
                        f.to_ascii_uppercase().to_string() + c.as_str()
                    })
                })
                .collect();
            assert_eq!(sem.name(), camel, "{}", sem.key());
        }
    }

    #[test]
    fn every_table_form_names_a_semantics_of_its_opcode() {
        // The forms whose operation has another opcode's name: `mad` on
        // floats is a fused multiply-add (PTX ISA: `mad.f32` with a
        // rounding mode is `fma.f32`), and `membar.proxy` is the older
        // spelling of `fence.proxy`.
        let mut others: Vec<String> = crate::table()
            .forms()
            .iter()
            .filter(|f| {
                let key = f.semantics.key();
                !f.syntax.starts_with(key.split('.').next().unwrap_or(key))
            })
            .map(|f| format!("{} -> {}", f.opcode, f.semantics))
            .collect();
        others.sort_unstable();
        others.dedup();
        assert_eq!(others, ["mad -> fma", "membar -> fence.proxy"]);
    }
}
