//! Device memory that outlives launches: allocations made once, written
//! and read from the host, and used by any number of launches of modules
//! and of `ptx!` closures in turn, as a CUDA context holds them between
//! kernels. The API follows cudarc's `CudaContext`/`CudaSlice`:
//! [`Device::upload`] is `memcpy_stod`, [`Device::read`] `memcpy_dtov`,
//! and a [`DeviceBuffer`] is freed when dropped.
//!
//! One kernel's output is the next one's input, with no copy through the
//! host: a module kernel squares every value, then a closure launch adds
//! each value's neighbour.
//!
//! ```
//! use ptx::device::Device;
//! use ptx::launch::Launch;
//! use ptx::{Module, ptx};
//!
//! let square = Module::from_ptx(r#"
//! .version 8.0
//! .target sm_90
//! .address_size 64
//! .visible .entry square(.param .u64 data) {
//!     .reg .b32 %r<3>;
//!     .reg .b64 %rd<3>;
//!     ld.param.u64 %rd1, [data];
//!     mov.u32 %r1, %tid.x;
//!     mul.wide.u32 %rd2, %r1, 4;
//!     add.s64 %rd1, %rd1, %rd2;
//!     ld.global.u32 %r2, [%rd1];
//!     mul.lo.u32 %r2, %r2, %r2;
//!     st.global.u32 [%rd1], %r2;
//!     ret;
//! }"#).unwrap();
//!
//! let device = Device::simulator();
//! let data = device.upload(&(0..32u32).collect::<Vec<_>>()).unwrap();
//! let sums = device.alloc_zeros::<u32>(32).unwrap();
//!
//! let mut launch = square.kernel("square").unwrap();
//! launch.block(32).arg(&data);
//! device.launch(&launch).unwrap();
//!
//! // sums[i] = data[i] + data[(i + 1) % 32], reading what the kernel left.
//! device
//!     .run(&Launch::new(1, 32), |t| {
//!         let (x, y): (u32, u32);
//!         let next = (t.lane as usize + 1) % 32;
//!         ptx!("ld.global.u32 %0, [%1];" : "=r"(x) : "l"(data.at(t.lane as usize)));
//!         ptx!("ld.global.u32 %0, [%1];" : "=r"(y) : "l"(data.at(next)));
//!         ptx!("st.global.u32 [%0], %1;" :: "l"(sums.at(t.lane as usize)), "r"(x + y) : "memory");
//!     })
//!     .unwrap();
//! let sums = device.read(&sums).unwrap();
//! assert_eq!(sums[3], 3 * 3 + 4 * 4);
//! assert_eq!(sums[31], 31 * 31);
//! ```
//!
//! With the `cuda` feature, [`Device::gpu`] is GPU 0 through the CUDA
//! driver: the same allocations, copies and module launches run there
//! (closures run only in the simulator). `docs/device.md` has the whole
//! API and how it differs from a GPU.

pub use ptx_sim::device::{
    DEFAULT_HEAP_SIZE, DEVICE_BASE, DEVICE_MEMORY, Device, DeviceBuffer, DeviceError,
};
