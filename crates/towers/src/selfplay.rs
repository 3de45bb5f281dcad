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
use towers::record::option_pairs;

/// The arguments of `towers selfplay`.
#[derive(Args, Debug)]
pub(crate) struct SelfplayArgs {
    #[command(flatten)]
    pub(crate) game: GameArgs,
    /// Games to play (1 to 1000000000).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=1_000_000_000))]
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
    /// Worker threads (1 to 256; default: the machine's cores).
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=256))]
    pub(crate) threads: Option<u16>,
    /// Stop a game after this many moves and count it unfinished (1 to 100000000).
    #[arg(long, default_value_t = 20_000, value_parser = clap::value_parser!(u64).range(1..=100_000_000))]
    pub(crate) max_plies: u64,
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
        crate::out!(
            "{}: {} games, {white} against {black}, seed {}, {} threads",
            G::TITLE,
            args.games,
            args.seed,
            self.threads
        )?;
        let config = SeriesConfig {
            games: args.games,
            seed: args.seed,
            threads: self.threads,
            max_plies: usize::try_from(args.max_plies).unwrap_or(usize::MAX),
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
        crate::out!("{}", stats.summary(&white, &black))?;
        crate::out!(
            "{:.2} games/s ({:.2} s)",
            stats.games as f64 / secs.max(1e-9),
            secs
        )?;
        Ok(())
    }
}

/// Runs `towers selfplay`.
pub(crate) fn run(args: &SelfplayArgs) -> Result<(), String> {
    let threads = args.threads.map_or_else(
        || std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get),
        usize::from,
    );
    let pairs = option_pairs(&args.game.options)?;
    registry::visit(
        &args.game.game,
        &pairs,
        Selfplay {
            args,
            // No more workers than games: the rest would only wait.
            threads: threads.clamp(1, usize::try_from(args.games).unwrap_or(usize::MAX)),
        },
    )
    .map_err(|e| e.to_string())?
}
