//! Kernel cases (`tests/data/kernels/FORMAT.md`, `tests/data/kernels/`): whole
//! launches of real kernels with every buffer's bytes before and after, as
//! an H100 left them, replayed through `ptx_sim::kernel`.
//!
//! A replay passes when every buffer's bytes after the launch equal the
//! recorded ones. A case the H100 did not compute the same way twice
//! (`"deterministic": false`, float atomics landing in another order) must
//! match exactly where the two recorded launches agree; elsewhere a value
//! is compared within a relative tolerance (1e-5 of the larger magnitude,
//! or the two launches' own spread if larger), and the outcome says how
//! many were.

use base64::Engine as _;
use ptx_sim::check::Checks;
use ptx_sim::driver::tensor_map::TensorMap;
use ptx_sim::fault::ThreadFault;
use ptx_sim::kernel::{
    Arg, Backend, Buffer, KernelError, KernelLaunch, KernelReport, LoadError, Module, Steps,
};
use serde::Deserialize;
use std::collections::{BTreeMap, HashMap};
use std::fmt;
use std::path::{Path, PathBuf};

/// One recorded launch.
#[derive(Clone, Debug, Deserialize)]
pub struct Case {
    /// `set/sample/kernel`.
    pub name: String,
    /// The PTX file, beside the case file in `modules/`.
    pub module: String,
    /// The `.entry` launched.
    pub entry: String,
    /// The grid, in CTAs.
    pub grid: [u32; 3],
    /// A CTA, in threads.
    pub block: [u32; 3],
    /// Dynamic shared memory, in bytes.
    pub shared_bytes: usize,
    /// The entry's arguments, in order.
    pub args: Vec<CaseArg>,
    /// Every buffer, by name.
    pub buffers: BTreeMap<String, CaseBuffer>,
    /// Whether two launches on the H100 gave the same bytes.
    pub deterministic: bool,
    /// Cluster dimensions given at launch, if any (a kernel's
    /// `.reqnctapercluster` needs none).
    #[serde(default)]
    pub cluster: Option<[u32; 3]>,
}

/// A kernel argument of a case.
#[derive(Clone, Debug, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum CaseArg {
    /// The address of the named buffer.
    Buf(String),
    /// A scalar.
    I32(i32),
    /// A scalar.
    U32(u32),
    /// A scalar.
    I64(i64),
    /// A scalar (0 where a pointer is expected: null).
    U64(u64),
    /// A scalar.
    F32(f32),
    /// A scalar.
    F64(f64),
    /// A tensor map over a buffer, passed by value (128 bytes), as
    /// `cuTensorMapEncodeTiled` or `cuTensorMapEncodeIm2col` builds it
    /// over the buffer's address.
    Tensormap(Box<TensorMapArg>),
}

/// How a case's tensor map is built: the encoder's parameters, over the
/// named buffer (`tests/data/kernels/FORMAT.md`).
#[derive(Clone, Debug, Deserialize)]
pub struct TensorMapArg {
    /// The buffer it describes.
    pub buf: String,
    /// The element type (`f16`, `f32`, `u8`, ...).
    pub dtype: String,
    /// Each dimension's size in elements, innermost first.
    pub dims: Vec<u64>,
    /// The byte strides of dimensions 1 and up.
    pub strides: Vec<u64>,
    /// The box (tile mode).
    #[serde(rename = "box", default)]
    pub box_dim: Vec<u32>,
    /// Each dimension's traversal stride.
    pub element_strides: Vec<u32>,
    /// Interleaving in bytes: 0, 16 or 32.
    #[serde(default)]
    pub interleave: u32,
    /// The swizzle: 0, 32, 64 or 128 bytes, or a 128-byte atom's name.
    #[serde(default)]
    pub swizzle: Swizzle,
    /// L2 promotion in bytes: 0, 64, 128 or 256.
    #[serde(default)]
    pub l2_promotion: u32,
    /// 1: NaN fill for elements outside the tensor (float types).
    #[serde(default)]
    pub oob_fill: u32,
    /// The im2col mode's parameters, for an im2col map.
    #[serde(default)]
    pub im2col: Option<Im2colArg>,
}

