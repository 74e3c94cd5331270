//! Properties of the parser and printer: printing a syntax tree and parsing
//! the text gives the same tree back, and no input makes either panic.

use proptest::prelude::*;
use ptx_core::syntax::*;
use ptx_core::{ScalarType, Span, StateSpace, Target, VectorWidth, check_asm, parse, print};

fn word() -> impl Strategy<Value = String> {
    "[a-z][a-z0-9_]{0,6}(::[a-z0-9_]{1,4})?".prop_map(String::from)
}

fn ident() -> impl Strategy<Value = String> {
    prop_oneof![
        "[a-zA-Z$][a-zA-Z0-9_$]{0,5}".prop_map(String::from),
        "%[a-z][a-z0-9_]{0,5}".prop_map(String::from),
    ]
}

fn sp() -> Span {
    Span::default()
}

fn op(kind: OperandKind) -> Operand {
    Operand { kind, span: sp() }
}

fn immediate() -> impl Strategy<Value = Immediate> {
    prop_oneof![
        (any::<u64>(), any::<bool>())
            .prop_map(|(value, negative)| Immediate::Int { value, negative }),
        any::<u32>().prop_map(|b| Immediate::Float(FloatLiteral::F32(b))),
        any::<u64>().prop_map(|b| Immediate::Float(FloatLiteral::F64(b))),
        any::<f64>()
            // The decimals ptxas takes: a subnormal or infinite one is its
            // "Constant overflow", and the parser makes none.
            .prop_filter("zero or normal", |v| *v == 0.0 || v.is_normal())
            .prop_map(|v| Immediate::Float(FloatLiteral::Decimal(v.to_bits()))),
    ]
}

fn primary() -> impl Strategy<Value = Operand> {
    let leaf = prop_oneof![
        (ident(), proptest::option::of("[xyz]"))
            .prop_map(|(ident, component)| op(OperandKind::Name(Name { ident, component }))),
        (0u32..40).prop_map(|n| op(OperandKind::Placeholder(Placeholder::Index(n)))),
        "[a-z][a-z0-9_]{0,5}".prop_map(|n| op(OperandKind::Placeholder(Placeholder::Name(n)))),
        immediate().prop_map(|i| op(OperandKind::Immediate(i))),
        Just(op(OperandKind::Sink)),
    ];
    leaf.prop_recursive(2, 12, 4, |inner| {
        let base = prop_oneof![
            ident().prop_map(|ident| op(OperandKind::Name(Name {
                ident,
                component: None
            }))),
            (0u32..9).prop_map(|n| op(OperandKind::Placeholder(Placeholder::Index(n)))),
        ];
        prop_oneof![
            proptest::collection::vec(inner.clone(), 1..4).prop_map(|v| op(OperandKind::Vector(v))),
            proptest::collection::vec(inner.clone(), 0..3).prop_map(|v| op(OperandKind::List(v))),
            (
                proptest::option::of(base.clone()),
                -1000i64..1000,
                proptest::collection::vec(inner, 0..2),
                any::<bool>(),
            )
                .prop_map(|(base, offset, rest, unified)| {
                    let offset = if base.is_none() { offset.abs() } else { offset };
                    op(OperandKind::Address(Box::new(Address {
                        base,
                        offset,
                        rest,
                        indexed: false,
                        bare: false,
                        unified,
                    })))
                }),
            ("[a-z][a-z0-9]{0,4}", 0i64..64, any::<bool>()).prop_map(|(n, offset, indexed)| {
                // `var[8]` (indexed) or `var+8` (bare, a variable's address as a value).
                let base = op(OperandKind::Name(Name {
                    ident: n,
                    component: None,
                }));
                op(OperandKind::Address(Box::new(Address {
                    base: Some(base),
                    offset,
                    rest: vec![],
                    indexed,
                    bare: !indexed,
                    unified: false,
                })))
            }),
        ]
    })
}

/// A register operand: a name or a placeholder (what `!` and `|` combine).
fn register() -> impl Strategy<Value = Operand> {
    prop_oneof![
        ident().prop_map(|ident| op(OperandKind::Name(Name {
            ident,
            component: None
        }))),
        (0u32..40).prop_map(|n| op(OperandKind::Placeholder(Placeholder::Index(n)))),
    ]
}

fn operand() -> impl Strategy<Value = Operand> {
    prop_oneof![
        6 => primary(),
        1 => register().prop_map(|p| op(OperandKind::Not(Box::new(p)))),
        1 => register().prop_map(|p| op(OperandKind::Negate(Box::new(p)))),
        1 => (register(), "[bh][0-7]{1,4}").prop_map(|(p, text)| {
            op(OperandKind::Select(Box::new(p), Word { text, span: sp() }))
        }),
        1 => (register(), prop_oneof![register(), Just(op(OperandKind::Sink))])
            .prop_map(|(a, b)| op(OperandKind::Pair(Box::new(a), Box::new(b)))),
    ]
}

