//! `towers solve`: the exact value of a position with perfect play (`game_ai::solver`).

use std::time::Instant;

use board_kernel::Game;
use clap::Args;
use game_ai::distance::{FastestWin, Race, fastest_win, plies, race};
use game_ai::solver::{
    SolveConfig, Value, certificate, check_certificate, check_strategy, solve_moves, solve_or_race,
};
use tower_games::record::option_pairs;
use tower_games::registry::{self, GameVisitor};

use crate::GameArgs;

/// The arguments of `towers solve`.
#[derive(Args, Debug)]
pub(crate) struct SolveArgs {
    #[command(flatten)]
    pub(crate) game: GameArgs,
    /// Positions each search visits at most before answering `unknown` (1 to 10^12): the
    /// solver, then, if it gives up, each side's race for a forced win.
    #[arg(long, default_value_t = 100_000_000, value_parser = clap::value_parser!(u64).range(1..=1_000_000_000_000))]
    pub(crate) max_nodes: u64,
    /// Transposition-table size in megabytes (1 to 16384).
    #[arg(long, value_name = "MB", default_value_t = 512, value_parser = clap::value_parser!(u32).range(1..=16_384))]
    pub(crate) hash: u32,
    /// Plies searched at most below the position (1 to 2000).
    #[arg(long, default_value_t = 256, value_parser = clap::value_parser!(u32).range(1..=2_000))]
    pub(crate) max_depth: u32,
    /// Write a winning strategy for the side to move to FILE: the winner's moves in the
    /// order of a depth-first walk of every reply (when the position is a win; checked before
    /// writing).
    #[arg(long, value_name = "FILE")]
    pub(crate) certificate: Option<std::path::PathBuf>,
    /// Also give the value of every legal move (one shared table; each move on its own
    /// budget of positions).
    #[arg(long)]
    pub(crate) moves: bool,
    /// Also find how fast a win is: the length in plies of the fastest forced win against
    /// the longest defence, with a line of it (with --moves, for every winning move); in a
    /// lost position, how long the loss can be held off.
    #[arg(long)]
    pub(crate) fastest: bool,
}

/// Bytes a table entry takes, with the map's overhead.
const ENTRY_BYTES: usize = 40;

struct Solve<'a> {
    args: &'a SolveArgs,
}

impl GameVisitor for Solve<'_> {
    type Output = Result<(), String>;
    fn visit<G: Game>(self, game: G) -> Result<(), String> {
        let args = self.args;
        let start = crate::start_state(&game, args.game.position.as_deref())?;
        let config = SolveConfig {
            max_nodes: args.max_nodes,
            table_entries: ((args.hash as usize) << 20) / ENTRY_BYTES,
            max_depth: args.max_depth,
        };
        let started = Instant::now();
        let solution = solve_or_race(&game, &start, &config);
        let secs = started.elapsed().as_secs_f64();
        crate::out!("{}", solution.value)?;
        if solution.value != Value::Unknown {
            let line: Vec<String> = solution.line.iter().map(ToString::to_string).collect();
            crate::out!(
                "line ({} moves): {}",
                line.len(),
                if line.is_empty() {
                    "-".to_owned()
                } else {
                    line.join(" ")
                }
            )?;
        }
        crate::out!(
            "{} for {} to move; {} positions in {secs:.2} s",
            solution.value,
            G::side_name(game.side_to_move(&start)),
            solution.nodes
        )?;
        if args.fastest && matches!(solution.value, Value::Win | Value::Loss) {
            // A win as fast as it can be forced; a loss as late as it can be held off.
            let me = game.side_to_move(&start);
            let started = Instant::now();
            let found = if solution.value == Value::Win {
                fastest_win(&game, &start, &config)
            } else {
                race(&game, &start, me.opponent(), &config)
            };
            let line: Vec<String> = found.line.iter().map(ToString::to_string).collect();
            let outcome = match (solution.value, found.outcome) {
                (Value::Loss, Race::WinIn(n)) => format!("loss in {}", plies(n)),
                (Value::Loss, other) => format!("{other} for {}", G::side_name(me.opponent())),
                (_, other) => other.to_string(),
            };
            crate::out!(
                "fastest: {outcome} ({} positions in {:.2} s){}{}",
                found.nodes,
                started.elapsed().as_secs_f64(),
                if line.is_empty() { "" } else { ": " },
                line.join(" ")
            )?;
        }
        if let Some(path) = &args.certificate {
            if solution.value != Value::Win {
                return Err(format!(
                    "no certificate: the position is a {} for the side to move",
                    solution.value
                ));
            }
            let started = Instant::now();
            let lines = certificate(&game, &start, &config, 50_000_000)
                .ok_or("no certificate within the budget")?;
            let map = lines.iter().cloned().collect();
            let strategy = check_certificate(&game, &start, &map)?;
            check_strategy(&game, &start, &strategy)?;
            let mut text = format!(
                "# towers solve {}: a winning strategy for {} from `{start}`.\n\
                 # One move of the winner a line, in the order of a depth-first walk of every \
                 reply (children in the engine's move order on a stack, each position and \
                 history once); see game_ai::solver::check_strategy.\n",
                G::NAME,
                G::side_name(game.side_to_move(&start)),
            );
            for mv in &strategy {
                text.push_str(mv);
                text.push('\n');
            }
            tower_games::files::replace_file(path, text.as_bytes())
                .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
            crate::out!(
                "certificate: {} moves of the winner, checked, written to {} ({:.1} s)",
                strategy.len(),
                path.display(),
                started.elapsed().as_secs_f64()
            )?;
        }
        if args.moves {
            let started = Instant::now();
            let me = game.side_to_move(&start);
            for (mv, value, nodes) in solve_moves(&game, &start, &config) {
                let speed = if args.fastest && value == Value::Win {
                    let mut child = start.clone();
                    game.play_unchecked(&mut child, &mv);
                    match race(&game, &child, me, &config) {
                        found @ FastestWin {
                            outcome: Race::WinIn(n),
                            ..
                        } => format!(
                            ", in {} ({} positions): {mv} {}",
                            plies(n + 1),
                            found.nodes,
                            found
                                .line
                                .iter()
                                .map(ToString::to_string)
                                .collect::<Vec<_>>()
                                .join(" ")
                        ),
                        found => format!(", fastest: {}", found.outcome),
                    }
                } else {
                    String::new()
                };
                crate::out!(
                    "{mv}: {value}{speed} ({nodes} positions so far, {:.1} s)",
                    started.elapsed().as_secs_f64()
                )?;
            }
        }
        Ok(())
    }
}

/// Runs `towers solve`, on a thread with room for the deepest search allowed.
pub(crate) fn run(args: &SolveArgs) -> Result<(), String> {
    let pairs = option_pairs(&args.game.options)?;
    std::thread::scope(|scope| {
        std::thread::Builder::new()
            .stack_size(256 << 20)
            .spawn_scoped(scope, || {
                registry::visit(&args.game.game, &pairs, Solve { args })
                    .map_err(|e| e.to_string())?
            })
            .map_err(|e| format!("cannot start the solver: {e}"))?
            .join()
            .map_err(|_| "the solver stopped unexpectedly".to_owned())?
    })
}
