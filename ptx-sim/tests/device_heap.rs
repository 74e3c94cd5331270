//! A kernel's `malloc` and `free` (CUDA C++ Programming Guide, "Dynamic
//! Global Memory Allocation and Operations") on a `Device`: what one
//! launch allocates the next one reads and frees; the heap holds as many
//! blocks as its size divided by theirs rounded up to 16 bytes, and gives
//! NULL beyond; `free(NULL)` does nothing; a double free is a fault naming
//! the thread, the statement and the address; the host cannot reach the
//! heap, and its size is fixed once a kernel used it. The calls are
//! written as nvcc 13.0 writes them (`.param` arguments in a call block).

use ptx_core::StateSpace;
use ptx_sim::check::Checks;
use ptx_sim::device::{DEFAULT_HEAP_SIZE, Device, DeviceError};
use ptx_sim::fault::{BadFree, Fault, Finding, MemoryFault};
use ptx_sim::kernel::{KernelError, Module};

/// `alloc(ptrs, bytes, nulls)`: thread `i` of the grid mallocs `bytes`,
/// stores the pointer in `ptrs[i]` and, if it got one, `3 * i` in its
/// first word; a thread that got NULL adds 1 to `*nulls`.
/// `take(ptrs, out)`: thread `i` reads the first word of `ptrs[i]` into
/// `out[i]` and frees it (`free(NULL)` for a thread that got none).
/// `free_twice(ptrs)`: thread 0 frees `ptrs[0]` twice.
/// `peek(ptrs, out, offset)`: thread `i` of one CTA reads the word
/// `offset` bytes into `ptrs[i]`'s block into `out[i]`.
const HEAP_PTX: &str = r#"
.version 8.0
.target sm_90
.address_size 64
.extern .func (.param .b64 func_retval0) malloc(.param .b64 malloc_param_0);
.extern .func free(.param .b64 free_param_0);

.visible .entry alloc(.param .u64 ptrs, .param .u64 bytes, .param .u64 nulls) {
    .reg .pred %p;
    .reg .b32 %r<5>;
    .reg .b64 %rd<7>;
    ld.param.u64 %rd1, [ptrs];
    ld.param.u64 %rd2, [bytes];
    ld.param.u64 %rd3, [nulls];
    mov.u32 %r1, %ntid.x;
    mov.u32 %r2, %ctaid.x;
    mov.u32 %r4, %tid.x;
    mad.lo.s32 %r3, %r2, %r1, %r4;
    {
    .param .b64 param0;
    st.param.b64 [param0+0], %rd2;
    .param .b64 retval0;
    call.uni (retval0), malloc, (param0);
    ld.param.b64 %rd4, [retval0+0];
    }
    mul.wide.u32 %rd5, %r3, 8;
    add.s64 %rd6, %rd1, %rd5;
    st.global.u64 [%rd6], %rd4;
    setp.eq.s64 %p, %rd4, 0;
    @%p red.global.add.u32 [%rd3], 1;
    @%p bra DONE;
    mul.lo.u32 %r4, %r3, 3;
    st.u32 [%rd4], %r4;
DONE:
    ret;
}

.visible .entry take(.param .u64 ptrs, .param .u64 out) {
    .reg .pred %p;
    .reg .b32 %r<5>;
    .reg .b64 %rd<8>;
    ld.param.u64 %rd1, [ptrs];
    ld.param.u64 %rd2, [out];
    mov.u32 %r1, %ntid.x;
    mov.u32 %r2, %ctaid.x;
    mov.u32 %r4, %tid.x;
    mad.lo.s32 %r3, %r2, %r1, %r4;
    mul.wide.u32 %rd5, %r3, 8;
    add.s64 %rd6, %rd1, %rd5;
    ld.global.u64 %rd4, [%rd6];
    setp.eq.s64 %p, %rd4, 0;
    @%p bra FREE;
    ld.u32 %r4, [%rd4];
    mul.wide.u32 %rd5, %r3, 4;
    add.s64 %rd7, %rd2, %rd5;
    st.global.u32 [%rd7], %r4;
FREE:
    {
    .param .b64 param0;
    st.param.b64 [param0+0], %rd4;
    call.uni free, (param0);
    }
    ret;
}

