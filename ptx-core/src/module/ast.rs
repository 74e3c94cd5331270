//! The syntax tree of a whole PTX module: header directives, functions with
//! their parameter lists and bodies, variables with initializers. Every
//! node carries the byte span of its text; [`LineIndex`](super::LineIndex)
//! turns spans into line:column.
//!
//! Instructions, labels and pragmas inside bodies are the nodes of
//! [`crate::syntax`], parsed by the same code as inline-asm templates.

use crate::syntax::{self, Immediate, Instruction, Item, Label, Pragma, Word};
use crate::{PtxVersion, ScalarType, Span, StateSpace, Target, VectorWidth};

/// A parsed module: its header and its top-level directives in order.
///
/// ```
/// use ptx_core::module::parse_module;
/// let m = parse_module(".version 9.0\n.target sm_90\n.address_size 64\n.visible .entry k() { ret; }").unwrap();
/// assert_eq!(m.version.as_ref().unwrap().version.to_string(), "9.0");
/// assert_eq!(m.functions().next().unwrap().name.text, "k");
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Module {
    /// `.version 9.0`, if written.
    pub version: Option<VersionDirective>,
    /// `.target sm_90, texmode_independent`, if written.
    pub target: Option<TargetDirective>,
    /// `.address_size 64`, if written.
    pub address_size: Option<AddressSize>,
    /// Everything after the header, in order.
    pub directives: Vec<Directive>,
    /// The whole text.
    pub span: Span,
}

impl Module {
    /// The functions (`.entry` and `.func`, declarations and definitions), in order.
    pub fn functions(&self) -> impl Iterator<Item = &Function> {
        self.directives.iter().filter_map(|d| match d {
            Directive::Function(f) => Some(f),
            _ => None,
        })
    }

    /// The module-scope variables, in order.
    pub fn variables(&self) -> impl Iterator<Item = &Variable> {
        self.directives.iter().filter_map(|d| match d {
            Directive::Variable(v) => Some(v),
            _ => None,
        })
    }

    /// The function named `name` that has a body, or else its last declaration.
    pub fn function(&self, name: &str) -> Option<&Function> {
        let mut found = None;
        for f in self.functions().filter(|f| f.name.text == name) {
            if f.body.is_some() {
                return Some(f);
            }
            found = Some(f);
        }
        found
    }

    /// The `.file` directive numbered `index`, which `.loc` directives name.
    pub fn file(&self, index: u64) -> Option<&FileDirective> {
        self.directives.iter().find_map(|d| match d {
            Directive::File(f) if f.index == index => Some(f),
            _ => None,
        })
    }

    /// The body of `function` (one of this module's) as a template the
    /// instruction checker and lowering take: the module-scope variables
    /// and functions declared up to and including `function`, as
    /// declarations of an enclosing scope (a function's name as a `.global`
    /// symbol, since its address is a value), then a block with the
    /// parameters and the body ([`Function::template`]). `None` for a
    /// declaration without a body.
    ///
    /// ```
    /// use ptx_core::module::parse_module;
    /// use ptx_core::{check, Target};
    /// let text = ".version 9.0\n.target sm_90\n.global .u32 g;\n.entry k() { .reg .b32 %r1; ld.global.u32 %r1, [g]; ret; }";
    /// let m = parse_module(text).unwrap();
    /// let t = m.function_template(m.function("k").unwrap()).unwrap();
    /// assert!(check(&t, &[], m.compile_target()).is_ok());
    /// ```
    pub fn function_template(&self, function: &Function) -> Option<syntax::Template> {
        let body = function.template()?;
        let mut outer: Vec<syntax::Declaration> = Vec::new();
        let mut index: std::collections::HashMap<&str, usize> = Default::default();
        for d in &self.directives {
            match d {
                Directive::Variable(v) => {
                    for n in &v.names {
                        let declaration = syntax::Declaration {
                            names: vec![syntax::DeclaredName {
                                name: n.name.text.clone(),
                                range: n.range,
                                array: n.array.iter().map(|d| d.unwrap_or(0)).collect(),
                                span: n.span,
                            }],
                            ..v.declaration()
                        };
                        match index.get(n.name.text.as_str()) {
                            // A definition replaces an `.extern` declaration.
                            Some(&k) if !v.is_extern() => outer[k] = declaration,
                            Some(_) => {}
                            None => {
                                index.insert(&n.name.text, outer.len());
                                outer.push(declaration);
                            }
                        }
                    }
                }
                Directive::Function(g) => {
                    if !index.contains_key(g.name.text.as_str()) {
                        index.insert(&g.name.text, outer.len());
                        outer.push(syntax::Declaration {
                            space: StateSpace::Global,
                            align: None,
                            vector: None,
                            ty: ScalarType::B8,
                            names: vec![syntax::DeclaredName {
                                name: g.name.text.clone(),
                                range: None,
                                array: Vec::new(),
                                span: g.name.span,
                            }],
                            span: g.name.span,
                        });
                    }
                    if std::ptr::eq(g, function) {
                        break;
                    }
                }
                _ => {}
            }
        }
        let mut items: Vec<Item> = outer.into_iter().map(Item::Declaration).collect();
        items.push(Item::Block(syntax::Block {
            items: body.items,
            span: body.span,
        }));
        Some(syntax::Template {
            items,
            span: body.span,
        })
    }

