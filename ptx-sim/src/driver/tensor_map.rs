//! Tensor maps (`CUtensorMap`): the 128-byte descriptor of a tensor in
//! global memory that bulk tensor copies (`cp.async.bulk.tensor`) read,
//! built here the way the CUDA driver's `cuTensorMapEncodeTiled` and
//! `cuTensorMapEncodeIm2col` build it, byte for byte, and decoded the way a
//! copy reads it.
//!
//! The layout and the encoder's rules were measured on an H100 (driver
//! 580, CUDA 13.0): `tools/generators/tensormap-probe/probe.py` called the driver
//! 2,259 times over every field (1,490 maps written, 769 refused), and
//! `tools/generators/tensormap-probe/model.py`, which this module follows rule for
//! rule, reproduces all of them (`docs/tensor-maps.md` has the table).
//!
//! Words are 32-bit little-endian; the driver writes all 128 bytes, zero
//! where no field is:
//!
//! | word | bits | field |
//! | --- | --- | --- |
//! | 0-1 | all | global address |
//! | 2 | 0 | im2col |
//! | 2 | 4-6 | rank - 1 |
//! | 2 | 7-10 | type code (see [`TensorDtype`]) |
//! | 2 | 11-12 | interleave |
//! | 2 | 13-14 | swizzle |
//! | 2 | 15 | NaN fill |
//! | 2 | 16 | TF32 |
//! | 2 | 17-18 | L2 promotion |
//! | 3-6 | all | byte strides of dimensions 1-4, >> 4, low 32 bits |
//! | 7 | 4(i-1)..4i-1 | bits 32-35 of stride i >> 4 |
//! | 8-12 | all | dimension sizes - 1 |
//! | 13 | 3i..3i+2 | element stride i - 1 |
//! | 13 | 24-31 | box dimension 0 (im2col: channels per pixel) - 1 |
//! | 14 | | tiled: box dimensions 1-4 - 1, 8 bits each; im2col: the corners |
//! | 15 | all | im2col: pixels per column - 1 |
//! | 16 | all | the box's bytes |
//! | 18 | all | 16 without a swizzle, else 8 x the swizzle span |
//!
//! ```
//! use ptx_sim::driver::tensor_map::{Interleave, L2Promotion, Swizzle, TensorDtype, TensorMap};
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

/// A tensor's element type (`CUtensorMapDataType`); the discriminant is
/// CUDA's enum value.
///
/// ```
/// use ptx_sim::driver::tensor_map::TensorDtype;
/// assert_eq!(TensorDtype::from_value(9), Some(TensorDtype::Bf16));
/// assert_eq!(TensorDtype::Bf16.value(), 9);
/// assert_eq!(TensorDtype::from_value(16), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TensorDtype {
    /// `CU_TENSOR_MAP_DATA_TYPE_UINT8`.
    U8 = 0,
    /// `UINT16`.
    U16,
    /// `UINT32`.
    U32,
    /// `INT32`.
    I32,
    /// `UINT64`.
    U64,
    /// `INT64`.
    I64,
    /// `FLOAT16`.
    F16,
    /// `FLOAT32`.
    F32,
    /// `FLOAT64`.
    F64,
    /// `BFLOAT16`.
    Bf16,
    /// `FLOAT32_FTZ`.
    F32Ftz,
    /// `TFLOAT32`.
    Tf32,
    /// `TFLOAT32_FTZ`.
    Tf32Ftz,
    /// `16U4_ALIGN8B`: 4-bit values, 16 packed in 8 bytes (sm_100; the
    /// H100's driver refuses it).
    U4Align8,
    /// `16U4_ALIGN16B`: 4-bit values, 16 of them per 16 bytes (sm_100).
    U4Align16,
    /// `16U6_ALIGN16B`: 6-bit values, 16 of them per 16 bytes (sm_100).
    U6Align16,
}

impl TensorDtype {
    /// Every type, in the order of CUDA's enum (its value is the index).
    pub const ALL: [TensorDtype; 16] = [
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
        TensorDtype::U4Align8,
        TensorDtype::U4Align16,
        TensorDtype::U6Align16,
    ];

    /// The bytes of one element; 0 for the packed 4- and 6-bit types,
    /// whose elements are not whole bytes (see [`TensorDtype::size_bits`]).
    ///
    /// ```
    /// use ptx_sim::driver::tensor_map::TensorDtype;
    /// assert_eq!(TensorDtype::Bf16.size(), 2);
    /// assert_eq!(TensorDtype::U4Align8.size(), 0);
    /// ```
    pub fn size(self) -> u64 {
        self.size_bits() / 8
    }

    /// The bits of one element as the driver counts them: the packed types
    /// count each 4- or 6-bit value as an element (`globalDim[0]` and
    /// `boxDim[0]` are in such values).
    ///
    /// ```
    /// use ptx_sim::driver::tensor_map::TensorDtype;
    /// assert_eq!(TensorDtype::F64.size_bits(), 64);
    /// assert_eq!(TensorDtype::U6Align16.size_bits(), 6);
    /// ```
    pub fn size_bits(self) -> u64 {
        match self {
            TensorDtype::U8 => 8,
            TensorDtype::U16 | TensorDtype::F16 | TensorDtype::Bf16 => 16,
            TensorDtype::U64 | TensorDtype::I64 | TensorDtype::F64 => 64,
            TensorDtype::U4Align8 | TensorDtype::U4Align16 => 4,
            TensorDtype::U6Align16 => 6,
            _ => 32,
        }
    }

    /// Its value in CUDA's enum.
    pub fn value(self) -> u32 {
        self as u32
    }

    /// The type of CUDA enum value `v` (`None` past the enum).
    pub fn from_value(v: u32) -> Option<TensorDtype> {
        Self::ALL.get(v as usize).copied()
    }

    /// Whether it is one of the packed 4- and 6-bit types (which the H100
    /// refuses).
    pub fn is_packed(self) -> bool {
        matches!(
            self,
            TensorDtype::U4Align8 | TensorDtype::U4Align16 | TensorDtype::U6Align16
        )
    }

    /// Whether elements are floating point (the NaN fill needs one).
    ///
    /// ```
    /// use ptx_sim::driver::tensor_map::TensorDtype;
    /// assert!(TensorDtype::Tf32.is_float());
    /// assert!(!TensorDtype::I32.is_float());
    /// ```
    pub fn is_float(self) -> bool {
        matches!(
            self,
            TensorDtype::F16
                | TensorDtype::F32
                | TensorDtype::F64
                | TensorDtype::Bf16
                | TensorDtype::F32Ftz
                | TensorDtype::Tf32
                | TensorDtype::Tf32Ftz
        )
    }

    /// The map's 4-bit type code (word 2 bits 7-10) and its TF32 bit (bit
    /// 16): the hardware's own numbering, which follows the enum up to
    /// `f32` and then differs. `None` for the packed types, which the H100
    /// has no code for.
    fn code(self) -> Option<(u32, bool)> {
        Some(match self {
            TensorDtype::F64 => (9, false),
            TensorDtype::Bf16 => (10, false),
            TensorDtype::F32Ftz => (8, false),
            TensorDtype::Tf32 => (7, true),
            TensorDtype::Tf32Ftz => (8, true),
            t if t.is_packed() => return None,
            other => (other.value(), false),
        })
    }

    /// The type of a map's code and TF32 bit.
    fn from_code(code: u32, tf32: bool) -> Option<TensorDtype> {
        Self::ALL
            .into_iter()
            .find(|t| t.code() == Some((code, tf32)))
    }
}

/// How elements are interleaved in global memory
/// (`CUtensorMapInterleave`).
///
/// ```
/// use ptx_sim::driver::tensor_map::Interleave;
/// assert_eq!(Interleave::from_value(2), Some(Interleave::B32));
/// assert_eq!(Interleave::B32.value(), 2);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Interleave {
    /// Not interleaved.
    None = 0,
    /// 16-byte interleaving.
    B16,
    /// 32-byte interleaving (the address and strides then need 32-byte
    /// alignment).
    B32,
}

impl Interleave {
    /// Its value in CUDA's enum (also its 2-bit code in the map).
    pub fn value(self) -> u32 {
        self as u32
    }

    /// The interleave of CUDA enum value `v`.
    pub fn from_value(v: u32) -> Option<Interleave> {
        [Interleave::None, Interleave::B16, Interleave::B32]
            .get(v as usize)
            .copied()
    }

    /// The bytes of one slice of dimension 0, the unit an interleaved
    /// copy counts that dimension in; `None` without interleave.
    ///
    /// ```
    /// use ptx_sim::driver::tensor_map::Interleave;
    /// assert_eq!(Interleave::B32.bytes(), Some(32));
    /// assert_eq!(Interleave::None.bytes(), None);
    /// ```
    pub fn bytes(self) -> Option<u64> {
        match self {
            Interleave::None => None,
            Interleave::B16 => Some(16),
            Interleave::B32 => Some(32),
        }
    }
}

/// How a box's rows are swizzled in shared memory
/// (`CUtensorMapSwizzle`); the 128-byte atom variants are sm_100's and
/// the H100's driver refuses them.
///
/// ```
/// use ptx_sim::driver::tensor_map::Swizzle;
/// assert_eq!(Swizzle::from_value(3), Some(Swizzle::B128));
/// assert_eq!(Swizzle::B64.span(), 64);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Swizzle {
    /// Rows as they are.
    None = 0,
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

    /// Its value in CUDA's enum (for `None` to `B128`, also its 2-bit code
    /// in the map).
    pub fn value(self) -> u32 {
        self as u32
    }

    /// The swizzle of CUDA enum value `v`.
    pub fn from_value(v: u32) -> Option<Swizzle> {
        [
            Swizzle::None,
            Swizzle::B32,
            Swizzle::B64,
            Swizzle::B128,
            Swizzle::B128Atom32,
            Swizzle::B128Atom32Flip8,
            Swizzle::B128Atom64,
        ]
        .get(v as usize)
        .copied()
    }
}

/// How far the L2 cache fetches around a copy (`CUtensorMapL2promotion`).
///
/// ```
/// use ptx_sim::driver::tensor_map::L2Promotion;
/// assert_eq!(L2Promotion::from_value(3), Some(L2Promotion::B256));
/// assert_eq!(L2Promotion::from_value(4), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum L2Promotion {
    /// No promotion.
    None = 0,
    /// 64 bytes.
    B64,
    /// 128 bytes.
    B128,
    /// 256 bytes.
    B256,
}

impl L2Promotion {
    /// Its value in CUDA's enum (also its 2-bit code in the map).
    pub fn value(self) -> u32 {
        self as u32
    }

    /// The promotion of CUDA enum value `v`.
    pub fn from_value(v: u32) -> Option<L2Promotion> {
        [
            L2Promotion::None,
            L2Promotion::B64,
            L2Promotion::B128,
            L2Promotion::B256,
        ]
        .get(v as usize)
        .copied()
    }
}

/// How a copy addresses the tensor.
///
/// ```
/// use ptx_sim::driver::tensor_map::Mode;
/// let m = Mode::Im2col { lower: [-1, -1, 0], upper: [1, 1, 0], channels: 32, pixels: 64 };
/// assert!(matches!(m, Mode::Im2col { channels: 32, .. }));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mode {
    /// Boxes of `box_dim` elements (each dimension, innermost first; 1
    /// past the rank).
    Tiled {
        /// The box.
        box_dim: [u32; 5],
    },
    /// im2col: columns of `pixels` pixels of `channels` elements, the
    /// pixels taken from the bounding box `lower` to `upper` (offsets in
    /// each spatial dimension, dimensions 1 to rank-2; 0 past them).
    Im2col {
        /// `pixelBoxLowerCorner`.
        lower: [i32; 3],
        /// `pixelBoxUpperCorner`.
        upper: [i32; 3],
        /// `channelsPerPixel`, 1 to 256.
        channels: u32,
        /// `pixelsPerColumn`, 1 to 1024.
        pixels: u32,
    },
}

/// A decoded tensor map.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TensorMap {
    /// The tensor's global address.
    pub address: u64,
    /// The element type.
    pub dtype: TensorDtype,
    /// Its dimensions, 1 to 5 (im2col: 3 to 5).
    pub rank: u32,
    /// Each dimension's size in elements, innermost first (1 past the rank).
    pub dims: [u64; 5],
    /// Each dimension's stride in bytes: the element size, then those
    /// given (0 past the rank).
    pub strides: [u64; 5],
    /// Each dimension's traversal stride, 1 to 8 (1 past the rank).
    pub element_strides: [u32; 5],
    /// The interleaving.
    pub interleave: Interleave,
    /// The swizzle.
    pub swizzle: Swizzle,
    /// The L2 promotion.
    pub l2_promotion: L2Promotion,
    /// Whether elements outside the tensor load as NaN (float types) rather
    /// than zero (`CU_TENSOR_MAP_FLOAT_OOB_FILL_NAN_REQUEST_ZERO_FMA`).
    pub oob_nan: bool,
    /// How copies address it.
    pub mode: Mode,
}

/// An input the encoder refuses (the driver's `CUDA_ERROR_INVALID_VALUE`),
/// or 128 bytes that are no map: the field and what is wrong with it.
///
/// ```
/// use ptx_sim::driver::tensor_map::TensorMapError;
/// let e = TensorMapError { field: "boxDim[0]", detail: "300: not 1 to 256".into() };
/// assert_eq!(e.to_string(), "boxDim[0] = 300: not 1 to 256");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TensorMapError {
    /// The driver parameter's name (`boxDim[0]`, `globalStrides[1]`, ...),
    /// or for [`TensorMap::from_bytes`] the map field.
    pub field: &'static str,
    /// What is wrong.
    pub detail: String,
}

