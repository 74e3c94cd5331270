//! Modifiers decoded for execution: what a semantic function needs to know
//! about an instruction, as plain `Copy` data that can be written as a Rust
//! constant (so the macro's expansion folds it away) or built at run time
//! (so the interpreter shares the same semantic functions).

use crate::table::{Bound, SlotClass};
use crate::{ScalarType, StateSpace};

/// Rounding modifier of an instruction.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[allow(missing_docs)]
pub enum Rounding {
    /// None written: the instruction's default applies.
    #[default]
    Default,
    Rn,
    Rz,
    Rm,
    Rp,
    Rna,
    Rs,
    Rni,
    Rzi,
    Rmi,
    Rpi,
}

impl Rounding {
    fn from_word(w: &str) -> Option<Rounding> {
        Some(match w {
            "rn" => Rounding::Rn,
            "rz" => Rounding::Rz,
            "rm" => Rounding::Rm,
            "rp" => Rounding::Rp,
            "rna" => Rounding::Rna,
            "rs" => Rounding::Rs,
            "rni" => Rounding::Rni,
            "rzi" => Rounding::Rzi,
            "rmi" => Rounding::Rmi,
            "rpi" => Rounding::Rpi,
            _ => return None,
        })
    }
}

macro_rules! flags {
    ($($name:ident = $bit:literal, $word:literal;)*) => {
        /// Boolean modifiers, as a bit set.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
        pub struct Flags(pub u64);

        #[allow(missing_docs)]
        impl Flags {
            $(pub const $name: Flags = Flags(1 << $bit);)*

            fn from_word(w: &str) -> Option<Flags> {
                match w { $($word => Some(Flags::$name),)* _ => None }
            }

            fn names(self) -> Vec<&'static str> {
                let mut out = Vec::new();
                $(if self.contains(Flags::$name) { out.push(stringify!($name)); })*
                out
            }
        }
    };
}

flags! {
    FTZ = 0, "ftz";
    SAT = 1, "sat";
    SATFINITE = 2, "satfinite";
    RELU = 3, "relu";
    NAN = 4, "NaN";
    XORSIGN = 5, "xorsign";
    ABS = 6, "abs";
    APPROX = 7, "approx";
    FULL = 8, "full";
    CC = 9, "cc";
    SHIFTAMT = 10, "shiftamt";
    UNI = 11, "uni";
    TRANS = 12, "trans";
    NOINC = 13, "noinc";
    NOFTZ = 14, "noftz";
    SYNC = 15, "sync";
    ALIGNED = 16, "aligned";
    NC = 17, "nc";
    VOLATILE = 18, "volatile";
    POPC = 19, "popc";
    SHARED_CTA_TO = 20, "to";
    EXPECT_TX = 21, "expect_tx";
    NOCOMPLETE = 22, "noComplete";
    DROP = 23, "drop";
    PARITY = 24, "parity";
    OOB = 25, "oob";
    IGNORE_SRC = 26, "ignore_src";
    UNIFIED = 27, "unified";
    LO = 28, "lo";
    HI = 29, "hi";
    WIDE = 30, "wide";
    PO = 31, "po";
    SHR7 = 32, "shr7";
    SHR15 = 33, "shr15";
    // `bar.arrive`, `barrier.arrive` (the operation is the form's head).
    ARRIVE = 35, "arrive";
    // A bulk copy's destination CTAs come from its mask (`cp.async.bulk`,
    // `cp.async.bulk.tensor`).
    MULTICAST = 36, "multicast::cluster";
    // A tensor copy in im2col mode (`.im2col`, the sm_90 one).
    IM2COL = 37, "im2col";
    // The field of a tensor map that `tensormap.replace` writes (one of
    // them; the word is the form's head or its `.field`).
    TM_GLOBAL_ADDRESS = 38, "global_address";
    TM_RANK = 39, "rank";
    TM_BOX_DIM = 40, "box_dim";
    TM_GLOBAL_DIM = 41, "global_dim";
    TM_GLOBAL_STRIDE = 42, "global_stride";
    TM_ELEMENT_STRIDE = 43, "element_stride";
    TM_ELEMTYPE = 44, "elemtype";
    TM_INTERLEAVE_LAYOUT = 45, "interleave_layout";
    TM_SWIZZLE_MODE = 46, "swizzle_mode";
    TM_SWIZZLE_ATOMICITY = 47, "swizzle_atomicity";
    TM_FILL_MODE = 48, "fill_mode";
    // Not a modifier: lowering sets it when an optional operand was left
    // out (its slots read 0), so that a semantic function can tell an
    // omitted `wmma` stride from a stride of 0. No PTX word spells it.
    OMITTED = 34, "(omitted operand)";
}

