//! The lanes' stacks and the switch from one to another.
//!
//! Every lane that blocks at a collective keeps its Rust frames on a stack
//! of its own (a fiber). The scheduler moves from the lane that blocks to
//! the next one to run by switching stacks directly, lane to lane, so a
//! warp collective costs one stack switch per lane.
//!
//! Two backends, chosen per CTA when it starts:
//!
//! * **native** (x86-64 and AArch64, outside Windows): a switch, inlined
//!   where the lane stops, saves where to resume and the two registers the
//!   compiler reserves on the running stack (every other register is
//!   declared clobbered, so the compiler keeps across it only what it still
//!   needs), stores its stack pointer and loads the target's: ten
//!   instructions, ending in an indirect jump. No switch
//!   calls or returns, and a fiber ends by returning through all its
//!   frames to the trampoline that started it, so the processor's
//!   prediction of returns stays right: after a switch, the lane that
//!   resumes returns through frames like those the last one returned
//!   through (see `native`; measured: a warp whose lanes return after
//!   their last collective costs a third less than with a called switch).
//! * **portable** (every target): each fiber is a `corosensei` coroutine and
//!   a switch goes through the CTA's driver on the calling thread's stack,
//!   two coroutine switches instead of one.
//!
//! Stacks come from `corosensei` (mapped with a guard page below them) and
//! are pooled per OS thread.
//!
//! Under AddressSanitizer and ThreadSanitizer (`--cfg ptx_sanitize`, see
//! `tools/gates/sanitizers/`), every native switch is announced to the sanitizer
//! ([`sanitize`]); in other builds those hooks are empty.

mod sanitize;

use corosensei::stack::{DefaultStack, Stack};
use corosensei::{Coroutine, CoroutineResult, Yielder};
use sanitize::Switches;
use std::cell::{Cell, RefCell};

/// A fiber of a CTA: an index into its [`Fibers`], or [`MAIN`].
pub(crate) type FiberId = usize;

/// The thread that runs the CTA (the launch's worker), as a switch target.
pub(crate) const MAIN: FiberId = usize::MAX;

/// Why a fiber could not be had for a lane (the lanes from it on do not
/// start: [`crate::fault::LaunchFault::NotStarted`] gives this as its reason).
#[derive(Debug, thiserror::Error)]
pub(crate) enum SpawnError {
    /// The operating system gave no memory for the lane's stack.
    #[error("cannot allocate a lane stack: {0}")]
    Stack(std::io::Error),
    /// One fiber more than the lanes it was made for.
    #[error("more than {lanes} fibers for {lanes} lanes")]
    TooMany {
        /// The lanes, each with its fiber already.
        lanes: usize,
    },
}

/// A fiber to switch to, with its saved stack pointer (native fibers;
/// 0 for portable ones), read when it was chosen so that the switch
/// itself need not look it up: a switch is on the path from one lane to
/// the next, and every load it waits for delays the next lane.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct SwitchTo {
    pub fiber: FiberId,
    pub sp: usize,
}

/// Where a running fiber saves its stack pointer when it switches away
/// (see [`Fibers::save_slot`]): its cell, or null for a portable fiber.
#[derive(Clone, Copy, Debug)]
pub(crate) struct SaveSlot(*mut usize);

/// What a fiber runs: `entry(me)` returns the fiber to switch to once it is
/// done; the fiber then ends (a native one is laid out afresh when a later
/// CTA spawns it again).
///
/// The closure is kept as its address and a function made for its type,
/// which a native fiber's first frame calls directly, with no virtual call
/// and nothing to look up.
#[derive(Clone, Copy)]
pub(crate) struct Body<'a> {
    data: *const (),
    /// `entry(me)` for the closure at `data`.
    call: unsafe fn(*const (), FiberId) -> SwitchTo,
    /// A native fiber's first function: `(me, data)`.
    native: EntryFn,
    _closure: std::marker::PhantomData<&'a ()>,
}

