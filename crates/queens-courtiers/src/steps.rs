//! The turn as the steps a player touches (§5): the piece, then the square of each part (a
//! double move's first part, then its second); the forced pass is a named choice.

use board_kernel::picture::Point;
use board_kernel::steps::{StepRole, TurnStep};

use crate::notation::PartKind;
use crate::{Move, State};

/// The named choices: the forced pass.
pub const CHOICES: &[&str] = &["pass"];

fn landing(kind: PartKind) -> StepRole {
    match kind {
        PartKind::Capture => StepRole::Capture,
        PartKind::Step | PartKind::Win => StepRole::Move,
    }
}

/// The steps of `mv`.
pub(crate) fn move_steps(_state: &State, mv: &Move, out: &mut Vec<TurnStep>) {
    match *mv {
        Move::Pass => out.push(TurnStep::choice(0)),
        Move::Single { from, to, kind } => out.extend([
            TurnStep::cell(Point::of(from), StepRole::Select),
            TurnStep::cell(Point::of(to), landing(kind)),
        ]),
        Move::Double {
            from,
            via,
            to,
            second,
        } => out.extend([
            TurnStep::cell(Point::of(from), StepRole::Select),
            TurnStep::cell(Point::of(via), StepRole::Move),
            TurnStep::cell(Point::of(to), landing(second)),
        ]),
    }
}
