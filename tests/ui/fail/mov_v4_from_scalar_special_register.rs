use ptx::ptx;
fn main() {
    let (x, y): (u32, u32);
    ptx!("mov.v4.u32 {%0, %1, _, _}, %%laneid;" : "=r"(x), "=r"(y));
}
