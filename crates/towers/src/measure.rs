//! `towers measure`: perft from a position depth by depth with times and speeds, then the
//! statistics of seeded random games — the numbers a game's rule book and the performance
//! notes quote.

use std::time::{Duration, Instant};

use board_kernel::perft::perft;
use board_kernel::playout::random_series;
use board_kernel::{Game, Side};
use clap::Args;
use tower_games::registry::{self, GameVisitor};

use crate::GameArgs;
use tower_games::record::option_pairs;

/// The arguments of `towers measure`.
#[derive(Args, Debug)]
pub(crate) struct MeasureArgs {
    #[command(flatten)]
    pub(crate) game: GameArgs,
    /// The deepest perft depth (a depth is skipped when it would likely take over `--seconds`).
    #[arg(long, default_value_t = 12, value_parser = clap::value_parser!(u32).range(0..=64))]
    pub(crate) depth: u32,
    /// The time a perft depth may take, judged from the previous depth's growth.
    #[arg(long, default_value_t = 60, value_parser = clap::value_parser!(u64).range(1..=86_400))]
    pub(crate) seconds: u64,
    /// Random games to play (0 for none).
    #[arg(long, default_value_t = 10_000, value_parser = clap::value_parser!(u64).range(0..=100_000_000))]
    pub(crate) games: u64,
    /// The random games' seed.
    #[arg(long, default_value_t = 2024)]
    pub(crate) seed: u64,
}

struct Measure<'a> {
    args: &'a MeasureArgs,
}

impl GameVisitor for Measure<'_> {
    type Output = Result<(), String>;
    fn visit<G: Game>(self, game: G) -> Result<(), String> {
        let args = self.args;
        let start = crate::start_state(&game, args.game.position.as_deref())?;
        crate::out!("{}: perft from {start}", G::TITLE)?;
        let mut last = Duration::ZERO;
        let mut growth = 10.0;
        for depth in 1..=args.depth {
            if last.as_secs_f64() * growth > args.seconds as f64 {
                crate::out!(
                    "  depth {depth} skipped: it would take over {} s",
                    args.seconds
                )?;
                break;
            }
            let before = last;
            let t = Instant::now();
            let leaves = perft(&game, &start, depth);
            last = t.elapsed();
            if before > Duration::from_millis(20) {
                growth = last.as_secs_f64() / before.as_secs_f64();
            }
            crate::out!(
                "  depth {depth}: {leaves:>14} leaves in {:>9.3} s, {:>7.1} M leaves/s",
                last.as_secs_f64(),
                leaves as f64 / last.as_secs_f64().max(1e-9) / 1e6
            )?;
            if leaves == 0 {
                break;
            }
        }
        if args.games > 0 {
            let t = Instant::now();
            let stats = random_series(&game, args.games, args.seed, 1_000_000);
            let secs = t.elapsed().as_secs_f64();
            let plies = stats.mean_plies() * stats.games as f64;
            crate::out!(
                "{} random games (seed {}): {}",
                args.games,
                args.seed,
                stats.summary(G::side_name(Side::White), G::side_name(Side::Black))
            )?;
            crate::out!(
                "  {:.2} s: {:.0} games/s, {:.0} plies/s",
                secs,
                stats.games as f64 / secs.max(1e-9),
                plies / secs.max(1e-9)
            )?;
        }
        Ok(())
    }
}

/// Runs `towers measure`.
pub(crate) fn run(args: &MeasureArgs) -> Result<(), String> {
    let pairs = option_pairs(&args.game.options)?;
    registry::visit(&args.game.game, &pairs, Measure { args }).map_err(|e| e.to_string())?
}
