//! Many games of one game stepped together: the batched environment that learning programs
//! train on. Each call takes one action per game (a step of a turn, numbered by
//! [`ActionSpace`]) and writes every game's observation, legal-action mask, reward, ends and
//! player to move into buffers the caller owns, so that a Python array or a network's input
//! is filled in place. Nothing is allocated per step once the games' buffers have grown (a
//! game that begins with a random opening allocates as it begins), and
//! the games are spread over `threads` threads with results that do not depend on how many.
//!
//! ```
//! use board_kernel::batch::{Autoreset, Batch, BatchConfig, Buffers};
//! use board_kernel::testing::Nim;
//! let game = Nim::pile(5, 3);
//! let mut batch = Batch::new(game, BatchConfig { envs: 4, ..BatchConfig::default() })?;
//! let mut out = Buffers::for_batch(&batch);
//! batch.reset(&mut out.view());
//! // Every game offers takes of 1, 2 and 3 (actions 0, 1, 2).
//! assert_eq!(&out.masks[..batch.actions().len()], &[true, true, true, false, false, false]);
//! batch.step(&[2, 2, 0, 1], &mut out.view())?; // take 3, 3, 1, 2
//! assert_eq!(out.players, [1, 1, 1, 1]);
//! assert!(batch.step(&[2, 2, 2, 5], &mut out.view()).is_err()); // game 3: 5 is not a legal take
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;

use thiserror::Error;

use crate::observe::{ActionSpace, ObservationSpec, TurnView};
use crate::steps::{StepError, TurnCursor};
use crate::{Game, GameResult, Side, SplitMix64, Status};

/// What happens to a game that ended, in Gymnasium's terms (`gymnasium.vector.AutoresetMode`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Autoreset {
    /// The step after the one that ended a game starts a new one, ignoring that game's
    /// action, with reward 0 and no end (Gymnasium's default).
    #[default]
    NextStep,
    /// A game that ends is started again in the same step: its observation and mask are the
    /// new game's, its reward and ends the old game's, and the old game's last observation is
    /// kept in [`BufferView::final_observations`].
    SameStep,
    /// A game that ended stays ended until [`Batch::reset_envs`]; stepping it is an error.
    Disabled,
}

/// How a [`Batch`] is set up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BatchConfig {
    /// How many games are stepped together (at least 1).
    pub envs: usize,
    /// Threads the games are spread over (at least 1; more than the games are not used).
    pub threads: usize,
    /// After this many actions a game is cut off (truncated), if it has not ended by then.
    pub max_actions: Option<u64>,
    /// Whole turns of uniformly random moves that begin every game, drawn from the seed, the
    /// game's index and how many games it has begun: varied openings for training and
    /// evaluation. 0 starts from the initial position.
    pub random_opening: u32,
    /// Seeds the random openings.
    pub seed: u64,
    /// What happens to a game that ended.
    pub autoreset: Autoreset,
}

impl Default for BatchConfig {
    fn default() -> BatchConfig {
        BatchConfig {
            envs: 1,
            threads: 1,
            max_actions: None,
            random_opening: 0,
            seed: 0,
            autoreset: Autoreset::NextStep,
        }
    }
}

/// A batch that cannot be made, or a step that cannot be taken. A refused step changes no
/// game.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum BatchError {
    /// A batch needs at least one game and one thread.
    #[error("a batch needs at least one game and one thread (asked for {envs} and {threads})")]
    Empty {
        /// Games asked for.
        envs: usize,
        /// Threads asked for.
        threads: usize,
    },
    /// One action a game is needed.
    #[error("expected {expected} actions (one a game), got {got}")]
    Actions {
        /// Games in the batch.
        expected: usize,
        /// Actions given.
        got: usize,
    },
    /// A buffer is not the size the batch needs.
    #[error("the buffer `{name}` holds {got} values; the batch needs {expected}")]
    Buffer {
        /// Which buffer.
        name: &'static str,
        /// Values needed.
        expected: usize,
        /// Values given.
        got: usize,
    },
    /// An action that game `env` cannot take now.
    #[error("game {env}: action {action} is not legal now ({reason})")]
    Illegal {
        /// The game's index in the batch.
        env: usize,
        /// The action.
        action: i64,
        /// Why.
        reason: String,
    },
}

