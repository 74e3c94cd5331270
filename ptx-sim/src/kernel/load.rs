//! Loading a module: the text parsed and checked as ptxas checks it, each
//! function's body lowered ([`ptx_core::lower_function`]) and decoded into
//! the module interpreter's steps ([`super::code`]), its names resolved to where
//! they live at run time:
//!
//! * module `.global` variables are global buffers of every launch, laid
//!   out first (from [`crate::memory::window::GLOBAL_BASE`]) with their
//!   initial values, so their addresses are constants;
//! * module `.const` variables are the launch's constant memory, from
//!   `.const` address 0;
//! * static `.shared` variables are laid out per entry (those its
//!   functions name), dynamic ones (`.extern .shared`) after them;
//! * a kernel's parameters are its `.param` memory; a device function's
//!   parameters and every `.local` or `.param` variable declared in a body
//!   lie in the thread's local memory, in a frame per call, and `.param`
//!   accesses of them run as `.local` accesses;
//! * a function's name is an address that an indirect `call` takes.

use super::code::{
    Binding, Builtin, Callee, FunctionCode, Layout, Op, RESERVED_SHARED, Src, Step, StepOperand,
    exec_op, operand, special,
};
use crate::memory::global::{buffer_addresses, constant_addresses};
use crate::memory::window::CONST_WINDOW;
use ptx_core::module::{
    Function, FunctionKind, Initializer, InitializerKind, LineIndex, Module as Ast, Variable,
    check_module_bodies, parse_module,
};
use ptx_core::{
    AddressBase, Checked, Diagnostic, OperandAccess, ParamScope, Program, ScalarType, Slot,
    SlotSource, StateSpace, StepKind, immediate_bits, lower_function,
};
use std::collections::HashMap;
use std::sync::Arc;

/// Where a function's address points: `FUNCTION_BASE + 16 * index`, in no
/// memory (a load from it is an error).
pub(crate) const FUNCTION_BASE: u64 = 0x5000_0000_0000;

/// Why a module cannot be loaded.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LoadError {
    /// The module does not parse or check: what ptxas would say, each
    /// diagnostic as `line:column: message`.
    #[error("the module does not check ({} errors):\n{}", .errors.len(), .errors.join("\n"))]
    Rejected {
        /// The errors, as `line:column: error: message`.
        errors: Vec<String>,
    },
    /// The module uses something the simulator cannot load.
    #[error("{what} is not simulated: {detail}")]
    Unsupported {
        /// What (a function, a variable).
        what: String,
        /// Why.
        detail: String,
    },
}

/// A module-scope variable that lives in memory every thread of a launch
/// sees.
#[derive(Clone, Debug)]
pub(crate) struct Data {
    /// Its name.
    pub name: String,
    /// Its bytes before a launch.
    pub init: Vec<u8>,
    /// Whether it is `.attribute(.managed)` (CUDA's `__managed__`).
    pub managed: bool,
}

/// A static or dynamic `.shared` variable.
#[derive(Clone, Debug)]
pub(crate) struct SharedVariable {
    pub size: u64,
    pub align: u64,
    /// `.extern .shared` with no size: the launch's dynamic shared memory.
    pub dynamic: bool,
}

/// A kernel parameter: where it lies in the `.param` memory.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KernelParam {
    /// Its name.
    pub name: String,
    /// Its offset in the parameter memory.
    pub offset: u64,
    /// Its size in bytes.
    pub size: u64,
    /// Its type as declared (`.u64` for pointers).
    pub ty: ScalarType,
    /// Whether it is an array (`.param .align 8 .b8 s[16]`: a struct by value).
    pub array: bool,
}

/// An entry's launch facts, worked out at load.
#[derive(Clone, Debug)]
pub(crate) struct EntryInfo {
    /// Its parameters, in order.
    pub params: Vec<KernelParam>,
    /// The parameter memory's size.
    pub param_bytes: u64,
    /// Where each static `.shared` variable it reaches lies (by variable
    /// index; `u32::MAX` for those it does not reach), the dynamic ones at
    /// `dynamic_base`.
    pub shared_offsets: Vec<u32>,
    /// The bytes of static shared memory (after the reserved region).
    pub static_shared: u64,
    /// Where the dynamic shared memory starts: the reserved region, then
    /// the static variables, then this (16-byte aligned).
    pub dynamic_base: u64,
    /// `.reqntid` or `.maxntid`, if written: the block shapes allowed.
    pub reqntid: Option<[u32; 3]>,
    /// `.maxntid`.
    pub maxntid: Option<[u32; 3]>,
    /// `.reqnctapercluster`: the cluster shape the kernel is built for.
    pub reqnctapercluster: Option<[u32; 3]>,
    /// `.explicitcluster`: the kernel must be launched with clusters.
    pub explicit_cluster: bool,
    /// `.maxclusterrank`: at most this many CTAs a cluster.
    pub maxclusterrank: Option<u32>,
}

