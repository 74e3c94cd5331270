//! `wmma` through `ptx!` in a launch: a whole tile loaded, multiplied and
//! stored, checked against the product in plain Rust, and the memory rules
//! (stride, alignment, one address per warp, bounds) as the PTX ISA states
//! them. Fragment layouts and numerics are checked bit for bit against the
//! H100 by `ptx-tools/tests/golden_wmma.rs`.

use half::f16;
use ptx::launch::{Fault, Launch, MemoryFault, StateSpace, ThreadFault};
use ptx::ptx;

const N: usize = 16;

/// Small integers: every f16 input, product and sum below is exact, so the
/// tensor core's rounding cannot change the result.
fn a(i: usize, k: usize) -> f32 {
    ((i + 2 * k) % 5) as f32 - 2.0
}

fn b(k: usize, j: usize) -> f32 {
    ((3 * k + j) % 7) as f32 - 3.0
}

fn c(i: usize, j: usize) -> f32 {
    i as f32 - j as f32
}

fn halves(values: impl Iterator<Item = f32>) -> Vec<u16> {
    values.map(|v| f16::from_f32(v).to_bits()).collect()
}

/// Each lane's A, B, C fragment registers.
type Fragments = ([u32; 8], [u32; 8], [f32; 8]);

/// A (row-major) and C (row-major) from global memory, B (column-major)
/// from shared memory at 0: each lane's fragments.
fn load_fragments(a_addr: u64, c_addr: u64) -> Fragments {
    let (mut fa, mut fb, mut fc) = ([0u32; 8], [0u32; 8], [0f32; 8]);
    ptx!("wmma.load.a.sync.aligned.row.m16n16k16.global.f16 {%0, %1, %2, %3, %4, %5, %6, %7}, [%8];"
        : "=r"(fa[0]), "=r"(fa[1]), "=r"(fa[2]), "=r"(fa[3]), "=r"(fa[4]), "=r"(fa[5]), "=r"(fa[6]), "=r"(fa[7])
        : "l"(a_addr));
    ptx!("wmma.load.b.sync.aligned.col.m16n16k16.shared.f16 {%0, %1, %2, %3, %4, %5, %6, %7}, [%8];"
        : "=r"(fb[0]), "=r"(fb[1]), "=r"(fb[2]), "=r"(fb[3]), "=r"(fb[4]), "=r"(fb[5]), "=r"(fb[6]), "=r"(fb[7])
        : "r"(0u32));
    ptx!("wmma.load.c.sync.aligned.row.m16n16k16.global.f32 {%0, %1, %2, %3, %4, %5, %6, %7}, [%8], %9;"
        : "=f"(fc[0]), "=f"(fc[1]), "=f"(fc[2]), "=f"(fc[3]), "=f"(fc[4]), "=f"(fc[5]), "=f"(fc[6]), "=f"(fc[7])
        : "l"(c_addr), "r"(N as u32));
    (fa, fb, fc)
}

/// `D = A·B + C` of each lane's fragments.
fn multiply((fa, fb, fc): Fragments) -> [f32; 8] {
    let mut d = [0f32; 8];
    ptx!("wmma.mma.sync.aligned.row.col.m16n16k16.f32.f32 {%0, %1, %2, %3, %4, %5, %6, %7}, {%8, %9, %10, %11, %12, %13, %14, %15}, {%16, %17, %18, %19, %20, %21, %22, %23}, {%24, %25, %26, %27, %28, %29, %30, %31};"
        : "=f"(d[0]), "=f"(d[1]), "=f"(d[2]), "=f"(d[3]), "=f"(d[4]), "=f"(d[5]), "=f"(d[6]), "=f"(d[7])
        : "r"(fa[0]), "r"(fa[1]), "r"(fa[2]), "r"(fa[3]), "r"(fa[4]), "r"(fa[5]), "r"(fa[6]), "r"(fa[7]),
          "r"(fb[0]), "r"(fb[1]), "r"(fb[2]), "r"(fb[3]), "r"(fb[4]), "r"(fb[5]), "r"(fb[6]), "r"(fb[7]),
          "f"(fc[0]), "f"(fc[1]), "f"(fc[2]), "f"(fc[3]), "f"(fc[4]), "f"(fc[5]), "f"(fc[6]), "f"(fc[7]));
    d
}

fn store(d_addr: u64, d: [f32; 8]) {
    ptx!("wmma.store.d.sync.aligned.row.m16n16k16.global.f32 [%0], {%1, %2, %3, %4, %5, %6, %7, %8};"
        :: "l"(d_addr), "f"(d[0]), "f"(d[1]), "f"(d[2]), "f"(d[3]), "f"(d[4]), "f"(d[5]), "f"(d[6]), "f"(d[7])
        : "memory");
}

#[test]
fn a_16x16x16_tile_loaded_multiplied_and_stored_is_the_product() {
    let mut launch = Launch::new(1, 32);
    let a_mem = launch.global_from(&halves((0..N * N).map(|x| a(x / N, x % N))));
    let c_mem = launch.global_from(&(0..N * N).map(|x| c(x / N, x % N)).collect::<Vec<_>>());
    let d_mem = launch.global_from(&[0f32; N * N]);
    // B column-major: column j is 16 consecutive halves.
    let b_col_major = halves((0..N * N).map(|x| b(x % N, x / N)));
    let shared = b_col_major.iter().flat_map(|h| h.to_le_bytes()).collect();
    let report = launch
        .shared_init(shared)
        .run(|_| store(d_mem.addr, multiply(load_fragments(a_mem.addr, c_mem.addr))))
        .expect("the warp runs");
    let d = report.read::<f32>(d_mem);
    for i in 0..N {
        for j in 0..N {
            let expected: f32 = (0..N).map(|k| a(i, k) * b(k, j)).sum::<f32>() + c(i, j);
            assert_eq!(d[i * N + j], expected, "D[{i}][{j}]");
        }
    }
}