fn instruction() -> impl Strategy<Value = Item> {
    (
        proptest::option::of((any::<bool>(), ident())),
        "[a-z][a-z0-9_]{0,7}",
        proptest::collection::vec(word(), 0..5),
        proptest::collection::vec(operand(), 0..5),
    )
        .prop_map(|(guard, name, modifiers, operands)| {
            let guard = guard.map(|(negated, p)| Guard {
                negated,
                predicate: op(OperandKind::Name(Name {
                    ident: p,
                    component: None,
                })),
                span: sp(),
            });
            Item::Instruction(Instruction {
                guard,
                opcode: Opcode {
                    name: Word {
                        text: name,
                        span: sp(),
                    },
                    modifiers: modifiers
                        .into_iter()
                        .map(|text| Word { text, span: sp() })
                        .collect(),
                    span: sp(),
                },
                operands,
                span: sp(),
            })
        })
}

fn declaration() -> impl Strategy<Value = Item> {
    const SPACES: &[&str] = &[
        "reg",
        "local",
        "shared",
        "shared::cta",
        "param",
        "const",
        "global",
    ];
    (
        proptest::sample::select(SPACES),
        proptest::option::of(0u32..8),
        proptest::option::of(proptest::sample::select(vec![
            VectorWidth::V2,
            VectorWidth::V4,
            VectorWidth::V8,
        ])),
        // Only the types a declaration may have (the others are
        // instruction types: the parser refuses them there).
        proptest::sample::select(
            ScalarType::ALL
                .iter()
                .copied()
                .filter(|t| t.declarable())
                .collect::<Vec<_>>(),
        ),
        proptest::collection::vec(
            (
                ident(),
                proptest::option::of(1u32..100),
                proptest::collection::vec(1u32..64, 0..2),
            ),
            1..3,
        ),
    )
        .prop_map(|(space, align, vector, ty, names)| {
            Item::Declaration(Declaration {
                space: StateSpace::from_name(space).unwrap(),
                align: align.map(|a| 1 << a),
                vector,
                ty,
                names: names
                    .into_iter()
                    .map(|(name, range, array)| DeclaredName {
                        name,
                        range,
                        array,
                        span: sp(),
                    })
                    .collect(),
                span: sp(),
            })
        })
}

fn item() -> impl Strategy<Value = Item> {
    let leaf = prop_oneof![
        4 => instruction(),
        1 => ident().prop_map(|name| Item::Label(Label { name, span: sp() })),
        1 => declaration(),
        1 => "[a-z ]{0,8}".prop_map(|text| Item::Pragma(Pragma { text, span: sp() })),
    ];
    leaf.prop_recursive(2, 10, 4, |inner| {
        proptest::collection::vec(inner, 0..4)
            .prop_map(|items| Item::Block(Block { items, span: sp() }))
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn printing_then_parsing_gives_the_tree_back(items in proptest::collection::vec(item(), 0..6)) {
        let tree = Template { items, span: sp() };
        let text = print(&tree);
        let parsed = parse(&text).map_err(|e| TestCaseError::fail(format!("{text}\n{e:?}")))?;
        prop_assert_eq!(parsed.without_spans(), tree, "{}", text);
    }

    #[test]
    fn parsing_arbitrary_bytes_never_panics(bytes in proptest::collection::vec(any::<u8>(), 0..200)) {
        let text = String::from_utf8_lossy(&bytes);
        let _ = parse(&text);
    }

    #[test]
    fn checking_arbitrary_text_never_panics(text in "[ -~\n]{0,120}", n in 0usize..4) {
        let cons = ["=r", "r", "l", "f"];
        let _ = check_asm(&text, &cons[..n], Target::default());
    }

    #[test]
    fn checking_ptx_like_soup_never_panics(
        parts in proptest::collection::vec(proptest::sample::select(vec![
            "add", "mma", "ld", "setp", ".s32", ".f32", ".sync", ".aligned", ".m16n8k16", ".row", ".col", ".global",
            ".v4", ".x4", " %0", " %1", ",", ";", "{", "}", "[", "]", "|", "!", "@", "p", " _", " 1", " -3", " 0f3F800000",
            ".reg", ".pred", " q", ":", "+", "%%laneid", ".shared::cta", "(", ")",
        ]), 0..30),
    ) {
        let text: String = parts.concat();
        let _ = check_asm(&text, &["=r", "r", "l"], Target::default());
    }
}

#[test]
fn canonical_text_is_stable() {
    let text = "{ .reg .pred p; setp.ne.b32 p, %4, 0; wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16 {%0, %1, %2, %3}, %5, %6, p, 1, 1, 0, 0; }";
    let once = print(&parse(text).unwrap());
    let twice = print(&parse(&once).unwrap());
    assert_eq!(once, twice);
}