/// A tensor map's swizzle as a case writes it.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(untagged)]
pub enum Swizzle {
    /// None.
    #[default]
    None,
    /// 0, 32, 64 or 128 bytes.
    Bytes(u32),
    /// A 128-byte swizzle's atom (`128B_ATOM_32B`, ...).
    Named(String),
}

/// The im2col parameters of a case's tensor map.
#[derive(Clone, Debug, Deserialize)]
pub struct Im2colArg {
    /// The bounding box's lower corner.
    pub lower: Vec<i32>,
    /// Its upper corner.
    pub upper: Vec<i32>,
    /// Channels per pixel.
    pub channels: u32,
    /// Pixels per column.
    pub pixels: u32,
}

impl TensorMapArg {
    /// The map over a buffer at device address `address`.
    fn encode(&self, address: u64) -> Result<TensorMap, SetupError> {
        use ptx_sim::driver::tensor_map::{Interleave, L2Promotion, Swizzle as Sw, TensorDtype};
        let dtype = match self.dtype.as_str() {
            "u8" => TensorDtype::U8,
            "u16" => TensorDtype::U16,
            "u32" => TensorDtype::U32,
            "i32" => TensorDtype::I32,
            "u64" => TensorDtype::U64,
            "i64" => TensorDtype::I64,
            "f16" => TensorDtype::F16,
            "f32" => TensorDtype::F32,
            "f64" => TensorDtype::F64,
            "bf16" => TensorDtype::Bf16,
            "f32_ftz" => TensorDtype::F32Ftz,
            "tf32" => TensorDtype::Tf32,
            "tf32_ftz" => TensorDtype::Tf32Ftz,
            other => return Err(SetupError::TensorDtype(other.to_string())),
        };
        let interleave = match self.interleave {
            0 => Interleave::None,
            16 => Interleave::B16,
            32 => Interleave::B32,
            other => return Err(SetupError::Interleave(other)),
        };
        let swizzle = match &self.swizzle {
            Swizzle::None | Swizzle::Bytes(0) => Sw::None,
            Swizzle::Bytes(32) => Sw::B32,
            Swizzle::Bytes(64) => Sw::B64,
            Swizzle::Bytes(128) => Sw::B128,
            Swizzle::Named(n) if n == "128B_ATOM_32B" => Sw::B128Atom32,
            Swizzle::Named(n) if n == "128B_ATOM_32B_FLIP_8B" => Sw::B128Atom32Flip8,
            Swizzle::Named(n) if n == "128B_ATOM_64B" => Sw::B128Atom64,
            other => return Err(SetupError::Swizzle(other.clone())),
        };
        let l2 = match self.l2_promotion {
            0 => L2Promotion::None,
            64 => L2Promotion::B64,
            128 => L2Promotion::B128,
            256 => L2Promotion::B256,
            other => return Err(SetupError::L2Promotion(other)),
        };
        let rank = self.dims.len() as u32;
        let nan = self.oob_fill != 0;
        match &self.im2col {
            None => TensorMap::encode_tiled(
                dtype,
                rank,
                address,
                &self.dims,
                &self.strides,
                &self.box_dim,
                &self.element_strides,
                interleave,
                swizzle,
                l2,
                nan,
            ),
            Some(i) => TensorMap::encode_im2col(
                dtype,
                rank,
                address,
                &self.dims,
                &self.strides,
                &i.lower,
                &i.upper,
                i.channels,
                i.pixels,
                &self.element_strides,
                interleave,
                swizzle,
                l2,
                nan,
            ),
        }
        .map_err(|source| SetupError::TensorMap {
            buffer: self.buf.clone(),
            source,
        })
    }
}

/// A buffer of a case: its elements and its bytes before and after.
#[derive(Clone, Debug, Deserialize)]
pub struct CaseBuffer {
    /// The element type.
    pub dtype: Dtype,
    /// How many elements.
    pub len: usize,
    /// The bytes before the launch.
    #[serde(deserialize_with = "base64_bytes")]
    pub input: Vec<u8>,
    /// Whether the launch changed them.
    pub changed: bool,
    /// The bytes after the launch, where it changed them.
    #[serde(default, deserialize_with = "base64_opt")]
    pub output: Option<Vec<u8>>,
    /// A second launch's bytes, where they differed from the first's.
    #[serde(default, deserialize_with = "base64_opt")]
    pub output_alt: Option<Vec<u8>>,
}

