//! Device memory that outlives launches: allocations used by several
//! launches of modules and closures in turn, module variables that keep
//! their values between launches, and the faults of a kernel that misuses
//! an allocation.

use ptx::device::{Device, DeviceError};
use ptx::kernel::Module;
use ptx::launch::{Fault, Launch, MemoryFault, StateSpace};
use ptx::ptx;

/// `out[i] = in[i] * k` for the CTA's threads.
const SCALE: &str = r#"
.version 8.0
.target sm_90
.address_size 64
.visible .entry scale(.param .u64 out, .param .u64 in, .param .u32 k) {
    .reg .b32 %r<4>;
    .reg .b64 %rd<5>;
    ld.param.u64 %rd1, [out];
    ld.param.u64 %rd2, [in];
    ld.param.u32 %r1, [k];
    mov.u32 %r2, %tid.x;
    mul.wide.u32 %rd3, %r2, 4;
    add.s64 %rd2, %rd2, %rd3;
    add.s64 %rd1, %rd1, %rd3;
    ld.global.u32 %r3, [%rd2];
    mul.lo.u32 %r3, %r3, %r1;
    st.global.u32 [%rd1], %r3;
    ret;
}"#;

/// Adds 1 to the module's `.global` counter, once per launch (thread 0),
/// and stores the count it saw before into `seen`.
const COUNTER: &str = r#"
.version 8.0
.target sm_90
.address_size 64
.global .align 4 .u32 counter = 5;
.visible .entry bump(.param .u64 seen) {
    .reg .b32 %r<2>;
    .reg .b64 %rd<2>;
    ld.param.u64 %rd1, [seen];
    atom.global.add.u32 %r1, [counter], 1;
    st.global.u32 [%rd1], %r1;
    ret;
}"#;

#[test]
fn one_kernels_output_is_the_next_ones_input() {
    let module = Module::from_ptx(SCALE).unwrap();
    let device = Device::simulator();
    let a = device.upload(&[1u32, 2, 3, 4]).unwrap();
    let b = device.alloc_zeros::<u32>(4).unwrap();
    // a → b (×3), b → a (×5), a → b (×7): b = in × 105.
    for (out, input, k) in [(&b, &a, 3u32), (&a, &b, 5), (&b, &a, 7)] {
        let mut launch = module.kernel("scale").unwrap();
        launch.block(4).arg(out).arg(input).arg(k);
        device.launch(&launch).unwrap();
    }
    assert_eq!(device.read(&a).unwrap(), [15, 30, 45, 60]);
    assert_eq!(device.read(&b).unwrap(), [105, 210, 315, 420]);
}

#[test]
fn a_module_and_a_closure_launch_take_turns_on_one_allocation() {
    let module = Module::from_ptx(SCALE).unwrap();
    let device = Device::simulator();
    let data = device.upload(&[10u32; 64]).unwrap();
    for round in 0..3u32 {
        // Each thread of two CTAs adds its global index.
        device
            .run(&Launch::new(2, 32), |t| {
                let i = (t.ctaid[0] * 32 + t.tid[0]) as usize;
                ptx!("red.global.add.u32 [%0], %1;" :: "l"(data.at(i)), "r"(i as u32) : "memory");
            })
            .unwrap();
        // Then the first 32 values double.
        let mut launch = module.kernel("scale").unwrap();
        launch.block(32).arg(&data).arg(&data).arg(2u32);
        device.launch(&launch).unwrap();
        let values = device.read(&data).unwrap();
        // Round r leaves x = 2(x + i) below 32, x + i from 32 up.
        let expected = |i: u32, rounds: u32| {
            (0..rounds).fold(10, |x, _| if i < 32 { 2 * (x + i) } else { x + i })
        };
        assert_eq!(values[5], expected(5, round + 1), "round {round}");
        assert_eq!(values[40], expected(40, round + 1), "round {round}");
    }
}

#[test]
fn a_launch_sees_device_memory_beside_its_own_buffers() {
    let module = Module::from_ptx(SCALE).unwrap();
    let device = Device::simulator();
    let input = device.upload(&[7u32, 8]).unwrap();
    let mut launch = module.kernel("scale").unwrap();
    let out = launch.zeroed::<u32>(2);
    launch.block(2).arg(out).arg(&input).arg(6u32);
    let report = device.launch(&launch).unwrap();
    assert_eq!(report.read::<u32>(out), [42, 48]);
    assert_eq!(device.read(&input).unwrap(), [7, 8]);
}

