//! A turn (§4): one move of the side to move, while the end rules (§5) let the game go on —
//! generated, counted, checked and played on a state. What a side's stones can do on a board
//! is [`crate::movement`]'s; this module adds the state around it: the game's end, the side
//! to move, the counters and the repetition history.

use board_kernel::{Illegal, Square};

use crate::end;
use crate::movement;
use crate::notation::Move;
use crate::options::Options;
use crate::state::{MAX_COUNT, State};

mod reasons;

/// Appends every legal move of `state` to `moves`: none once a draw rule has ended the game
/// (with no move at all the side to move has lost, and there is none to list either).
pub(crate) fn generate(options: &Options, state: &State, moves: &mut Vec<Move>) {
    if end::draw_reason(options, state).is_none() {
        movement::generate(options, &state.board, state.to_move, moves);
    }
}

/// How many legal moves `state` has, without listing them.
pub(crate) fn count(options: &Options, state: &State) -> usize {
    match end::draw_reason(options, state) {
        Some(_) => 0,
        None => movement::count(options, &state.board, state.to_move),
    }
}

/// The move at index `pick(n)` of the `n` legal moves, counting each stone's moves and
/// walking only the chosen stone's.
pub(crate) fn pick(
    options: &Options,
    state: &State,
    pick: impl FnOnce(usize) -> usize,
) -> Option<Move> {
    match end::draw_reason(options, state) {
        Some(_) => None,
        None => movement::pick(options, &state.board, state.to_move, pick),
    }
}

/// The squares of the stones the legal moves of `state` begin with (a row's far stone, a
/// single step's stone), as a bitboard: none once the game is over.
pub(crate) fn first_squares(options: &Options, state: &State) -> u64 {
    match end::draw_reason(options, state) {
        Some(_) => 0,
        None => movement::first_squares(options, &state.board, state.to_move),
    }
}

/// Appends the legal moves of `state` that begin with the stone on `first`, in the order of
/// [`generate`]: none once the game is over.
pub(crate) fn moves_from(options: &Options, state: &State, first: Square, moves: &mut Vec<Move>) {
    if end::draw_reason(options, state).is_none() {
        movement::moves_from(options, &state.board, state.to_move, first, moves);
    }
}

/// Whether `mv` may be played in `state`: nothing may once the game is over (§5), else the
/// rules of movement say, naming the rule a refused move breaks ([`reasons`]).
pub(crate) fn check(options: &Options, state: &State, mv: &Move) -> Result<(), Illegal> {
    if end::status(options, state).is_finished() {
        return Err(Illegal::GameOver);
    }
    reasons::check(options, &state.board, state.to_move, *mv).map_err(Illegal::from)
}

/// Why the clicked squares `made` then `refused` begin no legal move of `state` (`made`
/// beginning one), naming the rule ([`reasons::step_breach`]); `None` once the game is over.
pub(crate) fn step_refusal(
    options: &Options,
    state: &State,
    made: &[Square],
    refused: Square,
) -> Option<Illegal> {
    if end::status(options, state).is_finished() {
        return None;
    }
    reasons::step_breach(options, &state.board, state.to_move, made, refused).map(Illegal::from)
}

/// Plays the legal move `mv` on `state`: the board, the two counters, the side to move and
/// the repetition history.
pub(crate) fn play(options: &Options, state: &mut State, mv: &Move) {
    let captured = movement::play(&mut state.board, state.to_move, *mv);
    // Bounded: the counters stop at MAX_COUNT (the parser refuses more), and the
    // no-capture counter never passes the no-progress limit, which ends the game.
    state.quiet = if captured {
        0
    } else {
        (state.quiet + 1).min(MAX_COUNT)
    };
    state.turns = (state.turns + 1).min(MAX_COUNT);
    state.to_move = state.to_move.opponent();
    state.record_position(options, captured);
}
