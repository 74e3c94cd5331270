use ptx::ptx;

pub fn main() {
    let h: u16;
    ptx!("add.u16 %0, %1, %1;" : "=h"(h) : "h"(21u16));
    assert_eq!(h, 42);
    let s: i16;
    ptx!("neg.s16 %0, %1;" : "=h"(s) : "h"(7i16));
    assert_eq!(s, -7);
    let l: u64;
    ptx!("mul.wide.u32 %0, %1, %1;" : "=l"(l) : "r"(1u32 << 20));
    assert_eq!(l, 1 << 40);
    let p = &l as *const u64;
    let q: *const u64;
    ptx!("mov.b64 %0, %1;" : "=l"(q) : "l"(p));
    assert_eq!(p, q);
    let w: u128;
    ptx!("mov.b128 %0, %1;" : "=q"(w) : "q"(1u128 << 100));
    assert_eq!(w, 1 << 100);
}
