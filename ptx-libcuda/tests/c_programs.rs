//! Unmodified CUDA programs against the library, as a user builds them:
//! `tests/c/driver.c`, `tests/c/tensor_map.c` (a bulk tensor copy
//! through a map the driver encoded) and `tests/c/managed.c` (host access
//! to managed memory) with `cc` (`-lcuda`), `tests/c/mapped.cu` (kernels
//! over page-locked host memory, zero-copy) with both runtimes,
//! `tests/c/runtime.cu` (and the other `.cu` programs) with nvcc twice (`-cudart shared`, and `-cudart
//! static`, nvcc's default, where NVIDIA's runtime inside the program
//! calls the driver), each run with the library first on the loader's
//! path, its output read line by line. And the runtime's symbol table against NVIDIA's
//! (`cudart-exports.txt`).
//!
//! nvcc is found as `tools/lib/cuda_env.py` finds it: `$CUDA_BIN`, else
//! the CUDA 13.0 pip packages of `$CUDA_VENV` (default
//! `target/cuda-venv`); without it the `.cu` test says so and passes,
//! unless `PTX_REQUIRE_CUDA` is set (as `.ci/run` sets it once CUDA is
//! installed), when it fails.

mod common;

use common::{library, library_dir};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The repository's root.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// A scratch folder for the programs.
fn scratch() -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("ptx-libcuda-c");
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    dir
}

/// Runs `program` with the library on the loader's path.
fn run(program: &Path) -> (String, String, Output) {
    let output = Command::new(program)
        .env("LD_LIBRARY_PATH", library_dir())
        .env_remove("PTX_SIM_CHECKS")
        .output()
        .expect("the program runs");
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    println!("--- stdout\n{stdout}--- stderr\n{stderr}");
    (stdout, stderr, output)
}

/// Asserts that `text` has each of `lines` as a whole line.
fn has_lines(text: &str, lines: &[&str]) {
    for line in lines {
        assert!(
            text.lines().any(|l| l == *line),
            "missing the line {line:?} in:\n{text}"
        );
    }
}

/// Asserts that `lines` come in this order in `text`.
fn in_order(text: &str, lines: &[&str]) {
    let at: Vec<Option<usize>> = lines
        .iter()
        .map(|line| text.lines().position(|l| l == *line))
        .collect();
    assert!(
        at.iter().all(Option::is_some) && at.windows(2).all(|w| w[0] < w[1]),
        "the lines {lines:?} are not in this order in:\n{text}"
    );
}

/// A kernel's printf, between two lines the host printed without
/// flushing stdout (a pipe here, so fully buffered).
const PRINTF_IN_ORDER: &[&str] = &[
    // `say(int)`, mangled as the Itanium C++ ABI does.
    "cudaFuncGetName: cudaSuccess",
    "kernel name _Z3sayi",
    "cudaGetFuncBySymbol: cudaSuccess",
    "kernel says 8",
    "cudaLaunchKernel of the function: cudaSuccess",
    "before the printing kernel",
    "kernel says 7",
    "after the printing kernel",
];

/// Builds `source` with a C compiler against the library.
fn compile_c(source: &str, name: &str) -> PathBuf {
    let exe = scratch().join(name);
    let lib = library_dir();
    let status = Command::new(std::env::var("CC").unwrap_or_else(|_| "cc".into()))
        .arg(root().join("ptx-libcuda/tests/c").join(source))
        .arg("-o")
        .arg(&exe)
        .arg("-Wall")
        .arg("-Werror")
        .arg(format!("-L{}", lib.display()))
        .arg("-lcuda")
        .status()
        .expect("a C compiler (cc, or $CC)");
    assert!(status.success(), "{source} does not build");
    exe
}

