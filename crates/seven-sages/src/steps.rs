//! The turn as the steps a player touches (§4): the sage, where it goes, and for a kick where
//! the ball ends; the forced pass is a named choice.

use board_kernel::Square;
use board_kernel::picture::Point;
use board_kernel::steps::{Step, StepRole, TurnStep};

use crate::options::Options;
use crate::turn;
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

/// The first steps of the legal moves: each sage that has a move, or the pass when none
/// has; nothing once the game is over.
pub(crate) fn first_steps(options: &Options, state: &State, out: &mut Vec<TurnStep>) {
    if state.outcome.is_finished() {
        return;
    }
    let before = out.len();
    turn::movable_sages(options, state, &mut |from| {
        out.push(TurnStep::cell(Point::of(from), StepRole::Select));
    });
    if out.len() == before {
        out.push(TurnStep::choice(0));
    }
}

/// The legal moves whose first step is `first`: the moves of the sage there, or the pass.
pub(crate) fn moves_beginning_with(
    options: &Options,
    state: &State,
    first: Step,
    out: &mut Vec<Move>,
) {
    if state.outcome.is_finished() {
        return;
    }
    match first {
        Step::Cell(at) => {
            if let Some(from) = Square::new(at.col, at.row) {
                turn::moves_of_sage(options, state, from, &mut |mv| out.push(mv));
            }
        }
        Step::Choice(0) => {
            let mut any = false;
            turn::movable_sages(options, state, &mut |_| any = true);
            if !any {
                out.push(Move::Pass);
            }
        }
        Step::Choice(_) | Step::Finish => {}
    }
}