    /// What the header says the module is compiled for: the `.target`'s
    /// `sm_` number and the `.version`, each falling back to
    /// [`Target::default`] where missing or unknown.
    pub fn compile_target(&self) -> Target {
        let mut target = self.target.as_ref().and_then(|t| t.sm).unwrap_or_default();
        if let Some(v) = &self.version {
            target.ptx = v.version;
        }
        target
    }
}

/// `.version major.minor`.
#[derive(Clone, Debug, PartialEq)]
pub struct VersionDirective {
    /// The PTX ISA version.
    pub version: PtxVersion,
    /// The directive.
    pub span: Span,
}

/// `.target sm_90a, texmode_independent, debug`.
#[derive(Clone, Debug, PartialEq)]
pub struct TargetDirective {
    /// Every word of the list, in order.
    pub words: Vec<Word>,
    /// The `sm_XX` (or `compute_XX`) word read as a target (the last, if
    /// several are written, as ptxas takes it); `None` if the list has none
    /// that reads as one.
    pub sm: Option<Target>,
    /// The directive.
    pub span: Span,
}

impl TargetDirective {
    /// Whether the list holds `word` (`debug`, `texmode_unified`, ...).
    pub fn has(&self, word: &str) -> bool {
        self.words.iter().any(|w| w.text == word)
    }
}

/// `.address_size 32` or `.address_size 64`.
#[derive(Clone, Debug, PartialEq)]
pub struct AddressSize {
    /// The number written.
    pub bits: u64,
    /// The directive.
    pub span: Span,
}

/// A top-level directive after the header.
#[derive(Clone, Debug, PartialEq)]
pub enum Directive {
    /// `.entry` or `.func`, declared or defined.
    Function(Function),
    /// A module-scope variable (`.global`, `.const`, `.shared`, ...).
    Variable(Variable),
    /// `.file 1 "kernel.cu"`.
    File(FileDirective),
    /// `.section .debug_info { ... }`: debug data, kept by name.
    Section(Section),
    /// `.pragma "...";` at module scope.
    Pragma(Pragma),
}

/// `.visible`, `.extern`, `.weak` or `.common`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LinkageKind {
    /// `.visible`: defined here, visible to other modules.
    Visible,
    /// `.extern`: defined in another module.
    Extern,
    /// `.weak`: visible, but another module's definition wins.
    Weak,
    /// `.common`: visible; of several definitions the largest wins (`.global` only).
    Common,
}

impl LinkageKind {
    /// The kind named `name` (without the dot).
    pub fn from_name(name: &str) -> Option<LinkageKind> {
        Some(match name {
            "visible" => LinkageKind::Visible,
            "extern" => LinkageKind::Extern,
            "weak" => LinkageKind::Weak,
            "common" => LinkageKind::Common,
            _ => return None,
        })
    }

    /// The name without the dot.
    pub fn name(self) -> &'static str {
        match self {
            LinkageKind::Visible => "visible",
            LinkageKind::Extern => "extern",
            LinkageKind::Weak => "weak",
            LinkageKind::Common => "common",
        }
    }
}

/// A linkage directive and where it stands.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Linkage {
    /// Which one.
    pub kind: LinkageKind,
    /// The word.
    pub span: Span,
}

/// `.entry` (a kernel) or `.func` (a device function).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FunctionKind {
    /// `.entry`: launched from the host.
    Entry,
    /// `.func`: called from device code.
    Func,
}

