//! Data movement between registers (PTX ISA "Data Movement and Conversion
//! Instructions": `mov`, `prmt`). Warp shuffles are in `warp.rs`.

use super::{Entry, form};
use crate::semantics::Semantics as S;

pub(super) fn entries() -> Vec<Entry> {
    vec![
        // A register, an immediate or a special register; ptxas has no
        // `.f16`, `.bf16` or 8-bit `mov`.
        form(
            "mov.type =d, a; .type = { .pred, .b16, .b32, .b64, .u16, .u32, .u64, .s16, .s32, .s64, .f32, .f64 }",
            S::Mov,
        ),
        // The address of a variable, with an optional offset.
        form(
            "mov.type =d, a:symbol; .type = { .b32, .b64, .u32, .u64, .s32, .s64 }",
            S::Mov,
        ),
        form("mov.b128 =d, a", S::Mov).since(8, 3, 70),
        // A whole vector special register into four registers (`_` drops
        // one): ptxas 13.0 takes it for the eight vector registers, 16- and
        // 32-bit types.
        form(
            "mov.v4.type =d*4:sink, a:vspecial; .type = { .b16, .b32, .u16, .u32, .s16, .s32 }",
            S::Mov,
        ),
        // Packing into a wider register and unpacking it; `_` drops a part.
        form("mov.b16 =d, a*2:.b8", S::MovPack),
        form("mov.b32 =d, a*4:.b8", S::MovPack),
        form("mov.b32 =d, a*2:.b16", S::MovPack),
        form("mov.b64 =d, a*2:.b32", S::MovPack),
        form("mov.b64 =d, a*4:.b16", S::MovPack),
        form("mov.b128 =d, a*2:.b64", S::MovPack).since(8, 3, 70),
        form("mov.b16 =d*2:.b8:sink, a", S::MovUnpack),
        form("mov.b32 =d*4:.b8:sink, a", S::MovUnpack),
        form("mov.b32 =d*2:.b16:sink, a", S::MovUnpack),
        form("mov.b64 =d*2:.b32:sink, a", S::MovUnpack),
        form("mov.b64 =d*4:.b16:sink, a", S::MovUnpack),
        form("mov.b128 =d*2:.b64:sink, a", S::MovUnpack).since(8, 3, 70),
        form(
            "prmt.b32{.mode} =d, a, b, c; .mode = { .f4e, .b4e, .rc8, .ecl, .ecr, .rc16 }",
            S::Prmt,
        )
        .since(2, 0, 20),
    ]
}

#[cfg(test)]
mod tests {
    use crate::{Target, check_asm};

    fn accepts(text: &str, cons: &[&str]) -> bool {
        check_asm(text, cons, Target::default()).is_ok()
    }

    #[test]
    fn mov_has_no_half_or_byte_types() {
        assert!(accepts("mov.b16 %0, %1;", &["=h", "h"]));
        assert!(!accepts("mov.f16 %0, %1;", &["=h", "h"]));
        assert!(!accepts("mov.u8 %0, %1;", &["=h", "h"]));
    }

    #[test]
    fn mov_packs_and_unpacks_halves_of_its_size() {
        assert!(accepts("mov.b32 %0, {%1, %2};", &["=r", "h", "h"]));
        assert!(accepts("mov.b64 {%0, _}, %1;", &["=r", "l"]));
        assert!(accepts(
            "mov.b64 %0, {%1, %2, %3, %4};",
            &["=l", "h", "h", "h", "h"]
        ));
        assert!(!accepts("mov.b64 %0, {%1, %2};", &["=l", "h", "h"]));
        assert!(!accepts("mov.u32 %0, {%1, %2};", &["=r", "h", "h"]));
    }

    #[test]
    fn special_registers_have_their_own_types() {
        assert!(accepts("mov.u32 %0, %%laneid;", &["=r"]));
        assert!(!accepts("mov.u64 %0, %%laneid;", &["=l"]));
        assert!(accepts("mov.u64 %0, %%globaltimer;", &["=l"]));
    }
}
