//! The turn as the steps a player touches (§4): a row's far stone, the square the row piles
//! onto and the last square its pile is dealt to; a single step's stone and its square.

use board_kernel::picture::Point;
use board_kernel::steps::{Step, StepRole, TurnStep};
use board_kernel::{Illegal, Square};

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

/// The square a step names, if it names one.
fn square_of(step: Step) -> Option<Square> {
    match step {
        Step::Cell(at) => Square::new(at.col, at.row),
        Step::Choice(_) | Step::Finish => None,
    }
}

/// Why `refused` may not follow `made` (a beginning of a legal move of `state`): the rule the
/// clicked squares break (§4.2, §4.3), in squares' names.
pub(crate) fn step_refusal(
    options: &Options,
    state: &State,
    made: &[Step],
    refused: Step,
) -> Option<Illegal> {
    let made: Vec<Square> = made.iter().map(|&s| square_of(s)).collect::<Option<_>>()?;
    turn::step_refusal(options, state, &made, square_of(refused)?)
}

/// The board after the first `done` steps of `mv`, for drawing the turn in progress: once a
/// row's far stone and base are clicked, the top stones of the row beyond the base are lifted
/// (§4.2 step 3): in the mover's hand, off the board (and out of its count of stones), until
/// the last deal square is clicked.
pub(crate) fn drawn_after_steps(state: &State, mv: &Move, done: usize) -> State {
    let mut after = state.clone();
    if let Move::Row { far, base, .. } = *mv
        && done >= 2
        && let Some((u, k)) = base.line_to(far)
    {
        for i in 1..=k {
            if let Some(sq) = base.steps(u, i as i8) {
                after.board.take_off(crate::board::index(sq));
            }
        }
    }
    after
}
