//! `ptxsim sfu-exhaustive`: every approximate instruction against the GPU
//! it runs on, over every operand (every `.f32` encoding, every upper word
//! of the `.f64` forms that read only it, every pair of `.f16x2`/`.bf16x2`
//! lanes) or, for the two-operand and full-`.f64` forms, a large
//! pseudo-random sample.
//!
//! The GPU computes a chunk of results with a one-instruction kernel (the
//! module [`module`] writes), the simulator's semantics compute the same
//! operands on every core, and the differences are counted
//! (`docs/special-functions.md` has the counts).

use ptx_sim::kernel::{Backend, Buffer, KernelError, KernelReport, LoadError, Module};
use ptx_sim::sem::approx::{self, Function, sfu, table};

/// How a form's operands are made and its result read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// One `.f32` operand: every encoding.
    F32,
    /// One `.b32` operand holding two 16-bit lanes: every encoding.
    Pair,
    /// One 16-bit operand: every encoding.
    Half,
    /// An `.f64` whose lower word is 0: every upper word (the forms read
    /// only the upper word).
    Upper,
    /// Two `.f32` operands, pseudo-random.
    F32x2,
    /// One `.f64` operand, pseudo-random.
    F64,
}

/// An instruction form and how to compute it in the simulator.
#[derive(Clone, Copy, Debug)]
pub struct Form {
    /// The PTX instruction (`rcp.approx.f32`).
    pub name: &'static str,
    /// Its operands and result.
    pub shape: Shape,
    /// The simulator's result at operand index `i` (the operand itself, or
    /// the sampled operand's index).
    pub simulate: fn(u32) -> u64,
}

/// An `.f32` form's result.
fn unary(f: Function, ftz: bool, x: u32) -> u64 {
    u64::from(approx::f32_form(f, ftz, x))
}

/// A 16-bit form's result.
fn half(t: &table::Half, x: u32) -> u64 {
    u64::from(t.get(x as u16))
}

/// A packed 16-bit form's result, lane by lane.
fn pair(t: &table::Half, x: u32) -> u64 {
    half(t, x) | half(t, x >> 16) << 16
}

/// A `div` form's result at the sampled pair `i`.
fn div(full: bool, ftz: bool, i: u32) -> u64 {
    u64::from(approx::div_form(
        full,
        ftz,
        scrambled(i, SALT),
        scrambled(i, !SALT),
    ))
}

