//! Checks `.ptx` files as ptxas would: `cargo run -p ptx-core --example check_ptx -- FILE...`.
use ptx_core::module::{LineIndex, check_module_text};

fn main() {
    let mut failed = false;
    for path in std::env::args().skip(1) {
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        let diags = check_module_text(&text);
        let lines = LineIndex::new(&text);
        for d in &diags {
            println!("{}", lines.render(&path, d));
        }
        failed |= diags.iter().any(|d| d.is_error());
    }
    std::process::exit(i32::from(failed));
}
