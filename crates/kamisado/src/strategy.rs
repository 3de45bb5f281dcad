//! How a computer player judges a Kamisado position: a cheap static evaluation for search.

use board_kernel::Side;

use crate::board::home_rank;
use crate::state::decode;
use crate::{Colour, Options, Phase, State, turn};

/// The number of `side`'s towers that could reach the opponent's home row in one move,
/// ignoring the colour requirement: a cheap measure of threats (open lanes).
#[must_use]
pub fn open_lanes(state: &State, side: Side) -> u32 {
    let target = home_rank(side.opponent());
    let mut lanes = 0;
    for colour in Colour::ALL {
        let c = state.pos[side.index()][colour.index()];
        let Some(t) = decode(state.cells[c as usize]) else {
            continue;
        };
        let distance = u32::from((c >> 3).abs_diff(target));
        if distance == 0 {
            continue;
        }
        if turn::forward_reach(state, c, t)
            .iter()
            .any(|&reach| u32::from(reach) >= distance)
        {
            lanes += 1;
        }
    }
    lanes
}

/// The evaluation of `state` for `side` in `[-1, 1]`: the match score lead, open lanes to the
/// home row, and a small bonus for having the move.
#[must_use]
pub fn evaluate(options: &Options, state: &State, side: Side) -> f64 {
    let sign = |s: Side| if s == side { 1.0 } else { -1.0 };
    if let (Phase::Over, Some(r)) = (state.phase, state.result) {
        return sign(r.winner);
    }
    let target = f64::from(options.match_target.max(1));
    let score = state.score();
    let lead = (f64::from(score[side]) - f64::from(score[side.opponent()])) / target;
    // Open lanes to the home row are threats; the side to move can use one at once if its
    // required tower has one, which the lane count only approximates.
    let lanes = f64::from(open_lanes(state, side)) - f64::from(open_lanes(state, side.opponent()));
    let tempo = if state.phase == Phase::Play {
        0.05 * sign(state.to_move)
    } else {
        0.0
    };
    (0.5 * lead + 0.1 * lanes + tempo).clamp(-0.99, 0.99)
}