impl CaseBuffer {
    /// The bytes the buffer must hold after the launch.
    pub fn expected(&self) -> &[u8] {
        self.output.as_deref().unwrap_or(&self.input)
    }
}

/// An element type of a buffer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
#[allow(missing_docs)]
pub enum Dtype {
    F32,
    F64,
    F16,
    Bf16,
    I8,
    U8,
    I16,
    U16,
    I32,
    U32,
    I64,
    U64,
}

/// The name a case file and the command line write (`u32`, `bf16`).
impl std::fmt::Display for Dtype {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Dtype::F32 => "f32",
            Dtype::F64 => "f64",
            Dtype::F16 => "f16",
            Dtype::Bf16 => "bf16",
            Dtype::I8 => "i8",
            Dtype::U8 => "u8",
            Dtype::I16 => "i16",
            Dtype::U16 => "u16",
            Dtype::I32 => "i32",
            Dtype::U32 => "u32",
            Dtype::I64 => "i64",
            Dtype::U64 => "u64",
        })
    }
}

impl Dtype {
    /// Bytes per element.
    pub fn size(self) -> usize {
        match self {
            Dtype::I8 | Dtype::U8 => 1,
            Dtype::F16 | Dtype::Bf16 | Dtype::I16 | Dtype::U16 => 2,
            Dtype::F32 | Dtype::I32 | Dtype::U32 => 4,
            Dtype::F64 | Dtype::I64 | Dtype::U64 => 8,
        }
    }

    /// Whether the elements are floating point.
    pub fn is_float(self) -> bool {
        matches!(self, Dtype::F32 | Dtype::F64 | Dtype::F16 | Dtype::Bf16)
    }

    /// The element of little-endian `bytes` as a number (floats widened to
    /// `f64`, integers exactly where `f64` holds them).
    pub fn value(self, bytes: &[u8]) -> f64 {
        let word = bytes
            .iter()
            .rev()
            .fold(0u64, |acc, &b| acc << 8 | u64::from(b));
        match self {
            Dtype::F32 => f64::from(f32::from_bits(word as u32)),
            Dtype::F64 => f64::from_bits(word),
            Dtype::F16 => half::f16::from_bits(word as u16).to_f64(),
            Dtype::Bf16 => half::bf16::from_bits(word as u16).to_f64(),
            Dtype::I8 => f64::from(word as u8 as i8),
            Dtype::U8 => f64::from(word as u8),
            Dtype::I16 => f64::from(word as u16 as i16),
            Dtype::U16 => f64::from(word as u16),
            Dtype::I32 => f64::from(word as u32 as i32),
            Dtype::U32 => f64::from(word as u32),
            Dtype::I64 => word as i64 as f64,
            Dtype::U64 => word as f64,
        }
    }

    /// The element of `bytes` as a person reads it: the number and its bits.
    pub fn show(self, bytes: &[u8]) -> String {
        let word = bytes
            .iter()
            .rev()
            .fold(0u64, |acc, &b| acc << 8 | u64::from(b));
        let digits = self.size() * 2;
        let number = match self {
            Dtype::I64 => (word as i64).to_string(),
            Dtype::U64 => word.to_string(),
            _ => format!("{}", self.value(bytes)),
        };
        format!("{number} ({word:#0width$x})", width = digits + 2)
    }
}

fn base64_bytes<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Vec<u8>, D::Error> {
    let text = String::deserialize(d)?;
    base64::engine::general_purpose::STANDARD
        .decode(text)
        .map_err(serde::de::Error::custom)
}

fn base64_opt<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<Vec<u8>>, D::Error> {
    let text: Option<String> = Option::deserialize(d)?;
    text.map(|t| {
        base64::engine::general_purpose::STANDARD
            .decode(t)
            .map_err(serde::de::Error::custom)
    })
    .transpose()
}

