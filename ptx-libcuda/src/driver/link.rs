//! The JIT linker (`cuLinkCreate`, `cuLinkAddData`, `cuLinkAddFile`,
//! `cuLinkComplete`, `cuLinkDestroy`), for PTX: what Numba (through
//! `cuda.core`'s driver linker) and other JIT clients call.
//!
//! A GPU's linker compiles each PTX input to SASS and links the SASS into
//! a cubin. The simulator runs PTX, so here the inputs are joined into
//! one PTX module ([`join`]) and `cuLinkComplete` hands out its text,
//! NUL-terminated, as the "cubin": `cuModuleLoadData` takes PTX text, so
//! the client loads what it was given as it would a cubin. Each input is
//! checked as it is added, as the driver compiles it then: bad PTX is
//! `CUDA_ERROR_INVALID_PTX` with ptxas's kind of message, on stderr and
//! in the error log buffer the client passed to `cuLinkCreate`. A cubin,
//! an object or a library (SASS) is `CUDA_ERROR_NO_BINARY_FOR_GPU`; a
//! fat binary gives its PTX.

use crate::driver::error::{
    CUDA_ERROR_INVALID_PTX, CUDA_ERROR_INVALID_VALUE, CUDA_ERROR_NO_BINARY_FOR_GPU,
};
use crate::driver::module::{fatbin_at, ptx_of_fatbin};
use crate::export::{Outcome, Status, driver_api, out, text};
use crate::state::{Handle, Table};
use ptx_sim::kernel::Module;
use std::ffi::{c_char, c_void};
use std::sync::{LazyLock, Mutex, MutexGuard};

/// `CU_JIT_INFO_LOG_BUFFER`, `..._SIZE_BYTES`, `CU_JIT_ERROR_LOG_BUFFER`,
/// `..._SIZE_BYTES`: the options whose buffers the linker writes to.
const INFO_LOG_BUFFER: u32 = 3;
const INFO_LOG_BUFFER_SIZE_BYTES: u32 = 4;
const ERROR_LOG_BUFFER: u32 = 5;
const ERROR_LOG_BUFFER_SIZE_BYTES: u32 = 6;

/// `CUjitInputType`.
const INPUT_CUBIN: u32 = 0;
const INPUT_PTX: u32 = 1;
const INPUT_FATBINARY: u32 = 2;
const INPUT_OBJECT: u32 = 3;
const INPUT_LIBRARY: u32 = 4;
const INPUT_NVVM: u32 = 5;

/// A link in progress (`CUlinkState`).
#[derive(Default)]
pub struct Link {
    /// The PTX inputs so far, each with its name.
    inputs: Vec<(String, String)>,
    /// The client's error log buffer and its size (`cuLinkCreate`'s
    /// options), as an address.
    error_log: Option<(usize, usize)>,
    /// The client's info log buffer and its size.
    info_log: Option<(usize, usize)>,
    /// The joined module's text, NUL-terminated, once complete: the
    /// client reads it until `cuLinkDestroy`.
    output: Option<Vec<u8>>,
}

impl Link {
    /// Says `message` on stderr and in the client's error log.
    fn fail(&self, message: &str, code: Status) -> Status {
        eprintln!("ptx-libcuda: {message}");
        if let Some((buffer, size)) = self.error_log {
            // SAFETY: cuLinkCreate's caller gave a buffer of `size` bytes
            // for the link's lifetime.
            unsafe { write_log(buffer as *mut c_char, size, message) };
        }
        code
    }
}

/// Writes `message` into the `size`-byte buffer at `buffer`, cut to fit
/// and NUL-terminated.
///
/// # Safety
/// `buffer` must be null or valid for writes of `size` bytes.
unsafe fn write_log(buffer: *mut c_char, size: usize, message: &str) {
    if buffer.is_null() || size == 0 {
        return;
    }
    let len = message.len().min(size - 1);
    // SAFETY: `len + 1 <= size` bytes of the caller's buffer.
    unsafe {
        std::ptr::copy_nonoverlapping(message.as_ptr().cast(), buffer, len);
        *buffer.add(len) = 0;
    }
}

/// The links in progress.
fn links() -> MutexGuard<'static, Table<Link>> {
    static LINKS: LazyLock<Mutex<Table<Link>>> = LazyLock::new(Default::default);
    LINKS.lock().unwrap_or_else(|e| e.into_inner())
}

