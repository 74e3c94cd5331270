//! A Rust program written against cudarc's safe driver API, unchanged,
//! on the stand-in: cudarc opens `libcuda.so` by name at its first call,
//! so this test runs itself again with the library's folder first on
//! `LD_LIBRARY_PATH` (the loader reads it only at a process's start), and
//! the second run is the program.
//!
//! What it checks, each against arithmetic done here on the host: the
//! device's name and compute capability, a module of PTX text loaded and
//! launched (saxpy, on values whose products are exact in f32), a
//! `.const` array written through `get_global` and read by a kernel, a
//! second stream, and the driver's error for a kernel name the module
//! lacks.

mod common;

use cudarc::driver::sys::CUdevice_attribute;
use cudarc::driver::{CudaContext, DriverError, LaunchConfig, PushKernelArg};
use cudarc::nvrtc::Ptx;
use std::process::Command;

/// Set in the second run: it is the program.
const CHILD: &str = "PTX_LIBCUDA_CUDARC_CHILD";

const PTX: &str = r#"
.version 8.0
.target sm_90
.address_size 64

.const .align 4 .f32 coefficients[4];

// y[i] = a * x[i] + y[i]
.visible .entry saxpy(.param .u64 y, .param .u64 x, .param .f32 a, .param .u32 n)
{
    .reg .pred %p;
    .reg .b32 %r<5>;
    .reg .f32 %f<4>;
    .reg .b64 %rd<6>;
    mov.u32 %r1, %ctaid.x;
    mov.u32 %r2, %ntid.x;
    mov.u32 %r3, %tid.x;
    mad.lo.s32 %r4, %r1, %r2, %r3;
    ld.param.u32 %r1, [n];
    setp.ge.u32 %p, %r4, %r1;
    @%p bra DONE;
    ld.param.u64 %rd1, [y];
    ld.param.u64 %rd2, [x];
    cvta.to.global.u64 %rd1, %rd1;
    cvta.to.global.u64 %rd2, %rd2;
    mul.wide.u32 %rd3, %r4, 4;
    add.s64 %rd4, %rd1, %rd3;
    add.s64 %rd5, %rd2, %rd3;
    ld.global.f32 %f1, [%rd5];
    ld.global.f32 %f2, [%rd4];
    ld.param.f32 %f3, [a];
    fma.rn.f32 %f2, %f3, %f1, %f2;
    st.global.f32 [%rd4], %f2;
DONE:
    ret;
}

// out[i] = c0 + c1 x + c2 x^2 + c3 x^3 (Horner), x = in[i]
.visible .entry polynomial(.param .u64 out, .param .u64 in, .param .u32 n)
{
    .reg .pred %p;
    .reg .b32 %r<5>;
    .reg .f32 %f<7>;
    .reg .b64 %rd<6>;
    mov.u32 %r1, %ctaid.x;
    mov.u32 %r2, %ntid.x;
    mov.u32 %r3, %tid.x;
    mad.lo.s32 %r4, %r1, %r2, %r3;
    ld.param.u32 %r1, [n];
    setp.ge.u32 %p, %r4, %r1;
    @%p bra DONE;
    ld.param.u64 %rd1, [out];
    ld.param.u64 %rd2, [in];
    cvta.to.global.u64 %rd1, %rd1;
    cvta.to.global.u64 %rd2, %rd2;
    mul.wide.u32 %rd3, %r4, 4;
    add.s64 %rd4, %rd1, %rd3;
    add.s64 %rd5, %rd2, %rd3;
    ld.global.f32 %f1, [%rd5];
    ld.const.f32 %f2, [coefficients+12];
    ld.const.f32 %f3, [coefficients+8];
    fma.rn.f32 %f2, %f2, %f1, %f3;
    ld.const.f32 %f3, [coefficients+4];
    fma.rn.f32 %f2, %f2, %f1, %f3;
    ld.const.f32 %f3, [coefficients];
    fma.rn.f32 %f2, %f2, %f1, %f3;
    st.global.f32 [%rd4], %f2;
DONE:
    ret;
}
"#;

