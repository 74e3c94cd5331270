//! Runs the `warp_scan` kernel (rustc's PTX of `src/lib.rs`) on the GPU
//! when the CUDA driver finds one (built with `--features cuda`), else in
//! the simulator, and says which; with `--both`, on both, and checks that
//! they agree byte for byte.
//!
//!     cargo run --release -p warp-scan-kernel [--features cuda] [-- --both]

use ptx::{Backend, Ran};
use std::process::ExitCode;

fn main() -> ExitCode {
    match scan_and_check() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("warp-scan-kernel: {e}");
            ExitCode::FAILURE
        }
    }
}

fn scan_and_check() -> Result<(), Box<dyn std::error::Error>> {
    let both = std::env::args().any(|a| a == "--both");
    // 1024 threads in 4 CTAs; element i is (i * 7) % 10, so each warp's
    // running sums are easy to follow by eye.
    let input: Vec<u32> = (0..1024u32).map(|i| i * 7 % 10).collect();
    let backend = if both { Backend::Both } else { Backend::Auto };
    let run = warp_scan_kernel::run(&input, backend)?;
    match (&run.ran, &run.fallback) {
        (Ran::Gpu(name), _) => println!("ran on the GPU: {name}"),
        (Ran::Simulator, _) if both => {
            println!("ran on the GPU and in the simulator: the same bytes")
        }
        (Ran::Simulator, Some(why)) => println!("ran in the simulator: {why}"),
        (Ran::Simulator, None) => println!("ran in the simulator"),
    }
    let scan = run.values;
    println!("warp 0, input:  {:?}", &input[..12]);
    println!("warp 0, scan:   {:?} ... {}", &scan[..12], scan[31]);
    // What the kernel must compute, in plain Rust: a running sum that
    // starts again at every warp.
    let expected: Vec<u32> = input
        .chunks(32)
        .flat_map(|warp| {
            warp.iter().scan(0u32, |sum, &x| {
                *sum = sum.wrapping_add(x);
                Some(*sum)
            })
        })
        .collect();
    if scan != expected {
        let i = scan
            .iter()
            .zip(&expected)
            .position(|(a, b)| a != b)
            .unwrap_or(0);
        return Err(format!(
            "element {i}: {} where plain Rust gives {}",
            scan[i], expected[i]
        )
        .into());
    }
    println!(
        "all {} elements equal plain Rust's running sums per warp",
        scan.len()
    );
    Ok(())
}
