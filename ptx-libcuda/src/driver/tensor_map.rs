//! Tensor maps (`CUtensorMap`): `cuTensorMapEncodeTiled`,
//! `cuTensorMapEncodeIm2col` and `cuTensorMapReplaceAddress`, the
//! 128-byte descriptors a kernel's bulk tensor copies
//! (`cp.async.bulk.tensor`) read, usually passed by value as a
//! `__grid_constant__` kernel parameter.
//!
//! The entry points read the C arguments and hand them to
//! [`ptx_sim::driver::tensor_map::TensorMap`], whose encoder writes the
//! bytes an H100's driver writes and refuses what it refuses
//! (`docs/tensor-maps.md` has the layout and the measurements); the
//! simulator's copies decode the same bytes.
//!
//! What the entry points add to the encoder:
//!
//! * `tensorMap` must be a writable place for 128 bytes: null is
//!   `CUDA_ERROR_INVALID_VALUE`. CUDA documents 64-byte alignment, but an
//!   H200's driver (580) wrote a map 16 bytes past it
//!   (`tests/gpu-clients/h200/tensor_map.txt`), so no alignment is asked
//!   here either. Each array is read for as many entries
//!   as the rank gives (`globalStrides` one fewer, the im2col corners two
//!   fewer), and only for a rank of 1 to 5; a null array that would be
//!   read is `CUDA_ERROR_INVALID_VALUE`. A null `globalAddress` is the
//!   address 0, which the H100's driver encodes.
//! * Every refusal is `CUDA_ERROR_INVALID_VALUE` (the only code the
//!   driver returned for bad arguments in 769 refused probe calls) and
//!   one line on stderr naming the entry point, the parameter and why;
//!   a refused call writes nothing.
//! * They need `cuInit` (`CUDA_ERROR_NOT_INITIALIZED` before), not a
//!   context: encoding touches no device.
//!
//! `cuTensorMapReplaceAddress` rewrites words 0-1 of a map alone (as
//! `tensormap.replace`'s `.global_address` does), after the encoder's
//! address rule: 16-byte aligned (32 for a map with 32-byte interleave)
//! and below 2^57. 128 bytes that decode to no map are refused.

use crate::driver::error::CUDA_ERROR_INVALID_VALUE;
use crate::export::{Status, driver_api};
use crate::state::state;
use ptx_sim::driver::tensor_map::{
    Field, Interleave, L2Promotion, Swizzle, TensorDtype, TensorMap, TensorMapError, replace,
};
use std::ffi::{c_int, c_void};

/// The bytes of a `CUtensorMap` (`CU_TENSOR_MAP_NUM_QWORDS` x 8).
pub const MAP_BYTES: usize = 128;

/// `CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE`.
const OOB_FILL_NONE: u32 = 0;
/// `CU_TENSOR_MAP_FLOAT_OOB_FILL_NAN_REQUEST_ZERO_FMA`.
const OOB_FILL_NAN: u32 = 1;

/// A `CUtensorMap`: 128 opaque bytes, 64-byte aligned, as a pointer
/// from C points to them.
#[repr(C, align(64))]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CuTensorMap {
    /// The descriptor's bytes, as the driver writes them.
    pub bytes: [u8; MAP_BYTES],
}

/// Says on stderr that `entry` refused `field` and why;
/// `CUDA_ERROR_INVALID_VALUE`.
fn refused(entry: &str, field: &str, why: impl std::fmt::Display) -> Status {
    eprintln!("ptx-libcuda: {entry}: {field} = {why}");
    CUDA_ERROR_INVALID_VALUE
}

/// An encoder refusal, said as [`refused`] says it.
fn encoder_refused(entry: &str) -> impl FnOnce(TensorMapError) -> Status + '_ {
    move |e| refused(entry, e.field, e.detail)
}

/// The 128 bytes `pointer` points to, or `CUDA_ERROR_INVALID_VALUE` (said
/// on stderr) if it is null. Taken as bytes, so any alignment will do.
///
/// # Safety
/// A non-null `pointer` must be valid for reads and writes of 128 bytes.
unsafe fn map_at<'a>(
    entry: &str,
    pointer: *mut CuTensorMap,
) -> Result<&'a mut [u8; MAP_BYTES], Status> {
    if pointer.is_null() {
        return Err(refused(entry, "tensorMap", "null"));
    }
    // SAFETY: not null and valid as the caller promises; a byte array
    // needs no alignment.
    Ok(unsafe { &mut *pointer.cast::<[u8; MAP_BYTES]>() })
}

