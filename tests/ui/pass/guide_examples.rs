use ptx::ptx;

// The examples of NVIDIA's inline-PTX guide, as Rust.
fn cube(x: u32) -> u32 {
    let y: u32;
    ptx!("{\n\t .reg .u32 t1;\n\t mul.lo.u32 t1, %1, %1;\n\t mul.lo.u32 %0, t1, %1;\n\t}" : "=r"(y) : "r"(x));
    y
}

fn cond(x: i32) -> i32 {
    let mut y = 0i32;
    ptx!("{\n\t .reg .pred %p;\n\t setp.eq.s32 %p, %1, 34;\n\t @%p mov.s32 %0, 1;\n\t}" : "+r"(y) : "r"(x));
    y
}

pub fn main() {
    assert_eq!(cube(5), 125);
    assert_eq!(cond(34), 1);
    assert_eq!(cond(35), 0);
    let clock: u32;
    ptx!(volatile "mov.u32 %0, %%clock;" : "=r"(clock));
    let _ = clock;
    let mut x = 0u32;
    ptx!("add.u32 %0, %0, %1;" : "+r"(x) : "n"(42));
    assert_eq!(x, 42);
}
