//! The turn as the steps a player touches (§3, §5.6): the tower, then the square it moves to
//! or the Sumo's square ahead; a forced pass and the refill side are named choices.

use board_kernel::picture::Point;
use board_kernel::steps::{StepRole, TurnStep};

use crate::{Fill, Move, State};

/// The named choices: the forced pass and the round winner's two refill sides.
pub const CHOICES: &[&str] = &["pass", "fill-L", "fill-R"];

/// The steps of `mv`: the tower's square and where it goes (a push's square ahead is marked
/// as a capture: an opponent's tower is there), or a named choice.
pub(crate) fn move_steps(_state: &State, mv: &Move, out: &mut Vec<TurnStep>) {
    match *mv {
        Move::Step { from, to } => out.extend([
            TurnStep::cell(Point::of(from), StepRole::Select),
            TurnStep::cell(Point::of(to), StepRole::Move),
        ]),
        Move::Push { from, to } => out.extend([
            TurnStep::cell(Point::of(from), StepRole::Select),
            TurnStep::cell(Point::of(to), StepRole::Capture),
        ]),
        Move::Pass => out.push(TurnStep::choice(0)),
        Move::Fill(Fill::Left) => out.push(TurnStep::choice(1)),
        Move::Fill(Fill::Right) => out.push(TurnStep::choice(2)),
    }
}
