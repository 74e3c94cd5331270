use ptx::ptx;
fn main() {
    ptx!("");
}
