//! PTX fundamental types and the rules for which register fits which instruction type.

use std::fmt;

/// What kind of value a type holds, which decides the compatibility rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TypeKind {
    /// Untyped bits (`.b8` … `.b128`, `.b1`): fits any type of its size.
    Bit,
    /// Unsigned integers (`.u8` … `.u64`, `.u4`, `.u2`, `.u16x2`).
    Unsigned,
    /// Signed integers (`.s8` … `.s64`, `.s4`, `.s2`, `.s16x2`).
    Signed,
    /// Floating point, scalar or packed (`.f16x2`, `.e4m3x2`, `.tf32`, ...).
    Float,
    /// Predicates (`.pred`), one bit, only in predicate registers.
    Predicate,
}

macro_rules! scalar_types {
    ($($variant:ident = $name:literal, $bits:literal, $kind:ident;)*) => {
        /// A PTX fundamental type, as written after a `.`: `.u32`, `.f16x2`, `.pred`, ...
        ///
        /// ```
        /// use ptx_core::{ScalarType, TypeKind};
        /// let t = ScalarType::from_name("s32").unwrap();
        /// assert_eq!((t.bits(), t.kind()), (32, TypeKind::Signed));
        /// assert_eq!(ScalarType::F16x2.name(), "f16x2");
        /// ```
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[allow(missing_docs)]
        pub enum ScalarType { $($variant,)* }

        impl ScalarType {
            /// Every type, in declaration order.
            pub const ALL: &'static [ScalarType] = &[$(ScalarType::$variant,)*];

            /// The type's name without the leading dot (`"u32"`).
            #[inline]
            pub const fn name(self) -> &'static str {
                match self { $(ScalarType::$variant => $name,)* }
            }

            /// Size in bits of one value of the type (a packed `x2` type counts both halves).
            #[inline]
            pub const fn bits(self) -> u32 {
                match self { $(ScalarType::$variant => $bits,)* }
            }

            /// The kind of value the type holds.
            #[inline]
            pub const fn kind(self) -> TypeKind {
                match self { $(ScalarType::$variant => TypeKind::$kind,)* }
            }

            /// The type named `name` (without the leading dot), if there is one.
            pub fn from_name(name: &str) -> Option<ScalarType> {
                match name { $($name => Some(ScalarType::$variant),)* _ => None }
            }
        }
    };
}

scalar_types! {
    B1 = "b1", 1, Bit;
    B8 = "b8", 8, Bit;
    B16 = "b16", 16, Bit;
    B32 = "b32", 32, Bit;
    B64 = "b64", 64, Bit;
    B128 = "b128", 128, Bit;
    U2 = "u2", 2, Unsigned;
    U4 = "u4", 4, Unsigned;
    U8 = "u8", 8, Unsigned;
    U16 = "u16", 16, Unsigned;
    U32 = "u32", 32, Unsigned;
    U64 = "u64", 64, Unsigned;
    U16x2 = "u16x2", 32, Unsigned;
    S2 = "s2", 2, Signed;
    S4 = "s4", 4, Signed;
    S8 = "s8", 8, Signed;
    S16 = "s16", 16, Signed;
    S32 = "s32", 32, Signed;
    S64 = "s64", 64, Signed;
    S16x2 = "s16x2", 32, Signed;
    F16 = "f16", 16, Float;
    F16x2 = "f16x2", 32, Float;
    Bf16 = "bf16", 16, Float;
    Bf16x2 = "bf16x2", 32, Float;
    Tf32 = "tf32", 32, Float;
    F32 = "f32", 32, Float;
    F32x2 = "f32x2", 64, Float;
    F64 = "f64", 64, Float;
    E4m3 = "e4m3", 8, Float;
    E5m2 = "e5m2", 8, Float;
    E4m3x2 = "e4m3x2", 16, Float;
    E5m2x2 = "e5m2x2", 16, Float;
    E4m3x4 = "e4m3x4", 32, Float;
    E5m2x4 = "e5m2x4", 32, Float;
    E2m1 = "e2m1", 4, Float;
    E2m1x2 = "e2m1x2", 8, Float;
    E2m1x4 = "e2m1x4", 16, Float;
    E2m3 = "e2m3", 6, Float;
    E3m2 = "e3m2", 6, Float;
    E2m3x2 = "e2m3x2", 16, Float;
    E3m2x2 = "e3m2x2", 16, Float;
    E2m3x4 = "e2m3x4", 32, Float;
    E3m2x4 = "e3m2x4", 32, Float;
    Ue8m0 = "ue8m0", 8, Float;
    Ue8m0x2 = "ue8m0x2", 16, Float;
    Pred = "pred", 1, Predicate;
}

