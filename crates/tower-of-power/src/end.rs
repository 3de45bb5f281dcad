//! End of the game: the loss by having no legal move and the automatic draws, checked in the
//! rule book's order after every move (and on a loaded position).

use board_kernel::{GameResult, Status};

use crate::movement;
use crate::options::Options;
use crate::state::State;

/// Why the side to move lost: it has no legal move (no stones, all pinned, or — without
/// single steps — no two active stones side by side).
pub const NO_LEGAL_MOVE: &str = "no legal move";
/// Why a game is drawn when both sides are down to the material threshold.
pub const INSUFFICIENT_MATERIAL: &str = "insufficient material";
/// Why a game is drawn after too many moves without a capture.
pub const NO_PROGRESS: &str = "no progress";
/// Why a game is drawn when a position comes back too often.
pub const REPETITION: &str = "repetition";

/// The draw that applies to `state` (checks 2 to 4), if any, ignoring check 1.
pub(crate) fn draw_reason(options: &Options, state: &State) -> Option<&'static str> {
    let board = &state.board;
    let threshold = options.material_draw_threshold as usize;
    if threshold > 0
        && board.material(board_kernel::Side::White) <= threshold
        && board.material(board_kernel::Side::Black) <= threshold
    {
        return Some(INSUFFICIENT_MATERIAL);
    }
    if options.no_capture_draw_plies > 0 && state.quiet >= options.no_capture_draw_plies {
        return Some(NO_PROGRESS);
    }
    if options.repetition_limit >= 2
        && state.history.occurrences(state.repetition_key()) >= options.repetition_limit as usize
    {
        return Some(REPETITION);
    }
    None
}

/// The status by the four end checks, in order.
pub(crate) fn status(options: &Options, state: &State) -> Status {
    if !movement::has_move(options, &state.board, state.to_move) {
        return Status::Finished(GameResult::win(state.to_move.opponent(), NO_LEGAL_MOVE));
    }
    match draw_reason(options, state) {
        Some(reason) => Status::Finished(GameResult::draw(reason)),
        None => Status::Ongoing,
    }
}
