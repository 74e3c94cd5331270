//! Tensor maps (`CUtensorMap`): the 128-byte descriptor of a tensor in
//! global memory that bulk tensor copies (`cp.async.bulk.tensor`) read,
//! built here the way the CUDA driver's `cuTensorMapEncodeTiled` builds
//! it, byte for byte, and decoded the way a copy reads it.
//!
//! The layout and the encoder's rules were measured on an H100 (driver
//! 580, CUDA 13.0): `tools/tensormap-probe/probe.py` called the driver
//! 2,259 times over every field, and this encoder reproduces each of the
//! 959 tiled maps it returned and refuses the same inputs
//! (`docs/tensor-maps.md` has the table).
//!
//! ```
//! use ptx_sim::sem::tensormap::{Interleave, L2Promotion, Swizzle, TensorDtype, TensorMap};
//! // A 64x32 f16 matrix, rows of 128 bytes, copied in 16x8 boxes.
//! let map = TensorMap::encode_tiled(
//!     TensorDtype::F16, 2, 0x7f00_0000_1000, &[64, 32], &[128], &[16, 8], &[1, 1],
//!     Interleave::None, Swizzle::None, L2Promotion::None, false,
//! ).unwrap();
//! let bytes = map.to_bytes();
//! assert_eq!(&bytes[0..8], &0x7f00_0000_1000u64.to_le_bytes());
//! assert_eq!(TensorMap::from_bytes(&bytes).unwrap(), map);
//! // A box wider than 256 elements is refused, naming the field.
//! let err = TensorMap::encode_tiled(
//!     TensorDtype::F16, 2, 0x7f00_0000_1000, &[64, 32], &[128], &[512, 8], &[1, 1],
//!     Interleave::None, Swizzle::None, L2Promotion::None, false,
//! ).unwrap_err();
//! assert_eq!(err.field, "boxDim[0]");
//! ```

use std::fmt;

/// A tensor's element type (`CUtensorMapDataType`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum TensorDtype {
    U8,
    U16,
    U32,
    I32,
    U64,
    I64,
    F16,
    F32,
    F64,
    Bf16,
    F32Ftz,
    Tf32,
    Tf32Ftz,
}

impl TensorDtype {
    /// Every type, in the order of CUDA's enum (its value is the index).
    const ALL: [TensorDtype; 13] = [
        TensorDtype::U8,
        TensorDtype::U16,
        TensorDtype::U32,
        TensorDtype::I32,
        TensorDtype::U64,
        TensorDtype::I64,
        TensorDtype::F16,
        TensorDtype::F32,
        TensorDtype::F64,
        TensorDtype::Bf16,
        TensorDtype::F32Ftz,
        TensorDtype::Tf32,
        TensorDtype::Tf32Ftz,
    ];

    /// The bytes of one element.
    ///
    /// ```
    /// use ptx_sim::sem::tensormap::TensorDtype;
    /// assert_eq!(TensorDtype::Bf16.size(), 2);
    /// ```
    pub fn size(self) -> u64 {
        match self {
            TensorDtype::U8 => 1,
            TensorDtype::U16 | TensorDtype::F16 | TensorDtype::Bf16 => 2,
            TensorDtype::U64 | TensorDtype::I64 | TensorDtype::F64 => 8,
            _ => 4,
        }
    }

    /// Its value in CUDA's enum.
    pub fn value(self) -> u32 {
        Self::ALL.iter().position(|&t| t == self).unwrap_or(0) as u32
    }

    /// The type of CUDA enum value `v`, if it is one the H100 takes (the
    /// packed 4- and 6-bit types are refused).
    pub fn from_value(v: u32) -> Option<TensorDtype> {
        Self::ALL.get(v as usize).copied()
    }

    /// Whether elements are floating point (the NaN fill needs one).
    pub fn is_float(self) -> bool {
        !matches!(
            self,
            TensorDtype::U8
                | TensorDtype::U16
                | TensorDtype::U32
                | TensorDtype::I32
                | TensorDtype::U64
                | TensorDtype::I64
        )
    }

    /// The map's 4-bit type code and its TF32 bit: the hardware's own
    /// numbering, which differs from the enum's past `f32`.
    fn code(self) -> (u32, bool) {
        match self {
            TensorDtype::F64 => (9, false),
            TensorDtype::Bf16 => (10, false),
            TensorDtype::F32Ftz => (8, false),
            TensorDtype::Tf32 => (7, true),
            TensorDtype::Tf32Ftz => (8, true),
            other => (other.value(), false),
        }
    }