/// The stride is the distance between row starts in elements (PTX ISA
/// "Matrix Storage for WMMA"): a stride of 0 reads one row for all 16, and
/// leaving the stride out is not the same as 0.
#[test]
fn a_stride_of_zero_repeats_one_row_and_an_omitted_stride_is_the_row_length() {
    let mut launch = Launch::new(1, 32);
    let values: Vec<f32> = (0..N * N).map(|x| x as f32).collect();
    let c_mem = launch.global_from(&values);
    let repeated = launch.global_from(&[0f32; N * N]);
    let copied = launch.global_from(&[0f32; N * N]);
    let report = launch
        .run(|_| {
            let mut r = [0f32; 8];
            for (stride, out) in [(Some(0u32), repeated.addr), (None, copied.addr)] {
                match stride {
                    Some(s) => {
                        ptx!("wmma.load.c.sync.aligned.row.m16n16k16.global.f32 {%0, %1, %2, %3, %4, %5, %6, %7}, [%8], %9;"
                            : "=f"(r[0]), "=f"(r[1]), "=f"(r[2]), "=f"(r[3]), "=f"(r[4]), "=f"(r[5]), "=f"(r[6]), "=f"(r[7])
                            : "l"(c_mem.addr), "r"(s));
                    }
                    None => {
                        ptx!("wmma.load.c.sync.aligned.row.m16n16k16.global.f32 {%0, %1, %2, %3, %4, %5, %6, %7}, [%8];"
                            : "=f"(r[0]), "=f"(r[1]), "=f"(r[2]), "=f"(r[3]), "=f"(r[4]), "=f"(r[5]), "=f"(r[6]), "=f"(r[7])
                            : "l"(c_mem.addr));
                    }
                }
                store(out, r);
            }
        })
        .expect("the warp runs");
    let repeated = report.read::<f32>(repeated);
    let copied = report.read::<f32>(copied);
    for i in 0..N {
        assert_eq!(repeated[i * N..(i + 1) * N], values[..N], "row {i}");
    }
    assert_eq!(copied, values);
}

/// Runs one `wmma.load.c` of an f32 tile at `addr(lane)` from a global
/// buffer of `bytes` and returns the buffer's address and lane 0's fault
/// (the lanes load together: each meets the same fault, reported once).
fn load_error(bytes: usize, addr: impl Fn(u64, u32) -> u64 + Sync) -> (u64, ThreadFault) {
    let mut launch = Launch::new(1, 32);
    let buffer = launch.global(vec![0; bytes]);
    let err = launch
        .run(|t| {
            let mut r = [0f32; 8];
            ptx!("wmma.load.c.sync.aligned.row.m16n16k16.global.f32 {%0, %1, %2, %3, %4, %5, %6, %7}, [%8];"
                : "=f"(r[0]), "=f"(r[1]), "=f"(r[2]), "=f"(r[3]), "=f"(r[4]), "=f"(r[5]), "=f"(r[6]), "=f"(r[7])
                : "l"(addr(buffer.addr, t.lane)));
        })
        .unwrap_err();
    assert_eq!(err.faults.len(), 1, "{err}");
    (buffer.addr, err.faults[0].clone())
}

#[test]
fn a_misaligned_tile_names_the_lane_and_the_address() {
    // 4 bytes past a 16-byte boundary: row starts must be aligned to the
    // fragment's size (32 bytes for 8 f32 registers; the simulator asks 16).
    let (base, err) = load_error(2048, |base, _| base + 4);
    let Fault::Memory(MemoryFault::MisalignedTile {
        lane,
        address,
        align,
        ..
    }) = err.fault
    else {
        panic!("not a misaligned tile: {err}");
    };
    assert_eq!((lane, address, align), (0, base + 4, 16));
    let text = err.to_string();
    assert!(
        text.contains("lane 0") && text.contains("aligned"),
        "{text}"
    );
}

#[test]
fn every_lane_must_give_the_same_address() {
    let (base, err) = load_error(2048, |base, lane| base + if lane == 7 { 64 } else { 0 });
    let Fault::Memory(MemoryFault::NonUniformTile {
        lane,
        address,
        first_lane,
        first_address,
        ..
    }) = err.fault
    else {
        panic!("not a non-uniform tile: {err}");
    };
    assert_eq!((lane, address), (7, base + 64));
    assert_eq!((first_lane, first_address), (0, base));
}

#[test]
fn a_tile_past_the_end_of_its_buffer_names_the_lane_and_the_address() {
    // 16 rows of 64 bytes need 1024 bytes; the buffer has 1010, so the
    // element at bytes 1008-1011 runs past its end.
    let (base, err) = load_error(1010, |base, _| base);
    let Fault::Memory(MemoryFault::OutOfBounds {
        lane,
        space,
        address,
        size,
        ref bounds,
        ..
    }) = err.fault
    else {
        panic!("not out of bounds: {err}");
    };
    assert!(lane.is_some(), "{err}");
    assert_eq!(
        (space, size, bounds.clone()),
        (StateSpace::Global, 4, base..base + 1010)
    );
    assert_eq!(address, base + 1008);
    // Bytes 1008-1011 of a 1010-byte buffer: 2 past its end.
    let past = format!("runs 2 bytes past the end of buffer 0 (1010 bytes at {base:#x})");
    assert!(err.to_string().contains(&past), "{err}");
}