.visible .entry peek(.param .u64 ptrs, .param .u64 out, .param .u64 offset) {
    .reg .b32 %r<3>;
    .reg .b64 %rd<8>;
    ld.param.u64 %rd1, [ptrs];
    ld.param.u64 %rd2, [out];
    ld.param.u64 %rd3, [offset];
    mov.u32 %r1, %tid.x;
    mul.wide.u32 %rd4, %r1, 8;
    add.s64 %rd4, %rd1, %rd4;
    ld.global.u64 %rd5, [%rd4];
    add.s64 %rd5, %rd5, %rd3;
    ld.u32 %r2, [%rd5];
    mul.wide.u32 %rd6, %r1, 4;
    add.s64 %rd7, %rd2, %rd6;
    st.global.u32 [%rd7], %r2;
    ret;
}

.visible .entry free_twice(.param .u64 ptrs) {
    .reg .pred %p;
    .reg .b32 %r1;
    .reg .b64 %rd<3>;
    mov.u32 %r1, %tid.x;
    setp.ne.u32 %p, %r1, 0;
    @%p bra DONE;
    ld.param.u64 %rd1, [ptrs];
    ld.global.u64 %rd2, [%rd1];
    {
    .param .b64 param0;
    st.param.b64 [param0+0], %rd2;
    call.uni free, (param0);
    }
    {
    .param .b64 param0;
    st.param.b64 [param0+0], %rd2;
    call.uni free, (param0);
    }
DONE:
    ret;
}
"#;

fn module() -> Module {
    Module::from_ptx(HEAP_PTX).unwrap()
}

#[test]
fn what_one_launch_allocates_the_next_reads_and_frees() {
    let device = Device::simulator();
    let m = module();
    assert!(m.uses_heap());
    // 4 CTAs of 64 threads, 24 bytes each (32 with rounding): 8 KiB of
    // the default 8 MiB heap.
    let threads = 256;
    let ptrs = device.alloc_zeros::<u64>(threads).unwrap();
    let nulls = device.alloc_zeros::<u32>(1).unwrap();
    let out = device.alloc_zeros::<u32>(threads).unwrap();
    let mut alloc = m.kernel("alloc").unwrap();
    alloc.grid(4).block(64).arg(&ptrs).arg(24u64).arg(&nulls);
    device.launch(&alloc).unwrap();
    assert_eq!(device.read(&nulls).unwrap(), [0]);
    let given = device.read(&ptrs).unwrap();
    assert!(given.iter().all(|&p| p != 0 && p % 16 == 0), "{given:x?}");
    let mut sorted = given.clone();
    sorted.sort_unstable();
    assert!(
        sorted.windows(2).all(|w| w[1] - w[0] >= 32),
        "blocks overlap"
    );
    // The host API does not reach the heap.
    assert!(matches!(
        device.read_bytes(given[0], 4),
        Err(DeviceError::InHeap { addr, size, .. }) if addr == given[0] && size == DEFAULT_HEAP_SIZE
    ));
    assert!(matches!(
        device.free(given[0]),
        Err(DeviceError::InHeap { .. })
    ));
    // Its size is fixed now.
    assert_eq!(
        device.set_heap_size(1 << 20),
        Err(DeviceError::HeapFixed {
            size: DEFAULT_HEAP_SIZE
        })
    );
    let mut take = m.kernel("take").unwrap();
    take.grid(4).block(64).arg(&ptrs).arg(&out);
    device.launch(&take).unwrap();
    let expected: Vec<u32> = (0..threads as u32).map(|i| 3 * i).collect();
    assert_eq!(device.read(&out).unwrap(), expected);
    // Every block was freed: the whole heap is one free range again, so
    // blocks of half of it fit twice, and a third does not.
    device.write(&nulls, &[0]).unwrap();
    let mut halves = m.kernel("alloc").unwrap();
    halves
        .block(3)
        .arg(&ptrs)
        .arg(DEFAULT_HEAP_SIZE / 2)
        .arg(&nulls);
    device.launch(&halves).unwrap();
    assert_eq!(device.read(&nulls).unwrap(), [1]);
}

#[test]
fn a_small_heap_gives_null_past_its_size() {
    let device = Device::simulator();
    // 4096 bytes hold 4096 / 48 = 85 blocks of 40 bytes (48 rounded).
    device.set_heap_size(4096).unwrap();
    let m = module();
    let ptrs = device.alloc_zeros::<u64>(256).unwrap();
    let nulls = device.alloc_zeros::<u32>(1).unwrap();
    let mut alloc = m.kernel("alloc").unwrap();
    alloc.grid(2).block(128).arg(&ptrs).arg(40u64).arg(&nulls);
    device.launch(&alloc).unwrap();
    assert_eq!(device.read(&nulls).unwrap(), [256 - 85]);
    let given = device.read(&ptrs).unwrap();
    assert_eq!(given.iter().filter(|&&p| p != 0).count(), 85);
}

