//! How a computer player judges a Seven Sages position: a cheap static evaluation.

use board_kernel::Side;

use crate::end::Outcome;
use crate::options::Options;
use crate::state::State;

/// The score lead towards `points_to_win`, and a little for the ball's advance towards the
/// opponent's goal; ±1 only for a finished game.
#[must_use]
pub fn evaluate(options: &Options, state: &State, side: Side) -> f64 {
    if let Outcome::Finished { winner, .. } = state.outcome() {
        return match winner {
            Some(w) if w == side => 1.0,
            Some(_) => -1.0,
            None => 0.0,
        };
    }
    let score = state.score();
    let me = f64::from(score[side]);
    let them = f64::from(score[side.opponent()]);
    let target = f64::from(options.points_to_win.max(1));
    // How far up the board the ball is, from `side`'s point of view, in [-1, 1].
    let rank = f64::from(state.ball().rank());
    let advance = match side {
        Side::White => (rank - 7.0) / 7.0,
        Side::Black => (7.0 - rank) / 7.0,
    };
    (0.8 * (me - them) / target + 0.2 * advance).clamp(-1.0, 1.0)
}
