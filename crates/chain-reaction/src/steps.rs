//! The turn as the steps a player touches (§4, §7): the pending stone's cell when one is put
//! back first; for the free step the stone and the cell it steps to; for each tower segment
//! the cell its top stone lands on (the tower's own cell is never a choice), then the
//! re-placement cell when it scores; the penalty is a named choice, followed by the
//! re-placement cell when the bottom stone is the mover's.

use board_kernel::picture::Point;
use board_kernel::steps::{StepRole, TurnStep};

use crate::board::Spot;
use crate::{Move, State};

/// The named choices: the penalty of a turn whose required tower segment is impossible.
pub const CHOICES: &[&str] = &["penalty"];

fn cell(spot: Spot, role: StepRole) -> TurnStep {
    TurnStep::cell(Point::new(spot.file(), spot.rank()), role)
}

/// The steps of `mv`.
pub(crate) fn move_steps(_state: &State, mv: &Move, out: &mut Vec<TurnStep>) {
    if let Some(z) = mv.placement() {
        out.push(cell(z, StepRole::Place));
    }
    for segment in mv.segments() {
        if segment.is_free_step() {
            out.push(cell(segment.from, StepRole::Select));
        }
        out.push(cell(segment.to, StepRole::Move));
        if let Some(z) = segment.replace {
            out.push(cell(z, StepRole::Place));
        }
    }
    if let Some(penalty) = mv.penalty() {
        out.push(TurnStep::choice(0));
        if let Some(z) = penalty.replace {
            out.push(cell(z, StepRole::Place));
        }
    }
}
