//! `towers tournament`: computer players measured against each other (`game_ai::tournament`).

use std::time::Duration;

use board_kernel::Game;
use clap::Args;
use game_ai::tournament::{Entrant, Sprt, TournamentConfig, ladder, round_robin, sprt};
use tower_games::record::option_pairs;
use tower_games::registry::{self, GameVisitor};
use tower_games::ugi::Computer;

use crate::GameArgs;
use crate::progress::ProgressBar;
use crate::referee::{RefereeArgs, SeatList};

/// A table of our seats, outside engines among them.
type Table = game_ai::tournament::Table<Computer>;

/// The arguments of `towers tournament`.
#[derive(Args, Debug)]
pub(crate) struct TournamentArgs {
    #[command(flatten)]
    pub(crate) game: GameArgs,
    /// The players, comma-separated (2 to 100): random, mcts[:ITERS|TIME],
    /// mcts-fresh[:ITERS|TIME] (no tree reuse), alphabeta[:DEPTH|TIME], perfect[:POSITIONS|TIME],
    /// neural[:SIMULATIONS|TIME] (the learned player), or ugi:COMMAND (an outside engine speaking UGI, its command split as a shell would;
    /// quote commas). A player given twice is told apart by its place: mcts:100#1, mcts:100#2.
    #[arg(long, num_args = 1.., required = true)]
    pub(crate) players: Vec<SeatList>,
    #[command(flatten)]
    pub(crate) referee: RefereeArgs,
    /// Games each pair plays (1 to 1000000000), the players taking White in turn; with
    /// --sprt, the most games the test may play.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=1_000_000_000))]
    pub(crate) games: u64,
    /// Play each player against the next only, the players listed weakest first: each step
    /// of the ladder is measured (from the stronger player's side) instead of every pair.
    #[arg(long, conflicts_with = "sprt")]
    pub(crate) ladder: bool,
    /// Test whether the first player is stronger than the second: H0 "ELO0 stronger"
    /// against H1 "ELO1 stronger", stopping when one is accepted (exactly two players).
    #[arg(long, value_name = "ELO0,ELO1", allow_hyphen_values = true, value_parser = parse_hypotheses)]
    pub(crate) sprt: Option<(f64, f64)>,
    /// The SPRT's chance of accepting H1 when H0 holds (0.001 to 0.5).
    #[arg(long, default_value_t = 0.05)]
    pub(crate) alpha: f64,
    /// The SPRT's chance of accepting H0 when H1 holds (0.001 to 0.5).
    #[arg(long, default_value_t = 0.05)]
    pub(crate) beta: f64,
    /// The seed: game i of a pair seeds its players from it, the pair and i.
    #[arg(long, default_value_t = 0)]
    pub(crate) seed: u64,
    /// Worker threads (1 to 256; default: the machine's cores).
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=256))]
    pub(crate) threads: Option<u16>,
    /// Stop a game after this many moves and count it an unfinished draw (1 to 100000000).
    #[arg(long, default_value_t = 20_000, value_parser = clap::value_parser!(u64).range(1..=100_000_000))]
    pub(crate) max_plies: u64,
    /// Each pair of games (colours swapped) begins from the same opening of N uniformly
    /// random moves (0 to 1000; 0: the start position).
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u32).range(0..=1000))]
    pub(crate) random_opening: u32,
    /// Stop after this long (90, 90s, 15m, 2h; up to 30 days) and report the games finished,
    /// as Ctrl-C does.
    #[arg(long, value_name = "TIME", value_parser = crate::interrupt::parse_limit)]
    pub(crate) time_limit: Option<Duration>,
}

/// The most players a tournament takes. A round robin of n players has n(n-1)/2 pairs, each
/// a line of the pair table and at least one game: 100 players make 4,950 pairs, already more
/// lines than anyone reads and hours of games with any searching player, while the memory
/// the pairs take stays under a megabyte. Larger fields are better measured as ladders or in
/// groups.
pub(crate) const MAX_PLAYERS: usize = 100;

/// The players' names in the tables: each spec, and `#k` after it when the spec is given more
/// than once (the k-th of them), so that equal specs are told apart.
fn player_names(players: &[Computer]) -> Vec<String> {
    let specs: Vec<String> = players.iter().map(Computer::to_string).collect();
    specs
        .iter()
        .enumerate()
        .map(|(k, spec)| {
            let same = |other: &&String| *other == spec;
            if specs.iter().filter(same).count() > 1 {
                format!("{spec}#{}", specs[..=k].iter().filter(same).count())
            } else {
                spec.clone()
            }
        })
        .collect()
}

struct Tournament<'a> {
    args: &'a TournamentArgs,
    players: Vec<Computer>,
    config: TournamentConfig,
    test: Option<Sprt>,
    names: Vec<String>,
}

/// A time per move for people: microseconds, milliseconds or seconds.
fn per_move(time: Duration) -> String {
    let secs = time.as_secs_f64();
    if secs < 1e-3 {
        format!("{:.0} µs", secs * 1e6)
    } else if secs < 1.0 {
        format!("{:.1} ms", secs * 1e3)
    } else {
        format!("{secs:.2} s")
    }
}

