//! Texture and surface objects in whole kernels: a handle is the global
//! address of a descriptor (`ptx_sim::driver::texture`), which a plain
//! ptx-sim user writes into a buffer. Expected values come from the CUDA
//! programming guide's "Texture Fetching" formulas, worked out in comments.

use ptx_sim::driver::texture::{
    AddressMode, ChannelKind, Descriptor, Filter, Format, Resource, Sampler,
};
use ptx_sim::kernel::{Arg, KernelLaunch, Module};

/// Thread 0 fetches `tex.2d` at (`x`, `y`) and stores the four channels.
const FETCH: &str = "
.version 8.0
.target sm_90
.address_size 64
.visible .entry fetch(.param .u64 t, .param .u64 out, .param .f32 x, .param .f32 y) {
    .reg .b64 %rd<4>;
    .reg .f32 %f<8>;
    ld.param.u64 %rd1, [t];
    ld.param.u64 %rd2, [out];
    ld.param.f32 %f1, [x];
    ld.param.f32 %f2, [y];
    tex.2d.v4.f32.f32 {%f3, %f4, %f5, %f6}, [%rd1, {%f1, %f2}];
    st.global.v4.f32 [%rd2], {%f3, %f4, %f5, %f6};
    ret;
}";

/// Thread 0 stores `v` at element (`x`, `y`) of a 32-bit surface with
/// `sust.b.2d.b32.trap`, then loads element (`rx`, `ry`) with `.zero`
/// and with `.clamp`.
const SURFACE: &str = "
.version 8.0
.target sm_90
.address_size 64
.visible .entry surface(.param .u64 s, .param .u64 out, .param .u32 x, .param .u32 y, .param .u32 v,
                        .param .u32 rx, .param .u32 ry) {
    .reg .b64 %rd<4>;
    .reg .b32 %r<12>;
    ld.param.u64 %rd1, [s];
    ld.param.u64 %rd2, [out];
    ld.param.u32 %r1, [x];
    ld.param.u32 %r2, [y];
    ld.param.u32 %r3, [v];
    shl.b32 %r1, %r1, 2;
    sust.b.2d.b32.trap [%rd1, {%r1, %r2}], {%r3};
    ld.param.u32 %r4, [rx];
    ld.param.u32 %r5, [ry];
    shl.b32 %r4, %r4, 2;
    suld.b.2d.b32.zero {%r6}, [%rd1, {%r4, %r5}];
    suld.b.2d.b32.clamp {%r7}, [%rd1, {%r4, %r5}];
    suq.width.b32 %r8, [%rd1];
    st.global.v4.u32 [%rd2], {%r6, %r7, %r8, %r8};
    ret;
}";

const FLOAT: Format = Format {
    kind: ChannelKind::Float,
    channels: 1,
    bits: 32,
};

/// The 4x2 float array `a[y][x] = 10 y + x` and a texture over it.
fn texture(launch: &mut KernelLaunch<'_>, sampler: Sampler) -> u64 {
    let values: Vec<f32> = (0..2)
        .flat_map(|y| (0..4).map(move |x| (10 * y + x) as f32))
        .collect();
    let array = launch.buffer_from(&values);
    let d = Descriptor {
        resource: Resource::array(array.addr, FLOAT, [4, 2, 1], 0),
        sampler: Some(sampler),
    };
    launch.buffer_from(&d.to_bytes()).addr
}

fn fetch(sampler: Sampler, x: f32, y: f32) -> [f32; 4] {
    let m = Module::from_ptx(FETCH).unwrap();
    let mut launch = m.kernel("fetch").unwrap();
    let t = texture(&mut launch, sampler);
    let out = launch.zeroed::<f32>(4);
    launch
        .block(1)
        .args([Arg::U64(t), Arg::Buffer(out), Arg::F32(x), Arg::F32(y)]);
    let report = launch.run().unwrap();
    let got = report.read::<f32>(out);
    [got[0], got[1], got[2], got[3]]
}

fn mode(address: AddressMode, normalized: bool) -> Sampler {
    Sampler {
        address: [address; 3],
        normalized,
        border: [-1.0, -2.0, -3.0, -4.0],
        ..Sampler::default()
    }
}

#[test]
fn point_sampling_reads_texel_floor_x_and_places_outside_coordinates_by_the_address_mode() {
    // (2.7, 1.2): texel (2, 1) = 12; a missing channel reads 0, alpha 1.
    assert_eq!(
        fetch(mode(AddressMode::Clamp, false), 2.7, 1.2),
        [12.0, 0.0, 0.0, 1.0]
    );
    // (-3.5, 5.0) clamps to (0, 1) = 10.
    assert_eq!(fetch(mode(AddressMode::Clamp, false), -3.5, 5.0)[0], 10.0);
    // Border: the border colour, all four channels.
    assert_eq!(
        fetch(mode(AddressMode::Border, false), 4.0, 0.0),
        [-1.0, -2.0, -3.0, -4.0]
    );
    // Wrap, normalized: x = 1.3 * 4 = 5.2 -> texel 5 mod 4 = 1; y = -0.25 * 2 = -0.5 -> -1 mod 2 = 1.
    assert_eq!(fetch(mode(AddressMode::Wrap, true), 1.3, -0.25)[0], 11.0);
    // Mirror, normalized: x = 1.3 * 4 = 5.2 -> 5 in the mirrored period -> 8 - 1 - 5 = 2;
    // y = -0.25 * 2 = -0.5 -> -1 -> mirrored 0.
    assert_eq!(fetch(mode(AddressMode::Mirror, true), 1.3, -0.25)[0], 2.0);
    // Wrap without normalized coordinates acts as clamp: (6, 0) -> (3, 0).
    assert_eq!(fetch(mode(AddressMode::Wrap, false), 6.0, 0.0)[0], 3.0);
}