/// Every form compared.
pub const FORMS: &[Form] = &[
    Form {
        name: "rcp.approx.f32",
        shape: Shape::F32,
        simulate: |i| unary(Function::Rcp, false, i),
    },
    Form {
        name: "rcp.approx.ftz.f32",
        shape: Shape::F32,
        simulate: |i| unary(Function::Rcp, true, i),
    },
    Form {
        name: "sqrt.approx.f32",
        shape: Shape::F32,
        simulate: |i| unary(Function::Sqrt, false, i),
    },
    Form {
        name: "sqrt.approx.ftz.f32",
        shape: Shape::F32,
        simulate: |i| unary(Function::Sqrt, true, i),
    },
    Form {
        name: "rsqrt.approx.f32",
        shape: Shape::F32,
        simulate: |i| unary(Function::Rsqrt, false, i),
    },
    Form {
        name: "rsqrt.approx.ftz.f32",
        shape: Shape::F32,
        simulate: |i| unary(Function::Rsqrt, true, i),
    },
    Form {
        name: "ex2.approx.f32",
        shape: Shape::F32,
        simulate: |i| unary(Function::Ex2, false, i),
    },
    Form {
        name: "ex2.approx.ftz.f32",
        shape: Shape::F32,
        simulate: |i| unary(Function::Ex2, true, i),
    },
    Form {
        name: "lg2.approx.f32",
        shape: Shape::F32,
        simulate: |i| unary(Function::Lg2, false, i),
    },
    Form {
        name: "lg2.approx.ftz.f32",
        shape: Shape::F32,
        simulate: |i| unary(Function::Lg2, true, i),
    },
    Form {
        name: "sin.approx.f32",
        shape: Shape::F32,
        simulate: |i| unary(Function::Sin, false, i),
    },
    Form {
        name: "sin.approx.ftz.f32",
        shape: Shape::F32,
        simulate: |i| unary(Function::Sin, true, i),
    },
    Form {
        name: "cos.approx.f32",
        shape: Shape::F32,
        simulate: |i| unary(Function::Cos, false, i),
    },
    Form {
        name: "cos.approx.ftz.f32",
        shape: Shape::F32,
        simulate: |i| unary(Function::Cos, true, i),
    },
    Form {
        name: "tanh.approx.f32",
        shape: Shape::F32,
        simulate: |i| unary(Function::Tanh, false, i),
    },
    Form {
        name: "ex2.approx.f16",
        shape: Shape::Half,
        simulate: |i| half(&table::EX2_F16, i),
    },
    Form {
        name: "ex2.approx.ftz.bf16",
        shape: Shape::Half,
        simulate: |i| half(&table::EX2_BF16, i),
    },
    Form {
        name: "tanh.approx.f16",
        shape: Shape::Half,
        simulate: |i| half(&table::TANH_F16, i),
    },
    Form {
        name: "tanh.approx.bf16",
        shape: Shape::Half,
        simulate: |i| half(&table::TANH_BF16, i),
    },
    Form {
        name: "ex2.approx.f16x2",
        shape: Shape::Pair,
        simulate: |i| pair(&table::EX2_F16, i),
    },
    Form {
        name: "ex2.approx.ftz.bf16x2",
        shape: Shape::Pair,
        simulate: |i| pair(&table::EX2_BF16, i),
    },
    Form {
        name: "tanh.approx.f16x2",
        shape: Shape::Pair,
        simulate: |i| pair(&table::TANH_F16, i),
    },
    Form {
        name: "tanh.approx.bf16x2",
        shape: Shape::Pair,
        simulate: |i| pair(&table::TANH_BF16, i),
    },
    Form {
        name: "rcp.approx.ftz.f64",
        shape: Shape::Upper,
        simulate: |i| u64::from(sfu::rcp64h(i)),
    },
    Form {
        name: "rsqrt.approx.ftz.f64",
        shape: Shape::Upper,
        simulate: |i| u64::from(sfu::rsqrt64h(i)),
    },
    Form {
        name: "div.approx.f32",
        shape: Shape::F32x2,
        simulate: |i| div(false, false, i),
    },
    Form {
        name: "div.approx.ftz.f32",
        shape: Shape::F32x2,
        simulate: |i| div(false, true, i),
    },
    Form {
        name: "div.full.f32",
        shape: Shape::F32x2,
        simulate: |i| div(true, false, i),
    },
    Form {
        name: "div.full.ftz.f32",
        shape: Shape::F32x2,
        simulate: |i| div(true, true, i),
    },
    Form {
        name: "rsqrt.approx.f64",
        shape: Shape::F64,
        simulate: |i| {
            approx::rsqrt_f64(u64::from(scrambled(i, SALT)) << 32 | u64::from(scrambled(i, !SALT)))
        },
    },
];

/// The pseudo-random operand `i` of a sampled form: a bijection of the
/// index (the same mix the probe's kernels use, `tools/generators/sfu-probe`).
pub fn scrambled(i: u32, salt: u32) -> u32 {
    let mut x = i.wrapping_mul(0x9E37_79B1).wrapping_add(salt);
    x ^= x >> 15;
    x = x.wrapping_mul(0x85EB_CA77);
    x ^= x >> 13;
    x = x.wrapping_mul(0xC2B2_AE3D);
    x ^ (x >> 16)
}

/// The salt of the sampled forms.
pub const SALT: u32 = 0x5EED;

/// The PTX lines of `scrambled(%r4, salt)` into `%out`, using `%t1..%t3`.
fn scramble_ptx(out: &str, salt: u32) -> String {
    format!(
        "mad.lo.u32 %t1, %r4, 0x9E3779B1, {salt};\n\
         shr.u32 %t2, %t1, 15; xor.b32 %t1, %t1, %t2; mul.lo.u32 %t1, %t1, 0x85EBCA77;\n\
         shr.u32 %t2, %t1, 13; xor.b32 %t1, %t1, %t2; mul.lo.u32 %t1, %t1, 0xC2B2AE3D;\n\
         shr.u32 %t2, %t1, 16; xor.b32 {out}, %t1, %t2;\n"
    )
}

