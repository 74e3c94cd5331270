//! CUDA's device-side `printf`: the driver's `vprintf(format, args)`.
//!
//! A kernel's `printf` call packs its arguments into a buffer (each at the
//! next offset aligned to its size, after C's default argument promotions)
//! and hands the driver the format and the buffer; the driver formats them as
//! the C library would. This module is that formatting, as a pure function of
//! the format bytes and an [`Arguments`] source, following glibc's output
//! byte for byte (infinities, NaN signs, `%a`, `(nil)`, `(null)` included).

use crate::fault::Fault;

/// Where a format's arguments come from: the argument buffer CUDA's printf
/// packs, and the memory its `%s` pointers point into.
pub trait Arguments {
    /// The next argument of `size` bytes (4 or 8): the buffer packs each
    /// argument at the next offset aligned to its size.
    fn next(&mut self, size: u64) -> Result<u64, Fault>;
    /// The bytes of the NUL-terminated string at generic address `addr`
    /// (without the NUL).
    fn string(&mut self, addr: u64) -> Result<Vec<u8>, Fault>;
}

/// The largest field width or precision honoured. glibc would print a field
/// of up to 2^31 bytes; capping it keeps one wild `*` argument from making a
/// single `printf` allocate gigabytes, while leaving any realistic field alone.
const MAX_FIELD: usize = 1 << 20;

/// Formats `format` (its bytes, without the NUL) as CUDA's printf does, each
/// conversion taking its argument from `args`: the bytes printed, and how many
/// arguments the conversions took (what printf returns).
///
/// ```
/// use ptx_sim::driver::printf::{Arguments, format};
/// use ptx_sim::fault::Fault;
/// /// Arguments from a list of 8-byte values, and no strings.
/// struct Values(std::vec::IntoIter<u64>);
/// impl Arguments for Values {
///     fn next(&mut self, _size: u64) -> Result<u64, Fault> {
///         Ok(self.0.next().unwrap_or(0))
///     }
///     fn string(&mut self, _addr: u64) -> Result<Vec<u8>, Fault> {
///         Ok(Vec::new())
///     }
/// }
/// let mut args = Values(vec![42, 2.5f64.to_bits()].into_iter());
/// let (text, taken) = format(b"%d and %.2f\n", &mut args).unwrap();
/// assert_eq!(text, b"42 and 2.50\n");
/// assert_eq!(taken, 2);
/// ```
pub fn format(format: &[u8], args: &mut dyn Arguments) -> Result<(Vec<u8>, usize), Fault> {
    let mut out = Vec::new();
    let mut args = Counted { args, taken: 0 };
    let mut rest = format;
    while let Some(at) = rest.iter().position(|&b| b == b'%') {
        let (literal, conversion) = rest.split_at(at);
        out.extend_from_slice(literal);
        let (spec, after) = parse(conversion.get(1..).unwrap_or_default());
        match spec {
            Some(spec) => convert(&spec, &mut args, &mut out)?,
            // Malformed: print the conversion as written, take no argument.
            None => out.extend_from_slice(written(conversion, after)),
        }
        rest = after;
    }
    out.extend_from_slice(rest);
    Ok((out, args.taken))
}

/// The part of `text` before its suffix `rest`: what a parse consumed.
fn written<'a>(text: &'a [u8], rest: &[u8]) -> &'a [u8] {
    let consumed = text.len().saturating_sub(rest.len());
    text.get(..consumed).unwrap_or(text)
}

/// An [`Arguments`] source that counts the arguments taken from it, which is
/// what CUDA's printf returns.
struct Counted<'a> {
    /// The underlying source.
    args: &'a mut dyn Arguments,
    /// How many arguments `next` has returned so far.
    taken: usize,
}

impl Counted<'_> {
    /// The next argument of `size` bytes, counted.
    fn next(&mut self, size: u64) -> Result<u64, Fault> {
        let value = self.args.next(size)?;
        self.taken += 1;
        Ok(value)
    }

    /// The string at `addr` (a `%s` argument's bytes).
    fn string(&mut self, addr: u64) -> Result<Vec<u8>, Fault> {
        self.args.string(addr)
    }

    /// A 4-byte `int` argument (a `*` width or precision).
    fn int(&mut self) -> Result<i32, Fault> {
        Ok(self.next(4)? as u32 as i32)
    }
}

/// A width or precision as written: a number, or `*` (taken from the
/// arguments).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Field {
    /// A number written in the format (capped at [`MAX_FIELD`]).
    Fixed(usize),
    /// `*`: a 4-byte `int` argument taken before the value.
    Star,
}

/// The flags of a conversion (`-`, `+`, space, `#`, `0`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Flags {
    /// `-`: justify left within the field.
    left: bool,
    /// `+`: always print a sign for signed conversions.
    plus: bool,
    /// space: print a space where a `+` sign would go.
    space: bool,
    /// `#`: the alternate form.
    alt: bool,
    /// `0`: pad with zeros after the sign or prefix.
    zero: bool,
}

/// A well-formed conversion specification, as parsed from the format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Spec {
    /// Its flags.
    flags: Flags,
    /// Its minimum field width, if any.
    width: Option<Field>,
    /// Its precision, if any.
    precision: Option<Field>,
    /// The width in bits of an integer argument, from the length modifier:
    /// 8 (`hh`), 16 (`h`), 32 (none) or 64 (`l`, `ll`, `j`, `z`, `t`, `L`).
    bits: u32,
    /// The conversion character.
    kind: u8,
}

/// Parses the conversion specification at the start of `text` (just after its
/// `%`): the spec, or `None` if it is malformed or unknown, and the rest of
/// the format after it.
fn parse(text: &[u8]) -> (Option<Spec>, &[u8]) {
    let mut rest = text;
    let flags = parse_flags(&mut rest);
    let width = parse_field(&mut rest);
    let precision = match rest.split_first() {
        Some((b'.', after)) => {
            rest = after;
            Some(parse_field(&mut rest).unwrap_or(Field::Fixed(0)))
        }
        _ => None,
    };
    let bits = parse_length(&mut rest);
    match rest.split_first() {
        Some((&kind, after)) if is_conversion(kind) => {
            let spec = Spec {
                flags,
                width,
                precision,
                bits,
                kind,
            };
            (Some(spec), after)
        }
        Some((_, after)) => (None, after),
        None => (None, rest),
    }
}

/// Whether `kind` is a conversion character printf knows.
fn is_conversion(kind: u8) -> bool {
    b"diuoxXcspnfFeEgGaA%".contains(&kind)
}

/// Parses the flags at the start of `rest`, advancing past them. glibc's `'`
/// (thousands grouping) is accepted and does nothing, as in the C locale.
fn parse_flags(rest: &mut &[u8]) -> Flags {
    let mut flags = Flags::default();
    while let Some((&b, after)) = rest.split_first() {
        match b {
            b'-' => flags.left = true,
            b'+' => flags.plus = true,
            b' ' => flags.space = true,
            b'#' => flags.alt = true,
            b'0' => flags.zero = true,
            b'\'' => {}
            _ => break,
        }
        *rest = after;
    }
    flags
}

/// Parses a width or precision at the start of `rest` (a number or `*`),
/// advancing past it.
fn parse_field(rest: &mut &[u8]) -> Option<Field> {
    if let Some((b'*', after)) = rest.split_first() {
        *rest = after;
        return Some(Field::Star);
    }
    let mut number: Option<usize> = None;
    while let Some((&b, after)) = rest.split_first() {
        if !b.is_ascii_digit() {
            break;
        }
        let digit = usize::from(b - b'0');
        let value = number.unwrap_or(0).saturating_mul(10).saturating_add(digit);
        number = Some(value.min(MAX_FIELD));
        *rest = after;
    }
    number.map(Field::Fixed)
}