/// A loaded module: what a launch runs.
#[derive(Debug)]
pub(crate) struct Image {
    pub functions: Vec<FunctionCode>,
    pub by_name: HashMap<String, u32>,
    pub globals: Vec<Data>,
    pub constants: Vec<Data>,
    pub shared: Vec<SharedVariable>,
    pub entries: HashMap<u32, EntryInfo>,
    /// Bytes of module-scope `.local` variables, at the start of every
    /// thread's local memory.
    pub static_local: u64,
    /// Per function, its layout and join points ([`Layout`]): the order a
    /// diverged warp's paths run in and where they meet; the warps of a
    /// launch share them.
    pub layouts: Arc<[Layout]>,
    /// Whether a function calls `malloc`, `free` or
    /// `__nv_aligned_device_malloc`: a launch then needs the device heap.
    pub uses_heap: bool,
}

/// Where a name of a function's body lives.
#[derive(Clone, Copy, Debug)]
enum Home {
    /// A constant address (global, `.const`, a kernel parameter, a
    /// function, a module `.local` variable).
    Fixed(u64),
    /// An offset in the thread's frame.
    Frame(u64),
    /// A static `.shared` variable.
    Shared(u32),
}

struct Loader<'m> {
    ast: &'m Ast,
    lines: LineIndex<'m>,
    image: Image,
    /// Module-scope names: variables and functions.
    homes: HashMap<String, Home>,
    /// Functions with a body, in order, and their indices.
    defined: Vec<&'m Function>,
    /// Each body as the module check matched it, taken as it is lowered.
    bodies: HashMap<String, Checked>,
}

impl Image {
    /// Parses, checks and loads `text`.
    pub(crate) fn load(text: &str) -> Result<Image, LoadError> {
        let lines = LineIndex::new(text);
        let render = |d: &Diagnostic| {
            let at = lines.position(d.span.start);
            format!("{at}: error: {}", d.message)
        };
        let ast = parse_module(text).map_err(|errors| LoadError::Rejected {
            errors: errors.iter().map(render).collect(),
        })?;
        let checked = check_module_bodies(&ast);
        let errors: Vec<String> = checked
            .diagnostics
            .iter()
            .filter(|d| d.is_error())
            .map(render)
            .collect();
        if !errors.is_empty() {
            return Err(LoadError::Rejected { errors });
        }
        let mut loader = Loader {
            ast: &ast,
            lines,
            image: Image {
                functions: Vec::new(),
                by_name: HashMap::new(),
                globals: Vec::new(),
                constants: Vec::new(),
                shared: Vec::new(),
                entries: HashMap::new(),
                static_local: 0,
                layouts: Arc::new([]),
                uses_heap: false,
            },
            homes: HashMap::new(),
            defined: Vec::new(),
            bodies: checked.bodies,
        };
        loader.functions();
        loader.variables()?;
        for (i, f) in loader.defined.clone().into_iter().enumerate() {
            let code = loader.function(f, i as u32)?;
            loader.image.functions.push(code);
        }
        loader.entries();
        let image = &mut loader.image;
        image.layouts = image
            .functions
            .iter()
            .map(|f| Layout::of(&f.steps))
            .collect();
        Ok(loader.image)
    }
}

impl<'m> Loader<'m> {
    /// Numbers the functions that have a body; every function's name is
    /// an address (one that only is declared, as the driver's `vprintf`
    /// is, gets one past the defined ones, which no `call` reaches).
    fn functions(&mut self) {
        for f in self.ast.functions() {
            if f.body.is_some() && !self.image.by_name.contains_key(&f.name.text) {
                let index = self.defined.len() as u32;
                self.image.by_name.insert(f.name.text.clone(), index);
                self.defined.push(f);
                self.homes.insert(
                    f.name.text.clone(),
                    Home::Fixed(FUNCTION_BASE + 16 * u64::from(index)),
                );
            }
        }
        let mut next = self.defined.len() as u64;
        for f in self.ast.functions() {
            if !self.homes.contains_key(&f.name.text) {
                self.homes
                    .insert(f.name.text.clone(), Home::Fixed(FUNCTION_BASE + 16 * next));
                next += 1;
            }
        }
    }

