//! Perft from the initial position depth by depth (time, nodes per second), stopping after
//! the first depth that takes longer than about a minute or at the given maximum depth, then
//! the statistics of 10,000 seeded random games.
//!
//! `cargo run --release -p queens-courtiers --example queens-courtiers-measure [MAX_DEPTH] [GAMES]`

use std::time::{Duration, Instant};

use board_kernel::Game;
use board_kernel::perft::perft;
use board_kernel::playout::random_series;
use queens_courtiers::QueensCourtiers;

fn main() {
    let mut args = std::env::args().skip(1);
    let max_depth: u32 = args.next().and_then(|a| a.parse().ok()).unwrap_or(5);
    let games: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(10_000);
    let game = QueensCourtiers::default();
    let start = game.initial_state();
    println!("Queens' Courtiers, default options; perft from the initial position");
    let mut last = Duration::ZERO;
    for depth in 1..=max_depth {
        // Each depth costs roughly 150 times the previous one: do not start a depth that
        // would clearly run far beyond a minute.
        if depth > 1 && last.as_secs_f64() * 100.0 > 90.0 {
            println!("depth {depth}: skipped (the previous depth took {last:.2?})");
            break;
        }
        let t = Instant::now();
        let nodes = perft(&game, &start, depth);
        last = t.elapsed();
        println!(
            "depth {depth}: {nodes:>14} nodes in {:>9.3} s, {:>12.0} nodes/s",
            last.as_secs_f64(),
            nodes as f64 / last.as_secs_f64().max(1e-9)
        );
    }
    let t = Instant::now();
    let stats = random_series(&game, games, 0x5EED, 100_000);
    println!(
        "{} (in {:.1} s)",
        stats.summary("Red", "Blue"),
        t.elapsed().as_secs_f64()
    );
}
