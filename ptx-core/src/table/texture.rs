//! Texture fetches (PTX ISA "Texture Instructions": `tex`), in the unified
//! mode nvcc writes for texture objects: `tex.2d.v4.f32.f32 {d0, d1, d2, d3},
//! [tobj, {x, y}];`, as in the cuda-samples' `dct8x8`. Samplers, mipmap
//! levels, gradients and `tld4`/`txq` are not described yet.

use super::{Entry, form};
use crate::Semantics as S;

pub(super) fn entries() -> Vec<Entry> {
    // The coordinates each geometry takes (ptxas 13.0): one for 1d, two for
    // 2d, four for 3d (the fourth ignored); an array texture's index comes
    // first; cube maps take four; multisample textures a sample first.
    vec![
        form(
            "tex.1d.v4.dtype.ctype d*4:.dtype, [t, c*1]:.ctype; .dtype = { .u32, .s32, .f16, .f32 }; .ctype = { .s32, .f32 }",
            S::Tex,
        ),
        form(
            "tex.2d.v4.dtype.ctype d*4:.dtype, [t, c*2]:.ctype; .dtype = { .u32, .s32, .f16, .f32 }; .ctype = { .s32, .f32 }",
            S::Tex,
        ),
        form(
            "tex.3d.v4.dtype.ctype d*4:.dtype, [t, c*4]:.ctype; .dtype = { .u32, .s32, .f16, .f32 }; .ctype = { .s32, .f32 }",
            S::Tex,
        ),
        form(
            "tex.a1d.v4.dtype.ctype d*4:.dtype, [t, c*2]:.ctype; .dtype = { .u32, .s32, .f16, .f32 }; .ctype = { .s32, .f32 }",
            S::Tex,
        ),
        form(
            "tex.a2d.v4.dtype.ctype d*4:.dtype, [t, c*4]:.ctype; .dtype = { .u32, .s32, .f16, .f32 }; .ctype = { .s32, .f32 }",
            S::Tex,
        ),
        // Cube maps need floating-point coordinates.
        form(
            "tex.cube.v4.dtype.ctype d*4:.dtype, [t, c*4]:.ctype; .dtype = { .u32, .s32, .f16, .f32 }; .ctype = { .f32 }",
            S::Tex,
        ),
        form(
            "tex.acube.v4.dtype.ctype d*4:.dtype, [t, c*4]:.ctype; .dtype = { .u32, .s32, .f16, .f32 }; .ctype = { .f32 }",
            S::Tex,
        ),
        // Multisample textures take integer ones.
        form(
            "tex.2dms.v4.dtype.ctype d*4:.dtype, [t, c*4]:.ctype; .dtype = { .u32, .s32, .f16, .f32 }; .ctype = { .s32 }",
            S::Tex,
        ),
        form(
            "tex.a2dms.v4.dtype.ctype d*4:.dtype, [t, c*4]:.ctype; .dtype = { .u32, .s32, .f16, .f32 }; .ctype = { .s32 }",
            S::Tex,
        ),
    ]
}

#[cfg(test)]
mod tests {
    use crate::{Target, check_asm};

    fn accepts(text: &str, cons: &[&str]) -> bool {
        check_asm(text, cons, Target::default()).is_ok()
    }

    #[test]
    fn a_2d_fetch_takes_two_coordinates_of_its_coordinate_type() {
        let text = "tex.2d.v4.f32.f32 {%0, %1, %2, %3}, [%4, {%5, %6}];";
        assert!(accepts(text, &["=f", "=f", "=f", "=f", "l", "f", "f"]));
        let three = "tex.2d.v4.f32.f32 {%0, %1, %2, %3}, [%4, {%5, %6, %7}];";
        assert!(!accepts(
            three,
            &["=f", "=f", "=f", "=f", "l", "f", "f", "f"]
        ));
    }

    #[test]
    fn a_cube_map_needs_floating_point_coordinates() {
        let text = "tex.cube.v4.f32.s32 {%0, %1, %2, %3}, [%4, {%5, %6, %7, %8}];";
        assert!(!accepts(
            text,
            &["=f", "=f", "=f", "=f", "l", "r", "r", "r", "r"]
        ));
    }
}