fn main() {
    if std::env::var_os(CHILD).is_some() {
        if let Err(e) = program() {
            eprintln!("the cudarc program failed: {e:?}");
            std::process::exit(1);
        }
        println!("cudarc program: all checks passed");
        return;
    }
    let output = Command::new(std::env::current_exe().expect("this test's path"))
        .env(CHILD, "1")
        .env("LD_LIBRARY_PATH", common::library_dir())
        .env_remove("PTX_SIM_CHECKS")
        .output()
        .expect("the test runs itself");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    println!("--- stdout\n{stdout}--- stderr\n{stderr}");
    assert!(output.status.success(), "the cudarc program failed");
    // The device is the stand-in's, not a GPU the machine may have.
    assert!(
        stdout.contains("(ptx-sim): sm_90"),
        "not the stand-in's device"
    );
    assert!(stdout.contains("cudarc program: all checks passed"));
    println!("test a_cudarc_program_runs_unchanged ... ok");
}

/// The program, as a cudarc user writes it.
fn program() -> Result<(), DriverError> {
    let ctx = CudaContext::new(0)?;
    let name = ctx.name()?;
    let major = ctx.attribute(CUdevice_attribute::CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR)?;
    let minor = ctx.attribute(CUdevice_attribute::CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR)?;
    println!("{name}: sm_{major}{minor}");
    assert_eq!((major, minor), (9, 0), "an H100 is sm_90");

    let stream = ctx.default_stream();
    let module = ctx.load_module(Ptx::from_src(PTX))?;

    // saxpy over 1000 elements, 4 blocks of 256 (the last one partly
    // idle): y = 3x + y with x = i and y = 2i is 5i, exact in f32.
    let n = 1000u32;
    let x: Vec<f32> = (0..n).map(|i| i as f32).collect();
    let y: Vec<f32> = (0..n).map(|i| 2.0 * i as f32).collect();
    let x_dev = stream.clone_htod(&x)?;
    let mut y_dev = stream.clone_htod(&y)?;
    let saxpy = module.load_function("saxpy")?;
    let a = 3.0f32;
    unsafe {
        stream
            .launch_builder(&saxpy)
            .arg(&mut y_dev)
            .arg(&x_dev)
            .arg(&a)
            .arg(&n)
            .launch(LaunchConfig::for_num_elems(n))
    }?;
    let y = stream.clone_dtoh(&y_dev)?;
    let expected: Vec<f32> = (0..n).map(|i| 5.0 * i as f32).collect();
    assert_eq!(y, expected, "saxpy");
    println!("saxpy: correct");

    // The `.const` coefficients through the module's global: 1 + 2x +
    // 3x^2 + 4x^3, exact in f32 for these small x, on a second stream.
    let other = ctx.new_stream()?;
    let mut symbol = module.get_global("coefficients", &other)?;
    assert_eq!(symbol.len(), 16, "four f32");
    let mut coefficients = unsafe { symbol.transmute_mut::<f32>(4) }.expect("16 bytes");
    other.memcpy_htod(&[1.0f32, 2.0, 3.0, 4.0], &mut coefficients)?;
    let input = [0.0f32, 1.0, 2.0, 3.0, -1.0, 0.5];
    let input_dev = other.clone_htod(&input)?;
    let mut output_dev = other.alloc_zeros::<f32>(input.len())?;
    let polynomial = module.load_function("polynomial")?;
    unsafe {
        other
            .launch_builder(&polynomial)
            .arg(&mut output_dev)
            .arg(&input_dev)
            .arg(&(input.len() as u32))
            .launch(LaunchConfig::for_num_elems(input.len() as u32))
    }?;
    other.synchronize()?;
    let output = other.clone_dtoh(&output_dev)?;
    // 1, 1+2+3+4, 1+4+12+32, 1+6+27+108, 1-2+3-4, 1+1+0.75+0.5
    assert_eq!(output, [1.0, 10.0, 49.0, 142.0, -2.0, 3.25], "polynomial");
    println!("polynomial from __constant__ coefficients: correct");

    // A kernel the module lacks: the driver's CUDA_ERROR_NOT_FOUND.
    let missing = module.load_function("no_such_kernel").err();
    let code = missing.map(|DriverError(code)| code);
    assert_eq!(
        code,
        Some(cudarc::driver::sys::cudaError_enum::CUDA_ERROR_NOT_FOUND),
        "a missing kernel"
    );
    println!("a missing kernel: CUDA_ERROR_NOT_FOUND");
    Ok(())
}