/// A new link with the log buffers among `options`.
///
/// # Safety
/// `options` and `values` must each hold `count` entries (or be null when
/// `count` is 0).
unsafe fn create(
    count: u32,
    options: *const u32,
    values: *const *mut c_void,
) -> Result<Link, Status> {
    let mut link = Link::default();
    if count == 0 {
        return Ok(link);
    }
    if options.is_null() || values.is_null() {
        return Err(CUDA_ERROR_INVALID_VALUE);
    }
    // SAFETY: the caller's arrays of `count` entries.
    let (options, values) = unsafe {
        (
            std::slice::from_raw_parts(options, count as usize),
            std::slice::from_raw_parts(values, count as usize),
        )
    };
    let value = |option: u32| {
        options
            .iter()
            .position(|&o| o == option)
            .map(|i| values[i] as usize)
    };
    // A size option's value is the number itself, in the pointer's place.
    if let (Some(buffer), Some(size)) =
        (value(ERROR_LOG_BUFFER), value(ERROR_LOG_BUFFER_SIZE_BYTES))
    {
        link.error_log = Some((buffer, size));
    }
    if let (Some(buffer), Some(size)) = (value(INFO_LOG_BUFFER), value(INFO_LOG_BUFFER_SIZE_BYTES))
    {
        link.info_log = Some((buffer, size));
    }
    Ok(link)
}

/// Adds input `bytes` of kind `kind`, named `name`, to `link`.
fn add(link: &mut Link, kind: u32, bytes: &[u8], name: &str) -> Outcome {
    let ptx = match kind {
        INPUT_PTX => {
            let end = bytes.iter().position(|&b| b == 0).unwrap_or(bytes.len());
            std::str::from_utf8(&bytes[..end])
                .map_err(|_| {
                    link.fail(
                        &format!("{name}: the PTX text is not UTF-8"),
                        CUDA_ERROR_INVALID_PTX,
                    )
                })?
                .to_string()
        }
        INPUT_FATBINARY => {
            if bytes.len() < 16 {
                return Err(link.fail(
                    &format!("{name}: not a fat binary"),
                    CUDA_ERROR_INVALID_VALUE,
                ));
            }
            // SAFETY: at least the 16-byte header is there; fatbin_at
            // reads the length it gives, which must lie within the input.
            let blob = unsafe { fatbin_at(bytes.as_ptr()) }?;
            if blob.len() > bytes.len() {
                return Err(link.fail(
                    &format!("{name}: the fat binary is cut short"),
                    CUDA_ERROR_INVALID_VALUE,
                ));
            }
            ptx_of_fatbin(blob)?
        }
        INPUT_CUBIN | INPUT_OBJECT | INPUT_LIBRARY => {
            return Err(link.fail(
                &format!(
                    "{name}: a cubin, object or library is SASS, which the simulator cannot run; link PTX (build with `-gencode arch=compute_90,code=compute_90`)"
                ),
                CUDA_ERROR_NO_BINARY_FOR_GPU,
            ));
        }
        INPUT_NVVM => {
            return Err(link.fail(
                &format!("{name}: NVVM IR is not linked here; compile it to PTX first (libNVVM)"),
                CUDA_ERROR_NO_BINARY_FOR_GPU,
            ));
        }
        _ => return Err(CUDA_ERROR_INVALID_VALUE),
    };
    // Checked now, as the driver compiles each input as it is added.
    Module::from_ptx(&ptx)
        .map_err(|e| link.fail(&format!("{name}: {e}"), CUDA_ERROR_INVALID_PTX))?;
    link.inputs.push((name.to_string(), ptx));
    Ok(())
}