#[test]
fn a_c_program_runs_the_driver_api_end_to_end() {
    let exe = compile_c("driver.c", "driver");
    let (stdout, stderr, output) = run(&exe);
    has_lines(
        &stdout,
        &[
            "version 13000, 1 device: NVIDIA H100 80GB HBM3 (ptx-sim), 132 SMs, sm_90",
            "cuMemAlloc without a context: CUDA_ERROR_INVALID_CONTEXT",
            "vadd by kernelParams: correct",
            "cuLaunchKernel with 4 bytes too many: CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES",
            "vadd by extra, bias 4 bytes: correct",
            "cuGetProcAddress cuNoSuchCall: CUDA_SUCCESS",
            "bias reads back as 7",
            "cuMemAlloc through it: CUDA_SUCCESS",
            "symbol status 1, function null",
            "unknown module: CUDA_ERROR_INVALID_HANDLE",
            "unknown stream, _ptsz form: CUDA_ERROR_INVALID_HANDLE",
            "cuIpcCloseMemHandle: CUDA_ERROR_NOT_SUPPORTED",
            "stream used as an event: CUDA_ERROR_INVALID_HANDLE",
            "null out-pointer: CUDA_ERROR_INVALID_VALUE",
            "destroyed stream: CUDA_ERROR_INVALID_HANDLE",
            "cuLaunchKernel out of bounds: CUDA_SUCCESS",
            "cuCtxSynchronize after the fault: CUDA_ERROR_ILLEGAL_ADDRESS",
            "cuMemAlloc after the fault: CUDA_ERROR_ILLEGAL_ADDRESS",
            "700 means: an illegal memory access was encountered",
            "all driver checks passed",
        ],
    );
    assert!(output.status.success());
    // The simulator's account of the fault, once: the thread and the
    // statement.
    assert_eq!(
        stderr.matches("kernel `poke` faulted").count(),
        1,
        "{stderr}"
    );
    assert!(
        stderr.contains("thread (0, 0, 0) of CTA (0, 0, 0): `st.global.u32"),
        "{stderr}"
    );
}

#[test]
fn a_c_program_copies_a_tile_through_a_tensor_map_it_encoded() {
    let exe = compile_c("tensor_map.c", "tensor_map");
    let (stdout, stderr, output) = run(&exe);
    has_lines(
        &stdout,
        &[
            "cuTensorMapEncodeTiled: CUDA_SUCCESS",
            "tile at (16, 8): correct",
            "stored at (0, 0): correct",
            "cuTensorMapReplaceAddress: CUDA_SUCCESS",
            "second tensor, tile at (8, 2): correct",
            "stored at (16, 6): correct",
            "the same map through cuGetProcAddress: correct",
            "a box of 300: CUDA_ERROR_INVALID_VALUE",
            "an address 4 bytes in: CUDA_ERROR_INVALID_VALUE",
            "a map 16 bytes past 64-byte alignment: CUDA_SUCCESS",
            "a null map: CUDA_ERROR_INVALID_VALUE",
            "all tensor map checks passed",
        ],
    );
    assert!(output.status.success());
    // Each refusal says on stderr which parameter and why.
    for line in [
        "ptx-libcuda: cuTensorMapEncodeTiled: boxDim[0] = 300: not 1 to 256",
        "not 16-byte aligned",
        "ptx-libcuda: cuTensorMapEncodeTiled: tensorMap = null",
    ] {
        assert!(stderr.contains(line), "{line:?} not in:\n{stderr}");
    }
}

