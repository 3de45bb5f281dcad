//! `towers`: list, inspect, count and play every game of the workspace from the command line.

use std::process::ExitCode;
use std::time::Instant;

use board_kernel::erased::{DynGame, DynState};
use clap::{Args, Parser, Subcommand};
use tower_games::registry;

mod analyse;
mod conformance;
mod endgame;
mod input;
mod interrupt;
mod measure;
mod play;
mod progress;
mod record_file;
mod referee;
mod replay;
mod selfplay;
#[cfg(feature = "serve")]
mod serve;
mod solve;
mod tournament;
mod train;
mod ugi;

/// The error text of a write to a closed standard output: the reader stopped early (`head`,
/// `less` quit, a closed socket). `main` ends quietly with success on it, as well-behaved
/// command-line tools do, instead of panicking the way `println!` does.
pub(crate) const CLOSED: &str = "standard output was closed";

/// Writes one line to standard output, turning a closed pipe into [`CLOSED`].
pub(crate) fn print_line(args: std::fmt::Arguments<'_>) -> Result<(), String> {
    use std::io::Write;
    let mut stdout = std::io::stdout().lock();
    writeln!(stdout, "{args}").map_err(|e| output_error(&e))
}

/// The error for a failed write to standard output.
pub(crate) fn output_error(e: &std::io::Error) -> String {
    if e.kind() == std::io::ErrorKind::BrokenPipe {
        CLOSED.to_owned()
    } else {
        format!("cannot write to standard output: {e}")
    }
}

/// The last line of a series (`selfplay`, `tournament`) that `early` stopped after `done` of
/// `planned` games, and how the program ends: a time limit is a normal end, Ctrl-C is not.
pub(crate) fn series_end(early: Option<&str>, done: u64, planned: u64) -> Result<(), String> {
    let Some(why) = early else {
        return Ok(());
    };
    out!("Stopped early ({why}): {done} of {planned} games played.")?;
    if why == interrupt::INTERRUPTED {
        Err(interrupt::INTERRUPTED.to_owned())
    } else {
        Ok(())
    }
}

/// `println!` that returns an error instead of panicking when standard output is closed.
#[macro_export]
macro_rules! out {
    ($($arg:tt)*) => {
        $crate::print_line(format_args!($($arg)*))
    };
}