impl Flags {
    /// Whether every bit of `other` is set.
    #[inline]
    pub const fn contains(self, other: Flags) -> bool {
        self.0 & other.0 == other.0
    }

    /// The union of two sets.
    #[inline]
    pub const fn with(self, other: Flags) -> Flags {
        Flags(self.0 | other.0)
    }
}

macro_rules! keywords {
    ($($name:ident = $word:literal,)*) => {
        /// A keyword modifier from a closed set, one that picks a variant of
        /// the operation (unlike a [`Flags`] bit, which is on or off): a
        /// comparison, a boolean or atomic operation, a shuffle, vote or
        /// permute mode, a memory order or scope. Stored in
        /// [`Mods::keywords`] in the order of the form's slots.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        #[allow(missing_docs)]
        pub enum Keyword { $($name,)* }

        impl Keyword {
            /// The keyword a modifier word (without its dot) is, if it is one.
            pub fn from_word(w: &str) -> Option<Keyword> {
                match w { $($word => Some(Keyword::$name),)* _ => None }
            }

            /// The modifier word.
            pub const fn word(self) -> &'static str {
                match self { $(Keyword::$name => $word,)* }
            }
        }
    };
}

keywords! {
    // comparisons
    Eq = "eq", Ne = "ne", Lt = "lt", Le = "le", Gt = "gt", Ge = "ge",
    Lo = "lo", Ls = "ls", Hi = "hi", Hs = "hs",
    Equ = "equ", Neu = "neu", Ltu = "ltu", Leu = "leu", Gtu = "gtu", Geu = "geu", Num = "num", Nan = "nan",
    // boolean, arithmetic and atomic operations
    And = "and", Or = "or", Xor = "xor", Not = "not",
    Add = "add", Sub = "sub", Min = "min", Max = "max", Inc = "inc", Dec = "dec", Exch = "exch", Cas = "cas",
    AndPopc = "and.popc", XorPopc = "xor.popc",
    // modes
    Clamp = "clamp", Wrap = "wrap", L = "l", R = "r",
    Up = "up", Down = "down", Bfly = "bfly", Idx = "idx",
    All = "all", Any = "any", Ballot = "ballot",
    F4e = "f4e", B4e = "b4e", Rc8 = "rc8", Ecl = "ecl", Ecr = "ecr", Rc16 = "rc16",
    Finite = "finite", Infinite = "infinite", Number = "number", NotANumber = "notanumber", Normal = "normal",
    Subnormal = "subnormal",
    Arrive = "arrive", Red = "red", Wait = "wait",
    // memory semantics and scopes
    Weak = "weak", Relaxed = "relaxed", Acquire = "acquire", Release = "release", AcqRel = "acq_rel", Sc = "sc",
    Mmio = "mmio", Cta = "cta", Cluster = "cluster", Gpu = "gpu", Sys = "sys", Gl = "gl",
    // L2 eviction priorities (createpolicy)
    L2EvictLast = "L2::evict_last", L2EvictNormal = "L2::evict_normal",
    L2EvictFirst = "L2::evict_first", L2EvictUnchanged = "L2::evict_unchanged",
    // texture and surface geometries, components, out-of-range modes, queries
    D1 = "1d", D2 = "2d", D3 = "3d", A1d = "a1d", A2d = "a2d", Cube = "cube", Acube = "acube",
    D2ms = "2dms", A2dms = "a2dms", G = "g", B = "b", A = "a", Trap = "trap", Zero = "zero",
    Width = "width", Height = "height", Depth = "depth", ChannelDataType = "channel_data_type",
    ChannelOrder = "channel_order", NormalizedCoords = "normalized_coords", ArraySize = "array_size",
    NumMipmapLevels = "num_mipmap_levels", NumSamples = "num_samples",
    ForceUnnormalizedCoords = "force_unnormalized_coords", FilterMode = "filter_mode",
    AddrMode0 = "addr_mode_0", AddrMode1 = "addr_mode_1", AddrMode2 = "addr_mode_2",
    MemoryLayout = "memory_layout",
}

