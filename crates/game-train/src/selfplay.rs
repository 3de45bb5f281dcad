//! Self-play: games of the current network against itself through a PUCT search, each
//! decision's visit shares kept as the policy to learn and the game's result as the value.
//!
//! Two tricks of the published work keep the games cheap and varied on a CPU: most
//! decisions get a short search that is not learned from, a share of them a full search that
//! is ("playout cap randomisation", KataGo), and the first decisions of a game are drawn in
//! proportion to the visits, with Dirichlet noise on the full searches' root priors
//! (AlphaZero). Forced steps (one legal action) are made without a search and not learned
//! from.

use board_kernel::batch::returns_of;
use board_kernel::steps::TurnCursor;
use board_kernel::{Game, Side, SplitMix64, Status};
use game_ai::puct::{EvalBatch, Evaluator, Noise, PuctConfig, PuctTree};
use game_ai::{Player, PlayerSpec};

use crate::samples::Sample;

/// How self-play searches and chooses.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SelfPlayConfig {
    /// Visits of a full search (its decision is learned from).
    pub simulations: u32,
    /// Visits of a short search (not learned from).
    pub fast_simulations: u32,
    /// The share of decisions searched fully.
    pub full_share: f64,
    /// Decisions at the start of a game drawn in proportion to the visits (later ones take
    /// the most visited).
    pub temperature_decisions: u32,
    /// Noise on a full search's root priors.
    pub noise: Noise,
    /// The search's exploration constant.
    pub c_puct: f32,
    /// Whole turns after which a game is cut off and valued by its score lead.
    pub max_turns: u32,
    /// Each game begins with a number of uniformly random whole turns drawn from `0..=` this
    /// (not learned from): positions a strong pair of players would never reach, so that
    /// the network also learns to play on from an unusual or a lost position (in a game
    /// whose first player wins, self-play alone soon shows the second player only lost
    /// games).
    pub random_opening: u32,
}

impl Default for SelfPlayConfig {
    fn default() -> SelfPlayConfig {
        SelfPlayConfig {
            simulations: 160,
            fast_simulations: 32,
            full_share: 0.25,
            temperature_decisions: 12,
            noise: Noise {
                alpha: 0.3,
                fraction: 0.25,
            },
            c_puct: 1.5,
            max_turns: 600,
            random_opening: 0,
        }
    }
}

/// One self-play game: its positions to learn from and how it went.
#[derive(Clone, Debug, Default)]
pub struct GameRecord {
    /// The samples, their outcomes set.
    pub samples: Vec<Sample>,
    /// Whole turns played.
    pub turns: u32,
    /// Decisions searched.
    pub decisions: u32,
    /// The result for White (1 won, −1 lost, 0 drawn or cut off level).
    pub white: f32,
    /// Whether the game was cut off at [`SelfPlayConfig::max_turns`].
    pub cut: bool,
    /// Positions the evaluator answered.
    pub evaluations: u64,
}

/// `start` after 0 to `most` uniformly random whole turns (the number drawn too).
fn random_opening<G: Game>(
    game: &G,
    start: &G::State,
    rng: &mut SplitMix64,
    most: u32,
) -> G::State {
    let turns = rng.below(most as usize + 1) as u32;
    board_kernel::playout::random_opening(game, start, turns, rng)
}

/// The value of a cut-off game for White: its score lead squashed into `(-1, 1)`, 0 for a
/// game without scores.
fn cut_value<G: Game>(game: &G, state: &G::State) -> f32 {
    match game.scores(state) {
        Some(s) => {
            let lead = (s.white - s.black) as f32;
            lead / (lead.abs() + 2.0)
        }
        None => 0.0,
    }
}

