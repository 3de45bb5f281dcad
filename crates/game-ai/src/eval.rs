//! Static evaluation shared by the searchers: the game's own hook first, generic fallbacks
//! after it.

use board_kernel::prelude::*;
use board_kernel::{BySide, Side, Status};

/// The score lead that counts as half a win in the score-difference fallback: a lead `d`
/// evaluates to `d / (|d| + SCORE_SCALE)`.
pub const SCORE_SCALE: f64 = 4.0;

/// The value of a finished game for `side`: 1 for a win, -1 for a loss, 0 for a draw;
/// `None` while it goes on.
#[must_use]
pub fn outcome(status: &Status, side: Side) -> Option<f64> {
    status.result().map(|r| match r.winner {
        Some(w) if w == side => 1.0,
        Some(_) => -1.0,
        None => 0.0,
    })
}

/// A score lead squashed into `(-1, 1)`.
#[must_use]
pub fn score_lead(scores: BySide<i64>, side: Side) -> f64 {
    let d = (scores[side] - scores[side.opponent()]) as f64;
    d / (d.abs() + SCORE_SCALE)
}

/// The static value of an ongoing `state` for `side`, in `[-1, 1]`: the game's
/// [`Search::heuristic`] where it has one; otherwise the squashed score difference
/// ([`score_lead`]) for games that keep a score; otherwise 0 (nothing is known).
#[must_use]
pub fn heuristic<G: Game>(game: &G, state: &G::State, side: Side) -> f64 {
    if let Some(h) = game.heuristic(state, side) {
        return if h.is_nan() { 0.0 } else { h.clamp(-1.0, 1.0) };
    }
    game.scores(state).map_or(0.0, |s| score_lead(s, side))
}

/// The value of any `state` for `side`: the result when the game is over, else
/// [`heuristic`].
#[must_use]
pub fn evaluate<G: Game>(game: &G, state: &G::State, side: Side) -> f64 {
    outcome(&game.status(state), side).unwrap_or_else(|| heuristic(game, state, side))
}

#[cfg(test)]
mod tests {
    use super::*;
    use board_kernel::testing::Nim;

    #[test]
    fn finished_games_are_exact_and_nim_has_no_hint() {
        let game = Nim::default();
        let mut state = game.initial_state();
        assert_eq!(evaluate(&game, &state, Side::White), 0.0);
        state.stones = 0; // White to move with no stones: Black took the last one.
        assert_eq!(evaluate(&game, &state, Side::Black), 1.0);
        assert_eq!(evaluate(&game, &state, Side::White), -1.0);
        let lead = score_lead(BySide::new(6, 2), Side::White);
        assert!((lead - 0.5).abs() < 1e-12);
        assert!((score_lead(BySide::new(6, 2), Side::Black) + 0.5).abs() < 1e-12);
    }
}
