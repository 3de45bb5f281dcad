//! Rollouts: lightly biased or uniform moves from a new leaf, capped in length and then
//! scored by the static evaluation ([`Rollout`](super::Rollout)).

use board_kernel::{Game, Side};

use super::{Mcts, Rollout, reward};
use crate::eval::{self, outcome};

impl<G: Game> Mcts<G> {
    /// Plays on from `state` to the end or the cap; the reward for White.
    pub(super) fn rollout(&mut self, game: &G, mut state: G::State) -> f64 {
        for _ in 0..self.cap {
            if let Some(v) = outcome(&game.status(&state), Side::White) {
                return reward(v);
            }
            let k = match self.config.rollout {
                Rollout::BestOf(k) if k > 1 => usize::from(k),
                _ => 1,
            };
            if k == 1 {
                // A uniform pick: the game may find it without listing every move.
                let Some(mv) = game.random_move(&state, &mut self.rng, &mut self.moves) else {
                    return 0.5;
                };
                game.play_unchecked(&mut state, &mv);
                continue;
            }
            self.moves.clear();
            game.legal_moves(&state, &mut self.moves);
            let pick = match self.moves.len() {
                0 => return 0.5,
                1 => self.rng.below(1),
                _ => self.best_of(game, &state, k),
            };
            game.play_unchecked(&mut state, &self.moves[pick]);
        }
        reward(eval::evaluate(game, &state, Side::White))
    }

    /// The index in `self.moves` of the best of `k` sampled moves for the side to move.
    fn best_of(&mut self, game: &G, state: &G::State, k: usize) -> usize {
        let side = game.side_to_move(state);
        let mut best = 0;
        let mut best_value = f64::NEG_INFINITY;
        for _ in 0..k {
            let i = self.rng.below(self.moves.len());
            let mut next = state.clone();
            game.play_unchecked(&mut next, &self.moves[i]);
            let v = eval::evaluate(game, &next, side);
            if v > best_value {
                best_value = v;
                best = i;
            }
        }
        best
    }
}
