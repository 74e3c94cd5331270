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

/// Video instructions through `ptx!`: `vadd2` wraps each half-word, the
/// H100's unsigned `.sat` wraps above `U32_MAX` (recorded in
/// `h100_sm90_extra_seed12`), `vmad` adds `c` to the exact product.
#[test]
fn video_instructions_compute_per_lane_and_as_the_h100_saturates() {
    let (a, b, c) = (0x7fff_ffffu32, 0x0001_0001u32, 0u32);
    let d: u32;
    ptx!("vadd2.s32.s32.s32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c));
    assert_eq!(d, 0x8000_0000);
    let (a, b) = (0xffff_8001u32, 0x8001u32);
    let d: u32;
    ptx!("vadd.u32.u32.u32.sat %0, %1, %2;" : "=r"(d) : "r"(a), "r"(b));
    assert_eq!(d, 2);
    let (a, b, c) = (-3i32, 5i32, 100i32);
    let d: i32;
    ptx!("vmad.s32.s32.s32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c));
    assert_eq!(d, 85);
}

/// Video operand selectors and `vmad`'s negated source through `ptx!`: one
/// lane of each recorded form, with the H100's output
/// (`h100_sm90_extra_seed12`).
#[test]
fn video_operand_selectors_compute_as_the_h100_does() {
    let (a, b, c) = (0x733a_0988u32, 0x0000_0064u32, 0x52be_b6b8u32);
    let d: u32;
    ptx!("vadd.s32.u32.s32.sat.add %0, %1.b1, %2.h1, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c));
    assert_eq!(d, 0x52be_b6c1);
    let (a, b, c) = (0xffff_ff70u32, 0xba84_323bu32, 0xafc2_8905u32);
    let d: u32;
    ptx!("vadd2.u32.u32.u32 %0.h1, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c));
    assert_eq!(d, 0xba83_8905);
    let (a, b, c) = (0x2e23_6ce0u32, 0xffff_ffffu32, 0x6c51_9a43u32);
    let d: u32;
    ptx!("vadd4.u32.u32.u32 %0.b0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c));
    assert_eq!(d, 0x6c51_9adf);
    let (a, b, c) = (0x1024_4a54u32, 0x8461_5fe7u32, 0x0000_0064u32);
    let d: u32;
    ptx!("vadd4.u32.u32.u32 %0.b3210, %1.b7654, %2.b0000, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c));
    assert_eq!(d, 0xd8b5_b33b);
    let (a, b, c) = (0xf546_8564u32, 0xe96e_63e2u32, 0x0000_00ddu32);
    let d: u32;
    ptx!("vmad.s32.s32.s32.shr7 %0, -%1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c));
    assert_eq!(d, 0xbbba_6125);
    let (a, b, c) = (0xad06_078cu32, 0xcd97_1b77u32, 0x0000_0007u32);
    let d: u32;
    ptx!("vmad.u32.u32.u32.sat %0, %1.h0, %2.h1, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c));
    assert_eq!(d, 0x060f_8f9b);
    let (a, b, c) = (0x2916_f573u32, 0x5070_920eu32, 0xffff_ffffu32);
    let d: u32;
    ptx!("vmax.s32.s32.s32 %0.h1, %1.b2, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c));
    assert_eq!(d, 0x5070_ffff);
    let (a, b, c) = (0x698e_9a64u32, 0xffff_ffacu32, 0x8000_0000u32);
    let d: u32;
    ptx!("vset.u32.u32.ne.add %0, %1.b0, %2.b0, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c));
    assert_eq!(d, 0x8000_0001);
    let (a, b, c) = (0x8000_0001u32, 0x0000_0064u32, 0xffff_ff36u32);
    let d: u32;
    ptx!("vsub.u32.s32.u32.min %0, %1.h0, %2.b3, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c));
    assert_eq!(d, 0x0000_0001);
}

/// A literal `"C"` operand is spliced into the template at compile time
/// (the inline-asm guide's rounding-mode example with the mode written out):
/// 1 + 0.75 ulp rounds up to 1 + 1 ulp to nearest and down to 1 toward zero.
#[test]
fn literal_string_operand_chooses_the_rounding_mode() {
    let b = f32::from_bits(0x33C0_0000); // 0.75 * 2^-23
    let (rn, rz): (f32, f32);
    ptx!("add%1.f32 %0, %2, %3;" : "=f"(rn) : "C"(".rn"), "f"(1.0f32), "f"(b));
    ptx!("add%1.f32 %0, %2, %3;" : "=f"(rz) : "C"(".rz"), "f"(1.0f32), "f"(b));
    assert_eq!((rn.to_bits(), rz.to_bits()), (0x3F80_0001, 0x3F80_0000));
}

/// nvcc's `%=`: a number unique to the statement, so that a template's
/// labels stay distinct wherever the statement is copied. The loop counts
/// `n` down to 0 and adds one step each time round.
#[test]
fn percent_equals_numbers_the_statement_as_nvcc_does() {
    fn count_down(n: u32) -> u32 {
        let mut steps = 0u32;
        ptx!("{ .reg .pred p; .reg .u32 k; mov.u32 k, %1;\n\t"
             "LOOP_%=: setp.eq.u32 p, k, 0; @p bra DONE_%=;\n\t"
             "sub.u32 k, k, 1; add.u32 %0, %0, 1; bra LOOP_%=;\n\t"
             "DONE_%=: }"
             : "+r"(steps) : "r"(n));
        steps
    }
    assert_eq!((count_down(5), count_down(0)), (5, 0));
    // `%%=` is a literal `%` then `=`: here inside a comment.
    let x: u32;
    ptx!("mov.u32 %0, 7; // 100%%= of it" : "=r"(x));
    assert_eq!(x, 7);
}
