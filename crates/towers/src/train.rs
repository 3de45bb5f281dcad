//! `towers train`: self-play training of a game's learned player (`game_train::run`).

use std::path::PathBuf;
use std::time::Duration;

use board_kernel::Game;
use clap::Args;
use game_ai::{Budget, PlayerSpec};
use game_train::TrainConfig;
use game_train::selfplay::SelfPlayConfig;
use tower_games::record::option_pairs;
use tower_games::registry::{self, GameVisitor};

/// The arguments of `towers train`.
#[derive(Args, Debug)]
pub(crate) struct TrainArgs {
    /// The game (see `towers list`).
    game: String,
    /// Set an option, KEY=VALUE (repeatable): the weights are for these options only.
    #[arg(long = "option", short = 'o', value_name = "KEY=VALUE")]
    options: Vec<String>,
    /// Hours of training in all, counting earlier runs of a resumed folder (up to 1000).
    #[arg(long, default_value_t = 1.0)]
    hours: f64,
    /// Stop after this many generations in all, whatever the time.
    #[arg(long)]
    generations: Option<u64>,
    /// The output folder: weights, samples, state and log.
    #[arg(long, default_value = "training")]
    out: PathBuf,
    /// Go on from the folder's last generation.
    #[arg(long)]
    resume: bool,
    /// Start a new run from these weights (a `.safetensors` of this game and options, such
    /// as the shipped ones) instead of random weights; their architecture replaces
    /// --hidden and --depth. With --resume, a folder that holds a run goes on from it
    /// instead.
    #[arg(long, value_name = "FILE")]
    init: Option<PathBuf>,
    /// Seed of the initial weights, the self-play games and the batches.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Threads for self-play and evaluation (1 to 256; default: the machine's cores).
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=256))]
    threads: Option<u16>,
    /// Self-play games each generation (1 to 100000).
    #[arg(long, default_value_t = 64, value_parser = clap::value_parser!(u64).range(1..=100_000))]
    games: u64,
    /// Visits of a full (learned-from) search (1 to 100000).
    #[arg(long, default_value_t = SelfPlayConfig::default().simulations, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    simulations: u32,
    /// Visits of a short search (1 to 100000).
    #[arg(long, default_value_t = SelfPlayConfig::default().fast_simulations, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    fast_simulations: u32,
    /// Turns after which a self-play game is cut off and valued by its score (1 to 1000000).
    #[arg(long, default_value_t = SelfPlayConfig::default().max_turns, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    max_turns: u32,
    /// Each self-play game begins with 0 to N uniformly random turns (0 to 1000).
    #[arg(long, default_value_t = SelfPlayConfig::default().random_opening, value_parser = clap::value_parser!(u32).range(0..=1000))]
    random_opening: u32,
    /// Decisions at the start of each self-play game chosen in proportion to the search's
    /// visits (later ones take the most visited): variety, at the price of values learned
    /// from games played worse than the network can (0 to 1000).
    #[arg(long, default_value_t = SelfPlayConfig::default().temperature_decisions, value_parser = clap::value_parser!(u32).range(0..=1000))]
    temperature_decisions: u32,
    /// A first generation of games between these players (e.g. mcts:200) instead of
    /// self-play, learned from by imitation: a start for games whose random self-play is
    /// all draws.
    #[arg(long, value_name = "PLAYER")]
    bootstrap: Option<PlayerSpec>,
    /// After the first generation, this share of each generation's games (0 to 1) is still
    /// played by the bootstrap players.
    #[arg(long, default_value_t = 0.0)]
    bootstrap_share: f64,
    /// Width of the hidden layers (8 to 4096).
    #[arg(long, default_value_t = 192, value_parser = clap::value_parser!(u32).range(8..=4096))]
    hidden: u32,
    /// Hidden layers after the first (0 to 16).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(0..=16))]
    depth: u32,
    /// AdamW's learning rate.
    #[arg(long, default_value_t = 1e-3)]
    learning_rate: f64,
    /// Minutes between two evaluations against random, mcts:1000 and the top player.
    #[arg(long, default_value_t = 20.0)]
    eval_every: f64,
    /// Games against each evaluation opponent (0: no evaluation).
    #[arg(long, default_value_t = 20)]
    eval_games: u32,
    /// Each pair of evaluation games (colours swapped) begins from the same opening of N
    /// random moves (0 to 1000).
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u32).range(0..=1000))]
    eval_opening: u32,
    /// Milliseconds per move of the learned player and of the top player (alpha-beta) in
    /// the evaluations (1 to 600000).
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u64).range(1..=600_000))]
    eval_ms: u64,
}

struct Train<'a> {
    args: &'a TrainArgs,
    threads: usize,
}

impl GameVisitor for Train<'_> {
    type Output = Result<(), String>;
    fn visit<G: Game>(self, game: G) -> Result<(), String> {
        let args = self.args;
        let mut config = train_config(args, self.threads);
        config.command = recorded_command(std::env::args());
        let stop = crate::interrupt::requested()?;
        eprintln!(
            "training {} for {} hours on {} threads into {}",
            G::TITLE,
            args.hours,
            self.threads,
            args.out.display()
        );
        let state = game_train::run(&game, &config, stop, &mut std::io::stderr())
            .map_err(|e| e.to_string())?;
        crate::out!(
            "generation {}: {} games, {} samples, {:.2} hours ({:.2} CPU hours)",
            state.generation,
            state.games,
            state.samples,
            state.seconds / 3600.0,
            state.cpu_hours
        )
    }
}

