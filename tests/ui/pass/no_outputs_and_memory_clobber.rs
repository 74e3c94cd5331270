use ptx::ptx;

pub fn main() {
    let x = 5u32;
    ptx!(volatile "{ .reg .b32 t; mov.b32 t, %0; }" :: "r"(x) : "memory");
}
