use ptx::ptx;
fn main() {
    ptx!("// nothing here");
}