/// A function: `.visible .entry k(.param .u64 p) .maxntid 128 { ... }`,
/// `.func (.param .b32 r) f(.param .b32 a);` (a declaration), ...
#[derive(Clone, Debug, PartialEq)]
pub struct Function {
    /// `.visible`, `.extern`, `.weak`, if written.
    pub linkage: Option<Linkage>,
    /// `.entry` or `.func`.
    pub kind: FunctionKind,
    /// The function's name.
    pub name: Word,
    /// The return parameters of a `.func` (`(.param .b32 r)` before the name).
    pub returns: Vec<Param>,
    /// The parameters.
    pub params: Vec<Param>,
    /// Whether a parameter list was written at all (`.entry k` has none).
    pub has_param_list: bool,
    /// `.noreturn`, `.maxntid 128, 1, 1`, `.reqnctapercluster 2`, ... in order.
    pub attributes: Vec<FunctionAttribute>,
    /// The body; `None` for a declaration ending in `;`.
    pub body: Option<Body>,
    /// From the first word to the `}` or `;`.
    pub span: Span,
}

impl Function {
    /// The attribute `kind`, if written.
    pub fn attribute(&self, kind: AttributeKind) -> Option<&FunctionAttribute> {
        self.attributes.iter().find(|a| a.kind == kind)
    }

    /// The body as a template of [`crate::syntax`] items, for the
    /// instruction checker and lowering: parameters first as `.param` (or
    /// `.reg`) declarations, then the body's statements, with `.loc`,
    /// prototypes and call-target lists left out and each `.branchtargets`
    /// list standing as a label of its name. `None` for a declaration.
    ///
    /// ```
    /// use ptx_core::module::parse_module;
    /// let m = parse_module(".version 9.0\n.target sm_90\n.entry k(.param .u32 n) { .reg .b32 %r1; ld.param.u32 %r1, [n]; ret; }").unwrap();
    /// let t = m.function("k").unwrap().template().unwrap();
    /// assert_eq!(t.instructions().len(), 2);
    /// ```
    pub fn template(&self) -> Option<syntax::Template> {
        let body = self.body.as_ref()?;
        let mut items: Vec<Item> = self
            .returns
            .iter()
            .chain(&self.params)
            .map(|p| Item::Declaration(p.declaration()))
            .collect();
        items.extend(body.items());
        Some(syntax::Template {
            items,
            span: body.span,
        })
    }
}

/// A parameter of a function or prototype: `.param .u64 .ptr .global .align 16 p`,
/// `.param .align 8 .b8 s[16]`, `.reg .b32 r`.
#[derive(Clone, Debug, PartialEq)]
pub struct Param {
    /// `.param` or `.reg`.
    pub space: StateSpace,
    /// `.align N`, if written.
    pub align: Option<u32>,
    /// `.v2`/`.v4`, if written.
    pub vector: Option<VectorWidth>,
    /// The element type.
    pub ty: ScalarType,
    /// `.ptr .global .align 16`: what a kernel's pointer parameter points to.
    pub ptr: Option<PointerAttribute>,
    /// The name (`_` in prototypes).
    pub name: Word,
    /// `[N]` dimensions.
    pub array: Vec<u32>,
    /// The whole parameter.
    pub span: Span,
}

impl Param {
    /// The size in bytes: element size times vector length times the array's elements.
    ///
    /// ```
    /// use ptx_core::module::parse_module;
    /// let m = parse_module(".version 9.0\n.target sm_90\n.func f(.param .align 8 .b8 s[24]);").unwrap();
    /// assert_eq!(m.function("f").unwrap().params[0].size(), 24);
    /// ```
    pub fn size(&self) -> u64 {
        array_size(
            self.ty,
            self.vector,
            self.array.iter().map(|&n| u64::from(n)),
        )
    }

    /// The alignment in bytes: `.align N` if written, else the element's size.
    pub fn alignment(&self) -> u64 {
        self.align
            .map_or(element_size(self.ty, self.vector), u64::from)
    }

    /// The parameter as a declaration of the instruction checker.
    pub fn declaration(&self) -> syntax::Declaration {
        syntax::Declaration {
            space: self.space,
            align: self.align,
            vector: self.vector,
            ty: self.ty,
            names: vec![syntax::DeclaredName {
                name: self.name.text.clone(),
                range: None,
                array: self.array.clone(),
                span: self.name.span,
            }],
            span: self.span,
        }
    }
}

