//! The training run: generations of self-play with the current weights, training on the
//! replay buffer, a checkpoint after each, and now and then a match against fixed opponents,
//! all written to an output folder from which a killed run resumes.
//!
//! The folder holds `latest.safetensors` (the weights), `state.json` (the generation, the
//! counts and the time spent), `samples/` (each generation's samples, the replay buffer's
//! source on resuming), `log.csv` (a row per generation) and a snapshot
//! `gen-NNNN.safetensors` every [`TrainConfig::snapshot_every`] generations. On resuming, the
//! optimiser's moments start afresh (candle keeps them in memory only); everything else
//! continues.

use std::fmt::Write as _;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use board_kernel::{BySide, Game, Side, SplitMix64, Status};
use candle_nn::{AdamW, Optimizer, ParamsAdamW};
use game_ai::puct::{Puct, PuctConfig};
use game_ai::tournament::WinDrawLoss;
use game_ai::{Budget, Player, PlayerSpec};
use game_net::{NetEvaluator, NetMeta, Network, WeightsFile};
use serde::{Deserialize, Serialize};

use crate::TrainError;
use crate::model::{Losses, Model};
use crate::samples::{Replay, Sample};
use crate::selfplay::{GameRecord, SelfPlayConfig, play_game, play_teacher_game};

/// An opponent of the periodic evaluation: its name in the log and its spec.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opponent {
    /// The log's column name (`random`, `mcts1000`, `top`).
    pub column: String,
    /// The player.
    pub spec: PlayerSpec,
}

/// How the network's strength is measured during training.
#[derive(Clone, Debug, PartialEq)]
pub struct EvalConfig {
    /// Minutes of training between two evaluations (the first after the first generation).
    pub every_minutes: f64,
    /// Games against each opponent (colours alternating).
    pub games: u32,
    /// The learned player's budget in these games.
    pub budget: Budget,
    /// The opponents.
    pub opponents: Vec<Opponent>,
    /// Moves after which an evaluation game counts as a draw.
    pub max_plies: usize,
    /// Each pair of evaluation games (colours swapped) begins from the same opening of this
    /// many random whole moves (0: the start position).
    pub random_opening: u32,
}

/// Everything a training run is set up with.
#[derive(Clone, Debug, PartialEq)]
pub struct TrainConfig {
    /// Where the weights, samples, state and log go.
    pub out: PathBuf,
    /// Wall-clock hours to train (counting earlier runs of a resumed folder).
    pub hours: f64,
    /// Stops after this many generations (counting earlier runs), whatever the time.
    pub generations: Option<u64>,
    /// Seeds the initial weights, the self-play games and the batches.
    pub seed: u64,
    /// Threads for self-play and evaluation (training uses candle's threads).
    pub threads: usize,
    /// Goes on from the folder's state instead of starting afresh.
    pub resume: bool,
    /// A new run (not one resumed) starts from these weights instead of random ones,
    /// counting generations on from theirs: how a run goes on from shipped weights when its
    /// folder (the replay buffer, the optimiser) is gone. The architecture is the file's.
    pub init: Option<PathBuf>,
    /// Width of the hidden layers.
    pub hidden: usize,
    /// Hidden layers after the first.
    pub depth: usize,
    /// Width of the value head's hidden layer.
    pub value_hidden: usize,
    /// The self-play searches.
    pub selfplay: SelfPlayConfig,
    /// Self-play games each generation.
    pub games_per_generation: usize,
    /// Samples in a training batch.
    pub batch_size: usize,
    /// AdamW's learning rate.
    pub learning_rate: f64,
    /// AdamW's weight decay.
    pub weight_decay: f64,
    /// Samples drawn for training per new sample.
    pub sample_reuse: f64,
    /// The replay buffer's capacity, in samples.
    pub replay_capacity: usize,
    /// Generations between two snapshots of the weights.
    pub snapshot_every: u64,
    /// The strength measurements.
    pub evaluation: EvalConfig,
    /// A first generation of games between these players instead of self-play, learned
    /// from by imitation (the steps they played) and their results: a start for games whose
    /// random self-play is all draws. `None`: self-play from the first generation.
    pub bootstrap: Option<PlayerSpec>,
    /// After the first generation, this share of each generation's games is still played
    /// by the bootstrap players (0 to 1): in a game where the untrained network settles for
    /// quick draws (Seven Sages' repetitions at 0–0), their decisive games keep showing what
    /// scores.
    pub bootstrap_share: f64,
    /// The command line, written into the weights' note.
    pub command: String,
}

