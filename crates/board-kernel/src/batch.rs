//! Many games of one game stepped together: the batched environment that learning programs
//! train on. Each call takes one action per game (a step of a turn, numbered by
//! [`ActionSpace`]) and writes every game's observation, legal-action mask, reward, ends and
//! player to move into buffers the caller owns, so that a Python array or a network's input
//! is filled in place. On one thread nothing is allocated per step once the games' buffers
//! have grown (a game that begins with a random opening allocates as it begins); the games
//! are spread over `threads` threads with results that do not depend on how many. With the
//! `rayon` feature a batch keeps its threads from step to step (handing each its part
//! allocates a little); without it each step starts them anew (tens of microseconds a
//! thread, which only a large batch repays). Threads wait for each other, and a pool's
//! workers for the next step, awake for up to 200 µs before they sleep, since waking a
//! thread costs about as much as a small batch's step.
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
#[cfg(feature = "rayon")]
use std::sync::Arc;
#[cfg(feature = "rayon")]
use std::sync::atomic::AtomicU64;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use thiserror::Error;

use crate::observe::{ActionSpace, ObservationSpec, TurnView};
use crate::steps::{StepError, TurnCursor};
use crate::{Game, GameResult, Side, SplitMix64, Status};

mod buffers;

pub use buffers::{BufferView, Buffers};
use buffers::{Slot, split_view};

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
    setup: Setup<G>,
    envs: Vec<Env<G>>,
    /// The threads beside the caller's that step a part of the games each, kept from step
    /// to step: starting them anew cost about 50 µs a thread a step, which at 64 games made
    /// two threads three times as slow as one. `None` with one thread, or when the pool
    /// cannot be made (then each step starts its threads).
    #[cfg(feature = "rayon")]
    pool: Option<rayon::ThreadPool>,
    /// Counts the steps begun: a worker waiting awake for the next step ([`wait_awake`])
    /// stops when it moves on.
    #[cfg(feature = "rayon")]
    steps_begun: Arc<AtomicU64>,
}

