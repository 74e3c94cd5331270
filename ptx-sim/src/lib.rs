//! The simulator, and the commands that hold it and the checker to recorded
//! hardware behaviour.

pub mod records;
pub mod verdicts;