#[test]
fn a_c_program_reads_and_writes_managed_memory_on_the_host() {
    let exe = compile_c("managed.c", "managed");
    let (stdout, stderr, output) = run(&exe);
    has_lines(
        &stdout,
        &[
            "managed memory 1, concurrent managed access 1",
            "cuMemAllocManaged: CUDA_SUCCESS",
            "page-aligned: yes",
            "kernel on host-written managed memory, i -> 3i + 1: correct",
            "second launch sees the host's write: correct",
            "it reads what the host reads: correct",
            "the host reads the fills: correct",
            "the host reads the copy: correct",
            "the copy has the host's write: correct",
            "pointer attributes: managed 1, host pointer the same, memory type 2",
            "prefetch to the device: CUDA_SUCCESS",
            "prefetch to the host: CUDA_SUCCESS",
            "prefetch to device 1: CUDA_ERROR_INVALID_DEVICE",
            "prefetch of cuMemAlloc memory: CUDA_ERROR_INVALID_VALUE",
            "advise read-mostly: CUDA_SUCCESS",
            "advise preferred location: CUDA_SUCCESS",
            "CUDA 8 prefetch to the CPU: CUDA_SUCCESS",
            "CUDA 8 prefetch to device 0: CUDA_SUCCESS",
            "cuMemcpyDtoH past its end: CUDA_ERROR_INVALID_VALUE",
            "cuMemsetD32 past its end: CUDA_ERROR_INVALID_VALUE",
            "cuMemAllocManaged of 0 bytes: CUDA_ERROR_INVALID_VALUE",
            "cuMemAllocManaged with flags 0: CUDA_ERROR_INVALID_VALUE",
            // 20 -> 3 * 20 + 1 by the kernel; 11 is the host's.
            "64 MiB: first 11, last 61",
            "cuMemFree managed again: CUDA_ERROR_INVALID_VALUE",
            "a new allocation reuses the freed address: no",
            "all managed checks passed",
        ],
    );
    assert!(output.status.success(), "{stderr}");
    // The refused prefetch says why.
    assert!(
        stderr.contains("cuMemPrefetchAsync: the 4000 bytes at"),
        "{stderr}"
    );
}

/// nvcc, if CUDA 13.0 is where `tools/lib/cuda_env.py` looks.
fn nvcc() -> Option<PathBuf> {
    if let Ok(bin) = std::env::var("CUDA_BIN") {
        return Some(Path::new(&bin).join("nvcc")).filter(|p| p.exists());
    }
    let venv = std::env::var_os("CUDA_VENV")
        .map(PathBuf::from)
        .unwrap_or_else(|| root().join("target/cuda-venv"));
    let mut pythons: Vec<PathBuf> = std::fs::read_dir(venv.join("lib"))
        .ok()?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            p.file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with("python3"))
        })
        .collect();
    pythons.sort();
    let bin = pythons.pop()?.join("site-packages/nvidia/cu13/bin/nvcc");
    bin.exists().then_some(bin)
}

