//! The turn as the steps a player touches (§5): the piece, then the square of each part (a
//! double move's first part, then its second); the forced pass is a named choice.

use board_kernel::picture::Point;
use board_kernel::steps::{Step, StepRole, TurnStep};
use board_kernel::{Illegal, Square};

use crate::board::exists;
use crate::notation::{PartKind, classify};
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

/// The board after the first `done` steps of `mv`, for drawing the turn in progress: once a
/// double move's first part is clicked, the piece stands on its first square (§5), where the
/// second part leaves from.
pub(crate) fn drawn_after_steps(state: &State, mv: &Move, done: usize) -> State {
    let mut after = state.clone();
    if let Move::Double { from, via, .. } = *mv
        && done >= 2
        && let Some((owner, piece)) = after.board.piece_at(from)
        && owner == state.to_move
    {
        after.board.move_piece(owner, piece, from, via);
    }
    after
}

/// Why `refused` may not follow `made` (a beginning of a legal turn of the ongoing `state`),
/// naming the rule ([`TurnRule::reason`] of the turn the clicks begin): the piece clicked
/// (§5.1, §4.3), where each part goes (§3, §4.4, §5.2) and the check it would leave (§5.3).
pub(crate) fn step_refusal(
    rule: &TurnRule,
    state: &State,
    made: &[Step],
    refused: Step,
) -> Option<Illegal> {
    if state.outcome != Outcome::Ongoing {
        return None;
    }
    // Only squares of the board are looked up: the grid has cells beyond it.
    let square_of = |step: Step| match step {
        Step::Cell(at) => Square::new(at.col, at.row).filter(|&sq| exists(sq)),
        Step::Choice(_) | Step::Finish => None,
    };
    let side = state.to_move;
    // How a part onto `to` reads on `board`: a step, a capture or the win.
    let part = |board: &crate::Board, from: Square, to: Square| {
        let piece = board.piece_at(from).map(|(_, piece)| piece)?;
        Some(classify(board, side, piece, to).unwrap_or(PartKind::Step))
    };
    let mv = match *made {
        [] if refused == Step::Choice(0) => Move::Pass,
        [] => {
            let from = square_of(refused)?;
            // Reasons about the piece itself come first (no piece, not the mover's, a
            // paralysed Royal); any other means it has no legal part anywhere.
            let why = rule.reason(
                state,
                &Move::Single {
                    from,
                    to: from,
                    kind: PartKind::Step,
                },
            );
            return Some(match why.rule() {
                Some("§2.1" | "§4.3" | "§5.1") => why,
                _ => Illegal::breaks(
                    "§5.3",
                    format!(
                        "the piece on {from} has no legal turn: every part is blocked or leaves \
                         a Royal checked"
                    ),
                ),
            });
        }
        [first] => {
            let (from, to) = (square_of(first)?, square_of(refused)?);
            Move::Single {
                from,
                to,
                kind: part(&state.board, from, to)?,
            }
        }
        [first, second] => {
            let (from, via, to) = (square_of(first)?, square_of(second)?, square_of(refused)?);
            let mut after = state.board;
            let (owner, piece) = after.piece_at(from)?;
            after.move_piece(owner, piece, from, via);
            Move::Double {
                from,
                via,
                to,
                second: part(&after, via, to)?,
            }
        }
        _ => return None,
    };
    Some(rule.reason(state, &mv))
}