    /// Lays out the module-scope variables and computes their initial bytes.
    fn variables(&mut self) -> Result<(), LoadError> {
        let vars: Vec<&Variable> = self.ast.variables().collect();
        // Definitions win over `.extern` declarations of the same name.
        let mut chosen: Vec<(&Variable, usize)> = Vec::new();
        let mut seen: HashMap<&str, usize> = HashMap::new();
        for v in &vars {
            for (k, n) in v.names.iter().enumerate() {
                match seen.get(n.name.text.as_str()) {
                    Some(&at) if !v.is_extern() => chosen[at] = (v, k),
                    Some(_) => {}
                    None => {
                        seen.insert(&n.name.text, chosen.len());
                        chosen.push((v, k));
                    }
                }
            }
        }
        let sized = |space: StateSpace| -> Vec<(&Variable, usize, u64)> {
            chosen
                .iter()
                .filter(|(v, _)| v.space == space)
                .map(|&(v, k)| (v, k, v.size_of(&v.names[k])))
                .collect()
        };
        let globals = sized(StateSpace::Global);
        let global_addrs = buffer_addresses(
            &globals
                .iter()
                .map(|g| g.2.max(1) as usize)
                .collect::<Vec<_>>(),
        );
        for ((v, k, _), addr) in globals.iter().zip(&global_addrs) {
            self.homes
                .insert(v.names[*k].name.text.clone(), Home::Fixed(*addr));
        }
        let constants = sized(StateSpace::Const);
        let const_addrs = constant_addresses(
            &constants
                .iter()
                .map(|c| c.2.max(1) as usize)
                .collect::<Vec<_>>(),
        );
        for ((v, k, _), addr) in constants.iter().zip(&const_addrs) {
            self.homes
                .insert(v.names[*k].name.text.clone(), Home::Fixed(*addr));
        }
        let mut local = 0u64;
        for (v, k) in &chosen {
            let name = &v.names[*k];
            match v.space {
                StateSpace::Shared(_) => {
                    let id = self.image.shared.len() as u32;
                    self.image.shared.push(SharedVariable {
                        size: v.size_of(name),
                        align: v.alignment(),
                        dynamic: v.is_extern() && name.array.first() == Some(&None),
                    });
                    self.homes.insert(name.name.text.clone(), Home::Shared(id));
                }
                StateSpace::Local => {
                    local = local.next_multiple_of(v.alignment().max(1));
                    self.homes
                        .insert(name.name.text.clone(), Home::Fixed(local));
                    local += v.size_of(name);
                }
                _ => {}
            }
        }
        self.image.static_local = local.next_multiple_of(16);
        // Initial values, once every address is known.
        for (v, k, size) in &globals {
            let init = self.initial(v, *k, *size)?;
            self.image.globals.push(Data {
                name: v.names[*k].name.text.clone(),
                init,
                managed: v.is_managed(),
            });
        }
        for (v, k, size) in &constants {
            let init = self.initial(v, *k, *size)?;
            self.image.constants.push(Data {
                name: v.names[*k].name.text.clone(),
                init,
                managed: false,
            });
        }
        Ok(())
    }

    /// The bytes of name `k` of `v` (`size` of them) before a launch.
    fn initial(&self, v: &Variable, k: usize, size: u64) -> Result<Vec<u8>, LoadError> {
        let mut bytes = vec![0u8; size as usize];
        let Some(init) = &v.names[k].init else {
            return Ok(bytes);
        };
        let mut scalars = Vec::new();
        flatten(init, &mut scalars);
        let width = u64::from(v.ty.bits().div_ceil(8)).max(1);
        for (i, s) in scalars.iter().enumerate() {
            let value = self.scalar(s, v.ty)?;
            let at = i as u64 * width;
            for b in 0..width.min(8) {
                if let Some(byte) = bytes.get_mut((at + b) as usize) {
                    *byte = (value >> (8 * b)) as u8;
                }
            }
        }
        Ok(bytes)
    }

