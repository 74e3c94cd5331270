//! Hints and elections through `ptx!`: cache hints run as no-ops, and
//! `elect.sync` and `createpolicy` give what an H100 gave
//! (`tests/data/hints/hint_probe_h100.jsonl`, see the README beside it).

use ptx::ptx;
use ptx_tools::records::read_jsonl;
use serde_json::Value;
use std::path::Path;

fn probe() -> Vec<Value> {
    read_jsonl(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/data/hints/hint_probe_h100.jsonl"),
    )
    .expect("the probe's records read")
}

fn hex(v: &Value) -> u64 {
    let s = v.as_str().expect("a hex string");
    u64::from_str_radix(s.trim_start_matches("0x"), 16).expect("hex")
}

#[test]
fn elect_sync_elects_the_lowest_member_as_the_h100_does() {
    let mut warps = 0;
    for record in probe().iter().filter(|r| r.get("elect").is_some()) {
        let mask = hex(&record["elect"]) as u32;
        let got = ptx::warp32(|lane| {
            if mask >> lane & 1 == 0 {
                return (-1, -1);
            }
            let (d, p): (u32, u32);
            ptx!("{ .reg .pred q; elect.sync %0|q, %2; selp.u32 %1, 1, 0, q; }"
                 : "=r"(d), "=r"(p) : "r"(mask));
            (d as i64, p as i64)
        })
        .unwrap();
        let lanes = |k: &str| -> Vec<i64> {
            record[k]
                .as_array()
                .unwrap()
                .iter()
                .map(|v| v.as_i64().unwrap())
                .collect()
        };
        let (d, p): (Vec<i64>, Vec<i64>) = got.iter().copied().unzip();
        assert_eq!((d, p), (lanes("d"), lanes("p")), "mask {mask:#010x}");
        warps += 1;
    }
    assert_eq!(warps, 12);
}

/// Each recorded policy's statement, written out (a `ptx!` template is a
/// literal), with the policy computed.
macro_rules! policies {
    ($($primary:literal $secondary:literal),*) => {
        |asm: &str, fraction: Option<f32>| -> Option<u64> {
            let mut policy: u64 = 0;
            $(
                if asm == concat!("createpolicy.fractional.", $primary, $secondary, ".b64 %0;") {
                    ptx!("createpolicy.fractional." $primary $secondary ".b64 %0;" : "=l"(policy));
                    return Some(policy);
                }
                if asm == concat!("createpolicy.fractional.", $primary, $secondary, ".b64 %0, %1;") {
                    let f = fraction.expect("a fraction");
                    ptx!("createpolicy.fractional." $primary $secondary ".b64 %0, %1;" : "=l"(policy) : "f"(f));
                    return Some(policy);
                }
            )*
            let _ = &mut policy;
            None
        }
    };
}

#[test]
fn createpolicy_gives_the_h100s_policies() {
    let fractional = policies!(
        "L2::evict_last" "", "L2::evict_last" ".L2::evict_first", "L2::evict_last" ".L2::evict_unchanged",
        "L2::evict_normal" "", "L2::evict_normal" ".L2::evict_first", "L2::evict_normal" ".L2::evict_unchanged",
        "L2::evict_first" "", "L2::evict_first" ".L2::evict_first", "L2::evict_first" ".L2::evict_unchanged",
        "L2::evict_unchanged" "", "L2::evict_unchanged" ".L2::evict_first", "L2::evict_unchanged" ".L2::evict_unchanged"
    );
    let (mut fractions, mut conversions) = (0, 0);
    for record in probe().iter().filter(|r| r.get("policy").is_some()) {
        let asm = record["asm"].as_str().unwrap();
        let expected = hex(&record["policy"]);
        if asm.starts_with("createpolicy.fractional") {
            let fraction = record.get("fraction").map(|f| {
                f.as_str()
                    .unwrap()
                    .trim_end_matches('f')
                    .parse::<f32>()
                    .unwrap()
            });
            let got = fractional(asm, fraction).unwrap_or_else(|| panic!("no statement for {asm}"));
            if fraction == Some(0.0) {
                // Outside the ISA's (0, 1]; read as left out, i.e. 1.0
                // (see `ptx_sim::sem::memory::createpolicy_fractional`).
                let omitted = asm.replace(", %1;", ";");
                assert_eq!(got, fractional(&omitted, None).unwrap(), "{asm}");
                assert_eq!(
                    got & !(0xF << 52),
                    expected,
                    "{asm}: the rest as the H100's"
                );
            } else {
                assert_eq!(got, expected, "{asm} {fraction:?}");
                fractions += 1;
            }
        } else if asm.starts_with("createpolicy.cvt") {
            let property = hex(&Value::String(
                record["access_property"]
                    .as_str()
                    .unwrap()
                    .trim_end_matches("ull")
                    .into(),
            ));
            let policy: u64;
            ptx!("createpolicy.cvt.L2.b64 %0, %1;" : "=l"(policy) : "l"(property));
            assert_eq!(policy, expected, "{property:#x}");
            conversions += 1;
        }
    }
    // 156 fractional records (12 priority pairs, each without a fraction
    // and with 12), 12 of them with the fraction +0.0.
    assert_eq!((fractions, conversions), (144, 6));
}

#[test]
fn cache_hints_run_as_no_ops_and_a_policy_feeds_a_load() {
    let policy: u64;
    ptx!("createpolicy.fractional.L2::evict_last.b64 %0;" : "=l"(policy));
    let mut launch = ptx::launch::Launch::new(1, 1);
    let p = launch.global_from(&[7u32, 8, 9, 10]).addr;
    let out = launch
        .run(|_| {
            let v: u32;
            ptx!(volatile "prefetch.global.L2 [%0];" :: "l"(p) : "memory");
            ptx!(volatile "prefetchu.L1 [%0];" :: "l"(p) : "memory");
            ptx!(volatile "applypriority.global.L2::evict_normal [%0], 128;" :: "l"(p) : "memory");
            ptx!(volatile "pmevent 3;" ::: "memory");
            ptx!(volatile "nanosleep.u32 100;" ::: "memory");
            ptx!("ld.global.L2::cache_hint.u32 %0, [%1], %2;" : "=r"(v) : "l"(p + 8), "l"(policy));
            v
        })
        .unwrap();
    assert_eq!(out.results, [9]);
}

#[test]
fn brkpt_stops_the_thread_as_trap_does() {
    let err = ptx::warp32(|_| {
        ptx!(volatile "brkpt;" ::: "memory");
    })
    .unwrap_err();
    assert!(err.to_string().contains("brkpt"), "{err}");
}

#[test]
fn exit_ends_the_thread_and_a_closure_launch_says_so() {
    let err = ptx::warp32(|lane| {
        if lane == 5 {
            ptx!(volatile "exit;" ::: "memory");
        }
        lane
    })
    .unwrap_err();
    assert_eq!(err.faults.len(), 1, "{err}");
    assert_eq!(err.faults[0].thread.expect("a thread").lane, 5);
    assert_eq!(
        err.faults[0].fault,
        ptx::launch::Fault::Program(ptx::launch::ProgramFault::Exited)
    );
}
