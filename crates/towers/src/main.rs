//! `towers`: list, inspect, count and play every game of the workspace from the command line.

use std::process::ExitCode;
use std::time::Instant;

use board_kernel::erased::{DynGame, DynState};
use board_kernel::options::split_setting;
use clap::{Args, Parser, Subcommand};
use towers::registry;

mod play;
mod replay;
mod selfplay;

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
    /// Print the legal moves of a position, one a line, sorted.
    Moves {
        #[command(flatten)]
        game: GameArgs,
    },
    /// Count the leaves of the move tree to DEPTH; the last line is the count.
    Perft {
        #[command(flatten)]
        game: GameArgs,
        /// Depth in plies (whole turns).
        depth: u32,
        /// Show the count below each first move instead of the depth-by-depth lines.
        #[arg(long)]
        divide: bool,
        /// Worker threads for the deepest count.
        #[arg(long, default_value_t = 1)]
        threads: usize,
    },
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
}

type GameAndState = (Box<dyn DynGame>, Box<dyn DynState>);

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
        let mut pairs = Vec::new();
        for setting in &self.options {
            let (k, v) = split_setting(setting).map_err(|e| e.to_string())?;
            pairs.push((k.trim().to_owned(), v.trim().to_owned()));
        }
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

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli.command) {
        Ok(()) => ExitCode::SUCCESS,
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
                println!("{name}");
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
                println!(
                    "{}={}  (default {}; {}) {}",
                    info.key,
                    current.unwrap_or("?"),
                    info.default,
                    info.values,
                    info.meaning
                );
            }
        }
        Command::Moves { game } => {
            let (_, state) = game.start()?;
            let mut moves = state.legal_moves();
            moves.sort();
            for mv in moves {
                println!("{mv}");
            }
        }
        Command::Perft {
            game,
            depth,
            divide,
            threads,
        } => {
            let (_, state) = game.start()?;
            if divide {
                let mut rows = state.perft_divide(depth);
                rows.sort();
                let total: u64 = rows.iter().map(|(_, n)| n).sum();
                for (mv, n) in rows {
                    println!("{mv}: {n}");
                }
                println!("{total}");
                return Ok(());
            }
            let mut last = 1;
            for d in 1..=depth {
                let started = Instant::now();
                last = if d == depth {
                    state.perft_parallel(d, threads.max(1))
                } else {
                    state.perft(d)
                };
                let secs = started.elapsed().as_secs_f64();
                println!(
                    "depth {d}: {last} ({secs:.3} s, {:.0} leaves/s)",
                    last as f64 / secs.max(1e-9)
                );
            }
            println!("{last}");
        }
        Command::Apply { game, moves } => {
            let (game, mut state) = game.start()?;
            for (i, mv) in moves.iter().enumerate() {
                state
                    .play(mv)
                    .map_err(|e| format!("move {} (`{mv}`): {e}", i + 1))?;
            }
            println!("{}", state.position_text());
            println!("{}", state.diagram().trim_end());
            println!("{}", towers::describe_status(game.as_ref(), state.as_ref()));
        }
        Command::Play(args) => play::run(&args)?,
        Command::Replay { file, quiet } => replay::run(&file, quiet)?,
        Command::Selfplay(args) => selfplay::run(&args)?,
    }
    Ok(())
}
