//! The tensor-map encoder against the CUDA driver: every call of
//! `cuTensorMapEncodeTiled` and `cuTensorMapEncodeIm2col` that
//! `tools/generators/tensormap-probe/probe.py` made on
//! an H100 (`tests/data/kernels/tma/tensormap_probe.jsonl.gz`) is made
//! again here; the encoder must refuse what the driver refused and write
//! the driver's 128 bytes for the rest, and decoding those bytes must give
//! the map back.

use ptx_sim::driver::tensor_map::{Interleave, L2Promotion, Swizzle, TensorDtype, TensorMap};
use serde_json::Value;
use std::io::BufRead;

/// The probe's records (the header line left out).
fn records() -> Vec<Value> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../tests/data/kernels/tma/tensormap_probe.jsonl.gz"
    );
    let file = std::fs::File::open(path).expect("the probe file opens");
    std::io::BufReader::new(flate2::read::GzDecoder::new(file))
        .lines()
        .map(|l| serde_json::from_str(&l.expect("a line")).expect("JSON"))
        .filter(|v: &Value| v.get("header").is_none())
        .collect()
}

fn numbers<T: TryFrom<u64>>(v: &Value) -> Vec<T> {
    v.as_array()
        .expect("an array")
        .iter()
        .map(|x| {
            T::try_from(x.as_u64().expect("a number"))
                .unwrap_or_else(|_| panic!("{x} out of range"))
        })
        .collect()
}

fn signed(v: &Value) -> Vec<u32> {
    v.as_array()
        .expect("an array")
        .iter()
        .map(|x| x.as_i64().expect("a number") as u32)
        .collect()
}

/// The encoder's answer for a probe record: `None` where an argument is
/// outside the driver's enums (which it refuses as well).
fn encode(r: &Value) -> Option<Result<TensorMap, String>> {
    let field = |k: &str| r[k].as_u64().expect("a number");
    let dtype = TensorDtype::from_value(field("dtype") as u32)?;
    let interleave = Interleave::from_value(field("interleave") as u32)?;
    let swizzle = Swizzle::from_value(field("swizzle") as u32)?;
    let l2 = L2Promotion::from_value(field("l2_promotion") as u32)?;
    let oob = match field("oob_fill") {
        0 => false,
        1 => true,
        _ => return None,
    };
    let ints = |k: &str| -> Vec<i32> {
        r[k].as_array()
            .expect("an array")
            .iter()
            .map(|x| x.as_i64().expect("a number") as i32)
            .collect()
    };
    let encoded = if r["fn"] == "im2col" {
        TensorMap::encode_im2col(
            dtype,
            field("rank") as u32,
            field("addr"),
            &numbers::<u64>(&r["dims"]),
            &numbers::<u64>(&r["strides"]),
            &ints("lower"),
            &ints("upper"),
            field("channels") as u32,
            field("pixels") as u32,
            &signed(&r["element_strides"]),
            interleave,
            swizzle,
            l2,
            oob,
        )
    } else {
        TensorMap::encode_tiled(
            dtype,
            field("rank") as u32,
            field("addr"),
            &numbers::<u64>(&r["dims"]),
            &numbers::<u64>(&r["strides"]),
            &signed(&r["box"]),
            &signed(&r["element_strides"]),
            interleave,
            swizzle,
            l2,
            oob,
        )
    };
    Some(encoded.map_err(|e| e.to_string()))
}

#[test]
fn every_map_the_driver_wrote_or_refused_is_encoded_the_same() {
    let records = records();
    let calls: Vec<&Value> = records.iter().filter(|r| r["prefill"] == "00").collect();
    assert!(calls.len() > 2000, "the probe made {} calls", calls.len());
    let (mut same, mut refused, mut wrong) = (0, 0, Vec::new());
    for r in &calls {
        let driver_ok = r["result"] == 0;
        match (encode(r), driver_ok) {
            (None, false) | (Some(Err(_)), false) => refused += 1,
            (Some(Ok(map)), true) => {
                let want = r["map"].as_str().expect("hex");
                let got: String = map.to_bytes().iter().map(|b| format!("{b:02x}")).collect();
                let back = TensorMap::from_bytes(&map.to_bytes()).expect("decodes");
                if got == want && back == map {
                    same += 1;
                } else {
                    wrong.push(format!("{}: bytes differ", r["tag"]));
                }
            }
            (Some(Err(e)), true) => wrong.push(format!("{}: refused ({e})", r["tag"])),
            (None, true) => wrong.push(format!("{}: an enum out of range", r["tag"])),
            (Some(Ok(_)), false) => {
                wrong.push(format!("{}: accepted, the driver refused", r["tag"]))
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "{} wrong, first: {:?}",
        wrong.len(),
        &wrong[..wrong.len().min(5)]
    );
    assert!(
        same > 1300 && refused > 700,
        "{same} encoded, {refused} refused"
    );
}