    /// The type of a map's code and TF32 bit.
    fn from_code(code: u32, tf32: bool) -> Option<TensorDtype> {
        Self::ALL.into_iter().find(|t| t.code() == (code, tf32))
    }
}

/// How elements are interleaved in global memory
/// (`CUtensorMapInterleave`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Interleave {
    /// Not interleaved.
    None,
    /// 16-byte interleaving.
    B16,
    /// 32-byte interleaving.
    B32,
}

/// How a box's rows are swizzled in shared memory
/// (`CUtensorMapSwizzle`); the 128-byte atom variants are sm_100's and
/// the H100's driver refuses them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Swizzle {
    /// Rows as they are.
    None,
    /// 16-byte chunks exchanged within 32 bytes.
    B32,
    /// Within 64 bytes.
    B64,
    /// Within 128 bytes.
    B128,
    /// `CU_TENSOR_MAP_SWIZZLE_128B_ATOM_32B`.
    B128Atom32,
    /// `CU_TENSOR_MAP_SWIZZLE_128B_ATOM_32B_FLIP_8B`.
    B128Atom32Flip8,
    /// `CU_TENSOR_MAP_SWIZZLE_128B_ATOM_64B`.
    B128Atom64,
}

impl Swizzle {
    /// The span whose 16-byte chunks trade places, in bytes (0: none).
    pub fn span(self) -> u64 {
        match self {
            Swizzle::None => 0,
            Swizzle::B32 => 32,
            Swizzle::B64 => 64,
            _ => 128,
        }
    }
}

/// How far the L2 cache fetches around a copy (`CUtensorMapL2promotion`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum L2Promotion {
    None,
    B64,
    B128,
    B256,
}

/// How a copy addresses the tensor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Boxes of `box_dim` elements (each dimension, innermost first).
    Tiled {
        /// The box.
        box_dim: [u32; 5],
    },
}

/// A decoded tensor map.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TensorMap {
    /// The tensor's global address.
    pub address: u64,
    /// The element type.
    pub dtype: TensorDtype,
    /// Its dimensions, 1 to 5.
    pub rank: u32,
    /// Each dimension's size in elements, innermost first (1 past the rank).
    pub dims: [u64; 5],
    /// Each dimension's stride in bytes: the element size, then those
    /// given (0 past the rank).
    pub strides: [u64; 5],
    /// Each dimension's traversal stride, 1 to 8.
    pub element_strides: [u32; 5],
    /// The interleaving.
    pub interleave: Interleave,
    /// The swizzle.
    pub swizzle: Swizzle,
    /// The L2 promotion.
    pub l2_promotion: L2Promotion,
    /// Whether elements outside the tensor load as NaN (float types) rather
    /// than zero.
    pub oob_nan: bool,
    /// How copies address it.
    pub mode: Mode,
}

/// An input the encoder refuses (the driver's `CUDA_ERROR_INVALID_VALUE`),
/// or 128 bytes that are no map: the field and what is wrong with it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TensorMapError {
    /// The driver parameter's name (`boxDim[0]`, `globalStrides[1]`, ...).
    pub field: &'static str,
    /// What is wrong.
    pub detail: String,
}

impl fmt::Display for TensorMapError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.field, self.detail)
    }
}

impl std::error::Error for TensorMapError {}

/// The most bytes a box may have: a CTA's shared memory on an H100.
const MAX_BOX_BYTES: u64 = 227 * 1024;

/// Names of the indexed fields, by index.
const DIM: [&str; 5] = [
    "globalDim[0]",
    "globalDim[1]",
    "globalDim[2]",
    "globalDim[3]",
    "globalDim[4]",
];
const STRIDE: [&str; 4] = [
    "globalStrides[0]",
    "globalStrides[1]",
    "globalStrides[2]",
    "globalStrides[3]",
];
const BOX: [&str; 5] = [
    "boxDim[0]",
    "boxDim[1]",
    "boxDim[2]",
    "boxDim[3]",
    "boxDim[4]",
];
const ELEMENT: [&str; 5] = [
    "elementStrides[0]",
    "elementStrides[1]",
    "elementStrides[2]",
    "elementStrides[3]",
    "elementStrides[4]",
];

fn refuse<T>(field: &'static str, detail: impl Into<String>) -> Result<T, TensorMapError> {
    Err(TensorMapError {
        field,
        detail: detail.into(),
    })
}

