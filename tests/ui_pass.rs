//! The cases of `ptx!` that must compile and run (`tests/ui/pass/`), as
//! ordinary tests: each file is a module whose `main` checks its own
//! results. `tests/ui.rs` holds the ones that must fail to compile; keeping
//! these out of trybuild lets it only check its cases, never build them.

#[path = "ui/pass/every_operand_type.rs"]
mod every_operand_type;
#[path = "ui/pass/guide_examples.rs"]
mod guide_examples;
#[path = "ui/pass/named_operands_and_concatenation.rs"]
mod named_operands_and_concatenation;
#[path = "ui/pass/no_outputs_and_memory_clobber.rs"]
mod no_outputs_and_memory_clobber;
#[path = "ui/pass/rounding_mode_by_const_generic.rs"]
mod rounding_mode_by_const_generic;
#[path = "ui/pass/token_form_with_registers_and_labels.rs"]
mod token_form_with_registers_and_labels;
#[path = "ui/pass/unsuffixed_literals_take_the_type_that_fits.rs"]
mod unsuffixed_literals_take_the_type_that_fits;
#[path = "ui/pass/warnings_compile_and_can_be_silenced.rs"]
mod warnings_compile_and_can_be_silenced;

#[test]
fn every_operand_type_runs() {
    every_operand_type::main();
}

#[test]
fn guide_examples_runs() {
    guide_examples::main();
}

#[test]
fn named_operands_and_concatenation_runs() {
    named_operands_and_concatenation::main();
}

#[test]
fn no_outputs_and_memory_clobber_runs() {
    no_outputs_and_memory_clobber::main();
}

#[test]
fn rounding_mode_by_const_generic_runs() {
    rounding_mode_by_const_generic::main();
}

#[test]
fn token_form_with_registers_and_labels_runs() {
    token_form_with_registers_and_labels::main();
}

#[test]
fn warnings_compile_and_can_be_silenced_runs() {
    warnings_compile_and_can_be_silenced::main();
}

#[test]
fn unsuffixed_literals_take_the_type_that_fits_runs() {
    unsuffixed_literals_take_the_type_that_fits::main();
}
