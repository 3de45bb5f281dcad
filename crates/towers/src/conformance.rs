//! `towers conformance`: the kernel's conformance suite over many seeded random games, on
//! several threads, with a progress bar — the deep run CI makes in release mode.

use std::io::{IsTerminal, Write};
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use board_kernel::conformance::{Config, check};
use board_kernel::playout::SeriesStats;
use board_kernel::{Game, Side};
use clap::Args;
use tower_games::registry::{self, GameVisitor};

use crate::GameArgs;
use tower_games::record::option_pairs;

/// Games per chunk: each chunk is one conformance series with its own seed.
const CHUNK: u64 = 50;

/// The arguments of `towers conformance`.
#[derive(Args, Debug)]
pub(crate) struct ConformanceArgs {
    #[command(flatten)]
    pub(crate) game: GameArgs,
    /// Random games to check (1 to 10,000,000).
    #[arg(long, default_value_t = 10_000, value_parser = clap::value_parser!(u64).range(1..=10_000_000))]
    pub(crate) games: u64,
    /// The series seed: chunk `i` of 50 games is seeded from it and `i`.
    #[arg(long, default_value_t = 0x5EED)]
    pub(crate) seed: u64,
    /// Worker threads (1 to 256; default: the machine's cores).
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=256))]
    pub(crate) threads: Option<u16>,
    /// A game longer than this many plies fails the run.
    #[arg(long, default_value_t = 100_000, value_parser = clap::value_parser!(u64).range(1..=10_000_000))]
    pub(crate) max_plies: u64,
}

struct Run<'a> {
    args: &'a ConformanceArgs,
    threads: usize,
}

impl GameVisitor for Run<'_> {
    type Output = Result<(), String>;
    fn visit<G: Game>(self, game: G) -> Result<(), String> {
        let args = self.args;
        let chunks = args.games.div_ceil(CHUNK);
        let next = AtomicU64::new(0);
        let done = AtomicU64::new(0);
        let total = Mutex::new(SeriesStats::default());
        let started = Instant::now();
        let terminal = std::io::stderr().is_terminal();
        let last_drawn = Mutex::new(Instant::now() - Duration::from_secs(1));
        let failure = Mutex::new(None::<String>);
        std::thread::scope(|scope| {
            for _ in 0..self.threads {
                scope.spawn(|| {
                    loop {
                        let chunk = next.fetch_add(1, Ordering::Relaxed);
                        if chunk >= chunks || failure.lock().is_ok_and(|f| f.is_some()) {
                            break;
                        }
                        let games = CHUNK.min(args.games - chunk * CHUNK);
                        let config = Config {
                            seed: args.seed ^ chunk.wrapping_mul(0x9E37_79B9_7F4A_7C15),
                            max_plies: args.max_plies as usize,
                            text_check_limit: 20,
                            legal_samples: 1,
                            foreign_samples: 2,
                            ..Config::games(games as usize)
                        };
                        let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                            check(&game, &config)
                        }));
                        match result {
                            Ok(stats) => {
                                if let Ok(mut t) = total.lock() {
                                    t.merge(&stats);
                                }
                            }
                            Err(panic) => {
                                let message = panic
                                    .downcast_ref::<String>()
                                    .cloned()
                                    .or_else(|| {
                                        panic.downcast_ref::<&str>().map(|s| (*s).to_owned())
                                    })
                                    .unwrap_or_else(|| "a panic without a message".to_owned());
                                if let Ok(mut f) = failure.lock() {
                                    f.get_or_insert(message);
                                }
                                break;
                            }
                        }
                        let finished = done.fetch_add(games, Ordering::Relaxed) + games;
                        let mut last = last_drawn.lock().unwrap_or_else(|e| e.into_inner());
                        if finished == args.games
                            || (terminal && last.elapsed() >= Duration::from_millis(200))
                        {
                            *last = Instant::now();
                            let width = 30;
                            let filled = (finished * width / args.games) as usize;
                            let mut err = std::io::stderr().lock();
                            let _ = write!(
                                err,
                                "\r{}: [{}{}] {finished}/{} games, {:.0} s",
                                G::NAME,
                                "#".repeat(filled),
                                ".".repeat(width as usize - filled),
                                args.games,
                                started.elapsed().as_secs_f64()
                            );
                            if finished == args.games {
                                let _ = writeln!(err);
                            }
                            let _ = err.flush();
                        }
                    }
                });
            }
        });
        if let Some(message) = failure.into_inner().unwrap_or(None) {
            return Err(format!("{}: {message}", G::NAME));
        }
        let stats = total.into_inner().unwrap_or_default();
        crate::out!(
            "{}: {} ({:.1} s on {} threads); every state checked",
            G::TITLE,
            stats.summary(G::side_name(Side::White), G::side_name(Side::Black)),
            started.elapsed().as_secs_f64(),
            self.threads
        )?;
        if stats.unfinished > 0 {
            return Err(format!(
                "{}: {} games did not end",
                G::NAME,
                stats.unfinished
            ));
        }
        Ok(())
    }
}

/// Runs `towers conformance`.
pub(crate) fn run(args: &ConformanceArgs) -> Result<(), String> {
    let threads = args.threads.map_or_else(
        || std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get),
        usize::from,
    );
    let pairs = option_pairs(&args.game.options)?;
    registry::visit(&args.game.game, &pairs, Run { args, threads }).map_err(|e| e.to_string())?
}