fn threads(n: usize) -> String {
    if n == 1 {
        "1 thread".to_owned()
    } else {
        format!("{n} threads")
    }
}

/// The width of the players' column: the longest name, at least 6.
fn name_width(names: &[String]) -> usize {
    names.iter().map(String::len).max().unwrap_or(6).max(6)
}

fn print_table(table: &Table, names: &[String]) -> Result<(), String> {
    let name = |k: usize| &names[k];
    let width = name_width(names);
    crate::out!(
        "{:<4} {:<width$} {:>8} {:>7}  {:<18} {:>10}",
        "rank",
        "player",
        "points",
        "score",
        "won drawn lost",
        "time/move"
    )?;
    for (rank, k) in table.ranking().into_iter().enumerate() {
        let e: &Entrant<Computer> = &table.entrants[k];
        crate::out!(
            "{:<4} {:<width$} {:>8.1} {:>6.1}%  {:<18} {:>10}",
            rank + 1,
            name(k),
            e.points(),
            100.0 * e.tally.score(),
            e.tally.to_string(),
            per_move(e.time_per_move())
        )?;
    }
    crate::out!("")?;
    let pair_width = 2 * width + 4;
    crate::out!(
        "{:<pair_width$} {:<18} {:>7}  Elo of the first (95% interval)",
        "pair",
        "first's results",
        "score"
    )?;
    for pair in &table.pairs {
        let label = format!("{} vs {}", name(pair.first), name(pair.second));
        let unfinished = if pair.tally.unfinished > 0 {
            format!("  ({} unfinished)", pair.tally.unfinished)
        } else {
            String::new()
        };
        crate::out!(
            "{label:<pair_width$} {:<18} {:>6.1}%  {}{unfinished}",
            pair.tally.to_string(),
            100.0 * pair.tally.score(),
            pair.tally.elo()
        )?;
    }
    Ok(())
}

fn print_ladder(table: &Table, names: &[String]) -> Result<(), String> {
    let name = |k: usize| &names[k];
    let width = name_width(names);
    let step_width = 2 * width + 6;
    crate::out!(
        "{:<step_width$} {:<18} {:>7}  Elo of the step (95% interval)",
        "step",
        "stronger's results",
        "score"
    )?;
    for pair in &table.pairs {
        // The stronger player is the second of a ladder pair.
        let tally = pair.tally.reversed();
        let unfinished = if tally.unfinished > 0 {
            format!("  ({} unfinished)", tally.unfinished)
        } else {
            String::new()
        };
        crate::out!(
            "{:<step_width$} {:<18} {:>6.1}%  {}{unfinished}",
            format!("{} over {}", name(pair.second), name(pair.first)),
            tally.to_string(),
            100.0 * tally.score(),
            tally.elo()
        )?;
    }
    crate::out!("")?;
    crate::out!("{:<width$} {:>10}", "player", "time/move")?;
    for (k, entrant) in table.entrants.iter().enumerate() {
        crate::out!(
            "{:<width$} {:>10}",
            name(k),
            per_move(entrant.time_per_move())
        )?;
    }
    Ok(())
}

impl GameVisitor for Tournament<'_> {
    type Output = Result<(), String>;
    fn visit<G: Game>(self, game: G) -> Result<(), String> {
        let args = self.args;
        let config = self.config;
        let start = crate::start_state(&game, args.game.position.as_deref())?;
        let players = &self.players;
        for player in players {
            player.check(&game)?;
        }
        let names = &self.names;
        if let Some(test) = self.test {
            crate::out!(
                "{}: SPRT of {} against {}, H0 Elo {:+} against H1 Elo {:+}, alpha {} beta {}, at most {} games, seed {}, {}",
                G::TITLE,
                names[0],
                names[1],
                test.elo0,
                test.elo1,
                test.alpha,
                test.beta,
                config.games_per_pair,
                config.seed,
                threads(config.threads)
            )?;
            let rounds = config
                .games_per_pair
                .div_ceil(game_ai::tournament::SPRT_ROUND);
            let bar = ProgressBar::new(rounds * game_ai::tournament::SPRT_ROUND);
            let outcome = sprt(
                &game,
                &start,
                [players[0].clone(), players[1].clone()],
                &test,
                &tower_games::knowledge::knowledge(&game),
                &config,
                &|done, llr| bar.update(done, &format!(", LLR {llr:+.2}")),
            );
            let secs = bar.seconds();
            let early = crate::interrupt::stopped_early();
            if early.is_some() {
                bar.stopped(outcome.entrants[0].tally.games());
            }
            let (lower, upper) = test.bounds();
            let [first, second] = &outcome.entrants;
            crate::out!(
                "{} (LLR {:+.2}, bounds {lower:+.2} and {upper:+.2}) after {} games",
                outcome.verdict,
                outcome.llr,
                first.tally.games()
            )?;
            crate::out!(
                "{}: {}, score {:.1}%, Elo {}",
                names[0],
                first.tally,
                100.0 * first.tally.score(),
                first.tally.elo()
            )?;
            crate::out!(
                "time per move: {} {}, {} {}",
                names[0],
                per_move(first.time_per_move()),
                names[1],
                per_move(second.time_per_move())
            )?;
            crate::out!(
                "{:.1} plies a game, {secs:.2} s",
                outcome.plies as f64 / first.tally.games().max(1) as f64
            )?;
            return crate::series_end(early, first.tally.games(), config.games_per_pair);
        }
        let (kind, pairs) = if args.ladder {
            ("ladder", players.len() - 1)
        } else {
            ("round robin", players.len() * (players.len() - 1) / 2)
        };
        crate::out!(
            "{}: {kind} of {} players, {} games a pair with colours alternating, seed {}, {}",
            G::TITLE,
            players.len(),
            config.games_per_pair,
            config.seed,
            threads(config.threads)
        )?;
        let bar = ProgressBar::new(config.games_per_pair * pairs as u64);
        let progress = |done: u64| bar.update(done, "");
        let knowledge = tower_games::knowledge::knowledge(&game);
        let table = if args.ladder {
            ladder(&game, &start, players, &knowledge, &config, &progress)
        } else {
            round_robin(&game, &start, players, &knowledge, &config, &progress)
        };
        let secs = bar.seconds();
        let early = crate::interrupt::stopped_early();
        if early.is_some() {
            bar.stopped(table.games);
        }
        if args.ladder {
            print_ladder(&table, names)?;
        } else {
            print_table(&table, names)?;
        }
        crate::out!(
            "{} games, {:.1} plies a game, {secs:.2} s",
            table.games,
            table.plies as f64 / table.games.max(1) as f64
        )?;
        crate::series_end(early, table.games, config.games_per_pair * pairs as u64)
    }
}

