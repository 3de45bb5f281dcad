//! Measures the engine: perft from the initial position depth by depth (with time and nodes
//! per second), then the statistics of 10,000 seeded random games.
//!
//! `cargo run --release -p chain-reaction --example chain-reaction-measure [MAX_DEPTH] [GAMES]`
//!
//! Perft stops at `MAX_DEPTH` (default 4) or earlier, when the next depth is predicted (from
//! the last depth's time and branching) to take more than about a minute.

use std::time::Instant;

use board_kernel::Game;
use board_kernel::perft::perft;
use board_kernel::playout::random_series;
use chain_reaction::ChainReaction;

fn main() {
    let mut args = std::env::args().skip(1);
    let max_depth: u32 = args.next().and_then(|a| a.parse().ok()).unwrap_or(4);
    let games: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(10_000);
    let game = ChainReaction::default();
    let start = game.initial_state();
    println!("Chain Reaction — perft from the initial position (default options)");
    let mut last: Option<(u64, f64)> = None;
    let mut previous_nodes = 1u64;
    for depth in 1..=max_depth {
        if let Some((nodes, secs)) = last {
            let branching = nodes as f64 / previous_nodes.max(1) as f64;
            let predicted = secs * branching;
            if predicted > 60.0 {
                println!(
                    "depth {depth}: skipped (predicted {:.0} s, about {:.1e} leaves)",
                    predicted,
                    nodes as f64 * branching
                );
                break;
            }
            previous_nodes = nodes;
        }
        let t = Instant::now();
        let nodes = perft(&game, &start, depth);
        let secs = t.elapsed().as_secs_f64();
        println!(
            "depth {depth}: {nodes:>14} leaves in {secs:>8.3} s = {:>12.0} leaves/s",
            nodes as f64 / secs.max(1e-9)
        );
        last = Some((nodes, secs));
    }

    let max_plies = game.options().max_plies as usize;
    let t = Instant::now();
    let stats = random_series(&game, games, 0xC4A1_2EAC, max_plies.max(1) * 2);
    let secs = t.elapsed().as_secs_f64();
    println!(
        "\nRandom games (seed 0xC4A12EAC, default options: targets 12/12, max_plies {}):",
        game.options().max_plies
    );
    println!("{}", stats.summary("White", "Black"));
    println!(
        "({:.1} s, {:.0} turns/s)",
        secs,
        stats.total_plies as f64 / secs.max(1e-9)
    );
}
