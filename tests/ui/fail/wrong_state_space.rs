use ptx::ptx;
fn main() {
    let p = 0u64;
    let x: u32;
    ptx!("ldmatrix.sync.aligned.m8n8.x1.global.b16 {%0}, [%1];" : "=r"(x) : "l"(p));
}