/// What `tests/c/runtime.cu` prints when all is well, however it is
/// linked.
const RUNTIME_LINES: &[&str] = &[
    // What works without the device's code: the device, memory.
    "cudaGetDeviceProperties: cudaSuccess",
    "NVIDIA H100 80GB HBM3 (ptx-sim): sm_90, 132 SMs, 227 KiB shared per block opt-in, warp 32",
    "cudaMalloc: cudaSuccess",
    // The device's code.
    "cudaMemcpyToSymbol: cudaSuccess",
    "cudaMemcpyToSymbol __constant__: cudaSuccess",
    "hello from block 0 thread 0",
    "launch: cudaSuccess",
    "add: correct",
    "offset reads back as 5",
    "scale reads back as {1, 2}",
    // Managed memory: 2 * (i + i) + 5, and a cudaMemset of the first.
    "concurrentManagedAccess 1",
    "cudaMallocManaged: cudaSuccess",
    "cudaMemPrefetchAsync: cudaSuccess",
    "cudaMemAdvise: cudaSuccess",
    "cudaDeviceSynchronize after the managed launch: cudaSuccess",
    "managed add: correct",
    "managed after cudaMemset: 0 9",
    "managed pointer type 3",
    "cudaMemPrefetchAsync of cudaMalloc memory: cudaErrorInvalidValue",
    "cudaFree managed: cudaSuccess",
    // Host work on a stream: 10 from the callback, 100 from the host
    // function; a callback with flags is refused (they must be 0).
    "cudaStreamAddCallback: cudaSuccess",
    "cudaLaunchHostFunc: cudaSuccess",
    "host work on the stream added 110",
    "cudaStreamAddCallback with flags: cudaErrorInvalidValue",
    "cudaStreamSetAttribute: cudaSuccess",
    "access policy window 4096 bytes, hit ratio 0.50, same base 1",
    "priority after the attribute -3",
    "cudaCtxResetPersistingL2Cache: cudaSuccess",
    // Limits: 1 KiB, 1 MiB, 8 MiB, then 64 MiB as set.
    "stack limit 1024",
    "printf FIFO limit 1048576",
    "malloc heap limit 8388608",
    "cudaDeviceSetLimit: cudaSuccess",
    "malloc heap limit after setting 67108864",
    "cudaDeviceSetLimit of no limit: cudaErrorUnsupportedLimit",
    "cudaChooseDevice: cudaSuccess",
    "chose device 0, peer access 0",
    "cudaDeviceCanAccessPeer of device 1: cudaErrorInvalidDevice",
    "cudaDeviceGetPCIBusId: cudaSuccess",
    "cudaDeviceGetByPCIBusId: cudaSuccess",
    "device at 0000:00:00.0: 0",
    "cudaDeviceGetByPCIBusId of another bus: cudaErrorInvalidDevice",
    "PCI bus id 0000:00:00.0, as the properties say: 1",
    "before the printing kernel",
    "kernel says 7",
    "after the printing kernel",
    "cudaDeviceSynchronize after the fault: cudaErrorIllegalAddress",
    "cudaGetLastError after the fault: cudaErrorIllegalAddress",
    "all runtime checks passed",
];

/// Builds `tests/c/<source>` with nvcc and `extra` flags as `name`, or
/// `None` (having said why) when there is no nvcc.
fn build_cuda_program(source: &str, name: &str, extra: &[&str]) -> Option<PathBuf> {
    let Some(nvcc) = nvcc() else {
        assert!(
            std::env::var_os("PTX_REQUIRE_CUDA").is_none(),
            "PTX_REQUIRE_CUDA is set and there is no nvcc: set CUDA_BIN or CUDA_VENV, or run python3 tools/lib/cuda_env.py --install"
        );
        println!("no nvcc: set CUDA_BIN or CUDA_VENV to build tests/c/{source}");
        return None;
    };
    let cuda_lib = nvcc
        .parent()
        .and_then(Path::parent)
        .expect("cu13")
        .join("lib");
    let exe = scratch().join(name);
    let status = Command::new(&nvcc)
        .args(extra)
        .args(["-gencode", "arch=compute_90,code=compute_90"])
        .arg(root().join("ptx-libcuda/tests/c").join(source))
        .arg("-o")
        .arg(&exe)
        .arg(format!("-L{}", library_dir().display()))
        .arg(format!("-L{}", cuda_lib.display()))
        .status()
        .expect("nvcc runs");
    assert!(status.success(), "{source} does not build");
    Some(exe)
}

#[test]
fn a_cuda_program_built_by_nvcc_runs_on_the_runtime() {
    let Some(exe) = build_cuda_program("runtime.cu", "runtime", &["-cudart", "shared"]) else {
        return;
    };
    let (stdout, stderr, output) = run(&exe);
    has_lines(&stdout, RUNTIME_LINES);
    in_order(&stdout, PRINTF_IN_ORDER);
    // poke writes 1 << 24 ints (64 MiB) past the start of c, 4000 bytes.
    assert!(
        stderr.contains(&format!(
            "{} bytes past the end of buffer",
            (1u64 << 24) * 4 - 4000
        )),
        "the simulator's account of the fault on stderr"
    );
    assert!(output.status.success());
}