#[test]
fn module_variables_keep_their_values_from_launch_to_launch() {
    let module = Module::from_ptx(COUNTER).unwrap();
    let device = Device::simulator();
    let seen = device.alloc_zeros::<u32>(1).unwrap();
    let mut launch = module.kernel("bump").unwrap();
    launch.arg(&seen);
    // The initialiser is 5; three launches count 5, 6, 7.
    for expected in 5..8u32 {
        device.launch(&launch).unwrap();
        assert_eq!(device.read(&seen).unwrap(), [expected]);
    }
    assert_eq!(
        device.read_global(&module, "counter").unwrap(),
        8u32.to_le_bytes()
    );
    device
        .write_global(&module, "counter", &100u32.to_le_bytes())
        .unwrap();
    device.launch(&launch).unwrap();
    assert_eq!(device.read(&seen).unwrap(), [100]);
    // Another device has its own copy, from the initialiser.
    let other = Device::simulator();
    assert_eq!(
        other.read_global(&module, "counter").unwrap(),
        5u32.to_le_bytes()
    );
    assert_eq!(
        device.read_global(&module, "count"),
        Err(DeviceError::NoVariable {
            name: "count".into(),
            variables: vec!["counter".into()]
        })
    );
}

#[test]
fn a_store_past_an_allocation_faults_naming_it() {
    let module = Module::from_ptx(SCALE).unwrap();
    let device = Device::simulator();
    let input = device.upload(&[1u32; 4]).unwrap();
    let out = device.alloc_zeros::<u32>(3).unwrap();
    let mut launch = module.kernel("scale").unwrap();
    launch.block(4).arg(&out).arg(&input).arg(1u32);
    let err = device.launch(&launch).unwrap_err();
    let DeviceError::Kernel(err) = err else {
        panic!("not a kernel's fault: {err}");
    };
    // Thread 3 stores the fourth word of a 12-byte allocation: into the
    // gap after it, which names the allocation it ran off.
    let fault = &err.faults()[0];
    match &fault.fault {
        Fault::Memory(MemoryFault::Unmapped {
            space,
            address,
            nearest: Some(nearest),
            ..
        }) => {
            assert_eq!((*space, *address), (StateSpace::Global, out.at(3)));
            assert_eq!(nearest.addresses, out.addr()..out.addr() + 12);
        }
        other => panic!("expected a store past the allocation, got {other}"),
    }
    // The device goes on. The warp's store faulted as one instruction,
    // so none of its lanes stored.
    assert_eq!(device.read(&out).unwrap(), [0, 0, 0]);
}

#[test]
fn a_kernel_that_reads_freed_memory_faults() {
    let module = Module::from_ptx(SCALE).unwrap();
    let device = Device::simulator();
    let out = device.alloc_zeros::<u32>(1).unwrap();
    let freed = device.upload(&[1u32]).unwrap().addr();
    let mut launch = module.kernel("scale").unwrap();
    launch
        .arg(&out)
        .arg(ptx::kernel::Arg::Pointer(freed))
        .arg(1u32);
    let err = device.launch(&launch).unwrap_err();
    assert!(
        matches!(&err, DeviceError::Kernel(e)
            if matches!(e.faults()[0].fault, Fault::Memory(MemoryFault::Unmapped { address, .. }) if address == freed)),
        "{err}"
    );
}

#[test]
fn a_thread_of_a_launch_cannot_use_the_devices_host_api() {
    let device = Device::simulator();
    let data = device.upload(&[1u32]).unwrap();
    let report = device
        .run(&Launch::new(1, 1), |_| device.read(&data))
        .unwrap();
    assert_eq!(report.results, [Err(DeviceError::Busy)]);
    // After the launch the device answers again.
    assert_eq!(device.read(&data).unwrap(), [1]);
}

#[test]
fn a_buffer_dropped_during_a_launch_is_freed_after_it() {
    let device = Device::simulator();
    let kept = device.upload(&[3u32]).unwrap();
    let dropped = device.upload(&[4u32]).unwrap();
    let addr = dropped.addr();
    let cell = std::sync::Mutex::new(Some(dropped));
    device
        .run(&Launch::new(1, 1), |_| drop(cell.lock().unwrap().take()))
        .unwrap();
    assert_eq!(
        device.read_bytes(addr, 4),
        Err(DeviceError::Unmapped { addr })
    );
    assert_eq!(device.read(&kept).unwrap(), [3]);
}

#[test]
fn host_copies_are_checked_against_the_buffers() {
    let device = Device::simulator();
    let small = device.alloc_zeros::<u16>(2).unwrap();
    assert_eq!(
        device.write(&small, &[1, 2, 3]),
        Err(DeviceError::Length { given: 3, len: 2 })
    );
    let big = device.upload(&[9u16, 8, 7]).unwrap();
    assert_eq!(
        device.copy(&small, &big),
        Err(DeviceError::Length { given: 3, len: 2 })
    );
    device.copy(&big, &small).unwrap();
    assert_eq!(device.read(&big).unwrap(), [0, 0, 7]);
}
