use ptx::ptx;
fn main() {
    ptx!(volatile "bar.sync 16;");
}
