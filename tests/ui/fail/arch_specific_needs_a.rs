use ptx::ptx;
fn main() {
    ptx!(volatile "wgmma.fence.sync.aligned;");
}