/// The size in bytes of an array of `dims` elements of type `ty` (saturating:
/// no size wraps around).
pub(crate) fn array_size(
    ty: ScalarType,
    vector: Option<VectorWidth>,
    dims: impl IntoIterator<Item = u64>,
) -> u64 {
    dims.into_iter()
        .fold(element_size(ty, vector), u64::saturating_mul)
}

/// The size in bytes of one element of type `ty` with vector width `vector`.
pub(crate) fn element_size(ty: ScalarType, vector: Option<VectorWidth>) -> u64 {
    let bytes = u64::from(ty.bits().div_ceil(8)).max(1);
    bytes * vector.map_or(1, |v| v.len() as u64)
}

/// `.ptr .space .align N` on a kernel parameter.
#[derive(Clone, Debug, PartialEq)]
pub struct PointerAttribute {
    /// `.global`, `.shared`, `.const`, `.local`; `None` for a generic pointer.
    pub space: Option<StateSpace>,
    /// `.align N`, if written.
    pub align: Option<u32>,
    /// From `.ptr` to the end of the attribute.
    pub span: Span,
}

/// Which function attribute.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AttributeKind {
    /// `.noreturn` (`.func` only).
    NoReturn,
    /// `.maxntid x, y, z`: at most this many threads per CTA.
    MaxNtid,
    /// `.reqntid x, y, z`: exactly this many threads per CTA.
    ReqNtid,
    /// `.minnctapersm n`: at least n CTAs per multiprocessor.
    MinNctaPerSm,
    /// `.maxnctapersm n` (deprecated).
    MaxNctaPerSm,
    /// `.maxnreg n`: at most n registers per thread.
    MaxNreg,
    /// `.reqnctapercluster x, y, z`: the cluster shape.
    ReqNctaPerCluster,
    /// `.explicitcluster`: must be launched with a cluster.
    ExplicitCluster,
    /// `.maxclusterrank n`: at most n CTAs per cluster.
    MaxClusterRank,
    /// `.blocksareclusters`: every CTA is a cluster.
    BlocksAreClusters,
}

impl AttributeKind {
    /// Every attribute, for lookups.
    pub const ALL: &'static [AttributeKind] = &[
        AttributeKind::NoReturn,
        AttributeKind::MaxNtid,
        AttributeKind::ReqNtid,
        AttributeKind::MinNctaPerSm,
        AttributeKind::MaxNctaPerSm,
        AttributeKind::MaxNreg,
        AttributeKind::ReqNctaPerCluster,
        AttributeKind::ExplicitCluster,
        AttributeKind::MaxClusterRank,
        AttributeKind::BlocksAreClusters,
    ];

    /// The directive's name without the dot.
    pub fn name(self) -> &'static str {
        match self {
            AttributeKind::NoReturn => "noreturn",
            AttributeKind::MaxNtid => "maxntid",
            AttributeKind::ReqNtid => "reqntid",
            AttributeKind::MinNctaPerSm => "minnctapersm",
            AttributeKind::MaxNctaPerSm => "maxnctapersm",
            AttributeKind::MaxNreg => "maxnreg",
            AttributeKind::ReqNctaPerCluster => "reqnctapercluster",
            AttributeKind::ExplicitCluster => "explicitcluster",
            AttributeKind::MaxClusterRank => "maxclusterrank",
            AttributeKind::BlocksAreClusters => "blocksareclusters",
        }
    }

    /// The attribute named `name` (without the dot).
    pub fn from_name(name: &str) -> Option<AttributeKind> {
        AttributeKind::ALL
            .iter()
            .copied()
            .find(|k| k.name() == name)
    }

    /// How many numbers it takes: at least, at most.
    pub fn arity(self) -> (usize, usize) {
        match self {
            AttributeKind::NoReturn
            | AttributeKind::ExplicitCluster
            | AttributeKind::BlocksAreClusters => (0, 0),
            AttributeKind::MaxNtid | AttributeKind::ReqNtid | AttributeKind::ReqNctaPerCluster => {
                (1, 3)
            }
            _ => (1, 1),
        }
    }
}

/// A function attribute and its numbers: `.maxntid 128, 1, 1`.
#[derive(Clone, Debug, PartialEq)]
pub struct FunctionAttribute {
    /// Which one.
    pub kind: AttributeKind,
    /// The numbers written after it.
    pub values: Vec<u64>,
    /// The whole attribute.
    pub span: Span,
}

