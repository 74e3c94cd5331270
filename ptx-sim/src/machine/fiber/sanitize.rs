//! Telling AddressSanitizer and ThreadSanitizer about the native fibers'
//! stack switches, in builds with `--cfg ptx_sanitize="address"` or
//! `--cfg ptx_sanitize="thread"` (with the matching `-Zsanitizer`, see
//! `tools/gates/sanitizers/run.sh`). In every other build [`Switches`] is empty
//! and its hooks compile to nothing.
//!
//! * **AddressSanitizer** must know which stack runs: to tell a stack
//!   address from a heap one, and to unpoison the right range when a
//!   panic unwinds (`__asan_handle_no_return`). Each switch is bracketed
//!   by `__sanitizer_start_switch_fiber`, given the target stack's bounds,
//!   and `__sanitizer_finish_switch_fiber` on the side that resumes, which
//!   returns the bounds of the stack it came from: that is how the CTA
//!   thread's own stack ([`MAIN`](super::MAIN), which may itself be a fiber of an outer
//!   CTA) becomes known, on the first switch away from it.
//! * **ThreadSanitizer** keeps a call stack and a vector clock per fiber:
//!   each fiber is `__tsan_create_fiber`d when spawned, switched to with
//!   `__tsan_switch_to_fiber` (synchronising: everything before a switch
//!   happens before everything after it, as on one thread) and destroyed
//!   with the fibers.
//!
//! Portable fibers are corosensei's, which annotates its own switches for
//! AddressSanitizer (its `sanitizer` feature, turned on by ptx-sim's
//! Cargo.toml under the same cfg). Under ThreadSanitizer they are not
//! annotated and run as the CTA thread: sound, since they never run at
//! once, only reported call stacks would mix lanes. (Annotating them would
//! need the switch inside corosensei: a switch made before `resume`
//! leaves ThreadSanitizer's per-fiber call stacks unbalanced by
//! corosensei's own frames.)

use super::FiberId;

#[cfg(any(ptx_sanitize = "address", ptx_sanitize = "thread"))]
pub(super) use annotated::Switches;
#[cfg(not(any(ptx_sanitize = "address", ptx_sanitize = "thread")))]
pub(super) use plain::Switches;

