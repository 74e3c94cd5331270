//! State spaces (`.global`, `.shared::cta`, `.param::entry`, ...) and their sub-qualifiers.

use std::fmt;

/// Which CTA's shared memory a `.shared` access addresses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SharedScope {
    /// `.shared` without qualifier: the executing CTA's (same as `::cta`).
    Default,
    /// `.shared::cta`
    Cta,
    /// `.shared::cluster`: any CTA of the cluster.
    Cluster,
}

/// Which kind of parameter a `.param` access addresses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ParamScope {
    /// `.param` without qualifier.
    Default,
    /// `.param::entry`: kernel parameters.
    Entry,
    /// `.param::func`: device-function parameters.
    Func,
}

/// A PTX state space: where a variable lives or what an address points into.
///
/// ```
/// use ptx_core::{StateSpace, SharedScope};
/// assert_eq!(StateSpace::from_name("shared::cluster"), Some(StateSpace::Shared(SharedScope::Cluster)));
/// assert_eq!(StateSpace::Shared(SharedScope::Cta).to_string(), ".shared::cta");
/// assert_eq!(StateSpace::from_name("heap"), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StateSpace {
    /// `.reg`: registers.
    Reg,
    /// `.sreg`: special registers.
    Sreg,
    /// `.const`: the constant banks.
    Const,
    /// `.global`: device memory.
    Global,
    /// `.local`: per-thread memory.
    Local,
    /// `.param`, `.param::entry`, `.param::func`.
    Param(ParamScope),
    /// `.shared`, `.shared::cta`, `.shared::cluster`.
    Shared(SharedScope),
    /// `.tex`: texture references (deprecated).
    Tex,
}

impl StateSpace {
    /// The space named `name` (without the leading dot).
    pub fn from_name(name: &str) -> Option<StateSpace> {
        Some(match name {
            "reg" => StateSpace::Reg,
            "sreg" => StateSpace::Sreg,
            "const" => StateSpace::Const,
            "global" => StateSpace::Global,
            "local" => StateSpace::Local,
            "param" => StateSpace::Param(ParamScope::Default),
            "param::entry" => StateSpace::Param(ParamScope::Entry),
            "param::func" => StateSpace::Param(ParamScope::Func),
            "shared" => StateSpace::Shared(SharedScope::Default),
            "shared::cta" => StateSpace::Shared(SharedScope::Cta),
            "shared::cluster" => StateSpace::Shared(SharedScope::Cluster),
            "tex" => StateSpace::Tex,
            _ => return None,
        })
    }

    /// The name without the leading dot.
    pub fn name(self) -> &'static str {
        match self {
            StateSpace::Reg => "reg",
            StateSpace::Sreg => "sreg",
            StateSpace::Const => "const",
            StateSpace::Global => "global",
            StateSpace::Local => "local",
            StateSpace::Param(ParamScope::Default) => "param",
            StateSpace::Param(ParamScope::Entry) => "param::entry",
            StateSpace::Param(ParamScope::Func) => "param::func",
            StateSpace::Shared(SharedScope::Default) => "shared",
            StateSpace::Shared(SharedScope::Cta) => "shared::cta",
            StateSpace::Shared(SharedScope::Cluster) => "shared::cluster",
            StateSpace::Tex => "tex",
        }
    }

    /// Whether variables of this space are addressable memory (not registers).
    pub fn is_addressable(self) -> bool {
        !matches!(self, StateSpace::Reg | StateSpace::Sreg)
    }
}

impl fmt::Display for StateSpace {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, ".{}", self.name())
    }
}