/// The module whose kernel `k(out, base)` writes, for each thread `i`,
/// `form` applied to operand `base + i` (or to the sampled operand `i`)
/// at `out[i]` (a `.b32`; a `.b64` for [`Shape::F64`]).
pub fn module(form: &Form) -> String {
    let op = form.name;
    let (compute, store) = match form.shape {
        Shape::F32 => (
            format!("mov.b32 %f1, %r6;\n{op} %f2, %f1;\nmov.b32 %r7, %f2;\n"),
            "st.global.b32 [%rd3], %r7;",
        ),
        Shape::Pair => (format!("{op} %r7, %r6;\n"), "st.global.b32 [%rd3], %r7;"),
        Shape::Half => (
            format!("cvt.u16.u32 %h1, %r6;\n{op} %h2, %h1;\ncvt.u32.u16 %r7, %h2;\n"),
            "st.global.b32 [%rd3], %r7;",
        ),
        Shape::Upper => (
            // A nonzero lower word of the result would be stored as such a
            // pattern that no upper word matches it.
            format!(
                "mov.b64 %fd1, {{%r0, %r6}};\n{op} %fd2, %fd1;\nmov.b64 {{%r8, %r7}}, %fd2;\n\
                 setp.ne.u32 %p1, %r8, 0;\n@%p1 mov.u32 %r7, 0xDEADBEEF;\n"
            ),
            "st.global.b32 [%rd3], %r7;",
        ),
        Shape::F32x2 => (
            format!(
                "{}{}mov.b32 %f1, %r6;\nmov.b32 %f3, %r8;\n{op} %f2, %f1, %f3;\nmov.b32 %r7, %f2;\n",
                scramble_ptx("%r6", SALT),
                scramble_ptx("%r8", !SALT)
            ),
            "st.global.b32 [%rd3], %r7;",
        ),
        Shape::F64 => (
            format!(
                "{}{}mov.b64 %fd1, {{%r8, %r6}};\n{op} %fd2, %fd1;\nmov.b64 %rd4, %fd2;\n",
                scramble_ptx("%r6", SALT),
                scramble_ptx("%r8", !SALT)
            ),
            "st.global.b64 [%rd3], %rd4;",
        ),
    };
    let width = width(form);
    format!(
        ".version 8.0\n.target sm_90\n.address_size 64\n\
         .visible .entry k(.param .u64 out, .param .u32 base, .param .u32 n)\n{{\n\
         .reg .b32 %r<9>;\n.reg .b32 %t<4>;\n.reg .b64 %rd<5>;\n.reg .f32 %f<4>;\n\
         .reg .f64 %fd<3>;\n.reg .b16 %h<3>;\n.reg .pred %p<3>;\n\
         mov.u32 %r0, 0;\nmov.u32 %r1, %ctaid.x;\nmov.u32 %r2, %ntid.x;\nmov.u32 %r3, %tid.x;\n\
         mad.lo.u32 %r4, %r1, %r2, %r3;\nld.param.u32 %r5, [n];\n\
         setp.ge.u32 %p2, %r4, %r5;\n@%p2 ret;\n\
         ld.param.u32 %r5, [base];\nadd.u32 %r4, %r4, %r5;\nmov.u32 %r6, %r4;\n\
         {compute}\
         ld.param.u64 %rd1, [out];\ncvta.to.global.u64 %rd1, %rd1;\n\
         sub.u32 %r4, %r4, %r5;\nmul.wide.u32 %rd2, %r4, {width};\nadd.u64 %rd3, %rd1, %rd2;\n\
         {store}\nret;\n}}\n"
    )
}

/// How many operands a form is compared over: every one, or `2^sample_log`.
pub fn operands(form: &Form, sample_log: u32) -> u64 {
    match form.shape {
        Shape::F32 | Shape::Pair | Shape::Upper => 1 << 32,
        Shape::Half => 1 << 16,
        Shape::F32x2 | Shape::F64 => 1 << sample_log,
    }
}

/// What a comparison found.
#[derive(Clone, Debug, Default)]
pub struct Tally {
    /// Operands compared.
    pub operands: u64,
    /// Operands whose results differ.
    pub differ: u64,
    /// The first few: (operand index, simulator, GPU).
    pub examples: Vec<(u32, u64, u64)>,
}