/// Reads `ELO0,ELO1`: two Elo differences from -2000 to 2000, the first smaller.
fn parse_hypotheses(text: &str) -> Result<(f64, f64), String> {
    let excerpt = board_kernel::excerpt(text);
    let expected = || format!("`{excerpt}`: expected ELO0,ELO1, two numbers like 0,50");
    let (a, b) = text.split_once(',').ok_or_else(expected)?;
    let number = |t: &str| t.trim().parse::<f64>().map_err(|_| expected());
    let (elo0, elo1) = (number(a)?, number(b)?);
    if !(elo0.is_finite() && elo1.is_finite() && elo0.abs() <= 2000.0 && elo1.abs() <= 2000.0) {
        return Err(format!(
            "`{excerpt}`: Elo differences must be from -2000 to 2000"
        ));
    }
    if elo0 >= elo1 {
        return Err(format!(
            "`{excerpt}`: ELO0 must be smaller than ELO1 (H1 claims more strength than H0)"
        ));
    }
    Ok((elo0, elo1))
}

/// Runs `towers tournament`.
pub(crate) fn run(args: &TournamentArgs) -> Result<(), String> {
    let players: Vec<Computer> = args
        .players
        .iter()
        .flat_map(|list| list.0.iter().map(|seat| args.referee.timed(seat.clone())))
        .collect();
    if players.len() < 2 {
        return Err("a tournament needs at least two players (--players A,B,...)".to_owned());
    }
    if players.len() > MAX_PLAYERS {
        return Err(format!(
            "{} players: a tournament takes at most {MAX_PLAYERS}",
            players.len()
        ));
    }
    let test = match args.sprt {
        None => None,
        Some((elo0, elo1)) => {
            if players.len() != 2 {
                return Err(format!(
                    "--sprt tests one player against another: give exactly two players, not {}",
                    players.len()
                ));
            }
            for (name, rate) in [("--alpha", args.alpha), ("--beta", args.beta)] {
                if !(0.001..=0.5).contains(&rate) {
                    return Err(format!("{name} {rate}: must be from 0.001 to 0.5"));
                }
            }
            Some(Sprt {
                elo0,
                elo1,
                alpha: args.alpha,
                beta: args.beta,
            })
        }
    };
    let threads = args.threads.map_or_else(
        || std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get),
        usize::from,
    );
    let config = TournamentConfig {
        games_per_pair: args.games,
        seed: args.seed,
        threads,
        max_plies: usize::try_from(args.max_plies).unwrap_or(usize::MAX),
        stop: crate::interrupt::series_stop(args.time_limit)?,
        random_opening: args.random_opening,
    };
    let pairs = option_pairs(&args.game.options)?;
    crate::referee::check(&players)?;
    let names = player_names(&players);
    let tournament = Tournament {
        args,
        players,
        config,
        test,
        names,
    };
    registry::visit(&args.game.game, &pairs, tournament).map_err(|e| e.to_string())?
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_specs_are_named_apart() {
        let players: Vec<Computer> = ["mcts:100", "random", "mcts:100", "mcts:200", "mcts:100"]
            .iter()
            .map(|t| t.parse().unwrap())
            .collect();
        assert_eq!(
            player_names(&players),
            [
                "mcts:100#1",
                "random",
                "mcts:100#2",
                "mcts:200",
                "mcts:100#3"
            ]
        );
    }
}
