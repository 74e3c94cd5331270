//! Faults of memory: an access misaligned, out of bounds, in no buffer,
//! into read-only memory, or on a state space the simulator does not
//! model; an address that is not where its instruction needs it (outside
//! a generic window, in no CTA of the cluster, not in shared memory); a
//! `wmma` tile whose lanes disagree on it or leave its lines unaligned; a
//! `free` of an address the device heap did not give.

use super::{by, memory, plural, show};
use ptx_core::StateSpace;
use std::fmt;
use std::ops::Range;

/// An access or an address that its memory does not allow: what a GPU
/// would trap on (a misaligned or out-of-bounds access, a store to
/// read-only memory) or what the simulator cannot reach.
///
/// The memory is named by [`StateSpace`]: the CTA's shared memory as
/// `StateSpace::Shared(SharedScope::Cta)`, the kernel's parameters as
/// `StateSpace::Param(ParamScope::Entry)`, constant memory as
/// `StateSpace::Const` (its texts say "shared", "param", "constant").
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum MemoryFault {
    /// An access whose address is not a multiple of its alignment (PTX
    /// ISA, `ld`: "the address must be naturally aligned to a multiple of
    /// the access size").
    #[error("{}: {} address {address:#x} is not aligned to {align} bytes", by(.instruction, .lane), memory(*.space))]
    Misaligned {
        /// The instruction's table key (`ld`, `st`, `atom`, ...).
        instruction: &'static str,
        /// The lane whose address it was, when the warp accessed together.
        lane: Option<u32>,
        /// The memory the address is in.
        space: StateSpace,
        /// The address (for shared and local memory, the offset in it).
        address: u64,
        /// The alignment the access needs, in bytes.
        align: u64,
    },
    /// An access that does not lie within the memory it reaches: past the
    /// CTA's shared memory, past a thread's local memory, or off the end
    /// of the buffer its address starts in.
    #[error("{}: {} address {address:#x} (+{size} bytes) {}", by(.instruction, .lane), memory(*.space), beyond(*.space, .bounds, *.buffer, *.address + *.size))]
    OutOfBounds {
        /// The instruction's table key.
        instruction: &'static str,
        /// The lane whose address it was, when the warp accessed together.
        lane: Option<u32>,
        /// The memory the address is in.
        space: StateSpace,
        /// The address (for shared and local memory, the offset in it).
        address: u64,
        /// How many bytes the access takes.
        size: u64,
        /// The addresses the access had to lie in: `0..len` for shared and
        /// local memory, the buffer's addresses for global, constant and
        /// parameter memory.
        bounds: Range<u64>,
        /// Which buffer of its space (in the order the launch registered
        /// them) the address starts in; `None` for shared and local memory
        /// (and past the 65,536th buffer).
        buffer: Option<u16>,
    },
    /// An address in no buffer of its space: global, constant or
    /// parameter memory the launch did not register there.
    #[error("{}: {} address {address:#x} {}{}", by(.instruction, .lane), memory(*.space), in_no_buffer(*.space), nearest_of(.nearest, *.address))]
    Unmapped {
        /// The instruction's table key.
        instruction: &'static str,
        /// The lane whose address it was, when the warp accessed together.
        lane: Option<u32>,
        /// The memory the address is in.
        space: StateSpace,
        /// The address.
        address: u64,
        /// How many bytes the access takes.
        size: u64,
        /// The buffer of the space that ends closest below the address,
        /// if one does: what the access most likely meant to reach (boxed,
        /// to keep a fault a few words).
        nearest: Option<Box<BufferSpan>>,
    },
    /// A store or atomic into read-only memory: the constant space or the
    /// kernel's parameters (PTX ISA, "State Spaces").
    #[error("{}: {}", by(.instruction, .lane), read_only(*.space, *.address))]
    ReadOnly {
        /// The instruction's table key.
        instruction: &'static str,
        /// The lane whose address it was, when the warp accessed together.
        lane: Option<u32>,
        /// [`StateSpace::Const`] or [`StateSpace::Param`] (`::entry`).
        space: StateSpace,
        /// The generic or state-space address the store was given.
        address: u64,
    },
    /// A global buffer whose lock a panicking thread left poisoned.
    #[error("{}: a global buffer was poisoned", by(.instruction, .lane))]
    PoisonedBuffer {
        /// The instruction's table key.
        instruction: &'static str,
        /// The lane whose access it was, when the warp accessed together.
        lane: Option<u32>,
    },
    /// `.param::func`: a device function's own parameters, which a `ptx!`
    /// statement, running in the kernel itself, does not have.
    #[error(
        "`{instruction}`: .param::func is a device function's own parameters, which a ptx! statement, running in the kernel itself, does not have; the kernel's parameters (`Launch::params`) are .param::entry, read with `ld.param`"
    )]
    DeviceFunctionParams {
        /// The instruction's table key.
        instruction: &'static str,
    },
    /// A kernel's `free` (or `delete`) of an address that starts no live
    /// allocation of the device heap: undefined on a GPU, a fault here.
    #[error("`free`: address {address:#x} cannot be freed: {why}")]
    BadFree {
        /// The address given.
        address: u64,
        /// What it was.
        why: BadFree,
    },
    /// An instruction on a state space the simulator does not model.
    #[error("`{instruction}`: the {space} state space is not simulated")]
    SpaceNotSimulated {
        /// The instruction's table key.
        instruction: &'static str,
        /// The state space.
        space: StateSpace,
    },
    /// `cvta.to.space` of a generic address outside the space's window.
    #[error("cvta.to.{name}: generic address {address:#x} is not in the {name} window ({window:#x}, what cvta.{name} gives)", name = .space.name())]
    NotInWindow {
        /// The space converted to.
        space: StateSpace,
        /// The generic address.
        address: u64,
        /// Where the space's window starts among generic addresses.
        window: u64,
    },
    /// A `.shared::cluster` address (or a `mapa` rank) naming a CTA the
    /// cluster does not have.
    #[error("`{instruction}`: shared::cluster address {address:#x} names the CTA of rank {rank}, but the cluster has {size} CTA{}", plural(*.size))]
    NoSuchCta {
        /// The instruction's table key.
        instruction: &'static str,
        /// The address (or, for `mapa`, the address mapped).
        address: u64,
        /// The rank it names.
        rank: u32,
        /// How many CTAs the cluster has.
        size: u32,
    },
    /// An address that must point into shared memory (an mbarrier
    /// object's, `mapa`'s, `getctarank`'s) that does not.
    #[error("`{instruction}`: address {address:#x} is not in shared memory")]
    NotShared {
        /// The instruction's table key.
        instruction: &'static str,
        /// The address.
        address: u64,
    },
    /// A `wmma` load or store whose lanes give different addresses or
    /// strides: every lane of the warp must give the same.
    #[error(
        "`{instruction}`: lane {lane} gives address {address:#x} and stride {stride}, lane {first_lane} gives {first_address:#x} and {first_stride}: every lane of the warp must give the same"
    )]
    NonUniformTile {
        /// The instruction's table key.
        instruction: &'static str,
        /// The first lane that differs.
        lane: u32,
        /// Its address.
        address: u64,
        /// Its stride, in elements.
        stride: u64,
        /// The first member lane, whose address and stride the others must give.
        first_lane: u32,
        /// Its address.
        first_address: u64,
        /// Its stride, in elements.
        first_stride: u64,
    },
    /// A `wmma` load or store whose address and stride leave a row (or
    /// column) start unaligned to the fragment's alignment.
    #[error(
        "`{instruction}` (lane {lane}): address {address:#x} with a stride of {stride} elements ({} bytes) leaves a {} start unaligned: each must be aligned to {align} bytes",
        (*.stride * u64::from(*.element_bits)) as f64 / 8.0,
        if *.row_major { "row" } else { "column" }
    )]
    MisalignedTile {
        /// The instruction's table key.
        instruction: &'static str,
        /// The lane whose address it is (every lane gives the same).
        lane: u32,
        /// The tile's address.
        address: u64,
        /// The stride, in elements.
        stride: u64,
        /// Bits of one element.
        element_bits: u32,
        /// Whether lines are rows (`.row`) rather than columns.
        row_major: bool,
        /// The alignment each line start needs, in bytes.
        align: u64,
    },
}