impl fmt::Display for TensorMapError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} = {}", self.field, self.detail)
    }
}

impl std::error::Error for TensorMapError {}

/// The most bytes a box may have: a CTA's shared memory on an H100
/// (227 KiB; the probe's largest box encoded had 232,320 bytes, its
/// smallest refused 247,104).
pub const MAX_BOX_BYTES: u64 = 227 * 1024;

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
const LOWER: [&str; 3] = [
    "pixelBoxLowerCorner[0]",
    "pixelBoxLowerCorner[1]",
    "pixelBoxLowerCorner[2]",
];
const UPPER: [&str; 3] = [
    "pixelBoxUpperCorner[0]",
    "pixelBoxUpperCorner[1]",
    "pixelBoxUpperCorner[2]",
];

fn refuse<T>(field: &'static str, detail: impl Into<String>) -> Result<T, TensorMapError> {
    Err(TensorMapError {
        field,
        detail: detail.into(),
    })
}

/// The width in bits of each im2col corner in word 14, by rank: one
/// 16-bit pair for rank 3, two 8-bit for rank 4, three 5-bit for rank 5.
/// The lower corners sit from bit 0, the upper ones from bit 16.
fn corner_bits(rank: u32) -> u32 {
    match rank {
        3 => 16,
        4 => 8,
        _ => 5,
    }
}

/// What differs between the two encoders.
enum Shape<'a> {
    Tiled(&'a [u32]),
    Im2col {
        lower: &'a [i32],
        upper: &'a [i32],
        channels: u32,
        pixels: u32,
    },
}

impl TensorMap {
    /// What `cuTensorMapEncodeTiled` builds from the same arguments
    /// (`strides`: the byte strides of dimensions 1 and up), refusing what
    /// it refuses (`CUDA_ERROR_INVALID_VALUE`), each refusal naming the
    /// parameter and the rule.
    ///
    /// ```
    /// use ptx_sim::driver::tensor_map::{Interleave, L2Promotion, Swizzle, TensorDtype, TensorMap};
    /// let map = TensorMap::encode_tiled(
    ///     TensorDtype::U8, 3, 0x7f00_0000_1000, &[64, 16, 4], &[64, 1024], &[32, 8, 2], &[1, 2, 1],
    ///     Interleave::None, Swizzle::B32, L2Promotion::B128, false,
    /// ).unwrap();
    /// assert_eq!(map.box_bytes(), 32 * 4 * 2);
    /// // A 48-byte row does not fit the 32-byte swizzle.
    /// let err = TensorMap::encode_tiled(
    ///     TensorDtype::U8, 3, 0x7f00_0000_1000, &[64, 16, 4], &[64, 1024], &[48, 8, 2], &[1, 1, 1],
    ///     Interleave::None, Swizzle::B32, L2Promotion::None, false,
    /// ).unwrap_err();
    /// assert_eq!(err.field, "boxDim[0]");
    /// ```
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
        Self::encode(
            dtype,
            rank,
            address,
            dims,
            strides,
            Shape::Tiled(box_dim),
            element_strides,
            interleave,
            swizzle,
            l2_promotion,
            oob_nan,
        )
    }

    /// What `cuTensorMapEncodeIm2col` builds from the same arguments
    /// (`lower` and `upper`: the bounding box's corners, one value per
    /// spatial dimension, rank - 2 of them), refusing what it refuses.
    ///
    /// ```
    /// use ptx_sim::driver::tensor_map::{Interleave, L2Promotion, Mode, Swizzle, TensorDtype, TensorMap};
    /// // NHWC f16, 64 channels, 16x16 pixels, 4 images; a 3x3 window.
    /// let map = TensorMap::encode_im2col(
    ///     TensorDtype::F16, 4, 0x7f00_0000_1000, &[64, 16, 16, 4], &[128, 2048, 32768],
    ///     &[-1, -1], &[1, 1], 32, 64, &[1, 1, 1, 1],
    ///     Interleave::None, Swizzle::None, L2Promotion::None, false,
    /// ).unwrap();
    /// assert!(matches!(map.mode, Mode::Im2col { channels: 32, pixels: 64, .. }));
    /// assert_eq!(map.box_bytes(), 32 * 64 * 2);
    /// assert_eq!(TensorMap::from_bytes(&map.to_bytes()).unwrap(), map);
    /// // Rank 4 keeps each corner in 8 bits.
    /// let err = TensorMap::encode_im2col(
    ///     TensorDtype::F16, 4, 0x7f00_0000_1000, &[64, 16, 16, 4], &[128, 2048, 32768],
    ///     &[-129, -1], &[1, 1], 32, 64, &[1, 1, 1, 1],
    ///     Interleave::None, Swizzle::None, L2Promotion::None, false,
    /// ).unwrap_err();
    /// assert_eq!(err.field, "pixelBoxLowerCorner[0]");
    /// ```
    #[allow(clippy::too_many_arguments)]
    pub fn encode_im2col(
        dtype: TensorDtype,
        rank: u32,
        address: u64,
        dims: &[u64],
        strides: &[u64],
        lower: &[i32],
        upper: &[i32],
        channels: u32,
        pixels: u32,
        element_strides: &[u32],
        interleave: Interleave,
        swizzle: Swizzle,
        l2_promotion: L2Promotion,
        oob_nan: bool,
    ) -> Result<TensorMap, TensorMapError> {
        Self::encode(
            dtype,
            rank,
            address,
            dims,
            strides,
            Shape::Im2col {
                lower,
                upper,
                channels,
                pixels,
            },
            element_strides,
            interleave,
            swizzle,
            l2_promotion,
            oob_nan,
        )
    }

    /// Both encoders: the driver's checks in `tools/generators/tensormap-probe/model.py`'s
    /// order (the first that fails names the field).
    #[allow(clippy::too_many_arguments)]
    fn encode(
        dtype: TensorDtype,
        rank: u32,
        address: u64,
        dims: &[u64],
        strides: &[u64],
        shape: Shape<'_>,
        element_strides: &[u32],
        interleave: Interleave,
        swizzle: Swizzle,
        l2_promotion: L2Promotion,
        oob_nan: bool,
    ) -> Result<TensorMap, TensorMapError> {
        let im2col = matches!(shape, Shape::Im2col { .. });
        if dtype.is_packed() {
            return refuse(
                "tensorDataType",
                format!("{dtype:?}: the packed 4- and 6-bit types need sm_100"),
            );
        }
        let low_rank = if im2col { 3 } else { 1 };
        if !(low_rank..=5).contains(&rank) {
            return refuse("tensorRank", format!("{rank}: not {low_rank} to 5"));
        }
        let r = rank as usize;
        let short = dims.len() < r
            || element_strides.len() < r
            || strides.len() + 1 < r
            || match shape {
                Shape::Tiled(b) => b.len() < r,
                Shape::Im2col { lower, upper, .. } => lower.len() + 2 < r || upper.len() + 2 < r,
            };
        if short {
            return refuse(
                "tensorRank",
                format!("{rank}: fewer values given than dimensions"),
            );
        }
        if matches!(
            swizzle,
            Swizzle::B128Atom32 | Swizzle::B128Atom32Flip8 | Swizzle::B128Atom64
        ) {
            return refuse(
                "swizzle",
                format!("{swizzle:?}: the 128-byte atom swizzles need sm_100"),
            );
        }
        if interleave != Interleave::None && rank < 3 {
            return refuse(
                "interleave",
                format!("{interleave:?}: an interleaved tensor needs at least 3 dimensions"),
            );
        }
        let align = if interleave == Interleave::B32 {
            32
        } else {
            16
        };
        if !address.is_multiple_of(align) {
            return refuse(
                "globalAddress",
                format!("{address:#x}: not {align}-byte aligned"),
            );
        }
        if address >= 1 << 57 {
            return refuse("globalAddress", format!("{address:#x}: at or past 2^57"));
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
                return refuse(DIM[i], format!("{}: not 1 to 2^32", dims[i]));
            }
            map.dims[i] = dims[i];
        }
        for i in 1..r {
            let s = strides[i - 1];
            if !s.is_multiple_of(align) {
                return refuse(STRIDE[i - 1], format!("{s}: not a multiple of {align}"));
            }
            if s >= 1 << 40 {
                return refuse(STRIDE[i - 1], format!("{s}: at or past 2^40"));
            }
            map.strides[i] = s;
        }
        for i in 0..r {
            if !(1..=8).contains(&element_strides[i]) {
                return refuse(ELEMENT[i], format!("{}: not 1 to 8", element_strides[i]));
            }
            map.element_strides[i] = element_strides[i];
        }
        let (inner, inner_name) = match shape {
            Shape::Tiled(box_dim) => {
                let mut boxed = [1u32; 5];
                for i in 0..r {
                    if !(1..=256).contains(&box_dim[i]) {
                        return refuse(BOX[i], format!("{}: not 1 to 256", box_dim[i]));
                    }
                    boxed[i] = box_dim[i];
                }
                map.mode = Mode::Tiled { box_dim: boxed };
                (boxed[0], BOX[0])
            }
            Shape::Im2col {
                lower,
                upper,
                channels,
                pixels,
            } => {
                let bits = corner_bits(rank);
                let range = -(1i64 << (bits - 1))..(1i64 << (bits - 1));
                let (mut lo, mut hi) = ([0i32; 3], [0i32; 3]);
                for i in 0..r - 2 {
                    if !range.contains(&i64::from(lower[i])) {
                        return refuse(
                            LOWER[i],
                            format!("{}: not a {bits}-bit signed value (rank {rank})", lower[i]),
                        );
                    }
                    if !range.contains(&i64::from(upper[i])) {
                        return refuse(
                            UPPER[i],
                            format!("{}: not a {bits}-bit signed value (rank {rank})", upper[i]),
                        );
                    }
                    // The output pixels along the dimension, counted in
                    // 32-bit signed arithmetic: a dimension of 2^31 wraps
                    // negative and is refused, one of 2^32 wraps to 0.
                    let along = (dims[i + 1] as u32)
                        .wrapping_add(upper[i] as u32)
                        .wrapping_sub(lower[i] as u32) as i32;
                    if along <= 0 {
                        return refuse(
                            UPPER[i],
                            format!(
                                "{}: an empty bounding box (globalDim[{}] {} + upper - lower {} <= 0)",
                                upper[i],
                                i + 1,
                                dims[i + 1],
                                lower[i]
                            ),
                        );
                    }
                    lo[i] = lower[i];
                    hi[i] = upper[i];
                }
                if !(1..=256).contains(&channels) {
                    return refuse("channelsPerPixel", format!("{channels}: not 1 to 256"));
                }
                if !(1..=1024).contains(&pixels) {
                    return refuse("pixelsPerColumn", format!("{pixels}: not 1 to 1024"));
                }
                map.mode = Mode::Im2col {
                    lower: lo,
                    upper: hi,
                    channels,
                    pixels,
                };
                (channels, "channelsPerPixel")
            }
        };
        // The row rule holds for interleaved tiled maps too (boxes of 4, 8
        // and 24 bytes refused on an H200, `tma_record_log.r4.txt` and
        // `.r5.txt`); the span rule does not (64-byte rows with the 32-byte
        // swizzle encoded), and neither was tried for interleaved im2col.
        let row = u64::from(inner) * dtype.size();
        let tiled = matches!(map.mode, Mode::Tiled { .. });
        if (interleave == Interleave::None || tiled) && !row.is_multiple_of(16) {
            return refuse(
                inner_name,
                format!("{inner}: a row of {row} bytes is not a multiple of 16"),
            );
        }
        if interleave == Interleave::None && swizzle != Swizzle::None && row > swizzle.span() {
            return refuse(
                inner_name,
                format!(
                    "{inner}: a row of {row} bytes is wider than the {}-byte swizzle",
                    swizzle.span()
                ),
            );
        }
        if oob_nan && !dtype.is_float() {
            return refuse(
                "oobFill",
                format!("NAN_REQUEST_ZERO_FMA: {dtype:?} is not a floating-point type"),
            );
        }
        let bytes = map.box_bytes();
        if bytes > MAX_BOX_BYTES {
            return refuse(
                if im2col { "pixelsPerColumn" } else { "boxDim" },
                format!("a box of {bytes} bytes: more than the {MAX_BOX_BYTES} of shared memory"),
            );
        }
        Ok(map)
    }

    /// The box's bytes as the map records them (word 16). Tiled: each
    /// dimension's box divided by its element stride, rounded down, times
    /// the element size (dimension 0 too, though a copy takes its whole
    /// box); im2col: channels x pixels x the element size.
    ///
    /// ```
    /// use ptx_sim::driver::tensor_map::{Interleave, L2Promotion, Swizzle, TensorDtype, TensorMap};
    /// let map = TensorMap::encode_tiled(
    ///     TensorDtype::F16, 2, 0x7f00_0000_1000, &[64, 300], &[128], &[16, 3], &[1, 2],
    ///     Interleave::None, Swizzle::None, L2Promotion::None, false,
    /// ).unwrap();
    /// assert_eq!(map.box_bytes(), 16 * 1 * 2); // 3 / 2 rounds down
    /// ```
    pub fn box_bytes(&self) -> u64 {
        match self.mode {
            Mode::Tiled { box_dim } => {
                (0..self.rank as usize)
                    .map(|i| u64::from(box_dim[i] / self.element_strides[i].max(1)))
                    .product::<u64>()
                    * self.dtype.size()
            }
            Mode::Im2col {
                channels, pixels, ..
            } => u64::from(channels) * u64::from(pixels) * self.dtype.size(),
        }
    }

    /// The 128 bytes the driver writes (it writes all of them; bits no
    /// field uses are 0).
    ///
    /// ```
    /// use ptx_sim::driver::tensor_map::{Interleave, L2Promotion, Swizzle, TensorDtype, TensorMap};
    /// let map = TensorMap::encode_tiled(
    ///     TensorDtype::F16, 2, 0x7f00_0000_1000, &[64, 32], &[128], &[16, 8], &[1, 1],
    ///     Interleave::None, Swizzle::None, L2Promotion::None, false,
    /// ).unwrap();
    /// let b = map.to_bytes();
    /// assert_eq!(u32::from_le_bytes([b[8], b[9], b[10], b[11]]), 0x310); // rank 2, f16
    /// assert_eq!(u32::from_le_bytes([b[72], b[73], b[74], b[75]]), 16); // no swizzle
    /// ```
    pub fn to_bytes(&self) -> [u8; 128] {
        let mut w = [0u32; 32];
        let r = self.rank as usize;
        w[0] = self.address as u32;
        w[1] = (self.address >> 32) as u32;
        let (code, tf32) = self.dtype.code().unwrap_or((0, false));
        let swizzle = match self.swizzle {
            Swizzle::None => 0,
            Swizzle::B32 => 1,
            Swizzle::B64 => 2,
            _ => 3,
        };
        w[2] = u32::from(matches!(self.mode, Mode::Im2col { .. }))
            | (self.rank - 1) << 4
            | code << 7
            | self.interleave.value() << 11
            | swizzle << 13
            | u32::from(self.oob_nan) << 15
            | u32::from(tf32) << 16
            | self.l2_promotion.value() << 17;
        for i in 1..r {
            let v = self.strides[i] >> 4;
            w[2 + i] = v as u32;
            w[7] |= (((v >> 32) & 0xf) as u32) << (4 * (i - 1));
        }
        for i in 0..r {
            w[8 + i] = (self.dims[i] - 1) as u32;
            w[13] |= (self.element_strides[i] - 1) << (3 * i);
        }
        match self.mode {
            Mode::Tiled { box_dim } => {
                w[13] |= (box_dim[0] - 1) << 24;
                for (i, &b) in box_dim.iter().enumerate().take(r).skip(1) {
                    w[14] |= (b - 1) << (8 * (i - 1));
                }
            }
            Mode::Im2col {
                lower,
                upper,
                channels,
                pixels,
            } => {
                w[13] |= (channels - 1) << 24;
                let bits = corner_bits(self.rank);
                let mask = (1u32 << bits) - 1;
                for i in 0..r.saturating_sub(2) {
                    w[14] |= (lower[i] as u32 & mask) << (bits * i as u32);
                    w[14] |= (upper[i] as u32 & mask) << (16 + bits * i as u32);
                }
                w[15] = pixels - 1;
            }
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

    /// Decodes the 128 bytes a copy reads. Fields a map cannot hold (an
    /// unknown type code, interleave code 3, a rank past 5, an im2col map
    /// of fewer than 3 dimensions) are an error naming the field; bits no
    /// field uses are not looked at.
    ///
    /// ```
    /// use ptx_sim::driver::tensor_map::TensorMap;
    /// let mut bytes = [0u8; 128];
    /// bytes[8] = 0x70; // rank 8
    /// assert_eq!(TensorMap::from_bytes(&bytes).unwrap_err().field, "tensorRank");
    /// ```
    pub fn from_bytes(bytes: &[u8; 128]) -> Result<TensorMap, TensorMapError> {
        let mut w = [0u32; 32];
        for (v, c) in w.iter_mut().zip(bytes.chunks_exact(4)) {
            *v = u32::from_le_bytes([c[0], c[1], c[2], c[3]]);
        }
        let address = u64::from(w[0]) | u64::from(w[1]) << 32;
        let im2col = w[2] & 1 != 0;
        let rank = (w[2] >> 4 & 7) + 1;
        if rank > 5 {
            return refuse("tensorRank", format!("{rank}: not 1 to 5"));
        }
        if im2col && rank < 3 {
            return refuse("tensorRank", format!("{rank}: an im2col map needs 3 to 5"));
        }
        let (code, tf32) = (w[2] >> 7 & 0xf, w[2] >> 16 & 1 != 0);
        let dtype = TensorDtype::from_code(code, tf32).ok_or_else(|| TensorMapError {
            field: "tensorDataType",
            detail: format!(
                "code {code}{}: no type",
                if tf32 { " with TF32" } else { "" }
            ),
        })?;
        let interleave = Interleave::from_value(w[2] >> 11 & 3).ok_or_else(|| TensorMapError {
            field: "interleave",
            detail: "code 3: no interleave".into(),
        })?;
        let swizzle =
            [Swizzle::None, Swizzle::B32, Swizzle::B64, Swizzle::B128][(w[2] >> 13 & 3) as usize];
        let l2_promotion = [
            L2Promotion::None,
            L2Promotion::B64,
            L2Promotion::B128,
            L2Promotion::B256,
        ][(w[2] >> 17 & 3) as usize];
        let r = rank as usize;
        let mut dims = [1u64; 5];
        let mut strides = [0u64; 5];
        let mut element_strides = [1u32; 5];
        strides[0] = dtype.size();
        for i in 0..r {
            dims[i] = u64::from(w[8 + i]) + 1;
            element_strides[i] = (w[13] >> (3 * i) & 7) + 1;
        }
        for i in 1..r {
            let high = u64::from(w[7] >> (4 * (i - 1)) & 0xf);
            strides[i] = (u64::from(w[2 + i]) | high << 32) << 4;
        }
        let inner = (w[13] >> 24) + 1;
        let mode = if im2col {
            let bits = corner_bits(rank);
            let (mut lower, mut upper) = ([0i32; 3], [0i32; 3]);
            let sign = |v: u32| ((v << (32 - bits)) as i32) >> (32 - bits);
            for i in 0..r - 2 {
                lower[i] = sign(w[14] >> (bits * i as u32));
                upper[i] = sign(w[14] >> (16 + bits * i as u32));
            }
            Mode::Im2col {
                lower,
                upper,
                channels: inner,
                pixels: (w[15] & 0x3ff) + 1,
            }
        } else {
            let mut box_dim = [1u32; 5];
            box_dim[0] = inner;
            for (i, b) in box_dim.iter_mut().enumerate().take(r).skip(1) {
                *b = (w[14] >> (8 * (i - 1)) & 0xff) + 1;
            }
            Mode::Tiled { box_dim }
        };
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
            mode,
        })
    }
}

