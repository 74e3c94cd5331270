//! Syntax tree back to canonical PTX template text.
//!
//! Canonical means: one statement per line, blocks indented by a tab, operands
//! separated by `, `, integers in decimal (hexadecimal from 2^16 on), float
//! literals in `0f`/`0d` hex unless written in decimal. Registers whose names
//! start with `%` are written `%%name`, as an inline-asm template needs.
//! `parse(print(t))` gives `t` back, spans aside.

use crate::syntax::*;
use std::fmt::{self, Write};

/// Prints a template as canonical inline-asm text.
///
/// ```
/// use ptx_core::{parse, print};
/// let t = parse("@p   add.s32 %0,%1 ,0x10 ;mov.u32 %0, %%laneid;").unwrap();
/// assert_eq!(print(&t), "@p add.s32 %0, %1, 16;\nmov.u32 %0, %%laneid;");
/// assert_eq!(parse(&print(&t)).unwrap().without_spans(), t.without_spans());
/// ```
pub fn print(template: &Template) -> String {
    let mut out = String::new();
    write_items(&mut out, &template.items, 0);
    out
}

fn write_items(out: &mut String, items: &[Item], depth: usize) {
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        out.push_str(&"\t".repeat(depth));
        match item {
            Item::Instruction(ins) => {
                let _ = write!(out, "{ins}");
            }
            Item::Label(l) => {
                let _ = write!(out, "{}:", l.name);
            }
            Item::Pragma(p) => {
                let _ = write!(out, ".pragma \"{}\";", p.text);
            }
            Item::Declaration(d) => {
                let _ = write!(out, "{d}");
            }
            Item::Block(b) => {
                out.push('{');
                if !b.items.is_empty() {
                    out.push('\n');
                    write_items(out, &b.items, depth + 1);
                    out.push('\n');
                    out.push_str(&"\t".repeat(depth));
                }
                out.push('}');
            }
        }
    }
}

impl fmt::Display for Template {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&print(self))
    }
}

impl fmt::Display for Declaration {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.space)?;
        if let Some(a) = self.align {
            write!(f, " .align {a}")?;
        }
        if let Some(v) = self.vector {
            write!(f, " .v{}", v.len())?;
        }
        write!(f, " {} ", self.ty)?;
        for (i, n) in self.names.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write_name(f, &n.name)?;
            if let Some(r) = n.range {
                write!(f, "<{r}>")?;
            }
            for dim in &n.array {
                write!(f, "[{dim}]")?;
            }
        }
        f.write_str(";")
    }
}

impl fmt::Display for Instruction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(g) = &self.guard {
            write!(f, "@{}{} ", if g.negated { "!" } else { "" }, g.predicate)?;
        }
        f.write_str(&self.opcode.text())?;
        for (i, op) in self.operands.iter().enumerate() {
            f.write_str(if i == 0 { " " } else { ", " })?;
            write!(f, "{op}")?;
        }
        f.write_str(";")
    }
}

fn write_name(f: &mut fmt::Formatter<'_>, name: &str) -> fmt::Result {
    if name.starts_with('%') {
        f.write_str("%")?;
    }
    f.write_str(name)
}

fn write_list(f: &mut fmt::Formatter<'_>, items: &[Operand]) -> fmt::Result {
    for (i, op) in items.iter().enumerate() {
        if i > 0 {
            f.write_str(", ")?;
        }
        write!(f, "{op}")?;
    }
    Ok(())
}

impl fmt::Display for Operand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            OperandKind::Name(n) => {
                write_name(f, &n.ident)?;
                if let Some(c) = &n.component {
                    write!(f, ".{c}")?;
                }
                Ok(())
            }
            OperandKind::Placeholder(p) => write!(f, "{p}"),
            OperandKind::Immediate(imm) => write!(f, "{imm}"),
            OperandKind::Address(a) => write!(f, "{a}"),
            OperandKind::Vector(v) => {
                f.write_str("{")?;
                write_list(f, v)?;
                f.write_str("}")
            }
            OperandKind::List(v) => {
                f.write_str("(")?;
                write_list(f, v)?;
                f.write_str(")")
            }
            OperandKind::Sink => f.write_str("_"),
            OperandKind::Pair(a, b) => write!(f, "{a}|{b}"),
            OperandKind::Not(a) => write!(f, "!{a}"),
            OperandKind::Negate(a) => write!(f, "-{a}"),
            OperandKind::Select(a, selector) => write!(f, "{a}.{}", selector.text),
        }
    }
}

impl fmt::Display for Address {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.bare
            && let Some(b) = &self.base
        {
            return write!(f, "{b}+{}", self.offset);
        }
        if self.indexed
            && let Some(b) = &self.base
        {
            return write!(f, "{b}[{}]", self.offset);
        }
        f.write_str("[")?;
        match &self.base {
            Some(b) => {
                write!(f, "{b}")?;
                // `+-4`: ptxas takes no `-` between base and offset.
                if self.offset != 0 {
                    write!(f, "+{}", self.offset)?;
                }
            }
            None => write!(f, "{}", self.offset)?,
        }
        for op in &self.rest {
            write!(f, ", {op}")?;
        }
        f.write_str("]")?;
        if self.unified {
            f.write_str(".unified")?;
        }
        Ok(())
    }
}

impl fmt::Display for Immediate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Immediate::Int { value, negative } => {
                if negative {
                    f.write_str("-")?;
                }
                if value >= 1 << 16 {
                    write!(f, "{value:#x}")
                } else {
                    write!(f, "{value}")
                }
            }
            Immediate::Float(FloatLiteral::F32(b)) => write!(f, "0f{b:08X}"),
            Immediate::Float(FloatLiteral::F64(b)) => write!(f, "0d{b:016X}"),
            Immediate::Float(FloatLiteral::Decimal(b)) => {
                let v = f64::from_bits(b);
                if v.is_finite() {
                    write!(f, "{v:?}")
                } else {
                    write!(f, "0d{b:016X}")
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::{parse, print};

    fn round_trip(text: &str) {
        let t = parse(text).unwrap();
        let printed = print(&t);
        let again = parse(&printed).unwrap_or_else(|e| panic!("{printed}: {e:?}"));
        assert_eq!(again.without_spans(), t.without_spans(), "{printed}");
    }

    #[test]
    fn canonical_text_round_trips() {
        round_trip("{ .reg .pred p, q; setp.lt.s32 p|q, %2, %3; selp.u32 %0, 1, 0, p; }");
        round_trip("ld.global.nc.v4.f32 {%0, %1, %2, %3}, [%4+16]; st.shared.u32 [buf+-4], _;");
        round_trip(".reg .v4 .b32 v<2>; .local .align 8 .b8 stack[16][2]; l1: @!%p bra l1;");
        round_trip("mov.b32 %0, 0f3F800000; mov.b64 %1, 0d3FF0000000000000; add.f64 %1, %1, -1.5;");
        round_trip("call (%0), f, (%1, %2); ld.u32 %0, arr[8]; .pragma \"nounroll\";");
    }

    #[test]
    fn blocks_are_indented() {
        let t = parse("{ mov.u32 %0, 1; }").unwrap();
        assert_eq!(print(&t), "{\n\tmov.u32 %0, 1;\n}");
    }
}