/// How strictly a register's type must match the instruction type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum FitRule {
    /// Same size; the PTX rules for bit, signed and unsigned types apply.
    #[default]
    Exact,
    /// `ld`, `st`, `cvt`: integer and bit registers may be wider than the
    /// instruction type, and bit registers may be wider than a float type.
    Wider,
}

impl ScalarType {
    /// Whether a register declared with type `self` may stand where an
    /// instruction expects type `instr`, under `rule`.
    ///
    /// The PTX rules: a bit-size register fits any type of its size, a bit-size
    /// instruction type takes any register of its size, signed and unsigned
    /// integers of one size fit each other, floating-point types must match
    /// exactly, predicates only fit predicates; an `.f16x2` register is a
    /// bit-size register to every type but the other floating-point ones
    /// (as ptxas 13.0 has it). Under [`FitRule::Wider`]
    /// integer and bit registers may also be wider (the value is truncated
    /// or extended), bit registers may be wider than a float type, and any
    /// register may be wider than a bit type.
    ///
    /// ```
    /// use ptx_core::{FitRule, ScalarType::*};
    /// assert!(B32.fits(F32, FitRule::Exact));   // "r" operand in add.f32
    /// assert!(F32.fits(B32, FitRule::Exact));   // "f" operand in and.b32
    /// assert!(U32.fits(S32, FitRule::Exact));
    /// assert!(!U16.fits(F16, FitRule::Exact));  // only bit registers carry halves
    /// assert!(!B64.fits(F32, FitRule::Exact));
    /// assert!(B32.fits(U8, FitRule::Wider));    // ld.u8 into a 32-bit register
    /// assert!(!F64.fits(F32, FitRule::Wider));  // float registers never widen
    /// assert!(F16x2.fits(U32, FitRule::Exact)); // an .f16x2 register is bits to integers
    /// assert!(F16x2.fits(U8, FitRule::Wider));
    /// assert!(!F16x2.fits(F32, FitRule::Exact));
    /// ```
    #[inline]
    pub fn fits(self, instr: ScalarType, rule: FitRule) -> bool {
        use TypeKind::*;
        if self == instr {
            return true;
        }
        let (mut reg_kind, want_kind) = (self.kind(), instr.kind());
        // ptxas 13.0 takes an `.f16x2` register wherever a `.b32` one fits
        // but in floating-point instructions of other types.
        if self == ScalarType::F16x2 && want_kind != Float {
            reg_kind = Bit;
        }
        if reg_kind == Predicate || want_kind == Predicate {
            return false;
        }
        let same_size = self.bits() == instr.bits();
        let kinds_agree = reg_kind == Bit
            || want_kind == Bit
            || matches!(
                (reg_kind, want_kind),
                (Signed | Unsigned, Signed | Unsigned)
            );
        if same_size {
            return kinds_agree;
        }
        match rule {
            FitRule::Exact => false,
            FitRule::Wider => {
                self.bits() > instr.bits()
                    && match want_kind {
                        Float => reg_kind == Bit,
                        // Any register holds the bits of a narrower `.b` value
                        // (`ld.b16` into an `.f32` register, as ptxas accepts).
                        Bit => true,
                        _ => matches!(reg_kind, Bit | Signed | Unsigned),
                    }
            }
        }
    }

    /// Whether this is an integer type (signed or unsigned).
    #[inline]
    pub fn is_integer(self) -> bool {
        matches!(self.kind(), TypeKind::Signed | TypeKind::Unsigned)
    }

    /// Whether this is a floating-point type.
    #[inline]
    pub fn is_float(self) -> bool {
        self.kind() == TypeKind::Float
    }

    /// Whether this is a signed integer type.
    #[inline]
    pub fn is_signed(self) -> bool {
        self.kind() == TypeKind::Signed
    }

    /// Whether a register, variable or parameter may be declared with this
    /// type. The others (`.bf16`, `.tf32`, `.e4m3`, `.u16x2`, the sub-byte
    /// types, ...) are instruction types only: ptxas 13.0 refuses them in a
    /// declaration ("Type .e4m3 may only be used as an instruction type",
    /// or a syntax error).
    ///
    /// ```
    /// use ptx_core::ScalarType;
    /// assert!(ScalarType::F16x2.declarable());
    /// assert!(ScalarType::B128.declarable());
    /// assert!(!ScalarType::Bf16.declarable());
    /// ```
    pub fn declarable(self) -> bool {
        use ScalarType::*;
        matches!(
            self,
            B8 | B16
                | B32
                | B64
                | B128
                | U8
                | U16
                | U32
                | U64
                | S8
                | S16
                | S32
                | S64
                | F16
                | F16x2
                | F32
                | F64
                | Pred
                // ptxas 13.0 takes these three in declarations too, unlike
                // every other narrow float type.
                | E2m1x4
                | E2m3x4
                | E3m2x4
        )
    }

