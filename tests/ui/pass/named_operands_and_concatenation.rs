use ptx::ptx;

pub fn main() {
    let (a, b) = (6u32, 7u32);
    let p: u32;
    ptx!("mul.lo.u32 %[prod], %[x], %[y];\n\t"
         "add.u32 %[prod], %[prod], 1;"
         : [prod] "=r"(p) : [x] "r"(a), [y] "r"(b));
    assert_eq!(p, 43);
}
