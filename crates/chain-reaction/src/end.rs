//! End of the game (rule book section 5): the points target, the turn limit and the optional
//! repetition draw, checked in that order.

use board_kernel::{BySide, GameResult, Side, Status};

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

/// The points each side has scored, which the contract reports as the game's scores.
pub(crate) fn scores(state: &State) -> BySide<i64> {
    BySide::new(state.scores[0], state.scores[1])
}