/// A matrix shape such as `.m16n8k16` (`k` is 0 for `.m8n8`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Shape {
    /// Rows of A and D.
    pub m: u16,
    /// Columns of B and D.
    pub n: u16,
    /// The shared dimension.
    pub k: u16,
}

impl Shape {
    fn from_word(w: &str) -> Option<Shape> {
        let rest = w.strip_prefix('m')?;
        let (m, rest) = rest.split_once('n')?;
        let (n, k) = match rest.split_once('k') {
            Some((n, k)) => (n, k),
            None => (rest, "0"),
        };
        Some(Shape {
            m: m.parse().ok()?,
            n: n.parse().ok()?,
            k: k.parse().ok()?,
        })
    }
}

/// A matrix layout, `.row` or `.col`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Layout {
    /// Row-major.
    Row,
    /// Column-major.
    Col,
}

/// A video instruction's operand selector, decoded from its word: `.b2`
/// one byte, `.h1` one half-word, `.h10` two half-words, `.b7654` four
/// bytes (which ones each digit names depends on the operand: see
/// [`crate::SelectorKind`]).
///
/// ```
/// use ptx_core::Selector;
/// let s = Selector::parse("b7654").unwrap();
/// assert!(!s.half);
/// assert_eq!(s.digits(), [7, 6, 5, 4]);
/// assert_eq!(s.lane(0), 4); // the last digit is lane 0's
/// assert_eq!(Selector::parse("h10").unwrap().mask(), 0b11);
/// assert_eq!(Selector::parse("x"), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Selector {
    /// `.h...`: the digits index half-words; `.b...`: bytes.
    pub half: bool,
    /// The digits as written, left to right; `len` of them are used.
    pub digits: [u8; 4],
    /// How many digits were written (1 to 4).
    pub len: u8,
}

impl Selector {
    /// The selector a word (without its dot) writes, if it is one: `b` or
    /// `h` and one to four digits.
    pub fn parse(word: &str) -> Option<Selector> {
        let half = match word.as_bytes().first()? {
            b'b' => false,
            b'h' => true,
            _ => return None,
        };
        let written = &word.as_bytes()[1..];
        if written.is_empty() || written.len() > 4 || !written.iter().all(u8::is_ascii_digit) {
            return None;
        }
        let mut digits = [0; 4];
        for (d, c) in digits.iter_mut().zip(written) {
            *d = c - b'0';
        }
        Some(Selector {
            half,
            digits,
            len: written.len() as u8,
        })
    }

    /// The digits written.
    pub fn digits(&self) -> &[u8] {
        &self.digits[..usize::from(self.len.min(4))]
    }

    /// The digit of SIMD lane `i`: the selector lists lanes from the highest
    /// down (`.b3210`: lane 0 takes byte 0).
    #[inline]
    pub const fn lane(&self, i: usize) -> u8 {
        let len = self.len as usize;
        if i < len && len <= 4 {
            self.digits[len - 1 - i]
        } else {
            0
        }
    }

    /// The digits as a set: bit `i` for digit `i` (a SIMD destination mask).
    #[inline]
    pub const fn mask(&self) -> u8 {
        let mut m = 0u8;
        let mut k = 0;
        while k < self.len as usize && k < 4 {
            m |= 1 << (self.digits[k] & 7);
            k += 1;
        }
        m
    }
}