/// Joins PTX modules into one: the highest `.version` of them, the first
/// one's `.target` and `.address_size`, then every module's body in order,
/// less its own header; an `.extern` declaration of a name another input
/// defines (what linking resolves) becomes a `.visible` prototype of that
/// definition.
pub fn join(inputs: &[String]) -> String {
    if let [one] = inputs {
        return one.clone();
    }
    let split: Vec<Vec<Item<'_>>> = inputs.iter().map(|t| top_level(t)).collect();
    let defined: Vec<&str> = split
        .iter()
        .flatten()
        .filter(|item| item.body && !item.text.trim_start().starts_with(".extern"))
        .filter_map(|item| declared_name(item.text))
        .collect();
    let header = |directive: &str| {
        split
            .iter()
            .flatten()
            .filter(|i| i.text.trim_start().starts_with(directive))
            .map(|i| i.text.trim())
            .collect::<Vec<_>>()
    };
    let version = header(".version")
        .into_iter()
        .max_by_key(|v| {
            let number = v.trim_start_matches(".version").trim();
            let (major, minor) = number.split_once('.').unwrap_or((number, "0"));
            (
                major.parse::<u32>().unwrap_or(0),
                minor.parse::<u32>().unwrap_or(0),
            )
        })
        .unwrap_or(".version 8.0");
    let mut out = format!("{version}\n");
    for directive in [".target", ".address_size"] {
        if let Some(first) = header(directive).first() {
            out.push_str(first);
            out.push('\n');
        }
    }
    for items in &split {
        for item in items {
            let head = item.text.trim_start();
            let is_header = [".version", ".target", ".address_size"]
                .iter()
                .any(|d| head.starts_with(d));
            let resolved = head.starts_with(".extern")
                && !item.body
                && declared_name(item.text).is_some_and(|n| defined.contains(&n));
            if is_header {
                continue;
            }
            if resolved {
                // A prototype of the definition another input brings, so
                // that calls before the definition still resolve.
                out.push_str(&item.text.replacen(".extern", ".visible", 1));
            } else {
                out.push_str(item.text);
            }
            out.push('\n');
        }
    }
    out
}

/// A top-level statement of a PTX module: a directive ending in `;`, or a
/// declaration with its `{ ... }` body.
struct Item<'a> {
    text: &'a str,
    body: bool,
}

/// `text`'s top-level statements, comments kept with the statement after
/// them.
fn top_level(text: &str) -> Vec<Item<'_>> {
    let bytes = text.as_bytes();
    let mut items = Vec::new();
    let (mut start, mut depth, mut body, mut i) = (0, 0usize, false, 0);
    while i < bytes.len() {
        match bytes[i] {
            b'/' if bytes.get(i + 1) == Some(&b'/') => {
                i = text[i..].find('\n').map_or(bytes.len(), |n| i + n);
                continue;
            }
            b'/' if bytes.get(i + 1) == Some(&b'*') => {
                i = text[i + 2..].find("*/").map_or(bytes.len(), |n| i + n + 4);
                continue;
            }
            b'"' => {
                i = text[i + 1..].find('"').map_or(bytes.len(), |n| i + n + 2);
                continue;
            }
            b'{' => {
                depth += 1;
                body = true;
            }
            b'}' => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    items.push(Item {
                        text: &text[start..=i],
                        body,
                    });
                    (start, body) = (i + 1, false);
                }
            }
            b';' if depth == 0 => {
                items.push(Item {
                    text: &text[start..=i],
                    body: false,
                });
                start = i + 1;
            }
            // A header directive ends at its line's end, without `;`.
            b'\n' if depth == 0 => {
                let line = text[start..i].trim();
                let header = [".version", ".target", ".address_size"].iter().any(|d| {
                    line.lines()
                        .last()
                        .is_some_and(|l| l.trim_start().starts_with(d))
                });
                if header {
                    items.push(Item {
                        text: &text[start..i],
                        body: false,
                    });
                    start = i + 1;
                }
            }
            _ => {}
        }
        i += 1;
    }
    if !text[start..].trim().is_empty() {
        items.push(Item {
            text: &text[start..],
            body: false,
        });
    }
    items
}

/// The name a `.func`, `.entry` or variable declaration declares: the
/// identifier before the parameter list, the array bracket, the
/// initialiser or the end.
fn declared_name(statement: &str) -> Option<&str> {
    // Comments before the statement are not part of it.
    let code = statement
        .lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join(" ");
    let is_function = code.contains(".func") || code.contains(".entry");
    let head = if is_function {
        // `.func (.param .b32 r) name (params)`: skip a return list.
        let after = code
            .split(".func")
            .nth(1)
            .or_else(|| code.split(".entry").nth(1))?;
        let after = after.trim_start();
        let after = if after.starts_with('(') {
            &after[after.find(')')? + 1..]
        } else {
            after
        };
        after.split(['(', '{', ';']).next()?.trim().to_string()
    } else {
        code.split(['[', '=', ';', '{'])
            .next()?
            .split_whitespace()
            .last()?
            .to_string()
    };
    let name = head.split_whitespace().last()?;
    // Borrow it from the statement itself.
    let at = statement.find(name)?;
    Some(&statement[at..at + name.len()])
}