/// Parses a length modifier at the start of `rest`, advancing past it: the
/// width in bits of an integer argument.
fn parse_length(rest: &mut &[u8]) -> u32 {
    let (bits, len) = match *rest {
        [b'h', b'h', ..] => (8, 2),
        [b'l', b'l', ..] => (64, 2),
        [b'h', ..] => (16, 1),
        [b'l' | b'j' | b'z' | b't' | b'L' | b'q', ..] => (64, 1),
        _ => (32, 0),
    };
    *rest = rest.get(len..).unwrap_or_default();
    bits
}

/// A conversion with its `*` width and precision taken from the arguments.
#[derive(Clone, Copy, Debug)]
struct Conversion {
    /// Its flags (`-` included where a `*` width was negative).
    flags: Flags,
    /// Its minimum field width (0 for none).
    width: usize,
    /// Its precision, if any (a negative `*` precision is none).
    precision: Option<usize>,
    /// The width in bits of an integer argument.
    bits: u32,
    /// The conversion character.
    kind: u8,
}

/// Resolves `spec`'s `*` fields from `args`, width first, as C does.
fn resolve(spec: &Spec, args: &mut Counted) -> Result<Conversion, Fault> {
    let mut flags = spec.flags;
    let width = match spec.width {
        None => 0,
        Some(Field::Fixed(width)) => width,
        Some(Field::Star) => {
            let width = args.int()?;
            flags.left |= width < 0;
            width.unsigned_abs() as usize
        }
    };
    let precision = match spec.precision {
        None => None,
        Some(Field::Fixed(precision)) => Some(precision),
        Some(Field::Star) => usize::try_from(args.int()?).ok(),
    };
    Ok(Conversion {
        flags,
        width: width.min(MAX_FIELD),
        precision: precision.map(|p| p.min(MAX_FIELD)),
        bits: spec.bits,
        kind: spec.kind,
    })
}

/// Performs one conversion: takes its arguments and prints it to `out`.
fn convert(spec: &Spec, args: &mut Counted, out: &mut Vec<u8>) -> Result<(), Fault> {
    if spec.kind == b'%' {
        // glibc prints a lone `%` whatever the flags and width.
        out.push(b'%');
        return Ok(());
    }
    let conv = resolve(spec, args)?;
    match conv.kind {
        b'd' | b'i' => {
            let value = signed(args.next(int_size(conv.bits))?, conv.bits);
            let sign = sign(&conv.flags, value < 0);
            integer(&conv, sign, value.unsigned_abs(), out);
        }
        b'u' | b'o' | b'x' | b'X' => {
            let value = unsigned(args.next(int_size(conv.bits))?, conv.bits);
            integer(&conv, b"", value, out);
        }
        b'c' => {
            let byte = args.next(int_size(conv.bits))? as u8;
            pad(out, &conv, b"", &[byte], false);
        }
        b's' => {
            let text = string(&conv, args)?;
            pad(out, &conv, b"", &text, false);
        }
        b'p' => pointer(&conv, args.next(8)?, out),
        b'n' => {
            // CUDA ignores `%n`: its pointer is taken, nothing is written.
            args.next(8)?;
        }
        _ => float(&conv, f64::from_bits(args.next(8)?), out),
    }
    Ok(())
}

/// The size in bytes of an integer argument of `bits` bits in the buffer:
/// anything narrower than `int` was promoted to `int`.
fn int_size(bits: u32) -> u64 {
    if bits == 64 { 8 } else { 4 }
}

/// The argument `raw` as a signed integer of `bits` bits.
fn signed(raw: u64, bits: u32) -> i64 {
    match bits {
        8 => i64::from(raw as i8),
        16 => i64::from(raw as i16),
        32 => i64::from(raw as i32),
        _ => raw as i64,
    }
}

/// The argument `raw` as an unsigned integer of `bits` bits.
fn unsigned(raw: u64, bits: u32) -> u64 {
    match bits {
        8 => u64::from(raw as u8),
        16 => u64::from(raw as u16),
        32 => u64::from(raw as u32),
        _ => raw,
    }
}

/// The sign a signed conversion prints before its digits.
fn sign(flags: &Flags, negative: bool) -> &'static [u8] {
    if negative {
        b"-"
    } else if flags.plus {
        b"+"
    } else if flags.space {
        b" "
    } else {
        b""
    }
}

/// Prints an integer conversion (`d i u o x X`, and `%p`) of `magnitude`
/// after `sign`: the precision is the minimum number of digits (`%.0d` of 0
/// prints none), `#` adds `0` for octal and `0x` for non-zero hex, and the `0`
/// flag pads only where there is no precision.
fn integer(conv: &Conversion, sign: &[u8], magnitude: u64, out: &mut Vec<u8>) {
    let mut digits = match (conv.precision, magnitude) {
        (Some(0), 0) => Vec::new(),
        _ => in_base(magnitude, conv.kind).into_bytes(),
    };
    let min_digits = conv.precision.unwrap_or(1);
    if digits.len() < min_digits {
        digits.splice(0..0, std::iter::repeat_n(b'0', min_digits - digits.len()));
    }
    if conv.flags.alt && conv.kind == b'o' && digits.first() != Some(&b'0') {
        digits.insert(0, b'0');
    }
    let mut prefix = sign.to_vec();
    if conv.flags.alt && magnitude != 0 && matches!(conv.kind, b'x' | b'X') {
        prefix.extend_from_slice(&[b'0', conv.kind]);
    }
    let zero_pad = conv.precision.is_none();
    pad(out, conv, &prefix, &digits, zero_pad);
}

/// The digits of `value` in the base of conversion `kind`.
fn in_base(value: u64, kind: u8) -> String {
    match kind {
        b'o' => format!("{value:o}"),
        b'x' => format!("{value:x}"),
        b'X' => format!("{value:X}"),
        _ => value.to_string(),
    }
}

/// Prints `%p` as glibc does: `(nil)` for a null pointer, else the address
/// like `%#lx` (the sign flags, precision and `0` flag all apply).
fn pointer(conv: &Conversion, addr: u64, out: &mut Vec<u8>) {
    if addr == 0 {
        pad(out, conv, b"", b"(nil)", false);
    } else {
        let hex = Conversion {
            kind: b'x',
            flags: Flags {
                alt: true,
                ..conv.flags
            },
            ..*conv
        };
        integer(&hex, sign(&conv.flags, false), addr, out);
    }
}

/// The bytes `%s` prints: the string its pointer points to, cut to the
/// precision; a null pointer is glibc's `(null)`, or nothing where the
/// precision is too short for it.
fn string(conv: &Conversion, args: &mut Counted) -> Result<Vec<u8>, Fault> {
    let addr = args.next(8)?;
    let mut text = if addr != 0 {
        args.string(addr)?
    } else if conv.precision.is_none_or(|p| p >= 6) {
        b"(null)".to_vec()
    } else {
        Vec::new()
    };
    if let Some(precision) = conv.precision {
        text.truncate(precision);
    }
    Ok(text)
}

/// Prints a floating-point conversion (`f F e E g G a A`) of `value`.
fn float(conv: &Conversion, value: f64, out: &mut Vec<u8>) {
    let upper = conv.kind.is_ascii_uppercase();
    let mut prefix = sign(&conv.flags, value.is_sign_negative()).to_vec();
    if !value.is_finite() {
        let word: &[u8] = match (value.is_nan(), upper) {
            (true, false) => b"nan",
            (true, true) => b"NAN",
            (false, false) => b"inf",
            (false, true) => b"INF",
        };
        // glibc pads infinities and NaNs with spaces even with `0`.
        return pad(out, conv, &prefix, word, false);
    }
    let magnitude = value.abs();
    let precision = conv.precision.unwrap_or(6);
    let alt = conv.flags.alt;
    let mut body = match conv.kind.to_ascii_lowercase() {
        b'f' => fixed(magnitude, precision, alt),
        b'e' => exponential(magnitude, precision, alt),
        b'g' => general(magnitude, precision, alt),
        _ => {
            prefix.extend_from_slice(if upper { b"0X" } else { b"0x" });
            hex_float(magnitude, conv.precision, alt)
        }
    };
    if upper {
        body.make_ascii_uppercase();
    }
    pad(out, conv, &prefix, body.as_bytes(), true);
}