impl<'a> Body<'a> {
    /// The entry that runs `entry`.
    pub(crate) fn new<E: Fn(FiberId) -> SwitchTo>(entry: &'a E) -> Body<'a> {
        Body {
            data: std::ptr::from_ref(entry).cast(),
            call: call_entry::<E>,
            native: native_entry::<E>,
            _closure: std::marker::PhantomData,
        }
    }
}

/// `(*data)(me)`, for the closure of type `E` at `data`.
///
/// # Safety
///
/// `data` must point to a live `E`.
unsafe fn call_entry<E: Fn(FiberId) -> SwitchTo>(data: *const (), me: FiberId) -> SwitchTo {
    // SAFETY: this function's promise.
    unsafe { (*data.cast::<E>())(me) }
}

thread_local! {
    /// Stacks of finished portable fibers, reused by the next ones (per OS
    /// thread), so that a fiber's start costs no allocation.
    static STACKS: Cell<Vec<ColoredStack>> = const { Cell::new(Vec::new()) };
    /// How many stacks this OS thread has allocated: the next one's colour.
    static ALLOCATED: Cell<usize> = const { Cell::new(0) };
    /// The stacks and stack-pointer cells the last native CTA of this OS
    /// thread left, for the next one.
    static NATIVE_POOL: Cell<Option<NativePool>> = const { Cell::new(None) };
}

/// What native fibers leave from one CTA to the next on an OS thread: a
/// native fiber whose lanes have finished ends (its frames return to the
/// trampoline, which switches on without saving anything), so only its
/// stack and its stack-pointer cell stay, for the next CTA's fiber `k`.
struct NativePool {
    /// Fiber `k` runs on `stacks[k]`.
    stacks: Vec<ColoredStack>,
    /// The cells of [`MAIN`] (first) and of each fiber.
    sps: Box<[Cell<usize>]>,
    /// Stacks `0..holding` hold `held_size` bytes (what the last CTA
    /// asked for; every fiber it spawned ran on one such), so that the
    /// next CTA of that size need not look at each.
    holding: usize,
    held_size: usize,
}

/// At most this many stacks stay pooled per OS thread.
const POOLED: usize = 4096;

/// A stack whose top is moved down by a few cache lines, differently for
/// each stack.
///
/// Stacks are mapped at page-aligned addresses, so without the offset the
/// hot top frames of every lane fall into the same L1 cache sets and
/// switching between 32 lanes evicts them on every switch (measured: the
/// warp reduction took 4x as long).
pub(crate) struct ColoredStack {
    stack: DefaultStack,
    offset: usize,
    /// The usable top (the inner stack's base moved down by `offset`).
    top: usize,
    /// Bytes from the inner stack's limit to `top`.
    size: usize,
}

impl ColoredStack {
    /// A new stack of at least `size` bytes.
    fn new(size: usize) -> Result<ColoredStack, SpawnError> {
        let stack = DefaultStack::new(size).map_err(SpawnError::Stack)?;
        let color = ALLOCATED.with(|a| a.replace(a.get() + 1));
        // 32 colours of two cache lines each cover a 4 KiB page.
        let offset = (color % 32) * 128;
        let top = stack.base().get() - offset;
        Ok(ColoredStack {
            size: top - stack.limit().get(),
            stack,
            offset,
            top,
        })
    }

    /// The stack's lowest usable address and its size, guard page
    /// excluded, for a sanitizer.
    #[inline]
    fn bounds(&self) -> (usize, usize) {
        let bottom = self.stack.limit().get();
        (bottom, self.stack.base().get() - bottom)
    }

    /// Whether the stack has at least `size` bytes.
    #[inline]
    fn holds(&self, size: usize) -> bool {
        self.size + self.offset >= size
    }

    /// A stack of at least `size` bytes, from the pool when one is there.
    fn take(size: usize) -> Result<ColoredStack, SpawnError> {
        // Through `with`, not `LocalKey::take`/`set`, which each run the
        // key's first-use path again.
        let pooled = STACKS.with(|pool| {
            let mut stacks = pool.take();
            let pooled = stacks.pop();
            pool.set(stacks);
            pooled
        });
        match pooled {
            Some(s) if s.holds(size) => Ok(s),
            _ => ColoredStack::new(size),
        }
    }

    /// Returns stacks to the pool, the first one given last (so taken
    /// first by [`ColoredStack::take`]).
    fn give_back(mut stacks: Vec<ColoredStack>) {
        STACKS.with(|cell| {
            let mut pool = cell.take();
            if pool.len() > stacks.len() {
                std::mem::swap(&mut pool, &mut stacks);
            }
            // `stacks` is the larger: it keeps its order, the other follows.
            stacks.extend(pool);
            stacks.truncate(POOLED);
            cell.set(stacks);
        })
    }
}

/// A pooled stack of at least `size` bytes for a coroutine of the
/// calling OS thread (a cluster's, run in slices: `sliced.rs`).
pub(crate) fn take_stack(size: usize) -> Result<ColoredStack, SpawnError> {
    ColoredStack::take(size)
}

/// Returns a stack that [`take_stack`] gave to the calling OS thread's
/// pool.
pub(crate) fn give_back_stack(stack: ColoredStack) {
    STACKS.with(|cell| {
        let mut pool = cell.take();
        if pool.len() < POOLED {
            pool.push(stack);
        }
        cell.set(pool);
    })
}

// SAFETY: `base` is the inner stack's base moved down by a multiple of 64
// bytes (so still aligned to `STACK_ALIGNMENT`), and at most 4032 bytes,
// well inside the inner stack (at least 16 KiB, see `Launch::stack_size`);
// the limit, guard page included, is the inner stack's.
unsafe impl Stack for ColoredStack {
    fn base(&self) -> corosensei::stack::StackPointer {
        corosensei::stack::StackPointer::new(self.top).unwrap_or_else(|| self.stack.base())
    }

