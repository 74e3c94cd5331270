//! The measured tables of the H100's special function unit: one binade of
//! results per function, stored as the piecewise quadratic the hardware
//! evidently evaluates plus the entries where its last bit differs.
//!
//! `tools/generators/sfu-probe/tables.py` writes them from the probe records; the
//! format is described there and in `docs/special-functions.md`.

use std::sync::OnceLock;

/// The LEB128 number at `bytes[*at..]`; `at` moves past it.
fn leb128(bytes: &[u8], at: &mut usize) -> u64 {
    let (mut value, mut shift) = (0u64, 0);
    loop {
        let b = bytes[*at];
        *at += 1;
        value |= u64::from(b & 0x7f) << shift;
        shift += 7;
        if b & 0x80 == 0 {
            return value;
        }
    }
}

/// A table of `2^log_entries` results (`u32` encodings).
pub struct Table {
    log_entries: u32,
    log_segments: u32,
    /// Per segment: `c0`, `c1`, `c2` of the quadratic in the offset `j`.
    coefs: Vec<[i64; 3]>,
    /// Per segment, where its exceptions start in `exceptions` (one more
    /// entry than segments).
    starts: Vec<u32>,
    /// `(index << 1) | up`, by index.
    exceptions: Vec<u32>,
}

impl Table {
    /// Reads a table blob; the blobs are part of the crate, so a malformed
    /// one is a build defect, caught by the tests.
    fn parse(blob: &[u8]) -> Table {
        let word = |at: usize| u32::from_le_bytes(blob[at..at + 4].try_into().unwrap());
        let long = |at: usize| i64::from_le_bytes(blob[at..at + 8].try_into().unwrap());
        assert_eq!(&blob[..4], b"SFU1", "special-function table magic");
        let (log_entries, log_segments) = (word(4), word(8));
        let segments = 1usize << log_segments;
        let mut at = 12;
        let coefs = (0..segments)
            .map(|_| {
                let c = [long(at), long(at + 8), long(at + 16)];
                at += 24;
                c
            })
            .collect();
        let count = word(at) as usize;
        at += 4;
        let mut exceptions = Vec::with_capacity(count);
        let mut index: i64 = -1;
        for _ in 0..count {
            let value = leb128(blob, &mut at);
            index += (value >> 1) as i64 + 1;
            exceptions.push(((index as u32) << 1) | (value & 1) as u32);
        }
        assert_eq!(at, blob.len(), "special-function table length");
        let per_segment = log_entries - log_segments;
        let mut starts = Vec::with_capacity(segments + 1);
        let mut e = 0;
        for s in 0..=segments {
            while e < exceptions.len() && (exceptions[e] >> 1) >> per_segment < s as u32 {
                e += 1;
            }
            starts.push(e as u32);
        }
        Table {
            log_entries,
            log_segments,
            coefs,
            starts,
            exceptions,
        }
    }

    /// Entry `k` (below `2^log_entries`).
    #[inline]
    pub fn get(&self, k: u32) -> u32 {
        debug_assert!(k >> self.log_entries == 0);
        let per_segment = self.log_entries - self.log_segments;
        let s = (k >> per_segment) as usize;
        let j = i128::from(k & ((1 << per_segment) - 1));
        let [c0, c1, c2] = self.coefs[s].map(i128::from);
        let model = (c0 + ((c1 * j) >> 16) + ((((c2 * j) >> 16) * j) >> 32)) >> 24;
        let near = &self.exceptions[self.starts[s] as usize..self.starts[s + 1] as usize];
        let adjust = match near.binary_search_by_key(&k, |e| e >> 1) {
            Ok(i) if near[i] & 1 == 1 => 1,
            Ok(_) => -1,
            Err(_) => 0,
        };
        (model + adjust) as u32
    }
}

