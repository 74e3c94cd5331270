//! nvcc's `%=`: in an extended `asm()` statement it stands for a number
//! unique to the statement (as in GCC), put in before ptxas reads the text;
//! templates use it for labels and names that must differ between copies.

/// `text` with each `%=` replaced by `number`, and for each byte of the
/// result the byte of `text` it comes from (the digits come from the `%`).
/// `%%` stays as it is, so `%%=` is a literal percent sign and `=`.
///
/// ```
/// let (text, from) = ptx_core::number_statement("{ L%=: bra L%=; } // 100%%=", 7);
/// assert_eq!(text, "{ L7: bra L7; } // 100%%=");
/// assert_eq!((from[3], from[4]), (3, 5));
/// ```
pub fn number_statement(text: &str, number: u32) -> (String, Vec<usize>) {
    let digits = number.to_string();
    let mut out = String::with_capacity(text.len());
    let mut from = Vec::with_capacity(text.len());
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        match (bytes[i], bytes.get(i + 1)) {
            (b'%', Some(b'%')) => {
                out.push_str("%%");
                from.extend([i, i + 1]);
                i += 2;
            }
            (b'%', Some(b'=')) => {
                out.push_str(&digits);
                from.extend(std::iter::repeat_n(i, digits.len()));
                i += 2;
            }
            _ => {
                let c = text[i..].chars().next().unwrap_or(' ');
                out.push(c);
                from.extend(i..i + c.len_utf8());
                i += c.len_utf8();
            }
        }
    }
    (out, from)
}
