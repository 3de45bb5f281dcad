//! PUCT: the tree search of AlphaZero, guided by an [`Evaluator`] (a policy over the game's
//! actions and a value for the player to move) instead of rollouts.
//!
//! # Over steps, not whole moves
//! The tree's edges are the steps of a turn, numbered as integer actions
//! ([`board_kernel::observe::ActionSpace`]): a Chain Reaction turn with a thousand chains is
//! a few choices of a few cells each, so the policy has a fixed, small range and the tree
//! stays narrow. A node is the turn so far; when its steps make a whole move the move is
//! played and the node is the next turn's start. The side that chooses a step is the side to
//! move in its turn, asked of the game, so consecutive steps of one turn belong to one
//! player.
//!
//! # The search
//! Each simulation walks down from the root, choosing at each node the child with the most
//! `Q + c · P · sqrt(N) / (1 + n)` (`Q` the child's mean value for the side choosing it, an
//! unvisited child counting as the parent's value less [`PuctConfig::fpu_reduction`]), until
//! it reaches a node not yet evaluated. That node's observation and legal actions go into an
//! [`EvalBatch`]; once the batch is full (several leaves of one tree, kept apart by a virtual
//! loss, or the leaves of several trees in self-play) the evaluator answers for all of them
//! at once, the leaves are expanded with the policy as priors and the values are backed up.
//! A finished game is scored by its result, never by the evaluator.
//!
//! # Self-play
//! Dirichlet noise on the root's priors ([`PuctConfig::noise`]) and a choice in proportion to
//! the visits ([`PuctTree::sample`]) vary the games; [`PuctTree::policy`] is the visit
//! distribution a network learns from.

mod batch;
mod noise;
mod player;
mod tree;

use board_kernel::Game;

use crate::Budget;
pub use batch::EvalBatch;
pub use noise::Noise;
pub use player::{Puct, PuctInfo};
pub use tree::PuctTree;

/// What guides the search: for each position, a policy over the actions and a value.
pub trait Evaluator<G: Game>: Send {
    /// What the evaluator is, for people (`neural kamisado, generation 12`).
    fn describe(&self) -> String;

    /// Answers for every position in `batch`: writes [`EvalBatch::policies`] (for each
    /// position, probabilities over the actions, zero where the mask is false, summing to 1)
    /// and [`EvalBatch::values`] (each in `[-1, 1]`, for the player to move).
    fn evaluate(&mut self, batch: &mut EvalBatch);
}

/// The settings of a PUCT search.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PuctConfig {
    /// Simulations, or wall time, per move (shared by the move's decisions).
    pub budget: Budget,
    /// The exploration constant `c`.
    pub c_puct: f32,
    /// An unvisited child counts as its parent's value less this.
    pub fpu_reduction: f32,
    /// Leaves evaluated together per call of the evaluator (with a virtual loss between
    /// them).
    pub batch: usize,
    /// Noise on the root's priors (self-play only).
    pub noise: Option<Noise>,
    /// The tree stops growing at this many nodes: a memory bound for long time budgets.
    pub max_nodes: usize,
    /// Whether a search starts from the part of the previous move's tree below the position
    /// reached.
    pub reuse_tree: bool,
    /// Whether proven wins and losses are backed up (MCTS-Solver): a move that wins by force
    /// is played as soon as the tree proves it, one that loses by force is avoided, and a
    /// proven position is not searched again.
    pub solver: bool,
}

impl Default for PuctConfig {
    fn default() -> PuctConfig {
        PuctConfig {
            budget: Budget::Count(400),
            c_puct: 1.5,
            fpu_reduction: 0.2,
            batch: 8,
            noise: None,
            max_nodes: 2_000_000,
            reuse_tree: true,
            solver: true,
        }
    }
}

#[cfg(test)]
mod tests;
