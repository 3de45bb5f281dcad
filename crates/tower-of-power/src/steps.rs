//! The turn as the steps a player touches (§4): a row's far stone, the square the row piles
//! onto and the last square its pile is dealt to; a single step's stone and its square.

use board_kernel::Square;
use board_kernel::picture::Point;
use board_kernel::steps::{Step, StepRole, TurnStep};

use crate::board::Bits;
use crate::options::Options;
use crate::{Move, State, turn};

/// The steps of `mv`.
pub(crate) fn move_steps(_state: &State, mv: &Move, out: &mut Vec<TurnStep>) {
    match *mv {
        Move::Row { far, base, end } => out.extend([
            TurnStep::cell(Point::of(far), StepRole::Select),
            TurnStep::cell(Point::of(base), StepRole::Move),
            TurnStep::cell(Point::of(end), StepRole::Move),
        ]),
        Move::Step { from, to } => out.extend([
            TurnStep::cell(Point::of(from), StepRole::Select),
            TurnStep::cell(Point::of(to), StepRole::Move),
        ]),
    }
}

/// The first steps of the legal moves: each stone a move begins with (a row's far stone, a
/// single step's stone); nothing once the game is over.
pub(crate) fn first_steps(options: &Options, state: &State, out: &mut Vec<TurnStep>) {
    let first = turn::first_squares(options, state);
    for s in Bits(first) {
        let at = Point::of(crate::board::square(s));
        out.push(TurnStep::cell(at, StepRole::Select));
    }
}

/// The legal moves whose first step is `first`: the rows whose far stone and the steps whose
/// stone is there.
pub(crate) fn moves_beginning_with(
    options: &Options,
    state: &State,
    first: Step,
    out: &mut Vec<Move>,
) {
    if let Step::Cell(at) = first
        && let Some(from) = Square::new(at.col, at.row)
    {
        turn::moves_from(options, state, from, out);
    }
}
