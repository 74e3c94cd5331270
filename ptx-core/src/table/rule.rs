//! Why a form's [`Rule`](super::Rule) refuses the modifiers bound to it.
//!
//! A violation becomes the checker's `IllegalModifier` diagnostic, its
//! Display text after the opcode (`` `ld`: .v8 takes 32-bit values, not .b16 ``);
//! the variants, one enum per concern, carry the modifiers that clash so a
//! caller can tell the cases apart without reading the text.

use crate::ScalarType;

/// A rule between modifiers that the form's notation cannot say, refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RuleViolation {
    /// A memory order without its scope, or the other way round.
    #[error(transparent)]
    Order(#[from] OrderViolation),
    /// A modifier for a state space the instruction does not address.
    #[error(transparent)]
    Space(#[from] SpaceViolation),
    /// A vector length or width the instruction does not take.
    #[error(transparent)]
    Vector(#[from] VectorViolation),
    /// An operation and a type that do not go together.
    #[error(transparent)]
    Type(#[from] TypeViolation),
    /// `cvt` modifiers that do not fit the two types converted.
    #[error(transparent)]
    Conversion(#[from] ConversionViolation),
    /// Two modifiers that exclude each other.
    #[error("`.{first}` cannot be combined with `.{second}`")]
    Conflict {
        /// The first, without its dot.
        first: String,
        /// The second, without its dot.
        second: String,
    },
    /// A modifier that needs another beside it.
    #[error("`.{modifier}` needs `.{needs}`")]
    Needs {
        /// The modifier written, without its dot.
        modifier: String,
        /// The one it needs, without its dot.
        needs: String,
    },
}

/// A memory order and a scope go together (`.release.cta`), except that
/// `.weak` takes no scope.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OrderViolation {
    /// `.weak.cta`.
    #[error("`.weak` takes no scope, found `.{scope}`")]
    WeakWithScope {
        /// The scope written, without its dot.
        scope: String,
    },
    /// `.release` alone.
    #[error("`.{order}` needs a scope ({scopes})")]
    OrderWithoutScope {
        /// The order written, without its dot.
        order: String,
        /// The instruction's scopes, for the message (`` `.cta` or `.cluster` ``).
        scopes: &'static str,
    },
    /// `.cta` alone.
    #[error("the scope `.{scope}` needs a memory order beside it, as in `.relaxed.{scope}`")]
    ScopeWithoutOrder {
        /// The scope written, without its dot.
        scope: String,
    },
}

/// A modifier or an access that the written state space does not have.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SpaceViolation {
    /// A cache hint or eviction priority on memory other than `.global`.
    #[error("`.{modifier}` applies to .global memory (or a generic address), not .{space}")]
    GlobalOnly {
        /// The modifier, without its dot.
        modifier: String,
        /// The state space written, without its dot.
        space: String,
    },
    /// `.volatile`, `.relaxed`, `.acquire`, `.release` on memory other
    /// than `.global` and `.shared`.
    #[error("memory-ordering qualifiers apply to .global and .shared memory, not .{space}")]
    UnorderedSpace {
        /// The state space written, without its dot.
        space: String,
    },
    /// A 256-bit access to memory other than `.global`.
    #[error("256-bit accesses go to .global memory only")]
    WideAccessNotGlobal,
    /// `cvta.u32`: 32-bit addresses, which 64-bit modules do not have.
    #[error(
        "`.u32` addresses exist only in 32-bit modules; nvcc writes `.address_size 64`: use `.u64`"
    )]
    ThirtyTwoBitAddress,
}

/// A vector the instruction does not move.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum VectorViolation {
    /// `.v8` of values other than 32 bits.
    #[error(".v8 takes 32-bit values, not .{ty}")]
    EightOfNon32Bit {
        /// The type written, without its dot.
        ty: String,
    },
    /// More than 128 bits, or more than 256 to `.global` memory.
    #[error("a vector of {bits} bits is too wide: at most 128 bits, or 256 bits to .global memory")]
    TooWide {
        /// The bits the access moves.
        bits: u32,
    },
    /// `st.async` with more than 128 bits.
    #[error("a vector of more than 128 bits is too wide")]
    WiderThan128,
    /// `.L2::evict_*` on an access that is not 256 bits.
    #[error("`.{modifier}` needs a 256-bit access (`.v8` of 32-bit or `.v4` of 64-bit values)")]
    EvictionNeeds256Bits {
        /// The eviction modifier, without its dot.
        modifier: String,
    },
    /// A vector atomic of 8 elements that takes at most 4.
    #[error("a vector of 8 `.{ty}` is too wide: at most `.v4`")]
    EightTooMany {
        /// The element type, without its dot.
        ty: String,
    },
    /// A scalar `multimem` access of a type that is moved only as a vector.
    #[error("`.{ty}` needs a vector (`.v2`, `.v4` or `.v8`)")]
    NeedsVector {
        /// The type, without its dot.
        ty: String,
    },
    /// A vector length the type does not take.
    #[error("`.{ty}` takes no `.{vector}`")]
    LengthNotTaken {
        /// The type, without its dot.
        ty: String,
        /// The vector length written (`v8`).
        vector: String,
    },
}