    /// The bits of one scalar initializer of type `ty`.
    fn scalar(&self, init: &Initializer, ty: ScalarType) -> Result<u64, LoadError> {
        Ok(match &init.kind {
            InitializerKind::Number(n) => immediate_bits(*n, Some(ty)),
            InitializerKind::Address {
                name,
                generic,
                offset,
            } => self
                .address_of(&name.text, *generic)?
                .wrapping_add(*offset as u64),
            InitializerKind::Masked { mask, address } => {
                let a = self.scalar(address, ScalarType::U64)?;
                let shift = mask.trailing_zeros();
                (a & mask) >> shift
            }
            InitializerKind::List(_) => 0,
        })
    }

    /// The address an initializer names: in the variable's own space, or
    /// the generic address.
    fn address_of(&self, name: &str, generic: bool) -> Result<u64, LoadError> {
        let unsupported = |detail: &str| LoadError::Unsupported {
            what: format!("the initializer naming `{name}`"),
            detail: detail.into(),
        };
        let space = self
            .ast
            .variables()
            .find(|v| v.names.iter().any(|n| n.name.text == name))
            .map(|v| v.space);
        match (self.homes.get(name), space) {
            (Some(Home::Fixed(a)), Some(StateSpace::Const)) if generic => Ok(CONST_WINDOW + a),
            (Some(Home::Fixed(a)), _) => Ok(*a),
            (Some(Home::Shared(_)), _) => Err(unsupported(
                "a shared variable's address differs from one kernel to another",
            )),
            _ => Err(unsupported("no such variable or function")),
        }
    }

    /// Loads function `f`, numbered `index`.
    fn function(&mut self, f: &'m Function, index: u32) -> Result<FunctionCode, LoadError> {
        let unsupported = |detail: String| LoadError::Unsupported {
            what: format!("function `{}`", f.name.text),
            detail,
        };
        // The module checked without an error, so every body checked.
        let checked = self
            .bodies
            .remove(&f.name.text)
            .ok_or_else(|| unsupported("it has no body".into()))?;
        let program = lower_function(f, &checked).map_err(|e| unsupported(e.to_string()))?;
        FunctionLoader::new(self, f, index, &program)?.run(&program)
    }

    /// Each entry's parameters, shared-memory layout and thread limits.
    fn entries(&mut self) {
        let n = self.image.functions.len();
        for e in 0..n {
            let (params, param_bytes) = match self.defined[e].kind {
                FunctionKind::Entry => kernel_params(self.defined[e]),
                FunctionKind::Func => continue,
            };
            // Every function the entry may reach.
            let mut reached = vec![false; n];
            let mut stack = vec![e];
            let indirect: Vec<usize> = (0..n)
                .filter(|&i| {
                    let name = &self.image.functions[i].name;
                    self.image
                        .functions
                        .iter()
                        .any(|g| g.takes_address_of(name))
                })
                .collect();
            while let Some(i) = stack.pop() {
                if std::mem::replace(&mut reached[i], true) {
                    continue;
                }
                let code = &self.image.functions[i];
                stack.extend(code.calls.iter().map(|&c| c as usize));
                if code.calls_indirect {
                    stack.extend(&indirect);
                }
            }
            let mut used = vec![false; self.image.shared.len()];
            for (i, code) in self.image.functions.iter().enumerate() {
                if reached[i] {
                    for &s in &code.shared_used {
                        used[s as usize] = true;
                    }
                }
            }
            // The CTA's own variables follow the region reserved for the
            // system, as on the H100 (`tests/data/kernels/ours`: the first
            // static array at 1024, the dynamic one after the last).
            let mut offsets = vec![u32::MAX; self.image.shared.len()];
            let mut end = RESERVED_SHARED;
            for (s, var) in self.image.shared.iter().enumerate() {
                if used[s] && !var.dynamic {
                    end = end.next_multiple_of(var.align.max(1));
                    offsets[s] = end as u32;
                    end += var.size;
                }
            }
            let dynamic_base = self
                .image
                .shared
                .iter()
                .filter(|v| v.dynamic)
                .map(|v| v.align)
                .fold(end.next_multiple_of(16), |at, align| {
                    at.next_multiple_of(align.max(1))
                });
            for (s, var) in self.image.shared.iter().enumerate() {
                if var.dynamic {
                    offsets[s] = dynamic_base as u32;
                }
            }
            let threads = |kind| {
                self.defined[e].attribute(kind).map(|a| {
                    let mut d = [1u32; 3];
                    for (slot, v) in d.iter_mut().zip(&a.values) {
                        *slot = *v as u32;
                    }
                    d
                })
            };
            self.image.entries.insert(
                e as u32,
                EntryInfo {
                    params,
                    param_bytes,
                    shared_offsets: offsets,
                    static_shared: dynamic_base - RESERVED_SHARED,
                    dynamic_base,
                    reqntid: threads(ptx_core::module::AttributeKind::ReqNtid),
                    maxntid: threads(ptx_core::module::AttributeKind::MaxNtid),
                    reqnctapercluster: threads(ptx_core::module::AttributeKind::ReqNctaPerCluster),
                    explicit_cluster: self.defined[e]
                        .attribute(ptx_core::module::AttributeKind::ExplicitCluster)
                        .is_some(),
                    maxclusterrank: self.defined[e]
                        .attribute(ptx_core::module::AttributeKind::MaxClusterRank)
                        .and_then(|a| a.values.first().map(|&v| v as u32)),
                },
            );
        }
    }
}

