use ptx::ptx;
fn main() {
    let (dst, mbar, size) = (0u32, 0u32, 16u32);
    let src = 0u64;
    ptx!(volatile "cp\t.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];"
         :: "r"(dst), "l"(src), "r"(size), "r"(mbar) : "memory");
}
