//! What the host expansion of `ptx!` calls: the simulator's semantic
//! functions, faults, special registers and templates checked at run time.

pub use ptx_core::SpecialKind;
pub use ptx_sim::exec::{read_operand, write_operand};
pub use ptx_sim::machine::run;
pub use ptx_sim::sem::simulated;

use ptx_sim::fault::ThreadFault;
use ptx_sim::statement::Prepared;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// The fault of an instruction a `ptx!` statement cannot run (`call`,
/// `brx.idx`: a statement has no functions or branch-target lists to reach).
#[cold]
pub fn not_simulated(key: &'static str) -> ThreadFault {
    ptx_sim::fault::Fault::Program(ptx_sim::fault::ProgramFault::NotSimulated {
        instruction: key.into(),
    })
    .into()
}

/// The fault of `exit` in a statement: the thread ends there.
#[cold]
pub fn exited() -> ThreadFault {
    ptx_sim::fault::Fault::Program(ptx_sim::fault::ProgramFault::Exited).into()
}

/// Stops the thread with the simulator's fault, naming the statement
/// `text`: the panic's message is `ptx!: `text`: ` and the fault (for a
/// template checked at run time, whose statement interpreter names the instruction
/// of it that faulted, `ptx!: `text`: `instruction`: ` and the fault); a
/// launch recovers the typed fault (see [`ptx_sim::machine::raise`]).
#[cold]
#[track_caller]
pub fn fault(text: &str, fault: impl Into<ThreadFault>) -> ! {
    let mut fault = fault.into();
    let message = match &fault.statement {
        Some(instruction) => format!("ptx!: `{text}`: `{instruction}`: {}", fault.fault),
        None => format!("ptx!: `{text}`: {}", fault.fault),
    };
    fault.statement.get_or_insert_with(|| text.to_string());
    fault.location = Some(std::panic::Location::caller());
    ptx_sim::machine::raise(fault, message)
}

/// Notes, in a launch, that the running thread is about to run statement
/// `text` of the `ptx!` call this is expanded in: what the sanitizer names
/// for its memory accesses and barriers.
#[inline(always)]
#[track_caller]
pub fn site(text: &'static str) {
    ptx_sim::machine::note_site(text, std::panic::Location::caller());
}

/// The value of special register `kind` (component 0, 1, 2 for
/// `.x .y .z`; a numbered register's number) for the running simulated
/// thread.
#[inline]
pub fn special(kind: SpecialKind, component: u8) -> u64 {
    ptx_sim::machine::context::special(kind, component)
}

/// The address of a variable declared inside a template: not simulated.
#[track_caller]
pub fn variable_address(name: &str) -> u64 {
    panic!(
        "ptx!: the template declares variable `{name}`; variables inside ptx! templates are not simulated on the CPU"
    )
}

/// Templates whose text is only known at run time (a `C` operand that is a
/// constant path), checked and lowered once per distinct text.
pub struct RuntimeCache {
    programs: Mutex<Option<HashMap<String, Arc<Prepared>>>>,
}

impl RuntimeCache {
    /// An empty cache.
    #[allow(clippy::new_without_default)]
    pub const fn new() -> RuntimeCache {
        RuntimeCache {
            programs: Mutex::new(None),
        }
    }

    /// The program for `text` with string operands `strings` spliced in.
    /// Panics with the checker's diagnostics when the spliced text is not
    /// valid PTX: this is the compile-time check, deferred to the first run.
    #[track_caller]
    pub fn get(
        &self,
        text: &str,
        strings: &[(usize, &str)],
        constraints: &[&str],
        target: &str,
    ) -> Arc<Prepared> {
        let mut spliced = text.to_string();
        for &(k, s) in strings.iter().rev() {
            spliced = splice(&spliced, k, s);
        }
        let mut programs = self.programs.lock().unwrap_or_else(|e| e.into_inner());
        let programs = programs.get_or_insert_with(HashMap::new);
        if let Some(p) = programs.get(&spliced) {
            return p.clone();
        }
        let target = target.parse().unwrap_or_default();
        let ops: Vec<ptx_core::AsmOperand> = constraints
            .iter()
            .map(|c| {
                ptx_core::AsmOperand::new(
                    c.parse()
                        .unwrap_or(ptx_core::Constraint::input(ptx_core::ConstraintLetter::R)),
                )
            })
            .collect();
        let checked = ptx_core::parse(&spliced).and_then(|t| ptx_core::check(&t, &ops, target));
        let checked = match checked {
            Ok(c) => c,
            Err(diags) => {
                let shown: Vec<String> = diags.iter().map(|d| d.render(&spliced)).collect();
                panic!(
                    "ptx!: the template `{spliced}` is not valid PTX:\n{}",
                    shown.join("\n")
                );
            }
        };
        let program = ptx_core::lower(&checked, &ops).unwrap_or_else(|e| panic!("ptx!: {e}"));
        let prepared = Arc::new(Prepared::new(&program));
        programs.insert(spliced, prepared.clone());
        prepared
    }
}

/// Replaces every `%k` (not `%%`, not `%k0`) in `text` by `value`.
fn splice(text: &str, k: usize, value: &str) -> String {
    let needle = format!("%{k}");
    let mut out = String::new();
    let mut rest = text;
    while let Some(i) = rest.find('%') {
        out.push_str(&rest[..i]);
        let tail = &rest[i..];
        if let Some(after) = tail.strip_prefix("%%") {
            out.push_str("%%");
            rest = after;
        } else if tail.starts_with(&needle)
            && !tail[needle.len()..].starts_with(|c: char| c.is_ascii_digit())
        {
            out.push_str(value);
            rest = &tail[needle.len()..];
        } else {
            out.push('%');
            rest = &tail[1..];
        }
    }
    out.push_str(rest);
    out
}