    fn limit(&self) -> corosensei::stack::StackPointer {
        self.stack.limit()
    }

    #[cfg(windows)]
    fn teb_fields(&self) -> corosensei::stack::StackTebFields {
        self.stack.teb_fields()
    }

    #[cfg(windows)]
    fn update_teb_fields(&mut self, stack_limit: usize, guaranteed_stack_bytes: usize) {
        self.stack
            .update_teb_fields(stack_limit, guaranteed_stack_bytes)
    }
}

/// The first function a native fiber runs: `(me, data)`, `data` its
/// entry's closure, returning the stack pointer to switch to once it has
/// ended.
type EntryFn = unsafe extern "C" fn(FiberId, *const ()) -> usize;

/// Whether this target has the native switch.
pub(crate) const NATIVE: bool = native::AVAILABLE;

/// The fibers of one CTA.
///
/// Every method is called on the CTA's OS thread, from [`MAIN`] or from a
/// running fiber; a fiber is only ever switched to while it is suspended.
pub(crate) struct Fibers<'a> {
    entry: Body<'a>,
    stack_size: usize,
    /// For the native backend, the cell of fiber 0 in `sps`, so that fiber
    /// `f`'s cell is at `f` from here, [`MAIN`]'s (`usize::MAX`) one
    /// before, with no case to tell apart; null for the portable backend.
    cells: *const Cell<usize>,
    backend: Backend,
    /// What a sanitizer is told of the native switches (nothing, outside
    /// sanitizer builds).
    switches: Switches,
}

enum Backend {
    Native {
        /// The saved stack pointer of [`MAIN`] (first), then of every
        /// fiber that can be spawned (at least `capacity`).
        sps: Box<[Cell<usize>]>,
        /// How many fibers have been spawned.
        spawned: Cell<usize>,
        /// How many fibers may be spawned (one per lane).
        capacity: usize,
        stacks: RefCell<Vec<ColoredStack>>,
        /// Stacks `0..fit` of `stacks` were pooled and hold the stack
        /// size (at most `capacity` of them): spawning on one checks nothing.
        fit: usize,
    },
    Portable {
        /// The coroutines (taken out while they run).
        coroutines: RefCell<Vec<Option<PortableFiber>>>,
        /// The yielder of each started coroutine.
        yielders: RefCell<Vec<Cell<*const Yielder<(), FiberId>>>>,
    },
}

type PortableFiber = Coroutine<(), FiberId, FiberId, ColoredStack>;

