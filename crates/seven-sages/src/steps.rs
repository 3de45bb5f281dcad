//! The turn as the steps a player touches (§4): the sage, where it goes, and for a kick where
//! the ball ends; the forced pass is a named choice.

use board_kernel::picture::Point;
use board_kernel::steps::{Step, StepRole, TurnStep};
use board_kernel::{Illegal, Square};

use crate::options::Options;
use crate::pieces::{CellSet, on_board};
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

/// The board after the first `done` steps of `mv`, for drawing the turn in progress: once a
/// kicking sage's cell is clicked, the sage stands there (on the ball's cell by default,
/// in front of it with `kick_mode = StopBefore`) and the ball waits to be sent (§4.2).
pub(crate) fn drawn_after_steps(state: &State, mv: &Move, done: usize) -> State {
    let mut after = state.clone();
    if let Move::Kick { from, to, .. } = *mv
        && done >= 2
        && let (Some(f), Some(t)) = (on_board(from), on_board(to))
    {
        let own = &mut after.sages[state.to_move.index()];
        if own.has(f) {
            own.take(f);
            own.put(t);
        }
    }
    after
}

/// Why `refused` may not follow `made` (a beginning of a legal turn of the ongoing `state`),
/// naming the rule: the sage clicked (§4.1), where it goes (§4.1, §2.2), where a kicked ball
/// may stop (§4.2), the pass (§4.3).
pub(crate) fn step_refusal(
    options: &Options,
    state: &State,
    made: &[Step],
    refused: Step,
) -> Option<Illegal> {
    if state.outcome.is_finished() {
        return None;
    }
    let square_of = |step: Step| match step {
        Step::Cell(at) => Square::new(at.col, at.row),
        Step::Choice(_) | Step::Finish => None,
    };
    let mv = match *made {
        [] if refused == Step::Choice(0) => Move::Pass,
        [] => {
            let from = square_of(refused)?;
            let side = state.to_move.name();
            let own = on_board(from).is_some_and(|c| state.sages[state.to_move.index()].has(c));
            return Some(if own {
                Illegal::breaks(
                    "§4.1",
                    format!(
                        "the sage on {from} has no move: every cell next to it is taken or barred"
                    ),
                )
            } else {
                Illegal::breaks("§4.1", format!("there is no {side} sage on {from}"))
            });
        }
        // The sage's cell: a kick when it is the ball's (by default the kicker takes it).
        [first] => {
            let (from, to) = (square_of(first)?, square_of(refused)?);
            if on_board(to) == Some(state.ball) {
                Move::Kick { from, to, ball: to }
            } else {
                Move::Plain { from, to }
            }
        }
        [first, second] => Move::Kick {
            from: square_of(first)?,
            to: square_of(second)?,
            ball: square_of(refused)?,
        },
        _ => return None,
    };
    turn::check(options, state, &mv).err()
}
