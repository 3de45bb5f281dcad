//! `towers selfplay`: many games between computer players across threads, with statistics.

use board_kernel::{BySide, Game, Side};
use clap::Args;
use game_ai::arena::{SeriesConfig, run_series};
use tower_games::registry::{self, GameVisitor};
use tower_games::ugi::Computer;

use crate::GameArgs;
use crate::progress::ProgressBar;
use crate::referee::RefereeArgs;
use tower_games::record::option_pairs;

/// The arguments of `towers selfplay`.
#[derive(Args, Debug)]
pub(crate) struct SelfplayArgs {
    #[command(flatten)]
    pub(crate) game: GameArgs,
    /// Games to play (1 to 1000000000).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=1_000_000_000))]
    pub(crate) games: u64,
    /// White's player: random, mcts[:ITERS|TIME], mcts-fresh[:ITERS|TIME],
    /// alphabeta[:DEPTH|TIME], perfect[:POSITIONS|TIME], neural[:SIMULATIONS|TIME] or
    /// ugi:COMMAND (an outside engine).
    #[arg(long, default_value = "random")]
    pub(crate) white: Computer,
    /// Black's player.
    #[arg(long, default_value = "random")]
    pub(crate) black: Computer,
    #[command(flatten)]
    pub(crate) referee: RefereeArgs,
    /// Series seed: game i's players are seeded from it and i.
    #[arg(long, default_value_t = 0)]
    pub(crate) seed: u64,
    /// Worker threads (1 to 256; default: the machine's cores).
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=256))]
    pub(crate) threads: Option<u16>,
    /// Stop a game after this many moves and count it unfinished (1 to 100000000).
    #[arg(long, default_value_t = 20_000, value_parser = clap::value_parser!(u64).range(1..=100_000_000))]
    pub(crate) max_plies: u64,
    /// Stop after this long (90, 90s, 15m, 2h; up to 30 days) and report the games finished,
    /// as Ctrl-C does.
    #[arg(long, value_name = "TIME", value_parser = crate::interrupt::parse_limit)]
    pub(crate) time_limit: Option<std::time::Duration>,
}

struct Selfplay<'a> {
    args: &'a SelfplayArgs,
    threads: usize,
}

impl GameVisitor for Selfplay<'_> {
    type Output = Result<(), String>;
    fn visit<G: Game>(self, game: G) -> Result<(), String> {
        let args = self.args;
        let start = crate::start_state(&game, args.game.position.as_deref())?;
        args.white.check(&game)?;
        args.black.check(&game)?;
        // Ctrl-C is taken over before the first line, so a reader who saw it can interrupt.
        let stop = crate::interrupt::series_stop(args.time_limit)?;
        let seats = BySide::new(
            args.referee.timed(args.white.clone()),
            args.referee.timed(args.black.clone()),
        );
        let label = |side: Side| format!("{} ({})", G::side_name(side), seats[side]);
        let (white, black) = (label(Side::White), label(Side::Black));
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
            stop,
        };
        let bar = ProgressBar::new(args.games);
        let progress = |done: u64| bar.update(done, "");
        let stats = run_series(
            &game,
            &start,
            seats,
            &tower_games::knowledge::knowledge(&game),
            &config,
            &progress,
        );
        let secs = bar.seconds();
        let early = crate::interrupt::stopped_early();
        if early.is_some() {
            bar.stopped(stats.games);
        }
        crate::out!("{}", stats.summary(&white, &black))?;
        crate::out!(
            "{:.2} games/s ({:.2} s)",
            stats.games as f64 / secs.max(1e-9),
            secs
        )?;
        crate::series_end(early, stats.games, args.games)
    }
}

/// Runs `towers selfplay`.
pub(crate) fn run(args: &SelfplayArgs) -> Result<(), String> {
    let threads = args.threads.map_or_else(
        || std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get),
        usize::from,
    );
    let pairs = option_pairs(&args.game.options)?;
    crate::referee::check([&args.white, &args.black])?;
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
