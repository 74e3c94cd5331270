//! `tensormap.replace` against the H200: every replacement that
//! `tools/generators/tensormap-probe/replace_probe.py` made on the GPU
//! (`tests/data/kernels/tma/tensormap_replace.jsonl.gz`: a map the driver
//! encoded, one field replaced by a kernel, the 128 bytes read back) is made
//! again here, by the semantic function and by a whole module's launch,
//! and must give the GPU's bytes.

use ptx_sim::driver::tensor_map::{Field, replace};
use ptx_sim::kernel::Module;
use serde_json::Value;
use std::io::BufRead;

/// The probe's records.
fn records() -> Vec<Value> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../tests/data/kernels/tma/tensormap_replace.jsonl.gz"
    );
    let file = std::fs::File::open(path).expect("the probe file opens");
    std::io::BufReader::new(flate2::read::GzDecoder::new(file))
        .lines()
        .map(|l| serde_json::from_str(&l.expect("a line")).expect("JSON"))
        .collect()
}

fn bytes(v: &Value) -> [u8; 128] {
    let hex = v.as_str().expect("hex");
    let mut out = [0u8; 128];
    for (i, b) in out.iter_mut().enumerate() {
        *b = u8::from_str_radix(&hex[2 * i..2 * i + 2], 16).expect("a hex byte");
    }
    out
}

/// A record's field, as the simulator names it.
fn field(r: &Value) -> Field {
    let ord = r["ord"].as_u64().unwrap_or(0) as u32;
    match r["field"].as_str().expect("a field") {
        "global_address" => Field::GlobalAddress,
        "rank" => Field::Rank,
        "box_dim" => Field::BoxDim(ord),
        "global_dim" => Field::GlobalDim(ord),
        "global_stride" => Field::GlobalStride(ord),
        "element_stride" => Field::ElementStride(ord),
        "elemtype" => Field::Elemtype,
        "interleave_layout" => Field::InterleaveLayout,
        "swizzle_mode" => Field::SwizzleMode,
        "fill_mode" => Field::FillMode,
        other => panic!("no field {other}"),
    }
}

#[test]
fn every_recorded_replacement_writes_the_gpus_bytes() {
    let records = records();
    assert_eq!(records.len(), 131, "the probe made 131 replacements");
    let mut changed = 0;
    for r in &records {
        let (before, after) = (bytes(&r["before"]), bytes(&r["after"]));
        let mut map = before;
        replace(&mut map, field(r), r["value"].as_u64().expect("a value")).expect("replaced");
        assert_eq!(map, after, "{r}");
        changed += usize::from(before != after);
    }
    // Replacing a field by the value it held changes nothing. The base map
    // (rank 5, box 64x8x4x2x1, element strides 1,2,1,1,1, f16, no
    // interleave, 128-byte swizzle, zero fill) holds 14 of the values
    // tried: rank 5, box dimensions 64, 8, 2 and 1 at their ords, the five
    // element strides, type 6, interleave 0, swizzle 3, fill 0.
    assert_eq!(changed, 131 - 14);
}

/// The PTX of one replacement, as the probe wrote it in CUDA C.
fn statement(r: &Value) -> String {
    let (name, ty) = (r["field"].as_str().unwrap(), r["type"].as_str().unwrap());
    let immediate = matches!(
        name,
        "elemtype" | "interleave_layout" | "swizzle_mode" | "fill_mode"
    );
    let value = if immediate {
        r["value"].to_string()
    } else if ty == "b64" {
        "%rd2".into()
    } else {
        "%r1".into()
    };
    let ord = match r["ord"].as_u64() {
        Some(o) => format!("{o}, "),
        None => String::new(),
    };
    format!("tensormap.replace.tile.{name}.global.b1024.{ty} [%rd1], {ord}{value};")
}

#[test]
fn a_kernel_replacing_a_field_of_a_map_in_global_memory_leaves_the_gpus_bytes() {
    // One kernel per record: the map is the `map` buffer, the value the
    // kernel's parameter.
    for r in records().iter().step_by(7) {
        let text = format!(
            ".version 8.3\n.target sm_90a\n.address_size 64\n\
             .visible .entry k(.param .u64 map, .param .u64 v) {{\n\
             .reg .b32 %r<2>;\n.reg .b64 %rd<3>;\n\
             ld.param.u64 %rd1, [map];\ncvta.to.global.u64 %rd1, %rd1;\n\
             ld.param.u64 %rd2, [v];\ncvt.u32.u64 %r1, %rd2;\n\
             {}\nret;\n}}\n",
            statement(r)
        );
        let module = Module::from_ptx(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        let mut launch = module.kernel("k").unwrap();
        let before = bytes(&r["before"]);
        let map = launch.buffer_from(&before[..]);
        launch.arg(map).arg(r["value"].as_u64().unwrap());
        let report = launch.run().unwrap_or_else(|e| panic!("{e}\n{text}"));
        let after: Vec<u8> = report.read(map);
        assert_eq!(after, bytes(&r["after"]), "{}", statement(r));
    }
}