#[test]
fn a_launch_without_a_device_has_a_heap_of_its_own() {
    let m = module();
    let mut alloc = m.kernel("alloc").unwrap();
    let ptrs = alloc.zeroed::<u64>(32);
    let nulls = alloc.zeroed::<u32>(1);
    // 32 blocks of 256 KiB fill the default 8 MiB heap exactly.
    alloc.block(32).arg(ptrs).arg(256u64 << 10).arg(nulls);
    let report = alloc.run().unwrap();
    assert_eq!(report.read::<u32>(nulls), [0]);
    // A second launch starts from an empty heap again.
    let report = alloc.run().unwrap();
    assert_eq!(report.read::<u32>(nulls), [0]);
}

#[test]
fn a_double_free_is_a_fault_naming_the_thread_statement_and_address() {
    let device = Device::simulator();
    let m = module();
    let ptrs = device.alloc_zeros::<u64>(1).unwrap();
    let nulls = device.alloc_zeros::<u32>(1).unwrap();
    let mut alloc = m.kernel("alloc").unwrap();
    alloc.block(1).arg(&ptrs).arg(8u64).arg(&nulls);
    device.launch(&alloc).unwrap();
    let p = device.read(&ptrs).unwrap()[0];
    let mut twice = m.kernel("free_twice").unwrap();
    twice.block(32).arg(&ptrs);
    let Err(DeviceError::Kernel(KernelError::Faults(error))) = device.launch(&twice) else {
        panic!("the second free should fault");
    };
    assert_eq!(error.faults.len(), 1, "{error}");
    let f = &error.faults[0];
    assert_eq!(
        f.fault,
        Fault::Memory(MemoryFault::BadFree {
            address: p,
            why: BadFree::Freed
        })
    );
    assert_eq!(f.thread.as_ref().map(|t| t.tid), Some([0, 0, 0]));
    let statement = f.statement.as_deref().unwrap_or_default();
    assert!(statement.contains("call.uni free"), "{statement}");
    let text = error.to_string();
    assert!(
        text.contains(&format!("{p:#x}")) && text.contains("double free"),
        "{text}"
    );
}

/// Runs `alloc` (each of 4 threads mallocs 24 bytes and writes the first
/// word), then `peek` at `offset` into each block, both with the
/// uninitialised-read check on (`checked_alloc`) or only `peek`: the
/// findings.
fn peek_after_alloc(checked_alloc: bool, offset: u64) -> (Vec<u64>, Vec<Finding>) {
    let device = Device::simulator();
    let m = module();
    let init = Checks {
        init: true,
        ..Checks::default()
    };
    let ptrs = device.alloc_zeros::<u64>(4).unwrap();
    let nulls = device.alloc_zeros::<u32>(1).unwrap();
    let out = device.alloc_zeros::<u32>(4).unwrap();
    let mut alloc = m.kernel("alloc").unwrap();
    alloc.block(4).arg(&ptrs).arg(24u64).arg(&nulls);
    alloc.checks(if checked_alloc {
        init
    } else {
        Checks::default()
    });
    device.launch(&alloc).unwrap();
    let mut peek = m.kernel("peek").unwrap();
    peek.block(4).arg(&ptrs).arg(&out).arg(offset).checks(init);
    let findings = match device.launch(&peek) {
        Ok(_) => Vec::new(),
        Err(DeviceError::Kernel(KernelError::Faults(e))) => e
            .faults
            .into_iter()
            .map(|f| match f.fault {
                Fault::Finding(finding) => finding,
                other => panic!("{other}"),
            })
            .collect(),
        Err(e) => panic!("{e}"),
    };
    (device.read(&ptrs).unwrap(), findings)
}

#[test]
fn fresh_heap_bytes_are_uninitialised_until_written() {
    // The first word was written: clean.
    assert_eq!(peek_after_alloc(true, 0).1, []);
    // The second was not: one finding for the statement, at the first
    // lane's address (lanes of one statement are one report).
    let (ptrs, findings) = peek_after_alloc(true, 4);
    assert_eq!(
        findings,
        [Finding::Uninitialized {
            space: StateSpace::Global,
            address: ptrs[0] + 4,
            size: 4
        }]
    );
    assert!(
        findings[0].to_string().contains("malloc gave"),
        "{}",
        findings[0]
    );
}

#[test]
fn a_launch_without_the_check_leaves_its_allocations_counted_as_written() {
    // Its threads' writes went unseen, so nothing it allocated is fresh.
    assert_eq!(peek_after_alloc(false, 4).1, []);
}