impl TensorMap {
    /// What `cuTensorMapEncodeTiled` builds from the same arguments
    /// (`strides`: the byte strides of dimensions 1 and up), refusing what
    /// it refuses, each refusal naming the parameter and the rule.
    #[allow(clippy::too_many_arguments)]
    pub fn encode_tiled(
        dtype: TensorDtype,
        rank: u32,
        address: u64,
        dims: &[u64],
        strides: &[u64],
        box_dim: &[u32],
        element_strides: &[u32],
        interleave: Interleave,
        swizzle: Swizzle,
        l2_promotion: L2Promotion,
        oob_nan: bool,
    ) -> Result<TensorMap, TensorMapError> {
        if !(1..=5).contains(&rank) {
            return refuse("tensorRank", format!("{rank} is not 1 to 5"));
        }
        let r = rank as usize;
        if dims.len() < r || box_dim.len() < r || element_strides.len() < r || strides.len() + 1 < r
        {
            return refuse(
                "tensorRank",
                format!("{rank} dimensions, fewer values given"),
            );
        }
        if interleave != Interleave::None && rank < 3 {
            return refuse(
                "interleave",
                "an interleaved tensor needs at least 3 dimensions",
            );
        }
        if matches!(
            swizzle,
            Swizzle::B128Atom32 | Swizzle::B128Atom32Flip8 | Swizzle::B128Atom64
        ) {
            return refuse("swizzle", "the 128-byte atom swizzles need sm_100");
        }
        let align = if interleave == Interleave::B32 {
            32
        } else {
            16
        };
        if !address.is_multiple_of(align) {
            return refuse(
                "globalAddress",
                format!("{address:#x} is not {align}-byte aligned"),
            );
        }
        if address >= 1 << 57 {
            return refuse("globalAddress", format!("{address:#x} is past 2^57"));
        }
        let mut map = TensorMap {
            address,
            dtype,
            rank,
            dims: [1; 5],
            strides: [0; 5],
            element_strides: [1; 5],
            interleave,
            swizzle,
            l2_promotion,
            oob_nan,
            mode: Mode::Tiled { box_dim: [1; 5] },
        };
        map.strides[0] = dtype.size();
        for i in 0..r {
            if !(1..=1 << 32).contains(&dims[i]) {
                return refuse(DIM[i], format!("{} is not 1 to 2^32", dims[i]));
            }
            map.dims[i] = dims[i];
        }
        for i in 1..r {
            let s = strides[i - 1];
            if !s.is_multiple_of(align) || s >= 1 << 40 {
                return refuse(
                    STRIDE[i - 1],
                    format!("{s} is not a multiple of {align} below 2^40"),
                );
            }
            map.strides[i] = s;
        }
        let mut boxed = [1u32; 5];
        for i in 0..r {
            if !(1..=256).contains(&box_dim[i]) {
                return refuse(BOX[i], format!("{} is not 1 to 256", box_dim[i]));
            }
            if !(1..=8).contains(&element_strides[i]) {
                return refuse(ELEMENT[i], format!("{} is not 1 to 8", element_strides[i]));
            }
            boxed[i] = box_dim[i];
            map.element_strides[i] = element_strides[i];
        }
        let row = u64::from(box_dim[0]) * dtype.size();
        if interleave == Interleave::None {
            if !row.is_multiple_of(16) {
                return refuse(
                    BOX[0],
                    format!("a box row of {row} bytes is not a multiple of 16"),
                );
            }
            if swizzle != Swizzle::None && row > swizzle.span() {
                return refuse(
                    BOX[0],
                    format!(
                        "a box row of {row} bytes is wider than the {}-byte swizzle",
                        swizzle.span()
                    ),
                );
            }
        }
        if oob_nan && !dtype.is_float() {
            return refuse("oobFill", "the NaN fill needs a floating-point type");
        }
        map.mode = Mode::Tiled { box_dim: boxed };
        let bytes = map.box_bytes();
        if bytes > MAX_BOX_BYTES {
            return refuse(
                "boxDim",
                format!("a box of {bytes} bytes is more than the {MAX_BOX_BYTES} of shared memory"),
            );
        }
        Ok(map)
    }

    /// The box's bytes as the map records them: each dimension's box
    /// divided by its traversal stride, rounded down.
    fn box_bytes(&self) -> u64 {
        let Mode::Tiled { box_dim } = self.mode;
        (0..self.rank as usize)
            .map(|i| u64::from(box_dim[i] / self.element_strides[i]))
            .product::<u64>()
            * self.dtype.size()
    }

