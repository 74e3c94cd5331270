//! Everything else (PTX ISA "Miscellaneous Instructions"): `nanosleep`,
//! `trap`, `brkpt`, `pmevent`, `setmaxnreg`.

use super::{Entry, arch_90_and_later, form};
use crate::semantics::Semantics as S;

pub(super) fn entries() -> Vec<Entry> {
    let mut out = vec![
        form("nanosleep.u32 t", S::Nanosleep).since(6, 3, 70),
        form("trap", S::Trap),
        form("brkpt", S::Brkpt).since(1, 0, 11),
        form("pmevent a:.u32:imm:0..15", S::Pmevent),
        form("pmevent.mask a:.u16:imm", S::Pmevent).since(3, 0, 20),
    ];
    // Warp-group register reallocation: architecture-specific on sm_90a,
    // family-specific from sm_100f, and on sm_120a. The register counts are
    // the multiples of 8 from 24 to 256.
    for spec in [
        "setmaxnreg.inc/.sync.aligned.type count:imm:24|32|40|48|56|64|72|80|88|96|104|112|120|128|136|144|152|160|168|176|184|192|200|208|216|224|232|240|248|256; .type = { .u32, .s32 }",
        "setmaxnreg.dec/.sync.aligned.type count:imm:24|32|40|48|56|64|72|80|88|96|104|112|120|128|136|144|152|160|168|176|184|192|200|208|216|224|232|240|248|256; .type = { .u32, .s32 }",
    ] {
        out.extend(arch_90_and_later(form(spec, S::Setmaxnreg).since(8, 0, 90)));
    }
    out
}

#[cfg(test)]
mod tests {
    use crate::{Target, check_asm};

    fn accepts(text: &str, target: &str) -> bool {
        check_asm(text, &[], target.parse::<Target>().unwrap()).is_ok()
    }

    #[test]
    fn setmaxnreg_takes_multiples_of_8_from_24_to_256() {
        assert!(accepts("setmaxnreg.inc.sync.aligned.u32 24;", "sm_90a"));
        assert!(accepts("setmaxnreg.dec.sync.aligned.u32 256;", "sm_90a"));
        assert!(!accepts("setmaxnreg.inc.sync.aligned.u32 33;", "sm_90a"));
        assert!(!accepts("setmaxnreg.inc.sync.aligned.u32 16;", "sm_90a"));
        assert!(!accepts("setmaxnreg.inc.sync.aligned.u32 264;", "sm_90a"));
    }

    #[test]
    fn setmaxnreg_is_architecture_specific() {
        assert!(!accepts("setmaxnreg.inc.sync.aligned.u32 32;", "sm_90"));
        assert!(accepts("setmaxnreg.inc.sync.aligned.u32 32;", "sm_100a"));
        assert!(accepts("setmaxnreg.inc.sync.aligned.u32 32;", "sm_100f"));
    }

    #[test]
    fn pmevent_numbers_events_0_to_15() {
        assert!(accepts("pmevent 15;", "sm_90"));
        assert!(!accepts("pmevent 16;", "sm_90"));
    }
}
