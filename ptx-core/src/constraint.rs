//! CUDA inline-asm constraints (`"=r"`, `"+l"`, `"n"`, `"C"`) and the registers they bind.

use crate::ScalarType;
use std::fmt;
use std::str::FromStr;

/// The letter of a constraint: which register class an operand is passed in.
///
/// The register each letter binds is the one nvcc 13.0 declares for it.
///
/// ```
/// use ptx_core::{ConstraintLetter, ScalarType};
/// assert_eq!(ConstraintLetter::R.register_type(), Some(ScalarType::B32));
/// assert_eq!(ConstraintLetter::N.register_type(), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ConstraintLetter {
    /// `h`: a `.b16` register.
    H,
    /// `r`: a `.b32` register.
    R,
    /// `l`: a `.b64` register.
    L,
    /// `q`: a `.b128` register.
    Q,
    /// `f`: an `.f32` register.
    F,
    /// `d`: an `.f64` register.
    D,
    /// `n`: an integer constant, spliced into the template as a literal.
    N,
    /// `C`: a constant string, spliced into the template as text.
    C,
}

impl ConstraintLetter {
    /// Every letter, in the order the docs list them.
    pub const ALL: [ConstraintLetter; 8] = [
        ConstraintLetter::H,
        ConstraintLetter::R,
        ConstraintLetter::L,
        ConstraintLetter::Q,
        ConstraintLetter::F,
        ConstraintLetter::D,
        ConstraintLetter::N,
        ConstraintLetter::C,
    ];

    /// The type of register nvcc declares for this letter; `None` for `n` and `C`.
    pub const fn register_type(self) -> Option<ScalarType> {
        match self {
            ConstraintLetter::H => Some(ScalarType::B16),
            ConstraintLetter::R => Some(ScalarType::B32),
            ConstraintLetter::L => Some(ScalarType::B64),
            ConstraintLetter::Q => Some(ScalarType::B128),
            ConstraintLetter::F => Some(ScalarType::F32),
            ConstraintLetter::D => Some(ScalarType::F64),
            ConstraintLetter::N | ConstraintLetter::C => None,
        }
    }

    /// The letter as written.
    pub const fn as_char(self) -> char {
        match self {
            ConstraintLetter::H => 'h',
            ConstraintLetter::R => 'r',
            ConstraintLetter::L => 'l',
            ConstraintLetter::Q => 'q',
            ConstraintLetter::F => 'f',
            ConstraintLetter::D => 'd',
            ConstraintLetter::N => 'n',
            ConstraintLetter::C => 'C',
        }
    }

    /// The letter for `c`, if it is one.
    pub fn from_char(c: char) -> Option<ConstraintLetter> {
        ConstraintLetter::ALL.into_iter().find(|l| l.as_char() == c)
    }

    /// The register class name used by `core::arch::asm!` on nvptx64.
    pub const fn nvptx_reg_class(self) -> Option<&'static str> {
        match self {
            ConstraintLetter::H => Some("reg16"),
            ConstraintLetter::R | ConstraintLetter::F => Some("reg32"),
            ConstraintLetter::L | ConstraintLetter::D => Some("reg64"),
            _ => None,
        }
    }
}

/// Whether an operand is read, written, or read and written: the `=`/`+`
/// modifier of an asm constraint, and the direction of an instruction
/// operand and of each of its slots. (Not a memory access: that is the
/// simulator's business.)
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OperandAccess {
    /// No modifier: an input.
    Read,
    /// `=`: a write-only output.
    Write,
    /// `+`: an output that is also read.
    ReadWrite,
}

/// One operand's constraint string, such as `"=r"` or `"n"`.
///
/// ```
/// use ptx_core::{OperandAccess, Constraint, ConstraintLetter};
/// let c: Constraint = "+l".parse().unwrap();
/// assert_eq!((c.access, c.letter), (OperandAccess::ReadWrite, ConstraintLetter::L));
/// assert!("rf".parse::<Constraint>().unwrap_err().to_string().contains("one constraint letter"));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Constraint {
    /// Read, write or both.
    pub access: OperandAccess,
    /// The register class.
    pub letter: ConstraintLetter,
}

impl Constraint {
    /// An input of class `letter`.
    pub const fn input(letter: ConstraintLetter) -> Constraint {
        Constraint {
            access: OperandAccess::Read,
            letter,
        }
    }

    /// A write-only output of class `letter`.
    pub const fn output(letter: ConstraintLetter) -> Constraint {
        Constraint {
            access: OperandAccess::Write,
            letter,
        }
    }