/// An atomic, reduction or `multimem` operation and a type it does not take.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TypeViolation {
    /// The operation does not take the type.
    #[error("`.{op}` does not take `.{ty}`")]
    NotTaken {
        /// The operation, without its dot.
        op: String,
        /// The type, without its dot.
        ty: String,
    },
    /// The operation does not take the type; `takes` lists the ones it does.
    #[error("`.{op}` takes {takes}, not `.{ty}`")]
    TakesOthers {
        /// The operation, without its dot.
        op: String,
        /// The types it takes, for the message.
        takes: &'static str,
        /// The type written, without its dot.
        ty: String,
    },
    /// A vector `.f32` atomic other than `.add`.
    #[error("vector `.f32` atomics add only, not `.{op}`")]
    VectorF32NotAdd {
        /// The operation, without its dot.
        op: String,
    },
    /// `.noftz` on `.f32`.
    #[error("`.noftz` applies to the half types, not `.f32`")]
    NoftzOnF32,
    /// A vector atomic of a half type without `.noftz`.
    #[error("`.{ty}` atomics need `.noftz`")]
    NeedsNoftz {
        /// The type, without its dot.
        ty: String,
    },
    /// `.acc::f32` other than with `.add` on a half-precision type.
    #[error("`.acc::f32` goes with `.add` on half-precision types, not `.{op}.{ty}`")]
    AccumulateF32 {
        /// The operation, without its dot.
        op: String,
        /// The type, without its dot.
        ty: String,
    },
    /// `.acc::f16` on a type that is not FP8.
    #[error("`.acc::f16` goes with FP8 types, not `.{ty}`")]
    AccumulateF16 {
        /// The type, without its dot.
        ty: String,
    },
}

/// The `None` of an optional rounding modifier prints nothing; `Some(r)` the
/// `, not `.r`` that tells the user what to change.
fn not_rounding(rounding: &Option<String>) -> String {
    rounding
        .as_ref()
        .map_or(String::new(), |r| format!(", not `.{r}`"))
}

/// `cvt` modifiers that the two types converted rule out or require.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ConversionViolation {
    /// A rounding modifier on an integer-to-integer conversion.
    #[error("a conversion between integer types takes no rounding modifier; remove `.{rounding}`")]
    IntegerTakesNoRounding {
        /// The rounding written, without its dot.
        rounding: String,
    },
    /// A float-to-integer conversion without an integer rounding.
    #[error(
        "a float-to-integer conversion needs an integer rounding modifier (`.rni`, `.rzi`, `.rmi` or `.rpi`){}",
        not_rounding(rounding)
    )]
    NeedsIntegerRounding {
        /// The (float) rounding written, if any.
        rounding: Option<String>,
    },
    /// An integer-to-float conversion without a float rounding.
    #[error(
        "an integer-to-float conversion needs a rounding modifier (`.rn`, `.rz`, `.rm` or `.rp`){}",
        not_rounding(rounding)
    )]
    NeedsFloatRounding {
        /// The (integer) rounding written, if any.
        rounding: Option<String>,
    },
    /// An integer rounding between two different float types.
    #[error(
        "integer rounding `.{rounding}` applies only to a conversion of a type to itself, not {source_type} to {destination}"
    )]
    IntegerRoundingChangesType {
        /// The rounding written, without its dot.
        rounding: String,
        /// The type converted from.
        source_type: ScalarType,
        /// The type converted to.
        destination: ScalarType,
    },
    /// A narrowing float conversion without a rounding.
    #[error(
        "converting {source_type} to the smaller {destination} loses precision: it needs a rounding modifier (`.rn`, `.rz`, `.rm` or `.rp`)"
    )]
    NarrowingNeedsRounding {
        /// The type converted from.
        source_type: ScalarType,
        /// The type converted to.
        destination: ScalarType,
    },
    /// A rounding on a float conversion that is exact.
    #[error(
        "converting {source_type} to {destination} is exact: remove the rounding modifier `.{rounding}`"
    )]
    ExactTakesNoRounding {
        /// The type converted from.
        source_type: ScalarType,
        /// The type converted to.
        destination: ScalarType,
        /// The rounding written, without its dot.
        rounding: String,
    },
    /// `.ftz` with neither type `.f32`.
    #[error("`.ftz` applies only to conversions from or to `.f32`")]
    FtzWithoutF32,
    /// `.sat` from or to `.bf16`.
    #[error("`.sat` does not apply to conversions from or to `.bf16`")]
    SaturateBf16,
    /// `.sat` on an integer conversion whose destination holds every source value.
    #[error("`.sat` cannot change anything here: {destination} holds every {source_type} value")]
    SaturateNoEffect {
        /// The type converted to.
        destination: ScalarType,
        /// The type converted from.
        source_type: ScalarType,
    },
}