impl<G: Game> fmt::Debug for Batch<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Batch")
            .field("game", &G::NAME)
            .field("config", &self.setup.config)
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
            #[cfg(feature = "rayon")]
            pool: pool_for(config.threads.min(config.envs)),
            #[cfg(feature = "rayon")]
            steps_begun: Arc::default(),
            envs: vec![env; config.envs],
            setup: Setup {
                game,
                config,
                spec,
                actions,
                initial,
            },
        })
    }

    /// The game.
    pub fn game(&self) -> &G {
        &self.setup.game
    }

    /// How the batch was set up.
    #[must_use]
    pub fn config(&self) -> &BatchConfig {
        &self.setup.config
    }

    /// How many games are stepped together.
    #[must_use]
    pub fn envs(&self) -> usize {
        self.envs.len()
    }

    /// The observations' planes and grid.
    #[must_use]
    pub fn spec(&self) -> &ObservationSpec {
        &self.setup.spec
    }

    /// The actions.
    #[must_use]
    pub fn actions(&self) -> ActionSpace {
        self.setup.actions
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
        let setup = &self.setup;
        for (i, env) in self.envs.iter_mut().enumerate() {
            if which[i] {
                let mut slot = Slot::of(out, i, setup);
                setup.begin(env, i);
                slot.clear_ends();
                setup.write(env, &mut slot);
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
        let threads = self.setup.config.threads.min(self.envs.len());
        if threads == 1 {
            self.setup.check_range(&self.envs, 0, actions)?;
            self.setup.step_range(&mut self.envs, 0, actions, out);
            return Ok(());
        }
        let (setup, envs) = (&self.setup, self.envs.as_mut_slice());
        let sync = &PartSync::default();
        #[cfg(feature = "rayon")]
        if let Some(pool) = &self.pool {
            let begun = self.steps_begun.fetch_add(1, Ordering::AcqRel) + 1;
            let spawned = pool
                .in_place_scope(|scope| setup.step_parts(scope, threads, envs, actions, out, sync));
            // The workers wait awake a while for the next step, as this thread waited for
            // them at the end of this one.
            for _ in 0..spawned {
                let steps_begun = Arc::clone(&self.steps_begun);
                pool.spawn(move || wait_awake(|| steps_begun.load(Ordering::Acquire) != begun));
            }
            return self.refusal(sync, actions);
        }
        std::thread::scope(|scope| setup.step_parts(&scope, threads, envs, actions, out, sync));
        self.refusal(sync, actions)
    }

    /// After parts checked their actions and stepped only if all were legal: the refusal of
    /// the first illegal action of the batch, if any (no game was stepped then).
    fn refusal(&self, sync: &PartSync, actions: &[i64]) -> Result<(), BatchError> {
        if sync.refused.load(Ordering::Acquire) {
            self.setup.check_range(&self.envs, 0, actions)?;
        }
        Ok(())
    }

    fn check_buffers(&self, out: &BufferView<'_>) -> Result<(), BatchError> {
        let n = self.envs.len();
        let len = self.setup.spec.len();
        let sizes = [
            ("observations", out.observations.len(), n * len),
            ("masks", out.masks.len(), n * self.setup.actions.len()),
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
        let finals = if self.setup.config.autoreset == Autoreset::SameStep {
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

/// What every game of a batch shares, and every thread reads.
struct Setup<G: Game> {
    game: G,
    config: BatchConfig,
    spec: ObservationSpec,
    actions: ActionSpace,
    initial: G::State,
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

impl<G: Game> Setup<G> {
    /// Begins a new game in `env` (game `index` of the batch), with its random opening.
    fn begin(&self, env: &mut Env<G>, index: usize) {
        env.taken = 0;
        env.done = false;
        let seed = self.config.seed;
        let begun = env.begun;
        env.begun += 1;
        if self.config.random_opening == 0 {
            env.cursor.reset(&self.game, &self.initial);
            return;
        }
        let mut rng = SplitMix64::new(
            seed ^ (index as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ begun.rotate_left(32),
        );
        let state = crate::playout::random_opening(
            &self.game,
            &self.initial,
            self.config.random_opening,
            &mut rng,
        );
        env.cursor.reset(&self.game, &state);
    }

    /// Writes `env`'s observation, mask and player into `slot`.
    fn write(&self, env: &Env<G>, slot: &mut Slot<'_>) {
        let cursor = &env.cursor;
        if slot.dirty {
            slot.observation.fill(0);
        }
        slot.dirty = true;
        let view = TurnView {
            start: cursor.start(),
            board: cursor.board(&self.game),
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

    /// Checks the actions of the games `envs` (from game `first` of the batch): the refusal
    /// of the first action its game cannot take now.
    fn check_range(
        &self,
        envs: &[Env<G>],
        first: usize,
        actions: &[i64],
    ) -> Result<(), BatchError> {
        for (i, (env, &action)) in envs.iter().zip(actions).enumerate() {
            if env.done && self.config.autoreset == Autoreset::NextStep {
                continue;
            }
            let illegal = |reason: String| BatchError::Illegal {
                env: first + i,
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
        Ok(())
    }

    /// Steps `envs` with their `actions` in `threads` parts of equal size (the last may be
    /// smaller), each but the last on a thread of `scope`, the last on this one; returns how
    /// many parts went to other threads. Each part checks its actions, and no part steps
    /// until all have checked theirs and none was refused (`sync`): the check runs on every
    /// thread instead of on this one before the others start.
    fn step_parts<'scope, S: Spawn<'scope>>(
        &'scope self,
        scope: &S,
        threads: usize,
        mut envs: &'scope mut [Env<G>],
        actions: &'scope [i64],
        out: &'scope mut BufferView<'_>,
        sync: &'scope PartSync,
    ) -> usize {
        let per = envs.len().div_ceil(threads);
        let len = self.spec.len();
        let a = self.actions.len();
        let final_len = if out.final_observations.is_empty() {
            0
        } else {
            len
        };
        let parts = envs.len().div_ceil(per);
        let mut rest = out.reborrow();
        let mut first = 0;
        // Fewer than `threads - 1` when the games do not fill the parts (5 games on 4
        // threads are parts of 2, 2 and 1).
        let mut spawned = 0;
        // The last part is stepped by this thread while the others run: a thread fewer to
        // wake or start each step, which is most of a small batch's cost.
        while envs.len() > per {
            let (these, later) = envs.split_at_mut(per);
            envs = later;
            let (mut part, remainder) = split_view(rest, per, len, a, final_len);
            rest = remainder;
            let start = first;
            scope.spawn(move || {
                let actions = &actions[start..start + per];
                if sync.all_checked(self.check_range(these, start, actions).is_ok(), parts) {
                    self.step_range(these, start, actions, &mut part);
                }
                sync.finished.fetch_add(1, Ordering::Release);
            });
            spawned += 1;
            first += per;
        }
        let actions = &actions[first..];
        if sync.all_checked(self.check_range(envs, first, actions).is_ok(), parts) {
            self.step_range(envs, first, actions, &mut rest);
        }
        // Waits awake for the other parts rather than sleeping at the scope's end until they
        // wake it.
        wait_awake(|| sync.finished.load(Ordering::Acquire) >= spawned);
        spawned
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
                .push(&self.game, step)
                .expect("actions are checked before the step");
            env.taken += 1;
            // Within a turn the position is the turn's start, which was going on: only a
            // whole move can end the game (and a status may cost a move listing).
            let status = if env.cursor.complete().is_some() {
                env.cursor.advance(&self.game);
                self.game.status(env.cursor.start())
            } else {
                Status::Ongoing
            };
            let ended = match status {
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

/// How the parts of a step on several threads agree to step: each checks its actions, and
/// none steps until every part has checked and none was refused.
#[derive(Default)]
struct PartSync {
    /// Parts that have checked their actions.
    checked: AtomicUsize,
    /// A part found an action its game cannot take.
    refused: AtomicBool,
    /// Parts on other threads that are done.
    finished: AtomicUsize,
}

impl PartSync {
    /// Says whether this part's actions were legal, waits (awake, yielding the core) until
    /// all `parts` have said so, and answers whether every part may step. The parts run at
    /// once, each on its own thread, so the wait ends.
    fn all_checked(&self, legal: bool, parts: usize) -> bool {
        if !legal {
            self.refused.store(true, Ordering::Release);
        }
        self.checked.fetch_add(1, Ordering::AcqRel);
        while self.checked.load(Ordering::Acquire) < parts {
            std::thread::yield_now();
        }
        !self.refused.load(Ordering::Acquire)
    }
}

/// Runs work on another thread until the end of a scope: [`std::thread::Scope`], or with the
/// `rayon` feature a [`rayon::Scope`] over the batch's own pool. The batch steps its parts
/// with either.
trait Spawn<'scope> {
    fn spawn<F: FnOnce() + Send + 'scope>(&self, work: F);
}

impl<'scope> Spawn<'scope> for &'scope std::thread::Scope<'scope, '_> {
    fn spawn<F: FnOnce() + Send + 'scope>(&self, work: F) {
        std::thread::Scope::spawn(self, work);
    }
}

#[cfg(feature = "rayon")]
impl<'scope> Spawn<'scope> for rayon::Scope<'scope> {
    fn spawn<F: FnOnce() + Send + 'scope>(&self, work: F) {
        rayon::Scope::spawn(self, move |_| work());
    }
}

/// How long a thread waits awake for another before it lets itself be put to sleep: a
/// pool's worker for the next step, the caller's thread for the workers' parts. Waking a
/// sleeping thread took tens of microseconds on the machines measured, more than a small
/// batch's whole step; waiting yields the core, so a machine with more threads than cores
/// loses little to it.
const LINGER: Duration = Duration::from_micros(200);

/// Waits awake, yielding the core, until `done` says so or [`LINGER`] has passed.
fn wait_awake(done: impl Fn() -> bool) {
    let start = Instant::now();
    while !done() && start.elapsed() < LINGER {
        std::thread::yield_now();
    }
}

/// The pool of a batch stepped on `threads` threads: the caller's and `threads - 1` more.
#[cfg(feature = "rayon")]
fn pool_for(threads: usize) -> Option<rayon::ThreadPool> {
    if threads < 2 {
        return None;
    }
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads - 1)
        .thread_name(|i| format!("batch-{i}"))
        .build()
        .ok()
}

#[cfg(test)]
mod tests;
