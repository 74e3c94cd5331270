use ptx::ptx;
fn main() {
    ptx!(target = "sm90", volatile "trap;");
}
