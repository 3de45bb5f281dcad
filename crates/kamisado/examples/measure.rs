//! Perft from the initial position depth by depth, and the statistics of 10,000 seeded random
//! games: `cargo run --release -p kamisado --example kamisado-measure [MAX_DEPTH] [MATCH_MAX_DEPTH]`.
//!
//! Each series stops at the deepest depth that finishes within about a minute (or at the
//! given maximum).

use std::time::{Duration, Instant};

use board_kernel::Game;
use board_kernel::perft::perft;
use board_kernel::playout::random_series;
use kamisado::Kamisado;

/// The spec's figures (§10), to mark each count as matching or not.
const SINGLE: [u64; 7] = [102, 1150, 11182, 105024, 901006, 7399924, 56183354];
const MATCH: [u64; 6] = [102, 1150, 11182, 105132, 914722, 7835718];

fn series(title: &str, game: &Kamisado, max_depth: u32, expected: &[u64]) {
    println!("perft, {title}:");
    let start = game.initial_state();
    let mut last = Duration::ZERO;
    let mut growth = 10.0;
    for depth in 1..=max_depth {
        // Stop when the next depth would likely exceed about a minute, judging by how much
        // the previous depth grew.
        if last.as_secs_f64() * growth > 75.0 {
            println!("  (depth {depth} skipped: it would take over a minute)");
            break;
        }
        let before = last;
        let t = Instant::now();
        let nodes = perft(game, &start, depth);
        last = t.elapsed();
        if before > Duration::from_millis(50) {
            growth = last.as_secs_f64() / before.as_secs_f64();
        }
        let rate = nodes as f64 / last.as_secs_f64().max(1e-9);
        let check = match expected.get(depth as usize - 1) {
            Some(&e) if e == nodes => "matches the spec",
            Some(_) => "DIFFERS FROM THE SPEC",
            None => "no figure in the spec",
        };
        println!(
            "  depth {depth}: {nodes:>12} nodes in {:>9.3} s, {:>6.1} M nodes/s ({check})",
            last.as_secs_f64(),
            rate / 1e6
        );
    }
}

fn main() {
    let mut args = std::env::args().skip(1);
    let max_single: u32 = args.next().and_then(|a| a.parse().ok()).unwrap_or(12);
    let max_match: u32 = args.next().and_then(|a| a.parse().ok()).unwrap_or(12);
    let single = Kamisado::default();
    let standard = Kamisado::from_pairs([("match_target", "3")]).expect("valid options");
    series(
        "single round (match_target=1)",
        &single,
        max_single,
        &SINGLE,
    );
    series("match play (match_target=3)", &standard, max_match, &MATCH);

    println!("random games (seed 2024):");
    for (title, game) in [
        ("single round", &single),
        ("Standard match (3)", &standard),
        (
            "Long match (7)",
            &Kamisado::from_pairs([("match_target", "7")]).expect("valid options"),
        ),
    ] {
        let t = Instant::now();
        let stats = random_series(game, 10_000, 2024, 100_000);
        println!(
            "  {title}: {} ({:.2} s)",
            stats.summary(
                Kamisado::side_name(board_kernel::Side::White),
                Kamisado::side_name(board_kernel::Side::Black)
            ),
            t.elapsed().as_secs_f64()
        );
    }
}