/// The buffers a batch writes, borrowed from their owner (a [`Buffers`], numpy arrays): for
/// `n` games, `A` actions and observations of `L` bytes.
pub struct BufferView<'a> {
    /// `n × L` observation bytes ([`crate::observe`]).
    pub observations: &'a mut [u8],
    /// `n × A`: whether each action is legal now.
    pub masks: &'a mut [bool],
    /// `n`: the reward of the player who moved (1 for a win, −1 for a loss, 0 otherwise).
    pub rewards: &'a mut [f32],
    /// `n`: whether the game ended by the rules with this step.
    pub terminated: &'a mut [bool],
    /// `n`: whether the game was cut off at [`BatchConfig::max_actions`] with this step.
    pub truncated: &'a mut [bool],
    /// `n`: the player to move now, 0 (the first side) or 1.
    pub players: &'a mut [u8],
    /// `n × 2`: the returns of both players of a game that ended with this step (first side,
    /// then second), else 0.
    pub returns: &'a mut [f32],
    /// `n × L`, with [`Autoreset::SameStep`] only: the last observation of a game that ended
    /// with this step (zeros for the others). Empty otherwise.
    pub final_observations: &'a mut [u8],
}

/// Buffers of the right sizes for a batch, owned.
#[derive(Clone, Debug, Default)]
pub struct Buffers {
    /// See [`BufferView::observations`].
    pub observations: Vec<u8>,
    /// See [`BufferView::masks`].
    pub masks: Vec<bool>,
    /// See [`BufferView::rewards`].
    pub rewards: Vec<f32>,
    /// See [`BufferView::terminated`].
    pub terminated: Vec<bool>,
    /// See [`BufferView::truncated`].
    pub truncated: Vec<bool>,
    /// See [`BufferView::players`].
    pub players: Vec<u8>,
    /// See [`BufferView::returns`].
    pub returns: Vec<f32>,
    /// See [`BufferView::final_observations`].
    pub final_observations: Vec<u8>,
}

impl Buffers {
    /// Buffers sized for `batch`.
    #[must_use]
    pub fn for_batch<G: Game>(batch: &Batch<G>) -> Buffers {
        let n = batch.envs();
        let len = batch.spec().len();
        Buffers {
            observations: vec![0; n * len],
            masks: vec![false; n * batch.actions().len()],
            rewards: vec![0.0; n],
            terminated: vec![false; n],
            truncated: vec![false; n],
            players: vec![0; n],
            returns: vec![0.0; 2 * n],
            final_observations: if batch.config.autoreset == Autoreset::SameStep {
                vec![0; n * len]
            } else {
                Vec::new()
            },
        }
    }

    /// The buffers, borrowed for a step.
    pub fn view(&mut self) -> BufferView<'_> {
        BufferView {
            observations: &mut self.observations,
            masks: &mut self.masks,
            rewards: &mut self.rewards,
            terminated: &mut self.terminated,
            truncated: &mut self.truncated,
            players: &mut self.players,
            returns: &mut self.returns,
            final_observations: &mut self.final_observations,
        }
    }
}

/// One game of the batch.
#[derive(Clone)]
struct Env<G: Game> {
    cursor: TurnCursor<G>,
    /// Actions taken in this game.
    taken: u64,
    /// Games this slot has begun (for the seeds of random openings).
    begun: u64,
    /// The game ended (or was cut off) with the last step: [`Autoreset::NextStep`] restarts
    /// it on the next, [`Autoreset::Disabled`] refuses to step it.
    done: bool,
}

