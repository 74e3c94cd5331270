//! Byte ranges into the PTX text that a node or a diagnostic refers to.

use std::ops::Range;

/// A half-open byte range `start..end` into the text that was parsed.
///
/// Every syntax-tree node and every diagnostic carries one, so that the
/// macro can point at the exact characters of a template.
///
/// ```
/// use ptx_core::Span;
/// let s = Span::new(4, 7);
/// assert_eq!(&"add.s32 x"[s.range()], "s32");
/// assert_eq!(s.to(Span::new(8, 9)), Span::new(4, 9));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Span {
    /// First byte of the range.
    pub start: u32,
    /// One past the last byte of the range.
    pub end: u32,
}

impl Span {
    /// The range `start..end`.
    pub const fn new(start: u32, end: u32) -> Span {
        Span { start, end }
    }

    /// The empty range at `at`.
    pub const fn empty(at: u32) -> Span {
        Span { start: at, end: at }
    }

    /// The range as `usize` indices, for slicing the source text.
    pub fn range(self) -> Range<usize> {
        self.start as usize..self.end as usize
    }

    /// The smallest range covering `self` and `other`.
    pub fn to(self, other: Span) -> Span {
        Span {
            start: self.start.min(other.start),
            end: self.end.max(other.end),
        }
    }

    /// Number of bytes covered.
    pub fn len(self) -> u32 {
        self.end - self.start
    }

    /// Whether the range covers no byte.
    pub fn is_empty(self) -> bool {
        self.end <= self.start
    }
}