/// A variable attribute, from `.attribute(...)` (PTX ISA 4.0 for
/// `.managed`, 8.0 for `.unified`; only on `.global` variables).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VariableAttribute {
    /// `.managed`: the variable lives in unified (managed) memory, the host
    /// sees it at the same address (CUDA's `__managed__`).
    Managed,
    /// `.unified(uuid1, uuid2)`: the variable is the one named by the two
    /// 64-bit halves of a UUID in every module that declares it so.
    Unified(u64, u64),
}

/// A variable: `.global .align 4 .u32 count = 0;`, `.extern .shared .align 16 .b8 smem[];`,
/// `.reg .b32 %r<10>;`.
#[derive(Clone, Debug, PartialEq)]
pub struct Variable {
    /// `.visible`, `.extern`, `.weak`, `.common`, if written.
    pub linkage: Option<Linkage>,
    /// The state space.
    pub space: StateSpace,
    /// `.align N`, if written.
    pub align: Option<u32>,
    /// `.attribute(...)`'s attributes, in order (empty without one); the
    /// parser lets them only on `.global` variables, as the PTX ISA does.
    pub attributes: Vec<VariableAttribute>,
    /// `.v2`/`.v4`/`.v8`, if written.
    pub vector: Option<VectorWidth>,
    /// The element type.
    pub ty: ScalarType,
    /// The names declared, each with its dimensions and initializer.
    pub names: Vec<VariableName>,
    /// The whole declaration, `;` included.
    pub span: Span,
}

impl Variable {
    /// The declaration as the instruction checker knows it (dimensions
    /// left open, `[]`, count as 0; initializers are not its business).
    pub fn declaration(&self) -> syntax::Declaration {
        syntax::Declaration {
            space: self.space,
            align: self.align,
            vector: self.vector,
            ty: self.ty,
            names: self
                .names
                .iter()
                .map(|n| syntax::DeclaredName {
                    name: n.name.text.clone(),
                    range: n.range,
                    array: n.array.iter().map(|d| d.unwrap_or(0)).collect(),
                    span: n.span,
                })
                .collect(),
            span: self.span,
        }
    }

    /// Whether the variable is `.attribute(.managed)`: CUDA's `__managed__`,
    /// memory the host and the device share (PTX ISA, "Variable Attribute
    /// Directive: .attribute").
    ///
    /// ```
    /// use ptx_core::module::parse_module;
    /// let m = parse_module(".version 9.0\n.target sm_90\n.global .attribute(.managed) .align 4 .u32 c;").unwrap();
    /// assert!(m.variables().next().unwrap().is_managed());
    /// ```
    pub fn is_managed(&self) -> bool {
        self.attributes.contains(&VariableAttribute::Managed)
    }

    /// Whether the declaration is `.extern`.
    pub fn is_extern(&self) -> bool {
        self.linkage.is_some_and(|l| l.kind == LinkageKind::Extern)
    }

    /// The bytes one element takes (a `.v4 .f32` element: 16).
    pub fn element_size(&self) -> u64 {
        element_size(self.ty, self.vector)
    }

    /// The alignment in bytes: `.align N` if written, else the element's size.
    pub fn alignment(&self) -> u64 {
        self.align.map_or(self.element_size(), u64::from)
    }

    /// The size in bytes of `name`, one of the declaration's names: its
    /// dimensions times the element's size, where an open first dimension
    /// (`[]`) holds as many elements as the initializer gives (none without
    /// one: a dynamic `.extern .shared` array).
    ///
    /// ```
    /// use ptx_core::module::parse_module;
    /// let m = parse_module(".version 9.0\n.target sm_90\n.global .u32 t[][2] = {1, 2, 3, 4, 5};").unwrap();
    /// let v = m.variables().next().unwrap();
    /// assert_eq!(v.size_of(&v.names[0]), 24); // 3 rows of two
    /// ```
    pub fn size_of(&self, name: &VariableName) -> u64 {
        let inner: u64 = name
            .array
            .iter()
            .skip(1)
            .map(|d| u64::from(d.unwrap_or(0)))
            .product();
        let first = match name.array.first() {
            None => 1,
            Some(Some(n)) => u64::from(*n),
            Some(None) => {
                let elements = name.init.as_ref().map_or(0, Initializer::scalars) as u64;
                let per_row = inner.saturating_mul(self.vector.map_or(1, |v| v.len() as u64));
                if per_row == 0 {
                    0
                } else {
                    elements.div_ceil(per_row)
                }
            }
        };
        first
            .saturating_mul(inner)
            .saturating_mul(self.element_size())
    }
}

