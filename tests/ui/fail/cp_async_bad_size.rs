use ptx::ptx;
fn main() {
    let (s, g) = (0u32, 0u64);
    ptx!(volatile "cp.async.ca.shared.global [%0], [%1], 12;" :: "r"(s), "l"(g) : "memory");
}