    /// The 128 bytes the driver writes.
    pub fn to_bytes(&self) -> [u8; 128] {
        let mut w = [0u32; 32];
        let r = self.rank as usize;
        w[0] = self.address as u32;
        w[1] = (self.address >> 32) as u32;
        let (code, tf32) = self.dtype.code();
        let interleave = match self.interleave {
            Interleave::None => 0,
            Interleave::B16 => 1,
            Interleave::B32 => 2,
        };
        let swizzle = match self.swizzle {
            Swizzle::None => 0,
            Swizzle::B32 => 1,
            Swizzle::B64 => 2,
            _ => 3,
        };
        let l2 = match self.l2_promotion {
            L2Promotion::None => 0,
            L2Promotion::B64 => 1,
            L2Promotion::B128 => 2,
            L2Promotion::B256 => 3,
        };
        w[2] = (self.rank - 1) << 4
            | code << 7
            | interleave << 11
            | swizzle << 13
            | u32::from(self.oob_nan) << 15
            | u32::from(tf32) << 16
            | l2 << 17;
        for i in 1..r {
            let v = self.strides[i] >> 4;
            w[2 + i] = v as u32;
            w[7] |= ((v >> 32) as u32) << (4 * (i - 1));
        }
        for i in 0..r {
            w[8 + i] = (self.dims[i] - 1) as u32;
        }
        let Mode::Tiled { box_dim } = self.mode;
        for i in 0..r {
            w[13] |= (self.element_strides[i] - 1) << (3 * i);
        }
        w[13] |= (box_dim[0] - 1) << 24;
        for (i, &b) in box_dim.iter().enumerate().take(r).skip(1) {
            w[14] |= (b - 1) << (8 * (i - 1));
        }
        w[16] = self.box_bytes() as u32;
        w[18] = match self.swizzle.span() {
            0 => 16,
            span => span as u32 * 8,
        };
        let mut out = [0u8; 128];
        for (chunk, v) in out.chunks_exact_mut(4).zip(w) {
            chunk.copy_from_slice(&v.to_le_bytes());
        }
        out
    }

    /// Decodes the 128 bytes a copy reads; bytes that are no map the H100
    /// would take are an error naming the field.
    pub fn from_bytes(bytes: &[u8; 128]) -> Result<TensorMap, TensorMapError> {
        let w: Vec<u32> = bytes
            .chunks_exact(4)
            .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect();
        let address = u64::from(w[0]) | u64::from(w[1]) << 32;
        if w[2] & 1 != 0 {
            return refuse(
                "mode",
                "an im2col map, which the simulator does not model yet",
            );
        }
        let rank = (w[2] >> 4 & 7) + 1;
        let dtype =
            TensorDtype::from_code(w[2] >> 7 & 0xf, w[2] >> 16 & 1 != 0).ok_or_else(|| {
                TensorMapError {
                    field: "tensorDataType",
                    detail: format!("code {} is no type", w[2] >> 7 & 0xf),
                }
            })?;
        let interleave = match w[2] >> 11 & 3 {
            0 => Interleave::None,
            1 => Interleave::B16,
            2 => Interleave::B32,
            v => return refuse("interleave", format!("code {v} is no interleave")),
        };
        let swizzle =
            [Swizzle::None, Swizzle::B32, Swizzle::B64, Swizzle::B128][(w[2] >> 13 & 3) as usize];
        let l2_promotion = [
            L2Promotion::None,
            L2Promotion::B64,
            L2Promotion::B128,
            L2Promotion::B256,
        ][(w[2] >> 17 & 3) as usize];
        let r = rank as usize;
        if rank > 5 {
            return refuse("tensorRank", format!("{rank} is not 1 to 5"));
        }
        let mut dims = [1u64; 5];
        let mut strides = [0u64; 5];
        let mut element_strides = [1u32; 5];
        let mut box_dim = [1u32; 5];
        strides[0] = dtype.size();
        for i in 0..r {
            dims[i] = u64::from(w[8 + i]) + 1;
            element_strides[i] = (w[13] >> (3 * i) & 7) + 1;
        }
        for i in 1..r {
            let high = u64::from(w[7] >> (4 * (i - 1)) & 0xf);
            strides[i] = (u64::from(w[2 + i]) | high << 32) << 4;
        }
        box_dim[0] = (w[13] >> 24) + 1;
        for (i, b) in box_dim.iter_mut().enumerate().take(r).skip(1) {
            *b = (w[14] >> (8 * (i - 1)) & 0xff) + 1;
        }
        Ok(TensorMap {
            address,
            dtype,
            rank,
            dims,
            strides,
            element_strides,
            interleave,
            swizzle,
            l2_promotion,
            oob_nan: w[2] >> 15 & 1 != 0,
            mode: Mode::Tiled { box_dim },
        })
    }
}
