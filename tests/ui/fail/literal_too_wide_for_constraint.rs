use ptx::ptx;
fn main() {
    let x: u16;
    ptx!("add.u16 %0, %1, 1;" : "=h"(x) : "h"(0x1ffff));
    let y: u32;
    ptx!("add.s32 %0, %1, 1;" : "=r"(y) : "r"(-0x80000001));
}