/// What a switch leaves for the side that resumes: AddressSanitizer's
/// fake stack of the fiber that switched away.
#[derive(Clone, Copy)]
pub(super) struct Pending(#[allow(dead_code)] *mut core::ffi::c_void);

#[cfg(not(any(ptx_sanitize = "address", ptx_sanitize = "thread")))]
mod plain {
    use super::{FiberId, Pending};

    /// No sanitizer: nothing to tell.
    pub(in super::super) struct Switches;

    impl Switches {
        #[inline(always)]
        pub(in super::super) fn new() -> Switches {
            Switches
        }
        #[inline(always)]
        pub(in super::super) fn spawned(&self, _: FiberId, _: (usize, usize)) {}
        #[inline(always)]
        pub(in super::super) fn before(&self, _: FiberId, _: FiberId) -> Pending {
            Pending(core::ptr::null_mut())
        }
        #[inline(always)]
        pub(in super::super) fn after(&self, _: Pending) {}
        #[inline(always)]
        pub(in super::super) fn entered() -> *const Switches {
            core::ptr::null()
        }
        #[inline(always)]
        pub(in super::super) unsafe fn leaving(_: *const Switches, _: FiberId, _: FiberId) {}
    }
}

#[cfg(any(ptx_sanitize = "address", ptx_sanitize = "thread"))]
mod annotated {
    use super::super::MAIN;
    use super::{FiberId, Pending};
    #[cfg(ptx_sanitize = "thread")]
    use core::ffi::c_uint;
    use core::ffi::c_void;
    use std::cell::{Cell, RefCell};

    #[cfg(ptx_sanitize = "address")]
    unsafe extern "C" {
        fn __sanitizer_start_switch_fiber(
            fake_stack_save: *mut *mut c_void,
            bottom: *const c_void,
            size: usize,
        );
        fn __sanitizer_finish_switch_fiber(
            fake_stack_save: *mut c_void,
            bottom_old: *mut *const c_void,
            size_old: *mut usize,
        );
        fn __asan_unpoison_memory_region(addr: *const c_void, size: usize);
    }

    #[cfg(ptx_sanitize = "thread")]
    unsafe extern "C" {
        fn __tsan_get_current_fiber() -> *mut c_void;
        fn __tsan_create_fiber(flags: c_uint) -> *mut c_void;
        fn __tsan_destroy_fiber(fiber: *mut c_void);
        fn __tsan_switch_to_fiber(fiber: *mut c_void, flags: c_uint);
        fn __tsan_func_entry(call_pc: *mut c_void);
    }

    thread_local! {
        /// The fibers whose switch runs now, for a native fiber's first
        /// frame (which is given only its entry's closure).
        static ACTIVE: Cell<*const Switches> = const { Cell::new(core::ptr::null()) };
    }

    /// What the sanitizer is told of one fiber ([`MAIN`] included).
    #[derive(Clone, Copy)]
    struct Track {
        /// The stack's lowest address and its size (for [`MAIN`], learned
        /// on the first switch away from it).
        bottom: usize,
        size: usize,
        /// Whether the fiber has returned from its entry.
        ended: bool,
        /// ThreadSanitizer's state of the fiber.
        #[cfg(ptx_sanitize = "thread")]
        tsan: *mut c_void,
    }

    /// The sanitizer's view of one CTA's native fibers.
    pub(in super::super) struct Switches {
        /// [`MAIN`]'s track, then fiber `f`'s at `f + 1`.
        tracks: RefCell<Vec<Track>>,
        /// The fiber that switched last, for the side that resumes.
        from: Cell<FiberId>,
    }

    impl Switches {
        pub(in super::super) fn new() -> Switches {
            Switches {
                tracks: RefCell::new(vec![Track {
                    bottom: 0,
                    size: 0,
                    ended: false,
                    // SAFETY: asks the runtime for the running fiber's state.
                    #[cfg(ptx_sanitize = "thread")]
                    tsan: unsafe { __tsan_get_current_fiber() },
                }]),
                from: Cell::new(MAIN),
            }
        }

        /// Fiber `me` was laid out on the stack `(bottom, size)`.
        pub(in super::super) fn spawned(&self, me: FiberId, (bottom, size): (usize, usize)) {
            let mut tracks = self.tracks.borrow_mut();
            let at = me + 1;
            if tracks.len() <= at {
                tracks.resize(
                    at + 1,
                    Track {
                        bottom: 0,
                        size: 0,
                        ended: false,
                        #[cfg(ptx_sanitize = "thread")]
                        tsan: core::ptr::null_mut(),
                    },
                );
            }
            let track = &mut tracks[at];
            track.bottom = bottom;
            track.size = size;
            track.ended = false;
            #[cfg(ptx_sanitize = "thread")]
            if track.tsan.is_null() {
                // SAFETY: creates a state, destroyed in `drop`.
                track.tsan = unsafe { __tsan_create_fiber(0) };
            }
        }

        fn track(&self, fiber: FiberId) -> Track {
            self.tracks.borrow()[fiber.wrapping_add(1)]
        }

        /// Fiber `from`, running, is about to switch to `to`.
        #[inline(always)]
        pub(in super::super) fn before(&self, from: FiberId, to: FiberId) -> Pending {
            ACTIVE.set(self);
            self.from.set(from);
            let target = self.track(to);
            #[allow(unused_mut)]
            let mut fake = core::ptr::null_mut();
            // SAFETY: `target` holds the bounds of the stack switched to
            // (for MAIN, learned when it was left: it is left before it is
            // ever switched to).
            #[cfg(ptx_sanitize = "address")]
            unsafe {
                __sanitizer_start_switch_fiber(
                    &mut fake,
                    target.bottom as *const c_void,
                    target.size,
                )
            };
            // SAFETY: a state made by `spawned`, or MAIN's.
            #[cfg(ptx_sanitize = "thread")]
            unsafe {
                __tsan_switch_to_fiber(target.tsan, 0)
            };
            Pending(fake)
        }

        /// The fiber that switched with `pending` runs again.
        #[inline(always)]
        pub(in super::super) fn after(&self, pending: Pending) {
            ACTIVE.set(self);
            self.resumed(pending.0);
        }

        /// Tells AddressSanitizer that the switch is done, and keeps the
        /// bounds of the stack left (MAIN's become known this way).
        fn resumed(&self, fake: *mut c_void) {
            #[cfg(ptx_sanitize = "address")]
            {
                let mut bottom = core::ptr::null();
                let mut size = 0;
                // SAFETY: `fake` is what `before` saved on this stack (or
                // null for a fiber's first run).
                unsafe { __sanitizer_finish_switch_fiber(fake, &mut bottom, &mut size) };
                let mut tracks = self.tracks.borrow_mut();
                let left = &mut tracks[self.from.get().wrapping_add(1)];
                left.bottom = bottom as usize;
                left.size = size;
            }
            let _ = fake;
        }

        /// A native fiber's first frame: the fibers it belongs to (those
        /// whose switch started it), told that it runs.
        pub(in super::super) fn entered() -> *const Switches {
            let switches = ACTIVE.get();
            // SAFETY: set by the `before` that switched here, on the
            // fibers that spawned this one, which outlive it.
            unsafe { &*switches }.resumed(core::ptr::null_mut());
            switches
        }

        /// Native fiber `me`, whose entry has returned, switches to `to`
        /// for good; its frames return to the trampoline, which switches.
        ///
        /// # Safety
        ///
        /// `switches` must be what [`Switches::entered`] returned on this
        /// fiber, and this the last call before the fiber's first frame
        /// returns.
        #[inline(always)]
        pub(in super::super) unsafe fn leaving(
            switches: *const Switches,
            me: FiberId,
            to: FiberId,
        ) {
            // SAFETY: the fibers outlive their fibers (this function's
            // promise).
            let this = unsafe { &*switches };
            ACTIVE.set(this);
            this.from.set(me);
            this.tracks.borrow_mut()[me + 1].ended = true;
            let target = this.track(to);
            // SAFETY: null: this fiber's fake stack dies with it.
            #[cfg(ptx_sanitize = "address")]
            unsafe {
                __sanitizer_start_switch_fiber(
                    core::ptr::null_mut(),
                    target.bottom as *const c_void,
                    target.size,
                )
            };
            // The return from the first frame runs as the target fiber
            // (its `__tsan_func_exit`): a matching entry keeps the target's
            // call stack in step.
            // SAFETY: a state made by `spawned`, or MAIN's.
            #[cfg(ptx_sanitize = "thread")]
            unsafe {
                __tsan_switch_to_fiber(target.tsan, 0);
                __tsan_func_entry(core::ptr::null_mut());
            }
            let _ = target;
        }
    }

    impl Drop for Switches {
        fn drop(&mut self) {
            for track in &self.tracks.get_mut()[1..] {
                // A fiber abandoned mid-run (after a scheduler panic) left
                // its frames' redzones poisoned on a stack that is pooled.
                #[cfg(ptx_sanitize = "address")]
                if !track.ended && track.size > 0 {
                    // SAFETY: the fiber's stack, mapped and not running.
                    unsafe {
                        __asan_unpoison_memory_region(track.bottom as *const c_void, track.size)
                    };
                }
                // SAFETY: made by `spawned`, not running (the fibers are
                // dropped on MAIN).
                #[cfg(ptx_sanitize = "thread")]
                if !track.tsan.is_null() {
                    unsafe { __tsan_destroy_fiber(track.tsan) };
                }
                let _ = track;
            }
        }
    }
}