/// `len` values from `pointer` (none read if `len` is 0), or
/// `CUDA_ERROR_INVALID_VALUE` (said on stderr, naming `name`) if
/// `pointer` is null.
///
/// # Safety
/// A non-null `pointer` must be valid for reads of `len` values.
unsafe fn array<'a, T>(
    entry: &str,
    name: &str,
    pointer: *const T,
    len: usize,
) -> Result<&'a [T], Status> {
    if len == 0 {
        return Ok(&[]);
    }
    if pointer.is_null() {
        return Err(refused(entry, name, "null"));
    }
    // SAFETY: `len` readable values, as the caller promises.
    Ok(unsafe { std::slice::from_raw_parts(pointer, len) })
}

/// How many entries of each per-dimension array a call reads: the rank
/// if it is 1 to 5, else none (the encoder refuses the rank).
fn entries(rank: u32) -> usize {
    if (1..=5).contains(&rank) {
        rank as usize
    } else {
        0
    }
}

/// The enum arguments both encoders take, as the encoder's types.
struct Enums {
    dtype: TensorDtype,
    interleave: Interleave,
    swizzle: Swizzle,
    l2_promotion: L2Promotion,
    oob_nan: bool,
}

/// Reads CUDA's enum values, refusing one outside its enum (the first
/// rule the encoder's documentation lists).
fn enums(
    entry: &str,
    dtype: u32,
    interleave: u32,
    swizzle: u32,
    l2_promotion: u32,
    oob_fill: u32,
) -> Result<Enums, Status> {
    let not_in = |field: &str, value: u32, what: &str| {
        refused(
            entry,
            field,
            format_args!("{value}: not a {what} (CUDA 13.0's enum)"),
        )
    };
    Ok(Enums {
        dtype: TensorDtype::from_value(dtype)
            .ok_or_else(|| not_in("tensorDataType", dtype, "CUtensorMapDataType"))?,
        interleave: Interleave::from_value(interleave)
            .ok_or_else(|| not_in("interleave", interleave, "CUtensorMapInterleave"))?,
        swizzle: Swizzle::from_value(swizzle)
            .ok_or_else(|| not_in("swizzle", swizzle, "CUtensorMapSwizzle"))?,
        l2_promotion: L2Promotion::from_value(l2_promotion)
            .ok_or_else(|| not_in("l2Promotion", l2_promotion, "CUtensorMapL2promotion"))?,
        oob_nan: match oob_fill {
            OOB_FILL_NONE => false,
            OOB_FILL_NAN => true,
            _ => return Err(not_in("oobFill", oob_fill, "CUtensorMapFloatOOBfill")),
        },
    })
}

