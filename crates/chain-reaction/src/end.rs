//! End of the game (rule book section 5): the points target, the turn limit and the optional
//! repetition draw, checked in that order.

use board_kernel::{GameResult, Side, Status};

use crate::options::Options;
use crate::state::State;

/// The reason of a won game.
pub const REASON_TARGET: &str = "target reached";
/// The reason of a game drawn by `max_plies`.
pub const REASON_TURN_LIMIT: &str = "turn limit";
/// The reason of a game drawn by `repetition_limit`.
pub const REASON_REPETITION: &str = "repetition";

/// The game's status under `options` (5.1, 5.3): a player at or above his target has won;
/// otherwise a turn count at the limit, or a position occurring for the N-th time, is a draw.
pub(crate) fn status(options: &Options, state: &State) -> Status {
    for side in Side::ALL {
        if state.scores[side.index()] >= state.targets[side.index()] {
            return Status::Finished(GameResult::win(side, REASON_TARGET));
        }
    }
    if options.max_plies != 0 && state.plies >= u64::from(options.max_plies) {
        return Status::Finished(GameResult::draw(REASON_TURN_LIMIT));
    }
    if options.repetition_limit >= 2
        && state.history.occurrences(state.repetition_key()) >= options.repetition_limit as usize
    {
        return Status::Finished(GameResult::draw(REASON_REPETITION));
    }
    Status::Ongoing
}

fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The repetition key of a position: a 64-bit hash of every field of the one-line text but
/// the turn count (5.3). Distinct positions share a key with probability about 2⁻⁶⁴ per pair.
pub(crate) fn position_key(state: &State) -> u64 {
    let board = state.board();
    let mut h = 0x5EED_C4A1_u64;
    let mut feed = |v: u64| h = mix(h ^ v).wrapping_add(0x9E37_79B9_7F4A_7C15);
    feed(board.single_mask(Side::White));
    feed(board.single_mask(Side::Black));
    feed(board.tower().map_or(u64::MAX, |t| {
        (t.cell.bit().trailing_zeros() as u64) << 2
            | (t.bottom.index() as u64) << 1
            | t.top.index() as u64
    }));
    feed(state.to_move.index() as u64);
    feed(u64::from(state.segment));
    feed(state.scores[0] as u64);
    feed(state.scores[1] as u64);
    feed(state.targets[0] as u64);
    feed(state.targets[1] as u64);
    feed(state.pending.map_or(2, |s| s.index() as u64));
    h
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position;

    fn key(text: &str) -> u64 {
        position_key(&position::parse(text, &Options::default()).unwrap())
    }

    #[test]
    fn the_repetition_key_ignores_only_the_turn_count() {
        let base = "2b4/7/7/7/7/w1w4/bb5/www4 b 0 3 0 12 12 b 1";
        assert_eq!(
            key(base),
            key("2b4/7/7/7/7/w1w4/bb5/www4 b 0 3 0 12 12 b 41")
        );
        for other in [
            "2b4/7/7/7/7/w1w4/bb5/www4 b 0 3 0 12 12 b 1".replace("2b4/", "3b3/"),
            "2b4/7/7/7/7/w1w4/bb5/www4 b 0 2 0 12 12 b 1".to_owned(),
            "2b4/7/7/7/7/w1w4/bb5/www4 b 0 3 1 12 12 b 1".to_owned(),
            "2b4/7/7/7/7/w1w4/bb5/www4 b 0 3 0 13 12 b 1".to_owned(),
            "2b4/7/7/7/7/w1w4/bb5/www4 b 0 3 0 12 13 b 1".to_owned(),
            "2b4/7/7/7/7/w1w4/bb5/www4 w 0 3 0 12 12 - 1".replace("2b4/", "2bb3/"),
        ] {
            assert_ne!(key(base), key(&other), "{other}");
        }
    }
}