impl FunctionCode {
    /// Whether the function's code takes the address of the function `name`
    /// (so an indirect call may reach it).
    fn takes_address_of(&self, name: &str) -> bool {
        self.address_taken.iter().any(|n| n == name)
    }
}

/// The sign bits of a floating-point type's value (each element's, for a
/// packed pair), which a negation flips.
fn sign_mask(ty: Option<ScalarType>) -> u64 {
    match ty {
        Some(ScalarType::F64) => 1 << 63,
        Some(ScalarType::F32) => 1 << 31,
        Some(ScalarType::F16 | ScalarType::Bf16) => 1 << 15,
        Some(ScalarType::F16x2 | ScalarType::Bf16x2) => 0x8000_8000,
        _ => 0,
    }
}

/// Every scalar of an initializer, lists flattened, in order.
fn flatten<'a>(init: &'a Initializer, out: &mut Vec<&'a Initializer>) {
    match &init.kind {
        InitializerKind::List(items) => items.iter().for_each(|i| flatten(i, out)),
        _ => out.push(init),
    }
}

/// A kernel's parameters laid out in `.param` memory, each at its
/// alignment, and the memory's size.
fn kernel_params(f: &Function) -> (Vec<KernelParam>, u64) {
    let mut end = 0u64;
    let params = f
        .params
        .iter()
        .map(|p| {
            let offset = end.next_multiple_of(p.alignment().max(1));
            end = offset + p.size();
            KernelParam {
                name: p.name.text.clone(),
                offset,
                size: p.size(),
                ty: p.ty,
                array: !p.array.is_empty(),
            }
        })
        .collect();
    (params, end)
}

/// Loads one function's lowered program into steps.
struct FunctionLoader<'l, 'm> {
    loader: &'l mut Loader<'m>,
    function: &'m Function,
    /// The engine register of each lowered register (128-bit ones take two).
    registers: Vec<u32>,
    register_bits: Vec<u32>,
    /// Where each lowered variable lives, its name, and whether it names a
    /// function of the module.
    homes: Vec<Home>,
    names: Vec<String>,
    functions: Vec<bool>,
    frame_bytes: u64,
    code: FunctionCode,
}

impl<'l, 'm> FunctionLoader<'l, 'm> {
    fn new(
        loader: &'l mut Loader<'m>,
        function: &'m Function,
        index: u32,
        program: &Program,
    ) -> Result<FunctionLoader<'l, 'm>, LoadError> {
        let _ = index;
        let mut registers = Vec::new();
        let mut register_bits = Vec::new();
        let mut register_names = Vec::new();
        let mut next = 0u32;
        for r in &program.registers {
            registers.push(next);
            let bits = r.ty.bits();
            register_bits.push(bits);
            let halves = if bits > 64 { 2 } else { 1 };
            next += halves;
            register_names.extend(std::iter::repeat_n(r.name.clone(), halves as usize));
        }
        let code = FunctionCode {
            name: function.name.text.clone(),
            entry: function.kind == FunctionKind::Entry,
            steps: Vec::new(),
            texts: Vec::new(),
            registers: next,
            register_names,
            params: Vec::new(),
            returns: Vec::new(),
            frame_bytes: 0,
            shared_used: Vec::new(),
            calls: Vec::new(),
            calls_indirect: false,
            address_taken: Vec::new(),
        };
        let mut this = FunctionLoader {
            loader,
            function,
            registers,
            register_bits,
            homes: Vec::new(),
            names: program.variables.iter().map(|v| v.name.clone()).collect(),
            functions: Vec::new(),
            frame_bytes: 0,
            code,
        };
        this.functions = program
            .variables
            .iter()
            .map(|v| v.depth == 0 && this.loader.image.by_name.contains_key(&v.name))
            .collect();
        this.homes = this.variable_homes(program)?;
        Ok(this)
    }