/// Reads every case of the case files `paths` (each `.jsonl` or
/// `.jsonl.gz`), each with the folder its modules are in (`modules/`
/// beside the file).
pub fn read_cases(paths: &[PathBuf]) -> Result<Vec<(Case, PathBuf)>, CasesError> {
    let mut out = Vec::new();
    for path in paths {
        let modules = path.parent().unwrap_or(Path::new(".")).join("modules");
        for value in crate::records::read_jsonl(path)? {
            let case: Case = serde_json::from_value(value).map_err(|source| CasesError::Case {
                path: path.clone(),
                source,
            })?;
            out.push((case, modules.clone()));
        }
    }
    Ok(out)
}

/// How a replay went.
#[derive(Clone, Debug, PartialEq)]
pub enum Outcome {
    /// Every buffer as recorded; where the H100's two launches differ, as
    /// `loose` says.
    Pass(Loose),
    /// Buffers that differ: a line per buffer naming its first differing
    /// element.
    Fail(Vec<String>),
    /// The launch did not run or faulted.
    Error(String),
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Pass(loose) if loose.is_empty() => f.write_str("pass"),
            Outcome::Pass(loose) => write!(f, "pass ({loose})"),
            Outcome::Fail(lines) => f.write_str(&lines.join("\n")),
            Outcome::Error(e) => f.write_str(e),
        }
    }
}