/// nvcc's default: NVIDIA's runtime linked into the program, which
/// dlopens only `libcuda.so.1` and reaches the driver through
/// `cuGetProcAddress` and `cuGetExportTable`'s tables.
#[test]
fn a_cuda_program_with_nvidias_static_runtime_runs_on_the_driver() {
    let Some(exe) = build_cuda_program("runtime.cu", "runtime-static", &["-cudart", "static"])
    else {
        return;
    };
    let (stdout, stderr, output) = run(&exe);
    has_lines(&stdout, RUNTIME_LINES);
    in_order(&stdout, PRINTF_IN_ORDER);
    assert!(output.status.success());
    // Every slot the runtime calls is served.
    assert!(
        !stderr.contains("of cuGetExportTable is not supported"),
        "{stderr}"
    );
}

/// `__managed__` variables shared by the host and kernels, with
/// NVIDIA's static runtime (which finds them through the driver) and ours.
#[test]
fn managed_variables_are_shared_by_host_and_kernels() {
    for runtime in ["shared", "static"] {
        let name = format!("managed-var-{runtime}");
        let Some(exe) = build_cuda_program("managed_var.cu", &name, &["-cudart", runtime]) else {
            return;
        };
        let (stdout, stderr, output) = run(&exe);
        has_lines(
            &stdout,
            &[
                "counter starts at its initialiser: correct",
                "round 1 runs: correct",
                "round 1 counter: correct",
                "round 1 values: correct",
                "round 2 runs: correct",
                "round 2 counter: correct",
                "round 2 values: correct",
                "cudaGetSymbolAddress gives the host's address: correct",
                "the variable is managed memory: correct",
                "cudaMemcpyToSymbol reaches the host's view: correct",
                "all managed variable checks passed",
            ],
        );
        assert!(output.status.success(), "{runtime}: {stderr}");
    }
}

/// A kernel's `malloc`, `free`, `new` and `delete` on the device heap,
/// with NVIDIA's static runtime (which sets the heap limit through the
/// driver's `cuCtxSetLimit`) and ours; each verdict's expected value is
/// the arithmetic in `tests/c/device_malloc.cu`. Then a double free:
/// a fault naming the thread, the statement and the address.
#[test]
fn kernels_allocate_and_free_on_the_device_heap() {
    for runtime in ["shared", "static"] {
        let name = format!("device-malloc-{runtime}");
        let Some(exe) = build_cuda_program("device_malloc.cu", &name, &["-cudart", runtime]) else {
            return;
        };
        let (stdout, stderr, output) = run(&exe);
        has_lines(
            &stdout,
            &[
                "the default heap is 8 MiB: correct",
                "cudaDeviceSetLimit before any malloc: cudaSuccess",
                "64 of 256 requests fit, 192 get NULL: correct",
                "every pointer malloc gave is 16-byte aligned: correct",
                "cudaMemcpy from a heap pointer: cudaErrorInvalidValue",
                "cudaMemset of a heap pointer: cudaErrorInvalidValue",
                "cudaFree of a heap pointer: cudaErrorInvalidValue",
                "cudaDeviceSetLimit after a malloc kernel: cudaErrorInvalidValue",
                "the limit reads back as set before: correct",
                "after freeing, 64 requests fit again: correct",
                "a second kernel reads what the first allocated: correct",
                "new builds, delete frees a struct and an array: correct",
                "__nv_aligned_device_malloc(100, 256) is 256-byte aligned: correct",
                "malloc(0) and free(NULL): cudaSuccess",
                "all device malloc checks passed",
            ],
        );
        assert!(output.status.success(), "{runtime}: {stderr}");
        assert!(
            stderr.contains("is in the device heap (1048576 bytes)"),
            "{stderr}"
        );

        let output = Command::new(&exe)
            .arg("double-free")
            .env("LD_LIBRARY_PATH", library_dir())
            .env_remove("PTX_SIM_CHECKS")
            .output()
            .expect("the program runs");
        let stdout = String::from_utf8_lossy(&output.stdout);
        let stderr = String::from_utf8_lossy(&output.stderr);
        has_lines(
            &stdout,
            &["a double free, synchronised: cudaErrorIllegalAddress"],
        );
        assert!(
            stderr.contains("thread (0, 0, 0) of CTA (0, 0, 0): `call.uni free, (param0);`")
                && stderr.contains("cannot be freed: it was freed already (a double free)"),
            "{stderr}"
        );
    }
}