impl TrainConfig {
    /// The defaults for a run writing to `out`, with `top` as the strongest opponent of the
    /// evaluations.
    #[must_use]
    pub fn new(out: PathBuf, top: PlayerSpec) -> TrainConfig {
        TrainConfig {
            out,
            hours: 1.0,
            generations: None,
            seed: 1,
            threads: 2,
            resume: false,
            init: None,
            hidden: 192,
            depth: 1,
            value_hidden: 64,
            selfplay: SelfPlayConfig::default(),
            games_per_generation: 64,
            batch_size: 256,
            learning_rate: 1e-3,
            weight_decay: 1e-4,
            sample_reuse: 4.0,
            replay_capacity: 200_000,
            snapshot_every: 10,
            evaluation: EvalConfig {
                every_minutes: 20.0,
                games: 20,
                budget: Budget::Time(std::time::Duration::from_millis(100)),
                opponents: vec![
                    Opponent {
                        column: "random".into(),
                        spec: PlayerSpec::Random,
                    },
                    Opponent {
                        column: "mcts1000".into(),
                        spec: PlayerSpec::Mcts(Budget::Count(1000)),
                    },
                    Opponent {
                        column: "top".into(),
                        spec: top,
                    },
                ],
                max_plies: 2000,
                random_opening: 0,
            },
            command: String::new(),
            bootstrap: None,
            bootstrap_share: 0.0,
        }
    }
}

/// Where a run stands: `state.json`.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct RunState {
    /// Generations completed.
    pub generation: u64,
    /// Self-play games played.
    pub games: u64,
    /// Samples kept.
    pub samples: u64,
    /// Wall-clock seconds of training so far.
    pub seconds: f64,
    /// CPU hours so far (wall time times the threads kept busy).
    pub cpu_hours: f64,
    /// When the last evaluation was made, in seconds of training.
    pub evaluated_at: f64,
    /// The seed of the run.
    pub seed: u64,
}

/// One row of `log.csv`.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct LogRow {
    /// The generation.
    pub generation: u64,
    /// Wall-clock seconds of training.
    pub seconds: f64,
    /// CPU hours.
    pub cpu_hours: f64,
    /// Self-play games so far.
    pub games: u64,
    /// Samples so far.
    pub samples: u64,
    /// Mean turns of this generation's games.
    pub turns: f64,
    /// Share of this generation's games won by White.
    pub white_wins: f64,
    /// Mean training losses of this generation.
    pub losses: Losses,
    /// Evaluation scores, by opponent column (empty when not evaluated).
    pub scores: Vec<(String, f64, u64)>,
}

/// The columns of `log.csv`, before the evaluation scores.
const LOG_HEADER: &str =
    "generation,seconds,cpu_hours,games,samples,turns,white_wins,policy_loss,value_loss";

impl LogRow {
    fn csv(&self, opponents: &[Opponent]) -> String {
        let mut line = format!(
            "{},{:.0},{:.3},{},{},{:.1},{:.3},{:.4},{:.4}",
            self.generation,
            self.seconds,
            self.cpu_hours,
            self.games,
            self.samples,
            self.turns,
            self.white_wins,
            self.losses.policy,
            self.losses.value
        );
        for o in opponents {
            match self.scores.iter().find(|s| s.0 == o.column) {
                Some((_, score, games)) => {
                    let _ = write!(line, ",{score:.3},{games}");
                }
                None => line.push_str(",,"),
            }
        }
        line
    }
}

