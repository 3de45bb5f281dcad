//! The turn as the steps a player touches (§3, §5.6): the tower, then the square it moves to
//! or the Sumo's square ahead; a forced pass and the refill side are named choices.

use board_kernel::picture::Point;
use board_kernel::steps::{Step, StepRole, TurnStep};
use board_kernel::{Illegal, Square};

use crate::board::{cell, colour_name, on_board, square};
use crate::state::{Phase, decode};
use crate::{Fill, Move, Options, State, turn};

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

/// The rule book sections the turn's refusals and prompts name.
const REQUIRED: &str = "§4.2";
const REFILL: &str = "§5.5";
const MOVEMENT: &str = "§3.1";

/// When the turn of `state` (in play or between rounds) is made with a button rather than
/// on the board, what it must be, for a player: the refill side the round winner chooses
/// (§5.5), or the pass of a required tower that is blocked (§4.2, §4.3).
fn forced(options: &Options, state: &State) -> Option<Illegal> {
    let side = state.to_move.name();
    match state.phase {
        Phase::Over => None,
        Phase::Refill => Some(Illegal::breaks(
            REFILL,
            format!("the round is over: {side}, its winner, chooses the refill side"),
        )),
        Phase::Play => {
            let colour = state.required?;
            let mut moves = Vec::new();
            turn::generate(options, state, &mut moves);
            (moves == [Move::Pass]).then(|| {
                let at = square(state.pos[state.to_move.index()][colour.index()]);
                Illegal::breaks(
                    REQUIRED,
                    format!(
                        "the {} tower on {at}, which {side} must move, is blocked: it passes",
                        colour_name(colour)
                    ),
                )
            })
        }
    }
}

/// What the turn must be, where it is not a tower's move (see [`forced`]), as the refusal of
/// anything else; the game words it for the help line.
pub(crate) fn turn_prompt(options: &Options, state: &State, made: &[Step]) -> Option<Illegal> {
    made.is_empty().then(|| forced(options, state)).flatten()
}

/// Why `refused` may not follow `made` (a beginning of a legal turn of `state`), for a player:
/// the turn that must be made with a button (a refill side, a pass), else the rule the move
/// of the clicked tower to the clicked square breaks (§3.1, §3.2, §4.2).
pub(crate) fn step_refusal(
    options: &Options,
    state: &State,
    made: &[Step],
    refused: Step,
) -> Option<Illegal> {
    if let Some(why) = forced(options, state) {
        return Some(why);
    }
    let square_of = |step: Step| match step {
        Step::Cell(p) => Square::new(p.col, p.row).filter(|&sq| on_board(sq)),
        Step::Choice(_) | Step::Finish => None,
    };
    let side = state.to_move;
    match (made, refused) {
        ([], Step::Choice(0)) => turn::check(options, state, &Move::Pass).err(),
        ([], Step::Choice(1 | 2)) => turn::check(options, state, &Move::Fill(Fill::Left)).err(),
        ([], Step::Cell(_)) => {
            let from = square_of(refused)?;
            if decode(state.cells[cell(from) as usize]).is_none() {
                return Some(Illegal::breaks(
                    MOVEMENT,
                    format!("there is no tower on {from}"),
                ));
            }
            // The tower's own square as its destination: whose tower it is and whether it is
            // the required one come before the way it goes.
            match turn::check(options, state, &Move::Step { from, to: from }) {
                Err(why) if why.rule() == Some(REQUIRED) => Some(why),
                _ => Some(Illegal::breaks(
                    MOVEMENT,
                    format!(
                        "the tower on {from} cannot move: every way forward is blocked, so \
                         {} chooses another",
                        side.name()
                    ),
                )),
            }
        }
        ([first], Step::Cell(_)) => {
            let (from, to) = (square_of(*first)?, square_of(refused)?);
            let tower = decode(state.cells[cell(from) as usize])?;
            // A Sumo clicking the occupied square straight ahead means a push (§3.2); any
            // other square is a normal move's (§3.1).
            let ahead = to.file() == from.file()
                && to.rank() as i8 - from.rank() as i8 == side.forward_sign()
                && state.occ & (1 << cell(to)) != 0;
            let mv = if ahead && tower.rank > 0 {
                Move::Push { from, to }
            } else {
                Move::Step { from, to }
            };
            turn::check(options, state, &mv).err()
        }
        (_, Step::Choice(_)) => Some(Illegal::breaks(
            REQUIRED,
            "a pass is a whole turn: it does not follow a tower's square",
        )),
        _ => None,
    }
}