/// 2-D and 3-D pitched memory; the lines are what an H200 printed
/// (`tests/gpu-clients/h200/pitched.txt`), but for the two-row fill over
/// the pitch, which came after that run.
#[test]
fn pitched_memory_copies_and_fills_by_rows_and_slices() {
    // NVIDIA's static runtime reaches the driver's cuMemAllocPitch,
    // cuMemcpy2D, cuMemcpy3D and cuMemsetD2D8; the shared one is ours.
    for runtime in ["shared", "static"] {
        let name = format!("pitched-{runtime}");
        let Some(exe) = build_cuda_program("pitched.cu", &name, &["-cudart", runtime]) else {
            return;
        };
        let (stdout, _, output) = run(&exe);
        has_lines(
            &stdout,
            &[
                "cudaMallocPitch: cudaSuccess",
                "pitch of 100-byte rows: 512",
                "rows after upload, fill and kernel: correct",
                "width over the pitch: cudaErrorInvalidPitchValue",
                "cudaMemset2D one row over the pitch: cudaSuccess",
                "cudaMemset2D two rows over the pitch: cudaErrorInvalidValue",
                "a block one row past the allocation: cudaErrorInvalidValue",
                "cudaMalloc3D pitch 512, xsize 16, ysize 4",
                "volume after fill and sub-block copy: correct",
                "all pitched checks passed",
            ],
        );
        assert!(output.status.success(), "{runtime}");
    }
}

/// Graphs by stream capture and by hand, launched, updated and refused
/// (`tests/c/graphs.cu`; each expected value is arithmetic on its inputs).
#[test]
fn graphs_capture_build_update_and_launch() {
    // NVIDIA's static runtime reaches the driver's cuStreamBeginCapture_v2,
    // cuGraphAddKernelNode_v2 and the rest through cuGetProcAddress; the
    // shared one is ours.
    for runtime in ["shared", "static"] {
        let name = format!("graphs-{runtime}");
        let Some(exe) = build_cuda_program("graphs.cu", &name, &["-cudart", runtime]) else {
            return;
        };
        let (stdout, _, output) = run(&exe);
        has_lines(
            &stdout,
            &[
                "s2 capture status: 1",
                "s1 capture status 1, dependencies 1, graph given",
                "captured work did not run: correct",
                "captured nodes: 7",
                "captured root nodes: 1",
                "captured edges: 7",
                "captured graph, three launches: correct",
                "host function calls: 3",
                "diamond nodes: 5",
                "diamond edges: 5",
                "diamond: w = 3x + x + 7: correct",
                "exec with factor 5: w = 6x + 7: correct",
                "the graph's node keeps factor 3 and its kernel: correct",
                "updated exec with factor 10: w = 11x + 7: correct",
                "cudaGraphExecUpdate with a new node: cudaErrorGraphExecUpdateFailure",
                "child graph: w = 3x + x + 7, then the host node: correct",
                "counter after 1000 launches: 1000",
                "cudaMemcpy while a blocking stream captures: cudaErrorStreamCaptureImplicit",
                "cudaMemcpy while a non-blocking stream captures (global): cudaErrorStreamCaptureUnsupported",
                "cudaStreamSynchronize of the capturing stream: cudaErrorStreamCaptureUnsupported",
                "work after the invalidation: cudaErrorStreamCaptureInvalidated",
                "its capture ends: cudaErrorStreamCaptureInvalidated",
                "cudaMalloc in a relaxed capture: cudaSuccess",
                "cudaMalloc by a relaxed thread: cudaSuccess",
                "cudaEventQuery of an event recorded in a capture: cudaErrorCapturedEvent",
                "a fork never joined: cudaErrorStreamCaptureUnjoined",
                "all graph checks passed",
            ],
        );
        assert!(output.status.success(), "{runtime}");
    }
}