    /// Whether the statement writes the operand.
    pub fn is_output(&self) -> bool {
        self.access != OperandAccess::Read
    }
}

impl fmt::Display for Constraint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let prefix = match self.access {
            OperandAccess::Read => "",
            OperandAccess::Write => "=",
            OperandAccess::ReadWrite => "+",
        };
        write!(f, "{prefix}{}", self.letter.as_char())
    }
}

/// Why a constraint string is not one: each case names the string, and the
/// message says what to write instead.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ConstraintError {
    /// Only a modifier, or nothing: `"="`, `""`.
    #[error("constraint `{constraint}` has no letter; use one of h r l q f d n C")]
    NoLetter {
        /// The constraint as written.
        constraint: String,
    },
    /// More than one letter: `"rf"` (GCC's alternatives, which CUDA does not take).
    #[error(
        "constraint `{constraint}` has several letters; an asm operand takes exactly one constraint letter"
    )]
    SeveralLetters {
        /// The constraint as written.
        constraint: String,
    },
    /// A letter that is no register class: `"x"`.
    #[error("unknown constraint letter `{letter}` in `{constraint}`; use one of h r l q f d n C")]
    UnknownLetter {
        /// The letter.
        letter: char,
        /// The constraint as written.
        constraint: String,
    },
    /// `=` or `+` on a constant: `"=n"`.
    #[error(
        "constraint `{constraint}`: `{}` operands are constants and cannot be outputs",
        letter.as_char()
    )]
    ConstantOutput {
        /// The constant's letter (`n` or `C`).
        letter: ConstraintLetter,
        /// The constraint as written.
        constraint: String,
    },
}

impl FromStr for Constraint {
    type Err = ConstraintError;

    fn from_str(s: &str) -> Result<Constraint, ConstraintError> {
        let (access, letters) = match s.as_bytes().first() {
            Some(b'=') => (OperandAccess::Write, &s[1..]),
            Some(b'+') => (OperandAccess::ReadWrite, &s[1..]),
            _ => (OperandAccess::Read, s),
        };
        let constraint = s.to_owned();
        let mut chars = letters.chars();
        let (Some(first), None) = (chars.next(), chars.next()) else {
            return Err(if letters.is_empty() {
                ConstraintError::NoLetter { constraint }
            } else {
                ConstraintError::SeveralLetters { constraint }
            });
        };
        let Some(letter) = ConstraintLetter::from_char(first) else {
            return Err(ConstraintError::UnknownLetter {
                letter: first,
                constraint,
            });
        };
        if access != OperandAccess::Read
            && matches!(letter, ConstraintLetter::N | ConstraintLetter::C)
        {
            return Err(ConstraintError::ConstantOutput { letter, constraint });
        }
        Ok(Constraint { access, letter })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_bind_the_registers_nvcc_declares() {
        use ScalarType::*;
        let got: Vec<_> = "hrlqfd"
            .chars()
            .map(|c| ConstraintLetter::from_char(c).unwrap().register_type())
            .collect();
        assert_eq!(
            got,
            [
                Some(B16),
                Some(B32),
                Some(B64),
                Some(B128),
                Some(F32),
                Some(F64)
            ]
        );
    }

    #[test]
    fn modifiers_parse() {
        assert_eq!(
            "=f".parse::<Constraint>().unwrap().access,
            OperandAccess::Write
        );
        assert_eq!(
            "r".parse::<Constraint>().unwrap().access,
            OperandAccess::Read
        );
        assert_eq!(
            "n".parse::<Constraint>().unwrap().letter,
            ConstraintLetter::N
        );
    }

    #[test]
    fn bad_constraints_explain_themselves() {
        let err = |s: &str| s.parse::<Constraint>().unwrap_err();
        assert!(matches!(
            err("x"),
            ConstraintError::UnknownLetter { letter: 'x', .. }
        ));
        assert!(
            err("x")
                .to_string()
                .contains("unknown constraint letter `x`")
        );
        assert!(matches!(err("="), ConstraintError::NoLetter { .. }));
        assert!(err("=").to_string().contains("no letter"));
        assert!(matches!(err("rf"), ConstraintError::SeveralLetters { .. }));
        assert!(matches!(
            err("=n"),
            ConstraintError::ConstantOutput {
                letter: ConstraintLetter::N,
                ..
            }
        ));
        assert_eq!(
            err("+C").to_string(),
            "constraint `+C`: `C` operands are constants and cannot be outputs"
        );
    }
}
