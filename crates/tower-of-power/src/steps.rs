//! The turn as the steps a player touches (§4): a row's far stone, the square the row piles
//! onto and the last square its pile is dealt to; a single step's stone and its square.

use board_kernel::picture::Point;
use board_kernel::steps::{StepRole, TurnStep};

use crate::{Move, State};

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
