//! `docs/limitations.md` lists exactly the operations the simulator does
//! not model: every [`Semantics`] for which `is_simulated` is false is named
//! there (as its PTX key, in backquotes) in the "Not simulated" section, and
//! every key named there is one of them.

use ptx_core::Semantics;
use ptx_sim::sem::is_simulated;

#[test]
fn the_not_simulated_list_is_the_simulators() {
    let doc = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../docs/limitations.md"
    ))
    .expect("docs/limitations.md");
    let section = doc
        .split("## Not simulated")
        .nth(1)
        .expect("a Not simulated section");
    let named: Vec<&str> = section
        .split('`')
        .skip(1)
        .step_by(2)
        .filter(|k| Semantics::from_key(k).is_some())
        .collect();
    let missing: Vec<&str> = Semantics::ALL
        .iter()
        .filter(|s| !is_simulated(**s))
        .map(|s| s.key())
        .filter(|k| !named.contains(k))
        .collect();
    assert!(
        missing.is_empty(),
        "not simulated, not in the doc: {missing:?}"
    );
    let simulated: Vec<&&str> = named
        .iter()
        .filter(|k| Semantics::from_key(k).is_some_and(is_simulated))
        .collect();
    assert!(
        simulated.is_empty(),
        "in the doc, but simulated: {simulated:?}"
    );
}