impl<'a> Fibers<'a> {
    /// Fibers that run `entry`, on stacks of `stack_size` bytes, natively
    /// where the target allows and `portable` is false; `capacity` is how
    /// many there will be at most (one per lane).
    pub(crate) fn new(
        entry: Body<'a>,
        stack_size: usize,
        portable: bool,
        capacity: usize,
    ) -> Fibers<'a> {
        let backend = if NATIVE && !portable {
            let pool = NATIVE_POOL.take().unwrap_or(NativePool {
                stacks: Vec::new(),
                sps: Box::new([]),
                holding: 0,
                held_size: 0,
            });
            let sps = if pool.sps.len() > capacity {
                pool.sps
            } else {
                (0..=capacity).map(|_| Cell::new(0)).collect()
            };
            let fit = if stack_size <= pool.held_size {
                pool.holding.min(capacity)
            } else {
                pool.stacks
                    .iter()
                    .take(capacity)
                    .take_while(|s| s.holds(stack_size))
                    .count()
            };
            Backend::Native {
                sps,
                spawned: Cell::new(0),
                capacity,
                stacks: RefCell::new(pool.stacks),
                fit,
            }
        } else {
            Backend::Portable {
                coroutines: RefCell::new(Vec::with_capacity(capacity)),
                yielders: RefCell::new(Vec::with_capacity(capacity)),
            }
        };
        let cells = match &backend {
            // The box holds `capacity + 1 >= 1` cells: one past the first
            // is in bounds.
            Backend::Native { sps, .. } => sps.as_ptr().wrapping_add(1),
            Backend::Portable { .. } => std::ptr::null(),
        };
        Fibers {
            entry,
            stack_size,
            cells,
            backend,
            switches: Switches::new(),
        }
    }

    /// A new fiber, ready to start `entry` when first switched to.
    #[inline(always)]
    pub(crate) fn spawn(&self) -> Result<FiberId, SpawnError> {
        // The common case: a native fiber on a pooled stack that is large
        // enough, laid out in a dozen instructions.
        if let Backend::Native {
            sps,
            spawned,
            stacks,
            fit,
            ..
        } = &self.backend
        {
            let me = spawned.get();
            if me < *fit {
                // SAFETY: stacks `0..fit` exist and hold the stack size
                // (see `fit`), no borrow of `stacks` is alive (only
                // `spawn_slow` takes one, and drops it), and `sps` holds
                // `capacity + 1 > fit` cells. Stack `me` is kept in
                // `stacks` until the fibers are dropped, after every fiber
                // has ended, and its top is 16-byte aligned.
                unsafe {
                    let stack = (&*stacks.as_ptr()).get_unchecked(me);
                    self.switches.spawned(me, stack.bounds());
                    let sp = native::prepare(stack.top, self.entry.native, me, self.entry.data);
                    sps.get_unchecked(me + 1).set(sp);
                }
                spawned.set(me + 1);
                return Ok(me);
            }
        }
        self.spawn_slow()
    }

    /// [`Fibers::spawn`] when the fiber needs a new stack, or is a
    /// portable one (or one too many).
    #[inline(never)]
    fn spawn_slow(&self) -> Result<FiberId, SpawnError> {
        match &self.backend {
            Backend::Native {
                sps,
                spawned,
                stacks,
                capacity,
                ..
            } => {
                let me = spawned.get();
                if me >= *capacity {
                    return Err(SpawnError::TooMany { lanes: me });
                }
                let mut stacks = stacks.borrow_mut();
                // Fiber `me` runs on pooled stack `me` (a finished fiber's:
                // fibers are spawned in order and none has run on it yet).
                if stacks.get(me).is_none_or(|s| !s.holds(self.stack_size)) {
                    let stack = ColoredStack::new(self.stack_size)?;
                    match stacks.get_mut(me) {
                        Some(small) => *small = stack,
                        None => stacks.push(stack),
                    }
                }
                self.switches.spawned(me, stacks[me].bounds());
                // SAFETY: as in `spawn`.
                let sp = unsafe {
                    native::prepare(stacks[me].top, self.entry.native, me, self.entry.data)
                };
                sps[me + 1].set(sp);
                spawned.set(me + 1);
                Ok(me)
            }
            Backend::Portable {
                coroutines,
                yielders,
            } => {
                let me = coroutines.borrow().len();
                let stack = ColoredStack::take(self.stack_size)?;
                let this = self as *const Fibers<'a>;
                let body = move |y: &Yielder<(), FiberId>, ()| {
                    // SAFETY: the fibers outlive their coroutines (dropped
                    // with them), and are only used from this OS thread.
                    let fibers = unsafe { &*this };
                    if let Backend::Portable { yielders, .. } = &fibers.backend {
                        yielders.borrow()[me].set(y);
                    }
                    // SAFETY: the entry's closure outlives the fibers.
                    unsafe { (fibers.entry.call)(fibers.entry.data, me).fiber }
                };
                // SAFETY: the coroutine borrows `self` (and through `entry`
                // the CTA), which outlive it: coroutines are driven to
                // completion by `switch` before `run_cta` returns, and one
                // that is not is dropped (unwound) with `self`.
                let co = unsafe { Coroutine::with_stack_unchecked(stack, body) };
                coroutines.borrow_mut().push(Some(co));
                yielders.borrow_mut().push(Cell::new(std::ptr::null()));
                Ok(me)
            }
        }
    }

    /// Fiber `fiber` (spawned, or [`MAIN`]) as a switch target, with the
    /// stack pointer it saved when it last stopped.
    ///
    /// # Safety
    ///
    /// `fiber` must be [`MAIN`] or a spawned fiber of `self`.
    #[inline(always)]
    pub(crate) unsafe fn target(&self, fiber: FiberId) -> SwitchTo {
        // SAFETY: this function's promise.
        unsafe { self.targets()(fiber) }
    }

    /// [`Fibers::target`] as a function that reads nothing of `self`
    /// again, for turning many fibers into targets in a loop.
    ///
    /// # Safety
    ///
    /// The function may be called only with fibers that `target` may be.
    #[inline(always)]
    pub(crate) unsafe fn targets(&self) -> impl Fn(FiberId) -> SwitchTo + use<> {
        let cells = self.cells;
        move |fiber| SwitchTo {
            fiber,
            sp: if cells.is_null() {
                0
            } else {
                // SAFETY: as in `target` (this function's promise).
                unsafe { (*cells.wrapping_add(fiber)).get() }
            },
        }
    }

    /// Suspends fiber `from` (the running one, or [`MAIN`]) and runs `to`
    /// until something switches back to `from`.
    ///
    /// # Safety
    ///
    /// `from` must be the running fiber (or [`MAIN`] when the CTA's thread
    /// itself runs), `to` a suspended or unstarted fiber of `self` with
    /// the stack pointer it saved (see [`Fibers::target`]), and no
    /// `RefCell` borrow of the CTA may be held across the call.
    #[inline(always)]
    pub(crate) unsafe fn switch(&self, from: FiberId, to: SwitchTo) {
        if !self.cells.is_null() {
            // SAFETY: `from` is a spawned fiber or [`MAIN`], as this
            // function requires, so its cell is a cell of `sps` (see
            // `target`).
            let save = unsafe { (*self.cells.wrapping_add(from)).as_ptr() };
            let pending = self.switches.before(from, to.fiber);
            // SAFETY: `save` is the running fiber's cell, `to.sp` the
            // saved stack pointer of a suspended fiber or of the driver
            // (or of a spawned fiber, laid out by `prepare`).
            unsafe { native::switch(save, to.sp) };
            self.switches.after(pending);
            return;
        }
        match &self.backend {
            Backend::Native { .. } => unreachable!("the native backend has its cells"),
            // SAFETY: as this function's.
            Backend::Portable { .. } => unsafe { self.switch_portable(from, to.fiber) },
        }
    }

    /// Where fiber `fiber` (spawned, or [`MAIN`]) saves its stack pointer
    /// when it switches away, for [`Fibers::switch_from`].
    ///
    /// # Safety
    ///
    /// As [`Fibers::target`]'s.
    #[inline]
    pub(crate) unsafe fn save_slot(&self, fiber: FiberId) -> SaveSlot {
        SaveSlot(if self.cells.is_null() {
            std::ptr::null_mut()
        } else {
            // SAFETY: as in `target`.
            unsafe { (*self.cells.wrapping_add(fiber)).as_ptr() }
        })
    }

    /// [`Fibers::switch`] for a fiber that knows where it saves its stack
    /// pointer (a lane keeps it), so that the switch looks nothing up.
    ///
    /// # Safety
    ///
    /// As [`Fibers::switch`]'s, with `save` the save slot of `from`.
    #[inline(always)]
    pub(crate) unsafe fn switch_from(&self, save: SaveSlot, from: FiberId, to: SwitchTo) {
        if !save.0.is_null() {
            let pending = self.switches.before(from, to.fiber);
            // SAFETY: `save` is the running fiber's cell, `to.sp` a saved
            // stack pointer (this function's promise).
            unsafe { native::switch(save.0, to.sp) };
            self.switches.after(pending);
            return;
        }
        // SAFETY: as this function's.
        unsafe { self.switch_portable(from, to.fiber) }
    }

    /// [`Fibers::switch`] with coroutines: a fiber suspends to the driver,
    /// which resumes fibers until one names [`MAIN`].
    ///
    /// # Safety
    ///
    /// As [`Fibers::switch`]'s.
    #[inline(never)]
    unsafe fn switch_portable(&self, from: FiberId, to: FiberId) {
        let Backend::Portable {
            coroutines,
            yielders,
        } = &self.backend
        else {
            return;
        };
        if from != MAIN {
            let y = yielders.borrow()[from].get();
            // SAFETY: the yielder belongs to the running coroutine
            // `from`, alive while it runs.
            unsafe { &*y }.suspend(to);
            return;
        }
        let mut next = to;
        while next != MAIN {
            let Some(mut co) = coroutines.borrow_mut()[next].take() else {
                return;
            };
            match co.resume(()) {
                CoroutineResult::Yield(target) => {
                    coroutines.borrow_mut()[next] = Some(co);
                    next = target;
                }
                CoroutineResult::Return(target) => {
                    ColoredStack::give_back(vec![co.into_stack()]);
                    next = target;
                }
            }
        }
    }
}