/// Rules engines for Kamisado, Tower of Power, Chain Reaction, Queens' Courtiers and Seven
/// Sages.
#[derive(Parser, Debug)]
#[command(name = "towers", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Print the registered game names, one a line.
    List,
    /// Print a game's options with their values and defaults.
    Options {
        #[command(flatten)]
        game: GameArgs,
    },
    /// Print a position: its line, its diagram and its status, after playing MOVES (then each
    /// move in the game's words); or write its SVG picture (the last move marked) with --svg.
    Show {
        #[command(flatten)]
        game: GameArgs,
        /// Moves to play first, in the game's notation, one argument each.
        moves: Vec<String>,
        /// Write the SVG picture to FILE (`-`: standard output) instead of the text.
        #[arg(long, value_name = "FILE")]
        svg: Option<String>,
        /// Draw the board turned half round.
        #[arg(long)]
        flip: bool,
    },
    /// Perft depth by depth with times, then statistics of seeded random games.
    Measure(measure::MeasureArgs),
    /// Check the game against the contract over many seeded random games (the kernel's
    /// conformance suite), on several threads.
    Conformance(conformance::ConformanceArgs),
    /// Print the legal moves of a position, one a line, sorted.
    Moves {
        #[command(flatten)]
        game: GameArgs,
    },
    /// Count the leaves of the move tree to DEPTH; the last line is the count.
    Perft {
        #[command(flatten)]
        game: GameArgs,
        /// Depth in plies (whole turns), at most 64.
        #[arg(value_parser = clap::value_parser!(u32).range(0..=64))]
        depth: u32,
        /// Show the count below each first move instead of the depth-by-depth lines.
        #[arg(long)]
        divide: bool,
        /// Worker threads for the deepest count (1 to 256).
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=256))]
        threads: u16,
        /// Merge transpositions with a table of MB megabytes (same counts, less time).
        #[arg(long, value_name = "MB", value_parser = clap::value_parser!(u32).range(1..=16_384))]
        hash: Option<u32>,
    },
    /// Search a position with a computer player and print its targets as JSON: the move,
    /// the value for the side to move, the policy (MCTS's visit shares over moves, the
    /// learned player's over its first decision's actions) and the principal line.
    Analyse(analyse::AnalyseArgs),
    /// Play moves in order; print the resulting position line, its diagram and its status.
    Apply {
        #[command(flatten)]
        game: GameArgs,
        /// Moves in the game's notation, one argument each (quote multi-token turns).
        moves: Vec<String>,
    },
    /// Play a game in the terminal between people and computer players. Moves are read one
    /// a line, so a game can be piped in; `?` lists the legal moves, `undo` takes back, `quit`
    /// (or the end of input) stops.
    Play(play::PlayArgs),
    /// Replay a game saved with `play --record`, checking every move and the result.
    Replay {
        /// The JSON game record.
        file: std::path::PathBuf,
        /// Print only the final position and the verdict, not every move.
        #[arg(long)]
        quiet: bool,
    },
    /// Play many games between computer players across threads and print win and draw
    /// shares, game lengths and speed.
    Selfplay(selfplay::SelfplayArgs),
    /// Solve an end game completely by retrograde analysis: Tower of Power's stones against
    /// a lone stone. Without a position, print the table's counts and its longest win; with
    /// one, its value (the first line: win, draw or loss), a line of best play and its end.
    Endgame(endgame::EndgameArgs),
    /// Solve a position: its value for the side to move with perfect play (the first line:
    /// win, draw, loss, or unknown when the budget runs out), a line of best moves and the
    /// positions visited.
    Solve(solve::SolveArgs),
    /// Measure computer players against each other: a round robin with colours alternated,
    /// its table and Elo differences with 95% intervals; or, with --sprt, a sequential test of
    /// whether the first player is stronger than the second.
    Tournament(tournament::TournamentArgs),
    /// Train a game's learned player by self-play (resumable): generations of self-play
    /// games, training of the network, a checkpoint and a log row after each, and now and
    /// then a match against random, mcts:1000 and alpha-beta.
    Train(train::TrainArgs),
    /// Run the game server: the playground, games between people at their own computers
    /// (seat links, clocks, computer seats) and their archive in SQLite or PostgreSQL.
    #[cfg(feature = "serve")]
    Serve(serve::ServeArgs),
    /// Run a Universal Game Interface engine on standard input and output, for match runners
    /// and front ends (docs/ugi.md): `ugi`, `isready`, `setoption`, `uginewgame`, `position`,
    /// `go`, `stop`, `query`, `validmoves`, `quit`.
    Ugi(ugi::UgiArgs),
}

/// The position a command starts from: the one-line position text given, or the initial
/// position.
pub(crate) fn start_state<G: board_kernel::Game>(
    game: &G,
    position: Option<&str>,
) -> Result<G::State, String> {
    match position {
        Some(text) => game.parse_position(text.trim()).map_err(|e| e.to_string()),
        None => Ok(game.initial_state()),
    }
}

type GameAndState = (Box<dyn DynGame>, Box<dyn DynState>);

/// Move `index` (from 0) of a command's moves, refused: numbered from 1, the refusal citing
/// the rule book's section a player can open (``move 1: illegal move `d1-d8`: d8 is occupied
/// (rule 1.1, How a tower moves)``), an unreadable text as it is.
fn move_error(game: &dyn DynGame, index: usize, error: &board_kernel::MoveError) -> String {
    format!("move {}: {}", index + 1, game.move_error_text(error))
}

#[derive(Args, Debug)]
struct GameArgs {
    /// The game (see `towers list`).
    game: String,
    /// Start from this one-line position text instead of the initial position.
    #[arg(long, short)]
    position: Option<String>,
    /// Set an option, KEY=VALUE (repeatable).
    #[arg(long = "option", short = 'o', value_name = "KEY=VALUE")]
    options: Vec<String>,
}

impl GameArgs {
    fn game(&self) -> Result<Box<dyn DynGame>, String> {
        let pairs = tower_games::record::option_pairs(&self.options)?;
        registry::build(&self.game, &pairs).map_err(|e| e.to_string())
    }

    fn start(&self) -> Result<GameAndState, String> {
        let game = self.game()?;
        let state = match &self.position {
            Some(text) => game
                .parse_position(text.trim())
                .map_err(|e| e.to_string())?,
            None => game.initial_state(),
        };
        Ok((game, state))
    }
}

/// With the server built in, mimalloc: it returns the memory of closed connections to the
/// system, where glibc's allocator kept it (docs/performance.md).
#[cfg(feature = "serve")]
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli.command) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) if message == CLOSED => ExitCode::SUCCESS,
        Err(message) if message == interrupt::INTERRUPTED => ExitCode::from(interrupt::EXIT_CODE),
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::from(2)
        }
    }
}

