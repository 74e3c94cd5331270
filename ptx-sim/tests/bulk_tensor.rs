//! Bulk tensor copies in whole kernels: a tile of a tensor map lands in
//! shared memory where the box's geometry puts it (elements outside the
//! tensor filled with zeros), completes its bytes on the mbarrier, and goes
//! back to global memory with a store; copies the H100 faults on, and
//! maps that are no maps, are errors naming the coordinate or the field.
//! Expected values are the arithmetic of each copy, worked out in comments.

use ptx_sim::driver::tensor_map::{Interleave, L2Promotion, Swizzle, TensorDtype, TensorMap};
use ptx_sim::fault::{Fault, ProgramFault};
use ptx_sim::kernel::{Arg, Module};

/// Thread 0 loads the 8x4 box of f32 at (`x`, `y`) of the map into shared
/// memory, waits on the mbarrier (expecting the box's 128 bytes), copies
/// the 32 floats to `out`, then stores the box back to the tensor at
/// (`sx`, `sy`).
const TILE: &str = "
.version 8.0
.target sm_90
.address_size 64
.visible .entry tile(.param .align 128 .b8 map[128], .param .u64 out, .param .u32 x, .param .u32 y,
                     .param .u32 sx, .param .u32 sy) {
    .shared .align 128 .b8 box[128];
    .shared .align 8 .b64 bar;
    .reg .pred %p<3>;
    .reg .b32 %r<16>;
    .reg .b64 %rd<8>;
    .reg .f32 %f<2>;
    mov.u32 %r1, %tid.x;
    setp.ne.u32 %p1, %r1, 0;
    @%p1 bra DONE;
    mov.u64 %rd1, map;
    cvta.param.u64 %rd1, %rd1;
    ld.param.u32 %r2, [x];
    ld.param.u32 %r3, [y];
    mov.u32 %r4, bar;
    mov.u32 %r5, box;
    mbarrier.init.shared.b64 [%r4], 1;
    mbarrier.arrive.expect_tx.shared.b64 _, [%r4], 128;
    cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%r5], [%rd1, {%r2, %r3}], [%r4];
WAIT:
    mbarrier.try_wait.parity.shared.b64 %p2, [%r4], 0;
    @!%p2 bra WAIT;
    ld.param.u64 %rd2, [out];
    mov.u32 %r6, 0;
COPY:
    shl.b32 %r7, %r6, 2;
    add.u32 %r8, %r5, %r7;
    ld.shared.f32 %f1, [%r8];
    mul.wide.u32 %rd3, %r6, 4;
    add.s64 %rd4, %rd2, %rd3;
    st.global.f32 [%rd4], %f1;
    add.u32 %r6, %r6, 1;
    setp.lt.u32 %p2, %r6, 32;
    @%p2 bra COPY;
    ld.param.u32 %r9, [sx];
    ld.param.u32 %r10, [sy];
    cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group [%rd1, {%r9, %r10}], [%r5];
    cp.async.bulk.commit_group;
    cp.async.bulk.wait_group 0;
DONE:
    ret;
}";

/// The 16x6 f32 tensor `t[r][c] = 100 r + c` (rows of 64 bytes) and its map
/// of 8x4 boxes.
fn tensor_and_map(
    launch: &mut ptx_sim::kernel::KernelLaunch<'_>,
) -> (ptx_sim::kernel::Buffer, TensorMap) {
    let values: Vec<f32> = (0..6)
        .flat_map(|r| (0..16).map(move |c| (100 * r + c) as f32))
        .collect();
    let tensor = launch.buffer_from(&values);
    let map = TensorMap::encode_tiled(
        TensorDtype::F32,
        2,
        tensor.addr,
        &[16, 6],
        &[64],
        &[8, 4],
        &[1, 1],
        Interleave::None,
        Swizzle::None,
        L2Promotion::None,
        false,
    )
    .expect("a valid map");
    (tensor, map)
}

#[test]
fn a_tile_loads_with_zeros_outside_the_tensor_and_stores_back() {
    let m = Module::from_ptx(TILE).unwrap();
    let mut launch = m.kernel("tile").unwrap();
    let (tensor, map) = tensor_and_map(&mut launch);
    let out = launch.zeroed::<f32>(32);
    // The box at (12, 4): columns 12..20 of rows 4..8; columns 16.. and
    // rows 6.. are outside the 16x6 tensor. Stored back at (0, 0).
    launch
        .block(32)
        .arg(map)
        .arg(out)
        .args([Arg::U32(12), Arg::U32(4), Arg::U32(0), Arg::U32(0)]);
    let report = launch.run().unwrap();
    let got = report.read::<f32>(out);
    let expected: Vec<f32> = (0..4)
        .flat_map(|i| {
            (0..8).map(move |j| {
                let (r, c) = (4 + i, 12 + j);
                if r < 6 && c < 16 {
                    (100 * r + c) as f32
                } else {
                    0.0
                }
            })
        })
        .collect();
    assert_eq!(got, expected);
    // The store wrote the box over rows 0..4, columns 0..8.
    let t = report.read::<f32>(tensor);
    for i in 0..4 {
        assert_eq!(t[16 * i..16 * i + 8], expected[8 * i..8 * i + 8], "row {i}");
        assert_eq!(
            t[16 * i + 8],
            (100 * i + 8) as f32,
            "column 8 of row {i} untouched"
        );
    }
}

#[test]
fn copies_the_gpu_faults_on_are_errors_naming_the_coordinate_or_field() {
    let m = Module::from_ptx(TILE).unwrap();
    let first_fault = |x: u32, map: [u8; 128]| {
        let mut launch = m.kernel("tile").unwrap();
        let out = launch.zeroed::<f32>(32);
        launch
            .block(32)
            .arg(Arg::Bytes(map.to_vec()))
            .arg(out)
            .args([Arg::U32(x), Arg::U32(0), Arg::U32(0), Arg::U32(0)]);
        launch.run().unwrap_err().faults()[0].fault.clone()
    };
    let mut launch = m.kernel("tile").unwrap();
    let (_, map) = tensor_and_map(&mut launch);
    // Column 2 of f32 rows is 8 bytes in: not on a 16-byte boundary.
    match first_fault(2, map.to_bytes()) {
        Fault::Program(ProgramFault::BadOperand { detail, .. }) => {
            assert!(detail.contains("coordinate 2"), "{detail}")
        }
        other => panic!("{other}"),
    }
    // A map whose type code names no type.
    let mut bytes = map.to_bytes();
    bytes[9] |= 0x07;
    match first_fault(0, bytes) {
        Fault::Program(ProgramFault::BadOperand { detail, .. }) => {
            assert!(detail.contains("tensorDataType"), "{detail}")
        }
        other => panic!("{other}"),
    }
}
