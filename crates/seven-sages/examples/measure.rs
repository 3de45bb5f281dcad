//! Perft from the initial position, depth by depth, and the statistics of 10,000 seeded
//! random games.
//!
//! `cargo run --release -p seven-sages --example seven-sages-measure [MAX_DEPTH] [GAMES]`
//!
//! Perft goes one depth further as long as that depth is predicted (from the last depth's
//! time and branching factor) to finish within about a minute, up to `MAX_DEPTH` (default
//! 10).

use std::time::Instant;

use board_kernel::Game;
use board_kernel::perft::perft;
use board_kernel::playout::random_series;
use seven_sages::SevenSages;

fn main() {
    let mut args = std::env::args().skip(1);
    let max_depth: u32 = args.next().and_then(|a| a.parse().ok()).unwrap_or(10);
    let games: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(10_000);
    let game = SevenSages::default();
    let start = game.initial_state();
    println!("Seven Sages, default options: perft from the initial position");
    let mut previous = 1u64;
    for depth in 1..=max_depth {
        let t = Instant::now();
        let nodes = perft(&game, &start, depth);
        let secs = t.elapsed().as_secs_f64();
        println!(
            "depth {depth}: {nodes:>15} nodes in {secs:>8.3} s ({:>12.0} nodes/s)",
            nodes as f64 / secs.max(1e-9)
        );
        let predicted = secs * nodes as f64 / previous as f64;
        previous = nodes;
        if depth < max_depth && predicted > 60.0 {
            println!("depth {}: not run (predicted {predicted:.0} s)", depth + 1);
            break;
        }
    }
    let t = Instant::now();
    let stats = random_series(&game, games, 0x5EED_5A6E, 100_000);
    println!(
        "{} ({:.1} s)",
        stats.summary("White", "Black"),
        t.elapsed().as_secs_f64()
    );
}