/// One name of a variable declaration: `x`, `%r<10>`, `buf[16][4]`, `t[] = {1, 2}`.
#[derive(Clone, Debug, PartialEq)]
pub struct VariableName {
    /// The name (or the prefix of a `<N>` range).
    pub name: Word,
    /// `<N>`: declares `name0` … `name{N-1}`.
    pub range: Option<u32>,
    /// `[N]` dimensions; `None` for `[]`, sized by the initializer or another module.
    pub array: Vec<Option<u32>>,
    /// `= ...`, if written.
    pub init: Option<Initializer>,
    /// From the name to the end of its initializer.
    pub span: Span,
}

/// A variable's initial value.
#[derive(Clone, Debug, PartialEq)]
pub struct Initializer {
    /// What it is.
    pub kind: InitializerKind,
    /// Where it stands.
    pub span: Span,
}

/// What an initializer is.
#[derive(Clone, Debug, PartialEq)]
pub enum InitializerKind {
    /// A number: `42`, `-1`, `1.5`, `0f3F800000`.
    Number(Immediate),
    /// The address of a variable or function, plus an offset: `var`,
    /// `var+4`, `generic(var)+8` (generic: the generic address rather than
    /// the address in the variable's own state space).
    Address {
        /// The variable or function.
        name: Word,
        /// Written `generic(name)`.
        generic: bool,
        /// The byte offset added.
        offset: i64,
    },
    /// `0xFF00(address)`: one byte of an address, the PTX ISA's `mask()`
    /// initializer, for `.b8`/`.u8` arrays holding pointers.
    Masked {
        /// The mask: `0xFF << 8k` for byte k.
        mask: u64,
        /// The address it takes a byte of (an [`InitializerKind::Address`]).
        address: Box<Initializer>,
    },
    /// `{a, b, ...}`: elements of an array (or of a vector).
    List(Vec<Initializer>),
}

impl Initializer {
    /// How many scalars the initializer gives, lists flattened.
    pub fn scalars(&self) -> usize {
        match &self.kind {
            InitializerKind::List(items) => items.iter().map(Initializer::scalars).sum(),
            _ => 1,
        }
    }
}

impl InitializerKind {
    /// The literal if this is a number.
    pub fn number(&self) -> Option<Immediate> {
        match self {
            InitializerKind::Number(n) => Some(*n),
            _ => None,
        }
    }

    /// Whether the number is a floating-point literal.
    pub fn is_float(&self) -> bool {
        matches!(self, InitializerKind::Number(Immediate::Float(_)))
    }
}

/// `.file 1 "kernel.cu"` or `.file 1 "kernel.cu", 1700000000, 1234`.
#[derive(Clone, Debug, PartialEq)]
pub struct FileDirective {
    /// The number `.loc` refers to it by.
    pub index: u64,
    /// The file's path.
    pub path: String,
    /// The directive.
    pub span: Span,
}

/// `.section .debug_info { ... }`: its content is kept only as a span.
#[derive(Clone, Debug, PartialEq)]
pub struct Section {
    /// The section's name, without the leading dot.
    pub name: Word,
    /// The labels defined inside (`$L__info_string0:`), which `.loc`'s
    /// `function_name` refers to.
    pub labels: Vec<Word>,
    /// The directive with its braces.
    pub span: Span,
}

/// A function body or a `{ }` block inside one.
#[derive(Clone, Debug, PartialEq)]
pub struct Body {
    /// The statements in order.
    pub statements: Vec<Statement>,
    /// From `{` to `}`.
    pub span: Span,
}

impl Body {
    /// The statements as items of the instruction checker (see [`Function::template`]).
    pub fn items(&self) -> Vec<Item> {
        self.statements
            .iter()
            .filter_map(|s| match s {
                Statement::Instruction(i) => Some(Item::Instruction(i.clone())),
                Statement::Label(l) => Some(Item::Label(l.clone())),
                Statement::Block(b) => Some(Item::Block(syntax::Block {
                    items: b.items(),
                    span: b.span,
                })),
                Statement::Variable(v) => Some(Item::Declaration(v.declaration())),
                Statement::Pragma(p) => Some(Item::Pragma(p.clone())),
                Statement::BranchTargets(t) => Some(Item::Label(Label {
                    name: t.name.text.clone(),
                    span: t.name.span,
                })),
                Statement::Loc(_) | Statement::CallTargets(_) | Statement::CallPrototype(_) => None,
            })
            .collect()
    }

