use ptx::ptx;
struct Pair { a: i32, b: i32 }
fn main() {
    let p = Pair { a: 1, b: 2 };
    let x: i32;
    ptx!("add.s32 %0, %1, %1;" : "=r"(x) : "r"(p));
    let _ = (p.a, p.b);
}