/// The modifiers of one instruction, decoded for its semantic function.
///
/// ```
/// use ptx_core::{check_asm, Flags, Mods, Rounding, ScalarType, Target};
/// let c = check_asm("add.sat.s32 %0, %1, %2;", &["=r", "r", "r"], Target::default()).unwrap();
/// let m = Mods::from_bound(&c.instructions[0].bound);
/// assert_eq!(m.ty(0), Some(ScalarType::S32));
/// assert!(m.flags.contains(Flags::SAT));
/// assert_eq!(m.rnd, Rounding::Default);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Mods {
    /// The type modifiers in the order written (`.dtype.atype` ...).
    pub types: [Option<ScalarType>; 4],
    /// The rounding modifier.
    pub rnd: Rounding,
    /// The boolean modifiers.
    pub flags: Flags,
    /// The keyword modifiers (comparison, operation, mode, ...) in slot order.
    pub keywords: [Option<Keyword>; 4],
    /// The state space, if the instruction names one (of a copy whose
    /// direction names two, `.dst.src`, the destination's).
    pub space: Option<StateSpace>,
    /// The source's state space of a copy whose direction names two
    /// (`cp.async.bulk.shared::cluster.global`: `.global`).
    pub source: Option<StateSpace>,
    /// The matrix shape, if any.
    pub shape: Option<Shape>,
    /// The layouts of A and B, if written.
    pub layout: [Option<Layout>; 2],
    /// A count modifier: `.v2`/`.v4`/`.v8` or `.x1`/`.x2`/`.x4` (0 when absent).
    pub count: u8,
    /// The selector written on operand `i` (`d.h1`, `a.b2`: video
    /// instructions), by operand position.
    pub operand_selectors: [Option<Selector>; 4],
    /// The operands written negated (`-a`, `vmad`): bit `i` for operand `i`.
    pub negate: u8,
}

impl Default for Mods {
    fn default() -> Mods {
        Mods::NONE
    }
}

impl Mods {
    /// No modifiers.
    pub const NONE: Mods = Mods {
        types: [None; 4],
        rnd: Rounding::Default,
        flags: Flags(0),
        keywords: [None; 4],
        space: None,
        source: None,
        shape: None,
        layout: [None; 2],
        count: 0,
        operand_selectors: [None; 4],
        negate: 0,
    };

    /// The `i`-th type modifier.
    #[inline]
    pub const fn ty(&self, i: usize) -> Option<ScalarType> {
        if i < 4 { self.types[i] } else { None }
    }

    /// Whether `flag` was written.
    #[inline]
    pub const fn has(&self, flag: Flags) -> bool {
        self.flags.contains(flag)
    }

    /// Whether keyword `k` was written.
    #[inline]
    pub fn has_keyword(&self, k: Keyword) -> bool {
        self.keywords.contains(&Some(k))
    }

    /// Decodes the modifiers bound to a form. Modifiers without meaning for
    /// the simulator (cache hints, `.L2::128B`) are left out.
    pub fn from_bound(bound: &Bound) -> Mods {
        let mut m = Mods::NONE;
        let (mut types, mut keywords, mut layouts) = (0, 0, 0);
        for (slot, value) in bound.form.slots.iter().zip(&bound.values) {
            let Some(word) = value else { continue };
            match slot.class {
                SlotClass::Type => {
                    if let (Some(t), true) = (ScalarType::from_name(word), types < 4) {
                        m.types[types] = Some(t);
                        types += 1;
                    }
                }
                SlotClass::Layout => {
                    if layouts < 2 {
                        m.layout[layouts] = Some(if *word == "row" {
                            Layout::Row
                        } else {
                            Layout::Col
                        });
                        layouts += 1;
                    }
                }
                SlotClass::Free => {
                    if let Some(r) = Rounding::from_word(word) {
                        m.rnd = r;
                    } else if let Some(k) = Keyword::from_word(word) {
                        // `.1d` to `.3d` are a geometry for textures and
                        // surfaces and a count of dimensions for tensor copies.
                        if let Some(n) = count_of(word) {
                            m.count = n;
                        }
                        if keywords < 4 {
                            m.keywords[keywords] = Some(k);
                            keywords += 1;
                        }
                    } else if let Some(space) = StateSpace::from_name(word) {
                        m.space = Some(space);
                    } else if let Some((dst, src)) = direction(word) {
                        m.space = Some(dst);
                        m.source = Some(src);
                    } else if let Some(shape) = Shape::from_word(word) {
                        m.shape = Some(shape);
                    } else if let Some(n) = count_of(word) {
                        m.count = n;
                    } else {
                        for part in word.split('.') {
                            if let Some(f) = Flags::from_word(part) {
                                m.flags = m.flags.with(f);
                            }
                        }
                    }
                }
            }
        }
        for h in &bound.form.head {
            if let Some(f) = Flags::from_word(h) {
                m.flags = m.flags.with(f);
            } else if let Some(n) = count_of(h) {
                m.count = n;
            } else if let Some(k @ (Keyword::Inc | Keyword::Dec)) = Keyword::from_word(h)
                && keywords < 4
            {
                // `setmaxnreg.inc` / `.dec`: the only head words that say
                // what the instruction does rather than which form it is.
                m.keywords[keywords] = Some(k);
                keywords += 1;
            }
        }
        m
    }

