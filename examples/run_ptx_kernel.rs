//! A whole CUDA kernel in the simulator: the Mandelbrot set, one thread a
//! pixel, from `examples/kernels/mandelbrot.cu` as nvcc 13.0 compiled it to
//! PTX (`examples/kernels/mandelbrot.ptx`, the command at the top of the
//! `.cu`). No GPU and no CUDA toolkit are needed: the module is checked as
//! ptxas checks it, and its 3,584 threads run in 112 CTAs, bit for bit as
//! an H100 runs them. What the kernel prints with `printf` comes back too.
//!
//! Run with `cargo run --release -p ptx-examples --example run_ptx_kernel`.

use ptx::Module;

const WIDTH: usize = 96;
const HEIGHT: usize = 36;
const MAX_ITER: i32 = 200;

pub fn main() {
    let module = Module::from_ptx(include_str!("kernels/mandelbrot.ptx"))
        .expect("nvcc's module checks as ptxas checks it");
    let mut launch = module.kernel("mandelbrot").expect("the module has it");
    let image = launch.zeroed::<u8>(WIDTH * HEIGHT);
    // The plane from (-2.2, -1.2), 0.03125 a pixel across and twice that
    // down (a character is about twice as tall as it is wide).
    let (x0, y0, dx, dy) = (-2.2f32, -1.2f32, 0.03125f32, 0.0625f32);
    launch
        .grid((WIDTH.div_ceil(16) as u32, HEIGHT.div_ceil(4) as u32))
        .block((16, 4))
        .arg(image)
        .arg(WIDTH as i32)
        .arg(HEIGHT as i32)
        .arg(x0)
        .arg(y0)
        .arg(dx)
        .arg(dy)
        .arg(MAX_ITER);
    let started = std::time::Instant::now();
    let report = launch.run().expect("the kernel runs");
    let elapsed = started.elapsed();
    print!("{}", report.output);

    let iterations = report.read::<u8>(image);
    let shades = b" .:-=+*#%@";
    for row in iterations.chunks(WIDTH) {
        let line: String = row
            .iter()
            .map(|&n| {
                if i32::from(n) >= MAX_ITER {
                    '@'
                } else {
                    shades[(usize::from(n) / 3).min(shades.len() - 2)] as char
                }
            })
            .collect();
        println!("{line}");
    }
    println!(
        "{} thread instructions in {} warp steps, {:.1} ms on the CPU",
        report.steps.thread,
        report.steps.warp,
        elapsed.as_secs_f64() * 1e3
    );

    // The origin is in the set; the corner (-2.2, -1.2) leaves at once.
    let at = |x: f32, y: f32| {
        let px = ((x - x0) / dx).round() as usize;
        let py = ((y - y0) / dy).round() as usize;
        iterations[py * WIDTH + px]
    };
    assert_eq!(i32::from(at(0.0, 0.0)), MAX_ITER);
    assert!(at(-2.2, -1.2) <= 2);
    assert!(report.output.starts_with("mandelbrot: 96 x 36 pixels"));
}
