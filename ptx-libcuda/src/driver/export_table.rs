//! `cuGetExportTable`: the driver's undocumented tables of functions, by
//! UUID, through which NVIDIA's runtime reaches what the documented
//! driver API does not give it. A program built by nvcc links that
//! runtime statically (`libcudart_static.a`) and dlopens only
//! `libcuda.so.1`; CuPy does the same. Without these tables every runtime
//! call of such a program fails.
//!
//! A table is an array of pointer-sized words ([`Table`]); in most the
//! first word is the table's size in bytes, the others the addresses of
//! functions. What each known table and slot means comes from ZLUDA's
//! reverse engineering (github.com/vosen/ZLUDA, `dark_api/src/lib.rs`:
//! UUIDs, slot numbers, argument meanings). Which ones CUDA 13.0's static
//! runtime calls was found by running programs (a `<<<>>>` launch,
//! `tests/c/runtime.cu`, cuda-samples, CuPy) against tables whose every
//! slot said when it was called. At start-up it asks for
//! [`CUDART_INTERFACE`], [`TOOLS_RUNTIME_CALLBACK_HOOKS`], [`TOOLS_TLS`],
//! [`CONTEXT_LOCAL_STORAGE`], [`CONTEXT_CHECKS`] and [`INTEGRITY_CHECK`],
//! and calls:
//!
//! * `CUDART_INTERFACE[2]`: the primary context, not retained (the
//!   runtime then retains it with `cuDevicePrimaryCtxRetain`).
//! * `TOOLS_RUNTIME_CALLBACK_HOOKS[2]` and `[6]`: two buffers the
//!   runtime's tools support (profilers' callbacks) writes into; zeros
//!   mean no tool.
//! * `CONTEXT_CHECKS[3]` (answers 0) and `[2]` (a context's flags, none
//!   set).
//! * `INTEGRITY_CHECK[1]`, three times: a keyed hash the runtime verifies
//!   ([`crate::driver::integrity`]).
//! * `CONTEXT_LOCAL_STORAGE[0]`, `[1]`, `[2]`: a value per context and
//!   key (put, delete, get) around every call, with a destructor called
//!   when the context goes (`cuCtxDestroy`, `cuDevicePrimaryCtxReset`).
//!
//! Its code it loads with `cuLibraryLoadData` and runs with
//! `cuLibraryGetKernel` and `cuLaunchKernel`; the slots that load modules
//! from fat binaries (`CUDART_INTERFACE[1]`, `[6]`, `[8]`) and
//! `CTX_CREATE_BYPASS[1]` are served as documented all the same.
//!
//! Every other slot of a known table is `unserved`: it names itself on
//! stderr, once, and returns `CUDA_ERROR_NOT_SUPPORTED`. An unknown UUID
//! is `CUDA_ERROR_NOT_SUPPORTED`, named on stderr once: the runtime asks
//! for `f8cff951-2146-8b4e-b9e2-fb469e7c0dd9` first and does without it
//! (and under CuPy, for `da9151d3-3ae6-cc41-a5c0-4f26d533e328`).

use crate::driver::context::{create, retain_primary};
use crate::driver::error::{
    CUDA_ERROR_INVALID_HANDLE, CUDA_ERROR_NOT_SUPPORTED, CUDA_ERROR_UNKNOWN,
};
use crate::driver::init::{CUDA_VERSION, DEVICE_UUID, attribute, check_device};
use crate::driver::integrity::{self, DeviceFacts, Facts};
use crate::driver::module::load;
use crate::export::{Outcome, Status, driver_api, guard, input, out, status};
use crate::state::{Handle, State, StorageDestructor, Stored, state};
use std::cell::UnsafeCell;
use std::collections::HashSet;
use std::ffi::c_void;
use std::sync::Mutex;

/// A table as the runtime reads it: pointer-sized words.
#[repr(transparent)]
pub struct Table<const N: usize>([*const c_void; N]);

// SAFETY: a table is never written; its words are sizes and the
// addresses of functions, which any thread may read and call.
unsafe impl<const N: usize> Sync for Table<N> {}

