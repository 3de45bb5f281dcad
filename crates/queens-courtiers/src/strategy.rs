//! How a computer player judges a Queens' Courtiers position: a cheap static evaluation.

use board_kernel::Side;

use crate::pieces::Royal;
use crate::state::State;
use crate::turn::TurnRule;

/// Favours the side whose King and Queen are closer together, with more Courtiers and fewer
/// paralysed Royals; ±1 only for a finished game.
#[must_use]
pub(crate) fn evaluate(rule: &TurnRule, state: &State, side: Side) -> f64 {
    if let Some(result) = state.outcome().status().result() {
        return match result.winner {
            Some(w) if w == side => 1.0,
            Some(_) => -1.0,
            None => 0.0,
        };
    }
    let board = state.board();
    let checked = rule.check.checked(board);
    let value = |s: Side| -> f64 {
        let k = board.royal(Royal::of(s, false));
        let q = board.royal(Royal::of(s, true));
        let paralysed = Royal::ALL
            .iter()
            .filter(|r| r.side == s && checked.contains(**r))
            .count();
        -0.15 * f64::from(k.distance(q)) + 0.2 * board.courtier_count(s) as f64
            - 0.3 * paralysed as f64
    };
    let x = value(side) - value(side.opponent());
    0.95 * x / (1.0 + x.abs())
}
