//! The end of a round and of the game (§5): home row, deadlock, the safety nets, promotion
//! and score, and the refill between rounds.

use board_kernel::{BySide, GameResult, Side, Status};

use crate::Fill;
use crate::board::{cell, home_rank};
use crate::options::{RoundStarter, Scoring};
use crate::state::{Phase, RoundResult, decode};
use crate::{Colour, Options, Reason, State, Tower};

/// How a round is ending, found by the ply that ends it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Ending {
    winner: Side,
    reason: Reason,
    colour: Colour,
}

impl Ending {
    /// `winner` moved his `colour` tower onto the opponent's home row (§5.1).
    pub(crate) fn home(winner: Side, colour: Colour) -> Ending {
        Ending {
            winner,
            reason: Reason::HomeRow,
            colour,
        }
    }

    /// `loser` made the last actual move before a deadlock, a repetition or the backstop
    /// (§5.2, §5.3); the winner scores with his tower of the landing square's colour.
    pub(crate) fn caused_by(loser: Side, reason: Reason, landing_colour: Colour) -> Ending {
        Ending {
            winner: loser.opponent(),
            reason,
            colour: landing_colour,
        }
    }
}

/// Points the round winner gains when his tower of rank `before` scores (§5.5).
#[must_use]
pub fn round_points(scoring: Scoring, before: u8) -> u32 {
    match scoring {
        Scoring::RingValues => match before {
            0 => 1,
            1 => 2,
            2 => 4,
            _ => 8,
        },
        Scoring::PerRound => match before {
            0 => 1,
            1 => 3,
            2 => 7,
            _ => 15,
        },
    }
}

/// The points a tower of `rank` has earned for its owner under `scoring`, not counting a
/// Triple's extra scores: the sum of [`round_points`] over its promotions.
#[must_use]
pub fn rank_points(scoring: Scoring, rank: u8) -> u32 {
    (0..rank.min(crate::MAX_RANK))
        .map(|r| round_points(scoring, r))
        .sum()
}

/// Finishes the round as part of the ply that ended it (§4.3 "End of a round", §5.4, §5.5).
pub(crate) fn end_round(options: &Options, state: &mut State, e: Ending) {
    state.required = None;
    state.result = Some(RoundResult {
        winner: e.winner,
        reason: e.reason,
        colour: e.colour,
    });
    let w = e.winner.index();
    if !options.is_match() {
        state.scores[w] = 1;
        state.phase = Phase::Over;
        state.restart_history();
        return;
    }
    let c = state.pos[w][e.colour.index()];
    let before = decode(state.cells[c as usize]).map_or(0, |t| t.rank);
    state.scores[w] = state.scores[w].saturating_add(round_points(options.scoring, before));
    if before < crate::MAX_RANK {
        state.set_rank(c, before + 1);
    }
    if state.scores[w] >= options.match_target {
        state.phase = Phase::Over;
    } else {
        state.phase = Phase::Refill;
        state.to_move = e.winner;
    }
    // No position of the finished round counts any more: a parsed end-of-round position
    // starts its history the same way.
    state.restart_history();
}

/// The home-row square `i` steps from the corner where a fill in `dir` starts (§5.6).
fn fill_file(side: Side, dir: Fill, i: u8) -> u8 {
    match (side, dir) {
        (Side::White, Fill::Left) | (Side::Black, Fill::Right) => i,
        (Side::White, Fill::Right) | (Side::Black, Fill::Left) => 7 - i,
    }
}

/// The order in which `side`'s towers fill his home row in direction `dir` (§5.6): nearest
/// to the home row first, then nearest to the starting corner.
#[must_use]
pub fn fill_order(state: &State, side: Side, dir: Fill) -> [(u8, Tower); 8] {
    let home = home_rank(side);
    let corner = fill_file(side, dir, 0);
    let mut order = [(0u8, Tower::new(side, Colour::Orange, 0)); 8];
    for (i, colour) in Colour::ALL.into_iter().enumerate() {
        let c = state.pos[side.index()][colour.index()];
        let t = decode(state.cells[c as usize]).unwrap_or(Tower::new(side, colour, 0));
        order[i] = (c, t);
    }
    order.sort_by_key(|&(c, _)| ((c >> 3).abs_diff(home), (c & 7).abs_diff(corner)));
    order
}

/// The Defender's refill ply (§4.3 phase Refill, §5.6): both home rows are filled in the
/// chosen direction and the next round starts.
pub(crate) fn refill(options: &Options, state: &mut State, dir: Fill) {
    let orders = [
        fill_order(state, Side::White, dir),
        fill_order(state, Side::Black, dir),
    ];
    state.clear_board();
    for side in Side::ALL {
        let rank = home_rank(side);
        for (i, &(_, t)) in orders[side.index()].iter().enumerate() {
            let sq = board_kernel::Square::at(fill_file(side, dir, i as u8), rank);
            state.put(cell(sq), t);
        }
    }
    let winner = state.result.map_or(state.to_move, |r| r.winner);
    // Bounded: a parsed position's round is at most `Options::max_rounds`, and a refill only
    // follows a round that did not decide the match.
    state.round = state.round.saturating_add(1);
    state.phase = Phase::Play;
    state.to_move = match options.next_round_starter {
        RoundStarter::Loser => winner.opponent(),
        RoundStarter::Winner => winner,
    };
    state.required = None;
    state.passes = 0;
    state.last = None;
    state.ply = 0;
    state.result = None;
    state.restart_history();
}

/// The game's status: a match is over when its deciding round is, and the match winner is
/// that round's winner.
pub(crate) fn status(_options: &Options, state: &State) -> Status {
    match (state.phase, state.result) {
        (Phase::Over, Some(r)) => Status::Finished(GameResult::win(r.winner, r.reason.words())),
        _ => Status::Ongoing,
    }
}

/// The match score (§5.4), which the contract reports as the game's scores.
pub(crate) fn scores(state: &State) -> BySide<i64> {
    state.score().map(i64::from)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ring_values_add_up_to_tower_worth() {
        for rank in 0..=3 {
            assert_eq!(
                rank_points(Scoring::RingValues, rank),
                crate::pieces::ring_worth(rank)
            );
        }
        assert_eq!(
            (0..=3)
                .map(|r| rank_points(Scoring::PerRound, r))
                .collect::<Vec<_>>(),
            [0, 1, 4, 11]
        );
        assert_eq!(round_points(Scoring::RingValues, 3), 8);
        assert_eq!(round_points(Scoring::PerRound, 3), 15);
    }
}
