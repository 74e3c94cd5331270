// What nvcc and ptxas accept compiles: CUDA's compiler barrier, and (with
// its warning silenced) an operand the template does not use and an output
// written under a guard. `#![deny(warnings)]` proves nothing else warns.
#![deny(warnings)]
use ptx::ptx;

#[allow(deprecated)]
fn unused_operand(a: i32, b: i32, unused: i32) -> i32 {
    let x: i32;
    ptx!("add.s32 %0, %1, %2;" : "=r"(x) : "r"(a), "r"(b), "r"(unused));
    x
}

#[allow(deprecated)]
fn written_under_guard(x0: i32) -> i32 {
    let y: i32;
    ptx!("{ .reg .pred p; setp.eq.s32 p, %1, 34; @p mov.s32 %0, 1; }" : "=r"(y) : "r"(x0));
    y
}

pub fn main() {
    ptx!("" ::: "memory");
    ptx!(volatile "" ::: "memory");
    assert_eq!(unused_operand(40, 2, 7), 42);
    assert_eq!(written_under_guard(34), 1);
}