    /// Every instruction of the body (blocks entered, in order) with the
    /// last `.loc` before it: the source line it was compiled from, for
    /// messages that name the CUDA (or Rust) source rather than the PTX.
    ///
    /// ```
    /// use ptx_core::module::parse_module;
    /// let text = ".version 9.0\n.target sm_90\n.file 1 \"k.cu\"\n.entry k() {\n.loc 1 7 3\nexit;\n}";
    /// let m = parse_module(text).unwrap();
    /// let body = m.function("k").unwrap().body.as_ref().unwrap();
    /// let (exit, loc) = body.located_instructions()[0];
    /// assert_eq!(exit.opcode.text(), "exit");
    /// let loc = loc.unwrap();
    /// assert_eq!((m.file(loc.file).unwrap().path.as_str(), loc.line), ("k.cu", 7));
    /// ```
    pub fn located_instructions(&self) -> Vec<(&Instruction, Option<&Loc>)> {
        fn walk<'a>(
            body: &'a Body,
            loc: &mut Option<&'a Loc>,
            out: &mut Vec<(&'a Instruction, Option<&'a Loc>)>,
        ) {
            for s in &body.statements {
                match s {
                    Statement::Loc(l) => *loc = Some(l),
                    Statement::Instruction(i) => out.push((i, *loc)),
                    Statement::Block(b) => walk(b, loc, out),
                    _ => {}
                }
            }
        }
        let mut out = Vec::new();
        walk(self, &mut None, &mut out);
        out
    }

    /// Every instruction of the body, blocks entered, in order.
    pub fn instructions(&self) -> Vec<&Instruction> {
        let mut out = Vec::new();
        for s in &self.statements {
            match s {
                Statement::Instruction(i) => out.push(i),
                Statement::Block(b) => out.extend(b.instructions()),
                _ => {}
            }
        }
        out
    }
}

/// One statement of a function body.
#[derive(Clone, Debug, PartialEq)]
pub enum Statement {
    /// `@p add.s32 %r1, %r2, 1;`.
    Instruction(Instruction),
    /// `$L__BB0_2:`.
    Label(Label),
    /// A `{ }` block.
    Block(Body),
    /// `.reg .b32 %r<4>;`, `.param .b64 param0;`, `.shared .b8 buf[64];`, ...
    Variable(Variable),
    /// `.pragma "nounroll";`.
    Pragma(Pragma),
    /// `.loc 1 42 7`: the source position of what follows.
    Loc(Loc),
    /// `ts: .branchtargets L0, L1;`: the labels `brx.idx` may jump to.
    BranchTargets(TargetList),
    /// `ct: .calltargets f, g;`: the functions an indirect call may reach.
    CallTargets(TargetList),
    /// `proto: .callprototype (.param .b32 _) _ (.param .b32 _);`.
    CallPrototype(Prototype),
}

/// `.loc file line column`, with optional inlining information.
#[derive(Clone, Debug, PartialEq)]
pub struct Loc {
    /// The `.file` number.
    pub file: u64,
    /// The line in that file.
    pub line: u64,
    /// The column in that line.
    pub column: u64,
    /// `inlined_at file line column`, if written.
    pub inlined_at: Option<(u64, u64, u64)>,
    /// The directive.
    pub span: Span,
}

/// A named list: `name: .branchtargets a, b;` or `name: .calltargets f, g;`.
#[derive(Clone, Debug, PartialEq)]
pub struct TargetList {
    /// The list's name.
    pub name: Word,
    /// The labels or functions listed.
    pub targets: Vec<Word>,
    /// The whole statement.
    pub span: Span,
}

/// `name: .callprototype (.param .b32 _) _ (.param .b32 _);`: the signature
/// of the functions an indirect call may reach.
#[derive(Clone, Debug, PartialEq)]
pub struct Prototype {
    /// The prototype's name.
    pub name: Word,
    /// The return parameters.
    pub returns: Vec<Param>,
    /// The parameters.
    pub params: Vec<Param>,
    /// `.noreturn`.
    pub noreturn: bool,
    /// The whole statement.
    pub span: Span,
}