/// Why a case file could not be read.
#[derive(Debug, thiserror::Error)]
pub enum CasesError {
    /// The file, or a line of it, does not read as JSON.
    #[error(transparent)]
    Records(#[from] crate::records::RecordsError),
    /// A record that is not a case.
    #[error("{}: a case does not read: {source}", .path.display())]
    Case {
        /// The case file.
        path: PathBuf,
        /// Why.
        source: serde_json::Error,
    },
}

/// Why a case's module could not be had; kept by [`Modules`] (so
/// cloneable) and given again for each case of the same module.
#[derive(Clone, Debug, thiserror::Error)]
pub enum ModuleError {
    /// The module's file could not be read.
    #[error("{}: {source}", .path.display())]
    Read {
        /// The module's file.
        path: PathBuf,
        /// Why.
        source: std::sync::Arc<std::io::Error>,
    },
    /// The simulator does not load the module.
    #[error("{}: {source}", .path.display())]
    Load {
        /// The module's file.
        path: PathBuf,
        /// Why.
        source: LoadError,
    },
}

/// The modules of cases, each loaded once.
#[derive(Default)]
pub struct Modules {
    loaded: HashMap<PathBuf, Result<Module, ModuleError>>,
}

impl Modules {
    /// The module at `path`, loaded on first use.
    pub fn get(&mut self, path: &Path) -> Result<&Module, ModuleError> {
        self.loaded
            .entry(path.to_path_buf())
            .or_insert_with(|| {
                let text = std::fs::read_to_string(path).map_err(|e| ModuleError::Read {
                    path: path.to_path_buf(),
                    source: std::sync::Arc::new(e),
                })?;
                Module::from_ptx(&text).map_err(|source| ModuleError::Load {
                    path: path.to_path_buf(),
                    source,
                })
            })
            .as_ref()
            .map_err(Clone::clone)
    }
}

/// Replays `case` with its module `module`, on `workers` workers (the
/// default: as many as the machine has cores).
pub fn replay(case: &Case, module: &Module, workers: Option<usize>) -> Outcome {
    replay_steps(case, module, workers).0
}

/// [`replay`], with how much the launch ran (when it ran).
pub fn replay_steps(
    case: &Case,
    module: &Module,
    workers: Option<usize>,
) -> (Outcome, Option<Steps>) {
    let (outcome, report) = replay_report(case, module, workers);
    (outcome, report.map(|r| r.steps))
}

/// [`replay`], with the launch's report (when it ran): what it printed,
/// how much it ran.
pub fn replay_report(
    case: &Case,
    module: &Module,
    workers: Option<usize>,
) -> (Outcome, Option<KernelReport>) {
    replay_on(case, module, workers, Backend::Simulator)
}

/// [`replay_report`] on `backend`: the simulator's or the GPU's bytes
/// judged against the recorded ones; with [`Backend::Both`], the
/// simulator's judged against the GPU's of the same launch (where the
/// recorded launches disagreed, loosely, as against the record).
pub fn replay_on(
    case: &Case,
    module: &Module,
    workers: Option<usize>,
    backend: Backend,
) -> (Outcome, Option<KernelReport>) {
    replay_checked(case, module, workers, backend, None)
}

/// What the sanitizer's `checks` find in `case` (its module `module`),
/// with every other fault of the launch: one per finding, none if the
/// launch is clean; an error if it cannot be set up.
pub fn findings(
    case: &Case,
    module: &Module,
    checks: Checks,
) -> Result<Vec<ThreadFault>, FindingsError> {
    let mut launch = module.kernel(&case.entry)?;
    setup(case, &mut launch)?;
    match launch.checks(checks).run() {
        Ok(_) => Ok(Vec::new()),
        Err(KernelError::Faults(e)) => Ok(e.faults),
        Err(e) => Err(e.into()),
    }
}

/// Why a case's launch could not be set up from its record.
#[derive(Debug, thiserror::Error)]
pub enum SetupError {
    /// A buffer's input is not its elements' bytes.
    #[error("buffer `{buffer}`: {bytes} bytes of input for {elements} elements of {dtype:?}")]
    InputSize {
        /// The buffer.
        buffer: String,
        /// The input's bytes.
        bytes: usize,
        /// The buffer's elements.
        elements: usize,
        /// Their type.
        dtype: Dtype,
    },
    /// An argument or tensor map names a buffer the case does not have.
    #[error("argument names no buffer `{0}`")]
    NoBuffer(String),
    /// A tensor map's data type the simulator does not know.
    #[error("tensor map: no data type `{0}`")]
    TensorDtype(String),
    /// A tensor map's interleave that is not 0, 16 or 32 bytes.
    #[error("tensor map: no interleave of {0} bytes")]
    Interleave(u32),
    /// A tensor map's swizzle the simulator does not know.
    #[error("tensor map: no swizzle {0:?}")]
    Swizzle(Swizzle),
    /// A tensor map's L2 promotion that is not 0, 64, 128 or 256 bytes.
    #[error("tensor map: no L2 promotion of {0} bytes")]
    L2Promotion(u32),
    /// The tensor map's fields do not encode.
    #[error("tensor map over `{buffer}`: {source}")]
    TensorMap {
        /// The buffer it maps.
        buffer: String,
        /// Why.
        source: ptx_sim::driver::tensor_map::TensorMapError,
    },
}

/// Why [`findings`] could not run a case.
#[derive(Debug, thiserror::Error)]
pub enum FindingsError {
    /// The case's launch could not be set up.
    #[error(transparent)]
    Setup(#[from] SetupError),
    /// The kernel could not be launched, or failed otherwise than with
    /// faults.
    #[error(transparent)]
    Kernel(#[from] KernelError),
}

/// [`replay_on`] with the sanitizer's `checks` (`None`: the launch's
/// default, [`Checks::default_for_launch`]); what they find is the
/// launch's error.
pub fn replay_checked(
    case: &Case,
    module: &Module,
    workers: Option<usize>,
    backend: Backend,
    checks: Option<Checks>,
) -> (Outcome, Option<KernelReport>) {
    let mut launch = match module.kernel(&case.entry) {
        Ok(l) => l,
        Err(e) => return (Outcome::Error(e.to_string()), None),
    };
    let buffers = match setup(case, &mut launch) {
        Ok(b) => b,
        Err(e) => return (Outcome::Error(e.to_string()), None),
    };
    if let Some(n) = workers {
        launch.workers(n);
    }
    if let Some(checks) = checks {
        launch.checks(checks);
    }
    let report = match launch.backend(backend).run() {
        Ok(r) => r,
        Err(e) => return (Outcome::Error(e.to_string()), None),
    };
    let nondeterministic = case.buffers.values().any(|b| b.output_alt.is_some());
    let mut lines = Vec::new();
    let mut loose = Loose::default();
    for (name, buffer) in &case.buffers {
        let got = report.bytes(buffers[name]);
        let (judged, against) = match &report.gpu {
            Some(gpu) => (
                compare(
                    &against_gpu(buffer, gpu.bytes(buffers[name]), nondeterministic),
                    got,
                ),
                "against the GPU's, ",
            ),
            None => (compare(buffer, got), ""),
        };
        match judged {
            Ok(l) => loose.add(l),
            Err(mismatch) => lines.push(format!("buffer `{name}`: {against}{mismatch}")),
        }
    }
    let outcome = if lines.is_empty() {
        Outcome::Pass(loose)
    } else {
        Outcome::Fail(lines)
    };
    (outcome, Some(report))
}

/// `buffer` with the GPU's bytes `gpu` standing for the record. In a case
/// whose recorded launches disagreed, an element may vary where any of the
/// three launches (the two recorded, the GPU's) differ: the second bytes
/// the judge compares with hold, there, one that differs from the GPU's.
fn against_gpu(buffer: &CaseBuffer, gpu: &[u8], nondeterministic: bool) -> CaseBuffer {
    let alt = nondeterministic.then(|| {
        let first = buffer.expected();
        let second = buffer.output_alt.as_deref().unwrap_or(first);
        let size = buffer.dtype.size();
        fn sorted(bytes: &[u8], size: usize) -> Vec<&[u8]> {
            let mut v: Vec<&[u8]> = bytes.chunks_exact(size).collect();
            v.sort();
            v
        }
        // Integers the launches hold in other orders: judged as a multiset,
        // whole, as against the record.
        if !buffer.dtype.is_float() {
            for launch in [first, second] {
                if launch != gpu && sorted(launch, size) == sorted(gpu, size) {
                    return launch.to_vec();
                }
            }
        }
        let mut alt = gpu.to_vec();
        for (i, slot) in alt.chunks_exact_mut(size).enumerate() {
            let at = i * size..(i + 1) * size;
            let (g, a, b) = (&gpu[at.clone()], &first[at.clone()], &second[at]);
            if a != g {
                slot.copy_from_slice(a);
            } else if b != g {
                slot.copy_from_slice(b);
            }
        }
        alt
    });
    CaseBuffer {
        output: Some(gpu.to_vec()),
        output_alt: alt.filter(|a| a != gpu),
        ..buffer.clone()
    }
}

/// Registers the case's buffers with `launch` and gives it the arguments:
/// each buffer by name.
fn setup(
    case: &Case,
    launch: &mut KernelLaunch<'_>,
) -> Result<HashMap<String, Buffer>, SetupError> {
    let mut buffers = HashMap::new();
    for (name, b) in &case.buffers {
        if b.input.len() != b.len * b.dtype.size() {
            return Err(SetupError::InputSize {
                buffer: name.clone(),
                bytes: b.input.len(),
                elements: b.len,
                dtype: b.dtype,
            });
        }
        buffers.insert(name.clone(), launch.buffer(b.input.clone()));
    }
    for arg in &case.args {
        let arg = match arg {
            CaseArg::Buf(name) => Arg::Buffer(
                *buffers
                    .get(name)
                    .ok_or_else(|| SetupError::NoBuffer(name.clone()))?,
            ),
            CaseArg::I32(v) => Arg::I32(*v),
            CaseArg::U32(v) => Arg::U32(*v),
            CaseArg::I64(v) => Arg::I64(*v),
            CaseArg::U64(v) => Arg::U64(*v),
            CaseArg::F32(v) => Arg::F32(*v),
            CaseArg::F64(v) => Arg::F64(*v),
            CaseArg::Tensormap(t) => {
                let buffer = buffers
                    .get(&t.buf)
                    .ok_or_else(|| SetupError::NoBuffer(t.buf.clone()))?;
                Arg::Bytes(t.encode(buffer.addr)?.to_bytes().to_vec())
            }
        };
        launch.arg(arg);
    }
    launch
        .grid((case.grid[0], case.grid[1], case.grid[2]))
        .block((case.block[0], case.block[1], case.block[2]))
        .shared_bytes(case.shared_bytes);
    if let Some(c) = case.cluster {
        launch.cluster((c[0], c[1], c[2]));
    }
    Ok(buffers)
}

/// How the elements of a nondeterministic case that the H100's two
/// launches left different were judged.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Loose {
    /// Floats compared within the tolerance.
    pub tolerated: usize,
    /// Integers of a buffer the two launches hold in different orders,
    /// compared as a multiset.
    pub reordered: usize,
    /// Integers the two launches hold different values in (the last
    /// writer of an `atomicExch`): not judged.
    pub unjudged: usize,
}

impl Loose {
    /// Adds `other`'s counts.
    pub fn add(&mut self, other: Loose) {
        self.tolerated += other.tolerated;
        self.reordered += other.reordered;
        self.unjudged += other.unjudged;
    }