/// More places after the point than the exact decimal value of any double
/// has (at most 1074 for `%f`, 766 for `%e`): every place beyond is 0. Rust's
/// formatter is asked for no more (it refuses precisions above `u16::MAX`).
const EXACT_PLACES: usize = 1100;

/// `%f` of a non-negative finite `value`: exact decimal digits rounded
/// half-to-even to `precision` places (as Rust's formatting does), with `#`
/// keeping the point when there are no places.
fn fixed(value: f64, precision: usize, alt: bool) -> String {
    let exact = precision.min(EXACT_PLACES);
    let mut text = format!("{value:.exact$}");
    text.extend(std::iter::repeat_n('0', precision - exact));
    if alt && precision == 0 {
        text.push('.');
    }
    text
}

/// The `%e` form of a non-negative finite `value` with `precision` digits
/// after the point: its mantissa digits (with the point) and its exponent.
fn scientific(value: f64, precision: usize) -> (String, i32) {
    let exact = precision.min(EXACT_PLACES);
    let text = format!("{value:.exact$e}");
    let (mantissa, exponent) = text.split_once('e').unwrap_or((&text, "0"));
    let mut mantissa = mantissa.to_owned();
    mantissa.extend(std::iter::repeat_n('0', precision - exact));
    (mantissa, exponent.parse().unwrap_or(0))
}

/// The decimal exponent of `value` itself, before any rounding (`%e` with
/// more digits than any double has is exact).
fn exact_exponent(value: f64) -> i32 {
    scientific(value, EXACT_PLACES).1
}

/// Appends a C exponent to `mantissa`: `e`, its sign, and at least two digits.
fn with_exponent(mut mantissa: String, exponent: i32) -> String {
    let sign = if exponent < 0 { '-' } else { '+' };
    mantissa.push_str(&format!("e{sign}{:02}", exponent.unsigned_abs()));
    mantissa
}

/// `%e` of a non-negative finite `value`, with `#` keeping the point when
/// there are no digits after it.
fn exponential(value: f64, precision: usize, alt: bool) -> String {
    let (mut mantissa, exponent) = scientific(value, precision);
    if alt && precision == 0 {
        mantissa.push('.');
    }
    with_exponent(mantissa, exponent)
}

/// `%g` of a non-negative finite `value`, by C's rule: with P significant
/// digits (0 means 1) and X the exponent `%e` would print, `%f` style with
/// `P - 1 - X` places if `P > X >= -4`, else `%e` style with `P - 1`; then,
/// unless `#`, trailing zeros and a bare point are removed.
fn general(value: f64, precision: usize, alt: bool) -> String {
    let significant = precision.max(1);
    let (mantissa, exponent) = scientific(value, significant - 1);
    let places = i64::try_from(significant).unwrap_or(i64::MAX) - 1 - i64::from(exponent);
    if alt && places == -1 && exact_exponent(value) < exponent {
        // glibc picks the style from the exponent before rounding: `%f` with
        // no places, and when rounding then carries into a new digit
        // (`%#g` of 999999.5) it prints `1.e+06`, still with no places.
        return with_exponent("1.".to_owned(), exponent);
    }
    let fixed_places = usize::try_from(places).ok().filter(|_| exponent >= -4);
    let digits = match fixed_places {
        Some(places) => fixed(value, places, false),
        None => mantissa,
    };
    let digits = if alt {
        add_point(digits)
    } else {
        trim_zeros(digits)
    };
    match fixed_places {
        Some(_) => digits,
        None => with_exponent(digits, exponent),
    }
}

/// `digits` with a decimal point at the end if it has none (`#` for `%g`).
fn add_point(mut digits: String) -> String {
    if !digits.contains('.') {
        digits.push('.');
    }
    digits
}

/// `digits` without the trailing zeros of its fraction, nor a bare point.
fn trim_zeros(digits: String) -> String {
    if !digits.contains('.') {
        return digits;
    }
    digits
        .trim_end_matches('0')
        .trim_end_matches('.')
        .to_owned()
}

/// `%a` of a non-negative finite `value` (after the `0x`), as glibc prints
/// it: a leading digit 1 (0 for zero and subnormals, which use exponent
/// -1022), the 52-bit fraction in hex (trailing zeros dropped when there is no
/// precision, else rounded half-to-even to `precision` digits, a carry
/// raising the leading digit), then `p` and the binary exponent.
fn hex_float(value: f64, precision: Option<usize>, alt: bool) -> String {
    const FRACTION_BITS: u32 = 52;
    const HEX_DIGITS: usize = 13;
    let bits = value.to_bits();
    let fraction = bits & ((1 << FRACTION_BITS) - 1);
    let biased = (bits >> FRACTION_BITS) as i32;
    let (mut leading, exponent) = match (biased, fraction) {
        (0, 0) => (0, 0),
        (0, _) => (0, -1022),
        _ => (1, biased - 1023),
    };
    let all = format!("{fraction:013x}");
    let mut digits = match precision {
        None => all.trim_end_matches('0').to_owned(),
        Some(p) if p >= HEX_DIGITS => all + &"0".repeat(p - HEX_DIGITS),
        Some(p) => {
            let dropped = 4 * (HEX_DIGITS - p) as u32;
            let whole = (leading << FRACTION_BITS) | fraction;
            let rounded = round_half_even(whole, dropped);
            leading = rounded >> (4 * p);
            let kept = rounded & ((1 << (4 * p)) - 1);
            if p == 0 {
                String::new()
            } else {
                format!("{kept:0p$x}")
            }
        }
    };
    if !digits.is_empty() || alt {
        digits.insert(0, '.');
    }
    format!("{leading:x}{digits}p{exponent:+}")
}

/// `value` shifted right by `shift` bits (1 to 63), rounded to nearest, ties
/// to even.
fn round_half_even(value: u64, shift: u32) -> u64 {
    let kept = value >> shift;
    let rest = value & ((1 << shift) - 1);
    let half = 1 << (shift - 1);
    if rest > half || (rest == half && kept & 1 == 1) {
        kept + 1
    } else {
        kept
    }
}

/// Prints `prefix` (sign, `0x`) and `body` within the conversion's field
/// width: padded with spaces on the left, on the right for `-`, or with zeros
/// between prefix and body for the `0` flag where `zero_pad` allows it.
fn pad(out: &mut Vec<u8>, conv: &Conversion, prefix: &[u8], body: &[u8], zero_pad: bool) {
    let fill = conv.width.saturating_sub(prefix.len() + body.len());
    let spaces = std::iter::repeat_n(b' ', fill);
    if conv.flags.left {
        out.extend_from_slice(prefix);
        out.extend_from_slice(body);
        out.extend(spaces);
    } else if conv.flags.zero && zero_pad {
        out.extend_from_slice(prefix);
        out.extend(std::iter::repeat_n(b'0', fill));
        out.extend_from_slice(body);
    } else {
        out.extend(spaces);
        out.extend_from_slice(prefix);
        out.extend_from_slice(body);
    }
}