#[test]
fn every_name_nvidias_runtime_and_driver_export_is_exported_with_its_version() {
    let library = library();
    let table = Command::new("objdump")
        .arg("-T")
        .arg(&library)
        .output()
        .expect("objdump (binutils)");
    let table = String::from_utf8_lossy(&table.stdout);
    let versioned: std::collections::HashSet<&str> = table
        .lines()
        .filter(|l| l.contains(" DF .text") && l.contains("libcudart.so.13"))
        .filter_map(|l| l.split_whitespace().last())
        .collect();
    let names =
        std::fs::read_to_string(root().join("ptx-libcuda/cudart-exports.txt")).expect("the list");
    let missing: Vec<&str> = names.lines().filter(|n| !versioned.contains(n)).collect();
    assert!(
        missing.is_empty(),
        "not exported as name@@libcudart.so.13: {missing:?}"
    );
    // Every name NVIDIA's libcuda.so.1 exports is exported, unversioned as
    // there (`cuda-exports.txt`, from driver 580.159.04).
    let base: std::collections::HashSet<&str> = table
        .lines()
        .filter(|l| l.contains(" DF .text") && l.contains(" Base "))
        .filter_map(|l| l.split_whitespace().last())
        .collect();
    let names =
        std::fs::read_to_string(root().join("ptx-libcuda/cuda-exports.txt")).expect("the list");
    let missing: Vec<&str> = names.lines().filter(|n| !base.contains(n)).collect();
    assert!(missing.is_empty(), "not exported unversioned: {missing:?}");
    // The driver's stay unversioned, as libcuda.so.1's are.
    assert!(
        table
            .lines()
            .any(|l| l.ends_with(" cuInit") && l.contains(" Base ")),
        "cuInit is not exported unversioned"
    );
}

/// Page-locked host memory that kernels reach by its host pointer
/// (zero-copy), allocated and registered, with NVIDIA's static runtime
/// (through the driver's `cuMemHost*` calls) and ours.
#[test]
fn kernels_read_and_write_page_locked_host_memory_in_place() {
    for runtime in ["shared", "static"] {
        let name = format!("mapped-{runtime}");
        let Some(exe) = build_cuda_program("mapped.cu", &name, &["-cudart", runtime]) else {
            return;
        };
        let (stdout, stderr, output) = run(&exe);
        has_lines(
            &stdout,
            &[
                "the device maps host memory, with unified addressing: correct",
                "the device pointers are the host pointers (unified addressing): correct",
                "the kernel's stores are in host memory: c[i] = 5i + 1: correct",
                "b[i] = 16i + 3: correct",
                "atomics on host memory: 10 + 8 * 128: correct",
                "cudaHostAlloc's memory is host memory whose device pointer is its own: correct",
                "the copies carried a[i] = i: correct",
                "registered memory's device pointer is its host pointer: correct",
                "every registered byte is one more, the bytes around it as they were: correct",
                "big[i] = 7i + 1: correct",
                "a[i] = 4i: correct",
                "cudaHostRegister of the same range again: cudaErrorHostMemoryAlreadyRegistered",
                "cudaHostUnregister of memory never registered: cudaErrorHostMemoryNotRegistered",
                "cudaHostUnregister twice: cudaErrorHostMemoryNotRegistered",
                "cudaFreeHost of registered memory: cudaErrorInvalidValue",
                "all mapped memory checks passed",
            ],
        );
        assert!(output.status.success(), "{runtime}: {stderr}");
    }
}

