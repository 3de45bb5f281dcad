//! The uniformly random player: the baseline every searcher is measured against.

use board_kernel::{Game, SplitMix64};

use crate::Player;

/// Plays a uniformly random legal move.
#[derive(Clone, Debug)]
pub struct RandomPlayer<M> {
    rng: SplitMix64,
    moves: Vec<M>,
}

impl<M> RandomPlayer<M> {
    /// A random player whose choices follow from `seed`.
    #[must_use]
    pub fn new(seed: u64) -> Self {
        RandomPlayer {
            rng: SplitMix64::new(seed),
            // Empty: a series makes a player per game, and most games pick a random move
            // without a list; the default `random_move` gives it room when it lists.
            moves: Vec::new(),
        }
    }
}

impl<G: Game> Player<G> for RandomPlayer<G::Move> {
    fn name(&self) -> String {
        "random".to_owned()
    }

    fn choose(&mut self, game: &G, state: &G::State) -> Option<G::Move> {
        game.random_move(state, &mut self.rng, &mut self.moves)
    }
}