/// `n` games of one game under one option set, stepped together. See the [module](self).
pub struct Batch<G: Game> {
    game: G,
    config: BatchConfig,
    spec: ObservationSpec,
    actions: ActionSpace,
    initial: G::State,
    envs: Vec<Env<G>>,
}

impl<G: Game> fmt::Debug for Batch<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Batch")
            .field("game", &G::NAME)
            .field("config", &self.config)
            .finish_non_exhaustive()
    }
}

impl<G: Game> Batch<G> {
    /// `config.envs` games of `game`, each at its start (call [`Batch::reset`] to read the
    /// first observations).
    pub fn new(game: G, config: BatchConfig) -> Result<Batch<G>, BatchError> {
        if config.envs == 0 || config.threads == 0 {
            return Err(BatchError::Empty {
                envs: config.envs,
                threads: config.threads,
            });
        }
        let spec = game.observation_spec();
        let actions = ActionSpace::of(&game);
        let initial = game.initial_state();
        let cursor = match TurnCursor::new(&game, &initial) {
            Ok(cursor) => cursor,
            Err(StepError::GameOver | StepError::NotLegal { .. }) => {
                return Err(BatchError::Illegal {
                    env: 0,
                    action: -1,
                    reason: "the initial position is already finished".into(),
                });
            }
        };
        let env = Env {
            cursor,
            taken: 0,
            begun: 0,
            done: false,
        };
        Ok(Batch {
            envs: vec![env; config.envs],
            game,
            config,
            spec,
            actions,
            initial,
        })
    }

    /// The game.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// How the batch was set up.
    #[must_use]
    pub fn config(&self) -> &BatchConfig {
        &self.config
    }

    /// How many games are stepped together.
    #[must_use]
    pub fn envs(&self) -> usize {
        self.envs.len()
    }

    /// The observations' planes and grid.
    #[must_use]
    pub fn spec(&self) -> &ObservationSpec {
        &self.spec
    }

    /// The actions.
    #[must_use]
    pub fn actions(&self) -> ActionSpace {
        self.actions
    }

    /// Game `env`'s turn so far (its position at the turn's start, the steps made).
    #[must_use]
    pub fn cursor(&self, env: usize) -> &TurnCursor<G> {
        &self.envs[env].cursor
    }

    /// Starts every game afresh and writes their first observations (rewards and ends 0).
    pub fn reset(&mut self, out: &mut BufferView<'_>) {
        let every = vec![true; self.envs.len()];
        // The sizes are the batch's own when the buffers are a `Buffers::for_batch`; a
        // wrong size is reported by `reset_envs`, which this cannot hit with `every`.
        let _ = self.reset_envs(&every, out);
    }

    /// Starts afresh the games whose `which` is true, writing their observations (and their
    /// rewards and ends 0); the other games' entries are left as they are.
    pub fn reset_envs(
        &mut self,
        which: &[bool],
        out: &mut BufferView<'_>,
    ) -> Result<(), BatchError> {
        self.check_buffers(out)?;
        if which.len() != self.envs.len() {
            return Err(BatchError::Buffer {
                name: "which",
                expected: self.envs.len(),
                got: which.len(),
            });
        }
        let shared = Shared {
            game: &self.game,
            config: &self.config,
            spec: &self.spec,
            actions: self.actions,
            initial: &self.initial,
        };
        for (i, env) in self.envs.iter_mut().enumerate() {
            if which[i] {
                let mut slot = Slot::of(out, i, &shared);
                shared.begin(env, i);
                slot.clear_ends();
                shared.write(env, &mut slot);
            }
        }
        Ok(())
    }