    /// Why a declaration cannot have this type, or `None` when it can.
    pub fn declaration_error(self) -> Option<String> {
        if self.declarable() {
            return None;
        }
        let instead = match self.bit_type() {
            Some(b) => format!("declare it `{b}`"),
            None => "declare a `.b8` or wider bit-size register".to_string(),
        };
        Some(format!(
            "`{self}` is an instruction type only and cannot be declared: {instead} and pass it where `{self}` is expected"
        ))
    }

    /// The bit type of the same size (`.b32` for `.f32`), where one exists.
    pub fn bit_type(self) -> Option<ScalarType> {
        match self.bits() {
            8 => Some(ScalarType::B8),
            16 => Some(ScalarType::B16),
            32 => Some(ScalarType::B32),
            64 => Some(ScalarType::B64),
            128 => Some(ScalarType::B128),
            _ => None,
        }
    }
}

impl fmt::Display for ScalarType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, ".{}", self.name())
    }
}

/// The vector widths of `ld`, `st`, `tex` and `.reg` declarations.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum VectorWidth {
    /// `.v2`
    V2,
    /// `.v4`
    V4,
    /// `.v8`
    V8,
}

impl VectorWidth {
    /// Number of elements.
    #[allow(clippy::len_without_is_empty)] // a vector width is never empty
    pub fn len(self) -> usize {
        match self {
            VectorWidth::V2 => 2,
            VectorWidth::V4 => 4,
            VectorWidth::V8 => 8,
        }
    }

    /// The component names of a vector register of this width (`v.x`,
    /// `v.y`, ...); PTX also accepts `r g b a` for the first four.
    pub fn component_index(self, component: &str) -> Option<usize> {
        let i = match component {
            "x" | "r" => 0,
            "y" | "g" => 1,
            "z" | "b" => 2,
            "w" | "a" => 3,
            _ => return None,
        };
        (i < self.len()).then_some(i)
    }

    /// The width named `v2`, `v4` or `v8`.
    pub fn from_name(name: &str) -> Option<VectorWidth> {
        match name {
            "v2" => Some(VectorWidth::V2),
            "v4" => Some(VectorWidth::V4),
            "v8" => Some(VectorWidth::V8),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::ScalarType::*;
    use super::*;

    #[test]
    fn every_name_round_trips() {
        for &t in ScalarType::ALL {
            assert_eq!(ScalarType::from_name(t.name()), Some(t));
        }
        assert_eq!(ScalarType::from_name("s33"), None);
    }

    #[test]
    fn bit_registers_fit_any_type_of_their_size() {
        for want in [U32, S32, F32, F16x2, Bf16x2, Tf32, B32] {
            assert!(B32.fits(want, FitRule::Exact), "{want}");
        }
        assert!(B16.fits(F16, FitRule::Exact));
        assert!(B16.fits(Bf16, FitRule::Exact));
        assert!(B64.fits(F64, FitRule::Exact));
    }

    #[test]
    fn bit_instruction_types_take_any_register_of_their_size() {
        assert!(F32.fits(B32, FitRule::Exact));
        assert!(F64.fits(B64, FitRule::Exact));
        assert!(!F32.fits(B64, FitRule::Exact));
    }

    #[test]
    fn signed_and_unsigned_of_one_size_fit_each_other() {
        assert!(U32.fits(S32, FitRule::Exact));
        assert!(S64.fits(U64, FitRule::Exact));
        assert!(!U32.fits(S64, FitRule::Exact));
    }

    #[test]
    fn floats_must_match_exactly() {
        assert!(!F32.fits(S32, FitRule::Exact));
        assert!(!U32.fits(F32, FitRule::Exact));
        assert!(!F32.fits(F64, FitRule::Exact));
        assert!(!U16.fits(F16, FitRule::Exact));
        assert!(!F16.fits(Bf16, FitRule::Exact));
    }

    #[test]
    fn predicates_only_fit_predicates() {
        assert!(Pred.fits(Pred, FitRule::Exact));
        assert!(!Pred.fits(B1, FitRule::Wider));
        assert!(!B32.fits(Pred, FitRule::Wider));
    }

    #[test]
    fn wider_rule_lets_integer_and_bit_registers_widen() {
        assert!(B32.fits(U8, FitRule::Wider));
        assert!(U64.fits(S32, FitRule::Wider));
        assert!(B32.fits(F16, FitRule::Wider));
        assert!(!F32.fits(F16, FitRule::Wider));
        assert!(!F64.fits(S32, FitRule::Wider));
        assert!(!B16.fits(U32, FitRule::Wider));
        assert!(F32.fits(B16, FitRule::Wider));
        assert!(!F32.fits(U16, FitRule::Wider));
    }
}