impl Drop for Fibers<'_> {
    fn drop(&mut self) {
        match &mut self.backend {
            Backend::Native {
                stacks,
                sps,
                spawned,
                fit,
                ..
            } => {
                // Every fiber has ended (or, after a panic in the
                // scheduler, is abandoned): what is on its stack is dead.
                let mut stacks = std::mem::take(stacks.get_mut());
                stacks.truncate(POOLED);
                let pool = NativePool {
                    // The first `fit` held the size, and every spawned
                    // fiber ran on one that does.
                    holding: spawned.get().max(*fit).min(stacks.len()),
                    held_size: self.stack_size,
                    stacks,
                    sps: std::mem::take(sps),
                };
                // A nested CTA's pool may be there already: keep the one
                // with more stacks.
                let kept = match NATIVE_POOL.take() {
                    Some(other) if other.stacks.len() > pool.stacks.len() => other,
                    _ => pool,
                };
                NATIVE_POOL.set(Some(kept));
            }
            Backend::Portable { coroutines, .. } => {
                // Unfinished coroutines (none after a complete run) are
                // unwound by their drop.
                coroutines.borrow_mut().clear();
            }
        }
    }
}

/// Native fiber `me`: runs its entry, the closure of type `E` at `data`,
/// and returns the stack pointer of the fiber to go on with, which the
/// trampoline that called it switches to.
///
/// A fiber thus ends by returning through every frame it called, so the
/// processor's prediction of returns stays in step (see the `native`
/// module): the lane that resumes next returns through frames just like
/// the ones this fiber returned through.
///
/// # Safety
///
/// `data` must point to an `E` that outlives the fiber.
unsafe extern "C" fn native_entry<E: Fn(FiberId) -> SwitchTo>(
    me: FiberId,
    data: *const (),
) -> usize {
    let switches = Switches::entered();
    // A panic may not unwind out of this frame (nothing is below it); the
    // entry catches lane panics itself, so one here is a bug in the
    // scheduler: stop the process rather than run on in a broken state.
    // SAFETY: `data` is a live `E` (this function's promise).
    match std::panic::catch_unwind(|| unsafe { (*data.cast::<E>())(me) }) {
        Ok(to) => {
            // SAFETY: what `entered` returned here; the frame returns next.
            unsafe { Switches::leaving(switches, me, to.fiber) };
            to.sp
        }
        Err(_) => std::process::abort(),
    }
}

