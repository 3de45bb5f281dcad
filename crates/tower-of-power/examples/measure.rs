//! Perft from the initial position, depth by depth with timings, and the statistics of
//! 10,000 seeded random games.
//!
//! `cargo run --release -p tower-of-power --example tower-of-power-measure [MAX_DEPTH] [single_step=off ...]`
//!
//! Perft stops at `MAX_DEPTH` (default 5) or earlier, when the next depth is estimated (from
//! the growth so far) to take more than about a minute.

use std::time::Instant;

use board_kernel::perft::perft;
use std::collections::BTreeMap;

use board_kernel::playout::{random_playout, random_series};
use board_kernel::{Game, SplitMix64, options::split_setting};
use tower_of_power::TowerOfPower;

/// The seed of the random series.
const SEED: u64 = 0x70_0E7;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut max_depth = 5;
    let mut settings = Vec::new();
    for arg in std::env::args().skip(1) {
        if arg.contains('=') {
            settings.push(arg);
        } else {
            max_depth = arg.parse()?;
        }
    }
    let pairs = settings
        .iter()
        .map(|s| split_setting(s))
        .collect::<Result<Vec<_>, _>>()?;
    let game = TowerOfPower::from_pairs(pairs)?;
    let start = game.initial_state();
    println!("Tower of Power, options {:?}", game.options());
    println!("perft from the initial position:");
    // (nodes, seconds) of the last depth, and the nodes of the one before.
    let mut previous: Option<(u64, f64)> = None;
    let mut before = 1u64;
    for depth in 1..=max_depth {
        if let Some((nodes, secs)) = previous {
            // The next depth costs about (growth of the tree) times the last one.
            let growth = nodes as f64 / before.max(1) as f64;
            let estimate = secs * growth;
            if estimate > 60.0 {
                println!(
                    "  depth {depth}: skipped (estimated {estimate:.0} s at {growth:.0} times \
                     the time of depth {})",
                    depth - 1
                );
                break;
            }
            before = nodes;
        }
        let t = Instant::now();
        let nodes = perft(&game, &start, depth);
        let secs = t.elapsed().as_secs_f64();
        println!(
            "  depth {depth}: {nodes:>15} nodes in {secs:>8.3} s ({:>6.1} M nodes/s)",
            nodes as f64 / secs.max(1e-9) / 1e6
        );
        previous = Some((nodes, secs));
    }
    let t = Instant::now();
    let stats = random_series(&game, 10_000, SEED, 100_000);
    println!(
        "random games ({:.1} s): {}",
        t.elapsed().as_secs_f64(),
        stats.summary("White", "Black")
    );
    // The same games again (the kernel seeds game `i` this way), counted by reason.
    let mut reasons: BTreeMap<String, u64> = BTreeMap::new();
    for i in 0..10_000u64 {
        let mut rng = SplitMix64::new(SEED ^ i.wrapping_mul(0x9E37_79B9_7F4A_7C15));
        let playout = random_playout(&game, game.initial_state(), &mut rng, 100_000);
        let reason = match playout.status.result() {
            Some(r) => match r.winner {
                Some(side) => format!("{} wins: {}", TowerOfPower::side_name(side), r.reason),
                None => format!("draw: {}", r.reason),
            },
            None => "unfinished".to_owned(),
        };
        *reasons.entry(reason).or_default() += 1;
    }
    for (reason, n) in reasons {
        println!("  {reason}: {:.1}%", n as f64 / 100.0);
    }
    Ok(())
}