    /// Takes `actions[i]` in game `i`, every game at once, and writes the results into `out`.
    /// Every action is checked first: an illegal one (or a buffer of the wrong size) is
    /// refused with the game's index, and then no game changes. With
    /// [`Autoreset::NextStep`], the action of a game that ended with the previous step is
    /// ignored (that game starts again).
    pub fn step(&mut self, actions: &[i64], out: &mut BufferView<'_>) -> Result<(), BatchError> {
        if actions.len() != self.envs.len() {
            return Err(BatchError::Actions {
                expected: self.envs.len(),
                got: actions.len(),
            });
        }
        self.check_buffers(out)?;
        for (i, (env, &action)) in self.envs.iter().zip(actions).enumerate() {
            if env.done && self.config.autoreset == Autoreset::NextStep {
                continue;
            }
            let illegal = |reason: String| BatchError::Illegal {
                env: i,
                action,
                reason,
            };
            if env.done || env.cursor.is_over() {
                return Err(illegal("the game is over; reset it first".into()));
            }
            let step = usize::try_from(action)
                .ok()
                .and_then(|a| self.actions.step(a))
                .ok_or_else(|| {
                    illegal(format!("the actions are 0 to {}", self.actions.len() - 1))
                })?;
            if !env.cursor.next().iter().any(|t| t.step == step) {
                return Err(illegal(format!("no legal turn goes on with {step} now")));
            }
        }
        let shared = Shared {
            game: &self.game,
            config: &self.config,
            spec: &self.spec,
            actions: self.actions,
            initial: &self.initial,
        };
        let threads = self.config.threads.min(self.envs.len());
        let per = self.envs.len().div_ceil(threads);
        if threads == 1 {
            shared.step_range(&mut self.envs, 0, actions, out);
            return Ok(());
        }
        let len = self.spec.len();
        let a = self.actions.len();
        let final_len = if out.final_observations.is_empty() {
            0
        } else {
            len
        };
        std::thread::scope(|scope| {
            let mut envs = self.envs.as_mut_slice();
            let mut rest = BufferView {
                observations: &mut *out.observations,
                masks: &mut *out.masks,
                rewards: &mut *out.rewards,
                terminated: &mut *out.terminated,
                truncated: &mut *out.truncated,
                players: &mut *out.players,
                returns: &mut *out.returns,
                final_observations: &mut *out.final_observations,
            };
            let mut first = 0;
            while !envs.is_empty() {
                let n = per.min(envs.len());
                let (these, later) = envs.split_at_mut(n);
                envs = later;
                let (part, remainder) = split_view(rest, n, len, a, final_len);
                rest = remainder;
                let shared = &shared;
                let start = first;
                scope.spawn(move || {
                    let mut part = part;
                    shared.step_range(these, start, &actions[start..start + n], &mut part);
                });
                first += n;
            }
        });
        Ok(())
    }

    fn check_buffers(&self, out: &BufferView<'_>) -> Result<(), BatchError> {
        let n = self.envs.len();
        let len = self.spec.len();
        let sizes = [
            ("observations", out.observations.len(), n * len),
            ("masks", out.masks.len(), n * self.actions.len()),
            ("rewards", out.rewards.len(), n),
            ("terminated", out.terminated.len(), n),
            ("truncated", out.truncated.len(), n),
            ("players", out.players.len(), n),
            ("returns", out.returns.len(), 2 * n),
        ];
        for (name, got, expected) in sizes {
            if got != expected {
                return Err(BatchError::Buffer {
                    name,
                    expected,
                    got,
                });
            }
        }
        let finals = if self.config.autoreset == Autoreset::SameStep {
            n * len
        } else {
            out.final_observations.len()
        };
        if out.final_observations.len() != finals {
            return Err(BatchError::Buffer {
                name: "final_observations",
                expected: finals,
                got: out.final_observations.len(),
            });
        }
        Ok(())
    }
}

