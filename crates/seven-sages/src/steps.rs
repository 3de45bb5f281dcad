//! The turn as the steps a player touches (§4): the sage, where it goes, and for a kick where
//! the ball ends; the forced pass is a named choice.

use board_kernel::picture::Point;
use board_kernel::steps::{StepRole, TurnStep};

use crate::{Move, State};

/// The named choices: the forced pass.
pub const CHOICES: &[&str] = &["pass"];

/// The steps of `mv`.
pub(crate) fn move_steps(_state: &State, mv: &Move, out: &mut Vec<TurnStep>) {
    match *mv {
        Move::Pass => out.push(TurnStep::choice(0)),
        Move::Plain { from, to } => out.extend([
            TurnStep::cell(Point::of(from), StepRole::Select),
            TurnStep::cell(Point::of(to), StepRole::Move),
        ]),
        Move::Kick { from, to, ball } => out.extend([
            TurnStep::cell(Point::of(from), StepRole::Select),
            TurnStep::cell(Point::of(to), StepRole::Move),
            TurnStep::cell(Point::of(ball), StepRole::Ball),
        ]),
    }
}