/// Runs (or resumes) a training run of `game`, printing progress on `progress` (stderr in
/// `towers train`) until the hours are spent or `stop` is raised. Returns the final state.
pub fn run<G: Game>(
    game: &G,
    config: &TrainConfig,
    stop: &AtomicBool,
    progress: &mut dyn std::io::Write,
) -> Result<RunState, TrainError> {
    std::fs::create_dir_all(config.out.join("samples"))?;
    let spec = game.observation_spec();
    let factors: Vec<f32> = spec
        .factors()
        .into_iter()
        .flat_map(|f| std::iter::repeat_n(f, spec.area()))
        .collect();
    let actions = board_kernel::observe::ActionSpace::of(game).len();
    let latest = config.out.join("latest.safetensors");
    let state_path = config.out.join("state.json");
    let log_path = config.out.join("log.csv");
    let resumed = config.resume && latest.exists() && state_path.exists();
    let (mut model, mut state) = if resumed {
        let file = WeightsFile::read(&std::fs::read(&latest)?)?;
        file.meta.check(game)?;
        let state: RunState = serde_json::from_str(&std::fs::read_to_string(&state_path)?)
            .map_err(|e| TrainError::Samples(format!("{}: {e}", state_path.display())))?;
        (Model::from_file(&file)?, state)
    } else {
        if config.resume {
            writeln!(
                progress,
                "nothing to resume in {}: starting afresh",
                config.out.display()
            )?;
        }
        let mut state = RunState {
            seed: config.seed,
            ..RunState::default()
        };
        let model = match &config.init {
            Some(path) => {
                let refused = |why: String| TrainError::Init(format!("{}: {why}", path.display()));
                let bytes = std::fs::read(path).map_err(|e| {
                    TrainError::Init(format!("cannot read {}: {e}", path.display()))
                })?;
                let file = WeightsFile::read(&bytes).map_err(|e| refused(e.to_string()))?;
                file.meta.check(game).map_err(|e| refused(e.to_string()))?;
                state.generation = file.meta.generation;
                writeln!(
                    progress,
                    "starting from {} (generation {}, {} hidden units, {} more layers)",
                    path.display(),
                    file.meta.generation,
                    file.meta.hidden,
                    file.meta.depth
                )?;
                Model::from_file(&file)?
            }
            None => {
                let meta =
                    NetMeta::for_game(game, config.hidden, config.depth, config.value_hidden);
                Model::new(meta, config.seed)?
            }
        };
        std::fs::write(&log_path, log_header(&config.evaluation.opponents))?;
        (model, state)
    };
    let mut replay = Replay::new(config.replay_capacity);
    if resumed && state.generation > 0 {
        let mut generation = state.generation;
        let mut loaded = Vec::new();
        while generation > 0 && loaded.iter().map(Vec::len).sum::<usize>() < config.replay_capacity
        {
            generation -= 1;
            let path = samples_path(&config.out, generation);
            if !path.exists() {
                break;
            }
            loaded.push(Replay::read_file(&path, spec.len(), actions)?);
        }
        for samples in loaded.into_iter().rev() {
            replay.extend(samples);
        }
        writeln!(
            progress,
            "resuming {} at generation {} ({} samples in the buffer)",
            G::NAME,
            state.generation,
            replay.len()
        )?;
    }
    let mut optimiser = AdamW::new(
        model.vars(),
        ParamsAdamW {
            lr: config.learning_rate,
            weight_decay: config.weight_decay,
            ..ParamsAdamW::default()
        },
    )?;
    let mut rng = SplitMix64::new(config.seed ^ state.generation.wrapping_mul(0x9e37_79b9));
    let limit = config.hours * 3600.0;
    while state.seconds < limit
        && config.generations.is_none_or(|g| state.generation < g)
        && !stop.load(Ordering::Relaxed)
    {
        let began = Instant::now();
        let network = Arc::new(Network::from_file(&model.to_file()?)?);
        // Self-play.
        let records = self_play(game, &network, config, state.generation, stop, progress)?;
        if records.is_empty() {
            break;
        }
        let mut samples: Vec<Sample> = Vec::new();
        let (mut turns, mut white_wins) = (0u64, 0.0);
        for r in &records {
            turns += u64::from(r.turns);
            white_wins += f64::from(u8::from(r.white > 0.0));
            samples.extend(r.samples.iter().cloned());
        }
        Replay::write_file(&samples_path(&config.out, state.generation), &samples)?;
        let new = samples.len();
        replay.extend(samples);
        // Training.
        let steps = ((new as f64 * config.sample_reuse) / config.batch_size as f64).ceil() as usize;
        let mut sums = Losses::default();
        for step in 0..steps {
            let [inputs, masks, targets, outcomes] =
                replay.batch(config.batch_size, &factors, actions, &mut rng)?;
            let (loss, losses) = model.loss(&inputs, &masks, &targets, &outcomes)?;
            optimiser.backward_step(&loss)?;
            sums.policy += losses.policy;
            sums.value += losses.value;
            if step % 8 == 0 {
                write!(
                    progress,
                    "\rgen {} | training step {}/{} | loss {:.3} + {:.3}      ",
                    state.generation,
                    step + 1,
                    steps,
                    losses.policy,
                    losses.value
                )?;
                progress.flush()?;
            }
        }
        let mean = Losses {
            policy: sums.policy / steps.max(1) as f32,
            value: sums.value / steps.max(1) as f32,
        };
        state.generation += 1;
        state.games += records.len() as u64;
        state.samples += new as u64;
        let seconds = began.elapsed().as_secs_f64();
        state.seconds += seconds;
        state.cpu_hours += seconds * config.threads as f64 / 3600.0;
        model.set_generation(
            state.generation,
            format!(
                "{}; generation {}, {:.2} hours, {} games, seed {}",
                config.command,
                state.generation,
                state.seconds / 3600.0,
                state.games,
                state.seed
            ),
        );
        let file = model.to_file()?;
        write_atomically(&latest, &file.write()?)?;
        if state
            .generation
            .is_multiple_of(config.snapshot_every.max(1))
        {
            write_atomically(
                &config
                    .out
                    .join(format!("gen-{:04}.safetensors", state.generation)),
                &file.write()?,
            )?;
        }
        let mut row = LogRow {
            generation: state.generation,
            seconds: state.seconds,
            cpu_hours: state.cpu_hours,
            games: state.games,
            samples: state.samples,
            turns: turns as f64 / records.len() as f64,
            white_wins: white_wins / records.len() as f64,
            losses: mean,
            scores: Vec::new(),
        };
        let due = state.generation == 1
            || state.seconds - state.evaluated_at >= config.evaluation.every_minutes * 60.0
            || state.seconds >= limit
            || config.generations == Some(state.generation);
        if due && !config.evaluation.opponents.is_empty() && config.evaluation.games > 0 {
            let network = Arc::new(Network::from_file(&file)?);
            let began = Instant::now();
            for opponent in &config.evaluation.opponents {
                let tally = evaluate(game, &network, opponent, config, state.generation, stop)?;
                row.scores
                    .push((opponent.column.clone(), tally.score(), tally.games()));
            }
            let spent = began.elapsed().as_secs_f64();
            state.seconds += spent;
            state.cpu_hours += spent * config.threads as f64 / 3600.0;
            state.evaluated_at = state.seconds;
        }
        append(
            &log_path,
            &format!("{}\n", row.csv(&config.evaluation.opponents)),
        )?;
        write_atomically(
            &state_path,
            serde_json::to_string_pretty(&state)
                .map_err(|e| TrainError::Samples(e.to_string()))?
                .as_bytes(),
        )?;
        let scores: Vec<String> = row
            .scores
            .iter()
            .map(|(c, s, n)| format!("{c} {:.0}% of {n}", 100.0 * s))
            .collect();
        writeln!(
            progress,
            "\rgen {} | {} games ({:.0} turns each, White won {:.0}%) | {} samples | loss {:.3} + {:.3} | {:.2} h{}{}",
            state.generation,
            state.games,
            row.turns,
            100.0 * row.white_wins,
            replay.len(),
            mean.policy,
            mean.value,
            state.seconds / 3600.0,
            if scores.is_empty() { "" } else { " | " },
            scores.join(", ")
        )?;
    }
    Ok(state)
}

