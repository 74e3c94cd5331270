use ptx::ptx;
fn main() {
    let (a0, a1) = (0u32, 0u32);
    let b = 0f32;
    let mut c = [0f32; 4];
    ptx!("mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, {%4,%5}, {%6}, {%0,%1,%2,%3};"
         : "+f"(c[0]), "+f"(c[1]), "+f"(c[2]), "+f"(c[3]) : "r"(a0), "r"(a1), "f"(b));
}
