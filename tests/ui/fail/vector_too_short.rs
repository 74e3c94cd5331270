use ptx::ptx;
fn main() {
    let p = 0u32;
    let (a, b): (u32, u32);
    ptx!("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1}, [%2];" : "=r"(a), "=r"(b) : "r"(p));
}