/// The header of `log.csv` for these opponents.
fn log_header(opponents: &[Opponent]) -> String {
    let mut header = LOG_HEADER.to_owned();
    for o in opponents {
        let _ = write!(header, ",score_{0},games_{0}", o.column);
    }
    header.push('\n');
    header
}

fn samples_path(out: &Path, generation: u64) -> PathBuf {
    out.join("samples").join(format!("gen-{generation:04}.bin"))
}

fn write_atomically(path: &Path, bytes: &[u8]) -> Result<(), TrainError> {
    let temporary = path.with_extension("partial");
    std::fs::write(&temporary, bytes)?;
    std::fs::rename(&temporary, path)?;
    Ok(())
}

fn append(path: &Path, text: &str) -> Result<(), TrainError> {
    let mut file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)?;
    file.write_all(text.as_bytes())?;
    Ok(())
}

/// A seed for game `index` of `generation` (and `purpose`: self-play, evaluation).
fn seed_of(seed: u64, generation: u64, index: u64, purpose: u64) -> u64 {
    let mut rng = SplitMix64::new(
        seed ^ generation.wrapping_mul(0xa076_1d64_78bd_642f)
            ^ index.wrapping_mul(0xe703_7ed1_a0b4_28db)
            ^ purpose.rotate_left(48),
    );
    rng.below(usize::MAX) as u64
}

