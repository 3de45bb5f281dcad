//! `towers selfplay`: many games between computer players across threads, with statistics.

use std::io::{IsTerminal, Write};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use board_kernel::{BySide, Game, Side};
use clap::Args;
use game_ai::PlayerSpec;
use game_ai::arena::{SeriesConfig, run_series};
use towers::registry::{self, GameVisitor};

use crate::GameArgs;
use crate::play::option_pairs;

/// The arguments of `towers selfplay`.
#[derive(Args, Debug)]
pub(crate) struct SelfplayArgs {
    #[command(flatten)]
    pub(crate) game: GameArgs,
    /// Games to play.
    #[arg(long)]
    pub(crate) games: u64,
    /// White's player: random, mcts[:ITERS|TIME] or alphabeta[:DEPTH|TIME].
    #[arg(long, default_value = "random")]
    pub(crate) white: PlayerSpec,
    /// Black's player.
    #[arg(long, default_value = "random")]
    pub(crate) black: PlayerSpec,
    /// Series seed: game i's players are seeded from it and i.
    #[arg(long, default_value_t = 0)]
    pub(crate) seed: u64,
    /// Worker threads (default: the machine's cores).
    #[arg(long)]
    pub(crate) threads: Option<usize>,
    /// Stop a game after this many moves and count it unfinished.
    #[arg(long, default_value_t = 20_000)]
    pub(crate) max_plies: usize,
}

struct Selfplay<'a> {
    args: &'a SelfplayArgs,
    threads: usize,
}

impl GameVisitor for Selfplay<'_> {
    type Output = Result<(), String>;
    fn visit<G: Game>(self, game: G) -> Result<(), String> {
        let args = self.args;
        let start = match &args.game.position {
            Some(text) => game
                .parse_position(text.trim())
                .map_err(|e| e.to_string())?,
            None => game.initial_state(),
        };
        let label = |side: Side, spec: PlayerSpec| format!("{} ({spec})", G::side_name(side));
        let (white, black) = (
            label(Side::White, args.white),
            label(Side::Black, args.black),
        );
        println!(
            "{}: {} games, {white} against {black}, seed {}, {} threads",
            G::TITLE,
            args.games,
            args.seed,
            self.threads
        );
        let config = SeriesConfig {
            games: args.games,
            seed: args.seed,
            threads: self.threads,
            max_plies: args.max_plies,
        };
        let started = Instant::now();
        let last_drawn = Mutex::new(None::<Instant>);
        let terminal = std::io::stderr().is_terminal();
        let total = args.games;
        let progress = |done: u64| {
            let mut last = last_drawn.lock().unwrap_or_else(|e| e.into_inner());
            let due = last.is_none_or(|t| t.elapsed() >= Duration::from_millis(100));
            if done == total || (terminal && due) {
                *last = Some(Instant::now());
                let width = 30;
                let filled = (done * width / total.max(1)) as usize;
                let mut err = std::io::stderr().lock();
                let _ = write!(
                    err,
                    "\r[{}{}] {done}/{total} games, {:.1} s",
                    "#".repeat(filled),
                    ".".repeat(width as usize - filled),
                    started.elapsed().as_secs_f64()
                );
                if done == total {
                    let _ = writeln!(err);
                }
                let _ = err.flush();
            }
        };
        let stats = run_series(
            &game,
            &start,
            BySide::new(args.white, args.black),
            &config,
            &progress,
        );
        let secs = started.elapsed().as_secs_f64();
        println!("{}", stats.summary(&white, &black));
        println!(
            "{:.2} games/s ({:.2} s)",
            stats.games as f64 / secs.max(1e-9),
            secs
        );
        Ok(())
    }
}

/// Runs `towers selfplay`.
pub(crate) fn run(args: &SelfplayArgs) -> Result<(), String> {
    if args.games == 0 {
        return Err("--games must be at least 1".into());
    }
    let threads = args.threads.unwrap_or_else(|| {
        std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get)
    });
    let pairs = option_pairs(&args.game.options)?;
    registry::visit(
        &args.game.game,
        &pairs,
        Selfplay {
            args,
            threads: threads.max(1),
        },
    )
    .map_err(|e| e.to_string())?
}