impl MemoryFault {
    /// The lane the fault names, if it is about one lane's access.
    pub fn lane(&self) -> Option<u32> {
        match self {
            MemoryFault::Misaligned { lane, .. }
            | MemoryFault::OutOfBounds { lane, .. }
            | MemoryFault::Unmapped { lane, .. }
            | MemoryFault::ReadOnly { lane, .. }
            | MemoryFault::PoisonedBuffer { lane, .. } => *lane,
            MemoryFault::NonUniformTile { lane, .. } | MemoryFault::MisalignedTile { lane, .. } => {
                Some(*lane)
            }
            _ => None,
        }
    }

    /// The fault of lane `lane_number`'s access: names the lane in a
    /// fault of one access, and leaves the others as they are.
    pub(crate) fn on_lane(mut self, lane_number: u32) -> MemoryFault {
        if let MemoryFault::Misaligned { lane, .. }
        | MemoryFault::OutOfBounds { lane, .. }
        | MemoryFault::Unmapped { lane, .. }
        | MemoryFault::ReadOnly { lane, .. }
        | MemoryFault::PoisonedBuffer { lane, .. } = &mut self
        {
            *lane = Some(lane_number);
        }
        self
    }
}

/// How an access ending at `reach` runs out of the memory of `space` that
/// spans `bounds` (buffer `buffer` of the space, for buffers).
fn beyond(
    space: StateSpace,
    bounds: &Range<u64>,
    buffer: Option<u16>,
    reach: u64,
) -> impl fmt::Display {
    let Range { start, end } = *bounds;
    show(move |f| match space {
        StateSpace::Shared(_) => write!(f, "is outside the CTA's {end} bytes of shared memory"),
        StateSpace::Local => write!(f, "is past the {end} bytes of a thread's local memory"),
        _ => {
            let span = BufferSpan {
                index: buffer.map(usize::from),
                addresses: start..end,
            };
            write!(
                f,
                "runs {} bytes past the end of {span}",
                reach.saturating_sub(end)
            )
        }
    })
}