/// One generation's self-play games on the configured threads, in game order.
fn self_play<G: Game>(
    game: &G,
    network: &Arc<Network>,
    config: &TrainConfig,
    generation: u64,
    stop: &AtomicBool,
    progress: &mut dyn std::io::Write,
) -> Result<Vec<GameRecord>, TrainError> {
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let records: Mutex<Vec<(usize, GameRecord)>> = Mutex::new(Vec::new());
    let total = config.games_per_generation;
    let start = game.initial_state();
    let failure: Mutex<Option<TrainError>> = Mutex::new(None);
    std::thread::scope(|scope| {
        for _ in 0..config.threads.max(1) {
            scope.spawn(|| {
                let mut evaluator = match NetEvaluator::new(network.clone(), game) {
                    Ok(e) => e,
                    Err(e) => {
                        *failure.lock().unwrap_or_else(|p| p.into_inner()) = Some(e.into());
                        return;
                    }
                };
                while !stop.load(Ordering::Relaxed) {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    if index >= total {
                        break;
                    }
                    let seed = seed_of(config.seed, generation, index as u64, 1);
                    let taught = (index as f64) < config.bootstrap_share * total as f64;
                    let record = match &config.bootstrap {
                        Some(teacher) if generation == 0 || taught => {
                            play_teacher_game(game, &start, teacher, &config.selfplay, seed)
                        }
                        _ => play_game(game, &start, &mut evaluator, &config.selfplay, seed),
                    };
                    records
                        .lock()
                        .unwrap_or_else(|p| p.into_inner())
                        .push((index, record));
                    done.fetch_add(1, Ordering::Relaxed);
                }
            });
        }
        // Progress from the calling thread while the games run.
        loop {
            let finished = done.load(Ordering::Relaxed);
            let _ = write!(
                progress,
                "\rgen {generation} | self-play {finished}/{total} games      "
            );
            let _ = progress.flush();
            let started = next.load(Ordering::Relaxed).min(total);
            if finished >= total || (stop.load(Ordering::Relaxed) && finished >= started) {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(250));
        }
    });
    if let Some(e) = failure.into_inner().unwrap_or_else(|p| p.into_inner()) {
        return Err(e);
    }
    let mut records = records.into_inner().unwrap_or_else(|p| p.into_inner());
    records.sort_by_key(|r| r.0);
    Ok(records.into_iter().map(|r| r.1).collect())
}

/// The learned player of `network` with `budget`.
#[must_use]
pub fn learned_player<G: Game>(
    game: &G,
    network: &Arc<Network>,
    budget: Budget,
    seed: u64,
) -> Option<Puct<G>> {
    let evaluator = NetEvaluator::new(network.clone(), game).ok()?;
    Some(Puct::new(
        format!("neural:{budget}"),
        PuctConfig {
            budget,
            ..PuctConfig::default()
        },
        Box::new(evaluator),
        seed,
    ))
}

/// The network's score against `opponent` in `config.evaluation.games` games, colours
/// alternating, on the configured threads.
fn evaluate<G: Game>(
    game: &G,
    network: &Arc<Network>,
    opponent: &Opponent,
    config: &TrainConfig,
    generation: u64,
    stop: &AtomicBool,
) -> Result<WinDrawLoss, TrainError> {
    let games = config.evaluation.games as usize;
    let next = AtomicUsize::new(0);
    let tally = Mutex::new(WinDrawLoss::default());
    let start = game.initial_state();
    std::thread::scope(|scope| {
        for _ in 0..config.threads.max(1) {
            scope.spawn(|| {
                loop {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    if index >= games || stop.load(Ordering::Relaxed) {
                        break;
                    }
                    let seed = seed_of(config.seed, generation, index as u64, 2);
                    let Some(learned) =
                        learned_player(game, network, config.evaluation.budget, seed)
                    else {
                        break;
                    };
                    let other = opponent.spec.build::<G>(seed ^ 1);
                    let learned_side = if index.is_multiple_of(2) {
                        Side::White
                    } else {
                        Side::Black
                    };
                    let mut players: BySide<Box<dyn Player<G>>> = if learned_side == Side::White {
                        BySide::new(Box::new(learned), other)
                    } else {
                        BySide::new(other, Box::new(learned))
                    };
                    let mut rng =
                        SplitMix64::new(seed_of(config.seed, generation, index as u64 / 2, 3));
                    let opening = board_kernel::playout::random_opening(
                        game,
                        &start,
                        config.evaluation.random_opening,
                        &mut rng,
                    );
                    let played = game_ai::arena::play_game(
                        game,
                        opening,
                        &mut players,
                        config.evaluation.max_plies,
                    );
                    let mut t = tally.lock().unwrap_or_else(|p| p.into_inner());
                    match played.status {
                        Status::Finished(result) => match result.winner {
                            Some(w) if w == learned_side => t.wins += 1,
                            Some(_) => t.losses += 1,
                            None => t.draws += 1,
                        },
                        Status::Ongoing => {
                            t.draws += 1;
                            t.unfinished += 1;
                        }
                    }
                }
            });
        }
    });
    Ok(tally.into_inner().unwrap_or_else(|p| p.into_inner()))
}
