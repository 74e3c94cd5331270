use ptx::ptx;

pub fn main() {
    // Sum 1..=n with a loop inside the template.
    let n = 10u32;
    let sum: u32;
    ptx! {
        {
            .reg .u32 i;
            .reg .pred done;
            mov.u32 sum, 0;
            mov.u32 i, n;
        again:
            setp.eq.u32 done, i, 0;
            @done bra finish;
            add.u32 sum, sum, i;
            sub.u32 i, i, 1;
            bra again;
        finish:
        }
    }
    assert_eq!(sum, 55);
}
