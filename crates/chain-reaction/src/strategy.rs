//! How a computer player judges a Chain Reaction position: a cheap static evaluation.
//!
//! Points come in chains: a free step that builds a tower, then tower segments that each
//! carry the top stone two cells on, until one carries it over the far edge. So a position
//! is judged by the race to the targets and, besides, by the best chain the side to move has
//! now (its threat): the points it can score this turn, or the penalty it cannot avoid.

use board_kernel::Side;

use crate::end::status;
use crate::options::Options;
use crate::state::State;

/// A cheap evaluation in `[-1, 1]` for `side`: the race to the targets with the side to
/// move's best chain counted at 0.9 of its points (the module's text), plus a little for
/// stones advanced towards the far edge.
#[must_use]
pub fn evaluate(options: &Options, state: &State, side: Side) -> f64 {
    if let Some(result) = status(options, state).result() {
        return match result.winner {
            Some(w) if w == side => 1.0,
            Some(_) => -1.0,
            None => 0.0,
        };
    }
    let progress = |s: Side| state.score(s) as f64 / state.target(s).max(1) as f64;
    let advance = |s: Side| -> f64 {
        let board = state.board();
        let sum: u32 = board
            .singles(s)
            .map(|c| match s {
                Side::White => u32::from(c.rank() - 1),
                Side::Black => u32::from(8 - c.rank()),
            })
            .sum();
        f64::from(sum) / 77.0
    };
    let other = side.opponent();
    let mover = state.to_move();
    let threat = crate::turn::counting::best_gain(options, state).map_or(0.0, |gain| {
        0.9 * f64::from(gain) / state.target(mover).max(1) as f64
    });
    let threat = if mover == side { threat } else { -threat };
    let x =
        2.0 * (progress(side) - progress(other) + threat) + 0.3 * (advance(side) - advance(other));
    x.tanh()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position;

    #[test]
    fn the_heuristic_stays_in_range_and_favours_the_leader() {
        let options = Options::default();
        let ahead =
            position::parse(&options, "2b4/7/7/7/7/w1w4/bb5/www4 b 0 9 0 12 12 b 1").unwrap();
        let h = evaluate(&options, &ahead, Side::White);
        assert!(h > 0.0 && h <= 1.0);
        assert!((evaluate(&options, &ahead, Side::Black) + h).abs() < 1e-9);
    }
}