/// Why a comparison could not run.
#[derive(Debug, thiserror::Error)]
pub enum SfuError {
    /// The generated module does not load.
    #[error(transparent)]
    Load(#[from] LoadError),
    /// The kernel could not be launched, or failed.
    #[error(transparent)]
    Kernel(#[from] KernelError),
}

/// The GPU's (or, to test this harness, the simulator's) results for
/// `form` at operand indices `base .. base + n`: the launch's report and
/// the buffer the kernel wrote them into.
pub fn results(
    form: &Form,
    module: &Module,
    base: u32,
    n: u32,
    backend: Backend,
) -> Result<(KernelReport, Buffer), SfuError> {
    let mut launch = module.kernel("k")?;
    let out = launch.buffer(vec![0; n as usize * width(form)]);
    launch
        .grid(n.div_ceil(256))
        .block(256)
        .arg(out)
        .arg(base)
        .arg(n)
        .backend(backend);
    let report = launch.run()?;
    Ok((report, out))
}

/// Bytes per result.
fn width(form: &Form) -> usize {
    if form.shape == Shape::F64 { 8 } else { 4 }
}

/// Compares results `bytes` of operand indices from `base` on with the
/// simulator's, on `threads` cores.
pub fn tally(form: &Form, base: u32, bytes: &[u8], threads: usize) -> Tally {
    let width = width(form);
    let n = bytes.len() / width;
    let per = n.div_ceil(threads.max(1)).max(1);
    let tallies: Vec<Tally> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..n)
            .step_by(per)
            .map(|start| {
                let end = (start + per).min(n);
                s.spawn(move || {
                    let mut t = Tally::default();
                    for k in start..end {
                        let mut v = [0u8; 8];
                        v[..width].copy_from_slice(&bytes[k * width..(k + 1) * width]);
                        let gpu = u64::from_le_bytes(v);
                        let i = base.wrapping_add(k as u32);
                        t.add(i, (form.simulate)(i), gpu);
                    }
                    t
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("a comparing thread"))
            .collect()
    });
    tallies.into_iter().fold(Tally::default(), Tally::merge)
}

impl Tally {
    /// Counts one comparison.
    fn add(&mut self, i: u32, sim: u64, gpu: u64) {
        self.operands += 1;
        if sim != gpu {
            self.differ += 1;
            if self.examples.len() < 4 {
                self.examples.push((i, sim, gpu));
            }
        }
    }

    /// Both tallies together.
    pub fn merge(mut self, other: Tally) -> Tally {
        self.operands += other.operands;
        self.differ += other.differ;
        self.examples.extend(other.examples);
        self.examples.truncate(4);
        self
    }
}

/// Compares `form` over every operand it is compared over, the GPU
/// computing each chunk of `2^chunk_log` while the previous one is
/// compared.
pub fn compare(
    form: &Form,
    chunk_log: u32,
    sample_log: u32,
    backend: Backend,
    threads: usize,
) -> Result<Tally, SfuError> {
    let module = Module::from_ptx(&module(form))?;
    let total = operands(form, sample_log);
    let chunk = 1u64 << chunk_log.min(30);
    std::thread::scope(|s| {
        let mut done = Tally::default();
        let mut pending: Option<std::thread::ScopedJoinHandle<'_, Tally>> = None;
        let mut base = 0u64;
        while base < total {
            let n = chunk.min(total - base) as u32;
            let (report, out) = results(form, &module, base as u32, n, backend)?;
            if let Some(p) = pending.take() {
                done = done.merge(p.join().expect("a comparison"));
            }
            let at = base as u32;
            pending = Some(s.spawn(move || tally(form, at, report.bytes(out), threads)));
            base += u64::from(n);
        }
        if let Some(p) = pending {
            done = done.merge(p.join().expect("a comparison"));
        }
        Ok(done)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use ptx_core::module::check_module_text;

    #[test]
    fn every_forms_module_passes_the_checker() {
        for form in FORMS {
            let text = module(form);
            let errors = check_module_text(&text);
            assert!(errors.is_empty(), "{}: {errors:?}\n{text}", form.name);
        }
    }

    #[test]
    fn the_harness_agrees_with_itself_in_the_simulator() {
        // The simulator running the kernel computes what `Form::simulate` does:
        // this checks the kernels' operands (base, lanes, the sampled
        // mix) and the read-back, so a GPU difference is the hardware's.
        for form in FORMS {
            let m = Module::from_ptx(&module(form)).unwrap();
            let base = if form.shape == Shape::Half {
                0xff80
            } else {
                0x3f7f_ffc0
            };
            let (report, out) = results(form, &m, base, 128, Backend::Simulator).unwrap();
            let t = tally(form, base, report.bytes(out), 2);
            assert_eq!(
                (t.operands, t.differ),
                (128, 0),
                "{}: {:x?}",
                form.name,
                t.examples
            );
        }
    }

    #[test]
    fn a_whole_half_form_compares_chunk_by_chunk() {
        let form = FORMS.iter().find(|f| f.name == "tanh.approx.f16").unwrap();
        let t = compare(form, 14, 0, Backend::Simulator, 2).unwrap();
        assert_eq!((t.operands, t.differ), (1 << 16, 0));
    }

    #[test]
    fn scrambled_is_the_probes_mix() {
        // The first two operands of the probe's sampled `.f32` forms: the
        // H100's results for them match the simulator's at these operands
        // (tests/special_functions.rs), so the device computed the same mix.
        assert_eq!(scrambled(0, SALT), 2_041_734_496);
        assert_eq!(scrambled(1, SALT), 3_201_108_978);
    }
}
