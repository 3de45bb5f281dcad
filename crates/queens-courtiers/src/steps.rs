//! The turn as the steps a player touches (§5): the piece, then the square of each part (a
//! double move's first part, then its second); the forced pass is a named choice.

use board_kernel::Square;
use board_kernel::picture::Point;
use board_kernel::steps::{Step, StepRole, TurnStep};

use crate::notation::PartKind;
use crate::state::Outcome;
use crate::turn::TurnRule;
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

/// The first steps of the legal turns: each piece that has a turn, or the pass when none
/// has; nothing once the game is over.
pub(crate) fn first_steps(rule: &TurnRule, state: &State, out: &mut Vec<TurnStep>) {
    if state.outcome != Outcome::Ongoing {
        return;
    }
    let before = out.len();
    rule.turn_squares(&state.board, state.to_move, &mut |from| {
        out.push(TurnStep::cell(Point::of(from), StepRole::Select));
    });
    if out.len() == before {
        out.push(TurnStep::choice(0));
    }
}

/// The legal turns whose first step is `first`: the turns of the piece there, or the pass.
pub(crate) fn moves_beginning_with(
    rule: &TurnRule,
    state: &State,
    first: Step,
    out: &mut Vec<Move>,
) {
    if state.outcome != Outcome::Ongoing {
        return;
    }
    match first {
        Step::Cell(at) => {
            if let Some(from) = Square::new(at.col, at.row) {
                rule.turns_from(&state.board, state.to_move, from, out);
            }
        }
        Step::Choice(0) => {
            if !rule.has_turn(&state.board, state.to_move) {
                out.push(Move::Pass);
            }
        }
        Step::Choice(_) | Step::Finish => {}
    }
}