/// The first `n` games' part of `view`, and the rest.
fn split_view(
    view: BufferView<'_>,
    n: usize,
    len: usize,
    actions: usize,
    final_len: usize,
) -> (BufferView<'_>, BufferView<'_>) {
    let (o, o2) = view.observations.split_at_mut(n * len);
    let (m, m2) = view.masks.split_at_mut(n * actions);
    let (r, r2) = view.rewards.split_at_mut(n);
    let (te, te2) = view.terminated.split_at_mut(n);
    let (tr, tr2) = view.truncated.split_at_mut(n);
    let (p, p2) = view.players.split_at_mut(n);
    let (re, re2) = view.returns.split_at_mut(2 * n);
    let (f, f2) = view.final_observations.split_at_mut(n * final_len);
    (
        BufferView {
            observations: o,
            masks: m,
            rewards: r,
            terminated: te,
            truncated: tr,
            players: p,
            returns: re,
            final_observations: f,
        },
        BufferView {
            observations: o2,
            masks: m2,
            rewards: r2,
            terminated: te2,
            truncated: tr2,
            players: p2,
            returns: re2,
            final_observations: f2,
        },
    )
}

/// What every thread reads.
struct Shared<'a, G: Game> {
    game: &'a G,
    config: &'a BatchConfig,
    spec: &'a ObservationSpec,
    actions: ActionSpace,
    initial: &'a G::State,
}

/// One game's entries in the buffers.
struct Slot<'v> {
    observation: &'v mut [u8],
    mask: &'v mut [bool],
    reward: &'v mut f32,
    terminated: &'v mut bool,
    truncated: &'v mut bool,
    player: &'v mut u8,
    returns: &'v mut [f32],
    final_observation: &'v mut [u8],
}