#[cfg(test)]
mod tests {
    //! The expected outputs in [`GLIBC`] were printed by glibc's `snprintf`
    //! (glibc 2.36, Debian GLIBC 2.36-9+deb12u14, built with gcc 12.2.0,
    //! x86-64) from a C program that calls it on each row's format and
    //! arguments, with the row's arguments as C values (`I` an `int`, `L` a
    //! `long long`, `D` a `double`, `LD` a `long double`, `S` a `char *`,
    //! `P` a `void *`; `NPTR` a real pointer for `%n`). [`NOT_GLIBC`] holds
    //! the few cases where CUDA (or this module) differs from glibc on
    //! purpose, each with its reason.

    // The literals are the C program's, as written there.
    #![allow(clippy::approx_constant, clippy::excessive_precision)]

    use super::*;
    use crate::fault::ProgramFault;

    /// One argument of a test case, as the kernel passed it.
    #[derive(Clone, Copy, Debug)]
    enum Arg {
        /// An `int` (4 bytes).
        I(i32),
        /// An `unsigned int` (4 bytes).
        W(u32),
        /// A `long long` (8 bytes).
        L(i64),
        /// An `unsigned long long` (8 bytes).
        U(u64),
        /// A `double` (8 bytes; a `float` is promoted to one).
        D(f64),
        /// A pointer to this string (8 bytes).
        S(&'static str),
        /// A pointer with this value (8 bytes).
        P(u64),
    }
    use Arg::{D, I, L, P, S, U, W};

    /// A `long double` in the C program: CUDA passes a `double`.
    #[allow(non_snake_case)]
    const fn LD(value: f64) -> Arg {
        D(value)
    }

    /// A non-null pointer for `%n` (the C program passed a real one).
    const NPTR: Arg = P(0x7000);
    /// C's `INT_MIN`.
    const INT_MIN: i32 = i32::MIN;
    /// C's `INT_MAX`.
    const INT_MAX: i32 = i32::MAX;
    /// C's `UINT_MAX`.
    const UINT_MAX: u32 = u32::MAX;
    /// C's `LLONG_MIN`.
    const LLONG_MIN: i64 = i64::MIN;
    /// C's `LLONG_MAX`.
    const LLONG_MAX: i64 = i64::MAX;
    /// C's `UINT64_MAX`.
    const UINT64_MAX: u64 = u64::MAX;
    /// C's `DBL_MAX`.
    const DBL_MAX: f64 = f64::MAX;
    /// C's `DBL_MIN`: the least normal double.
    const DBL_MIN: f64 = f64::MIN_POSITIVE;
    /// C's `DBL_TRUE_MIN`: the least subnormal double.
    const DBL_TRUE_MIN: f64 = 5e-324;
    /// C's `INFINITY`.
    const INFINITY: f64 = f64::INFINITY;
    /// C's `NAN` (sign bit clear; `-NAN` sets it).
    const NAN: f64 = f64::NAN;

