//! The approximate instructions against an H100, through `ptx!`: a sample
//! of every form's recorded results (`tests/data/sfu/h100_samples.bin.gz`,
//! from `tools/generators/sfu-probe/`; how the whole input space was compared is in
//! `docs/special-functions.md`).

use flate2::read::GzDecoder;
use ptx::ptx;
use std::collections::BTreeMap;
use std::io::Read;

/// One block of records: the form, then per record its operands and result.
struct Block {
    form: String,
    records: Vec<(Vec<u64>, u64)>,
}

/// The little-endian number in the first `n` (at most 8) bytes of `rest`,
/// which moves past them.
fn take(rest: &mut &[u8], n: usize) -> u64 {
    let mut v = [0u8; 8];
    v[..n].copy_from_slice(&rest[..n]);
    *rest = &rest[n..];
    u64::from_le_bytes(v)
}

fn samples() -> Vec<Block> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/sfu/h100_samples.bin.gz"
    );
    let mut bytes = Vec::new();
    GzDecoder::new(std::fs::File::open(path).expect("the samples exist"))
        .read_to_end(&mut bytes)
        .expect("the samples decompress");
    let mut rest = bytes.as_slice();
    let mut blocks = Vec::new();
    while !rest.is_empty() {
        let len = take(&mut rest, 2) as usize;
        let form = String::from_utf8(rest[..len].to_vec()).unwrap();
        rest = &rest[len..];
        let (ops, width) = (take(&mut rest, 1) as usize, take(&mut rest, 1) as usize);
        let count = take(&mut rest, 4) as usize;
        let records = (0..count)
            .map(|_| {
                let inputs = (0..ops).map(|_| take(&mut rest, width)).collect();
                (inputs, take(&mut rest, width))
            })
            .collect();
        blocks.push(Block { form, records });
    }
    blocks
}

/// A result's encoding.
trait Bits {
    fn bits(self) -> u64;
}

impl Bits for f32 {
    fn bits(self) -> u64 {
        u64::from(self.to_bits())
    }
}

impl Bits for f64 {
    fn bits(self) -> u64 {
        self.to_bits()
    }
}

impl Bits for u16 {
    fn bits(self) -> u64 {
        u64::from(self)
    }
}

impl Bits for u32 {
    fn bits(self) -> u64 {
        u64::from(self)
    }
}

/// What the simulator gives for `form` on `x`, through `ptx!`.
fn simulate(form: &str, x: &[u64]) -> Option<u64> {
    let f = |v: u64| f32::from_bits(v as u32);
    let (a, b) = (f(x[0]), x.get(1).map(|&v| f(v)).unwrap_or(0.0));
    let (d, h, r) = (f64::from_bits(x[0]), x[0] as u16, x[0] as u32);
    // Each form: its template, its output's constraint and type, its inputs.
    macro_rules! forms {
        ($($asm:literal => $out:literal $ty:ty, $($input:literal($v:expr)),+;)*) => {
            $(
                if $asm.split_whitespace().next() == Some(form) {
                    let y: $ty;
                    ptx!($asm : $out(y) : $($input($v)),+);
                    return Some(y.bits());
                }
            )*
        };
    }
    forms!(
        "rcp.approx.f32 %0, %1;" => "=f" f32, "f"(a);
        "rcp.approx.ftz.f32 %0, %1;" => "=f" f32, "f"(a);
        "sqrt.approx.f32 %0, %1;" => "=f" f32, "f"(a);
        "sqrt.approx.ftz.f32 %0, %1;" => "=f" f32, "f"(a);
        "rsqrt.approx.f32 %0, %1;" => "=f" f32, "f"(a);
        "rsqrt.approx.ftz.f32 %0, %1;" => "=f" f32, "f"(a);
        "lg2.approx.f32 %0, %1;" => "=f" f32, "f"(a);
        "lg2.approx.ftz.f32 %0, %1;" => "=f" f32, "f"(a);
        "ex2.approx.f32 %0, %1;" => "=f" f32, "f"(a);
        "ex2.approx.ftz.f32 %0, %1;" => "=f" f32, "f"(a);
        "sin.approx.f32 %0, %1;" => "=f" f32, "f"(a);
        "sin.approx.ftz.f32 %0, %1;" => "=f" f32, "f"(a);
        "cos.approx.f32 %0, %1;" => "=f" f32, "f"(a);
        "cos.approx.ftz.f32 %0, %1;" => "=f" f32, "f"(a);
        "tanh.approx.f32 %0, %1;" => "=f" f32, "f"(a);
        "div.approx.f32 %0, %1, %2;" => "=f" f32, "f"(a), "f"(b);
        "div.approx.ftz.f32 %0, %1, %2;" => "=f" f32, "f"(a), "f"(b);
        "div.full.f32 %0, %1, %2;" => "=f" f32, "f"(a), "f"(b);
        "div.full.ftz.f32 %0, %1, %2;" => "=f" f32, "f"(a), "f"(b);
        "ex2.approx.f16 %0, %1;" => "=h" u16, "h"(h);
        "ex2.approx.ftz.bf16 %0, %1;" => "=h" u16, "h"(h);
        "tanh.approx.f16 %0, %1;" => "=h" u16, "h"(h);
        "tanh.approx.bf16 %0, %1;" => "=h" u16, "h"(h);
        "ex2.approx.f16x2 %0, %1;" => "=r" u32, "r"(r);
        "ex2.approx.ftz.bf16x2 %0, %1;" => "=r" u32, "r"(r);
        "tanh.approx.f16x2 %0, %1;" => "=r" u32, "r"(r);
        "tanh.approx.bf16x2 %0, %1;" => "=r" u32, "r"(r);
        "rcp.approx.ftz.f64 %0, %1;" => "=d" f64, "d"(d);
        "rsqrt.approx.ftz.f64 %0, %1;" => "=d" f64, "d"(d);
        "rsqrt.approx.f64 %0, %1;" => "=d" f64, "d"(d);
    );
    None
}

#[test]
fn every_exact_form_gives_the_h100s_bits() {
    let mut differ: BTreeMap<String, (usize, usize, String)> = BTreeMap::new();
    let mut compared = 0;
    for block in samples() {
        for (x, want) in &block.records {
            let got = simulate(&block.form, x)
                .unwrap_or_else(|| panic!("no ptx! form for `{}`", block.form));
            compared += 1;
            let e = differ.entry(block.form.clone()).or_default();
            e.1 += 1;
            if got != *want {
                if e.0 == 0 {
                    e.2 = format!("{x:x?} -> {got:#x}, H100 {want:#x}");
                }
                e.0 += 1;
            }
        }
    }
    let bad: Vec<_> = differ.iter().filter(|(_, (n, _, _))| *n > 0).collect();
    assert!(bad.is_empty(), "differences: {bad:#?}");
    // Every form the probe recorded: 15 on .f32, 4 div, 4 + 4 half, 3 f64;
    // 77 probes of 2048 records each.
    assert_eq!(differ.len(), 30, "forms: {:?}", differ.keys());
    assert_eq!(compared, 77 * 2048, "records compared");
}