    /// Whether every element was compared exactly.
    pub fn is_empty(&self) -> bool {
        *self == Loose::default()
    }
}

impl fmt::Display for Loose {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} floats within the tolerance, {} integers as a multiset, {} integers not judged",
            self.tolerated, self.reordered, self.unjudged
        )
    }
}

/// How a buffer's bytes differ from the recorded ones ([`compare`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
enum Mismatch {
    /// Not as many bytes as recorded.
    #[error("{got} bytes, expected {expected}")]
    Length {
        /// How many bytes the launch gave.
        got: usize,
        /// How many were recorded.
        expected: usize,
    },
    /// An integer buffer the two recorded launches hold in different
    /// orders, whose values (as a multiset) are not the recorded ones.
    #[error(
        "its {elements} elements, which the H100's two launches hold in different orders, are not the same values here"
    )]
    Multiset {
        /// How many elements the buffer holds.
        elements: usize,
    },
    /// Elements that differ (outside the tolerance, where one applies):
    /// the first of them.
    #[error(
        "element {index} is {}, expected {} ({differing} of {elements} elements differ)",
        .dtype.show(.got),
        .dtype.show(.expected)
    )]
    Element {
        /// The first differing element's index.
        index: usize,
        /// The buffer's element type.
        dtype: Dtype,
        /// That element's bytes as the launch gave them.
        got: Vec<u8>,
        /// Its bytes as recorded.
        expected: Vec<u8>,
        /// How many elements differ.
        differing: usize,
        /// How many elements the buffer holds.
        elements: usize,
    },
}