    /// A test case: the format, its arguments, and the bytes printed.
    type Case = (&'static str, &'static [Arg], &'static [u8]);

    /// Cases whose expected output glibc's `snprintf` printed.
    const GLIBC: &[Case] = &[
        ("plain text", &[], b"plain text"),
        ("", &[], b""),
        ("%%", &[], b"%"),
        ("100%% sure", &[], b"100% sure"),
        ("%5%", &[], b"%"),
        ("%-5%|", &[], b"%|"),
        ("%y", &[], b"%y"),
        ("%5y", &[], b"%5y"),
        ("%-5y", &[], b"%-5y"),
        ("%05.2y", &[], b"%05.2y"),
        ("%#+y", &[], b"%#+y"),
        ("%k", &[], b"%k"),
        ("a%yb", &[], b"a%yb"),
        ("%ya%d", &[I(5)], b"%ya5"),
        ("%Q%d%v", &[I(-3)], b"%Q-3%v"),
        ("%d", &[I(0)], b"0"),
        ("%d", &[I(42)], b"42"),
        ("%d", &[I(-42)], b"-42"),
        ("%i", &[I(17)], b"17"),
        ("%d", &[I(INT_MAX)], b"2147483647"),
        ("%d", &[I(INT_MIN)], b"-2147483648"),
        ("%5d", &[I(42)], b"   42"),
        ("%-5d|", &[I(42)], b"42   |"),
        ("%05d", &[I(-42)], b"-0042"),
        ("%+d", &[I(42)], b"+42"),
        ("%+d", &[I(-42)], b"-42"),
        ("% d", &[I(42)], b" 42"),
        ("% d", &[I(-42)], b"-42"),
        ("%+ d", &[I(42)], b"+42"),
        ("% +d", &[I(42)], b"+42"),
        ("%+.3d", &[I(7)], b"+007"),
        ("%.0d", &[I(0)], b""),
        ("%5.0d|", &[I(0)], b"     |"),
        ("%+.0d", &[I(0)], b"+"),
        ("%.5d", &[I(-42)], b"-00042"),
        ("%08.3d", &[I(42)], b"     042"),
        ("%-08d|", &[I(42)], b"42      |"),
        ("%0-8d|", &[I(-42)], b"-42     |"),
        ("%+05d", &[I(42)], b"+0042"),
        ("% 05d", &[I(42)], b" 0042"),
        ("%'d", &[I(1234567)], b"1234567"),
        ("%3d", &[I(123456)], b"123456"),
        ("%.1d", &[I(0)], b"0"),
        ("%012d", &[I(INT_MIN)], b"-02147483648"),
        ("%u", &[I(0)], b"0"),
        ("%u", &[I(42)], b"42"),
        ("%u", &[W(UINT_MAX)], b"4294967295"),
        ("%u", &[I(-1)], b"4294967295"),
        ("%u", &[I(INT_MIN)], b"2147483648"),
        ("%+u", &[I(5)], b"5"),
        ("% u", &[I(5)], b"5"),
        ("%o", &[I(8)], b"10"),
        ("%#o", &[I(8)], b"010"),
        ("%#o", &[I(0)], b"0"),
        ("%#.0o", &[I(0)], b"0"),
        ("%.0o", &[I(0)], b""),
        ("%#.3o", &[I(8)], b"010"),
        ("%#.3o", &[I(64)], b"0100"),
        ("%#5o|", &[I(8)], b"  010|"),
        ("%#-5o|", &[I(8)], b"010  |"),
        ("%o", &[W(UINT_MAX)], b"37777777777"),
        ("%x", &[I(255)], b"ff"),
        ("%X", &[I(255)], b"FF"),
        ("%#x", &[I(255)], b"0xff"),
        ("%#X", &[I(255)], b"0XFF"),
        ("%#x", &[I(0)], b"0"),
        ("%#08x", &[I(255)], b"0x0000ff"),
        ("%#-8x|", &[I(255)], b"0xff    |"),
        ("%#.4x", &[I(255)], b"0x00ff"),
        ("%08.4x", &[I(255)], b"    00ff"),
        ("%x", &[I(-1)], b"ffffffff"),
        ("%#10.6X", &[I(0xbeef)], b"  0X00BEEF"),
        ("%.0x|", &[I(0)], b"|"),
        ("%#.0x|", &[I(0)], b"|"),
        ("%hd", &[I(32768)], b"-32768"),
        ("%hd", &[I(-1)], b"-1"),
        ("%hd", &[I(-32769)], b"32767"),
        ("%hu", &[I(-1)], b"65535"),
        ("%hx", &[I(0x12345)], b"2345"),
        ("%#ho", &[I(0x1ffff)], b"0177777"),
        ("%hhd", &[I(200)], b"-56"),
        ("%hhd", &[I(127)], b"127"),
        ("%hhd", &[I(-129)], b"127"),
        ("%hhu", &[I(-1)], b"255"),
        ("%hhx", &[I(0x1ff)], b"ff"),
        ("%hhX", &[I(0xab)], b"AB"),
        ("%hhi", &[I(300)], b"44"),
        ("%ld", &[L(LLONG_MIN)], b"-9223372036854775808"),
        ("%lld", &[L(LLONG_MAX)], b"9223372036854775807"),
        ("%lld", &[L(LLONG_MIN)], b"-9223372036854775808"),
        ("%lli", &[L(-1)], b"-1"),
        ("%lu", &[U(UINT64_MAX)], b"18446744073709551615"),
        ("%llu", &[U(UINT64_MAX)], b"18446744073709551615"),
        ("%llx", &[U(UINT64_MAX)], b"ffffffffffffffff"),
        ("%lX", &[U(0xdeadbeefcafe)], b"DEADBEEFCAFE"),
        ("%lo", &[U(UINT64_MAX)], b"1777777777777777777777"),
        ("%#llo", &[L(8)], b"010"),
        ("%jd", &[L(-5000000000)], b"-5000000000"),
        ("%ji", &[L(5000000000)], b"5000000000"),
        ("%zu", &[U(123456789012)], b"123456789012"),
        ("%zd", &[L(-1)], b"-1"),
        ("%zx", &[L(4294967296)], b"100000000"),
        ("%td", &[L(-5)], b"-5"),
        ("%tu", &[L(-5)], b"18446744073709551611"),
        ("%+lld", &[L(1)], b"+1"),
        ("%020lld", &[L(LLONG_MIN)], b"-9223372036854775808"),
        ("%-22lld|", &[L(LLONG_MIN)], b"-9223372036854775808  |"),
        ("%.25lld", &[L(-1)], b"-0000000000000000000000001"),
        ("%Ld", &[L(1099511627776)], b"1099511627776"),
        ("%#lx", &[U(0x100000000)], b"0x100000000"),
        ("%c", &[I(65)], b"A"),
        ("%c", &[I(200)], b"\xc8"),
        ("%c", &[I(0x141)], b"A"),
        ("[%c]", &[I(0)], b"[\x00]"),
        ("%5c", &[I(66)], b"    B"),
        ("%-5c|", &[I(66)], b"B    |"),
        ("%05c", &[I(67)], b"    C"),
        ("%c%c%c", &[I(97), I(98), I(99)], b"abc"),
        ("%lc", &[L(66)], b"B"),
        ("%hhc", &[I(68)], b"D"),
        ("%*d", &[I(5), I(42)], b"   42"),
        ("%-*d|", &[I(5), I(42)], b"42   |"),
        ("%*d|", &[I(-5), I(42)], b"42   |"),
        ("%0*d|", &[I(-5), I(42)], b"42   |"),
        ("%0*d", &[I(5), I(-42)], b"-0042"),
        ("%.*d", &[I(3), I(7)], b"007"),
        ("%.*d", &[I(-1), I(7)], b"7"),
        ("%.*d", &[I(0), I(0)], b""),
        ("%*.*d", &[I(6), I(4), I(-7)], b" -0007"),
        ("%*.*f", &[I(10), I(2), D(3.14159)], b"      3.14"),
        ("%.*f", &[I(-3), D(1.5)], b"1.500000"),
        ("%.*f", &[I(0), D(1.5)], b"2"),
        ("%*.*s|", &[I(-6), I(2), S("hello")], b"he    |"),
        ("%.*s", &[I(-1), S("hello")], b"hello"),
        ("%.*s", &[I(3), S("hello")], b"hel"),
        ("%*c", &[I(3), I(120)], b"  x"),
        ("%*s", &[I(0), S("x")], b"x"),
        ("%*lld", &[I(25), L(LLONG_MIN)], b"     -9223372036854775808"),
        ("%.*e", &[I(2), D(12345.678)], b"1.23e+04"),
        ("%*.*g|", &[I(-12), I(3), D(0.000123456)], b"0.000123    |"),
        ("%s", &[S("hello")], b"hello"),
        ("%s", &[S("")], b""),
        ("%10s|", &[S("hello")], b"     hello|"),
        ("%-10s|", &[S("hello")], b"hello     |"),
        ("%.3s", &[S("hello")], b"hel"),
        ("%10.3s|", &[S("hello")], b"       hel|"),
        ("%-10.3s|", &[S("hello")], b"hel       |"),
        ("%.0s|", &[S("hello")], b"|"),
        ("%.10s", &[S("abc")], b"abc"),
        ("%05s", &[S("ab")], b"   ab"),
        ("%3s", &[S("hello")], b"hello"),
        ("%s", &[P(0)], b"(null)"),
        ("%.3s|", &[P(0)], b"|"),
        ("%.5s|", &[P(0)], b"|"),
        ("%.6s|", &[P(0)], b"(null)|"),
        ("%10s|", &[P(0)], b"    (null)|"),
        ("%-8s|", &[P(0)], b"(null)  |"),
        ("%s and %s", &[S("this"), S("that")], b"this and that"),
        ("%p", &[P(0x1234)], b"0x1234"),
        ("%p", &[P(0)], b"(nil)"),
        ("%p", &[P(0xffffffffffffffff)], b"0xffffffffffffffff"),
        ("%20p|", &[P(0x1234)], b"              0x1234|"),
        ("%-20p|", &[P(0x1234)], b"0x1234              |"),
        ("%020p", &[P(0x1234)], b"0x000000000000001234"),
        ("%+p", &[P(0x10)], b"+0x10"),
        ("% p", &[P(0x10)], b" 0x10"),
        ("%.8p", &[P(0x10)], b"0x00000010"),
        ("%#p", &[P(0xabc)], b"0xabc"),
        ("%10p|", &[P(0)], b"     (nil)|"),
        ("%-10p|", &[P(0)], b"(nil)     |"),
        ("%010p|", &[P(0)], b"     (nil)|"),
        ("%.2p|", &[P(0)], b"(nil)|"),
        ("%+p", &[P(0)], b"(nil)"),
        ("ab%ncd", &[NPTR], b"abcd"),
        ("%d%n%d", &[I(1), NPTR, I(2)], b"12"),
        ("%hhn|%lln|%ln", &[NPTR, NPTR, NPTR], b"||"),
        ("%5n|", &[NPTR], b"|"),
        ("%f", &[D(0.0)], b"0.000000"),
        ("%f", &[D(-0.0)], b"-0.000000"),
        ("%f", &[D(1.0)], b"1.000000"),
        ("%f", &[D(3.14159)], b"3.141590"),
        ("%f", &[D(-2.5)], b"-2.500000"),
        ("%F", &[D(1.5)], b"1.500000"),
        ("%.2f", &[D(0.125)], b"0.12"),
        ("%.2f", &[D(0.375)], b"0.38"),
        ("%.1f", &[D(0.25)], b"0.2"),
        ("%.1f", &[D(0.35)], b"0.3"),
        ("%.0f", &[D(0.5)], b"0"),
        ("%.0f", &[D(1.5)], b"2"),
        ("%.0f", &[D(2.5)], b"2"),
        ("%.0f", &[D(3.5)], b"4"),
        ("%.0f", &[D(-2.5)], b"-2"),
        ("%.2f", &[D(1.005)], b"1.00"),
        ("%#.0f", &[D(1.0)], b"1."),
        ("%#.0f", &[D(0.0)], b"0."),
        ("%.3f", &[D(999.9995)], b"1000.000"),
        ("%.2f", &[D(9.995)], b"9.99"),
        ("%f", &[D(1e22)], b"10000000000000000000000.000000"),
        ("%f", &[D(1e-7)], b"0.000000"),
        ("%f", &[D(123456789.123456789)], b"123456789.123457"),
        ("%.20f", &[D(0.1)], b"0.10000000000000000555"),
        ("%.0f", &[D(1e22)], b"10000000000000000000000"),
        ("%f", &[D(DBL_MAX)], b"179769313486231570814527423731704356798070567525844996598917476803157260780028538760589558632766878171540458953514382464234321326889464182768467546703537516986049910576551282076245490090389328944075868508455133942304583236903222948165808559332123348274797826204144723168738177180919299881250404026184124858368.000000"),
        ("%f", &[D(DBL_MIN)], b"0.000000"),
        ("%f", &[D(DBL_TRUE_MIN)], b"0.000000"),
        ("%.1074f", &[D(DBL_TRUE_MIN)], b"0.000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000004940656458412465441765687928682213723650598026143247644255856825006755072702087518652998363616359923797965646954457177309266567103559397963987747960107818781263007131903114045278458171678489821036887186360569987307230500063874091535649843873124733972731696151400317153853980741262385655911710266585566867681870395603106249319452715914924553293054565444011274801297099995419319894090804165633245247571478690147267801593552386115501348035264934720193790268107107491703332226844753335720832431936092382893458368060106011506169809753078342277318329247904982524730776375927247874656084778203734469699533647017972677717585125660551199131504891101451037862738167250955837389733598993664809941164205702637090279242767544565229087538682506419718265533447265625"),
        ("%.330f", &[D(DBL_MIN)], b"0.000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000022250738585072013830902"),
        ("%.17f", &[D(1.0 / 3.0)], b"0.33333333333333331"),
        ("%10.3f|", &[D(3.14159)], b"     3.142|"),
        ("%-10.3f|", &[D(3.14159)], b"3.142     |"),
        ("%010.3f", &[D(-3.14159)], b"-00003.142"),
        ("%+f", &[D(1.5)], b"+1.500000"),
        ("% f", &[D(1.5)], b" 1.500000"),
        ("%+010.2f", &[D(2.5)], b"+000002.50"),
        ("% 010.2f", &[D(2.5)], b" 000002.50"),
        ("%-+10.2f|", &[D(2.5)], b"+2.50     |"),
        ("%#010.0f", &[D(-7.0)], b"-00000007."),
        ("%Lf", &[LD(1.5)], b"1.500000"),
        ("%.3Lf", &[LD(-0.0625)], b"-0.062"),
        ("%lf", &[D(2.75)], b"2.750000"),
        ("%e", &[D(0.0)], b"0.000000e+00"),
        ("%e", &[D(-0.0)], b"-0.000000e+00"),
        ("%e", &[D(1.0)], b"1.000000e+00"),
        ("%e", &[D(12345.678)], b"1.234568e+04"),
        ("%e", &[D(1e-10)], b"1.000000e-10"),
        ("%e", &[D(1e100)], b"1.000000e+100"),
        ("%e", &[D(1e-300)], b"1.000000e-300"),
        ("%e", &[D(DBL_MAX)], b"1.797693e+308"),
        ("%e", &[D(DBL_MIN)], b"2.225074e-308"),
        ("%e", &[D(DBL_TRUE_MIN)], b"4.940656e-324"),
        ("%.760e", &[D(DBL_TRUE_MIN)], b"4.9406564584124654417656879286822137236505980261432476442558568250067550727020875186529983636163599237979656469544571773092665671035593979639877479601078187812630071319031140452784581716784898210368871863605699873072305000638740915356498438731247339727316961514003171538539807412623856559117102665855668676818703956031062493194527159149245532930545654440112748012970999954193198940908041656332452475714786901472678015935523861155013480352649347201937902681071074917033322268447533357208324319360923828934583680601060115061698097530783422773183292479049825247307763759272478746560847782037344696995336470179726777175851256605511991315048911014510378627381672509558373897335989936648099411642057026370902792427675445652290875386825064197182655334472656250000000000e-324"),
        ("%e", &[D(1e22)], b"1.000000e+22"),
        ("%.22e", &[D(1e22)], b"1.0000000000000000000000e+22"),
        ("%.0e", &[D(2.5)], b"2e+00"),
        ("%.0e", &[D(3.5)], b"4e+00"),
        ("%.0e", &[D(25.0)], b"2e+01"),
        ("%.0e", &[D(35.0)], b"4e+01"),
        ("%#.0e", &[D(1.0)], b"1.e+00"),
        ("%E", &[D(1.5e-7)], b"1.500000E-07"),
        ("%.2e", &[D(0.125)], b"1.25e-01"),
        ("%.1e", &[D(0.125)], b"1.2e-01"),
        ("%.2e", &[D(9.995)], b"9.99e+00"),
        ("%.3e", &[D(9999.5)], b"1.000e+04"),
        ("%12.3e|", &[D(1234.5)], b"   1.234e+03|"),
        ("%-12.3e|", &[D(1234.5)], b"1.234e+03   |"),
        ("%012.3e", &[D(-1.5)], b"-001.500e+00"),
        ("%+e", &[D(1.5)], b"+1.500000e+00"),
        ("% E", &[D(-1.5)], b"-1.500000E+00"),
        ("%.20e", &[D(0.1)], b"1.00000000000000005551e-01"),
        ("%.16e", &[D(DBL_MAX)], b"1.7976931348623157e+308"),
        ("%e", &[D(1e-5)], b"1.000000e-05"),
        ("%g", &[D(0.0)], b"0"),
        ("%g", &[D(-0.0)], b"-0"),
        ("%g", &[D(1.0)], b"1"),
        ("%g", &[D(100.0)], b"100"),
        ("%g", &[D(0.5)], b"0.5"),
        ("%g", &[D(1e-4)], b"0.0001"),
        ("%g", &[D(1e-5)], b"1e-05"),
        ("%g", &[D(0.0001234)], b"0.0001234"),
        ("%g", &[D(0.00001234)], b"1.234e-05"),
        ("%g", &[D(9.9999e-5)], b"9.9999e-05"),
        ("%g", &[D(0.000099999995)], b"0.0001"),
        ("%g", &[D(0.0000999999949)], b"0.0001"),
        ("%g", &[D(100000.0)], b"100000"),
        ("%g", &[D(123456.0)], b"123456"),
        ("%g", &[D(1234567.0)], b"1.23457e+06"),
        ("%g", &[D(999999.4)], b"999999"),
        ("%g", &[D(999999.5)], b"1e+06"),
        ("%g", &[D(1e6)], b"1e+06"),
        ("%g", &[D(1e22)], b"1e+22"),
        ("%g", &[D(DBL_MAX)], b"1.79769e+308"),
        ("%g", &[D(DBL_MIN)], b"2.22507e-308"),
        ("%g", &[D(DBL_TRUE_MIN)], b"4.94066e-324"),
        ("%g", &[D(3.14159265358979)], b"3.14159"),
        ("%.0g", &[D(123.0)], b"1e+02"),
        ("%.0g", &[D(0.0)], b"0"),
        ("%.1g", &[D(0.05)], b"0.05"),
        ("%.1g", &[D(2.5)], b"2"),
        ("%.1g", &[D(0.25)], b"0.2"),
        ("%.1g", &[D(0.35)], b"0.3"),
        ("%.2g", &[D(2.5)], b"2.5"),
        ("%.2g", &[D(0.125)], b"0.12"),
        ("%.3g", &[D(1000.0)], b"1e+03"),
        ("%.4g", &[D(1000.0)], b"1000"),
        ("%.17g", &[D(0.1)], b"0.10000000000000001"),
        ("%.20g", &[D(1e22)], b"1e+22"),
        ("%.30g", &[D(DBL_TRUE_MIN)], b"4.94065645841246544176568792868e-324"),
        ("%#g", &[D(1.0)], b"1.00000"),
        ("%#g", &[D(0.0)], b"0.00000"),
        ("%#g", &[D(1e6)], b"1.00000e+06"),
        ("%#g", &[D(123456.0)], b"123456."),
        ("%#.0g", &[D(1.0)], b"1."),
        ("%#.0g", &[D(123.0)], b"1.e+02"),
        ("%#.3g", &[D(0.0001)], b"0.000100"),
        ("%#.3g", &[D(100.0)], b"100."),
        ("%#g", &[D(1e-5)], b"1.00000e-05"),
        ("%#g", &[D(0.000099999995)], b"0.000100000"),
        ("%#g", &[D(999999.5)], b"1.e+06"),
        ("%#.3g", &[D(999.5)], b"1.e+03"),
        ("%#.2G", &[D(-99.97)], b"-1.E+02"),
        ("%#.2g", &[D(9.97)], b"10."),
        ("%G", &[D(1e-10)], b"1E-10"),
        ("%G", &[D(1e20)], b"1E+20"),
        ("%G", &[D(0.5)], b"0.5"),
        ("%10g|", &[D(1.5)], b"       1.5|"),
        ("%-10g|", &[D(1.5)], b"1.5       |"),
        ("%010g", &[D(-1.5)], b"-0000001.5"),
        ("%010G", &[D(1e-10)], b"000001E-10"),
        ("%+g", &[D(1.5)], b"+1.5"),
        ("% g", &[D(1.5)], b" 1.5"),
        ("%+.3g", &[D(-0.0)], b"-0"),
        ("%Lg", &[LD(0.1)], b"0.1"),
        ("%a", &[D(1.0)], b"0x1p+0"),
        ("%a", &[D(3.0)], b"0x1.8p+1"),
        ("%a", &[D(0.0)], b"0x0p+0"),
        ("%a", &[D(-0.0)], b"-0x0p+0"),
        ("%a", &[D(0.1)], b"0x1.999999999999ap-4"),
        ("%a", &[D(-1.5)], b"-0x1.8p+0"),
        ("%a", &[D(0.5)], b"0x1p-1"),
        ("%a", &[D(DBL_MAX)], b"0x1.fffffffffffffp+1023"),
        ("%a", &[D(DBL_MIN)], b"0x1p-1022"),
        ("%a", &[D(DBL_TRUE_MIN)], b"0x0.0000000000001p-1022"),
        ("%a", &[D(2.2250738585072009e-308)], b"0x0.fffffffffffffp-1022"),
        ("%a", &[D(1e22)], b"0x1.0f0cf064dd592p+73"),
        ("%a", &[D(1e-300)], b"0x1.56e1fc2f8f359p-997"),
        ("%.0a", &[D(1.5)], b"0x2p+0"),
        ("%.0a", &[D(2.5)], b"0x1p+1"),
        ("%.0a", &[D(1.0)], b"0x1p+0"),
        ("%.0a", &[D(0.0)], b"0x0p+0"),
        ("%.1a", &[D(1.03125)], b"0x1.0p+0"),
        ("%.1a", &[D(1.09375)], b"0x1.2p+0"),
        ("%.1a", &[D(1.0941162109375)], b"0x1.2p+0"),
        ("%.1a", &[D(1.96875)], b"0x2.0p+0"),
        ("%.3a", &[D(1.0)], b"0x1.000p+0"),
        ("%.3a", &[D(0.1)], b"0x1.99ap-4"),
        ("%.0a", &[D(DBL_MAX)], b"0x2p+1023"),
        ("%.12a", &[D(DBL_MAX)], b"0x2.000000000000p+1023"),
        ("%.20a", &[D(1.0)], b"0x1.00000000000000000000p+0"),
        ("%.20a", &[D(0.1)], b"0x1.999999999999a0000000p-4"),
        ("%.0a", &[D(2.2250738585072009e-308)], b"0x1p-1022"),
        ("%.2a", &[D(2.2250738585072009e-308)], b"0x1.00p-1022"),
        ("%.1a", &[D(DBL_TRUE_MIN)], b"0x0.0p-1022"),
        ("%.13a", &[D(1e22)], b"0x1.0f0cf064dd592p+73"),
        ("%A", &[D(3.0)], b"0X1.8P+1"),
        ("%A", &[D(0.1)], b"0X1.999999999999AP-4"),
        ("%A", &[D(-0.0)], b"-0X0P+0"),
        ("%#a", &[D(1.0)], b"0x1.p+0"),
        ("%#.0a", &[D(1.0)], b"0x1.p+0"),
        ("%#a", &[D(0.0)], b"0x0.p+0"),
        ("%20a|", &[D(1.5)], b"            0x1.8p+0|"),
        ("%-20a|", &[D(1.5)], b"0x1.8p+0            |"),
        ("%020a", &[D(-1.5)], b"-0x000000000001.8p+0"),
        ("%020A", &[D(255.0)], b"0X000000000001.FEP+7"),
        ("%+a", &[D(1.5)], b"+0x1.8p+0"),
        ("% a", &[D(1.5)], b" 0x1.8p+0"),
        ("%f %f %f %f", &[D(INFINITY), D(-INFINITY), D(NAN), D(-NAN)], b"inf -inf nan -nan"),
        ("%F %F %F %F", &[D(INFINITY), D(-INFINITY), D(NAN), D(-NAN)], b"INF -INF NAN -NAN"),
        ("%e %e %e %e", &[D(INFINITY), D(-INFINITY), D(NAN), D(-NAN)], b"inf -inf nan -nan"),
        ("%E %E %E %E", &[D(INFINITY), D(-INFINITY), D(NAN), D(-NAN)], b"INF -INF NAN -NAN"),
        ("%g %g %g %g", &[D(INFINITY), D(-INFINITY), D(NAN), D(-NAN)], b"inf -inf nan -nan"),
        ("%G %G %G %G", &[D(INFINITY), D(-INFINITY), D(NAN), D(-NAN)], b"INF -INF NAN -NAN"),
        ("%a %a %a %a", &[D(INFINITY), D(-INFINITY), D(NAN), D(-NAN)], b"inf -inf nan -nan"),
        ("%A %A %A %A", &[D(INFINITY), D(-INFINITY), D(NAN), D(-NAN)], b"INF -INF NAN -NAN"),
        ("%10f|", &[D(INFINITY)], b"       inf|"),
        ("%-10f|", &[D(-INFINITY)], b"-inf      |"),
        ("%010f|", &[D(INFINITY)], b"       inf|"),
        ("%010e|", &[D(-NAN)], b"      -nan|"),
        ("%+f", &[D(INFINITY)], b"+inf"),
        ("%+f", &[D(NAN)], b"+nan"),
        ("%+f", &[D(-NAN)], b"-nan"),
        ("% f", &[D(NAN)], b" nan"),
        ("% F", &[D(INFINITY)], b" INF"),
        ("%+e", &[D(NAN)], b"+nan"),
        ("%#g", &[D(INFINITY)], b"inf"),
        ("%#.0f", &[D(NAN)], b"nan"),
        ("%.3f", &[D(NAN)], b"nan"),
        ("%+010a|", &[D(-INFINITY)], b"      -inf|"),
        ("%05F|", &[D(NAN)], b"  NAN|"),
        ("%-+8G|", &[D(INFINITY)], b"+INF    |"),
        ("%.1a", &[D(-NAN)], b"-nan"),
        ("%d %f %s", &[I(1), D(2.5), S("x")], b"1 2.500000 x"),
        ("%d|%lld|%d", &[I(1), L(2), I(3)], b"1|2|3"),
        ("%f%d%f", &[D(0.5), I(-1), D(0.25)], b"0.500000-10.250000"),
        ("x=%5.2f y=%-4d|", &[D(3.14159), I(42)], b"x= 3.14 y=42  |"),
        ("%lu %hhu %p", &[U(7), I(257), P(0x1000)], b"7 1 0x1000"),
        ("%c%s%c", &[I(40), S("mid"), I(41)], b"(mid)"),
        ("%d %d %d %d %d", &[I(1), I(2), I(3), I(4), I(5)], b"1 2 3 4 5"),
        ("%*d %e %*s|", &[I(4), I(9), D(1e-3), I(-3), S("a")], b"   9 1.000000e-03 a  |"),
        ("%s=%#x (%+.1e)", &[S("val"), I(48879), D(48879.0)], b"val=0xbeef (+4.9e+04)"),
    ];

    /// Cases where the output is not glibc's, on purpose.
    const NOT_GLIBC: &[Case] = &[
        // A `%` at the end, or a conversion cut off by the end, prints as
        // written (glibc fails with -1).
        ("abc%", &[], b"abc%"),
        ("abc%5", &[], b"abc%5"),
        ("%-0", &[], b"%-0"),
        ("%.*", &[], b"%.*"),
        ("%ll", &[], b"%ll"),
        // An unknown conversion prints as written and takes no argument
        // (glibc drops the length modifier, and takes and prints a `*`).
        ("%ly", &[], b"%ly"),
        ("%hhy%d", &[I(1)], b"%hhy1"),
        ("%*y%d", &[I(2)], b"%*y2"),
        ("%.*y", &[], b"%.*y"),
        // glibc's `%m` (`strerror(errno)`), `%C` and `%S` are not CUDA's.
        ("%m", &[], b"%m"),
        ("%C%S", &[], b"%C%S"),
        // CUDA has no `long double`: `L` takes a double.
        ("%La", &[D(3.0)], b"0x1.8p+1"),
        ("%LE", &[D(-0.5)], b"-5.000000E-01"),
        // `%ls` takes a pointer like `%s` (glibc reads a wide string).
        ("%ls", &[S("wide")], b"wide"),
        ("%.2ls|", &[S("wide")], b"wi|"),
        // `%lc` takes 8 bytes, like the other `l` integer conversions.
        ("%lc%d", &[L(0x4142), I(3)], b"B3"),
    ];

    /// Packs arguments as CUDA's printf buffer does, each at the next
    /// offset aligned to its size, and serves `%s` strings from fake
    /// addresses.
    struct Buffer {
        /// The packed arguments (padding filled with 0xaa).
        bytes: Vec<u8>,
        /// Where the next argument is read from.
        offset: usize,
        /// The strings `%s` may read, with their addresses.
        strings: Vec<(u64, &'static str)>,
    }

    impl Buffer {
        /// The buffer holding `args`.
        fn pack(args: &[Arg]) -> Self {
            let mut buffer = Buffer {
                bytes: Vec::new(),
                offset: 0,
                strings: Vec::new(),
            };
            for &arg in args {
                let (size, value) = match arg {
                    I(v) => (4, u64::from(v as u32)),
                    W(v) => (4, u64::from(v)),
                    L(v) => (8, v as u64),
                    U(v) | P(v) => (8, v),
                    D(v) => (8, v.to_bits()),
                    S(text) => {
                        let addr = 0x1000_0000 + 0x100 * buffer.strings.len() as u64;
                        buffer.strings.push((addr, text));
                        (8, addr)
                    }
                };
                let start = buffer.bytes.len().next_multiple_of(size);
                buffer.bytes.resize(start, 0xaa);
                buffer.bytes.extend_from_slice(&value.to_le_bytes()[..size]);
            }
            buffer
        }
    }

    impl Arguments for Buffer {
        fn next(&mut self, size: u64) -> Result<u64, Fault> {
            let size = size as usize;
            let start = self.offset.next_multiple_of(size);
            let bytes = self
                .bytes
                .get(start..start + size)
                .ok_or(Fault::Program(ProgramFault::Trap))?;
            let mut value = [0; 8];
            value[..size].copy_from_slice(bytes);
            self.offset = start + size;
            Ok(u64::from_le_bytes(value))
        }

        fn string(&mut self, addr: u64) -> Result<Vec<u8>, Fault> {
            let found = self.strings.iter().find(|&&(at, _)| at == addr);
            found
                .map(|(_, text)| text.as_bytes().to_vec())
                .ok_or(Fault::Program(ProgramFault::Trap))
        }
    }

    /// Checks each case: the bytes printed, that every argument was taken
    /// (the count printf returns), and no more than the buffer holds.
    fn check(cases: &[Case]) {
        let failures: Vec<String> = cases
            .iter()
            .filter_map(|&(fmt, args, expected)| {
                let mut buffer = Buffer::pack(args);
                let result = format(fmt.as_bytes(), &mut buffer);
                let good = matches!(&result, Ok((out, taken))
                    if out == expected && *taken == args.len() && buffer.offset == buffer.bytes.len());
                let shown = result.map(|(out, taken)| (String::from_utf8_lossy(&out).into_owned(), taken));
                let want = String::from_utf8_lossy(expected);
                (!good).then(|| format!("{fmt:?} {args:?}: got {shown:?}, want {want:?} taking {}", args.len()))
            })
            .collect();
        assert!(
            failures.is_empty(),
            "{} of {} cases failed:\n{}",
            failures.len(),
            cases.len(),
            failures.join("\n")
        );
    }

    #[test]
    fn matches_glibc() {
        check(GLIBC);
    }

    #[test]
    fn differs_from_glibc_where_cuda_does() {
        check(NOT_GLIBC);
    }

    #[test]
    fn passes_argument_faults_through() {
        let mut short = Buffer::pack(&[I(1)]);
        assert_eq!(
            format(b"%d %d", &mut short),
            Err(Fault::Program(ProgramFault::Trap))
        );
        let mut unmapped = Buffer::pack(&[P(0x1234)]);
        assert_eq!(
            format(b"%s", &mut unmapped),
            Err(Fault::Program(ProgramFault::Trap))
        );
        let mut misaligned = Buffer::pack(&[I(1)]);
        assert_eq!(
            format(b"%f", &mut misaligned),
            Err(Fault::Program(ProgramFault::Trap))
        );
    }

    #[test]
    fn caps_huge_widths_and_precisions() {
        let cases: [(&[u8], &[Arg], usize); 4] = [
            (b"%*d", &[I(INT_MAX), I(1)], MAX_FIELD),
            (b"%*d", &[I(INT_MIN), I(1)], MAX_FIELD),
            (b"%99999999999999999999999d", &[I(1)], MAX_FIELD),
            (b"%.*f", &[I(INT_MAX), D(1.0)], MAX_FIELD + 2),
        ];
        for (fmt, args, len) in cases {
            let (out, _) = format(fmt, &mut Buffer::pack(args)).expect("arguments suffice");
            assert_eq!(out.len(), len, "{}", String::from_utf8_lossy(fmt));
        }
    }

    /// Arguments from a pseudo-random generator: mostly small values, some
    /// any bits, now and then a fault.
    struct Random(u64);

    impl Random {
        /// The next pseudo-random number (xorshift64).
        fn bits(&mut self) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0
        }
    }

    impl Arguments for Random {
        fn next(&mut self, _size: u64) -> Result<u64, Fault> {
            match self.bits() % 16 {
                0 => Err(Fault::Program(ProgramFault::Trap)),
                1..=4 => Ok(self.bits()),
                _ => Ok((self.bits() % 64).wrapping_sub(16)),
            }
        }

        fn string(&mut self, _addr: u64) -> Result<Vec<u8>, Fault> {
            match self.bits() % 8 {
                0 => Err(Fault::Program(ProgramFault::Trap)),
                len => Ok((0..len).map(|_| self.bits() as u8).collect()),
            }
        }
    }

    #[test]
    fn never_panics_on_random_formats() {
        const ALPHABET: &[u8] = b"%%%%-+ #0'123456789.**hlljztLqdiuoxXcspnfFeEgGaAyk\x00\xff";
        let mut random = Random(0x9e37_79b9_7f4a_7c15);
        for _ in 0..5000 {
            let len = random.bits() % 24;
            let fmt: Vec<u8> = (0..len)
                .map(|_| ALPHABET[(random.bits() % ALPHABET.len() as u64) as usize])
                .collect();
            let _ = format(&fmt, &mut random);
        }
    }
}