impl<'v> Slot<'v> {
    /// Game `i`'s entries of `view`.
    fn of<G: Game>(view: &'v mut BufferView<'_>, i: usize, shared: &Shared<'_, G>) -> Slot<'v> {
        let len = shared.spec.len();
        let a = shared.actions.len();
        let final_observation = if view.final_observations.is_empty() {
            &mut []
        } else {
            &mut view.final_observations[i * len..(i + 1) * len]
        };
        Slot {
            observation: &mut view.observations[i * len..(i + 1) * len],
            mask: &mut view.masks[i * a..(i + 1) * a],
            reward: &mut view.rewards[i],
            terminated: &mut view.terminated[i],
            truncated: &mut view.truncated[i],
            player: &mut view.players[i],
            returns: &mut view.returns[2 * i..2 * i + 2],
            final_observation,
        }
    }

    fn clear_ends(&mut self) {
        *self.reward = 0.0;
        *self.terminated = false;
        *self.truncated = false;
        self.returns.fill(0.0);
    }
}

/// The returns of both sides for a finished game: 1 to the winner, −1 to the loser, 0 each
/// for a draw.
#[must_use]
pub fn returns_of(result: &GameResult) -> [f32; 2] {
    match result.winner {
        Some(Side::White) => [1.0, -1.0],
        Some(Side::Black) => [-1.0, 1.0],
        None => [0.0, 0.0],
    }
}

impl<G: Game> Shared<'_, G> {
    /// Begins a new game in `env` (game `index` of the batch), with its random opening.
    fn begin(&self, env: &mut Env<G>, index: usize) {
        env.taken = 0;
        env.done = false;
        let seed = self.config.seed;
        let begun = env.begun;
        env.begun += 1;
        if self.config.random_opening == 0 {
            env.cursor.reset(self.game, self.initial);
            return;
        }
        let mut rng = SplitMix64::new(
            seed ^ (index as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ begun.rotate_left(32),
        );
        let state = crate::playout::random_opening(
            self.game,
            self.initial,
            self.config.random_opening,
            &mut rng,
        );
        env.cursor.reset(self.game, &state);
    }

    /// Writes `env`'s observation, mask and player into `slot`.
    fn write(&self, env: &Env<G>, slot: &mut Slot<'_>) {
        let cursor = &env.cursor;
        slot.observation.fill(0);
        let view = TurnView {
            start: cursor.start(),
            board: cursor.board(self.game),
            steps: cursor.steps(),
            next: cursor.next(),
        };
        self.game.observe(&view, slot.observation);
        slot.mask.fill(false);
        for t in cursor.next() {
            if let Some(a) = self.actions.action(t.step) {
                slot.mask[a] = true;
            }
        }
        *slot.player = u8::from(self.game.side_to_move(cursor.start()) == Side::Black);
    }

    /// Steps the games `envs` (from game `first` of the batch) with their checked actions.
    fn step_range(
        &self,
        envs: &mut [Env<G>],
        first: usize,
        actions: &[i64],
        out: &mut BufferView<'_>,
    ) {
        for (i, (env, &action)) in envs.iter_mut().zip(actions).enumerate() {
            let mut slot = Slot::of(out, i, self);
            slot.clear_ends();
            if env.done {
                // Only with `NextStep` (checked): this step starts the game again.
                self.begin(env, first + i);
                self.write(env, &mut slot);
                continue;
            }
            let mover = self.game.side_to_move(env.cursor.start());
            let step = usize::try_from(action)
                .ok()
                .and_then(|a| self.actions.step(a))
                .expect("actions are checked before the step");
            env.cursor
                .push(self.game, step)
                .expect("actions are checked before the step");
            env.taken += 1;
            if env.cursor.complete().is_some() {
                env.cursor.advance(self.game);
            }
            let ended = match self.game.status(env.cursor.start()) {
                Status::Finished(result) => {
                    let returns = returns_of(&result);
                    slot.returns.copy_from_slice(&returns);
                    *slot.reward = returns[usize::from(mover == Side::Black)];
                    *slot.terminated = true;
                    true
                }
                Status::Ongoing => {
                    let cut = self.config.max_actions.is_some_and(|m| env.taken >= m);
                    *slot.truncated = cut;
                    cut
                }
            };
            if !ended {
                self.write(env, &mut slot);
                continue;
            }
            match self.config.autoreset {
                Autoreset::SameStep => {
                    self.write(env, &mut slot);
                    slot.final_observation.copy_from_slice(slot.observation);
                    self.begin(env, first + i);
                    self.write(env, &mut slot);
                }
                Autoreset::NextStep | Autoreset::Disabled => {
                    env.done = true;
                    self.write(env, &mut slot);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::Nim;

    fn batch(envs: usize, threads: usize, autoreset: Autoreset) -> (Batch<Nim>, Buffers) {
        let batch = Batch::new(
            Nim::pile(5, 3),
            BatchConfig {
                envs,
                threads,
                autoreset,
                ..BatchConfig::default()
            },
        )
        .unwrap();
        let out = Buffers::for_batch(&batch);
        (batch, out)
    }

    #[test]
    fn a_refused_action_changes_no_game() {
        let (mut batch, mut out) = batch(3, 2, Autoreset::NextStep);
        batch.reset(&mut out.view());
        let before = out.clone();
        for bad in [vec![0, 0, 7], vec![0, -1, 0], vec![0, 4, 0], vec![0, 0]] {
            assert!(batch.step(&bad, &mut out.view()).is_err(), "{bad:?}");
            assert_eq!(out.observations, before.observations);
        }
        let error = batch.step(&[0, 0, 4], &mut out.view()).unwrap_err();
        assert!(error.to_string().starts_with("game 2: action 4"), "{error}");
        for i in 0..3 {
            assert_eq!(batch.cursor(i).start().stones, 5);
        }
    }

    #[test]
    fn the_mover_gets_the_reward_and_the_next_step_starts_again() {
        let (mut batch, mut out) = batch(2, 1, Autoreset::NextStep);
        batch.reset(&mut out.view());
        batch.step(&[2, 0], &mut out.view()).unwrap(); // 5 -> 2, 5 -> 4
        batch.step(&[1, 0], &mut out.view()).unwrap(); // Black takes the last two; 4 -> 3
        assert_eq!(out.terminated, [true, false]);
        assert_eq!(out.rewards, [1.0, 0.0]);
        assert_eq!(out.returns, [-1.0, 1.0, 0.0, 0.0]);
        assert!(
            out.masks[..6].iter().all(|&m| !m),
            "a finished game offers nothing"
        );
        // The ended game's action is ignored; it starts again.
        batch.step(&[99, 2], &mut out.view()).unwrap(); // 3 -> 0: White wins game 1
        assert_eq!(out.terminated, [false, true]);
        assert_eq!(out.rewards, [0.0, 1.0]);
        assert_eq!(batch.cursor(0).start().stones, 5);
        assert_eq!(out.players, [0, 1]);
    }

    #[test]
    fn same_step_starts_again_at_once_and_keeps_the_last_observation() {
        let (mut batch, mut out) = batch(1, 1, Autoreset::SameStep);
        batch.reset(&mut out.view());
        batch.step(&[1], &mut out.view()).unwrap(); // 5 -> 3
        batch.step(&[2], &mut out.view()).unwrap(); // Black takes 3: wins
        assert_eq!((out.terminated[0], out.rewards[0]), (true, 1.0));
        assert_eq!(batch.cursor(0).start().stones, 5);
        assert_eq!(out.observations[..5], [1, 1, 1, 1, 1]);
        assert_eq!(out.final_observations[..5], [0, 0, 0, 0, 0]);
        assert_eq!(out.players, [0]);
    }

    #[test]
    fn disabled_refuses_a_finished_game_until_it_is_reset() {
        let (mut batch, mut out) = batch(2, 1, Autoreset::Disabled);
        batch.reset(&mut out.view());
        batch.step(&[2, 0], &mut out.view()).unwrap();
        batch.step(&[1, 0], &mut out.view()).unwrap();
        let error = batch.step(&[0, 0], &mut out.view()).unwrap_err();
        assert!(error.to_string().contains("game 0"), "{error}");
        batch.reset_envs(&[true, false], &mut out.view()).unwrap();
        batch.step(&[0, 0], &mut out.view()).unwrap();
    }

    #[test]
    fn truncation_cuts_a_game_at_its_action_limit() {
        let mut batch = Batch::new(
            Nim::pile(9, 1),
            BatchConfig {
                max_actions: Some(3),
                ..BatchConfig::default()
            },
        )
        .unwrap();
        let mut out = Buffers::for_batch(&batch);
        batch.reset(&mut out.view());
        for expected in [false, false, true] {
            batch.step(&[0], &mut out.view()).unwrap();
            assert_eq!(out.truncated[0], expected);
            assert!(!out.terminated[0]);
        }
    }

    #[test]
    fn threads_change_nothing() {
        let run = |threads: usize| {
            let mut batch = Batch::new(
                Nim::pile(21, 4),
                BatchConfig {
                    envs: 37,
                    threads,
                    random_opening: 2,
                    seed: 9,
                    autoreset: Autoreset::SameStep,
                    ..BatchConfig::default()
                },
            )
            .unwrap();
            let mut out = Buffers::for_batch(&batch);
            batch.reset(&mut out.view());
            let mut rng = SplitMix64::new(3);
            let mut seen = Vec::new();
            let a = batch.actions().len();
            for _ in 0..200 {
                let actions: Vec<i64> = (0..37)
                    .map(|i| {
                        let legal: Vec<usize> = (0..a).filter(|&k| out.masks[i * a + k]).collect();
                        *rng.choose(&legal).unwrap() as i64
                    })
                    .collect();
                batch.step(&actions, &mut out.view()).unwrap();
                seen.push(out.clone().observations);
                seen.push(out.rewards.iter().map(|r| *r as u8).collect());
            }
            seen
        };
        assert_eq!(run(1), run(3));
    }
}