    /// Where each variable of the lowered program lives.
    fn variable_homes(&mut self, program: &Program) -> Result<Vec<Home>, LoadError> {
        let f = self.function;
        let entry = f.kind == FunctionKind::Entry;
        let (kernel, _) = if entry {
            kernel_params(f)
        } else {
            (Vec::new(), 0)
        };
        let mut homes = Vec::new();
        for v in &program.variables {
            let home = if v.depth == 0 {
                match self.loader.homes.get(&v.name) {
                    Some(&h) => h,
                    None => {
                        return Err(LoadError::Unsupported {
                            what: format!("`{}` in function `{}`", v.name, f.name.text),
                            detail: "it is declared but never defined".into(),
                        });
                    }
                }
            } else if let (true, Some(p)) = (
                v.depth == 1,
                kernel.iter().find(|p| p.name == v.name && entry),
            ) {
                Home::Fixed(p.offset)
            } else {
                match v.space {
                    StateSpace::Shared(_) => {
                        let id = self.loader.image.shared.len() as u32;
                        self.loader.image.shared.push(super::load::SharedVariable {
                            size: v.size,
                            align: v.align,
                            dynamic: false,
                        });
                        Home::Shared(id)
                    }
                    StateSpace::Local | StateSpace::Param(_) | StateSpace::Reg => {
                        let at = self.frame_bytes.next_multiple_of(v.align.max(1));
                        self.frame_bytes = at + v.size;
                        Home::Frame(at)
                    }
                    space => {
                        return Err(LoadError::Unsupported {
                            what: format!("`{}` in function `{}`", v.name, f.name.text),
                            detail: format!("a {space} variable declared in a function body"),
                        });
                    }
                }
            };
            if let Home::Shared(id) = home
                && !self.code.shared_used.contains(&id)
            {
                self.code.shared_used.push(id);
            }
            homes.push(home);
        }
        Ok(homes)
    }

    /// The steps, parameters and frame of the function.
    fn run(mut self, program: &Program) -> Result<FunctionCode, LoadError> {
        let f = self.function;
        let located = f
            .body
            .as_ref()
            .map(|b| b.located_instructions())
            .unwrap_or_default();
        let (fused, keeps) = self.fusions(program)?;
        for (i, step) in program.steps.iter().enumerate() {
            let guard = step.guard.map(|(r, negated)| (self.registers[r], negated));
            let mut op = match fused.get(&i) {
                Some(op) => op.clone(),
                None => self.op(&step.kind)?,
            };
            if let Some(copies) = keeps.get(&i) {
                op = Op::Keep {
                    copies: copies.clone().into_boxed_slice(),
                    op: Box::new(op),
                };
            }
            self.code.steps.push(Step { guard, op });
            // The lowered text escapes `%` as in an asm() template.
            let mut text = format!("`{}`", step.text.replace("%%", "%"));
            let line = self.loader.lines.position(step.span.start).line;
            text.push_str(&format!(" (line {line}"));
            if let Some((_, Some(loc))) = located.get(i)
                && let Some(file) = self.loader.ast.file(loc.file)
            {
                text.push_str(&format!(", {}:{}", file.path, loc.line));
            }
            text.push(')');
            self.code.texts.push(text);
        }
        // Parameters bind in the order of the declaration: returns, then params.
        let binding = |this: &Self, name: &str| -> Option<Binding> {
            let v = program
                .variables
                .iter()
                .position(|v| v.depth == 1 && v.name == name);
            if let Some(v) = v
                && let Home::Frame(offset) = this.homes[v]
            {
                return Some(Binding::Frame {
                    offset,
                    size: program.variables[v].size,
                });
            }
            let r = program.registers.iter().position(|r| r.name == name)?;
            Some(Binding::Register(operand(
                Src::Reg(this.registers[r]),
                OperandAccess::Write,
                Some(program.registers[r].ty),
                this.register_bits[r],
            )))
        };
        if f.kind == FunctionKind::Func {
            for p in &f.returns {
                let b = binding(&self, &p.name.text).ok_or_else(|| LoadError::Unsupported {
                    what: format!("function `{}`", f.name.text),
                    detail: format!("return parameter `{}` has no home", p.name.text),
                })?;
                self.code.returns.push(b);
            }
            for p in &f.params {
                let b = binding(&self, &p.name.text).ok_or_else(|| LoadError::Unsupported {
                    what: format!("function `{}`", f.name.text),
                    detail: format!("parameter `{}` has no home", p.name.text),
                })?;
                self.code.params.push(b);
            }
        }
        self.code.frame_bytes = self.frame_bytes.next_multiple_of(16);
        Ok(self.code)
    }