    /// These modifiers with the selectors and negations written on
    /// `operands` (the instruction's, in order).
    ///
    /// ```
    /// use ptx_core::{check_asm, Mods, Target};
    /// let text = "vmad.s32.s32.s32 %0, -%1.h1, %2, %3;";
    /// let c = check_asm(text, &["=r", "r", "r", "r"], Target::default()).unwrap();
    /// let operands = &c.template.instructions()[0].operands;
    /// let m = Mods::from_bound(&c.instructions[0].bound).with_operand_marks(operands);
    /// assert!(m.negated(1) && !m.negated(2));
    /// assert_eq!(m.operand_selectors[1].map(|s| (s.half, s.digits()[0])), Some((true, 1)));
    /// ```
    pub fn with_operand_marks(mut self, operands: &[crate::syntax::Operand]) -> Mods {
        use crate::syntax::OperandKind;
        for (i, op) in operands.iter().enumerate().take(4) {
            let mut op = op;
            if let OperandKind::Negate(inner) = &op.kind {
                self.negate |= 1 << i;
                op = inner;
            }
            if let OperandKind::Select(_, word) = &op.kind {
                self.operand_selectors[i] = Selector::parse(&word.text);
            }
        }
        self
    }

    /// Whether operand `i` was written negated (`-a`).
    #[inline]
    pub const fn negated(&self, i: usize) -> bool {
        i < 8 && self.negate & (1 << i) != 0
    }

    /// The boolean modifiers by name, for debugging output.
    pub fn flag_names(&self) -> Vec<&'static str> {
        self.flags.names()
    }
}

/// A copy's direction, `.dst.src` as one modifier (`shared::cluster.global`):
/// the two state spaces.
fn direction(word: &str) -> Option<(StateSpace, StateSpace)> {
    let (dst, src) = word.split_once('.')?;
    Some((StateSpace::from_name(dst)?, StateSpace::from_name(src)?))
}

/// `x4` → 4, `v2` → 2.
fn count_of(word: &str) -> Option<u8> {
    // A tensor copy's dimensions, `.1d` to `.5d`.
    if let Some(d @ ("1" | "2" | "3" | "4" | "5")) = word.strip_suffix('d') {
        return d.parse().ok();
    }
    let digits = word.strip_prefix('x').or_else(|| word.strip_prefix('v'))?;
    match digits {
        "1" | "2" | "4" | "8" | "16" | "32" | "64" | "128" => digits.parse().ok(),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tensor_copy_names_its_dimensions_mode_and_multicast() {
        let c = crate::check_asm(
            "cp.async.bulk.tensor.3d.shared::cluster.global.im2col.mbarrier::complete_tx::bytes.multicast::cluster [%0], [%1, {%2, %3, %4}], [%5], {%6}, %7;",
            &["r", "l", "r", "r", "r", "r", "h", "h"],
            crate::Target::sm(90),
        )
        .unwrap();
        let m = Mods::from_bound(&c.instructions[0].bound);
        assert_eq!(m.count, 3);
        assert!(m.has(Flags::IM2COL) && m.has(Flags::MULTICAST));
    }

    #[test]
    fn shapes_parse() {
        assert_eq!(
            Shape::from_word("m16n8k16"),
            Some(Shape { m: 16, n: 8, k: 16 })
        );
        assert_eq!(Shape::from_word("m8n8"), Some(Shape { m: 8, n: 8, k: 0 }));
        assert_eq!(Shape::from_word("max"), None);
    }

    #[test]
    fn counts_parse() {
        assert_eq!(count_of("x4"), Some(4));
        assert_eq!(count_of("v8"), Some(8));
        assert_eq!(count_of("xor"), None);
    }
}