#[test]
fn linear_filtering_weighs_neighbours_by_a_fraction_rounded_to_eighths_of_bits() {
    let linear = Sampler {
        filter: Filter::Linear,
        ..mode(AddressMode::Clamp, false)
    };
    // (2.25, 1.0): xb = 1.75 -> texels 1, 2 with alpha 0.75; yb = 0.5 ->
    // rows 0, 1 with beta 0.5: row 0 gives 1.75, row 1 11.75, mean 6.75.
    assert_eq!(fetch(linear, 2.25, 1.0)[0], 6.75);
    // x = 1.5 + 1/3: xb = 1.3333 -> alpha = round(85.33) / 256 = 85/256, on
    // row 0 (y = 0.5 -> beta 0): 1 + 85/256.
    assert_eq!(fetch(linear, 1.5 + 1.0 / 3.0, 0.5)[0], 1.0 + 85.0 / 256.0);
}

#[test]
fn a_surface_store_is_read_back_and_out_of_range_loads_follow_their_mode() {
    let m = Module::from_ptx(SURFACE).unwrap();
    let run = |x: u32, y: u32, rx: u32, ry: u32| {
        let mut launch = m.kernel("surface").unwrap();
        let array = launch.zeroed::<u32>(8);
        let d = Descriptor {
            resource: Resource::array(
                array.addr,
                Format {
                    kind: ChannelKind::Unsigned,
                    ..FLOAT
                },
                [4, 2, 1],
                0,
            ),
            sampler: None,
        };
        let s = launch.buffer_from(&d.to_bytes()).addr;
        let out = launch.zeroed::<u32>(4);
        launch.block(1).args([
            Arg::U64(s),
            Arg::Buffer(out),
            Arg::U32(x),
            Arg::U32(y),
            Arg::U32(77),
            Arg::U32(rx),
            Arg::U32(ry),
        ]);
        launch.run().map(|r| r.read::<u32>(out))
    };
    // Store at (3, 1), read it back: 77 both ways; the width is 4.
    assert_eq!(run(3, 1, 3, 1).unwrap(), [77, 77, 4, 4]);
    // Read at (9, 1): `.zero` gives 0, `.clamp` the element (3, 1).
    assert_eq!(run(3, 1, 9, 1).unwrap(), [0, 77, 4, 4]);
    // A `.trap` store outside faults, naming the surface's size.
    let err = run(4, 0, 0, 0).unwrap_err().to_string();
    assert!(err.contains("outside the surface"), "{err}");
}

#[test]
fn a_handle_that_leads_to_no_descriptor_is_a_fault() {
    let m = Module::from_ptx(FETCH).unwrap();
    let mut launch = m.kernel("fetch").unwrap();
    let garbage = launch.zeroed::<u8>(128);
    let out = launch.zeroed::<f32>(4);
    launch.block(1).args([
        Arg::Buffer(garbage),
        Arg::Buffer(out),
        Arg::F32(0.0),
        Arg::F32(0.0),
    ]);
    let err = launch.run().unwrap_err().to_string();
    assert!(
        err.contains("leads to no texture or surface object"),
        "{err}"
    );
}

/// Thread 0 gathers the red channel of the 2x2 footprint at (`x`, `y`)
/// with `tld4.r.2d` and queries the width and height with `txq`.
const GATHER: &str = "
.version 8.0
.target sm_90
.address_size 64
.visible .entry gather(.param .u64 t, .param .u64 out, .param .f32 x, .param .f32 y) {
    .reg .b64 %rd<4>;
    .reg .f32 %f<8>;
    .reg .b32 %r<4>;
    ld.param.u64 %rd1, [t];
    ld.param.u64 %rd2, [out];
    ld.param.f32 %f1, [x];
    ld.param.f32 %f2, [y];
    tld4.r.2d.v4.f32.f32 {%f3, %f4, %f5, %f6}, [%rd1, {%f1, %f2}];
    st.global.v4.f32 [%rd2], {%f3, %f4, %f5, %f6};
    txq.width.b32 %r1, [%rd1];
    txq.height.b32 %r2, [%rd1];
    cvt.rn.f32.u32 %f3, %r1;
    cvt.rn.f32.u32 %f4, %r2;
    st.global.v2.f32 [%rd2+16], {%f3, %f4};
    ret;
}";

#[test]
fn tld4_gathers_the_bilinear_footprint_and_txq_gives_the_size() {
    let m = Module::from_ptx(GATHER).unwrap();
    let mut launch = m.kernel("gather").unwrap();
    let t = texture(&mut launch, mode(AddressMode::Clamp, false));
    let out = launch.zeroed::<f32>(6);
    launch
        .block(1)
        .args([Arg::U64(t), Arg::Buffer(out), Arg::F32(2.0), Arg::F32(1.0)]);
    let got = launch.run().unwrap().read::<f32>(out);
    // (2, 1): x - 0.5 = 1.5 -> i = 1, y - 0.5 = 0.5 -> j = 0; the texels
    // (i, j+1), (i+1, j+1), (i+1, j), (i, j) = 11, 12, 2, 1; size 4 x 2.
    assert_eq!(got, [11.0, 12.0, 2.0, 1.0, 4.0, 2.0]);
}
