//! `towers solve`: the exact value of a position with perfect play (`game_ai::solver`).

use std::time::{Duration, Instant};

use board_kernel::{Game, GameOptions};
use clap::Args;
use game_ai::distance::{FastestWin, Race, fastest_win, plies, race};
use game_ai::solver::{
    SolveConfig, Value, certificate, check_certificate, check_strategy, solve_moves, solve_or_race,
    strategy_table,
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
    /// The memory of each search, in megabytes (1 to 16384): its transposition table takes
    /// at most MB, and the line it is searching (each position from the start to the one
    /// visited, with its list of moves) at most MB more; a search that would need more
    /// answers `unknown`. (A certificate also keeps the strategy it writes.)
    #[arg(long, value_name = "MB", default_value_t = 512, value_parser = clap::value_parser!(u32).range(1..=16_384))]
    pub(crate) hash: u32,
    /// Plies searched at most below the position (1 to 2000).
    #[arg(long, default_value_t = 256, value_parser = clap::value_parser!(u32).range(1..=2_000))]
    pub(crate) max_depth: u32,
    /// Stop every search after this much wall time in all (like `90s` or `500ms`, at most a
    /// day), answering `unknown` for what is not proven by then; without it, only the
    /// positions, the depth and the memory bound a search. A search notices the time at its
    /// next position, so it may run over by the time one position's moves take to list.
    #[arg(long, value_name = "TIME", value_parser = parse_time)]
    pub(crate) max_time: Option<Duration>,
    /// Write a winning strategy for the side to move to FILE (when the position is a win;
    /// checked before writing; repeat to write both forms). FILE.tsv: a table, one line per
    /// position of the winner that the strategy reaches (its position text, a tab, the move),
    /// sorted; any other name: the winner's moves alone, one a line, in the order of a
    /// depth-first walk of every reply (the walk the file's header describes).
    #[arg(long, value_name = "FILE")]
    pub(crate) certificate: Vec<std::path::PathBuf>,
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

/// A time limit in the players' spelling (`90s`, `500ms`).
fn parse_time(text: &str) -> Result<Duration, String> {
    match text.parse::<game_ai::Budget>() {
        Ok(game_ai::Budget::Time(time)) => Ok(time),
        _ => Err(format!(
            "`{}` is not a time: write a positive number of seconds or milliseconds, like \
             `90s` or `500ms`, at most 86400s (a day)",
            board_kernel::excerpt(text)
        )),
    }
}

struct Solve<'a> {
    args: &'a SolveArgs,
}

impl GameVisitor for Solve<'_> {
    type Output = Result<(), String>;
    fn visit<G: Game>(self, game: G) -> Result<(), String> {
        let args = self.args;
        let start = crate::start_state(&game, args.game.position.as_deref())?;
        let deadline = args.max_time.map(|time| Instant::now() + time);
        let base = SolveConfig {
            max_nodes: args.max_nodes,
            table_entries: ((args.hash as usize) << 20) / ENTRY_BYTES,
            max_depth: args.max_depth,
            max_time: None,
            max_path_bytes: (args.hash as usize) << 20,
        };
        // Each search gets the time left of the command's.
        let config = || SolveConfig {
            max_time: deadline.map(|end| end.saturating_duration_since(Instant::now())),
            ..base
        };
        let started = Instant::now();
        let solution = solve_or_race(&game, &start, &config());
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
                fastest_win(&game, &start, &config())
            } else {
                race(&game, &start, me.opponent(), &config())
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
        if !args.certificate.is_empty() {
            if solution.value != Value::Win {
                return Err(format!(
                    "no certificate: the position is a {} for the side to move",
                    solution.value
                ));
            }
            let started = Instant::now();
            let lines = certificate(&game, &start, &config(), 50_000_000)
                .ok_or("no certificate within the budget")?;
            let map = lines.into_iter().collect();
            let strategy = check_certificate(&game, &start, &map)?;
            check_strategy(&game, &start, &strategy)?;
            let table = strategy_table(&game, &start, &map)?;
            for path in &args.certificate {
                let (text, lines) = if path.extension().is_some_and(|e| e == "tsv") {
                    (certificate_table(&game, &start, &table), table.len())
                } else {
                    (certificate_walk(&game, &start, &strategy), strategy.len())
                };
                tower_games::files::replace_file(path, text.as_bytes())
                    .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
                crate::out!(
                    "certificate: {lines} moves of the winner, checked, written to {} ({:.1} s)",
                    path.display(),
                    started.elapsed().as_secs_f64()
                )?;
            }
        }
        if args.moves {
            let started = Instant::now();
            let me = game.side_to_move(&start);
            for (mv, value, nodes) in solve_moves(&game, &start, &config()) {
                let speed = if args.fastest && value == Value::Win {
                    let mut child = start.clone();
                    game.play_unchecked(&mut child, &mv);
                    match race(&game, &child, me, &config()) {
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

/// The header lines both forms of a certificate start with: the root position between
/// backticks, then the game and its options.
fn certificate_header<G: Game>(game: &G, start: &G::State) -> String {
    let options: Vec<String> = game
        .options()
        .values()
        .into_iter()
        .map(|(key, value)| format!("{key}={value}"))
        .collect();
    format!(
        "# towers solve {}: a winning strategy for {} from `{start}`.\n\
         # game: {}\n\
         # options: {}\n",
        G::NAME,
        G::side_name(game.side_to_move(start)),
        G::NAME,
        options.join(" "),
    )
}

/// The certificate as the winner's moves in the order of the walk of
/// `game_ai::solver::check_strategy`, which the header spells out for a checker.
fn certificate_walk<G: Game>(game: &G, start: &G::State, strategy: &[String]) -> String {
    let winner = G::side_name(game.side_to_move(start));
    let loser = G::side_name(game.side_to_move(start).opponent());
    let mut text = certificate_header(game, start);
    text.push_str(&format!(
        "# One move of {winner} a line, in the order of a depth-first walk from that \
         position: in a position of {winner}, play the next move of this file; in a \
         position of {loser}, push the position after each legal reply on a stack, the \
         replies sorted by their text in byte order (so the last is walked first); take \
         the next position from the stack. A line that ends must end in {winner}'s win. \
         Each node is walked once and skipped when met again: a node is a position with \
         its repetition history, the positions since the last move after which none of \
         them can recur (in Kamisado, since the last actual move: a pass adds to the \
         history, a move restarts it), so a position met again with another history is \
         walked again. See game_ai::solver::check_strategy.\n"
    ));
    for mv in strategy {
        text.push_str(mv);
        text.push('\n');
    }
    text
}

/// The certificate as a table, one line per position of the winner that the strategy
/// reaches: its text, a tab, the move; sorted.
fn certificate_table<G: Game>(game: &G, start: &G::State, table: &[(String, String)]) -> String {
    let winner = G::side_name(game.side_to_move(start));
    let loser = G::side_name(game.side_to_move(start).opponent());
    let mut text = certificate_header(game, start);
    text.push_str(&format!(
        "# One line per position of {winner} that this strategy reaches from that position \
         against every reply of {loser}: the position's one-line text, a tab, {winner}'s \
         move; sorted in byte order. Check: play the listed move in every position of \
         {winner} and every legal move in every position of {loser}; every position of \
         {winner} reached must be listed, and every line must end in {winner}'s win.\n"
    ));
    for (position, mv) in table {
        text.push_str(position);
        text.push('\t');
        text.push_str(mv);
        text.push('\n');
    }
    text
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
