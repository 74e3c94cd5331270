//! The GPU backend where there may be no GPU (CI has none): `Gpu` is an
//! error that says why, `Auto` falls back to the simulator and says why,
//! `Both` needs the GPU; on a machine with one, each runs there.
//! `tools/gates/gpu-backend/prove.sh` is the proof on an H100 (its output:
//! `tests/data/gpu/`).

use ptx_sim::kernel::{Backend, KernelError, Module, Ran};
use std::process::Command;

const ADD_ONE: &str = "
.version 8.0
.target sm_90
.address_size 64
.visible .entry add_one(.param .u64 data) {
    .reg .b32 %r<3>;
    .reg .b64 %rd<4>;
    ld.param.u64 %rd1, [data];
    cvta.to.global.u64 %rd1, %rd1;
    mov.u32 %r1, %tid.x;
    mul.wide.u32 %rd2, %r1, 4;
    add.s64 %rd3, %rd1, %rd2;
    ld.global.u32 %r2, [%rd3];
    add.u32 %r2, %r2, 1;
    st.global.u32 [%rd3], %r2;
    ret;
}";

#[test]
fn each_backend_runs_where_it_says_or_says_why_not() {
    let module = Module::from_ptx(ADD_ONE).unwrap();
    let mut launch = module.kernel("add_one").unwrap();
    let data = launch.buffer_from(&[10u32, 20, 30, 40]);
    launch.block(4).arg(data);

    let simulated = launch.backend(Backend::Simulator).run().unwrap();
    assert_eq!(simulated.ran, Ran::Simulator);
    assert_eq!(simulated.read::<u32>(data), [11, 21, 31, 41]);

    match launch.backend(Backend::Gpu).run() {
        Ok(report) => {
            assert!(matches!(report.ran, Ran::Gpu(_)));
            assert_eq!(report.read::<u32>(data), [11, 21, 31, 41]);
        }
        Err(KernelError::Gpu { entry, detail }) => {
            assert_eq!(entry, "add_one");
            assert!(!detail.is_empty());
            // Auto says the same reason and runs in the simulator.
            let auto = launch.backend(Backend::Auto).run().unwrap();
            assert_eq!(auto.ran, Ran::Simulator);
            assert_eq!(auto.fallback.as_deref(), Some(detail.as_str()));
            assert_eq!(auto.read::<u32>(data), [11, 21, 31, 41]);
            // Both needs the GPU.
            assert!(matches!(
                launch.backend(Backend::Both).run(),
                Err(KernelError::Gpu { .. })
            ));
            return;
        }
        Err(other) => panic!("{other}"),
    }
    // A GPU answered: both agree on this kernel.
    let both = launch.backend(Backend::Both).run().unwrap();
    assert!(!both.differs());
    assert_eq!(both.difference(data), None);
}

#[test]
fn the_command_says_why_it_cannot_use_a_gpu() {
    let dir = tempfile::tempdir().unwrap();
    let module = dir.path().join("add_one.ptx");
    std::fs::write(&module, ADD_ONE).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_ptxsim"))
        .args(["run", module.to_str().unwrap(), "--block", "4"])
        .args(["--arg", "buf:u32:4:arange", "--gpu"])
        .output()
        .unwrap();
    let text =
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    if out.status.success() {
        assert!(text.contains("ran on"), "{text}");
        assert!(text.contains("1, 2, 3, 4"), "{text}");
    } else {
        assert_eq!(out.status.code(), Some(2), "{text}");
        assert!(text.contains("kernel `add_one` on the GPU:"), "{text}");
    }
}

/// A chain of launches over device memory: `add_one` three times over one
/// allocation, a module variable counting the launches, a copy device to
/// device and a memset between them.
fn chain_on(device: &ptx_sim::device::Device) -> (Vec<u32>, Vec<u32>, Vec<u8>) {
    const COUNTED: &str = "
.version 8.0
.target sm_90
.address_size 64
.global .align 4 .u32 launches = 40;
.visible .entry count() {
    atom.global.add.u32 %r1, [launches], 1;
    ret;
}
.reg .b32 %r1;";
    let add_one = Module::from_ptx(ADD_ONE).unwrap();
    let counted = Module::from_ptx(
        &COUNTED
            .replace(".reg .b32 %r1;", "")
            .replace("count() {", "count() {\n    .reg .b32 %r1;"),
    )
    .unwrap();
    let data = device.upload(&[10u32, 20, 30, 40]).unwrap();
    let copy = device.alloc_zeros::<u32>(4).unwrap();
    for _ in 0..3 {
        let mut launch = add_one.kernel("add_one").unwrap();
        launch.block(4).arg(&data);
        device.launch(&launch).unwrap();
        device.launch(&counted.kernel("count").unwrap()).unwrap();
    }
    device.copy(&copy, &data).unwrap();
    device.fill_bytes(copy.at(1), 0xff, 4).unwrap();
    (
        device.read(&data).unwrap(),
        device.read(&copy).unwrap(),
        device.read_global(&counted, "launches").unwrap(),
    )
}

#[test]
fn a_device_holds_memory_across_launches_in_the_simulator_and_on_a_gpu() {
    use ptx_sim::device::{Device, DeviceError};
    let simulated = chain_on(&Device::simulator());
    assert_eq!(simulated.0, [13, 23, 33, 43]);
    assert_eq!(simulated.1, [13, u32::MAX, 33, 43]);
    assert_eq!(simulated.2, 43u32.to_le_bytes());
    match Device::gpu() {
        Ok(gpu) => {
            assert_eq!(chain_on(&gpu), simulated, "on {}", gpu.name());
            println!("the device chain ran on {} as in the simulator", gpu.name());
        }
        Err(DeviceError::NoGpu(why)) => assert!(!why.is_empty()),
        Err(other) => panic!("{other}"),
    }
}
