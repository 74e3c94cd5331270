use ptx::ptx;
fn main() {
    ptx!(volatile "bra done;");
}
