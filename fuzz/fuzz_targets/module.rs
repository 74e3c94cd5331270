//! The module loader on arbitrary bytes and on mutated real modules (the
//! seed corpus holds the modules of `ptx-core/tests/data/modules/`):
//! ptx-core's `parse_module` and `check_module`, and the simulator's
//! `Module::from_ptx`, which lowers every function. None may panic or
//! hang.

#![no_main]

use libfuzzer_sys::fuzz_target;
use ptx_core::module::{LineIndex, check_module, parse_module};
use ptx_sim::kernel::Module;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let lines = LineIndex::new(text);
    match parse_module(text) {
        Ok(module) => {
            for diagnostic in check_module(&module) {
                let _ = lines.render("fuzz.ptx", &diagnostic);
            }
        }
        Err(diagnostics) => {
            for diagnostic in &diagnostics {
                let _ = lines.render("fuzz.ptx", diagnostic);
            }
        }
    }
    if let Ok(module) = Module::from_ptx(text) {
        let _ = module.entries();
    }
});