impl<const N: usize> Table<N> {
    /// Its first word's address: what `cuGetExportTable` gives out.
    pub fn start(&'static self) -> *const c_void {
        self.0.as_ptr().cast()
    }

    /// Its word `index`.
    pub fn word(&self, index: usize) -> *const c_void {
        self.0[index]
    }
}

/// The first word of a table of `N` words: its size in bytes.
const fn size<const N: usize>() -> *const c_void {
    (N * size_of::<usize>()) as *const c_void
}

/// The UUID written `xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx` as the 16
/// bytes the runtime passes (in the order written).
const fn uuid(text: &str) -> [u8; 16] {
    let text = text.as_bytes();
    let mut bytes = [0u8; 16];
    let (mut i, mut digits) = (0, 0);
    while i < text.len() {
        let value = match text[i] {
            c @ b'0'..=b'9' => c - b'0',
            c @ b'a'..=b'f' => c - b'a' + 10,
            b'-' => {
                i += 1;
                continue;
            }
            _ => panic!("not a UUID"),
        };
        bytes[digits / 2] |= value << if digits % 2 == 0 { 4 } else { 0 };
        digits += 1;
        i += 1;
    }
    assert!(digits == 32, "not a UUID");
    bytes
}

/// Number of [`CUDART_INTERFACE`] among [`KNOWN`].
const T_CUDART: usize = 0;
/// Number of [`TOOLS_TLS`].
const T_TOOLS_TLS: usize = 1;
/// Number of [`TOOLS_RUNTIME_CALLBACK_HOOKS`].
const T_TOOLS_HOOKS: usize = 2;
/// Number of [`CONTEXT_LOCAL_STORAGE`].
const T_STORAGE: usize = 3;
/// Number of [`CTX_CREATE_BYPASS`].
const T_BYPASS: usize = 4;
/// Number of [`HEAP_ACCESS`].
const T_HEAP: usize = 5;
/// Number of [`DEVICE_EXTENDED_RT`].
const T_DEVICE_EXT: usize = 6;
/// Number of [`INTEGRITY_CHECK`].
const T_INTEGRITY: usize = 7;
/// Number of [`CONTEXT_CHECKS`].
const T_CHECKS: usize = 8;

/// The known tables: each one's name (as ZLUDA names it) and UUID.
const KNOWN: [(&str, [u8; 16]); 9] = [
    (
        "CUDART_INTERFACE",
        uuid("6bd5fb6c-5bf4-e74a-8987-d93912fd9df9"),
    ),
    ("TOOLS_TLS", uuid("42d85a81-23f6-cb47-8298-f6e78a3aecdc")),
    (
        "TOOLS_RUNTIME_CALLBACK_HOOKS",
        uuid("a094798c-2e74-2e74-93f2-0800200c0a66"),
    ),
    (
        "CONTEXT_LOCAL_STORAGE",
        uuid("c693336e-1121-df11-a8c3-68f355d89593"),
    ),
    (
        "CTX_CREATE_BYPASS",
        uuid("0ca50b8c-1004-929a-89a7-d0df10e77286"),
    ),
    ("HEAP_ACCESS", uuid("195bcbf4-d67d-024a-acc5-1d29cea631ae")),
    (
        "DEVICE_EXTENDED_RT",
        uuid("b10541e1-f7c7-c74a-9f64-f223be99f1e2"),
    ),
    (
        "INTEGRITY_CHECK",
        uuid("d4082055-bde6-704b-8d34-ba123c66e1f2"),
    ),
    (
        "CONTEXT_CHECKS",
        uuid("263e8860-7cd2-6143-92f6-bbd5006dfa7e"),
    ),
];

/// The table with UUID `id`, if known.
pub fn find(id: &[u8; 16]) -> Option<*const c_void> {
    let number = KNOWN.iter().position(|(_, uuid)| uuid == id)?;
    Some(match number {
        T_CUDART => CUDART_INTERFACE.start(),
        T_TOOLS_TLS => TOOLS_TLS.start(),
        T_TOOLS_HOOKS => TOOLS_RUNTIME_CALLBACK_HOOKS.start(),
        T_STORAGE => CONTEXT_LOCAL_STORAGE.start(),
        T_BYPASS => CTX_CREATE_BYPASS.start(),
        T_HEAP => HEAP_ACCESS.start(),
        T_DEVICE_EXT => DEVICE_EXTENDED_RT.start(),
        T_INTEGRITY => INTEGRITY_CHECK.start(),
        T_CHECKS => CONTEXT_CHECKS.start(),
        _ => return None,
    })
}

