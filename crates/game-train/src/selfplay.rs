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
    let mut opened = start.clone();
    let turns = rng.below(config.random_opening as usize + 1);
    let mut scratch = Vec::new();
    for _ in 0..turns {
        let Some(mv) = game.random_move(&opened, &mut rng, &mut scratch) else {
            break;
        };
        game.play_unchecked(&mut opened, &mv);
    }
    if game.status(&opened).is_finished() {
        opened = start.clone();
    }
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