/// `: 4 bytes past the end of buffer 1 (64 bytes at 0x7f0000000100)`: where
/// an address in no buffer lies, from the buffer that ends closest below it.
fn nearest_of(nearest: &Option<Box<BufferSpan>>, address: u64) -> impl fmt::Display + '_ {
    show(move |f| match nearest {
        Some(span) => write!(
            f,
            ": {} bytes past the end of {span}",
            address - span.addresses.end
        ),
        None => Ok(()),
    })
}

/// One buffer of a launch, as a fault names it: its number and addresses.
///
/// ```
/// use ptx_sim::fault::BufferSpan;
/// let span = BufferSpan { index: Some(1), addresses: 0x100..0x140 };
/// assert_eq!(span.to_string(), "buffer 1 (64 bytes at 0x100)");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BufferSpan {
    /// Its number among its space's buffers, in the order the launch
    /// registered them, when known.
    pub index: Option<usize>,
    /// Its addresses.
    pub addresses: Range<u64>,
}

impl fmt::Display for BufferSpan {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Range { start, end } = self.addresses;
        match self.index {
            Some(i) => write!(f, "buffer {i} ({} bytes at {start:#x})", end - start),
            None => write!(f, "its buffer ({} bytes at {start:#x})", end - start),
        }
    }
}

/// Why an address of `space` in none of its buffers is in none, and what
/// gives it some.
fn in_no_buffer(space: StateSpace) -> &'static str {
    match space {
        StateSpace::Const => {
            "is in no constant buffer of the launch (`Launch::constant` registers them)"
        }
        StateSpace::Param(_) => "is past the kernel's parameters (`Launch::params` registers them)",
        _ => "is in no buffer of the launch",
    }
}

/// Why a store to `address` in read-only `space` fails, and what to do.
fn read_only(space: StateSpace, address: u64) -> impl fmt::Display {
    show(move |f| match space {
        StateSpace::Param(_) => write!(
            f,
            "kernel parameters are read-only: {address:#x} is a kernel-parameter address (where `Launch::params` puts them), and `st.param` stores only to a device function's own parameters (.param::func), which a ptx! statement, running in the kernel itself, does not have; keep the value in a register, or in .local or .global memory"
        ),
        _ => write!(
            f,
            "constant memory is read-only: {address:#x} is a constant-space address (where `Launch::constant` puts its buffers); store to a global buffer (`Launch::global`) instead"
        ),
    })
}

/// Why `free` refused an address: freeing it is undefined on a GPU.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BadFree {
    /// It started an allocation that was freed already.
    Freed,
    /// It lies inside an allocation, `offset` bytes past the start of the
    /// `size` bytes at `base`.
    Inside {
        /// The allocation's first address.
        base: u64,
        /// The bytes it takes.
        size: u64,
        /// How far into it the address is.
        offset: u64,
    },
    /// It lies in the heap but in no allocation.
    Unallocated,
    /// It is not in the heap (memory of `cudaMalloc`, a variable, ...).
    NotHeap,
}

impl fmt::Display for BadFree {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            BadFree::Freed => f.write_str("it was freed already (a double free)"),
            BadFree::Inside { base, size, offset } => write!(
                f,
                "it is {offset} bytes into the heap allocation of {size} bytes at {base:#x}, not its start"
            ),
            BadFree::Unallocated => f.write_str("no malloc gave it: it is in the device heap but in no allocation"),
            BadFree::NotHeap => f.write_str(
                "it is not in the device heap (only what malloc, new or __nv_aligned_device_malloc gave may be freed in a kernel)",
            ),
        }
    }
}