/// Plays one game from `start` with `evaluator`, its randomness from `seed`.
pub fn play_game<G: Game>(
    game: &G,
    start: &G::State,
    evaluator: &mut dyn Evaluator<G>,
    config: &SelfPlayConfig,
    seed: u64,
) -> GameRecord {
    let mut rng = SplitMix64::new(seed);
    let mut record = GameRecord::default();
    let opened = random_opening(game, start, &mut rng, config.random_opening);
    let start = &opened;
    let puct = PuctConfig {
        c_puct: config.c_puct,
        batch: 1,
        noise: None,
        ..PuctConfig::default()
    };
    let Ok(cursor) = TurnCursor::new(game, start) else {
        return record;
    };
    let Some(mut tree) = PuctTree::new(game, puct, cursor) else {
        return record;
    };
    let mut batch = EvalBatch::for_game(game);
    let space = board_kernel::observe::ActionSpace::of(game);
    let mut movers: Vec<Side> = Vec::new();
    loop {
        if tree.cursor().is_over() {
            break;
        }
        if record.turns >= config.max_turns {
            record.cut = true;
            break;
        }
        let next = tree.cursor().next();
        let action = if next.len() == 1 {
            space.action(next[0].step).expect("steps are actions")
        } else {
            let full = rng.unit() < config.full_share;
            let target = if full {
                config.simulations
            } else {
                config.fast_simulations
            }
            .max(1);
            let before = tree.visits();
            if full {
                // The root is expanded first, so that the noise has priors to mix into.
                tree.run(game, evaluator, &mut batch, &mut rng, |ran, t| {
                    ran > 0 || t.visits() > 0
                });
                tree.add_noise(config.noise, &mut rng);
            }
            tree.run(game, evaluator, &mut batch, &mut rng, |_, t| {
                t.visits() >= target
            });
            record.evaluations += u64::from(tree.visits().saturating_sub(before));
            if full {
                let policy = tree.policy();
                batch.clear();
                let slot = batch.push(game, &space, tree.cursor());
                let mut legal = Vec::new();
                let mut shares = Vec::new();
                for (a, &m) in batch.mask(slot).iter().enumerate() {
                    if m {
                        legal.push(a as u16);
                        shares.push(policy[a]);
                    }
                }
                record.samples.push(Sample {
                    observation: batch.observation(slot).to_vec(),
                    legal,
                    policy: shares,
                    outcome: 0.0,
                });
                movers.push(game.side_to_move(tree.cursor().start()));
                batch.clear();
            }
            let temperature = if record.decisions < config.temperature_decisions {
                1.0
            } else {
                0.0
            };
            record.decisions += 1;
            tree.sample(temperature, &mut rng)
                .expect("a searched root has children")
        };
        match tree.descend(game, action) {
            Ok(Some(_)) => record.turns += 1,
            Ok(None) => {}
            Err(_) => break,
        }
    }
    let end = tree.cursor().start();
    record.white = match game.status(end) {
        Status::Finished(result) => returns_of(&result)[0],
        Status::Ongoing => cut_value(game, end),
    };
    for (sample, mover) in record.samples.iter_mut().zip(movers) {
        sample.outcome = if mover == Side::White {
            record.white
        } else {
            -record.white
        };
    }
    record
}

/// A game between two `teacher` players (a bootstrap for games whose random self-play is
/// all draws): every step of a choice is a sample whose policy is the step played, and the
/// game's result the value. It begins with the random opening of `config`.
pub fn play_teacher_game<G: Game>(
    game: &G,
    start: &G::State,
    teacher: &PlayerSpec,
    config: &SelfPlayConfig,
    seed: u64,
) -> GameRecord {
    let mut rng = SplitMix64::new(seed);
    let mut record = GameRecord::default();
    let mut state = random_opening(game, start, &mut rng, config.random_opening);
    let mut players: [Box<dyn Player<G>>; 2] = [
        teacher.build::<G>(rng.below(usize::MAX) as u64),
        teacher.build::<G>(rng.below(usize::MAX) as u64),
    ];
    let space = board_kernel::observe::ActionSpace::of(game);
    let mut batch = EvalBatch::for_game(game);
    let mut movers: Vec<Side> = Vec::new();
    let mut steps = Vec::new();
    while !game.status(&state).is_finished() {
        if record.turns >= config.max_turns {
            record.cut = true;
            break;
        }
        let mover = game.side_to_move(&state);
        let Some(mv) = players[mover.index()].choose(game, &state) else {
            break;
        };
        steps.clear();
        game.move_steps(&state, &mv, &mut steps);
        let Ok(mut cursor) = TurnCursor::new(game, &state) else {
            break;
        };
        for t in &steps {
            if cursor.next().len() > 1 {
                batch.clear();
                let slot = batch.push(game, &space, &cursor);
                let played = space.action(t.step).expect("steps are actions");
                let mut legal = Vec::new();
                let mut shares = Vec::new();
                for (a, &m) in batch.mask(slot).iter().enumerate() {
                    if m {
                        legal.push(a as u16);
                        shares.push(if a == played { 1.0 } else { 0.0 });
                    }
                }
                record.samples.push(Sample {
                    observation: batch.observation(slot).to_vec(),
                    legal,
                    policy: shares,
                    outcome: 0.0,
                });
                movers.push(mover);
                record.decisions += 1;
            }
            if cursor.push(game, t.step).is_err() {
                break;
            }
        }
        game.play_unchecked(&mut state, &mv);
        record.turns += 1;
    }
    record.white = match game.status(&state) {
        Status::Finished(result) => returns_of(&result)[0],
        Status::Ongoing => cut_value(game, &state),
    };
    for (sample, mover) in record.samples.iter_mut().zip(movers) {
        sample.outcome = if mover == Side::White {
            record.white
        } else {
            -record.white
        };
    }
    record
}