/// A function per table, parsing the table's blob once, at first use.
macro_rules! tables {
    ($($(#[$doc:meta])* $name:ident: $kind:ident => $file:literal;)*) => {
        $(
            $(#[$doc])*
            pub fn $name() -> &'static $kind {
                static T: OnceLock<$kind> = OnceLock::new();
                T.get_or_init(|| $kind::parse(include_bytes!(concat!("tables/", $file))))
            }
        )*
    };
}

tables! {
    /// `MUFU.RCP` of `1.m` for every 23-bit mantissa `m` (results in (0.5, 1]).
    rcp: Table => "rcp.bin";
    /// `MUFU.RSQ` of `1.m` and `2 * 1.m`: entry `p << 23 | m` (results in (0.5, 1]).
    rsqrt: Table => "rsqrt.bin";
    /// `MUFU.SQRT` of `1.m` and `2 * 1.m`: entry `p << 23 | m` (results in [1, 2)).
    sqrt: Table => "sqrt.bin";
    /// `MUFU.EX2` of `1 + k / 2^23` (results in [2, 4)).
    ex2_positive: Table => "ex2_pos.bin";
    /// `MUFU.EX2` of `-(1 + k / 2^23)` (results in [0.25, 0.5]).
    ex2_negative: Table => "ex2_neg.bin";
}

/// A table stored whole: its parts' results, inflated at first use.
pub struct Dense {
    parts: Vec<Vec<u32>>,
}

impl Dense {
    /// Reads a dense blob (`b"SFUD"`, the parts' sizes, then the zlib
    /// stream of zigzag LEB128 differences; see `tools/generators/sfu-probe/tables.py`).
    fn parse(blob: &[u8]) -> Dense {
        let word = |at: usize| u32::from_le_bytes(blob[at..at + 4].try_into().unwrap());
        assert_eq!(&blob[..4], b"SFUD", "special-function table magic");
        let count = word(4) as usize;
        let sizes: Vec<usize> = (0..count).map(|p| 1 << word(8 + 4 * p)).collect();
        let stream = miniz_oxide::inflate::decompress_to_vec_zlib(&blob[8 + 4 * count..])
            .expect("a special-function table inflates");
        let mut at = 0;
        let mut previous: i64 = 0;
        let parts = sizes
            .iter()
            .map(|&n| {
                (0..n)
                    .map(|_| {
                        let z = leb128(&stream, &mut at);
                        previous += (z >> 1) as i64 ^ -((z & 1) as i64);
                        previous as u32
                    })
                    .collect()
            })
            .collect();
        assert_eq!(at, stream.len(), "special-function table length");
        Dense { parts }
    }

    /// Part `p`.
    #[inline]
    pub fn part(&self, p: usize) -> &[u32] {
        &self.parts[p]
    }
}

tables! {
    /// `MUFU.LG2` of `1.m` (part 0, results in [0, 1)) and of `0.5 * 1.m`
    /// (part 1, results in [-1, 0)), for every 23-bit mantissa `m`.
    lg2: Dense => "lg2.bin";
    /// `MUFU.SIN` over the first quadrant: entry `f` for `f / 2^25` turns.
    sin: Dense => "sin.bin";
    /// `MUFU.TANH` on the binades 2^-8 (part 0) to 2^2 (part 10), each
    /// indexed by its top mantissa bits (as many as the part has entries).
    tanh: Dense => "tanh.bin";
}

/// A 16-bit function's 65,536 results, as measured.
pub struct Half(&'static [u8]);

impl Half {
    /// The result for the operand encoding `x`.
    #[inline]
    pub fn get(&self, x: u16) -> u16 {
        let at = usize::from(x) * 2;
        u16::from_le_bytes([self.0[at], self.0[at + 1]])
    }
}

/// `ex2.approx.f16` (`MUFU.EX2.F16`).
pub const EX2_F16: Half = Half(include_bytes!("tables/ex2_f16.bin"));
/// `ex2.approx.ftz.bf16` (`MUFU.EX2.BF16`).
pub const EX2_BF16: Half = Half(include_bytes!("tables/ex2_bf16.bin"));
/// `tanh.approx.f16` (`MUFU.TANH.F16`).
pub const TANH_F16: Half = Half(include_bytes!("tables/tanh_f16.bin"));
/// `tanh.approx.bf16` (`MUFU.TANH.BF16`).
pub const TANH_BF16: Half = Half(include_bytes!("tables/tanh_bf16.bin"));

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_table_parses_to_its_size() {
        for (t, entries) in [
            (rcp(), 1 << 23),
            (rsqrt(), 1 << 24),
            (sqrt(), 1 << 24),
            (ex2_positive(), 1 << 23),
            (ex2_negative(), 1 << 23),
        ] {
            assert_eq!(1u32 << t.log_entries, entries);
            assert_eq!(*t.starts.last().unwrap() as usize, t.exceptions.len());
        }
    }

    #[test]
    fn dense_tables_have_their_parts() {
        let sizes = |d: &Dense| d.parts.iter().map(Vec::len).collect::<Vec<_>>();
        assert_eq!(sizes(lg2()), [1 << 23, 1 << 23]);
        assert_eq!(sizes(sin()), [1 << 23]);
        assert_eq!(tanh().parts.len(), 11);
        // sin of 0 turns is 0, of a quarter turn less 2^-25 is 1.0.
        assert_eq!(sin().part(0)[0], 0);
        assert_eq!(sin().part(0)[(1 << 23) - 1], 1f32.to_bits());
        // lg2(1) = 0.
        assert_eq!(lg2().part(0)[0], 0);
    }

    #[test]
    fn exact_powers_of_two_are_exact() {
        // 1/1 = 1, 2^1 = 2, 2^-1 = 0.5, sqrt(1) = 1, 1/sqrt(1) = 1: the
        // first entry of each table is an exact power of two.
        assert_eq!(rcp().get(0), 1f32.to_bits());
        assert_eq!(ex2_positive().get(0), 2f32.to_bits());
        assert_eq!(ex2_negative().get(0), 0.5f32.to_bits());
        assert_eq!(sqrt().get(0), 1f32.to_bits());
        assert_eq!(rsqrt().get(0), 1f32.to_bits());
    }
}
