//! Semantic functions, one per [`Semantics`] of the instruction table,
//! grouped by family: each module is named after the `ptx_core` table file
//! (`table/<family>.rs`) whose forms it runs. Each function has the
//! signature [`crate::exec::SemFn`]; [`fp`] is the exact floating-point
//! arithmetic the float families share.
//!
//! The table families without a file here have no function of their own:
//! `table/half.rs`'s forms are the float operations ([`float`] reads the
//! half types from their modifiers), `table/control.rs`'s branches are
//! steps of the lowered program, and the forms of `table/misc.rs` and
//! `table/matrix/tcgen05.rs` are listed as not simulated.
//!
//! [`run`] is the dispatch: an exhaustive `match` over [`Semantics`], so
//! the compiler proves that every operation of the table either has a
//! semantic function here or is listed as not simulated, whose run is a
//! [`crate::fault::ProgramFault::NotSimulated`].
//!
//! ```
//! use ptx_core::{Mods, Semantics, Target, check_asm};
//! use ptx_sim::lane::Outside;
//! use ptx_sim::sem::{is_simulated, run};
//! let checked = check_asm("popc.b32 %0, %1;", &["=r", "r"], Target::default()).unwrap();
//! let popc = &checked.instructions[0].bound;
//! assert_eq!(popc.form.semantics, Semantics::Popc);
//! // The slots are [d, a]: 0xF0F0 has 8 bits set.
//! let mut slots = [0, 0xF0F0];
//! run(&mut Outside::default(), Semantics::Popc, &Mods::from_bound(popc), &mut slots).unwrap();
//! assert_eq!(slots[0], 8);
//! assert!(!is_simulated(Semantics::Tcgen05Mma));
//! ```

pub mod approx;
pub mod async_copy;
pub mod compare;
pub mod convert;
pub mod float;
pub mod fp;
pub mod integer;
pub mod logic;
pub mod matrix;
pub mod memory;
pub mod movement;
pub mod sync;
pub mod texture;
pub mod video;
pub mod warp;

pub mod rendezvous;

use crate::exec::SemResult;
use crate::fault::{Fault, ProgramFault};
use crate::lane::{Lane, WarpFn};
use ptx_core::{Mods, Semantics};
use rendezvous::collective;