/// Says `what` on stderr, the first time only.
fn say_once(what: String) {
    static SAID: Mutex<Option<HashSet<String>>> = Mutex::new(None);
    let mut said = SAID.lock().unwrap_or_else(|e| e.into_inner());
    if said.get_or_insert_with(HashSet::new).insert(what.clone()) {
        eprintln!("ptx-libcuda: {what}");
    }
}

/// Slot `SLOT` of known table number `TABLE`, one this library does not
/// serve: names itself on stderr once and returns
/// `CUDA_ERROR_NOT_SUPPORTED`. Whatever its arguments, it leaves them
/// alone (the C calling convention lets a function ignore them).
extern "C" fn unserved<const TABLE: usize, const SLOT: usize>() -> Status {
    guard("cuGetExportTable's tables", CUDA_ERROR_UNKNOWN, || {
        say_once(format!(
            "{}[{SLOT}] of cuGetExportTable is not supported",
            KNOWN[TABLE].0
        ));
        CUDA_ERROR_NOT_SUPPORTED
    })
}

/// Defines slots as `extern "C"` functions (not exported by name): each
/// `fn` returns `CUresult`, its body an [`Outcome`] run under [`guard`]
/// in an `unsafe` block (its raw pointers are the runtime's).
macro_rules! slots {
    ($($(#[$doc:meta])* fn $name:ident($($arg:ident: $ty:ty),* $(,)?) $body:block)*) => {$(
        $(#[$doc])*
        ///
        /// # Safety
        /// Pointers must be valid as the runtime passes them.
        unsafe extern "C" fn $name($($arg: $ty),*) -> Status {
            status(guard(
                stringify!($name),
                Err(CUDA_ERROR_UNKNOWN),
                #[allow(unused_unsafe, clippy::macro_metavars_in_unsafe)]
                // SAFETY: the runtime's pointers, each checked for null
                // where it is read.
                || -> Outcome { unsafe { $body } },
            ))
        }
    )*};
}

// ---------------------------------------------------------------------
// CUDART_INTERFACE

/// The runtime's interface: modules from fat binaries, the primary
/// context.
pub static CUDART_INTERFACE: Table<13> = Table([
    size::<13>(),
    module_from_fatbin_wrapper as *const c_void,
    primary_context as *const c_void,
    unserved::<T_CUDART, 3> as *const c_void,
    unserved::<T_CUDART, 4> as *const c_void,
    unserved::<T_CUDART, 5> as *const c_void,
    module_from_fatbin_wrapper_with as *const c_void,
    unserved::<T_CUDART, 7> as *const c_void,
    module_from_fatbin_with as *const c_void,
    unserved::<T_CUDART, 9> as *const c_void,
    unserved::<T_CUDART, 10> as *const c_void,
    unserved::<T_CUDART, 11> as *const c_void,
    load_compilers as *const c_void,
]);

/// Says once that a slot was given arguments whose meaning is unknown
/// and which it ignores.
fn ignoring(slot: &str, extra: [usize; 3]) {
    if extra != [0; 3] {
        say_once(format!(
            "CUDART_INTERFACE[{slot}] ignores its unknown arguments {extra:x?}"
        ));
    }
}

slots! {
    /// `CUDART_INTERFACE[1]`: loads the fat binary whose wrapper
    /// (`__fatBinC_Wrapper_t`, magic 0x466243B1, the fat binary's address
    /// at offset 8) is at `wrapper`, as `cuModuleLoadFatBinary` does.
    fn module_from_fatbin_wrapper(module: *mut Handle, wrapper: *const c_void) {
        load(module, wrapper, State::ready)
    }

    /// `CUDART_INTERFACE[2]`: the device's primary context, made if need
    /// be but not retained (the runtime retains it with
    /// `cuDevicePrimaryCtxRetain`).
    fn primary_context(context: *mut Handle, device: i32) {
        let context = out(context)?;
        let mut state = state();
        state.initialized()?;
        check_device(device)?;
        *context = retain_primary(&mut state);
        state.primary.retained -= 1;
        Ok(())
    }

    /// `CUDART_INTERFACE[6]`: as `CUDART_INTERFACE[1]`, with three more
    /// arguments of unknown meaning (ignored; said once if not zero).
    fn module_from_fatbin_wrapper_with(module: *mut Handle, wrapper: *const c_void, a: usize, b: usize, c: u32) {
        ignoring("6", [a, b, c as usize]);
        load(module, wrapper, State::ready)
    }

    /// `CUDART_INTERFACE[8]`: loads the fat binary at `fatbin` (its
    /// header first), with three more arguments of unknown meaning.
    fn module_from_fatbin_with(fatbin: *const c_void, module: *mut Handle, a: usize, b: usize, c: u32) {
        ignoring("8", [a, b, c as usize]);
        load(module, fatbin, State::ready)
    }

    /// `CUDART_INTERFACE[12]`: loads the PTX compiler and friends on a
    /// GPU; nothing to load here.
    fn load_compilers() {
        Ok(())
    }
}

// ---------------------------------------------------------------------
// TOOLS_TLS, TOOLS_RUNTIME_CALLBACK_HOOKS

/// Tools' thread-local storage: asked for, no slot called.
pub static TOOLS_TLS: Table<4> = Table([
    size::<4>(),
    unserved::<T_TOOLS_TLS, 1> as *const c_void,
    unserved::<T_TOOLS_TLS, 2> as *const c_void,
    unserved::<T_TOOLS_TLS, 3> as *const c_void,
]);

/// Tools' callback hooks: two buffers.
pub static TOOLS_RUNTIME_CALLBACK_HOOKS: Table<7> = Table([
    size::<7>(),
    unserved::<T_TOOLS_HOOKS, 1> as *const c_void,
    tools_buffer_1 as *const c_void,
    unserved::<T_TOOLS_HOOKS, 3> as *const c_void,
    unserved::<T_TOOLS_HOOKS, 4> as *const c_void,
    unserved::<T_TOOLS_HOOKS, 5> as *const c_void,
    tools_buffer_2 as *const c_void,
]);

/// Memory the runtime's tools support may write into (`N` words;
/// nothing here reads it).
#[repr(C, align(16))]
struct ToolsBuffer<const N: usize>(UnsafeCell<[u32; N]>);

// SAFETY: only the runtime touches the buffer, through the address given
// out; this library never reads or writes it.
unsafe impl<const N: usize> Sync for ToolsBuffer<N> {}

/// The first buffer (1024 words, of which the runtime is told 1024).
static TOOLS_BUFFER_1: ToolsBuffer<1024> = ToolsBuffer(UnsafeCell::new([0; 1024]));

/// The second buffer (14 words, of which the runtime is told 14).
static TOOLS_BUFFER_2: ToolsBuffer<14> = ToolsBuffer(UnsafeCell::new([0; 14]));

/// Writes `buffer`'s address and length where asked (either may be
/// null).
///
/// # Safety
/// Non-null pointers must be writable.
unsafe fn give_buffer<const N: usize>(
    buffer: &'static ToolsBuffer<N>,
    address: *mut *mut c_void,
    size: *mut usize,
) {
    // SAFETY: the caller's out-parameters.
    unsafe {
        if let Some(address) = address.as_mut() {
            *address = buffer.0.get().cast();
        }
        if let Some(size) = size.as_mut() {
            *size = N;
        }
    }
}

/// `TOOLS_RUNTIME_CALLBACK_HOOKS[2]`: the first tools buffer, zeros.
///
/// # Safety
/// Non-null pointers must be writable.
unsafe extern "C" fn tools_buffer_1(address: *mut *mut c_void, size: *mut usize) {
    // SAFETY: the runtime's out-parameters.
    guard("tools_buffer_1", (), || unsafe {
        give_buffer(&TOOLS_BUFFER_1, address, size)
    })
}

/// `TOOLS_RUNTIME_CALLBACK_HOOKS[6]`: the second tools buffer, zeros.
///
/// # Safety
/// Non-null pointers must be writable.
unsafe extern "C" fn tools_buffer_2(address: *mut *mut c_void, size: *mut usize) {
    // SAFETY: the runtime's out-parameters.
    guard("tools_buffer_2", (), || unsafe {
        give_buffer(&TOOLS_BUFFER_2, address, size)
    })
}

// ---------------------------------------------------------------------
// CONTEXT_LOCAL_STORAGE

/// Context-local storage (no size word: its first word is a function).
pub static CONTEXT_LOCAL_STORAGE: Table<4> = Table([
    storage_put as *const c_void,
    storage_delete as *const c_void,
    storage_get as *const c_void,
    unserved::<T_STORAGE, 3> as *const c_void,
]);

/// `context`, or the current context for null; `CUDA_ERROR_INVALID_CONTEXT`
/// without one, `CUDA_ERROR_INVALID_HANDLE` for an unknown one.
fn context_or_current(state: &State, context: Handle) -> Result<Handle, Status> {
    if context == 0 {
        state.context()
    } else {
        state.initialized()?;
        state.contexts.get(context)?;
        Ok(context)
    }
}

slots! {
    /// `CONTEXT_LOCAL_STORAGE[0]`: stores `value` under `key` in
    /// `context` (null: the current one), replacing what was there;
    /// `destructor`, if any, is called with the context, key and value
    /// when the context goes.
    fn storage_put(context: Handle, key: usize, value: usize, destructor: Option<StorageDestructor>) {
        let mut state = state();
        let context = context_or_current(&state, context)?;
        state
            .contexts
            .get_mut(context)?
            .storage
            .insert(key, Stored { value, destructor });
        Ok(())
    }

    /// `CONTEXT_LOCAL_STORAGE[1]`: forgets `key` in `context` (null: the
    /// current one), without calling its destructor.
    fn storage_delete(context: Handle, key: usize) {
        let mut state = state();
        let context = context_or_current(&state, context)?;
        state.contexts.get_mut(context)?.storage.remove(&key);
        Ok(())
    }

    /// `CONTEXT_LOCAL_STORAGE[2]`: the value under `key` in `context`
    /// (null: the current one), or `CUDA_ERROR_INVALID_HANDLE` if none.
    fn storage_get(value: *mut usize, context: Handle, key: usize) {
        let value = out(value)?;
        let state = state();
        let context = context_or_current(&state, context)?;
        let stored = state.contexts.get(context)?.storage.get(&key);
        *value = stored.ok_or(CUDA_ERROR_INVALID_HANDLE)?.value;
        Ok(())
    }
}

// ---------------------------------------------------------------------
// CTX_CREATE_BYPASS, HEAP_ACCESS, DEVICE_EXTENDED_RT

/// Context creation bypassing tools' callbacks.
pub static CTX_CREATE_BYPASS: Table<2> = Table([size::<2>(), create_context as *const c_void]);

slots! {
    /// `CTX_CREATE_BYPASS[1]`: `cuCtxCreate_v2`.
    fn create_context(context: *mut Handle, flags: u32, device: i32) {
        create(context, flags, device)
    }
}

/// The driver's heap: not served.
pub static HEAP_ACCESS: Table<3> = Table([
    size::<3>(),
    unserved::<T_HEAP, 1> as *const c_void,
    unserved::<T_HEAP, 2> as *const c_void,
]);

/// More device attributes: not served.
pub static DEVICE_EXTENDED_RT: Table<26> = Table([
    size::<26>(),
    unserved::<T_DEVICE_EXT, 1> as *const c_void,
    unserved::<T_DEVICE_EXT, 2> as *const c_void,
    unserved::<T_DEVICE_EXT, 3> as *const c_void,
    unserved::<T_DEVICE_EXT, 4> as *const c_void,
    unserved::<T_DEVICE_EXT, 5> as *const c_void,
    unserved::<T_DEVICE_EXT, 6> as *const c_void,
    unserved::<T_DEVICE_EXT, 7> as *const c_void,
    unserved::<T_DEVICE_EXT, 8> as *const c_void,
    unserved::<T_DEVICE_EXT, 9> as *const c_void,
    unserved::<T_DEVICE_EXT, 10> as *const c_void,
    unserved::<T_DEVICE_EXT, 11> as *const c_void,
    unserved::<T_DEVICE_EXT, 12> as *const c_void,
    unserved::<T_DEVICE_EXT, 13> as *const c_void,
    unserved::<T_DEVICE_EXT, 14> as *const c_void,
    unserved::<T_DEVICE_EXT, 15> as *const c_void,
    unserved::<T_DEVICE_EXT, 16> as *const c_void,
    unserved::<T_DEVICE_EXT, 17> as *const c_void,
    unserved::<T_DEVICE_EXT, 18> as *const c_void,
    unserved::<T_DEVICE_EXT, 19> as *const c_void,
    unserved::<T_DEVICE_EXT, 20> as *const c_void,
    unserved::<T_DEVICE_EXT, 21> as *const c_void,
    unserved::<T_DEVICE_EXT, 22> as *const c_void,
    unserved::<T_DEVICE_EXT, 23> as *const c_void,
    unserved::<T_DEVICE_EXT, 24> as *const c_void,
    unserved::<T_DEVICE_EXT, 25> as *const c_void,
]);

// ---------------------------------------------------------------------
// INTEGRITY_CHECK, CONTEXT_CHECKS

/// The integrity check.
pub static INTEGRITY_CHECK: Table<3> = Table([
    size::<3>(),
    integrity_check as *const c_void,
    unserved::<T_INTEGRITY, 2> as *const c_void,
]);

unsafe extern "C" {
    /// The calling thread's `pthread_t` (libc).
    fn pthread_self() -> usize;
}

slots! {
    /// `INTEGRITY_CHECK[1]`: the hash of this process's and this
    /// driver's facts for `version` and `unix_seconds` (see
    /// [`crate::driver::integrity`]), which the runtime compares with
    /// its own.
    fn integrity_check(version: u32, unix_seconds: u64, result: *mut [u64; 2]) {
        let result = out(result)?;
        let facts = Facts {
            driver_version: CUDA_VERSION as u32,
            version,
            process: std::process::id(),
            // SAFETY: pthread_self has no preconditions.
            thread: unsafe { pthread_self() } as u32,
            cudart_table: CUDART_INTERFACE.start() as usize,
            integrity_table: INTEGRITY_CHECK.start() as usize,
            integrity_function: INTEGRITY_CHECK.word(1) as usize,
            unix_seconds,
        };
        let device = DeviceFacts {
            uuid: DEVICE_UUID,
            pci_domain: attribute(50)?,
            pci_bus: attribute(33)?,
            pci_device: attribute(34)?,
        };
        *result = integrity::answer(&facts, &[device]);
        Ok(())
    }

    /// `CONTEXT_CHECKS[2]`: flags of `context` the runtime checks:
    /// `flags` is 0 (none set); `other` is left as it is.
    fn context_check(context: Handle, flags: *mut u32, other: *mut *const c_void) {
        let _ = (context, other);
        *out(flags)? = 0;
        Ok(())
    }
}

/// `CONTEXT_CHECKS[3]`: a check that answers 0 (not a `CUresult`).
extern "C" fn check_answers_zero() -> u32 {
    0
}

/// Checks of contexts.
pub static CONTEXT_CHECKS: Table<4> = Table([
    size::<4>(),
    unserved::<T_CHECKS, 1> as *const c_void,
    context_check as *const c_void,
    check_answers_zero as *const c_void,
]);

driver_api! {
    /// `cuGetExportTable`: the table with UUID `id` ([`find`]), or
    /// `CUDA_ERROR_NOT_SUPPORTED` (and the UUID on stderr, once) for one
    /// this library does not know.
    fn cuGetExportTable(table: *mut *const c_void, id: *const [u8; 16]) {
        let table = out(table)?;
        *table = std::ptr::null();
        let id = input(id)?;
        match find(id) {
            Some(found) => {
                *table = found;
                Ok(())
            }
            None => {
                let hex: String = id.iter().map(|b| format!("{b:02x}")).collect();
                say_once(format!("cuGetExportTable({hex}) is not supported"));
                Err(CUDA_ERROR_NOT_SUPPORTED)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::driver::error::CUDA_ERROR_INVALID_VALUE;

    #[test]
    fn uuids_are_read_in_the_order_written() {
        assert_eq!(
            uuid("6bd5fb6c-5bf4-e74a-8987-d93912fd9df9"),
            [
                0x6b, 0xd5, 0xfb, 0x6c, 0x5b, 0xf4, 0xe7, 0x4a, 0x89, 0x87, 0xd9, 0x39, 0x12, 0xfd,
                0x9d, 0xf9
            ]
        );
    }

    #[test]
    fn each_known_table_is_found_and_sized() {
        for (_, id) in KNOWN {
            assert!(find(&id).is_some());
        }
        assert_eq!(CUDART_INTERFACE.word(0) as usize, 13 * 8);
        assert_eq!(DEVICE_EXTENDED_RT.word(0) as usize, 26 * 8);
        assert!(find(&[0; 16]).is_none());
    }

    #[test]
    fn an_unserved_slot_says_not_supported() {
        assert_eq!(unserved::<T_HEAP, 1>(), CUDA_ERROR_NOT_SUPPORTED);
    }

    #[test]
    fn a_null_table_pointer_or_uuid_is_invalid_value() {
        let mut table = std::ptr::null();
        // SAFETY: valid or null pointers.
        unsafe {
            assert_eq!(
                cuGetExportTable(std::ptr::null_mut(), &KNOWN[0].1),
                CUDA_ERROR_INVALID_VALUE
            );
            assert_eq!(
                cuGetExportTable(&mut table, std::ptr::null()),
                CUDA_ERROR_INVALID_VALUE
            );
            assert_eq!(cuGetExportTable(&mut table, &KNOWN[0].1), 0);
        }
        assert_eq!(table, CUDART_INTERFACE.start());
    }

    #[test]
    fn context_storage_keeps_a_value_per_key_until_its_context_goes() {
        use crate::driver::context::{cuCtxCreate_v2, cuCtxDestroy_v2};
        use crate::driver::init::cuInit;
        use std::sync::atomic::{AtomicUsize, Ordering};
        static DESTROYED: AtomicUsize = AtomicUsize::new(0);
        unsafe extern "C" fn destructor(_: Handle, key: usize, value: usize) {
            DESTROYED.store(key * 100 + value, Ordering::SeqCst);
        }
        let mut context = 0;
        let mut value = 0;
        // SAFETY: valid pointers throughout.
        unsafe {
            assert_eq!(cuInit(0), 0);
            assert_eq!(cuCtxCreate_v2(&mut context, 0, 0), 0);
            assert_eq!(
                storage_get(&mut value, context, 1),
                CUDA_ERROR_INVALID_HANDLE
            );
            assert_eq!(storage_put(context, 1, 7, Some(destructor)), 0);
            assert_eq!(storage_put(0, 2, 8, None), 0);
            assert_eq!(storage_get(&mut value, 0, 1), 0);
            assert_eq!(value, 7);
            assert_eq!(storage_get(&mut value, context, 2), 0);
            assert_eq!(value, 8);
            assert_eq!(storage_delete(context, 2), 0);
            assert_eq!(
                storage_get(&mut value, context, 2),
                CUDA_ERROR_INVALID_HANDLE
            );
            assert_eq!(
                storage_get(std::ptr::null_mut(), context, 1),
                CUDA_ERROR_INVALID_VALUE
            );
            assert_eq!(DESTROYED.load(Ordering::SeqCst), 0);
            assert_eq!(cuCtxDestroy_v2(context), 0);
            assert_eq!(storage_put(context, 1, 7, None), CUDA_ERROR_INVALID_HANDLE);
        }
        assert_eq!(DESTROYED.load(Ordering::SeqCst), 107);
    }
}