    /// The `add`/`sub` steps ptxas fuses with a `mul` ([`super::fma_fusion`]),
    /// each as the fma it becomes; and the `mul` steps whose operands must
    /// be kept for it (a register of theirs written again before the add,
    /// or the add in another block), each with the copies to make.
    #[allow(clippy::type_complexity)]
    fn fusions(
        &mut self,
        program: &Program,
    ) -> Result<(HashMap<usize, Op>, HashMap<usize, Vec<(u32, u32)>>), LoadError> {
        let mut fused = HashMap::new();
        let mut keeps: HashMap<usize, Vec<(u32, u32)>> = HashMap::new();
        for (c, negated) in super::fma_fusion::signed_contractions(program) {
            let (
                StepKind::Exec {
                    form: add_form,
                    mods,
                    slots: add_slots,
                },
                StepKind::Exec {
                    slots: mul_slots, ..
                },
            ) = (&program.steps[c.add].kind, &program.steps[c.mul].kind)
            else {
                continue;
            };
            if add_slots.len() != 3 || mul_slots.len() != 3 {
                continue;
            }
            let subtracts = add_form.semantics == ptx_core::Semantics::Sub;
            let addend = &add_slots[3 - c.operand];
            let sign = sign_mask(mods.ty(0));
            let negate_product = negated ^ (subtracts && c.operand == 2);
            let negate_addend = subtracts && c.operand == 1;
            let mut factors = [self.operand(&mul_slots[1])?, self.operand(&mul_slots[2])?];
            if !self.untouched_between(program, c.mul, c.add, &mul_slots[1..]) {
                for factor in &mut factors {
                    if let Src::Reg(r) = factor.src {
                        let keep = self.code.registers;
                        self.code.registers += 1;
                        let name = self.code.register_names.get(r as usize).cloned();
                        self.code.register_names.push(format!(
                            "{} (kept for a fused add)",
                            name.unwrap_or_default()
                        ));
                        keeps.entry(c.mul).or_default().push((r, keep));
                        factor.src = Src::Reg(keep);
                    }
                }
            }
            let mut fma = *mods;
            fma.rnd = ptx_core::Rounding::Rn;
            let slots = [
                self.operand(&add_slots[0])?,
                factors[0],
                factors[1],
                self.operand(addend)?,
            ];
            fused.insert(
                c.add,
                Op::Fused {
                    mods: fma,
                    slots: slots.into(),
                    negate: [
                        if negate_product { sign } else { 0 },
                        if negate_addend { sign } else { 0 },
                    ],
                },
            );
        }
        Ok((fused, keeps))
    }

    /// Whether the steps strictly between `from` and `to` are one straight
    /// run (no branch into or out of it) that writes none of the registers
    /// of `slots`.
    fn untouched_between(&self, program: &Program, from: usize, to: usize, slots: &[Slot]) -> bool {
        let registers: Vec<usize> = slots
            .iter()
            .filter_map(|s| match s.source {
                SlotSource::Register { index, .. } => Some(index),
                _ => None,
            })
            .collect();
        if to <= from {
            return false;
        }
        let targets_between = program.steps.iter().any(|s| match &s.kind {
            StepKind::Branch { target } => (from + 1..=to).contains(target),
            StepKind::BranchIndexed { targets, .. } => {
                targets.iter().any(|t| (from + 1..=to).contains(t))
            }
            _ => false,
        });
        !targets_between
            && program.steps[from + 1..to].iter().all(|s| match &s.kind {
                StepKind::Exec { slots, .. } => !slots.iter().any(|w| {
                    w.access != OperandAccess::Read
                        && matches!(w.source, SlotSource::Register { index, .. } if registers.contains(&index))
                }),
                _ => false,
            })
    }

