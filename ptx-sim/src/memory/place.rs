//! Where an instruction's address points: its state space, or for a
//! generic address the window it falls in ([`super::window`]), as a
//! [`Place`]. A pure function of the address and the modifiers.
//!
//! ```
//! use ptx_core::Mods;
//! use ptx_sim::memory::place::{Place, generic_place};
//! use ptx_sim::memory::window::{LOCAL_WINDOW, SHARED_WINDOW};
//! assert_eq!(generic_place(LOCAL_WINDOW + 8), Place::Local(8));
//! // Rank 1's shared memory, offset 0x40, in the `.shared::cluster` window.
//! assert_eq!(generic_place(SHARED_WINDOW + (1 << 24) + 0x40), Place::Cluster { rank: 1, offset: 0x40 });
//! assert_eq!(generic_place(0x7f00_0000_0000), Place::Global(0x7f00_0000_0000));
//! ```

use super::cluster_address::{ClusterAddress, cta_offset};
use super::window::{CONST_WINDOW, LOCAL_WINDOW, PARAM_WINDOW, SHARED_WINDOW, window_offset};
use crate::fault::{Fault, MemoryFault};
use ptx_core::{Mods, ParamScope, SharedScope, StateSpace};

/// Where an instruction's address points.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    /// A byte offset into the CTA's shared memory.
    Shared(u64),
    /// A byte offset into the shared memory of the CTA of rank `rank` of
    /// the cluster (a `.shared::cluster` address; see
    /// [`super::cluster_address`]).
    Cluster {
        /// The CTA's rank in the cluster.
        rank: u32,
        /// The byte offset into that CTA's shared memory.
        offset: u64,
    },
    /// A global device address.
    Global(u64),
    /// A byte offset into the running thread's local memory.
    Local(u64),
    /// A `.const` address: into the launch's constant buffers.
    Constant(u64),
    /// A `.param` address: into the kernel's parameters.
    Param(u64),
}

impl Place {
    /// The offset into the running CTA's own shared memory (the CTA of
    /// rank `own` in its cluster) that this place is, if it is one.
    pub fn own_shared(self, own: u32) -> Option<u64> {
        match self {
            Place::Shared(addr) => Some(cta_offset(addr, own)),
            Place::Cluster { rank, offset } if rank == own => Some(offset),
            _ => None,
        }
    }

    /// Whether it is in shared memory: the CTA's, or another's of its
    /// cluster.
    pub fn is_shared(self) -> bool {
        matches!(self, Place::Shared(_) | Place::Cluster { .. })
    }
}

/// A generic window: where it starts, and the place an offset into it is.
type Window = (u64, fn(u64) -> Place);

/// The spaces that appear among generic addresses as windows; every other
/// generic address is global.
const WINDOWS: [Window; 4] = [
    (SHARED_WINDOW, cluster_place),
    (LOCAL_WINDOW, Place::Local),
    (CONST_WINDOW, Place::Constant),
    (PARAM_WINDOW, Place::Param),
];

/// Where `.shared::cluster` address `addr` points: the executing CTA's
/// shared memory, or another CTA's of the cluster.
fn cluster_place(addr: u64) -> Place {
    let ClusterAddress { rank, offset } = ClusterAddress::decode(addr);
    Place::Cluster { rank, offset }
}

/// Where generic address `addr` points: the window it falls in, or global
/// memory.
pub fn generic_place(addr: u64) -> Place {
    WINDOWS
        .iter()
        .find_map(|&(base, place)| window_offset(addr, base).map(place))
        .unwrap_or(Place::Global(addr))
}

/// Where address `addr` of an instruction with modifiers `m` points: its
/// state space, or for a generic address the window it falls in.
///
/// `.param` is the kernel's parameters (`.param::entry`): a `ptx!`
/// statement runs in the kernel itself. The kernel parameter window lies
/// inside the global window (PTX ISA, "State Spaces"), so a `.global`
/// address there reaches the parameters too.
pub fn place(m: &Mods, addr: u64, instruction: &'static str) -> Result<Place, Fault> {
    match m.space {
        None => Ok(generic_place(addr)),
        Some(StateSpace::Shared(SharedScope::Cluster)) => Ok(cluster_place(addr)),
        Some(StateSpace::Shared(_)) => Ok(Place::Shared(addr)),
        Some(StateSpace::Global) => {
            Ok(window_offset(addr, PARAM_WINDOW).map_or(Place::Global(addr), Place::Param))
        }
        Some(StateSpace::Local) => Ok(Place::Local(addr)),
        Some(StateSpace::Const) => Ok(Place::Constant(addr)),
        Some(StateSpace::Param(ParamScope::Func)) => {
            Err(Fault::Memory(MemoryFault::DeviceFunctionParams {
                instruction,
            }))
        }
        Some(StateSpace::Param(_)) => Ok(Place::Param(addr)),
        space => Err(space_not_simulated(instruction, space)),
    }
}

/// The fault of an access to `space`, which the simulator does not model
/// (or to no space at all); `instruction` names the access.
pub(crate) fn space_not_simulated(instruction: &'static str, space: Option<StateSpace>) -> Fault {
    match space {
        Some(space) => Fault::Memory(MemoryFault::SpaceNotSimulated { instruction, space }),
        None => Fault::malformed(instruction, "needs a state space"),
    }
}