/// Compares a buffer's bytes `got` with the recorded ones: how the
/// elements the H100's two launches left different were judged, or the
/// first element that differs.
///
/// Where the two launches agree, `got` must too. Where they differ, a
/// float is compared within the tolerance; an integer buffer whose two
/// launches hold the same values in another order (the slots of a
/// warp-aggregated `atomicAdd`) is compared as a multiset, whole; other
/// integers the launches hold different values in are left unjudged.
fn compare(buffer: &CaseBuffer, got: &[u8]) -> Result<Loose, Mismatch> {
    let expected = buffer.expected();
    let mut loose = Loose::default();
    if got == expected {
        return Ok(loose);
    }
    let size = buffer.dtype.size();
    if got.len() != expected.len() {
        return Err(Mismatch::Length {
            got: got.len(),
            expected: expected.len(),
        });
    }
    let n = expected.len() / size;
    let element = |bytes: &'_ [u8], i: usize| bytes[i * size..(i + 1) * size].to_vec();
    let sorted = |bytes: &[u8]| -> Vec<Vec<u8>> {
        let mut v: Vec<Vec<u8>> = bytes.chunks_exact(size).map(<[u8]>::to_vec).collect();
        v.sort();
        v
    };
    let alt = buffer.output_alt.as_deref();
    if let Some(alt) = alt
        && !buffer.dtype.is_float()
        && sorted(expected) == sorted(alt)
    {
        if sorted(got) != sorted(expected) {
            return Err(Mismatch::Multiset { elements: n });
        }
        loose.reordered = n;
        return Ok(loose);
    }
    let mut first = None;
    let mut differing = 0;
    for i in 0..n {
        let (e, g) = (element(expected, i), element(got, i));
        match alt.map(|a| element(a, i)) {
            Some(o) if o != e && !buffer.dtype.is_float() => {
                loose.unjudged += 1;
                continue;
            }
            _ if e == g => continue,
            Some(o) if o != e => {
                let (ev, gv, ov) = (
                    buffer.dtype.value(&e),
                    buffer.dtype.value(&g),
                    buffer.dtype.value(&o),
                );
                let bound = (1e-5 * ev.abs().max(gv.abs())).max((ev - ov).abs());
                if (ev - gv).abs() <= bound {
                    loose.tolerated += 1;
                    continue;
                }
            }
            _ => {}
        }
        differing += 1;
        first.get_or_insert((i, e, g));
    }
    match first {
        None => Ok(loose),
        Some((index, expected, got)) => Err(Mismatch::Element {
            index,
            dtype: buffer.dtype,
            got,
            expected,
            differing,
            elements: n,
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(v: &[u32]) -> Vec<u8> {
        v.iter().flat_map(|w| w.to_le_bytes()).collect()
    }

    #[test]
    fn against_the_gpu_an_element_varies_where_any_of_three_launches_differ() {
        // Recorded: [1, 2, 3] then [1, 5, 3]; the GPU gave [1, 7, 4].
        let buffer = CaseBuffer {
            dtype: Dtype::U32,
            len: 3,
            input: words(&[0, 0, 0]),
            changed: true,
            output: Some(words(&[1, 2, 3])),
            output_alt: Some(words(&[1, 5, 3])),
        };
        let judged = against_gpu(&buffer, &words(&[1, 7, 4]), true);
        // Element 0 agreed everywhere: it must agree here; 1 and 2 varied.
        assert_eq!(
            compare(&judged, &words(&[1, 9, 9])),
            Ok(Loose {
                unjudged: 2,
                ..Loose::default()
            })
        );
        assert_eq!(
            compare(&judged, &words(&[0, 7, 4])),
            Err(Mismatch::Element {
                index: 0,
                dtype: Dtype::U32,
                got: words(&[0]),
                expected: words(&[1]),
                differing: 1,
                elements: 3,
            })
        );
        // Launches that hold the same values in other orders: a multiset.
        let reordered = against_gpu(&buffer, &words(&[2, 1, 3]), true);
        assert!(compare(&reordered, &words(&[3, 2, 1])).is_ok());
        // A deterministic case is held to the GPU's bytes exactly.
        let exact = against_gpu(&buffer, &words(&[1, 7, 4]), false);
        assert!(compare(&exact, &words(&[1, 7, 4])).is_ok());
        assert_eq!(
            compare(&exact, &words(&[1, 2, 4])).map_err(|m| m.to_string()),
            Err(
                "element 1 is 2 (0x00000002), expected 7 (0x00000007) (1 of 3 elements differ)"
                    .into()
            )
        );
    }

    #[test]
    fn a_mismatch_says_what_differs() {
        // Recorded [1, 2, 3] once, then [3, 2, 1]: the same values in
        // another order, so the buffer is judged as a multiset.
        let buffer = CaseBuffer {
            dtype: Dtype::U32,
            len: 3,
            input: words(&[0, 0, 0]),
            changed: true,
            output: Some(words(&[1, 2, 3])),
            output_alt: Some(words(&[3, 2, 1])),
        };
        assert_eq!(
            compare(&buffer, &words(&[2, 3, 1])),
            Ok(Loose {
                reordered: 3,
                ..Loose::default()
            })
        );
        let multiset = compare(&buffer, &words(&[1, 2, 4]));
        assert_eq!(multiset, Err(Mismatch::Multiset { elements: 3 }));
        // Two u32 elements are 8 bytes; three were recorded (12).
        let short = compare(&buffer, &words(&[1, 2]));
        assert_eq!(
            short,
            Err(Mismatch::Length {
                got: 8,
                expected: 12
            })
        );
        assert_eq!(
            short.map_err(|m| m.to_string()),
            Err("8 bytes, expected 12".into())
        );
    }
}