/// A field of a tensor map that `tensormap.replace` writes; the
/// dimension fields name their `ord`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Field {
    /// `.global_address`: the tensor's address.
    GlobalAddress,
    /// `.rank`: the rank less one.
    Rank,
    /// `.box_dim`: the box's size in dimension `ord`.
    BoxDim(u32),
    /// `.global_dim`: the tensor's size in dimension `ord`.
    GlobalDim(u32),
    /// `.global_stride`: the bytes between elements of dimension `ord + 1`.
    GlobalStride(u32),
    /// `.element_stride`: the traversal stride of dimension `ord`.
    ElementStride(u32),
    /// `.elemtype`: the PTX ISA's code (0 `.u8` ... 10 `.bf16`, 11
    /// `.tf32`, 12 `.tf32.ftz`).
    Elemtype,
    /// `.interleave_layout`: 0 none, 1 16 bytes, 2 32 bytes.
    InterleaveLayout,
    /// `.swizzle_mode`: 0 none, 1 32 bytes, 2 64, 3 128.
    SwizzleMode,
    /// `.fill_mode`: 0 zeros, 1 NaN.
    FillMode,
}

/// What `tensormap.replace` writes: `value` into `field` of the map's 128
/// bytes, as the H200 does it (`tests/data/kernels/tma/tensormap_replace.jsonl.gz`,
/// 131 replacements recorded by `tools/generators/tensormap-probe/replace_probe.py`):
/// the bits of the field alone, sizes and strides stored as the encoder
/// stores them (less one, or divided by 16), and nothing else updated (not
/// even the box's byte count in word 16). `ord` past the map's fields and
/// an `.elemtype` past 12 are an error naming the field.
///
/// ```
/// use ptx_sim::driver::tensor_map::{Field, replace};
/// let mut map = [0u8; 128];
/// replace(&mut map, Field::GlobalDim(2), 1000).unwrap();
/// assert_eq!(u32::from_le_bytes(map[40..44].try_into().unwrap()), 999);
/// replace(&mut map, Field::GlobalStride(0), 1 << 39).unwrap();
/// assert_eq!(map[28], 0x08); // bits 36-39 of the stride in word 7
/// assert!(replace(&mut map, Field::BoxDim(5), 8).is_err());
/// ```
pub fn replace(map: &mut [u8; 128], field: Field, value: u64) -> Result<(), TensorMapError> {
    let mut w = [0u32; 32];
    for (v, c) in w.iter_mut().zip(map.chunks_exact(4)) {
        *v = u32::from_le_bytes([c[0], c[1], c[2], c[3]]);
    }
    // `bits` of word `word` from bit `at` take `v`.
    let mut set = |word: usize, at: u32, bits: u32, v: u64| {
        let mask = if bits == 32 {
            u32::MAX
        } else {
            ((1u32 << bits) - 1) << at
        };
        w[word] = (w[word] & !mask) | ((v as u32) << at & mask);
    };
    let bad = |field: &'static str, detail: String| TensorMapError { field, detail };
    let dim = |ord: u32, limit: u32, field: &'static str| {
        if ord < limit {
            Ok(ord as usize)
        } else {
            Err(bad(
                field,
                format!("`ord` {ord} names no dimension (0 to {})", limit - 1),
            ))
        }
    };
    let less_one = value.wrapping_sub(1);
    match field {
        Field::GlobalAddress => {
            set(0, 0, 32, value);
            set(1, 0, 32, value >> 32);
        }
        Field::Rank => set(2, 4, 3, value),
        Field::BoxDim(ord) => match dim(ord, 5, "box_dim")? {
            0 => set(13, 24, 8, less_one),
            d => set(14, 8 * (d as u32 - 1), 8, less_one),
        },
        Field::GlobalDim(ord) => set(8 + dim(ord, 5, "global_dim")?, 0, 32, less_one),
        Field::GlobalStride(ord) => {
            let d = dim(ord, 4, "global_stride")?;
            let v = value >> 4;
            set(3 + d, 0, 32, v);
            set(7, 4 * d as u32, 4, v >> 32);
        }
        Field::ElementStride(ord) => {
            set(13, 3 * dim(ord, 5, "element_stride")? as u32, 3, less_one)
        }
        Field::Elemtype => {
            let (code, tf32) = match value {
                0..=10 => (value, 0),
                11 => (7, 1),
                12 => (8, 1),
                _ => {
                    return Err(bad(
                        "elemtype",
                        format!("{value} is no type code (0 to 12)"),
                    ));
                }
            };
            set(2, 7, 4, code);
            set(2, 16, 1, tf32);
        }
        Field::InterleaveLayout => set(2, 11, 2, value),
        Field::SwizzleMode => set(2, 13, 2, value),
        Field::FillMode => set(2, 15, 1, value),
    }
    for (c, v) in map.chunks_exact_mut(4).zip(w) {
        c.copy_from_slice(&v.to_le_bytes());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One probe record (`tests/data/kernels/tma/tensormap_probe.jsonl.gz`,
    /// through `tools/generators/tensormap-probe/vectors.py`): the driver's arguments
    /// as CUDA enum values, and the 128 bytes it wrote (hex) or the
    /// parameter `model.py` names for its refusal.
    struct V {
        tag: &'static str,
        im2col: bool,
        dtype: u32,
        rank: u32,
        addr: u64,
        dims: &'static [u64],
        strides: &'static [u64],
        box_dim: &'static [u32],
        lower: &'static [i32],
        upper: &'static [i32],
        channels: u32,
        pixels: u32,
        es: &'static [u32],
        il: u32,
        sw: u32,
        l2: u32,
        oob: u32,
        want: Result<&'static str, &'static str>,
    }

    /// Chosen to cover every field and every refusal rule.
    #[rustfmt::skip]
    const VECTORS: &[V] = &[
        V { tag: "tiled/baseline", im2col: false, dtype: 6, rank: 2, addr: 0x7f0000001000, dims: &[64, 32], strides: &[128], box_dim: &[16, 8], lower: &[], upper: &[], channels: 0, pixels: 0, es: &[1, 1], il: 0, sw: 0, l2: 0, oob: 0, want: Ok("00100000007f00001003000008000000000000000000000000000000000000003f0000001f0000000000000000000000000000000000000f070000000000000000010000000000001000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000") },
        V { tag: "tiled/dtype", im2col: false, dtype: 0, rank: 2, addr: 0x7f0000001000, dims: &[64, 32], strides: &[64], box_dim: &[64, 8], lower: &[], upper: &[], channels: 0, pixels: 0, es: &[1, 1], il: 0, sw: 0, l2: 0, oob: 0, want: Ok("00100000007f00001000000004000000000000000000000000000000000000003f0000001f0000000000000000000000000000000000003f070000000000000000020000000000001000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000") },
        V { tag: "tiled/dtype_oob1", im2col: false, dtype: 6, rank: 2, addr: 0x7f0000001000, dims: &[64, 32], strides: &[128], box_dim: &[32, 8], lower: &[], upper: &[], channels: 0, pixels: 0, es: &[1, 1], il: 0, sw: 0, l2: 0, oob: 1, want: Ok("00100000007f00001083000008000000000000000000000000000000000000003f0000001f0000000000000000000000000000000000001f070000000000000000020000000000001000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000") },
        V { tag: "tiled/rank", im2col: false, dtype: 0, rank: 1, addr: 0x7f0000001000, dims: &[96], strides: &[], box_dim: &[48], lower: &[], upper: &[], channels: 0, pixels: 0, es: &[1], il: 0, sw: 0, l2: 0, oob: 0, want: Ok("00100000007f00000000000000000000000000000000000000000000000000005f000000000000000000000000000000000000000000002f000000000000000030000000000000001000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000") },
        V { tag: "tiled/addr_bit", im2col: false, dtype: 6, rank: 2, addr: 0x10, dims: &[64, 32], strides: &[128], box_dim: &[16, 8], lower: &[], upper: &[], channels: 0, pixels: 0, es: &[1, 1], il: 0, sw: 0, l2: 0, oob: 0, want: Ok("10000000000000001003000008000000000000000000000000000000000000003f0000001f0000000000000000000000000000000000000f070000000000000000010000000000001000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000") },
        V { tag: "tiled/addr_special", im2col: false, dtype: 6, rank: 2, addr: 0x0, dims: &[64, 32], strides: &[128], box_dim: &[16, 8], lower: &[], upper: &[], channels: 0, pixels: 0, es: &[1, 1], il: 0, sw: 0, l2: 0, oob: 0, want: Ok("00000000000000001003000008000000000000000000000000000000000000003f0000001f0000000000000000000000000000000000000f070000000000000000010000000000001000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000") },
        V { tag: "tiled/dim0", im2col: false, dtype: 0, rank: 5, addr: 0x7f0000001000, dims: &[1, 3, 3, 3, 3], strides: &[32, 96, 288, 864], box_dim: &[16, 1, 1, 1, 1], lower: &[], upper: &[], channels: 0, pixels: 0, es: &[1, 1, 1, 1, 1], il: 0, sw: 0, l2: 0, oob: 0, want: Ok("00100000007f000040000000020000000600000012000000360000000000000000000000020000000200000002000000020000000000000f000000000000000010000000000000001000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000") },
        V { tag: "tiled/dim0_fitted", im2col: false, dtype: 0, rank: 5, addr: 0x7f0000001000, dims: &[255, 3, 3, 3, 3], strides: &[256, 768, 2304, 6912], box_dim: &[16, 1, 1, 1, 1], lower: &[], upper: &[], channels: 0, pixels: 0, es: &[1, 1, 1, 1, 1], il: 0, sw: 0, l2: 0, oob: 0, want: Ok("00100000007f000040000000100000003000000090000000b001000000000000fe000000020000000200000002000000020000000000000f000000000000000010000000000000001000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000") },
        V { tag: "tiled/dim4", im2col: false, dtype: 0, rank: 5, addr: 0x7f0000001000, dims: &[32, 3, 3, 3, 1], strides: &[32, 96, 288, 864], box_dim: &[16, 1, 1, 1, 1], lower: &[], upper: &[], channels: 0, pixels: 0, es: &[1, 1, 1, 1, 1], il: 0, sw: 0, l2: 0, oob: 0, want: Ok("00100000007f00004000000002000000060000001200000036000000000000001f000000020000000200000002000000000000000000000f000000000000000010000000000000001000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000") },
        V { tag: "tiled/stride0", im2col: false, dtype: 0, rank: 5, addr: 0x7f0000001000, dims: &[32, 4, 4, 4, 4], strides: &[16, 1024, 16384, 262144], box_dim: &[16, 2, 2, 2, 2], lower: &[], upper: &[], channels: 0, pixels: 0, es: &[1, 1, 1, 1, 1], il: 0, sw: 0, l2: 0, oob: 0, want: Ok("00100000007f00004000000001000000400000000004000000400000000000001f000000030000000300000003000000030000000000000f010101010000000000010000000000001000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000") },
        V { tag: "tiled/stride3", im2col: false, dtype: 0, rank: 5, addr: 0x7f0000001000, dims: &[32, 4, 4, 4, 4], strides: &[64, 1024, 16384, 16], box_dim: &[16, 2, 2, 2, 2], lower: &[], upper: &[], channels: 0, pixels: 0, es: &[1, 1, 1, 1, 1], il: 0, sw: 0, l2: 0, oob: 0, want: Ok("00100000007f00004000000004000000400000000004000001000000000000001f000000030000000300000003000000030000000000000f010101010000000000010000000000001000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000") },
        V { tag: "tiled/box0", im2col: false, dtype: 0, rank: 2, addr: 0x7f0000001000, dims: &[512, 8], strides: &[512], box_dim: &[16, 2], lower: &[], upper: &[], channels: 0, pixels: 0, es: &[1, 1], il: 0, sw: 0, l2: 0, oob: 0, want: Ok("00100000007f0000100000002000000000000000000000000000000000000000ff010000070000000000000000000000000000000000000f010000000000000020000000000000001000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000") },
        V { tag: "tiled/box1", im2col: false, dtype: 0, rank: 5, addr: 0x7f0000001000, dims: &[32, 300, 300, 300, 300], strides: &[32, 9600, 2880000, 864000000], box_dim: &[16, 1, 2, 2, 2], lower: &[], upper: &[], channels: 0, pixels: 0, es: &[1, 1, 1, 1, 1], il: 0, sw: 0, l2: 0, oob: 0, want: Ok("00100000007f000040000000020000005802000020bf020080f93703000000001f0000002b0100002b0100002b0100002b0100000000000f000101010000000080000000000000001000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000") },
        V { tag: "tiled/box4", im2col: false, dtype: 0, rank: 5, addr: 0x7f0000001000, dims: &[32, 300, 300, 300, 300], strides: &[32, 9600, 2880000, 864000000], box_dim: &[16, 2, 2, 2, 1], lower: &[], upper: &[], channels: 0, pixels: 0, es: &[1, 1, 1, 1, 1], il: 0, sw: 0, l2: 0, oob: 0, want: Ok("00100000007f000040000000020000005802000020bf020080f93703000000001f0000002b0100002b0100002b0100002b0100000000000f010101000000000080000000000000001000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000") },
        V { tag: "tiled/es0", im2col: false, dtype: 0, rank: 5, addr: 0x7f0000001000, dims: &[64, 16, 16, 16, 16], strides: &[64, 1024, 16384, 262144], box_dim: &[32, 8, 8, 8, 8], lower: &[], upper: &[], channels: 0, pixels: 0, es: &[1, 1, 1, 1, 1], il: 0, sw: 0, l2: 0, oob: 0, want: Ok("00100000007f00004000000004000000400000000004000000400000000000003f0000000f0000000f0000000f0000000f0000000000001f070707070000000000000200000000001000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000") },
        V { tag: "tiled/es4", im2col: false, dtype: 0, rank: 5, addr: 0x7f0000001000, dims: &[64, 16, 16, 16, 16], strides: &[64, 1024, 16384, 262144], box_dim: &[32, 8, 8, 8, 8], lower: &[], upper: &[], channels: 0, pixels: 0, es: &[1, 1, 1, 1, 2], il: 0, sw: 0, l2: 0, oob: 0, want: Ok("00100000007f00004000000004000000400000000004000000400000000000003f0000000f0000000f0000000f0000000f0000000010001f070707070000000000000100000000001000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000") },
        V { tag: "tiled/swizzle_box", im2col: false, dtype: 0, rank: 2, addr: 0x7f0000001000, dims: &[512, 16], strides: &[512], box_dim: &[16, 4], lower: &[], upper: &[], channels: 0, pixels: 0, es: &[1, 1], il: 0, sw: 0, l2: 0, oob: 0, want: Ok("00100000007f0000100000002000000000000000000000000000000000000000ff0100000f0000000000000000000000000000000000000f030000000000000040000000000000001000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000") },
        V { tag: "tiled/interleave", im2col: false, dtype: 6, rank: 3, addr: 0x7f0000001000, dims: &[8, 64, 16], strides: &[16, 1024], box_dim: &[8, 8, 2], lower: &[], upper: &[], channels: 0, pixels: 0, es: &[1, 1, 1], il: 0, sw: 0, l2: 0, oob: 0, want: Ok("00100000007f0000200300000100000040000000000000000000000000000000070000003f0000000f000000000000000000000000000007070100000000000000010000000000001000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000") },
        V { tag: "tiled/interleave_r2", im2col: false, dtype: 6, rank: 2, addr: 0x7f0000001000, dims: &[16, 32], strides: &[32], box_dim: &[8, 8], lower: &[], upper: &[], channels: 0, pixels: 0, es: &[1, 1], il: 0, sw: 0, l2: 0, oob: 0, want: Ok("00100000007f00001003000002000000000000000000000000000000000000000f0000001f00000000000000000000000000000000000007070000000000000080000000000000001000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000") },
        V { tag: "tiled/l2", im2col: false, dtype: 6, rank: 2, addr: 0x7f0000001000, dims: &[64, 32], strides: &[128], box_dim: &[16, 8], lower: &[], upper: &[], channels: 0, pixels: 0, es: &[1, 1], il: 0, sw: 0, l2: 1, oob: 0, want: Ok("00100000007f00001003020008000000000000000000000000000000000000003f0000001f0000000000000000000000000000000000000f070000000000000000010000000000001000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000") },
        V { tag: "tiled/oob", im2col: false, dtype: 0, rank: 2, addr: 0x7f0000001000, dims: &[64, 8], strides: &[64], box_dim: &[16, 2], lower: &[], upper: &[], channels: 0, pixels: 0, es: &[1, 1], il: 0, sw: 0, l2: 0, oob: 0, want: Ok("00100000007f00001000000004000000000000000000000000000000000000003f000000070000000000000000000000000000000000000f010000000000000020000000000000001000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000") },
        V { tag: "im2col/baseline", im2col: true, dtype: 6, rank: 3, addr: 0x7f0000001000, dims: &[64, 32, 4], strides: &[128, 4096], box_dim: &[], lower: &[-1], upper: &[1], channels: 32, pixels: 64, es: &[1, 1, 1], il: 0, sw: 0, l2: 0, oob: 0, want: Ok("00100000007f00002103000008000000000100000000000000000000000000003f0000001f0000000300000000000000000000000000001fffff01003f00000000100000000000001000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000") },
        V { tag: "im2col/dtype", im2col: true, dtype: 0, rank: 4, addr: 0x7f0000001000, dims: &[64, 16, 16, 4], strides: &[64, 1024, 16384], box_dim: &[], lower: &[-1, -1], upper: &[1, 1], channels: 64, pixels: 64, es: &[1, 1, 1, 1], il: 0, sw: 0, l2: 0, oob: 0, want: Ok("00100000007f00003100000004000000400000000004000000000000000000003f0000000f0000000f00000003000000000000000000003fffff01013f00000000100000000000001000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000") },
        V { tag: "im2col/lower0", im2col: true, dtype: 6, rank: 3, addr: 0x7f0000001000, dims: &[64, 32, 4], strides: &[128, 4096], box_dim: &[], lower: &[-32768], upper: &[1], channels: 32, pixels: 64, es: &[1, 1, 1], il: 0, sw: 0, l2: 0, oob: 0, want: Ok("00100000007f00002103000008000000000100000000000000000000000000003f0000001f0000000300000000000000000000000000001f008001003f00000000100000000000001000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000") },
        V { tag: "im2col/upper0", im2col: true, dtype: 6, rank: 3, addr: 0x7f0000001000, dims: &[64, 32, 4], strides: &[128, 4096], box_dim: &[], lower: &[-1], upper: &[-32], channels: 32, pixels: 64, es: &[1, 1, 1], il: 0, sw: 0, l2: 0, oob: 0, want: Ok("00100000007f00002103000008000000000100000000000000000000000000003f0000001f0000000300000000000000000000000000001fffffe0ff3f00000000100000000000001000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000") },
        V { tag: "im2col/corner_empty", im2col: true, dtype: 6, rank: 4, addr: 0x7f0000001000, dims: &[64, 4, 4, 1], strides: &[128, 512, 2048], box_dim: &[], lower: &[0, 0], upper: &[-3, -3], channels: 32, pixels: 64, es: &[1, 1, 1, 1], il: 0, sw: 0, l2: 0, oob: 0, want: Ok("00100000007f00003103000008000000200000008000000000000000000000003f000000030000000300000000000000000000000000001f0000fdfd3f00000000100000000000001000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000") },
        V { tag: "im2col/channels", im2col: true, dtype: 0, rank: 4, addr: 0x7f0000001000, dims: &[512, 16, 16, 4], strides: &[512, 8192, 131072], box_dim: &[], lower: &[-1, -1], upper: &[1, 1], channels: 16, pixels: 64, es: &[1, 1, 1, 1], il: 0, sw: 0, l2: 0, oob: 0, want: Ok("00100000007f0000310000002000000000020000002000000000000000000000ff0100000f0000000f00000003000000000000000000000fffff01013f00000000040000000000001000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000") },
        V { tag: "im2col/pixels", im2col: true, dtype: 6, rank: 4, addr: 0x7f0000001000, dims: &[64, 16, 16, 4], strides: &[128, 2048, 32768], box_dim: &[], lower: &[-1, -1], upper: &[1, 1], channels: 32, pixels: 1, es: &[1, 1, 1, 1], il: 0, sw: 0, l2: 0, oob: 0, want: Ok("00100000007f00003103000008000000800000000008000000000000000000003f0000000f0000000f00000003000000000000000000001fffff01010000000040000000000000001000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000") },
        V { tag: "im2col/es0", im2col: true, dtype: 6, rank: 5, addr: 0x7f0000001000, dims: &[64, 8, 8, 8, 2], strides: &[128, 1024, 8192, 65536], box_dim: &[], lower: &[-1, -1, -1], upper: &[1, 1, 1], channels: 32, pixels: 64, es: &[2, 1, 1, 1, 1], il: 0, sw: 0, l2: 0, oob: 0, want: Ok("00100000007f00004103000008000000400000000002000000100000000000003f000000070000000700000007000000010000000100001fff7f21043f00000000100000000000001000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000") },
        V { tag: "im2col/es4", im2col: true, dtype: 6, rank: 5, addr: 0x7f0000001000, dims: &[64, 8, 8, 8, 2], strides: &[128, 1024, 8192, 65536], box_dim: &[], lower: &[-1, -1, -1], upper: &[1, 1, 1], channels: 32, pixels: 64, es: &[1, 1, 1, 1, 2], il: 0, sw: 0, l2: 0, oob: 0, want: Ok("00100000007f00004103000008000000400000000002000000100000000000003f000000070000000700000007000000010000000010001fff7f21043f00000000100000000000001000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000") },
        V { tag: "im2col/swizzle", im2col: true, dtype: 0, rank: 4, addr: 0x7f0000001000, dims: &[256, 16, 16, 4], strides: &[256, 4096, 65536], box_dim: &[], lower: &[-1, -1], upper: &[1, 1], channels: 16, pixels: 64, es: &[1, 1, 1, 1], il: 0, sw: 0, l2: 0, oob: 0, want: Ok("00100000007f0000310000001000000000010000001000000000000000000000ff0000000f0000000f00000003000000000000000000000fffff01013f00000000040000000000001000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000") },
        V { tag: "im2col/interleave", im2col: true, dtype: 6, rank: 4, addr: 0x7f0000001000, dims: &[8, 16, 16, 4], strides: &[16, 256, 4096], box_dim: &[], lower: &[-1, -1], upper: &[1, 1], channels: 8, pixels: 64, es: &[1, 1, 1, 1], il: 0, sw: 0, l2: 0, oob: 0, want: Ok("00100000007f0000310300000100000010000000000100000000000000000000070000000f0000000f000000030000000000000000000007ffff01013f00000000040000000000001000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000") },
        V { tag: "im2col/l2", im2col: true, dtype: 6, rank: 4, addr: 0x7f0000001000, dims: &[64, 16, 16, 4], strides: &[128, 2048, 32768], box_dim: &[], lower: &[-1, -1], upper: &[1, 1], channels: 32, pixels: 64, es: &[1, 1, 1, 1], il: 0, sw: 0, l2: 1, oob: 0, want: Ok("00100000007f00003103020008000000800000000008000000000000000000003f0000000f0000000f00000003000000000000000000001fffff01013f00000000100000000000001000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000") },
        V { tag: "im2col/oob", im2col: true, dtype: 0, rank: 4, addr: 0x7f0000001000, dims: &[64, 16, 16, 4], strides: &[64, 1024, 16384], box_dim: &[], lower: &[-1, -1], upper: &[1, 1], channels: 32, pixels: 64, es: &[1, 1, 1, 1], il: 0, sw: 0, l2: 0, oob: 0, want: Ok("00100000007f00003100000004000000400000000004000000000000000000003f0000000f0000000f00000003000000000000000000001fffff01013f00000000080000000000001000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000") },
        V { tag: "im2col/addr", im2col: true, dtype: 6, rank: 4, addr: 0x7f0000001010, dims: &[64, 16, 16, 4], strides: &[128, 2048, 32768], box_dim: &[], lower: &[-1, -1], upper: &[1, 1], channels: 32, pixels: 64, es: &[1, 1, 1, 1], il: 0, sw: 0, l2: 0, oob: 0, want: Ok("10100000007f00003103000008000000800000000008000000000000000000003f0000000f0000000f00000003000000000000000000001fffff01013f00000000100000000000001000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000") },
        V { tag: "im2col/dim0", im2col: true, dtype: 6, rank: 5, addr: 0x7f0000001000, dims: &[1, 8, 8, 8, 2], strides: &[128, 1024, 8192, 65536], box_dim: &[], lower: &[-1, -1, -1], upper: &[1, 1, 1], channels: 32, pixels: 64, es: &[1, 1, 1, 1, 1], il: 0, sw: 0, l2: 0, oob: 0, want: Ok("00100000007f000041030000080000004000000000020000001000000000000000000000070000000700000007000000010000000000001fff7f21043f00000000100000000000001000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000") },
        V { tag: "im2col/dim4", im2col: true, dtype: 6, rank: 5, addr: 0x7f0000001000, dims: &[64, 8, 8, 8, 1], strides: &[128, 1024, 8192, 65536], box_dim: &[], lower: &[-1, -1, -1], upper: &[1, 1, 1], channels: 32, pixels: 64, es: &[1, 1, 1, 1, 1], il: 0, sw: 0, l2: 0, oob: 0, want: Ok("00100000007f00004103000008000000400000000002000000100000000000003f000000070000000700000007000000000000000000001fff7f21043f00000000100000000000001000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000") },
        V { tag: "im2col/stride0", im2col: true, dtype: 6, rank: 5, addr: 0x7f0000001000, dims: &[64, 8, 8, 8, 2], strides: &[16, 1024, 8192, 65536], box_dim: &[], lower: &[-1, -1, -1], upper: &[1, 1, 1], channels: 32, pixels: 64, es: &[1, 1, 1, 1, 1], il: 0, sw: 0, l2: 0, oob: 0, want: Ok("00100000007f00004103000001000000400000000002000000100000000000003f000000070000000700000007000000010000000000001fff7f21043f00000000100000000000001000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000") },
        V { tag: "im2col/stride3", im2col: true, dtype: 6, rank: 5, addr: 0x7f0000001000, dims: &[64, 8, 8, 8, 2], strides: &[128, 1024, 8192, 16], box_dim: &[], lower: &[-1, -1, -1], upper: &[1, 1, 1], channels: 32, pixels: 64, es: &[1, 1, 1, 1, 1], il: 0, sw: 0, l2: 0, oob: 0, want: Ok("00100000007f00004103000008000000400000000002000001000000000000003f000000070000000700000007000000010000000000001fff7f21043f00000000100000000000001000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000") },
        V { tag: "tiled/dtype_oob1", im2col: false, dtype: 0, rank: 2, addr: 0x7f0000001000, dims: &[64, 32], strides: &[64], box_dim: &[64, 8], lower: &[], upper: &[], channels: 0, pixels: 0, es: &[1, 1], il: 0, sw: 0, l2: 0, oob: 1, want: Err("oobFill") },
        V { tag: "tiled/dtype", im2col: false, dtype: 13, rank: 2, addr: 0x7f0000001000, dims: &[256, 32], strides: &[128], box_dim: &[128, 8], lower: &[], upper: &[], channels: 0, pixels: 0, es: &[1, 1], il: 0, sw: 0, l2: 0, oob: 0, want: Err("tensorDataType") },
        V { tag: "tiled/dtype_invalid", im2col: false, dtype: 16, rank: 2, addr: 0x7f0000001000, dims: &[64, 32], strides: &[64], box_dim: &[16, 8], lower: &[], upper: &[], channels: 0, pixels: 0, es: &[1, 1], il: 0, sw: 0, l2: 0, oob: 0, want: Err("tensorDataType") },
        V { tag: "tiled/addr_bit", im2col: false, dtype: 6, rank: 2, addr: 0x1001, dims: &[64, 32], strides: &[128], box_dim: &[16, 8], lower: &[], upper: &[], channels: 0, pixels: 0, es: &[1, 1], il: 0, sw: 0, l2: 0, oob: 0, want: Err("globalAddress") },
        V { tag: "tiled/addr_bit", im2col: false, dtype: 6, rank: 2, addr: 0x200000000000000, dims: &[64, 32], strides: &[128], box_dim: &[16, 8], lower: &[], upper: &[], channels: 0, pixels: 0, es: &[1, 1], il: 0, sw: 0, l2: 0, oob: 0, want: Err("globalAddress") },
        V { tag: "tiled/dim0", im2col: false, dtype: 0, rank: 5, addr: 0x7f0000001000, dims: &[8589934592, 3, 3, 3, 3], strides: &[32, 96, 288, 864], box_dim: &[16, 1, 1, 1, 1], lower: &[], upper: &[], channels: 0, pixels: 0, es: &[1, 1, 1, 1, 1], il: 0, sw: 0, l2: 0, oob: 0, want: Err("globalDim[0]") },
        V { tag: "tiled/dim1_fitted", im2col: false, dtype: 0, rank: 5, addr: 0x7f0000001000, dims: &[32, 4294967296, 3, 3, 3], strides: &[32, 137438953472, 412316860416, 1236950581248], box_dim: &[16, 1, 1, 1, 1], lower: &[], upper: &[], channels: 0, pixels: 0, es: &[1, 1, 1, 1, 1], il: 0, sw: 0, l2: 0, oob: 0, want: Err("globalStrides[3]") },
        V { tag: "tiled/stride0", im2col: false, dtype: 0, rank: 5, addr: 0x7f0000001000, dims: &[32, 4, 4, 4, 4], strides: &[1, 1024, 16384, 262144], box_dim: &[16, 2, 2, 2, 2], lower: &[], upper: &[], channels: 0, pixels: 0, es: &[1, 1, 1, 1, 1], il: 0, sw: 0, l2: 0, oob: 0, want: Err("globalStrides[0]") },
        V { tag: "tiled/box0", im2col: false, dtype: 0, rank: 2, addr: 0x7f0000001000, dims: &[512, 8], strides: &[512], box_dim: &[0, 2], lower: &[], upper: &[], channels: 0, pixels: 0, es: &[1, 1], il: 0, sw: 0, l2: 0, oob: 0, want: Err("boxDim[0]") },
        V { tag: "tiled/box0", im2col: false, dtype: 0, rank: 2, addr: 0x7f0000001000, dims: &[512, 8], strides: &[512], box_dim: &[8, 2], lower: &[], upper: &[], channels: 0, pixels: 0, es: &[1, 1], il: 0, sw: 0, l2: 0, oob: 0, want: Err("boxDim[0]") },
        V { tag: "tiled/es0", im2col: false, dtype: 0, rank: 5, addr: 0x7f0000001000, dims: &[64, 16, 16, 16, 16], strides: &[64, 1024, 16384, 262144], box_dim: &[32, 8, 8, 8, 8], lower: &[], upper: &[], channels: 0, pixels: 0, es: &[0, 1, 1, 1, 1], il: 0, sw: 0, l2: 0, oob: 0, want: Err("elementStrides[0]") },
        V { tag: "tiled/swizzle_box", im2col: false, dtype: 0, rank: 2, addr: 0x7f0000001000, dims: &[512, 16], strides: &[512], box_dim: &[48, 4], lower: &[], upper: &[], channels: 0, pixels: 0, es: &[1, 1], il: 0, sw: 1, l2: 0, oob: 0, want: Err("boxDim[0]") },
        V { tag: "tiled/swizzle_box", im2col: false, dtype: 0, rank: 2, addr: 0x7f0000001000, dims: &[512, 16], strides: &[512], box_dim: &[16, 4], lower: &[], upper: &[], channels: 0, pixels: 0, es: &[1, 1], il: 0, sw: 4, l2: 0, oob: 0, want: Err("swizzle") },
        V { tag: "tiled/swizzle_box", im2col: false, dtype: 0, rank: 2, addr: 0x7f0000001000, dims: &[512, 16], strides: &[512], box_dim: &[16, 4], lower: &[], upper: &[], channels: 0, pixels: 0, es: &[1, 1], il: 0, sw: 7, l2: 0, oob: 0, want: Err("swizzle") },
        V { tag: "tiled/interleave_r2", im2col: false, dtype: 6, rank: 2, addr: 0x7f0000001000, dims: &[16, 32], strides: &[32], box_dim: &[8, 8], lower: &[], upper: &[], channels: 0, pixels: 0, es: &[1, 1], il: 1, sw: 0, l2: 0, oob: 0, want: Err("interleave") },
        V { tag: "tiled/interleave", im2col: false, dtype: 6, rank: 3, addr: 0x7f0000001000, dims: &[8, 64, 16], strides: &[16, 1024], box_dim: &[8, 8, 2], lower: &[], upper: &[], channels: 0, pixels: 0, es: &[1, 1, 1], il: 3, sw: 0, l2: 0, oob: 0, want: Err("interleave") },
        V { tag: "tiled/l2", im2col: false, dtype: 6, rank: 2, addr: 0x7f0000001000, dims: &[64, 32], strides: &[128], box_dim: &[16, 8], lower: &[], upper: &[], channels: 0, pixels: 0, es: &[1, 1], il: 0, sw: 0, l2: 4, oob: 0, want: Err("l2Promotion") },
        V { tag: "tiled/oob", im2col: false, dtype: 0, rank: 2, addr: 0x7f0000001000, dims: &[64, 8], strides: &[64], box_dim: &[16, 2], lower: &[], upper: &[], channels: 0, pixels: 0, es: &[1, 1], il: 0, sw: 0, l2: 0, oob: 2, want: Err("oobFill") },
        V { tag: "tiled/rank_invalid", im2col: false, dtype: 6, rank: 0, addr: 0x7f0000001000, dims: &[64, 32], strides: &[128], box_dim: &[16, 8], lower: &[], upper: &[], channels: 0, pixels: 0, es: &[1, 1], il: 0, sw: 0, l2: 0, oob: 0, want: Err("tensorRank") },
        V { tag: "tiled/random", im2col: false, dtype: 5, rank: 5, addr: 0xda70453e8080, dims: &[2, 6839, 3, 2, 2], strides: &[128, 112976, 28469808800, 2076832], box_dim: &[6, 214, 120, 201, 17], lower: &[], upper: &[], channels: 0, pixels: 0, es: &[4, 7, 6, 5, 8], il: 0, sw: 3, l2: 1, oob: 0, want: Err("boxDim") },
        V { tag: "im2col/rank_invalid", im2col: true, dtype: 6, rank: 1, addr: 0x7f0000001000, dims: &[64], strides: &[], box_dim: &[], lower: &[0], upper: &[0], channels: 32, pixels: 64, es: &[1], il: 0, sw: 0, l2: 0, oob: 0, want: Err("tensorRank") },
        V { tag: "im2col/dtype", im2col: true, dtype: 13, rank: 4, addr: 0x7f0000001000, dims: &[256, 16, 16, 4], strides: &[128, 2048, 32768], box_dim: &[], lower: &[-1, -1], upper: &[1, 1], channels: 128, pixels: 64, es: &[1, 1, 1, 1], il: 0, sw: 0, l2: 0, oob: 0, want: Err("tensorDataType") },
        V { tag: "im2col/lower0", im2col: true, dtype: 6, rank: 3, addr: 0x7f0000001000, dims: &[64, 32, 4], strides: &[128, 4096], box_dim: &[], lower: &[-32769], upper: &[1], channels: 32, pixels: 64, es: &[1, 1, 1], il: 0, sw: 0, l2: 0, oob: 0, want: Err("pixelBoxLowerCorner[0]") },
        V { tag: "im2col/upper0", im2col: true, dtype: 6, rank: 3, addr: 0x7f0000001000, dims: &[64, 32, 4], strides: &[128, 4096], box_dim: &[], lower: &[-1], upper: &[-32769], channels: 32, pixels: 64, es: &[1, 1, 1], il: 0, sw: 0, l2: 0, oob: 0, want: Err("pixelBoxUpperCorner[0]") },
        V { tag: "im2col/upper0", im2col: true, dtype: 6, rank: 3, addr: 0x7f0000001000, dims: &[64, 32, 4], strides: &[128, 4096], box_dim: &[], lower: &[-1], upper: &[-32768], channels: 32, pixels: 64, es: &[1, 1, 1], il: 0, sw: 0, l2: 0, oob: 0, want: Err("pixelBoxUpperCorner[0]") },
        V { tag: "im2col/channels", im2col: true, dtype: 0, rank: 4, addr: 0x7f0000001000, dims: &[512, 16, 16, 4], strides: &[512, 8192, 131072], box_dim: &[], lower: &[-1, -1], upper: &[1, 1], channels: 1, pixels: 64, es: &[1, 1, 1, 1], il: 0, sw: 0, l2: 0, oob: 0, want: Err("channelsPerPixel") },
        V { tag: "im2col/channels", im2col: true, dtype: 0, rank: 4, addr: 0x7f0000001000, dims: &[512, 16, 16, 4], strides: &[512, 8192, 131072], box_dim: &[], lower: &[-1, -1], upper: &[1, 1], channels: 257, pixels: 64, es: &[1, 1, 1, 1], il: 0, sw: 0, l2: 0, oob: 0, want: Err("channelsPerPixel") },
        V { tag: "im2col/pixels", im2col: true, dtype: 6, rank: 4, addr: 0x7f0000001000, dims: &[64, 16, 16, 4], strides: &[128, 2048, 32768], box_dim: &[], lower: &[-1, -1], upper: &[1, 1], channels: 32, pixels: 1025, es: &[1, 1, 1, 1], il: 0, sw: 0, l2: 0, oob: 0, want: Err("pixelsPerColumn") },
        V { tag: "im2col/es0", im2col: true, dtype: 6, rank: 5, addr: 0x7f0000001000, dims: &[64, 8, 8, 8, 2], strides: &[128, 1024, 8192, 65536], box_dim: &[], lower: &[-1, -1, -1], upper: &[1, 1, 1], channels: 32, pixels: 64, es: &[0, 1, 1, 1, 1], il: 0, sw: 0, l2: 0, oob: 0, want: Err("elementStrides[0]") },
        V { tag: "im2col/swizzle", im2col: true, dtype: 0, rank: 4, addr: 0x7f0000001000, dims: &[256, 16, 16, 4], strides: &[256, 4096, 65536], box_dim: &[], lower: &[-1, -1], upper: &[1, 1], channels: 48, pixels: 64, es: &[1, 1, 1, 1], il: 0, sw: 1, l2: 0, oob: 0, want: Err("channelsPerPixel") },
        V { tag: "im2col/swizzle", im2col: true, dtype: 0, rank: 4, addr: 0x7f0000001000, dims: &[256, 16, 16, 4], strides: &[256, 4096, 65536], box_dim: &[], lower: &[-1, -1], upper: &[1, 1], channels: 8, pixels: 64, es: &[1, 1, 1, 1], il: 0, sw: 4, l2: 0, oob: 0, want: Err("swizzle") },
        V { tag: "im2col/swizzle", im2col: true, dtype: 0, rank: 4, addr: 0x7f0000001000, dims: &[256, 16, 16, 4], strides: &[256, 4096, 65536], box_dim: &[], lower: &[-1, -1], upper: &[1, 1], channels: 8, pixels: 64, es: &[1, 1, 1, 1], il: 0, sw: 7, l2: 0, oob: 0, want: Err("swizzle") },
        V { tag: "im2col/interleave", im2col: true, dtype: 6, rank: 4, addr: 0x7f0000001000, dims: &[8, 16, 16, 4], strides: &[16, 256, 4096], box_dim: &[], lower: &[-1, -1], upper: &[1, 1], channels: 8, pixels: 64, es: &[1, 1, 1, 1], il: 3, sw: 0, l2: 0, oob: 0, want: Err("interleave") },
        V { tag: "im2col/l2", im2col: true, dtype: 6, rank: 4, addr: 0x7f0000001000, dims: &[64, 16, 16, 4], strides: &[128, 2048, 32768], box_dim: &[], lower: &[-1, -1], upper: &[1, 1], channels: 32, pixels: 64, es: &[1, 1, 1, 1], il: 0, sw: 0, l2: 4, oob: 0, want: Err("l2Promotion") },
        V { tag: "im2col/oob", im2col: true, dtype: 0, rank: 4, addr: 0x7f0000001000, dims: &[64, 16, 16, 4], strides: &[64, 1024, 16384], box_dim: &[], lower: &[-1, -1], upper: &[1, 1], channels: 32, pixels: 64, es: &[1, 1, 1, 1], il: 0, sw: 0, l2: 0, oob: 1, want: Err("oobFill") },
        V { tag: "im2col/oob", im2col: true, dtype: 0, rank: 4, addr: 0x7f0000001000, dims: &[64, 16, 16, 4], strides: &[64, 1024, 16384], box_dim: &[], lower: &[-1, -1], upper: &[1, 1], channels: 32, pixels: 64, es: &[1, 1, 1, 1], il: 0, sw: 0, l2: 0, oob: 2, want: Err("oobFill") },
        V { tag: "im2col/addr", im2col: true, dtype: 6, rank: 4, addr: 0x400000000000000, dims: &[64, 16, 16, 4], strides: &[128, 2048, 32768], box_dim: &[], lower: &[-1, -1], upper: &[1, 1], channels: 32, pixels: 64, es: &[1, 1, 1, 1], il: 0, sw: 0, l2: 0, oob: 0, want: Err("globalAddress") },
        V { tag: "im2col/addr", im2col: true, dtype: 6, rank: 4, addr: 0x7f0000001008, dims: &[64, 16, 16, 4], strides: &[128, 2048, 32768], box_dim: &[], lower: &[-1, -1], upper: &[1, 1], channels: 32, pixels: 64, es: &[1, 1, 1, 1], il: 0, sw: 0, l2: 0, oob: 0, want: Err("globalAddress") },
        V { tag: "im2col/dim0", im2col: true, dtype: 6, rank: 5, addr: 0x7f0000001000, dims: &[4294967297, 8, 8, 8, 2], strides: &[128, 1024, 8192, 65536], box_dim: &[], lower: &[-1, -1, -1], upper: &[1, 1, 1], channels: 32, pixels: 64, es: &[1, 1, 1, 1, 1], il: 0, sw: 0, l2: 0, oob: 0, want: Err("globalDim[0]") },
        V { tag: "im2col/stride0", im2col: true, dtype: 6, rank: 5, addr: 0x7f0000001000, dims: &[64, 8, 8, 8, 2], strides: &[1099511627776, 1024, 8192, 65536], box_dim: &[], lower: &[-1, -1, -1], upper: &[1, 1, 1], channels: 32, pixels: 64, es: &[1, 1, 1, 1, 1], il: 0, sw: 0, l2: 0, oob: 0, want: Err("globalStrides[0]") },
        V { tag: "im2col/random", im2col: true, dtype: 6, rank: 5, addr: 0xe69fa3776b40, dims: &[888, 2931, 1496, 310, 613], strides: &[64, 270034864, 112, 16], box_dim: &[], lower: &[-11, 5, -6], upper: &[9, 10, -11], channels: 248, pixels: 833, es: &[3, 1, 7, 2, 8], il: 0, sw: 0, l2: 2, oob: 0, want: Err("pixelsPerColumn") },
        V { tag: "tiled/dtype", im2col: false, dtype: 1, rank: 2, addr: 0x7f0000001000, dims: &[64, 32], strides: &[128], box_dim: &[32, 8], lower: &[], upper: &[], channels: 0, pixels: 0, es: &[1, 1], il: 0, sw: 0, l2: 0, oob: 0, want: Ok("00100000007f00009000000008000000000000000000000000000000000000003f0000001f0000000000000000000000000000000000001f070000000000000000020000000000001000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000") },
        V { tag: "tiled/dtype", im2col: false, dtype: 2, rank: 2, addr: 0x7f0000001000, dims: &[64, 32], strides: &[256], box_dim: &[16, 8], lower: &[], upper: &[], channels: 0, pixels: 0, es: &[1, 1], il: 0, sw: 0, l2: 0, oob: 0, want: Ok("00100000007f00001001000010000000000000000000000000000000000000003f0000001f0000000000000000000000000000000000000f070000000000000000020000000000001000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000") },
        V { tag: "tiled/dtype", im2col: false, dtype: 3, rank: 2, addr: 0x7f0000001000, dims: &[64, 32], strides: &[256], box_dim: &[16, 8], lower: &[], upper: &[], channels: 0, pixels: 0, es: &[1, 1], il: 0, sw: 0, l2: 0, oob: 0, want: Ok("00100000007f00009001000010000000000000000000000000000000000000003f0000001f0000000000000000000000000000000000000f070000000000000000020000000000001000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000") },
        V { tag: "tiled/dtype", im2col: false, dtype: 4, rank: 2, addr: 0x7f0000001000, dims: &[64, 32], strides: &[512], box_dim: &[8, 8], lower: &[], upper: &[], channels: 0, pixels: 0, es: &[1, 1], il: 0, sw: 0, l2: 0, oob: 0, want: Ok("00100000007f00001002000020000000000000000000000000000000000000003f0000001f00000000000000000000000000000000000007070000000000000000020000000000001000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000") },
        V { tag: "tiled/dtype", im2col: false, dtype: 5, rank: 2, addr: 0x7f0000001000, dims: &[64, 32], strides: &[512], box_dim: &[8, 8], lower: &[], upper: &[], channels: 0, pixels: 0, es: &[1, 1], il: 0, sw: 0, l2: 0, oob: 0, want: Ok("00100000007f00009002000020000000000000000000000000000000000000003f0000001f00000000000000000000000000000000000007070000000000000000020000000000001000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000") },
        V { tag: "tiled/dtype", im2col: false, dtype: 6, rank: 2, addr: 0x7f0000001000, dims: &[64, 32], strides: &[128], box_dim: &[32, 8], lower: &[], upper: &[], channels: 0, pixels: 0, es: &[1, 1], il: 0, sw: 0, l2: 0, oob: 0, want: Ok("00100000007f00001003000008000000000000000000000000000000000000003f0000001f0000000000000000000000000000000000001f070000000000000000020000000000001000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000") },
        V { tag: "tiled/dtype", im2col: false, dtype: 7, rank: 2, addr: 0x7f0000001000, dims: &[64, 32], strides: &[256], box_dim: &[16, 8], lower: &[], upper: &[], channels: 0, pixels: 0, es: &[1, 1], il: 0, sw: 0, l2: 0, oob: 0, want: Ok("00100000007f00009003000010000000000000000000000000000000000000003f0000001f0000000000000000000000000000000000000f070000000000000000020000000000001000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000") },
        V { tag: "tiled/dtype", im2col: false, dtype: 8, rank: 2, addr: 0x7f0000001000, dims: &[64, 32], strides: &[512], box_dim: &[8, 8], lower: &[], upper: &[], channels: 0, pixels: 0, es: &[1, 1], il: 0, sw: 0, l2: 0, oob: 0, want: Ok("00100000007f00009004000020000000000000000000000000000000000000003f0000001f00000000000000000000000000000000000007070000000000000000020000000000001000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000") },
        V { tag: "tiled/dtype", im2col: false, dtype: 9, rank: 2, addr: 0x7f0000001000, dims: &[64, 32], strides: &[128], box_dim: &[32, 8], lower: &[], upper: &[], channels: 0, pixels: 0, es: &[1, 1], il: 0, sw: 0, l2: 0, oob: 0, want: Ok("00100000007f00001005000008000000000000000000000000000000000000003f0000001f0000000000000000000000000000000000001f070000000000000000020000000000001000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000") },
        V { tag: "tiled/dtype", im2col: false, dtype: 10, rank: 2, addr: 0x7f0000001000, dims: &[64, 32], strides: &[256], box_dim: &[16, 8], lower: &[], upper: &[], channels: 0, pixels: 0, es: &[1, 1], il: 0, sw: 0, l2: 0, oob: 0, want: Ok("00100000007f00001004000010000000000000000000000000000000000000003f0000001f0000000000000000000000000000000000000f070000000000000000020000000000001000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000") },
        V { tag: "tiled/dtype", im2col: false, dtype: 11, rank: 2, addr: 0x7f0000001000, dims: &[64, 32], strides: &[256], box_dim: &[16, 8], lower: &[], upper: &[], channels: 0, pixels: 0, es: &[1, 1], il: 0, sw: 0, l2: 0, oob: 0, want: Ok("00100000007f00009003010010000000000000000000000000000000000000003f0000001f0000000000000000000000000000000000000f070000000000000000020000000000001000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000") },
        V { tag: "tiled/dtype", im2col: false, dtype: 12, rank: 2, addr: 0x7f0000001000, dims: &[64, 32], strides: &[256], box_dim: &[16, 8], lower: &[], upper: &[], channels: 0, pixels: 0, es: &[1, 1], il: 0, sw: 0, l2: 0, oob: 0, want: Ok("00100000007f00001004010010000000000000000000000000000000000000003f0000001f0000000000000000000000000000000000000f070000000000000000020000000000001000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000") },
        V { tag: "tiled/dtype_oob1", im2col: false, dtype: 7, rank: 2, addr: 0x7f0000001000, dims: &[64, 32], strides: &[256], box_dim: &[16, 8], lower: &[], upper: &[], channels: 0, pixels: 0, es: &[1, 1], il: 0, sw: 0, l2: 0, oob: 1, want: Ok("00100000007f00009083000010000000000000000000000000000000000000003f0000001f0000000000000000000000000000000000000f070000000000000000020000000000001000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000") },
        V { tag: "tiled/dtype_oob1", im2col: false, dtype: 9, rank: 2, addr: 0x7f0000001000, dims: &[64, 32], strides: &[128], box_dim: &[32, 8], lower: &[], upper: &[], channels: 0, pixels: 0, es: &[1, 1], il: 0, sw: 0, l2: 0, oob: 1, want: Ok("00100000007f00001085000008000000000000000000000000000000000000003f0000001f0000000000000000000000000000000000001f070000000000000000020000000000001000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000") },
        V { tag: "tiled/dtype_oob1", im2col: false, dtype: 11, rank: 2, addr: 0x7f0000001000, dims: &[64, 32], strides: &[256], box_dim: &[16, 8], lower: &[], upper: &[], channels: 0, pixels: 0, es: &[1, 1], il: 0, sw: 0, l2: 0, oob: 1, want: Ok("00100000007f00009083010010000000000000000000000000000000000000003f0000001f0000000000000000000000000000000000000f070000000000000000020000000000001000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000") },
        V { tag: "tiled/swizzle_box", im2col: false, dtype: 0, rank: 2, addr: 0x7f0000001000, dims: &[512, 16], strides: &[512], box_dim: &[16, 4], lower: &[], upper: &[], channels: 0, pixels: 0, es: &[1, 1], il: 0, sw: 1, l2: 0, oob: 0, want: Ok("00100000007f0000102000002000000000000000000000000000000000000000ff0100000f0000000000000000000000000000000000000f030000000000000040000000000000000001000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000") },
        V { tag: "tiled/swizzle_box", im2col: false, dtype: 0, rank: 2, addr: 0x7f0000001000, dims: &[512, 16], strides: &[512], box_dim: &[16, 4], lower: &[], upper: &[], channels: 0, pixels: 0, es: &[1, 1], il: 0, sw: 2, l2: 0, oob: 0, want: Ok("00100000007f0000104000002000000000000000000000000000000000000000ff0100000f0000000000000000000000000000000000000f030000000000000040000000000000000002000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000") },
        V { tag: "tiled/swizzle_box", im2col: false, dtype: 0, rank: 2, addr: 0x7f0000001000, dims: &[512, 16], strides: &[512], box_dim: &[16, 4], lower: &[], upper: &[], channels: 0, pixels: 0, es: &[1, 1], il: 0, sw: 3, l2: 0, oob: 0, want: Ok("00100000007f0000106000002000000000000000000000000000000000000000ff0100000f0000000000000000000000000000000000000f030000000000000040000000000000000004000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000") },
        V { tag: "tiled/l2", im2col: false, dtype: 6, rank: 2, addr: 0x7f0000001000, dims: &[64, 32], strides: &[128], box_dim: &[16, 8], lower: &[], upper: &[], channels: 0, pixels: 0, es: &[1, 1], il: 0, sw: 0, l2: 2, oob: 0, want: Ok("00100000007f00001003040008000000000000000000000000000000000000003f0000001f0000000000000000000000000000000000000f070000000000000000010000000000001000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000") },
        V { tag: "tiled/l2", im2col: false, dtype: 6, rank: 2, addr: 0x7f0000001000, dims: &[64, 32], strides: &[128], box_dim: &[16, 8], lower: &[], upper: &[], channels: 0, pixels: 0, es: &[1, 1], il: 0, sw: 0, l2: 3, oob: 0, want: Ok("00100000007f00001003060008000000000000000000000000000000000000003f0000001f0000000000000000000000000000000000000f070000000000000000010000000000001000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000") },
        V { tag: "tiled/interleave", im2col: false, dtype: 6, rank: 3, addr: 0x7f0000001000, dims: &[8, 64, 16], strides: &[16, 1024], box_dim: &[8, 8, 2], lower: &[], upper: &[], channels: 0, pixels: 0, es: &[1, 1, 1], il: 1, sw: 0, l2: 0, oob: 0, want: Ok("00100000007f0000200b00000100000040000000000000000000000000000000070000003f0000000f000000000000000000000000000007070100000000000000010000000000001000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000") },
        V { tag: "tiled/interleave", im2col: false, dtype: 6, rank: 3, addr: 0x7f0000001000, dims: &[8, 64, 16], strides: &[32, 2048], box_dim: &[8, 8, 2], lower: &[], upper: &[], channels: 0, pixels: 0, es: &[1, 1, 1], il: 2, sw: 0, l2: 0, oob: 0, want: Ok("00100000007f0000201300000200000080000000000000000000000000000000070000003f0000000f000000000000000000000000000007070100000000000000010000000000001000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000") },
        V { tag: "tiled/rank", im2col: false, dtype: 0, rank: 2, addr: 0x7f0000001000, dims: &[96, 7], strides: &[96], box_dim: &[48, 5], lower: &[], upper: &[], channels: 0, pixels: 0, es: &[1, 2], il: 0, sw: 0, l2: 0, oob: 0, want: Ok("00100000007f00001000000006000000000000000000000000000000000000005f000000060000000000000000000000000000000800002f040000000000000060000000000000001000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000") },
        V { tag: "tiled/rank", im2col: false, dtype: 0, rank: 3, addr: 0x7f0000001000, dims: &[96, 7, 6], strides: &[96, 672], box_dim: &[48, 5, 4], lower: &[], upper: &[], channels: 0, pixels: 0, es: &[1, 2, 3], il: 0, sw: 0, l2: 0, oob: 0, want: Ok("00100000007f000020000000060000002a0000000000000000000000000000005f000000060000000500000000000000000000008800002f040300000000000060000000000000001000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000") },
        V { tag: "tiled/rank", im2col: false, dtype: 0, rank: 4, addr: 0x7f0000001000, dims: &[96, 7, 6, 5], strides: &[96, 672, 4032], box_dim: &[48, 5, 4, 3], lower: &[], upper: &[], channels: 0, pixels: 0, es: &[1, 2, 3, 2], il: 0, sw: 0, l2: 0, oob: 0, want: Ok("00100000007f000030000000060000002a000000fc00000000000000000000005f000000060000000500000004000000000000008802002f040302000000000060000000000000001000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000") },
        V { tag: "tiled/rank", im2col: false, dtype: 0, rank: 5, addr: 0x7f0000001000, dims: &[96, 7, 6, 5, 3], strides: &[96, 672, 4032, 20160], box_dim: &[48, 5, 4, 3, 2], lower: &[], upper: &[], channels: 0, pixels: 0, es: &[1, 2, 3, 2, 1], il: 0, sw: 0, l2: 0, oob: 0, want: Ok("00100000007f000040000000060000002a000000fc000000ec040000000000005f000000060000000500000004000000020000008802002f0403020100000000c0000000000000001000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000") },
        V { tag: "tiled/addr_bit", im2col: false, dtype: 6, rank: 2, addr: 0x100000000000000, dims: &[64, 32], strides: &[128], box_dim: &[16, 8], lower: &[], upper: &[], channels: 0, pixels: 0, es: &[1, 1], il: 0, sw: 0, l2: 0, oob: 0, want: Ok("00000000000000011003000008000000000000000000000000000000000000003f0000001f0000000000000000000000000000000000000f070000000000000000010000000000001000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000") },
        V { tag: "tiled/dim2", im2col: false, dtype: 0, rank: 5, addr: 0x7f0000001000, dims: &[32, 3, 4294967296, 3, 3], strides: &[32, 96, 288, 864], box_dim: &[16, 1, 1, 1, 1], lower: &[], upper: &[], channels: 0, pixels: 0, es: &[1, 1, 1, 1, 1], il: 0, sw: 0, l2: 0, oob: 0, want: Ok("00100000007f00004000000002000000060000001200000036000000000000001f00000002000000ffffffff02000000020000000000000f000000000000000010000000000000001000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000") },
        V { tag: "tiled/stride3", im2col: false, dtype: 0, rank: 5, addr: 0x7f0000001000, dims: &[32, 4, 4, 4, 4], strides: &[64, 1024, 16384, 1099511627760], box_dim: &[16, 2, 2, 2, 2], lower: &[], upper: &[], channels: 0, pixels: 0, es: &[1, 1, 1, 1, 1], il: 0, sw: 0, l2: 0, oob: 0, want: Ok("00100000007f000040000000040000004000000000040000ffffffff00f000001f000000030000000300000003000000030000000000000f010101010000000000010000000000001000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000") },
        V { tag: "tiled/stride1", im2col: false, dtype: 0, rank: 5, addr: 0x7f0000001000, dims: &[32, 4, 4, 4, 4], strides: &[64, 549755813888, 16384, 262144], box_dim: &[16, 2, 2, 2, 2], lower: &[], upper: &[], channels: 0, pixels: 0, es: &[1, 1, 1, 1, 1], il: 0, sw: 0, l2: 0, oob: 0, want: Ok("00100000007f00004000000004000000000000000004000000400000800000001f000000030000000300000003000000030000000000000f010101010000000000010000000000001000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000") },
        V { tag: "im2col/random", im2col: true, dtype: 2, rank: 3, addr: 0x3426906b6e60, dims: &[1120, 3352, 1614], strides: &[448, 256], box_dim: &[], lower: &[-4257], upper: &[7322], channels: 4, pixels: 125, es: &[8, 1, 8], il: 0, sw: 1, l2: 0, oob: 0, want: Ok("606e6b9026340000212100001c000000100000000000000000000000000000005f040000170d00004d0600000000000000000000c70100035fef9a1c7c000000d0070000000000000001000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000") },
        V { tag: "im2col/random", im2col: true, dtype: 7, rank: 4, addr: 0x5c4218c5dd10, dims: &[1328, 1638, 1160, 3941], strides: &[280464, 256, 60448], box_dim: &[], lower: &[-108, 51], upper: &[-110, 114], channels: 16, pixels: 806, es: &[4, 2, 2, 3], il: 0, sw: 3, l2: 2, oob: 1, want: Ok("10ddc518425c0000b1e304007944000010000000c20e000000000000000000002f0500006506000087040000640f0000000000004b04000f943392722503000080c90000000000000004000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000") },
        V { tag: "im2col/random", im2col: true, dtype: 0, rank: 5, addr: 0xf9c6341c23f0, dims: &[934, 2690, 3135, 3779, 2903], strides: &[553962928, 144, 1579760, 6672], box_dim: &[], lower: &[5, 1, 1], upper: &[13, -4, -11], channels: 32, pixels: 70, es: &[3, 1, 5, 7, 1], il: 0, sw: 2, l2: 3, oob: 0, want: Ok("f0231c34c6f9000041400600db4c100209000000af810100a101000000000000a5030000810a00003e0c0000c20e0000560b0000020d001f25048d5745000000c0080000000000000002000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000") },
        V { tag: "im2col/dim1", im2col: true, dtype: 6, rank: 5, addr: 0x7f0000001000, dims: &[64, 2147483648, 8, 8, 2], strides: &[128, 1024, 8192, 65536], box_dim: &[], lower: &[-1, -1, -1], upper: &[1, 1, 1], channels: 32, pixels: 64, es: &[1, 1, 1, 1, 1], il: 0, sw: 0, l2: 0, oob: 0, want: Err("pixelBoxUpperCorner[0]") },
        V { tag: "im2col/dim1", im2col: true, dtype: 6, rank: 5, addr: 0x7f0000001000, dims: &[64, 4294967296, 8, 8, 2], strides: &[128, 1024, 8192, 65536], box_dim: &[], lower: &[-1, -1, -1], upper: &[1, 1, 1], channels: 32, pixels: 64, es: &[1, 1, 1, 1, 1], il: 0, sw: 0, l2: 0, oob: 0, want: Ok("00100000007f00004103000008000000400000000002000000100000000000003f000000ffffffff0700000007000000010000000000001fff7f21043f00000000100000000000001000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000") },
        V { tag: "im2col/pixels", im2col: true, dtype: 6, rank: 4, addr: 0x7f0000001000, dims: &[64, 16, 16, 4], strides: &[128, 2048, 32768], box_dim: &[], lower: &[-1, -1], upper: &[1, 1], channels: 32, pixels: 1024, es: &[1, 1, 1, 1], il: 0, sw: 0, l2: 0, oob: 0, want: Ok("00100000007f00003103000008000000800000000008000000000000000000003f0000000f0000000f00000003000000000000000000001fffff0101ff03000000000100000000001000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000") },
        V { tag: "im2col/channels", im2col: true, dtype: 0, rank: 4, addr: 0x7f0000001000, dims: &[512, 16, 16, 4], strides: &[512, 8192, 131072], box_dim: &[], lower: &[-1, -1], upper: &[1, 1], channels: 256, pixels: 64, es: &[1, 1, 1, 1], il: 0, sw: 0, l2: 0, oob: 0, want: Ok("00100000007f0000310000002000000000020000002000000000000000000000ff0100000f0000000f0000000300000000000000000000ffffff01013f00000000400000000000001000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000") },
        V { tag: "tiled/random", im2col: false, dtype: 7, rank: 5, addr: 0xf12bb96c0140, dims: &[614646, 1, 1, 3, 1], strides: &[34537245232, 452880, 95984, 4158016], box_dim: &[4, 11, 194, 56, 41], lower: &[], upper: &[], channels: 0, pixels: 0, es: &[7, 2, 7, 8, 3], il: 0, sw: 1, l2: 3, oob: 1, want: Ok("40016cb92bf10000c0a30600a348a980916e00006f17000024f7030000000000f5600900000000000000000002000000000000008e2f00030ac137280000000000000000000000000001000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000") },
    ];

    fn hex(bytes: &[u8]) -> String {
        bytes.iter().map(|b| format!("{b:02x}")).collect()
    }

    /// The encoder's answer for a vector; an enum value outside CUDA's
    /// enums is refused as the driver does, naming that parameter.
    fn encode(v: &V) -> Result<TensorMap, TensorMapError> {
        let bad = |field: &'static str| TensorMapError {
            field,
            detail: "not in the enum".into(),
        };
        let dtype = TensorDtype::from_value(v.dtype).ok_or_else(|| bad("tensorDataType"))?;
        let interleave = Interleave::from_value(v.il).ok_or_else(|| bad("interleave"))?;
        let swizzle = Swizzle::from_value(v.sw).ok_or_else(|| bad("swizzle"))?;
        let l2 = L2Promotion::from_value(v.l2).ok_or_else(|| bad("l2Promotion"))?;
        let oob = match v.oob {
            0 => false,
            1 => true,
            _ => return Err(bad("oobFill")),
        };
        if v.im2col {
            TensorMap::encode_im2col(
                dtype, v.rank, v.addr, v.dims, v.strides, v.lower, v.upper, v.channels, v.pixels,
                v.es, interleave, swizzle, l2, oob,
            )
        } else {
            TensorMap::encode_tiled(
                dtype, v.rank, v.addr, v.dims, v.strides, v.box_dim, v.es, interleave, swizzle, l2,
                oob,
            )
        }
    }

    #[test]
    fn probe_vectors_encode_as_the_driver_did() {
        let mut wrong = Vec::new();
        for v in VECTORS {
            match (encode(v), v.want) {
                (Ok(map), Ok(want)) => {
                    if hex(&map.to_bytes()) != want {
                        wrong.push(format!(
                            "{}: bytes {} want {want}",
                            v.tag,
                            hex(&map.to_bytes())
                        ));
                    }
                }
                (Err(e), Err(field)) => {
                    // Enum values out of range are refused before the
                    // encoder runs; the driver's order puts the rank first.
                    if e.field != field && e.detail != "not in the enum" {
                        wrong.push(format!("{}: refused as {e}, want {field}", v.tag));
                    }
                }
                (Ok(_), Err(field)) => {
                    wrong.push(format!("{}: encoded, want refusal {field}", v.tag))
                }
                (Err(e), Ok(_)) => wrong.push(format!("{}: refused ({e})", v.tag)),
            }
        }
        assert!(
            wrong.is_empty(),
            "{} wrong:\n{}",
            wrong.len(),
            wrong.join("\n")
        );
        assert!(VECTORS.iter().filter(|v| v.want.is_ok()).count() >= 30);
        assert!(VECTORS.iter().filter(|v| v.want.is_err()).count() >= 30);
    }

    #[test]
    fn driver_bytes_decode_and_reencode() {
        for v in VECTORS {
            let Ok(want) = v.want else { continue };
            let mut bytes = [0u8; 128];
            for (i, b) in bytes.iter_mut().enumerate() {
                *b = u8::from_str_radix(&want[2 * i..2 * i + 2], 16).unwrap();
            }
            let map = TensorMap::from_bytes(&bytes).unwrap_or_else(|e| panic!("{}: {e}", v.tag));
            assert_eq!(map.to_bytes(), bytes, "{}", v.tag);
            assert_eq!(Ok(map), encode(v), "{}", v.tag);
        }
    }

    #[test]
    fn round_trips() {
        let mut n = 0;
        for v in VECTORS {
            if let Ok(map) = encode(v) {
                assert_eq!(TensorMap::from_bytes(&map.to_bytes()), Ok(map), "{}", v.tag);
                n += 1;
            }
        }
        // Every type, swizzle, interleave and promotion, tiled and im2col.
        for (i, dtype) in TensorDtype::ALL
            .into_iter()
            .filter(|t| !t.is_packed())
            .enumerate()
        {
            for sw in [Swizzle::None, Swizzle::B32, Swizzle::B64, Swizzle::B128] {
                let il = [Interleave::None, Interleave::B16, Interleave::B32][i % 3];
                let l2 = L2Promotion::from_value(i as u32 % 4).unwrap();
                let inner = (32 / dtype.size()) as u32;
                let t = TensorMap::encode_tiled(
                    dtype,
                    4,
                    0x1_0000_0020 << 4,
                    &[1 << 32, 7, 9, 3],
                    &[1 << 39, 0x40, 0xff_ffff_ffe0],
                    &[inner, 256, 3, 1],
                    &[8, 2, 3, 1],
                    il,
                    sw,
                    l2,
                    dtype.is_float(),
                )
                .unwrap();
                assert_eq!(TensorMap::from_bytes(&t.to_bytes()), Ok(t));
                let m = TensorMap::encode_im2col(
                    dtype,
                    5,
                    0x7f00_0000_1000,
                    &[64, 40, 40, 40, 1 << 32],
                    &[512, 4096, 32768, 1 << 20],
                    &[-16, 0, 15],
                    &[15, -16, -1],
                    inner,
                    1024 / dtype.size() as u32,
                    &[1, 2, 3, 4, 5],
                    il,
                    sw,
                    l2,
                    dtype.is_float(),
                )
                .unwrap();
                assert_eq!(TensorMap::from_bytes(&m.to_bytes()), Ok(m));
                n += 2;
            }
        }
        assert!(n > 100);
    }

    #[test]
    fn corners_pack_by_rank() {
        let enc = |rank: u32, lo: &[i32], hi: &[i32]| {
            let dims = [64u64, 16, 16, 16, 2];
            let strides = [128u64, 2048, 32768, 1 << 19];
            let map = TensorMap::encode_im2col(
                TensorDtype::F16,
                rank,
                0x1000,
                &dims[..rank as usize],
                &strides[..rank as usize - 1],
                lo,
                hi,
                32,
                64,
                &[1; 5][..rank as usize],
                Interleave::None,
                Swizzle::None,
                L2Promotion::None,
                false,
            )
            .unwrap();
            let b = map.to_bytes();
            u32::from_le_bytes([b[56], b[57], b[58], b[59]])
        };
        assert_eq!(enc(3, &[-1], &[1]), 0x0001_ffff);
        assert_eq!(enc(4, &[-1, -2], &[1, 2]), 0x0201_feff);
        assert_eq!(enc(5, &[-1, -1, -1], &[1, 1, 1]), 0x0421_7fff);
    }

    #[test]
    fn refusals_name_the_field_and_rule() {
        let tiled = |dtype, addr, box0, il, sw, oob| {
            TensorMap::encode_tiled(
                dtype,
                3,
                addr,
                &[64, 16, 4],
                &[256, 4096],
                &[box0, 8, 2],
                &[1, 1, 1],
                il,
                sw,
                L2Promotion::None,
                oob,
            )
        };
        let f = TensorDtype::F16;
        let e = tiled(f, 0x1000, 300, Interleave::None, Swizzle::None, false).unwrap_err();
        assert_eq!(e.to_string(), "boxDim[0] = 300: not 1 to 256");
        let e = tiled(f, 0x1008, 16, Interleave::None, Swizzle::None, false).unwrap_err();
        assert_eq!(e.field, "globalAddress");
        let e = tiled(f, 0x1010, 16, Interleave::B32, Swizzle::B32, false).unwrap_err();
        assert_eq!(e.field, "globalAddress");
        let e = tiled(f, 0x1000, 4, Interleave::None, Swizzle::None, false).unwrap_err();
        assert_eq!(e.field, "boxDim[0]");
        // With interleave too (`tma/interleave/f16_16B_box4x4x2_r4` was
        // refused on an H200), but not the span rule: a 64-byte row with
        // the 32-byte swizzle encodes.
        let e = tiled(f, 0x1000, 4, Interleave::B16, Swizzle::None, false).unwrap_err();
        assert_eq!(e.field, "boxDim[0]");
        assert!(tiled(f, 0x1000, 32, Interleave::B16, Swizzle::B32, false).is_ok());
        let e = tiled(f, 0x1000, 32, Interleave::None, Swizzle::B32, false).unwrap_err();
        assert!(e.detail.contains("swizzle"), "{e}");
        let e = tiled(
            TensorDtype::U32,
            0x1000,
            8,
            Interleave::None,
            Swizzle::None,
            true,
        )
        .unwrap_err();
        assert_eq!(e.field, "oobFill");
        let e = tiled(f, 0x1000, 16, Interleave::None, Swizzle::B128Atom64, false).unwrap_err();
        assert_eq!(e.field, "swizzle");
        let e = tiled(
            TensorDtype::U4Align16,
            0x1000,
            128,
            Interleave::None,
            Swizzle::None,
            false,
        )
        .unwrap_err();
        assert_eq!(e.field, "tensorDataType");
        let e = TensorMap::encode_tiled(
            f,
            2,
            0x1000,
            &[64, 16],
            &[128],
            &[16, 8],
            &[1, 1],
            Interleave::B16,
            Swizzle::None,
            L2Promotion::None,
            false,
        )
        .unwrap_err();
        assert_eq!(e.field, "interleave");
        // 256 x 256 x 2 f32 = 512 KiB: more than shared memory.
        let e = TensorMap::encode_tiled(
            TensorDtype::F32,
            3,
            0x1000,
            &[256, 256, 2],
            &[1024, 1 << 18],
            &[4, 256, 256],
            &[1, 1, 1],
            Interleave::None,
            Swizzle::None,
            L2Promotion::None,
            false,
        )
        .unwrap_err();
        assert_eq!(e.field, "boxDim");
    }

    #[test]
    fn from_bytes_refuses_what_no_map_holds() {
        let good = VECTORS.iter().find_map(|v| v.want.ok()).unwrap();
        let mut bytes = [0u8; 128];
        for (i, b) in bytes.iter_mut().enumerate() {
            *b = u8::from_str_radix(&good[2 * i..2 * i + 2], 16).unwrap();
        }
        let mut b = bytes;
        b[8] |= 0x70;
        assert_eq!(TensorMap::from_bytes(&b).unwrap_err().field, "tensorRank");
        let mut b = bytes;
        b[9] |= 0x18; // interleave code 3
        assert_eq!(TensorMap::from_bytes(&b).unwrap_err().field, "interleave");
        let mut b = bytes;
        b[9] |= 0x07; // type codes 11-15 are none
        b[8] |= 0x80;
        assert_eq!(
            TensorMap::from_bytes(&b).unwrap_err().field,
            "tensorDataType"
        );
        let mut b = bytes;
        b[8] = (b[8] & 0x8f) | 0x11; // im2col, rank 2
        assert_eq!(TensorMap::from_bytes(&b).unwrap_err().field, "tensorRank");
    }
}