driver_api! {
    /// `cuLinkCreate_v2`: a link, writing errors to the log buffers among
    /// `options` (`CU_JIT_ERROR_LOG_BUFFER`, `CU_JIT_INFO_LOG_BUFFER` and
    /// their sizes); the other options are taken and do nothing here.
    fn cuLinkCreate_v2(count: u32, options: *const u32, values: *const *mut c_void, state: *mut Handle) {
        let state = out(state)?;
        let link = create(count, options, values)?;
        *state = links().insert(link);
        Ok(())
    }

    /// `cuLinkCreate`: the same as `cuLinkCreate_v2`.
    fn cuLinkCreate(count: u32, options: *const u32, values: *const *mut c_void, state: *mut Handle) {
        crate::export::outcome(cuLinkCreate_v2(count, options, values, state))
    }

    /// `cuLinkAddData_v2`: adds `size` bytes at `data` of kind `kind`
    /// (PTX, or a fat binary's PTX) to the link; the per-input options
    /// do nothing here.
    fn cuLinkAddData_v2(state: Handle, kind: u32, data: *const c_void, size: usize, name: *const c_char, count: u32, options: *const u32, values: *const *mut c_void) {
        let _ = (count, options, values);
        if data.is_null() || size == 0 {
            return Err(CUDA_ERROR_INVALID_VALUE);
        }
        let name = if name.is_null() { "<input>" } else { text(name)? };
        // SAFETY: the caller's `size` bytes.
        let bytes = std::slice::from_raw_parts(data.cast::<u8>(), size);
        let mut links = links();
        add(links.get_mut(state)?, kind, bytes, name)
    }

    /// `cuLinkAddData`: the same as `cuLinkAddData_v2`.
    fn cuLinkAddData(state: Handle, kind: u32, data: *const c_void, size: usize, name: *const c_char, count: u32, options: *const u32, values: *const *mut c_void) {
        crate::export::outcome(cuLinkAddData_v2(state, kind, data, size, name, count, options, values))
    }

    /// `cuLinkAddFile_v2`: adds the file at `path` as `cuLinkAddData_v2`
    /// adds bytes (`CUDA_ERROR_FILE_NOT_FOUND` if it cannot be read).
    fn cuLinkAddFile_v2(state: Handle, kind: u32, path: *const c_char, count: u32, options: *const u32, values: *const *mut c_void) {
        let _ = (count, options, values);
        let path = text(path)?;
        let bytes = std::fs::read(path).map_err(|e| {
            eprintln!("ptx-libcuda: cannot read {path}: {e}");
            crate::driver::error::CUDA_ERROR_FILE_NOT_FOUND
        })?;
        let mut links = links();
        add(links.get_mut(state)?, kind, &bytes, path)
    }

    /// `cuLinkAddFile`: the same as `cuLinkAddFile_v2`.
    fn cuLinkAddFile(state: Handle, kind: u32, path: *const c_char, count: u32, options: *const u32, values: *const *mut c_void) {
        crate::export::outcome(cuLinkAddFile_v2(state, kind, path, count, options, values))
    }

    /// `cuLinkComplete`: the inputs joined into one PTX module
    /// ([`join`]), checked, and handed out as the image to load (PTX
    /// text, NUL-terminated; it lives until `cuLinkDestroy`).
    fn cuLinkComplete(state: Handle, image: *mut *const c_void, size: *mut usize) {
        let image = out(image)?;
        let size = out(size)?;
        let mut links = links();
        let link = links.get_mut(state)?;
        if link.inputs.is_empty() {
            return Err(link.fail("cuLinkComplete: nothing was added to the link", CUDA_ERROR_INVALID_VALUE));
        }
        let texts: Vec<String> = link.inputs.iter().map(|(_, t)| t.clone()).collect();
        let joined = join(&texts);
        if let Err(e) = Module::from_ptx(&joined) {
            let names: Vec<&str> = link.inputs.iter().map(|(n, _)| n.as_str()).collect();
            return Err(link.fail(&format!("linking {} does not load: {e}", names.join(", ")), CUDA_ERROR_INVALID_PTX));
        }
        if let Some((buffer, len)) = link.info_log {
            let message = format!("ptx-libcuda: linked {} PTX input(s) into one module", link.inputs.len());
            // SAFETY: cuLinkCreate's caller gave a buffer of `len` bytes.
            write_log(buffer as *mut c_char, len, &message);
        }
        let mut bytes = joined.into_bytes();
        bytes.push(0);
        *size = bytes.len();
        *image = link.output.insert(bytes).as_ptr().cast();
        Ok(())
    }

    /// `cuLinkDestroy`: forgets the link and the image it handed out.
    fn cuLinkDestroy(state: Handle) {
        links().remove(state).map(drop)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const LIBRARY: &str = ".version 8.0\n.target sm_90\n.address_size 64\n\n// doubles x\n.visible .func (.param .b32 r) twice(.param .b32 x)\n{\n    .reg .b32 %r<2>;\n    ld.param.b32 %r1, [x];\n    add.s32 %r1, %r1, %r1;\n    st.param.b32 [r], %r1;\n    ret;\n}\n";

    const KERNEL: &str = ".version 8.5\n.target sm_90\n.address_size 64\n\n.extern .func (.param .b32 r) twice\n(\n    .param .b32 x\n)\n;\n\n.visible .entry k(.param .u64 out)\n{\n    .reg .b32 %r<2>;\n    .reg .b64 %rd<2>;\n    ld.param.u64 %rd1, [out];\n    mov.b32 %r1, 21;\n    {\n    .param .b32 a;\n    .param .b32 b;\n    st.param.b32 [a], %r1;\n    call.uni (b), twice, (a);\n    ld.param.b32 %r1, [b];\n    }\n    st.global.b32 [%rd1], %r1;\n    ret;\n}\n";

    #[test]
    fn one_input_is_itself() {
        assert_eq!(join(&[KERNEL.to_string()]), KERNEL);
    }

    #[test]
    fn a_call_across_inputs_is_resolved_and_runs() {
        let joined = join(&[KERNEL.to_string(), LIBRARY.to_string()]);
        // The higher version, one header, the extern declaration resolved.
        assert!(joined.starts_with(".version 8.5\n.target sm_90\n.address_size 64\n"));
        assert_eq!(joined.matches(".version").count(), 1);
        assert!(!joined.contains(".extern"));
        assert!(joined.contains(".visible .func (.param .b32 r) twice\n("));
        let module = Module::from_ptx(&joined).expect("the joined module loads");
        let mut launch = module.kernel("k").expect("k");
        let out = launch.zeroed::<u32>(1);
        launch.grid(1).block(1).arg(out);
        let report = launch.run().expect("runs");
        // twice(21) is 42.
        assert_eq!(report.read::<u32>(out), [42]);
    }

    #[test]
    fn an_extern_nobody_defines_stays_and_the_join_fails_to_load() {
        let joined = join(&[KERNEL.to_string(), KERNEL.replace(".entry k", ".entry k2")]);
        assert!(joined.contains(".extern .func"));
        assert!(Module::from_ptx(&joined).is_err());
    }

    #[test]
    fn names_are_found_in_declarations() {
        assert_eq!(
            declared_name(".visible .func (.param .b32 r) twice(.param .b32 x)\n{}"),
            Some("twice")
        );
        assert_eq!(
            declared_name(".extern .func (.param .b32 r) twice\n(\n.param .b32 x\n)\n;"),
            Some("twice")
        );
        assert_eq!(
            declared_name(".visible .entry k(.param .u64 out) {}"),
            Some("k")
        );
        assert_eq!(
            declared_name(".extern .global .align 4 .b32 table[16];"),
            Some("table")
        );
        assert_eq!(declared_name(".global .u32 counter = 5;"), Some("counter"));
    }

    #[test]
    fn the_error_log_gets_the_message_cut_to_fit() {
        let mut buffer = [0x55 as c_char; 8];
        let link = Link {
            error_log: Some((buffer.as_mut_ptr() as usize, buffer.len())),
            ..Link::default()
        };
        assert_eq!(
            link.fail("a long message", CUDA_ERROR_INVALID_PTX),
            CUDA_ERROR_INVALID_PTX
        );
        let written: Vec<u8> = buffer.iter().map(|&c| c as u8).collect();
        assert_eq!(&written, b"a long \0");
    }
}