#[cfg(all(target_arch = "x86_64", not(windows)))]
mod native {
    //! System V x86-64. The switch saves only rbx and rbp, which the
    //! compiler keeps for itself, and declares every other register
    //! clobbered, so the code around it keeps across the switch just the
    //! values it still needs; the floating point control words are never
    //! changed by the code fibers run, so they are not switched.
    //!
    //! The switch is inlined where a fiber stops, not called: a `call`
    //! would push a return address onto the processor's return stack
    //! buffer that no `ret` pops, and the lane resumed next would have its
    //! own returns mispredicted. With no switch pushing or popping it, and
    //! every fiber ending by returning through its frames (see
    //! `native_entry`), the buffer stays in step with the lanes, whose
    //! frames are alike.

    pub(super) const AVAILABLE: bool = true;

    /// Saves where to resume, and the two registers the compiler keeps for
    /// itself (rbx, rbp), on the running stack, stores the stack pointer
    /// at `save`, loads `target` as the stack pointer and resumes what was
    /// saved there. Every other register is declared clobbered: the
    /// compiler saves around the switch only the values it still needs.
    ///
    /// # Safety
    ///
    /// `save` must be writable and `target` a stack pointer saved by this
    /// switch or laid out by [`prepare`], on a stack not running.
    #[inline(always)]
    pub(super) unsafe fn switch(save: *mut usize, target: usize) {
        // SAFETY: rbx and rbp are saved here and restored by the fiber that
        // resumes this one, every other register is declared clobbered, and
        // the block returns with this stack pointer. Without `nostack`, the
        // block may push below the stack pointer: the compiler keeps
        // nothing in the red zone.
        unsafe {
            core::arch::asm!(
                "lea rax, [rip + 2f]",
                "push rax",
                "push rbp",
                "push rbx",
                "mov [rdi], rsp",
                "mov rsp, rsi",
                "pop rbx",
                "pop rbp",
                "pop rcx",
                "jmp rcx",
                "2:",
                in("rdi") save,
                in("rsi") target,
                out("r12") _,
                out("r13") _,
                out("r14") _,
                out("r15") _,
                clobber_abi("C"),
            )
        }
    }