/// The dispatch: `run`, `is_simulated`, `class` and `run_lanes` from one
/// list, whose `match`es name every variant, so a new [`Semantics`] does
/// not compile until it is placed here, in the class that says how a warp
/// runs it.
macro_rules! dispatch {
    (
        lane { $($lane:ident => $lane_fn:path,)* }
        carry { $($carry:ident => $carry_fn:path,)* }
        warp { $($warp:ident => $warp_fn:path, $sync:ident;)* }
        machine { $($machine:ident => $machine_fn:path,)* }
        control { $($control:ident,)* }
        not simulated { $($missing:ident,)* }
    ) => {
        /// Runs the semantic function of `sem` over `slots` with the
        /// decoded modifiers `m`, for the thread `lane`: what the code
        /// `ptx!` generates and the statement interpreter run, through
        /// [`crate::machine::run`]. A warp collective deposits the slots at
        /// the lane's rendezvous ([`crate::lane::Lane::rendezvous`]).
        #[inline(always)]
        pub fn run<L: Lane>(lane: &mut L, sem: Semantics, m: &Mods, slots: &mut [u64]) -> SemResult {
            match sem {
                $(Semantics::$lane => $lane_fn(m, slots),)*
                $(Semantics::$carry => lane.with_carry(|carry| $carry_fn(m, slots, carry)),)*
                $(Semantics::$warp => collective(lane, sem, m, slots, $warp_fn, Members::$sync.aligned()),)*
                $(Semantics::$machine => $machine_fn(lane, m, slots),)*
                $(Semantics::$control)|* => Err(Fault::Program(ProgramFault::ControlStep { instruction: sem.key() })),
                $(Semantics::$missing)|* => Err(Fault::not_simulated(sem.key())),
            }
        }

        /// Whether the simulator models `sem`: false for the operations
        /// listed as not simulated, whose [`run`] is a fault.
        pub const fn is_simulated(sem: Semantics) -> bool {
            match sem {
                $(Semantics::$lane)|* | $(Semantics::$carry)|* | $(Semantics::$warp)|* => true,
                $(Semantics::$machine)|* | $(Semantics::$control)|* => true,
                $(Semantics::$missing)|* => false,
            }
        }

        /// One constant per operation, named after its [`Semantics`]
        /// variant, which `ptx!`'s host expansion names for each
        /// instruction of a statement: those of the operations not
        /// simulated are `#[deprecated]`, so that a statement holding one
        /// is a compiler warning where it is written, not only a fault
        /// when it runs.
        #[allow(non_upper_case_globals)]
        pub mod simulated {
            $(#[doc(hidden)] pub const $lane: () = ();)*
            $(#[doc(hidden)] pub const $carry: () = ();)*
            $(#[doc(hidden)] pub const $warp: () = ();)*
            $(#[doc(hidden)] pub const $machine: () = ();)*
            $(#[doc(hidden)] pub const $control: () = ();)*
            $(
                #[doc(hidden)]
                #[deprecated(note = "ptx!: this instruction is not simulated on the CPU: on the host it stops the thread with a `NotSimulated` fault (on the GPU it runs)")]
                pub const $missing: () = ();
            )*
        }

        /// How a warp runs `sem`.
        ///
        /// ```
        /// use ptx_core::Semantics;
        /// use ptx_sim::sem::{Class, class};
        /// assert!(matches!(class(Semantics::Add), Class::Lane));
        /// assert!(matches!(class(Semantics::ShflSync), Class::Warp { aligned: false, .. }));
        /// assert!(matches!(class(Semantics::Ld), Class::Machine));
        /// ```
        pub fn class(sem: Semantics) -> Class {
            match sem {
                $(Semantics::$lane)|* => Class::Lane,
                $(Semantics::$carry)|* => Class::Carry,
                $(Semantics::$warp => Class::Warp { run: $warp_fn, aligned: Members::$sync.aligned() },)*
                $(Semantics::$machine)|* => Class::Machine,
                $(Semantics::$control)|* => Class::Control,
                $(Semantics::$missing)|* => Class::NotSimulated,
            }
        }

        /// Runs `sem`, an operation of [`Class::Lane`] or [`Class::Carry`],
        /// through `lanes`, which applies the semantic function to each lane
        /// it holds: one `match` for all of them, and a loop over the lanes
        /// made for each function (see [`EachLane`]).
        #[inline]
        pub fn run_lanes<L: EachLane>(sem: Semantics, m: &Mods, lanes: &mut L) -> Result<(), L::Error> {
            match sem {
                $(Semantics::$lane => lanes.each(m, $lane_fn),)*
                $(Semantics::$carry => lanes.each_carry(m, $carry_fn),)*
                _ => lanes.each(m, |_: &Mods, _: &mut [u64]| Err(Fault::Program(ProgramFault::ControlStep { instruction: sem.key() }))),
            }
        }
    };
}

/// The warp side of an operation of [`Class::Machine`] whose lanes run
/// together at one instruction: the memory accesses and the `mbarrier`
/// operations, which `ptx!` code's lanes meet at when an access is
/// warp-wide, and which the kernel interpreter runs for every such
/// instruction of a warp. `None` for the operations the machine runs
/// itself (CTA barriers, `activemask`, `isspacep`, the asynchronous copies).
///
/// ```
/// use ptx_core::Semantics;
/// assert!(ptx_sim::sem::converged_side(Semantics::St).is_some());
/// assert!(ptx_sim::sem::converged_side(Semantics::Bar).is_none());
/// ```
pub fn converged_side(sem: Semantics) -> Option<WarpFn> {
    Some(match sem {
        Semantics::Ld | Semantics::LdNc | Semantics::Ldu => memory::ld_warp,
        Semantics::St => memory::st_warp,
        Semantics::Atom | Semantics::AtomCas => memory::atomic::atom_warp,
        Semantics::Red => memory::atomic::red_warp,
        Semantics::MbarrierInit
        | Semantics::MbarrierInval
        | Semantics::MbarrierArrive
        | Semantics::MbarrierArriveDrop
        | Semantics::MbarrierExpectTx
        | Semantics::MbarrierCompleteTx
        | Semantics::MbarrierTestWait
        | Semantics::MbarrierTryWait => sync::mbarrier::warp_op,
        _ => return None,
    })
}

/// Whether a warp collective takes a member mask (`masked`, its last
/// slot) or runs on the whole warp (`aligned`).
#[derive(Clone, Copy)]
enum Members {
    #[allow(dead_code)] // only named by the dispatch list
    Masked,
    #[allow(dead_code)]
    Aligned,
}

impl Members {
    const fn aligned(self) -> bool {
        matches!(self, Members::Aligned)
    }
}

/// How a warp runs an operation (see [`class`]): what an engine that runs
/// a whole warp at once (the kernel interpreter) needs to know of it.
#[derive(Clone, Copy)]
pub enum Class {
    /// Each lane on its own, from its own slots ([`run_lanes`]).
    Lane,
    /// Each lane on its own, reading or writing the lane's carry flag,
    /// which the semantic function is handed (`&mut bool`): the module
    /// interpreter keeps it with the warp, a closure's lane with the lane
    /// ([`crate::lane::Lane::with_carry`]).
    Carry,
    /// The member lanes together: `run` gets every member's slots.
    /// `aligned`: the whole warp; else the member mask is the last slot.
    Warp {
        /// The warp side.
        run: WarpFn,
        /// Whether the whole warp takes part (no member mask).
        aligned: bool,
    },
    /// Needs the machine: memory spaces, barriers, the set of lanes that
    /// run together. An engine runs these itself.
    Machine,
    /// A step of the program (`bra`, `call`, `ret`, ...), which the
    /// interpreters run rather than a semantic function.
    Control,
    /// Not modelled: running it is a [`crate::fault::ProgramFault::NotSimulated`].
    NotSimulated,
}

/// Applies a semantic function to a set of lanes' slots (see
/// [`run_lanes`]): generic over the function, so that the loop over the
/// lanes is made once for each, with the function inlined into it.
pub trait EachLane {
    /// What a failing lane gives.
    type Error;
    /// Applies `f` with modifiers `m` to each lane.
    fn each<F: Fn(&Mods, &mut [u64]) -> SemResult>(
        &mut self,
        m: &Mods,
        f: F,
    ) -> Result<(), Self::Error>;
    /// Applies `f` with modifiers `m` to each lane, with the lane's carry
    /// flag (`CC.CF`), which `f` reads and writes.
    fn each_carry<F: Fn(&Mods, &mut [u64], &mut bool) -> SemResult>(
        &mut self,
        m: &Mods,
        f: F,
    ) -> Result<(), Self::Error>;
}

dispatch! {
    lane {
        CpAsyncBulkCommitGroup => async_copy::bulk_group,
        CpAsyncBulkWaitGroup => async_copy::bulk_group,
        Add => float::add,
        Sub => float::sub,
        MulLo => integer::mul_lo,
        MulHi => integer::mul_hi,
        MulWide => integer::mul_wide,
        MadLo => integer::mad_lo,
        MadHi => integer::mad_hi,
        MadWide => integer::mad_wide,
        Mul24Lo => integer::mul24_lo,
        Mul24Hi => integer::mul24_hi,
        Mad24Lo => integer::mad24_lo,
        Mad24Hi => integer::mad24_hi,
        Sad => integer::sad,
        Div => float::div,
        Rem => integer::rem,
        Abs => float::abs,
        Neg => float::neg,
        Min => float::min,
        Max => float::max,
        Popc => integer::popc,
        Clz => integer::clz,
        Bfind => integer::bfind,
        Fns => integer::fns,
        Brev => integer::brev,
        Bfe => integer::bfe,
        Bfi => integer::bfi,
        Szext => integer::szext,
        Bmsk => integer::bmsk,
        Dp4a => integer::dp4a,
        Dp2aLo => integer::dp2a_lo,
        Dp2aHi => integer::dp2a_hi,
        Vadd => video::vadd,
        Vsub => video::vsub,
        Vabsdiff => video::vabsdiff,
        Vmin => video::vmin,
        Vmax => video::vmax,
        Vshl => video::vshl,
        Vshr => video::vshr,
        Vset => video::vset,
        Vmad => video::vmad,
        Vadd2 => video::vadd2,
        Vsub2 => video::vsub2,
        Vavrg2 => video::vavrg2,
        Vabsdiff2 => video::vabsdiff2,
        Vmin2 => video::vmin2,
        Vmax2 => video::vmax2,
        Vadd4 => video::vadd4,
        Vsub4 => video::vsub4,
        Vavrg4 => video::vavrg4,
        Vabsdiff4 => video::vabsdiff4,
        Vmin4 => video::vmin4,
        Vmax4 => video::vmax4,
        Vset2 => video::vset2,
        Vset4 => video::vset4,
        And => logic::and,
        Or => logic::or,
        Xor => logic::xor,
        Not => logic::not,
        Cnot => logic::cnot,
        Lop3 => logic::lop3,
        Lop3Boolop => logic::lop3_boolop,
        Shl => logic::shl,
        Shr => logic::shr,
        ShfL => logic::shf_l,
        ShfR => logic::shf_r,
        Setp => compare::setp,
        SetpBoolop => compare::setp_boolop,
        Set => compare::set,
        SetBoolop => compare::set_boolop,
        Selp => compare::selp,
        Slct => compare::slct,
        Mov => movement::mov,
        MovPack => movement::mov_pack,
        MovUnpack => movement::mov_unpack,
        Prmt => movement::prmt,
        Cvt => convert::float::cvt,
        CvtPack => convert::integer::cvt_pack,
        Mul => float::mul,
        Fma => float::fma,
        FmaOob => float::fma_oob,
        Rcp => float::rcp,
        Sqrt => float::sqrt,
        Copysign => float::copysign,
        Testp => float::testp,
        RcpApprox => approx::rcp,
        SqrtApprox => approx::sqrt,
        RsqrtApprox => approx::rsqrt,
        SinApprox => approx::sin,
        CosApprox => approx::cos,
        Lg2Approx => approx::lg2,
        Ex2Approx => approx::ex2,
        TanhApprox => approx::tanh,
        DivApprox => approx::div_approx,
        DivFull => approx::div_full,
        CvtX2 => convert::float::cvt_x2,
        Fence => sync::fence,
        Membar => sync::fence,
        FenceProxy => sync::fence,
        FenceProxyAsync => sync::fence,
        FenceProxyTensormap => sync::fence,
        CvtaTo => memory::cvta_to,
        MbarrierPendingCount => sync::mbarrier::pending_count,
        FenceMbarrierInit => sync::fence,
        Trap => sync::trap,
        Brkpt => sync::brkpt,
        Nanosleep => sync::nanosleep,
        Pmevent => sync::pmevent,
        Prefetch => memory::cache_hint,
        Prefetchu => memory::cache_hint,
        PrefetchTensormap => memory::cache_hint,
        CpAsyncBulkPrefetch => memory::cache_hint,
        CpAsyncBulkPrefetchTensor => memory::cache_hint,
        Applypriority => memory::cache_hint,
        Discard => memory::cache_hint,
        CreatepolicyFractional => memory::createpolicy_fractional,
        CreatepolicyCvt => memory::createpolicy_cvt,
    }
    carry {
        AddCc => integer::add_cc,
        Addc => integer::addc,
        SubCc => integer::sub_cc,
        Subc => integer::subc,
        MadLoCc => integer::mad_lo_cc,
        MadHiCc => integer::mad_hi_cc,
        MadcLo => integer::madc_lo,
        MadcHi => integer::madc_hi,
    }
    warp {
        BarWarpSync => warp::bar_warp_sync_warp, Masked;
        MatchSync => warp::match_warp, Masked;
        ReduxSync => warp::redux_warp, Masked;
        ShflSync => warp::shfl_warp, Masked;
        VoteSync => warp::vote_warp, Masked;
        ElectSync => warp::elect_warp, Masked;
        Setmaxnreg => warp::setmaxnreg_warp, Aligned;
        Ldmatrix => matrix::load_store::ldmatrix_warp, Aligned;
        Stmatrix => matrix::load_store::stmatrix_warp, Aligned;
        Movmatrix => matrix::load_store::movmatrix_warp, Aligned;
        Mma => matrix::mma::mma_warp, Aligned;
        WmmaLoadA => matrix::wmma::load_a_warp, Aligned;
        WmmaLoadB => matrix::wmma::load_b_warp, Aligned;
        WmmaLoadC => matrix::wmma::load_c_warp, Aligned;
        WmmaStore => matrix::wmma::store_warp, Aligned;
        WmmaMma => matrix::wmma::mma_warp, Aligned;
        WgmmaFence => matrix::wgmma::order_warp, Aligned;
        WgmmaCommitGroup => matrix::wgmma::order_warp, Aligned;
        WgmmaWaitGroup => matrix::wgmma::order_warp, Aligned;
        WgmmaMmaAsync => matrix::wgmma::mma_async_warp, Aligned;
        WgmmaMmaAsyncSp => matrix::wgmma::mma_async_sp_warp, Aligned;
    }
    machine {
        Activemask => warp::activemask,
        Bar => sync::bar,
        Barrier => sync::barrier,
        Ld => memory::ld,
        St => memory::st,
        Atom => memory::atom,
        AtomCas => memory::atom_cas,
        Red => memory::red,
        LdNc => memory::ld_nc,
        Ldu => memory::ldu,
        Isspacep => memory::isspacep,
        Cvta => memory::cvta,
        CpAsync => async_copy::cp_async,
        CpAsyncSrcSize => async_copy::cp_async_src_size,
        CpAsyncIgnoreSrc => async_copy::cp_async_ignore_src,
        CpAsyncCommitGroup => async_copy::commit_group,
        CpAsyncWaitGroup => async_copy::wait_group,
        CpAsyncWaitAll => async_copy::wait_all,
        CpAsyncMbarrierArrive => async_copy::mbarrier_arrive,
        CpAsyncBulk => async_copy::bulk,
        CpAsyncBulkTensor => async_copy::bulk_tensor,
        CpReduceAsyncBulk => async_copy::reduce_bulk,
        TensormapCpFenceproxy => async_copy::copy_tensormap,
        TensormapReplace => async_copy::tensormap_replace,
        CpReduceAsyncBulkTensor => async_copy::reduce_bulk_tensor,
        StAsync => async_copy::st_async,
        RedAsync => async_copy::red_async,
        MbarrierInit => sync::mbarrier::init,
        MbarrierInval => sync::mbarrier::inval,
        MbarrierArrive => sync::mbarrier::arrive,
        MbarrierArriveDrop => sync::mbarrier::arrive_drop,
        MbarrierExpectTx => sync::mbarrier::expect_tx,
        MbarrierCompleteTx => sync::mbarrier::complete_tx,
        MbarrierTestWait => sync::mbarrier::test_wait,
        MbarrierTryWait => sync::mbarrier::try_wait,
        Mapa => memory::address::mapa,
        Getctarank => memory::address::getctarank,
        BarrierClusterArrive => sync::barrier_cluster_arrive,
        BarrierClusterWait => sync::barrier_cluster_wait,
        Tex => texture::tex,
        Tld4 => texture::tld4,
        SuldB => texture::suld_b,
        SustB => texture::sust_b,
        Txq => texture::txq,
        Suq => texture::suq,
    }
    control {
        Bra,
        BrxIdx,
        Call,
        Ret,
        Exit,
    }
    not simulated {
        AtomVec,
        ClusterlaunchcontrolQueryCancel,
        ClusterlaunchcontrolTryCancel,
        CreatepolicyRange,
        CvtRs,
        Griddepcontrol,
        MmaBlockScale,
        MmaSp,
        MmaSpBlockScale,
        MultimemLdReduce,
        MultimemRed,
        MultimemSt,
        RedVec,
        Shfl,
        StBulk,
        Tcgen05Alloc,
        Tcgen05Commit,
        Tcgen05Cp,
        Tcgen05Dealloc,
        Tcgen05Fence,
        Tcgen05Ld,
        Tcgen05LdRed,
        Tcgen05Mma,
        Tcgen05MmaSp,
        Tcgen05MmaWs,
        Tcgen05MmaWsSp,
        Tcgen05RelinquishAllocPermit,
        Tcgen05Shift,
        Tcgen05St,
        Tcgen05Wait,
        Vote,
    }
}

/// Running a statement through the checker, the lowering and the
/// statement interpreter, for the families' tests.
#[cfg(test)]
pub(crate) mod testing {
    use crate::fault::ThreadFault;
    use crate::statement::Prepared;
    use ptx_core::{AsmOperand, Target, check_asm, lower};

    /// Runs `asm` with the operands `cons` (outputs first, as CUDA writes
    /// them) and their values before the statement; gives their values after.
    pub fn try_run(
        asm: &str,
        cons: &[&str],
        values: &[u128],
    ) -> Result<Vec<u128>, Box<ThreadFault>> {
        let checked = check_asm(asm, cons, Target::default())
            .unwrap_or_else(|d| panic!("`{asm}` is rejected: {}", d[0]));
        let ops: Vec<AsmOperand> = cons
            .iter()
            .map(|c| AsmOperand::new(c.parse().expect("a constraint")))
            .collect();
        let prepared = Prepared::new(&lower(&checked, &ops).expect("lowers"));
        let mut regs = prepared.registers();
        regs[..values.len()].copy_from_slice(values);
        prepared.run(&mut regs)?;
        regs.truncate(cons.len());
        Ok(regs)
    }

    /// [`try_run`], for statements that must not fault.
    pub fn run(asm: &str, cons: &[&str], values: &[u128]) -> Vec<u128> {
        try_run(asm, cons, values).unwrap_or_else(|f| panic!("`{asm}` faults: {f}"))
    }

    /// Operand 0 after `asm` runs with `inputs` in the operands after it.
    pub fn run_asm(asm: &str, cons: &[&str], inputs: &[u64]) -> u64 {
        let values: Vec<u128> = std::iter::once(0)
            .chain(inputs.iter().map(|&v| u128::from(v)))
            .collect();
        run(asm, cons, &values)[0] as u64
    }
}