fn run(command: Command) -> Result<(), String> {
    match command {
        Command::List => {
            for name in registry::names() {
                out!("{name}")?;
            }
        }
        Command::Options { game } => {
            let game = game.game()?;
            let values = game.option_values();
            for info in game.option_info() {
                let current = values
                    .iter()
                    .find(|(k, _)| *k == info.key)
                    .map(|(_, v)| v.as_str());
                out!(
                    "{}={}  (default {}; {}) {}",
                    info.key,
                    current.unwrap_or("?"),
                    info.default,
                    info.values,
                    info.meaning
                )?;
            }
        }
        Command::Show {
            game,
            moves,
            svg,
            flip,
        } => {
            let (dyn_game, mut state) = game.start()?;
            let mut marks = Vec::new();
            // Each move played, in the game's words, for the text output.
            let mut played_lines = Vec::with_capacity(moves.len());
            for (i, mv) in moves.iter().enumerate() {
                let before = state.clone();
                let played = state.play(mv).map_err(|e| move_error(&*dyn_game, i, &e))?;
                marks = before.move_marks(&played).map_err(|e| e.to_string())?;
                let words = before
                    .describe_move(&played)
                    .unwrap_or_else(|_| played.clone());
                played_lines.push(format!(
                    "{}. {} {played}: {words}",
                    i + 1,
                    dyn_game.side_name(before.side_to_move())
                ));
            }
            let style = board_kernel::picture::SvgStyle {
                flipped: flip,
                ..Default::default()
            };
            match svg.as_deref() {
                Some("-") => {
                    use std::io::Write;
                    std::io::stdout()
                        .lock()
                        .write_all(state.svg(&marks, &style).as_bytes())
                        .map_err(|e| output_error(&e))?;
                }
                Some(path) => {
                    tower_games::files::replace_file(
                        path.as_ref(),
                        state.svg(&marks, &style).as_bytes(),
                    )
                    .map_err(|e| format!("cannot write {path}: {e}"))?;
                }
                None => {
                    out!("{}", state.position_text())?;
                    out!("{}", state.diagram().trim_end())?;
                    out!("{}", state.describe_status())?;
                    for line in &played_lines {
                        out!("{line}")?;
                    }
                }
            }
        }
        Command::Measure(args) => measure::run(&args)?,
        Command::Conformance(args) => conformance::run(&args)?,
        Command::Moves { game } => {
            let (_, state) = game.start()?;
            let mut moves = state.legal_moves();
            moves.sort();
            for mv in moves {
                out!("{mv}")?;
            }
        }
        Command::Perft {
            game,
            depth,
            divide,
            threads,
            hash,
        } => {
            let threads = usize::from(threads);
            let (_, state) = game.start()?;
            if divide {
                let mut rows = state.perft_divide(depth);
                rows.sort();
                let total: u64 = rows.iter().map(|(_, n)| n).sum();
                for (mv, n) in rows {
                    out!("{mv}: {n}")?;
                }
                out!("{total}")?;
                return Ok(());
            }
            let mut last = 1;
            for d in 1..=depth {
                let started = Instant::now();
                last = match hash {
                    Some(mb) => state.perft_hashed(d, mb as usize),
                    None if d == depth => state.perft_parallel(d, threads),
                    None => state.perft(d),
                };
                let secs = started.elapsed().as_secs_f64();
                out!(
                    "depth {d}: {last} ({secs:.3} s, {:.0} leaves/s)",
                    last as f64 / secs.max(1e-9)
                )?;
            }
            out!("{last}")?;
        }
        Command::Analyse(args) => analyse::run(&args)?,
        Command::Apply { game, moves } => {
            let (dyn_game, mut state) = game.start()?;
            for (i, mv) in moves.iter().enumerate() {
                state.play(mv).map_err(|e| move_error(&*dyn_game, i, &e))?;
            }
            out!("{}", state.position_text())?;
            out!("{}", state.diagram().trim_end())?;
            out!("{}", state.describe_status())?;
        }
        Command::Play(args) => play::run(&args)?,
        Command::Replay { file, quiet } => replay::run(&file, quiet)?,
        Command::Selfplay(args) => selfplay::run(&args)?,
        Command::Endgame(args) => endgame::run(&args)?,
        Command::Solve(args) => solve::run(&args)?,
        Command::Tournament(args) => tournament::run(&args)?,
        Command::Train(args) => train::run(&args)?,
        #[cfg(feature = "serve")]
        Command::Serve(args) => serve::run(args)?,
        Command::Ugi(args) => ugi::run(&args)?,
    }
    Ok(())
}