/// The trainer's settings from the command line's arguments.
fn train_config(args: &TrainArgs, threads: usize) -> TrainConfig {
    let time = Budget::Time(Duration::from_millis(args.eval_ms));
    let mut config = TrainConfig::new(args.out.clone(), PlayerSpec::AlphaBeta(time));
    config.hours = args.hours;
    config.generations = args.generations;
    config.seed = args.seed;
    config.threads = threads;
    config.resume = args.resume;
    config.init.clone_from(&args.init);
    config.hidden = args.hidden as usize;
    config.depth = args.depth as usize;
    config.games_per_generation = args.games as usize;
    config.selfplay.simulations = args.simulations;
    config.selfplay.fast_simulations = args.fast_simulations;
    config.selfplay.max_turns = args.max_turns;
    config.selfplay.random_opening = args.random_opening;
    config.selfplay.temperature_decisions = args.temperature_decisions;
    config.bootstrap = args.bootstrap;
    config.bootstrap_share = args.bootstrap_share;
    config.learning_rate = args.learning_rate;
    config.evaluation.every_minutes = args.eval_every;
    config.evaluation.games = args.eval_games;
    config.evaluation.budget = time;
    config.evaluation.random_opening = args.eval_opening;
    config
}

/// Runs `towers train`.
pub(crate) fn run(args: &TrainArgs) -> Result<(), String> {
    if !(args.hours > 0.0 && args.hours <= 1000.0) {
        return Err(format!(
            "--hours {}: expected more than 0 and at most 1000",
            args.hours
        ));
    }
    if !(args.learning_rate > 0.0 && args.learning_rate < 1.0) {
        return Err(format!(
            "--learning-rate {}: expected between 0 and 1",
            args.learning_rate
        ));
    }
    if !(0.0..=1.0).contains(&args.bootstrap_share) {
        return Err(format!(
            "--bootstrap-share {}: expected 0 to 1",
            args.bootstrap_share
        ));
    }
    if !(args.eval_every >= 0.0 && args.eval_every.is_finite()) {
        return Err(format!(
            "--eval-every {}: expected minutes, 0 or more",
            args.eval_every
        ));
    }
    let threads = args.threads.map_or_else(
        || std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get),
        usize::from,
    );
    let pairs = option_pairs(&args.options)?;
    registry::visit(&args.game, &pairs, Train { args, threads }).map_err(|e| e.to_string())?
}

/// The command line as the weights' note records it: `towers` for the program and only the
/// last part of the paths given to `--out` and `--init`, so that shipped weights name no path
/// of the machine that trained them.
fn recorded_command(args: impl IntoIterator<Item = String>) -> String {
    const PATHS: [&str; 2] = ["--out", "--init"];
    let last_part = |path: &str| {
        std::path::Path::new(path)
            .file_name()
            .map_or_else(|| path.to_owned(), |n| n.to_string_lossy().into_owned())
    };
    let mut out = vec!["towers".to_owned()];
    let mut path_follows = false;
    for arg in args.into_iter().skip(1) {
        if path_follows {
            out.push(last_part(&arg));
            path_follows = false;
            continue;
        }
        let joined = arg.split_once('=').filter(|(flag, _)| PATHS.contains(flag));
        if let Some((flag, path)) = joined {
            out.push(format!("{flag}={}", last_part(path)));
        } else {
            path_follows = PATHS.contains(&arg.as_str());
            out.push(arg);
        }
    }
    out.join(" ")
}

#[cfg(test)]
mod tests {
    use super::{TrainArgs, recorded_command, train_config};
    use clap::Parser;

    #[derive(Parser)]
    struct Line {
        #[command(flatten)]
        args: TrainArgs,
    }

    fn parse(line: &str) -> Result<TrainArgs, clap::Error> {
        Line::try_parse_from(line.split(' ')).map(|l| l.args)
    }

    #[test]
    fn the_self_play_settings_reach_the_trainer() {
        let args = parse(
            "train kamisado --temperature-decisions 2 --random-opening 4 --simulations 200 \
             --fast-simulations 48 --games 128",
        )
        .expect("a valid line");
        let config = train_config(&args, 3);
        assert_eq!(config.selfplay.temperature_decisions, 2);
        assert_eq!(config.selfplay.random_opening, 4);
        assert_eq!(config.selfplay.simulations, 200);
        assert_eq!(config.selfplay.fast_simulations, 48);
        assert_eq!(config.games_per_generation, 128);
        assert_eq!(config.threads, 3);
        let defaults = train_config(&parse("train kamisado").expect("a valid line"), 1);
        assert_eq!(defaults.selfplay.temperature_decisions, 12);
        let refused = parse("train kamisado --temperature-decisions 1001").err();
        assert!(
            refused.is_some_and(|e| e.to_string().contains("--temperature-decisions")),
            "a count out of range is refused"
        );
    }

    #[test]
    fn the_recorded_command_names_no_path_of_the_machine() {
        for (given, recorded) in [
            (
                "/home/me/bin/towers train kamisado --out /srv/runs/kamisado --seed 1",
                "towers train kamisado --out kamisado --seed 1",
            ),
            (
                "./towers train nim --out=/tmp/x/nim-run",
                "towers train nim --out=nim-run",
            ),
            (
                "towers train kamisado --init /home/me/w/kamisado.safetensors --resume",
                "towers train kamisado --init kamisado.safetensors --resume",
            ),
            (
                "towers train kamisado --init=/w/k.safetensors",
                "towers train kamisado --init=k.safetensors",
            ),
        ] {
            assert_eq!(
                recorded_command(given.split(' ').map(String::from)),
                recorded
            );
        }
    }
}