    fn op(&mut self, kind: &StepKind) -> Result<Op, LoadError> {
        Ok(match kind {
            StepKind::Exec { form, mods, slots } => {
                let mut mods = *mods;
                let operands: Vec<StepOperand> = slots
                    .iter()
                    .map(|s| self.operand(s))
                    .collect::<Result<_, _>>()?;
                // A device function's parameters and the `.param` variables
                // of call sequences lie in the thread's frame: their `.param`
                // accesses are `.local` accesses of it.
                if let Some(StateSpace::Param(scope)) = mods.space {
                    let in_frame = operands.iter().any(|o| matches!(o.src, Src::Frame(_)));
                    let register = operands.iter().any(|o| matches!(o.src, Src::RegPlus(..)));
                    let func = self.function.kind == FunctionKind::Func;
                    if in_frame || scope == ParamScope::Func || (func && register) {
                        mods.space = Some(StateSpace::Local);
                    }
                }
                exec_op(form.semantics, mods, operands.into_boxed_slice())
            }
            StepKind::Branch { target } => Op::Branch(*target as u32),
            StepKind::BranchIndexed { index, targets } => Op::BranchIndexed {
                index: self.operand(index)?,
                targets: targets.iter().map(|&t| t as u32).collect(),
            },
            StepKind::Call {
                callee,
                returns,
                args,
            } => {
                let args = args
                    .iter()
                    .map(|s| self.operand(s))
                    .collect::<Result<Box<[_]>, _>>()?;
                let returns = returns
                    .iter()
                    .map(|s| self.operand(s))
                    .collect::<Result<Box<[_]>, _>>()?;
                match callee {
                    ptx_core::Callee::Direct(name) => match self.loader.image.by_name.get(name) {
                        Some(&index) => {
                            if !self.code.calls.contains(&index) {
                                self.code.calls.push(index);
                            }
                            Op::Call {
                                callee: Callee::Direct(index),
                                args,
                                returns,
                            }
                        }
                        None => match Builtin::named(name) {
                            Some(builtin) => {
                                self.loader.image.uses_heap |= builtin.uses_heap();
                                Op::Builtin {
                                    builtin,
                                    args,
                                    returns,
                                }
                            }
                            None => {
                                return Err(LoadError::Unsupported {
                                    what: format!("the call of `{name}`"),
                                    detail: "the function is not defined in the module".into(),
                                });
                            }
                        },
                    },
                    ptx_core::Callee::Indirect(slot) => {
                        self.code.calls_indirect = true;
                        Op::Call {
                            callee: Callee::Indirect(self.operand(slot)?),
                            args,
                            returns,
                        }
                    }
                }
            }
            StepKind::Return => Op::Return,
            StepKind::Exit => Op::Exit,
        })
    }

    fn operand(&mut self, slot: &Slot) -> Result<StepOperand, LoadError> {
        let reg = |this: &Self, index: usize| (this.registers[index], this.register_bits[index]);
        Ok(match slot.source {
            SlotSource::Register { index, half } if half == ptx_core::NEGATED => operand(
                Src::NotPred(reg(self, index).0),
                slot.access,
                Some(ScalarType::Pred),
                1,
            ),
            SlotSource::Register { index, half } => {
                let (r, bits) = reg(self, index);
                let mut o = operand(
                    Src::Reg(r + u32::from(half)),
                    slot.access,
                    slot.ty,
                    if bits > 64 { 64 } else { bits },
                );
                if half == 1 {
                    o.write = super::code::Write::Raw;
                }
                o
            }
            SlotSource::Immediate(v) => operand(Src::Imm(v), slot.access, slot.ty, 64),
            SlotSource::Special {
                register,
                component,
            } => operand(special(register, component), slot.access, slot.ty, 64),
            SlotSource::Address { base, offset } => {
                let src = match base {
                    AddressBase::Absolute => Src::Imm(offset as u64),
                    AddressBase::Register(r) => Src::RegPlus(reg(self, r).0, offset),
                    AddressBase::Variable(v) => {
                        if let Some(name) = self.function_name_of(v) {
                            self.code.address_taken.push(name);
                        }
                        match self.homes[v] {
                            Home::Fixed(a) => Src::Imm(a.wrapping_add(offset as u64)),
                            Home::Frame(at) => Src::Frame(at as i64 + offset),
                            Home::Shared(id) => Src::Shared(id, offset),
                        }
                    }
                };
                operand(src, OperandAccess::Read, None, 64)
            }
            SlotSource::Sink | SlotSource::Absent => operand(Src::Sink, slot.access, slot.ty, 64),
        })
    }

    /// The function's name if lowered variable `v` names a function.
    fn function_name_of(&self, v: usize) -> Option<String> {
        match self.homes[v] {
            Home::Fixed(a) if a >= FUNCTION_BASE && self.functions.get(v).is_some_and(|f| *f) => {
                Some(self.names[v].clone())
            }
            _ => None,
        }
    }
}