    /// Calls `rbp(rbx, data)` on a fresh stack, `data` the word at the
    /// stack pointer (with rbp cleared, which ends frame-pointer chains),
    /// then goes on with the stack pointer it returns as [`switch`] would,
    /// saving nothing: the fiber has ended.
    #[unsafe(naked)]
    unsafe extern "C" fn trampoline() {
        core::arch::naked_asm!(
            "mov rdi, rbx",
            "mov rsi, [rsp]",
            "mov rax, rbp",
            "xor ebp, ebp",
            "call rax",
            "mov rsp, rax",
            "pop rbx",
            "pop rbp",
            "pop rcx",
            "jmp rcx",
        )
    }

    /// Lays out a fresh stack below `top` so that switching to the returned
    /// stack pointer calls `entry(me, data)` with the stack aligned as the
    /// ABI wants, and a zero return address above it that ends backtraces.
    ///
    /// # Safety
    ///
    /// `top` must be the top of a writable stack with at least 64 bytes
    /// below it.
    #[inline(always)]
    pub(super) unsafe fn prepare(
        top: usize,
        entry: super::EntryFn,
        me: usize,
        data: *const (),
    ) -> usize {
        let top = top & !15;
        // From the new stack pointer up: rbx, rbp, the trampoline (popped
        // and jumped to), `data`, then a zero word; the trampoline's
        // `call` runs with rsp = top - 16, 16-byte aligned.
        let words: [usize; 5] = [
            me,
            entry as usize,
            trampoline as *const () as usize,
            data as usize,
            0,
        ];
        let sp = top - 16 - 3 * 8;
        // SAFETY: the five words lie in [top - 40, top), inside the stack.
        unsafe { std::ptr::copy_nonoverlapping(words.as_ptr(), sp as *mut usize, words.len()) };
        sp
    }
}

#[cfg(all(target_arch = "aarch64", not(windows)))]
mod native {
    //! AArch64 (AAPCS64, also Apple's). As on x86-64, the switch saves
    //! only what the compiler keeps for itself (x19 and the frame pointer
    //! x29) and declares every other register clobbered (x18, the
    //! platform's, is left alone); it is inlined where a fiber stops and
    //! resumes through an indirect branch, so it never touches the
    //! processor's return-address stack.

    pub(super) const AVAILABLE: bool = true;

    /// Saves where to resume, and the two registers the compiler keeps for
    /// itself (x19, the frame pointer x29), on the running stack, stores
    /// the stack pointer at `save`, loads `target` as the stack pointer and
    /// resumes what was saved there. Every other register is declared
    /// clobbered: the compiler saves around the switch only the values it
    /// still needs.
    ///
    /// # Safety
    ///
    /// `save` must be writable and `target` a stack pointer saved by this
    /// switch or laid out by [`prepare`], on a stack not running.
    #[inline(always)]
    pub(super) unsafe fn switch(save: *mut usize, target: usize) {
        // SAFETY: as on x86-64: x19 and x29 are saved here and restored by
        // the fiber that resumes this one, every other register is
        // declared clobbered, the block returns with this stack pointer,
        // and without `nostack` it may store below it (the compiler keeps
        // nothing in Apple's red zone).
        unsafe {
            core::arch::asm!(
                "sub sp, sp, #32",
                "adr x2, 2f",
                "stp x19, x29, [sp, #0]",
                "str x2, [sp, #16]",
                "mov x2, sp",
                "str x2, [x0]",
                "mov sp, x1",
                "ldp x19, x29, [sp, #0]",
                "ldr x2, [sp, #16]",
                "add sp, sp, #32",
                "br x2",
                "2:",
                in("x0") save,
                in("x1") target,
                out("x20") _,
                out("x21") _,
                out("x22") _,
                out("x23") _,
                out("x24") _,
                out("x25") _,
                out("x26") _,
                out("x27") _,
                out("x28") _,
                out("v8") _,
                out("v9") _,
                out("v10") _,
                out("v11") _,
                out("v12") _,
                out("v13") _,
                out("v14") _,
                out("v15") _,
                clobber_abi("C"),
            )
        }
    }

    /// Calls `x19(x29, data)` on a fresh stack, `data` the word at the
    /// stack pointer (with the frame pointer cleared, which ends
    /// backtraces), then goes on with the stack pointer it returns as
    /// [`switch`] would, saving nothing: the fiber has ended.
    #[unsafe(naked)]
    unsafe extern "C" fn trampoline() {
        core::arch::naked_asm!(
            "ldr x1, [sp]",
            "mov x0, x29",
            "mov x29, xzr",
            "blr x19",
            "mov sp, x0",
            "ldp x19, x29, [sp, #0]",
            "ldr x2, [sp, #16]",
            "add sp, sp, #32",
            "br x2",
        )
    }

