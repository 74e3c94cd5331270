//! Texture and surface instructions (PTX ISA "Texture Instructions" and
//! "Surface Instructions"), in the unified mode nvcc writes for texture
//! and surface objects: `tex.2d.v4.f32.f32 {d0, d1, d2, d3}, [tobj, {x,
//! y}];`, `tld4.r.2d.v4.f32.f32`, `suld.b.2d.b32.trap {d}, [sobj, {x,
//! y}];`, `sust.b.2d.b32.trap [sobj, {x, y}], {v};`, `txq` and `suq`.
//! Separate samplers, mipmap levels, gradients, offsets, depth compares
//! and the formatted surface forms (`.p`) are not described.

use super::{Entry, form};
use crate::Semantics as S;

pub(super) fn entries() -> Vec<Entry> {
    // The coordinates each geometry takes (ptxas 13.0): one for 1d, two for
    // 2d, four for 3d (the fourth ignored); an array texture's index comes
    // first; cube maps take four; multisample textures a sample first.
    vec![
        form(
            "tex.1d.v4.dtype.ctype =d*4:.dtype, [t, c*1]:.ctype; .dtype = { .u32, .s32, .f16, .f32 }; .ctype = { .s32, .f32 }",
            S::Tex,
        ),
        form(
            "tex.2d.v4.dtype.ctype =d*4:.dtype, [t, c*2]:.ctype; .dtype = { .u32, .s32, .f16, .f32 }; .ctype = { .s32, .f32 }",
            S::Tex,
        ),
        form(
            "tex.3d.v4.dtype.ctype =d*4:.dtype, [t, c*4]:.ctype; .dtype = { .u32, .s32, .f16, .f32 }; .ctype = { .s32, .f32 }",
            S::Tex,
        ),
        form(
            "tex.a1d.v4.dtype.ctype =d*4:.dtype, [t, c*2]:.ctype; .dtype = { .u32, .s32, .f16, .f32 }; .ctype = { .s32, .f32 }",
            S::Tex,
        ),
        form(
            "tex.a2d.v4.dtype.ctype =d*4:.dtype, [t, c*4]:.ctype; .dtype = { .u32, .s32, .f16, .f32 }; .ctype = { .s32, .f32 }",
            S::Tex,
        ),
        // Cube maps need floating-point coordinates.
        form(
            "tex.cube.v4.dtype.ctype =d*4:.dtype, [t, c*4]:.ctype; .dtype = { .u32, .s32, .f16, .f32 }; .ctype = { .f32 }",
            S::Tex,
        ),
        form(
            "tex.acube.v4.dtype.ctype =d*4:.dtype, [t, c*4]:.ctype; .dtype = { .u32, .s32, .f16, .f32 }; .ctype = { .f32 }",
            S::Tex,
        ),
        // Multisample textures take integer ones.
        form(
            "tex.2dms.v4.dtype.ctype =d*4:.dtype, [t, c*4]:.ctype; .dtype = { .u32, .s32, .f16, .f32 }; .ctype = { .s32 }",
            S::Tex,
        ),
        form(
            "tex.a2dms.v4.dtype.ctype =d*4:.dtype, [t, c*4]:.ctype; .dtype = { .u32, .s32, .f16, .f32 }; .ctype = { .s32 }",
            S::Tex,
        ),
        form(
            "tld4.comp.2d.v4.dtype.f32 =d*4:.dtype, [t, c*2]:.f32; .comp = { .r, .g, .b, .a }; .dtype = { .u32, .s32, .f32 }",
            S::Tld4,
        ),
        form(
            "tld4.comp.a2d.v4.dtype.f32 =d*4:.dtype, [t, c*4]:.f32; .comp = { .r, .g, .b, .a }; .dtype = { .u32, .s32, .f32 }",
            S::Tld4,
        ),
    ]
    .into_iter()
    .chain(surfaces())
    .chain(queries())
    .collect()
}

