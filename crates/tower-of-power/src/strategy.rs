//! How a computer player judges a Tower of Power position: a cheap static evaluation.

use board_kernel::{Side, Status};

use crate::{Options, State, end};

/// Material and mobility: the stone difference counts most, the difference in active stones
/// (those not pinned) a quarter as much, squashed into `(-1, 1)`; a finished game is worth
/// 1, 0 or -1.
#[must_use]
pub fn evaluate(options: &Options, state: &State, side: Side) -> f64 {
    if let Status::Finished(result) = end::status(options, state) {
        return match result.winner {
            Some(w) if w == side => 1.0,
            Some(_) => -1.0,
            None => 0.0,
        };
    }
    let board = state.board();
    let them = side.opponent();
    let material = board.material(side) as f64 - board.material(them) as f64;
    let active =
        f64::from(board.active(side).count_ones()) - f64::from(board.active(them).count_ones());
    let x = (material + 0.25 * active) / 4.0;
    x / (1.0 + x.abs())
}
