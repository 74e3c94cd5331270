use ptx_core::{Family, ImmediatePolicy, OperandShape, TypeRef};
use ptx_core::{OperandAccess, ScalarType, TargetVariant};

fn letter(t: Option<ScalarType>) -> char {
    match t {
        Some(ScalarType::F32) => 'f',
        Some(ScalarType::F64) => 'd',
        Some(t) if t.bits() == 64 => 'l',
        Some(t) if t.bits() <= 16 => 'h',
        _ => 'r',
    }
}

fn main() {
    let table = ptx_core::table();
    for f in table.forms() {
        if f.family != Family::Matrix && f.family != Family::AsyncCopy {
            continue;
        }
        let maxlen = f.slots.iter().map(|s| s.values.len()).max().unwrap_or(1);
        let variants = maxlen.max(2);
        for i in 0..variants {
            let mut op = f.head_text();
            let mut values: Vec<Option<String>> = Vec::new();
            for s in &f.slots {
                let include = !s.optional || i % 2 == 1;
                if include {
                    let v = s.values[i % s.values.len()].clone();
                    op.push('.');
                    op.push_str(&v);
                    values.push(Some(v));
                } else {
                    values.push(None);
                }
            }
            let resolve = |t: TypeRef| -> Option<ScalarType> {
                match t {
                    TypeRef::Fixed(t) => Some(t),
                    TypeRef::Slot(k) => values[k].as_deref().and_then(ScalarType::from_name),
                    TypeRef::None => None,
                }
            };
            let tmem = f.opcode == "tcgen05";
            let mut cons: Vec<String> = Vec::new();
            let mut ops: Vec<String> = Vec::new();
            let mut needs_pred = false;
            let mut reg = |cons: &mut Vec<String>, c: char, access: OperandAccess| -> String {
                let k = cons.len();
                let pre = match access {
                    OperandAccess::Write => "=",
                    OperandAccess::ReadWrite => "+",
                    OperandAccess::Read => "",
                };
                cons.push(format!("{pre}{c}"));
                format!("%{k}")
            };
            for o in &f.operands {
                if o.optional && i % 2 == 0 {
                    break;
                }
                let ty = resolve(o.ty);
                let text = match &o.shape {
                    OperandShape::Value => {
                        if o.immediate == ImmediatePolicy::Immediate {
                            if !o.allowed.is_empty() {
                                o.allowed[i % o.allowed.len()].to_string()
                            } else if let Some((lo, _)) = o.range {
                                lo.to_string()
                            } else {
                                "0".to_string()
                            }
                        } else if ty == Some(ScalarType::Pred) {
                            needs_pred = true;
                            "p".to_string()
                        } else {
                            reg(&mut cons, letter(ty), o.access)
                        }
                    }
                    OperandShape::Vector(n) => {
                        let v: Vec<String> = (0..*n).map(|_| reg(&mut cons, letter(ty), o.access)).collect();
                        format!("{{{}}}", v.join(", "))
                    }
                    OperandShape::VectorBySlot(s) => match &values[*s] {
                        Some(v) => {
                            let n: usize = v.trim_start_matches(|c: char| !c.is_ascii_digit()).parse().unwrap_or(1);
                            let v: Vec<String> = (0..n).map(|_| reg(&mut cons, letter(ty), o.access)).collect();
                            format!("{{{}}}", v.join(", "))
                        }
                        None => reg(&mut cons, letter(ty), o.access),
                    },
                    OperandShape::Address => {
                        let c = if tmem { 'r' } else { 'l' };
                        format!("[{}]", reg(&mut cons, c, OperandAccess::Read))
                    }
                    OperandShape::TensorAddress(n) => {
                        let base = reg(&mut cons, 'l', OperandAccess::Read);
                        let v: Vec<String> = (0..*n).map(|_| reg(&mut cons, 'r', OperandAccess::Read)).collect();
                        format!("[{base}, {{{}}}]", v.join(", "))
                    }
                    _ => panic!("shape"),
                };
                ops.push(text);
            }
            let instr = format!("{op} {};", ops.join(", "));
            let asm = if needs_pred {
                let k = cons.len();
                cons.push("r".into());
                format!("{{ .reg .pred p; setp.ne.b32 p, %{k}, 0; {instr} }}")
            } else {
                instr
            };
            let suffix = match f.variant {
                TargetVariant::Base => "",
                TargetVariant::Family => "f",
                TargetVariant::ArchSpecific => "a",
            };
            let rec = serde_json::json!({
                "asm": asm, "cons": cons, "form": f.id, "syntax": f.syntax,
                "min_ptx": f.ptx.to_string(), "min_target": format!("sm_{}{}", f.sm, suffix),
            });
            println!("{rec}");
        }
    }
}