/// `suld.b` and `sust.b`: unformatted surface loads and stores, one form
/// per geometry (its coordinate count as for `tex`: a 3d or a2d surface
/// takes four, the last ignored), the first coordinate in bytes.
fn surfaces() -> Vec<Entry> {
    macro_rules! GROUPS {
        () => {
            ".dtype = { .b8, .b16, .b32, .b64 }; .mode = { .trap, .clamp, .zero }"
        };
    }
    macro_rules! geometry {
        ($($geom:literal => $count:literal),*) => {
            vec![$(
                form(concat!("suld.b.", $geom, "{.ld_cop}.dtype.mode =d*1:.dtype, [t, c*", $count, "]:.s32; .ld_cop = { .ca, .cg, .cs, .cv }; ", GROUPS!()), S::SuldB).wider(),
                form(concat!("suld.b.", $geom, "{.ld_cop}.vec.dtype.mode =d*.vec:.dtype, [t, c*", $count, "]:.s32; .ld_cop = { .ca, .cg, .cs, .cv }; .vec = { .v2, .v4 }; ", GROUPS!()), S::SuldB).wider(),
                form(concat!("sust.b.", $geom, "{.st_cop}.dtype.mode [t, c*", $count, "]:.s32, v*1:.dtype; .st_cop = { .wb, .cg, .cs, .wt }; ", GROUPS!()), S::SustB).wider(),
                form(concat!("sust.b.", $geom, "{.st_cop}.vec.dtype.mode [t, c*", $count, "]:.s32, v*.vec:.dtype; .st_cop = { .wb, .cg, .cs, .wt }; .vec = { .v2, .v4 }; ", GROUPS!()), S::SustB).wider(),
            )*]
        };
    }
    geometry!("1d" => "1", "2d" => "2", "3d" => "4", "a1d" => "2", "a2d" => "4")
}

/// `txq` and `suq`: a texture's or surface's attributes.
fn queries() -> Vec<Entry> {
    vec![
        form(
            "txq.tquery.b32 =d, [t]:addr64; .tquery = { .width, .height, .depth, .channel_data_type, .channel_order, .normalized_coords, .array_size, .num_mipmap_levels, .num_samples, .force_unnormalized_coords, .filter_mode, .addr_mode_0, .addr_mode_1, .addr_mode_2 }",
            S::Txq,
        ),
        form(
            "suq.squery.b32 =d, [t]:addr64; .squery = { .width, .height, .depth, .channel_data_type, .channel_order, .array_size, .memory_layout }",
            S::Suq,
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

    #[test]
    fn the_forms_nvcc_writes_for_texture_and_surface_objects_are_accepted() {
        let cases: &[(&str, &[&str])] = &[
            (
                "tex.a1d.v4.f32.f32 {%0, %1, %2, %3}, [%4, {%5, %6}];",
                &["=f", "=f", "=f", "=f", "l", "r", "f"],
            ),
            (
                "tex.1d.v4.s32.s32 {%0, %1, %2, %3}, [%4, {%5}];",
                &["=r", "=r", "=r", "=r", "l", "r"],
            ),
            (
                "tld4.g.2d.v4.f32.f32 {%0, %1, %2, %3}, [%4, {%5, %6}];",
                &["=f", "=f", "=f", "=f", "l", "f", "f"],
            ),
            (
                "suld.b.2d.b32.clamp {%0}, [%1, {%2, %3}];",
                &["=r", "l", "r", "r"],
            ),
            (
                "suld.b.1d.v4.b8.zero {%0, %1, %2, %3}, [%4, {%5}];",
                &["=h", "=h", "=h", "=h", "l", "r"],
            ),
            (
                "sust.b.a2d.b32.trap [%0, {%1, %2, %3, %3}], {%4};",
                &["l", "r", "r", "r", "r"],
            ),
            (
                "sust.b.2d.v4.b32.trap [%0, {%1, %2}], {%3, %4, %5, %6};",
                &["l", "r", "r", "r", "r", "r", "r"],
            ),
            ("txq.width.b32 %0, [%1];", &["=r", "l"]),
            ("suq.height.b32 %0, [%1];", &["=r", "l"]),
        ];
        for (text, cons) in cases {
            assert!(
                accepts(text, cons),
                "{text} is rejected: {:?}",
                crate::check_asm(text, cons, Target::default()).err()
            );
        }
    }
}
