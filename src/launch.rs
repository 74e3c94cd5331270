//! Running `ptx!` code as a grid of simulated GPU threads: the launch API
//! of [`ptx_sim::machine`], re-exported.
//!
//! A closure is the body of every thread. Inside it, `ptx!` statements see
//! the thread's special registers (`%tid`, `%laneid`, ...), and warp
//! collectives (`shfl.sync`, `vote.sync`, `ldmatrix`, `mma.sync`, ...) and
//! barriers meet the other threads of the warp or CTA. Each lane runs on a
//! stack of its own, scheduled deterministically, so every run computes the
//! same thing; CTAs run in parallel.
//!
//! ```
//! use ptx::launch::Launch;
//! use ptx::ptx;
//!
//! // 2 CTAs of 64 threads; each thread reads `%tid.x` through ptx!.
//! let report = Launch::new(2, 64)
//!     .run(|t| {
//!         let tid: u32;
//!         ptx!("mov.u32 %0, %tid.x;" : "=r"(tid));
//!         t.ctaid[0] * 64 + tid
//!     })
//!     .unwrap();
//! assert_eq!(report.results, (0..128).collect::<Vec<u32>>());
//! ```
//!
//! Shared memory, and the bank conflicts its accesses caused:
//!
//! ```
//! use ptx::launch::Launch;
//! use ptx::ptx;
//!
//! let report = Launch::new(1, 32)
//!     .shared_bytes(128)
//!     .run(|t| {
//!         let addr = t.lane * 4;
//!         ptx!("st.shared.u32 [%0], %1;" :: "r"(addr), "r"(t.lane * 10));
//!     })
//!     .unwrap();
//! assert_eq!(report.shared[0][4..8], 10u32.to_le_bytes());
//! ```
//!
//! Named, typed shared memory: arrays declared with the launch, each at an
//! aligned address of every CTA's shared window, read back typed.
//!
//! ```
//! use ptx::launch::Launch;
//! use ptx::ptx;
//!
//! let mut launch = Launch::new(1, 32);
//! let sums = launch.shared_array::<u32>(1);
//! let tile = launch.shared_array::<f32>(32);
//! let report = launch
//!     .run(|t| {
//!         ptx!("st.shared.f32 [%0], %1;" :: "r"(tile.at(t.lane)), "f"(t.lane as f32 * 0.5));
//!         ptx!("red.shared.add.u32 [%0], %1;" :: "r"(sums.addr), "r"(t.lane));
//!     })
//!     .unwrap();
//! assert_eq!(report.read_shared(0, sums), [496]);
//! assert_eq!(report.read_shared(0, tile)[31], 15.5);
//! ```
//!
//! Global memory: buffers registered with the launch, at device addresses
//! the threads load from and store to; the report holds them afterwards.
//!
//! ```
//! use ptx::launch::Launch;
//! use ptx::ptx;
//!
//! let mut launch = Launch::new(2, 32);
//! let input = launch.global_from(&(0..64).map(|i| i as f32).collect::<Vec<_>>());
//! let output = launch.global_from(&[0f32; 64]);
//! let report = launch
//!     .run(|t| {
//!         let i = u64::from(t.ctaid[0] * 32 + t.tid[0]);
//!         let x: f32;
//!         ptx!("ld.global.f32 %0, [%1];" : "=f"(x) : "l"(input.addr + 4 * i));
//!         ptx!("st.global.f32 [%0], %1;" :: "l"(output.addr + 4 * i), "f"(2.0 * x) : "memory");
//!     })
//!     .unwrap();
//! let doubled: Vec<f32> = report.read(output);
//! assert_eq!(doubled[63], 126.0);
//! ```
//!
//! Constant memory and kernel parameters: read-only buffers the threads
//! load with `ld.const` and `ld.param` (a store into either is an error,
//! as the PTX ISA has them read-only).
//!
//! ```
//! use ptx::launch::Launch;
//! use ptx::ptx;
//!
//! let mut launch = Launch::new(1, 32);
//! let table = launch.constant_from(&[1u32, 10, 100, 1000]);
//! // The kernel's one parameter: which entry of the table to read.
//! launch.params_from(&[2u32]);
//! let report = launch
//!     .run(|_| {
//!         let (entry, value): (u32, u32);
//!         ptx!("ld.param.u32 %0, [%1];" : "=r"(entry) : "l"(0u64));
//!         ptx!("ld.const.u32 %0, [%1];" : "=r"(value) : "l"(table.addr + 4 * u64::from(entry)));
//!         value
//!     })
//!     .unwrap();
//! assert_eq!(report.results, [100; 32]);
//! ```
//!
//! Thread-block clusters: the CTAs of a cluster reach each other's shared
//! memory through `mapa` and `.shared::cluster` addresses, and meet at the
//! cluster barrier.
//!
//! ```
//! use ptx::launch::Launch;
//! use ptx::ptx;
//!
//! let mut launch = Launch::new(4, 32);
//! launch.shared_bytes(4).cluster(2);
//! let report = launch
//!     .run(|t| {
//!         let (rank, other): (u32, u32);
//!         ptx!("mov.u32 %0, %cluster_ctarank;" : "=r"(rank));
//!         // Thread 0 adds its rank + 1 into the other CTA's word.
//!         ptx!("mapa.shared::cluster.u32 %0, %1, %2;" : "=r"(other) : "r"(0u32), "r"(rank ^ 1));
//!         if t.tid[0] == 0 {
//!             ptx!("red.shared::cluster.add.u32 [%0], %1;" :: "r"(other), "r"(rank + 1) : "memory");
//!         }
//!         ptx!("barrier.cluster.arrive;" ::: "memory");
//!         ptx!("barrier.cluster.wait;" ::: "memory");
//!         let seen: u32;
//!         ptx!("ld.shared.u32 %0, [%1];" : "=r"(seen) : "r"(0u32));
//!         seen
//!     })
//!     .unwrap();
//! // Rank 0 holds what rank 1 added (2), rank 1 what rank 0 added (1).
//! assert_eq!(report.results[0], 2);
//! assert_eq!(report.results[32], 1);
//! ```
//!
//! A launch whose statements fault returns every fault as a value: the
//! thread that met it, the statement, and what went wrong, to match on.
//!
//! ```
//! use ptx::launch::{Fault, Launch, MemoryFault, SharedScope, StateSpace};
//! use ptx::ptx;
//!
//! // Lane 16 stores just past the CTA's 64 bytes of shared memory.
//! let err = Launch::new(1, 32)
//!     .shared_bytes(64)
//!     .run(|t| {
//!         let at = if t.lane == 16 { 64 } else { 4 * (t.lane % 16) };
//!         ptx!("st.shared.u32 [%0], %1;" :: "r"(at), "r"(t.lane));
//!     })
//!     .unwrap_err();
//! // The warp stores together: each lane's statement meets lane 16's fault.
//! let first = &err.faults[0];
//! assert_eq!(first.statement.as_deref(), Some("st.shared.u32 [%0], %1;"));
//! match &first.fault {
//!     Fault::Memory(MemoryFault::OutOfBounds { lane, space, address, bounds, .. }) => {
//!         let shared = StateSpace::Shared(SharedScope::Cta);
//!         assert_eq!((*lane, *space, *address), (Some(16), shared, 64));
//!         assert_eq!(*bounds, 0..64);
//!     }
//!     other => panic!("expected an out-of-bounds store, got {other}"),
//! }
//! ```

pub use ptx_core::{ParamScope, SharedScope, StateSpace};
pub use ptx_sim::check::Checks;
pub use ptx_sim::fault::{
    Access, BufferSpan, Fault, Finding, Hazard, LaunchFault, MemoryFault, ProgramFault, QuietSpan,
    Race, SyncFault, ThreadFault, WaitSite, Waiting,
};
pub use ptx_sim::machine::{
    BankCounts, ConstantBuffer, Dim3, Element, GlobalBuffer, Launch, LaunchError, ParamBuffer,
    Report, SharedArray, SharedStats, Thread, in_launch, warp32,
};