driver_api! {
    /// `cuTensorMapEncodeTiled`: a map of boxes of `boxDim` elements
    /// (see the module's documentation).
    #[allow(clippy::too_many_arguments)]
    fn cuTensorMapEncodeTiled(
        tensor_map: *mut CuTensorMap,
        tensor_data_type: u32,
        tensor_rank: u32,
        global_address: *mut c_void,
        global_dim: *const u64,
        global_strides: *const u64,
        box_dim: *const u32,
        element_strides: *const u32,
        interleave: u32,
        swizzle: u32,
        l2_promotion: u32,
        oob_fill: u32,
    ) {
        const ENTRY: &str = "cuTensorMapEncodeTiled";
        state().initialized()?;
        let place = map_at(ENTRY, tensor_map)?;
        let e = enums(ENTRY, tensor_data_type, interleave, swizzle, l2_promotion, oob_fill)?;
        let r = entries(tensor_rank);
        let dims = array(ENTRY, "globalDim", global_dim, r)?;
        let strides = array(ENTRY, "globalStrides", global_strides, r.saturating_sub(1))?;
        let boxes = array(ENTRY, "boxDim", box_dim, r)?;
        let element = array(ENTRY, "elementStrides", element_strides, r)?;
        let map = TensorMap::encode_tiled(
            e.dtype,
            tensor_rank,
            global_address as u64,
            dims,
            strides,
            boxes,
            element,
            e.interleave,
            e.swizzle,
            e.l2_promotion,
            e.oob_nan,
        )
        .map_err(encoder_refused(ENTRY))?;
        *place = map.to_bytes();
        Ok(())
    }

    /// `cuTensorMapEncodeIm2col`: a map of columns of `pixelsPerColumn`
    /// pixels of `channelsPerPixel` elements, from the bounding box the
    /// corners give (one per spatial dimension, `tensorRank` - 2 of each).
    #[allow(clippy::too_many_arguments)]
    fn cuTensorMapEncodeIm2col(
        tensor_map: *mut CuTensorMap,
        tensor_data_type: u32,
        tensor_rank: u32,
        global_address: *mut c_void,
        global_dim: *const u64,
        global_strides: *const u64,
        pixel_box_lower_corner: *const c_int,
        pixel_box_upper_corner: *const c_int,
        channels_per_pixel: u32,
        pixels_per_column: u32,
        element_strides: *const u32,
        interleave: u32,
        swizzle: u32,
        l2_promotion: u32,
        oob_fill: u32,
    ) {
        const ENTRY: &str = "cuTensorMapEncodeIm2col";
        state().initialized()?;
        let place = map_at(ENTRY, tensor_map)?;
        let e = enums(ENTRY, tensor_data_type, interleave, swizzle, l2_promotion, oob_fill)?;
        let r = entries(tensor_rank);
        let dims = array(ENTRY, "globalDim", global_dim, r)?;
        let strides = array(ENTRY, "globalStrides", global_strides, r.saturating_sub(1))?;
        let spatial = r.saturating_sub(2);
        let lower = array(ENTRY, "pixelBoxLowerCorner", pixel_box_lower_corner, spatial)?;
        let upper = array(ENTRY, "pixelBoxUpperCorner", pixel_box_upper_corner, spatial)?;
        let element = array(ENTRY, "elementStrides", element_strides, r)?;
        let map = TensorMap::encode_im2col(
            e.dtype,
            tensor_rank,
            global_address as u64,
            dims,
            strides,
            lower,
            upper,
            channels_per_pixel,
            pixels_per_column,
            element,
            e.interleave,
            e.swizzle,
            e.l2_promotion,
            e.oob_nan,
        )
        .map_err(encoder_refused(ENTRY))?;
        *place = map.to_bytes();
        Ok(())
    }

    /// `cuTensorMapReplaceAddress`: the map's global address becomes
    /// `globalAddress`, nothing else changing (see the module's
    /// documentation).
    fn cuTensorMapReplaceAddress(tensor_map: *mut CuTensorMap, global_address: *mut c_void) {
        const ENTRY: &str = "cuTensorMapReplaceAddress";
        state().initialized()?;
        let place = map_at(ENTRY, tensor_map)?;
        let map = TensorMap::from_bytes(place).map_err(encoder_refused(ENTRY))?;
        let address = global_address as u64;
        let align = if map.interleave == Interleave::B32 { 32 } else { 16 };
        if !address.is_multiple_of(align) {
            return Err(refused(
                ENTRY,
                "globalAddress",
                format_args!("{address:#x}: not {align}-byte aligned"),
            ));
        }
        if address >= 1 << 57 {
            return Err(refused(
                ENTRY,
                "globalAddress",
                format_args!("{address:#x}: at or past 2^57"),
            ));
        }
        replace(place, Field::GlobalAddress, address).map_err(encoder_refused(ENTRY))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::driver::init::cuInit;
    use crate::driver::proc_address::lookup;
    use std::ptr::{null, null_mut};

    /// `CU_TENSOR_MAP_DATA_TYPE_UINT8`, `_FLOAT16`, `_FLOAT32`.
    const U8: u32 = 0;
    const F16: u32 = 6;
    const F32: u32 = 7;
    /// `CU_TENSOR_MAP_SWIZZLE_64B`, `CU_TENSOR_MAP_L2_PROMOTION_L2_128B`.
    const SWIZZLE_64B: u32 = 2;
    const L2_128B: u32 = 2;
    /// `CU_TENSOR_MAP_INTERLEAVE_32B`.
    const INTERLEAVE_32B: u32 = 2;

    /// An address in the user half of x86-64's space, 4 KiB aligned.
    const ADDR: u64 = 0x7f00_0000_1000;

    /// A map filled with 0xff, so that a byte the encoder did not write
    /// would show.
    fn blank() -> CuTensorMap {
        CuTensorMap { bytes: [0xff; 128] }
    }

    /// Word `i` (32 bits, little-endian) of a map.
    fn word(map: &CuTensorMap, i: usize) -> u32 {
        u32::from_le_bytes(map.bytes[4 * i..4 * i + 4].try_into().unwrap())
    }

    /// Every word but those listed is 0.
    fn zero_but(map: &CuTensorMap, written: &[usize]) {
        for i in (0..32).filter(|i| !written.contains(i)) {
            assert_eq!(word(map, i), 0, "word {i}");
        }
    }

    /// Encodes into `map` the rank-3 f32 tiled map of the layout test
    /// (64 x 32 x 5 elements, boxes of `box0` x 8 x 2, every second row,
    /// the 64-byte swizzle, 128-byte L2 promotion) at `addr`.
    unsafe fn tiled(map: *mut CuTensorMap, addr: u64, box0: u32) -> Status {
        let (dims, strides, boxes, es) =
            ([64u64, 32, 5], [256u64, 8192], [box0, 8, 2], [1u32, 2, 1]);
        // SAFETY: arrays of three.
        unsafe {
            cuTensorMapEncodeTiled(
                map,
                F32,
                3,
                addr as *mut c_void,
                dims.as_ptr(),
                strides.as_ptr(),
                boxes.as_ptr(),
                es.as_ptr(),
                0,
                SWIZZLE_64B,
                L2_128B,
                0,
            )
        }
    }

    #[test]
    fn a_tiled_map_has_each_field_where_the_layout_puts_it() {
        let mut map = blank();
        // SAFETY: valid pointers throughout.
        unsafe {
            assert_eq!(cuInit(0), 0);
            assert_eq!(tiled(&mut map, ADDR, 16), 0);
        }
        // Words 0-1: the address.
        assert_eq!(word(&map, 0), 0x0000_1000);
        assert_eq!(word(&map, 1), 0x7f00);
        // Word 2: rank 3 - 1 = 2 in bits 4-6 (0x20); f32's code 7 in bits
        // 7-10 (0x380); swizzle 64B's code 2 in bits 13-14 (0x4000); L2
        // 128B's code 2 in bits 17-18 (0x40000); tiled, no interleave,
        // no fill, no TF32.
        assert_eq!(word(&map, 2), 0x20 | 0x380 | 0x4000 | 0x4_0000);
        // Words 3-4: the strides of dimensions 1 and 2 over 16.
        assert_eq!(word(&map, 3), 256 / 16);
        assert_eq!(word(&map, 4), 8192 / 16);
        // Words 8-10: each dimension's size - 1.
        assert_eq!([word(&map, 8), word(&map, 9), word(&map, 10)], [63, 31, 4]);
        // Word 13: element strides - 1 three bits each (dimension 1's 2
        // gives 1 << 3), box dimension 0 - 1 from bit 24.
        assert_eq!(word(&map, 13), 15 << 24 | 1 << 3);
        // Word 14: box dimensions 1 and 2, - 1, eight bits each.
        assert_eq!(word(&map, 14), 7 | 1 << 8);
        // Word 16: the box's bytes: 16 x (8 / 2) x 2 elements of 4 bytes.
        assert_eq!(word(&map, 16), 16 * 4 * 2 * 4);
        // Word 18: 8 x the 64-byte swizzle span.
        assert_eq!(word(&map, 18), 512);
        zero_but(&map, &[0, 1, 2, 3, 4, 8, 9, 10, 13, 14, 16, 18]);
    }

    #[test]
    fn a_stride_past_2_to_the_36_puts_its_high_bits_in_word_7() {
        let mut map = blank();
        // 0x12_3456_7890 bytes, over 16: 0x1_2345_6789, whose bit 32 goes
        // to word 7's nibble for dimension 1; rank 1 needs no strides.
        let (dims, strides, boxes, es) = ([16u64, 2], [0x12_3456_7890u64], [16u32, 2], [1u32, 1]);
        let mut rank1 = blank();
        // SAFETY: valid pointers throughout; a null stride array for rank 1
        // is not read.
        unsafe {
            assert_eq!(cuInit(0), 0);
            let status = cuTensorMapEncodeTiled(
                &mut map,
                U8,
                2,
                ADDR as *mut c_void,
                dims.as_ptr(),
                strides.as_ptr(),
                boxes.as_ptr(),
                es.as_ptr(),
                0,
                0,
                0,
                0,
            );
            assert_eq!(status, 0);
            let status = cuTensorMapEncodeTiled(
                &mut rank1,
                U8,
                1,
                null_mut(),
                dims.as_ptr(),
                null(),
                boxes.as_ptr(),
                es.as_ptr(),
                0,
                0,
                0,
                0,
            );
            assert_eq!(status, 0);
        }
        assert_eq!(word(&map, 3), 0x2345_6789);
        assert_eq!(word(&map, 7), 0x1);
        // Rank 1: rank - 1 = 0 and u8's code 0 leave word 2 empty; the
        // null address is address 0, which the H100's driver encodes.
        assert_eq!(word(&rank1, 2), 0);
        assert_eq!(word(&rank1, 8), 15);
        assert_eq!(word(&rank1, 16), 16);
        zero_but(&rank1, &[8, 13, 16, 18]);
    }

    #[test]
    fn an_im2col_map_packs_its_corners_by_rank() {
        let mut map = blank();
        // NHWC f16: 64 channels, 16 x 16 pixels, 4 images, packed.
        let dims = [64u64, 16, 16, 4];
        let strides = [128u64, 2048, 32768];
        let (lower, upper) = ([-1, -2], [1, 2]);
        let es = [1u32; 4];
        // SAFETY: valid pointers throughout.
        unsafe {
            assert_eq!(cuInit(0), 0);
            let status = cuTensorMapEncodeIm2col(
                &mut map,
                F16,
                4,
                ADDR as *mut c_void,
                dims.as_ptr(),
                strides.as_ptr(),
                lower.as_ptr(),
                upper.as_ptr(),
                32,
                64,
                es.as_ptr(),
                0,
                0,
                0,
                0,
            );
            assert_eq!(status, 0);
        }
        // Word 2: im2col bit 0, rank 4 - 1 in bits 4-6, f16's code 6 in 7-10.
        assert_eq!(word(&map, 2), 1 | 3 << 4 | 6 << 7);
        assert_eq!(
            [word(&map, 3), word(&map, 4), word(&map, 5)],
            [8, 128, 2048]
        );
        assert_eq!(
            [word(&map, 8), word(&map, 9), word(&map, 10), word(&map, 11)],
            [63, 15, 15, 3]
        );
        // Word 13: channels - 1 from bit 24 (element strides all 1: 0).
        assert_eq!(word(&map, 13), 31 << 24);
        // Word 14, rank 4: 8-bit corners, lower (-1 = 0xff, -2 = 0xfe)
        // from bit 0, upper (1, 2) from bit 16.
        assert_eq!(word(&map, 14), 0x0201_feff);
        // Word 15: pixels - 1; word 16: 32 channels x 64 pixels x 2 bytes.
        assert_eq!(word(&map, 15), 63);
        assert_eq!(word(&map, 16), 4096);
        assert_eq!(word(&map, 18), 16);
        zero_but(&map, &[0, 1, 2, 3, 4, 5, 8, 9, 10, 11, 13, 14, 15, 16, 18]);
    }

    #[test]
    fn bad_arguments_are_invalid_value_and_write_nothing() {
        let mut map = blank();
        let dims = [64u64, 32, 5];
        let strides = [256u64, 8192];
        let es = [1u32; 3];
        let boxes = [16u32, 8, 2];
        // SAFETY: valid pointers, or null and misaligned ones the entry
        // points refuse before reading.
        unsafe {
            assert_eq!(cuInit(0), 0);
            let bad = CUDA_ERROR_INVALID_VALUE;
            // A box dimension past 256.
            assert_eq!(tiled(&mut map, ADDR, 300), bad);
            // A global address not 16-byte aligned.
            assert_eq!(tiled(&mut map, ADDR + 8, 16), bad);
            // A null map.
            assert_eq!(tiled(null_mut(), ADDR, 16), bad);
            let call = |dtype, rank, dims: *const u64, boxes: *const u32, swizzle, oob, map| {
                cuTensorMapEncodeTiled(
                    map,
                    dtype,
                    rank,
                    ADDR as *mut c_void,
                    dims,
                    strides.as_ptr(),
                    boxes,
                    es.as_ptr(),
                    0,
                    swizzle,
                    0,
                    oob,
                )
            };
            let m = &raw mut map;
            // A null array the rank says to read.
            assert_eq!(call(F32, 3, null(), boxes.as_ptr(), 0, 0, m), bad);
            assert_eq!(call(F32, 3, dims.as_ptr(), null(), 0, 0, m), bad);
            // Values past their enums; ranks 0 and 6.
            assert_eq!(call(16, 3, dims.as_ptr(), boxes.as_ptr(), 0, 0, m), bad);
            assert_eq!(call(F32, 3, dims.as_ptr(), boxes.as_ptr(), 7, 0, m), bad);
            assert_eq!(call(F32, 3, dims.as_ptr(), boxes.as_ptr(), 0, 2, m), bad);
            assert_eq!(call(F32, 0, dims.as_ptr(), boxes.as_ptr(), 0, 0, m), bad);
            assert_eq!(call(F32, 6, dims.as_ptr(), boxes.as_ptr(), 0, 0, m), bad);
            // The NaN fill on an integer type.
            assert_eq!(call(U8, 3, dims.as_ptr(), boxes.as_ptr(), 0, 1, m), bad);
            // im2col: a null corner array, and a corner past rank 4's 8 bits.
            let lower = [-129, -1];
            let upper = [1, 1];
            let im2col = |lower: *const c_int, map| {
                cuTensorMapEncodeIm2col(
                    map,
                    F16,
                    4,
                    ADDR as *mut c_void,
                    [64u64, 16, 16, 4].as_ptr(),
                    [128u64, 2048, 32768].as_ptr(),
                    lower,
                    upper.as_ptr(),
                    32,
                    64,
                    [1u32; 4].as_ptr(),
                    0,
                    0,
                    0,
                    0,
                )
            };
            assert_eq!(im2col(null(), m), bad);
            assert_eq!(im2col(lower.as_ptr(), m), bad);
        }
        assert_eq!(map, blank(), "a refused call writes nothing");
    }

    /// An H200's driver wrote a map 16 bytes past a 64-byte boundary
    /// (`tests/gpu-clients/h200/tensor_map.txt`): so does this one, and
    /// only there.
    #[test]
    fn a_map_off_its_documented_alignment_is_written_where_it_is() {
        #[repr(C, align(64))]
        struct Room([u8; 256]);
        let mut room = Room([0xab; 256]);
        let at = room.0.as_mut_ptr().wrapping_add(16).cast::<CuTensorMap>();
        // SAFETY: 128 writable bytes at `at`.
        unsafe {
            assert_eq!(cuInit(0), 0);
            assert_eq!(tiled(at, ADDR, 16), 0);
        }
        assert_eq!(room.0[16..24], ADDR.to_le_bytes(), "words 0-1: the address");
        assert!(room.0[..16].iter().all(|&b| b == 0xab));
        assert!(room.0[16 + MAP_BYTES..].iter().all(|&b| b == 0xab));
    }

    #[test]
    fn replacing_the_address_changes_words_0_and_1_alone() {
        let mut map = blank();
        // SAFETY: valid pointers throughout.
        unsafe {
            assert_eq!(cuInit(0), 0);
            assert_eq!(tiled(&mut map, ADDR, 16), 0);
            let before = map;
            let new = 0x7f12_3456_7890u64;
            assert_eq!(cuTensorMapReplaceAddress(&mut map, new as *mut c_void), 0);
            assert_eq!(word(&map, 0), 0x3456_7890);
            assert_eq!(word(&map, 1), 0x7f12);
            assert_eq!(map.bytes[8..], before.bytes[8..]);
            // Refused: not 16-byte aligned, past 2^57, a null map.
            let replaced = map;
            let bad = CUDA_ERROR_INVALID_VALUE;
            assert_eq!(
                cuTensorMapReplaceAddress(&mut map, (new + 4) as *mut c_void),
                bad
            );
            assert_eq!(
                cuTensorMapReplaceAddress(&mut map, (1u64 << 57) as *mut c_void),
                bad
            );
            assert_eq!(
                cuTensorMapReplaceAddress(null_mut(), new as *mut c_void),
                bad
            );
            assert_eq!(map, replaced);
            // A map with 32-byte interleave needs 32-byte alignment.
            let mut interleaved = blank();
            let status = cuTensorMapEncodeTiled(
                &mut interleaved,
                F32,
                3,
                ADDR as *mut c_void,
                [64u64, 32, 5].as_ptr(),
                [256u64, 8192].as_ptr(),
                [16u32, 8, 2].as_ptr(),
                [1u32; 3].as_ptr(),
                INTERLEAVE_32B,
                0,
                0,
                0,
            );
            assert_eq!(status, 0);
            assert_eq!(
                cuTensorMapReplaceAddress(&mut interleaved, (ADDR + 16) as *mut c_void),
                bad
            );
            assert_eq!(
                cuTensorMapReplaceAddress(&mut interleaved, (ADDR + 32) as *mut c_void),
                0
            );
        }
    }

    #[test]
    fn cu_get_proc_address_finds_them() {
        for name in [
            "cuTensorMapEncodeTiled",
            "cuTensorMapEncodeIm2col",
            "cuTensorMapReplaceAddress",
        ] {
            assert!(lookup(name).is_some(), "{name}");
        }
    }
}
