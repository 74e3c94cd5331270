//! Where `ldmatrix` puts each element, and what its addresses cost.
//!
//! Shared memory holds a 16×16 tile of 16-bit values whose value is its own
//! position (`row * 16 + column`), so every register a lane receives says
//! which elements it got. Then the same `.x4` load from three address
//! layouts, with the bank conflicts the simulator counts.
//!
//! `cargo run --release -p ptx-examples --example ldmatrix_layout`

use ptx::launch::Launch;
use ptx::warp::{ldmatrix_x1, ldmatrix_x1_trans, ldmatrix_x2, ldmatrix_x4, ldmatrix_x4_trans};

/// Row `r` of matrix `m` of the tile: matrices 0-3 are the quadrants,
/// top-left, bottom-left, top-right, bottom-right (the `mma` A order).
fn row_address(m: u32, r: u32, row_bytes: u32) -> u32 {
    (m % 2 * 8 + r) * row_bytes + m / 2 * 16
}

/// Where lane `l` points for an `.x4` load.
type RowAddress = Box<dyn Fn(u32) -> u32 + Sync>;

fn tile() -> Vec<u8> {
    (0..256u16).flat_map(u16::to_le_bytes).collect()
}

fn element(v: u32) -> String {
    format!("({:>2},{:>2})", v / 16, v % 16)
}

/// Runs one warp loading with `load(lane)`; every lane's registers.
fn run(load: impl Fn(u32) -> Vec<u32> + Sync) -> Vec<Vec<u32>> {
    Launch::new(1, 32)
        .shared_init(tile())
        .run(|t| load(t.lane))
        .expect("the warp runs")
        .results
}

fn print_layout(title: &str, regs: &[Vec<u32>]) {
    println!("{title}: lane -> (row,col) of the low and high half of each register");
    for lane in [0usize, 1, 2, 3, 4, 31] {
        let cells: Vec<String> = regs[lane]
            .iter()
            .map(|&r| format!("{} {}", element(r & 0xffff), element(r >> 16)))
            .collect();
        println!("  lane {lane:>2}: {}", cells.join(" | "));
    }
}

pub fn main() {
    let x1 = run(|l| ldmatrix_x1(row_address(0, l % 8, 32)).to_vec());
    print_layout(".x1 (lanes 0-7 give the rows of the top-left 8x8)", &x1);
    // Lane l holds row l/4, columns 2(l%4) and 2(l%4)+1.
    for (l, r) in x1.iter().enumerate() {
        let (row, col) = (l as u32 / 4, l as u32 % 4 * 2);
        assert_eq!(r[0], (row * 16 + col) | (row * 16 + col + 1) << 16);
    }
    let trans = run(|l| ldmatrix_x1_trans(row_address(0, l % 8, 32)).to_vec());
    print_layout(".x1.trans", &trans);
    for (l, r) in trans.iter().enumerate() {
        let (col, row) = (l as u32 / 4, l as u32 % 4 * 2);
        assert_eq!(r[0], (row * 16 + col) | ((row + 1) * 16 + col) << 16);
    }
    let x2 = run(|l| ldmatrix_x2(row_address(l / 8 % 2, l % 8, 32)).to_vec());
    print_layout(".x2 (lanes 8-15 give the bottom-left matrix)", &x2);
    let x4 = run(|l| ldmatrix_x4(row_address(l / 8, l % 8, 32)).to_vec());
    print_layout(
        ".x4 (the four quadrants: the A fragment of mma.m16n8k16)",
        &x4,
    );
    assert_eq!(x4[0], [0, 8 * 16, 8, 8 * 16 + 8].map(|e| e | (e + 1) << 16));
    let x4t = run(|l| ldmatrix_x4_trans(row_address(l / 8, l % 8, 32)).to_vec());
    print_layout(".x4.trans", &x4t);

    println!();
    println!("bank conflicts of one .x4 load (4 matrices of 8 rows of 16 bytes):");
    println!(
        "  {:<44} {:>9} {:>10}",
        "row layout", "wavefronts", "conflicts"
    );
    let layouts: [(&str, u32, RowAddress); 3] = [
        (
            "dense 16x16 tile, 32-byte rows",
            512,
            Box::new(|l| row_address(l / 8, l % 8, 32)),
        ),
        (
            "rows 128 bytes apart (a 64-wide tile)",
            4096,
            Box::new(|l| row_address(l / 8, l % 8, 128)),
        ),
        (
            "128-byte rows, XOR-swizzled 16-byte chunks",
            4096,
            Box::new(|l| {
                let (m, r) = (l / 8, l % 8);
                let row = m % 2 * 8 + r;
                let chunk = (m / 2) ^ (row % 8);
                row * 128 + chunk * 16
            }),
        ),
    ];
    let mut conflicts = Vec::new();
    for (name, bytes, address) in &layouts {
        let report = Launch::new(1, 32)
            .shared_bytes(*bytes as usize)
            .run(|t| {
                ldmatrix_x4(address(t.lane));
            })
            .expect("the warp runs");
        let c = report.stats.get("ldmatrix");
        println!("  {name:<44} {:>9} {:>10}", c.wavefronts, c.conflicts);
        conflicts.push(c.conflicts);
    }
    // 32 banks of 4 bytes repeat every 128 bytes. Dense 32-byte rows: rows
    // r and r + 4 of a matrix share banks, 2 wavefronts a matrix (4
    // conflicts). 128-byte rows: all 8 rows on the same 4 banks, 8
    // wavefronts a matrix (28). The swizzle puts the 8 rows' 16-byte
    // chunks on 8 different bank groups: 1 wavefront a matrix (0).
    assert_eq!(conflicts, [4, 28, 0]);
}