/// Cooperative launches through the runtime and the driver: grid.sync()
/// separates phases that read other blocks' words, and a grid one block
/// larger than the device holds at once is refused.
#[test]
fn cooperative_launches_synchronise_the_grid() {
    for runtime in ["shared", "static"] {
        let name = format!("grid-sync-{runtime}");
        let Some(exe) = build_cuda_program("grid_sync.cu", &name, &["-cudart", runtime, "-lcuda"])
        else {
            return;
        };
        let (stdout, stderr, output) = run(&exe);
        let mut lines = vec![
            "cooperativeLaunch 1".to_string(),
            // 132 SMs x 2 blocks of 1024 threads, then one more.
            "blocks of 1024 threads per SM: 2 (printed, not checked)".to_string(),
        ];
        for how in [
            "cudaLaunchCooperativeKernel",
            "cudaLaunchKernelEx cooperative",
            "cuLaunchCooperativeKernel",
            "cuLaunchKernelEx cooperative",
        ] {
            for check in [
                "phases 1 and 2",
                "partial sums add up to 3N(N-1)+2N",
                "every block read the total",
                "every block saw all arrive at each barrier",
            ] {
                lines.push(format!("{how}: {check}: correct"));
            }
        }
        lines.extend(
            [
                "cudaLaunchCooperativeKernel of one block more: cudaErrorCooperativeLaunchTooLarge",
                "cudaGetLastError after it: cudaErrorCooperativeLaunchTooLarge",
                "cudaGetLastError again: cudaSuccess",
                "cudaLaunchKernelEx cooperative of one block more: cudaErrorCooperativeLaunchTooLarge",
                "cuLaunchCooperativeKernel of one block more: CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE",
                "cuLaunchKernelEx cooperative of one block more: CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE",
                "cudaDeviceSynchronize after the refusals: cudaSuccess",
                "all grid sync checks passed",
            ]
            .map(String::from),
        );
        let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
        has_lines(&stdout, &lines);
        assert!(output.status.success(), "{runtime}: {stderr}");
    }
}

/// Arrays, texture objects and surface objects: point sampling with each
/// address mode, normalized coordinates, linear filtering, tex1Dfetch, a
/// layered texture and a surface, each value worked out in the program
/// from the programming guide's "Texture Fetching" formulas.
#[test]
fn textures_and_surfaces_sample_as_the_programming_guide_computes() {
    // NVIDIA's static runtime reaches cuArray3DCreate, cuMemcpy2D/3D with
    // array sides, cuTexObjectCreate and cuSurfObjectCreate; the shared
    // one is ours.
    for runtime in ["shared", "static"] {
        let name = format!("textures-{runtime}");
        let Some(exe) = build_cuda_program("textures.cu", &name, &["-cudart", runtime]) else {
            return;
        };
        let (stdout, stderr, output) = run(&exe);
        has_lines(
            &stdout,
            &[
                "channel desc: 32 0 0 0 kind 2",
                "array round trip: correct",
                "a row past the array's width: cudaErrorInvalidValue",
                "array info: channels 32 0 0 0 kind 2, extent 4 2 0, flags 0",
                "clamp: correct",
                "texture desc: address 1, filter 0, read 0, normalized 0",
                "resource desc names the array: correct",
                "border: correct",
                "normalized clamp: correct",
                "wrap: correct",
                "mirror: correct",
                "linear filtering as the formula: correct",
                "tex1Dfetch of 0, 5, 7: correct",
                "cudaMemcpy3D to a layered array: cudaSuccess",
                "tex2DLayered (1.5, 0.5) of layer 2 is 201: correct",
                "surface written then read: correct",
                "surf2Dread out of range: zero 0, clamp 103: correct",
                "the surface's array holds the writes: correct",
                "all texture checks passed",
            ],
        );
        assert!(output.status.success(), "{runtime}: {stderr}");
    }
}