    /// Lays out a fresh stack below `top` so that switching to the returned
    /// stack pointer calls `entry(me, data)` with a 16-byte aligned stack
    /// and a zero frame pointer, which ends backtraces.
    ///
    /// # Safety
    ///
    /// `top` must be the top of a writable stack with at least 48 bytes
    /// below it.
    #[inline(always)]
    pub(super) unsafe fn prepare(
        top: usize,
        entry: super::EntryFn,
        me: usize,
        data: *const (),
    ) -> usize {
        let top = top & !15;
        // x19, x29, where to resume, padding (what the switch restores),
        // then `data` and a zero word.
        let words: [usize; 6] = [
            entry as usize,
            me,
            trampoline as *const () as usize,
            0,
            data as usize,
            0,
        ];
        let sp = top - 48;
        // SAFETY: the six words lie in [top - 48, top), inside the stack.
        unsafe { std::ptr::copy_nonoverlapping(words.as_ptr(), sp as *mut usize, words.len()) };
        sp
    }
}

#[cfg(not(any(
    all(target_arch = "x86_64", not(windows)),
    all(target_arch = "aarch64", not(windows))
)))]
mod native {
    //! No native switch on this target: every CTA takes the portable backend.

    pub(super) const AVAILABLE: bool = false;

    pub(super) unsafe fn switch(_: *mut usize, _: usize) {
        unreachable!("the native backend is never chosen on this target")
    }

    pub(super) unsafe fn prepare(_: usize, _: super::EntryFn, _: usize, _: *const ()) -> usize {
        unreachable!("the native backend is never chosen on this target")
    }
}

/// Seeded bugs that the sanitizer builds must report, from inside lanes
/// that have switched stacks: `tools/gates/sanitizers/run.sh` runs each once
/// and fails unless the sanitizer names it. They fail by design, so they
/// are ignored, and they exist only in sanitizer builds.
#[cfg(all(test, any(ptx_sanitize = "address", ptx_sanitize = "thread")))]
mod seeded_bugs {
    use crate::statement::Prepared;
    use ptx_core::{Target, check_asm, lower};

    /// `bar.sync 0`: every lane of a CTA blocks, so each resumes on its
    /// fiber after a stack switch.
    fn barrier() -> Prepared {
        let checked = check_asm("bar.sync 0;", &[], Target::default()).unwrap();
        Prepared::new(&lower(&checked, &[]).unwrap())
    }

    #[cfg(ptx_sanitize = "address")]
    #[test]
    #[ignore = "a seeded bug: run.sh expects AddressSanitizer's heap-buffer-overflow"]
    fn heap_read_one_past_the_end_after_a_stack_switch() {
        let bar = barrier();
        let buffer = vec![0u8; 64];
        let base = buffer.as_ptr() as usize;
        crate::machine::Launch::new(1, 64)
            .run(|t| {
                bar.run(&mut bar.registers()).unwrap();
                // Lane 63 reads `buffer[64]`.
                let at = (base + t.tid[0] as usize + 1) as *const u8;
                // SAFETY: none for lane 63: the bug this test seeds.
                unsafe { at.read_volatile() }
            })
            .unwrap();
    }

    #[cfg(ptx_sanitize = "thread")]
    #[test]
    #[ignore = "a seeded bug: run.sh expects ThreadSanitizer's data race"]
    fn unsynchronised_write_from_two_ctas_on_worker_threads() {
        use std::sync::atomic::{AtomicU32, Ordering::Relaxed};
        let bar = barrier();
        let mut counter = 0u64;
        let counter_at = &raw mut counter as usize;
        let running = AtomicU32::new(0);
        crate::machine::Launch::new(2, 32)
            .workers(2)
            .run(|t| {
                bar.run(&mut bar.registers()).unwrap();
                if t.tid[0] == 0 {
                    // SAFETY: none: both CTAs write, unordered (relaxed
                    // atomics order nothing), the bug this test seeds.
                    unsafe { *(counter_at as *mut u64) += 1 };
                    // Both CTAs run at once, on two worker threads.
                    running.fetch_add(1, Relaxed);
                    while running.load(Relaxed) < 2 {
                        std::hint::spin_loop();
                    }
                }
            })
            .unwrap();
    }
}
