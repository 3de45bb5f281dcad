//! The positions a search hands its [`Evaluator`](super::Evaluator) at once: observations
//! and legal-action masks in flat arrays, and the answers written beside them.

use board_kernel::Game;
use board_kernel::observe::{ActionSpace, TurnView};
use board_kernel::steps::TurnCursor;

/// Positions for an [`Evaluator`](super::Evaluator), as observations and legal-action masks,
/// and its answers.
#[derive(Clone, Debug, Default)]
pub struct EvalBatch {
    /// Bytes an observation has.
    pub observation_len: usize,
    /// Actions a policy has.
    pub actions: usize,
    /// `n × observation_len` observation bytes ([`board_kernel::observe`]).
    pub observations: Vec<u8>,
    /// `n × actions`: the legal actions.
    pub masks: Vec<bool>,
    /// `n × actions`: the evaluator's policies.
    pub policies: Vec<f32>,
    /// `n`: the evaluator's values.
    pub values: Vec<f32>,
}

impl EvalBatch {
    /// An empty batch for observations of `observation_len` bytes and `actions` actions.
    #[must_use]
    pub fn new(observation_len: usize, actions: usize) -> EvalBatch {
        EvalBatch {
            observation_len,
            actions,
            ..EvalBatch::default()
        }
    }

    /// An empty batch for `game`.
    #[must_use]
    pub fn for_game<G: Game>(game: &G) -> EvalBatch {
        EvalBatch::new(game.observation_spec().len(), ActionSpace::of(game).len())
    }

    /// How many positions the batch holds.
    #[must_use]
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// Whether the batch holds none.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// Empties the batch, keeping its memory.
    pub fn clear(&mut self) {
        self.observations.clear();
        self.masks.clear();
        self.policies.clear();
        self.values.clear();
    }

    /// Adds the position of `cursor`'s turn so far (its observation and mask; answers 0 until
    /// evaluated) and returns its index.
    pub fn push<G: Game>(
        &mut self,
        game: &G,
        space: &ActionSpace,
        cursor: &TurnCursor<G>,
    ) -> usize {
        let index = self.len();
        let from = self.observations.len();
        self.observations.resize(from + self.observation_len, 0);
        let view = TurnView {
            start: cursor.start(),
            board: cursor.board(game),
            steps: cursor.steps(),
            next: cursor.next(),
        };
        game.observe(&view, &mut self.observations[from..]);
        let from = self.masks.len();
        self.masks.resize(from + self.actions, false);
        for t in cursor.next() {
            if let Some(a) = space.action(t.step) {
                self.masks[from + a] = true;
            }
        }
        self.policies
            .resize(self.policies.len() + self.actions, 0.0);
        self.values.push(0.0);
        index
    }

    /// The observation of position `i`.
    #[must_use]
    pub fn observation(&self, i: usize) -> &[u8] {
        &self.observations[i * self.observation_len..(i + 1) * self.observation_len]
    }

    /// The mask of position `i`.
    #[must_use]
    pub fn mask(&self, i: usize) -> &[bool] {
        &self.masks[i * self.actions..(i + 1) * self.actions]
    }

    /// The policy of position `i`.
    #[must_use]
    pub fn policy(&self, i: usize) -> &[f32] {
        &self.policies[i * self.actions..(i + 1) * self.actions]
    }
}
