//! `ptx!` statements run through the simulator on the host: results follow the
//! PTX ISA's definition of each instruction.

use ptx::ptx;

#[test]
fn cuda_form_adds() {
    let (j, k) = (40i32, 2i32);
    let i: i32;
    ptx!("add.s32 %0, %1, %2;" : "=r"(i) : "r"(j), "r"(k));
    assert_eq!(i, 42);
}

#[test]
fn token_form_adds() {
    let (a, b) = (7u32, 5u32);
    let c: u32;
    ptx! { add.u32 c, a, b; }
    assert_eq!(c, 12);
}

#[test]
fn cube_from_the_inline_asm_guide() {
    fn cube(x: u32) -> u32 {
        let y: u32;
        ptx!("{ .reg .u32 t1;\n\t mul.lo.u32 t1, %1, %1;\n\t mul.lo.u32 %0, t1, %1; }" : "=r"(y) : "r"(x));
        y
    }
    assert_eq!(cube(3), 27);
    assert_eq!(cube(1 << 11), 0); // 2^33 wraps to 0 in .u32
}

#[test]
fn expansion_carries_the_canonical_text() {
    let x: u32;
    let info = ptx!("mul.lo.u32   %0,%1,%1;" : "=r"(x) : "r"(9u32));
    assert_eq!(x, 81);
    assert_eq!(info.ptx, "mul.lo.u32 %0, %1, %1;");
    assert_eq!(info.constraints, ["=r", "r"]);
}
