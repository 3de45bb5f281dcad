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
        Move::Pass | Move::Fill(_) => out.extend(choice_of(mv).map(TurnStep::choice)),
    }
}

/// The named choice that makes `mv`, by its index in [`CHOICES`]: a pass or a refill side.
fn choice_of(mv: &Move) -> Option<u8> {
    match mv {
        Move::Pass => Some(0),
        Move::Fill(Fill::Left) => Some(1),
        Move::Fill(Fill::Right) => Some(2),
        Move::Step { .. } | Move::Push { .. } => None,
    }
}

/// The board square of a cell step, if it is one.
fn square_of(step: Step) -> Option<Square> {
    match step {
        Step::Cell(p) => Square::new(p.col, p.row).filter(|&sq| on_board(sq)),
        Step::Choice(_) | Step::Finish => None,
    }
}

/// The first steps of the turn of `state`, without listing its moves (§4.2, §5.5): the
/// tower that must move, or a blocked one's pass; on a round's free first move every tower of
/// the mover that can move; between rounds the two refill sides.
pub(crate) fn first_steps(state: &State, out: &mut Vec<TurnStep>) {
    let side = state.to_move;
    let tower_step = |c: u8| TurnStep::cell(Point::of(square(c)), StepRole::Select);
    match state.phase {
        Phase::Over => {}
        Phase::Refill => out.extend([TurnStep::choice(1), TurnStep::choice(2)]),
        Phase::Play => match state.required {
            Some(colour) => {
                let c = state.pos[side.index()][colour.index()];
                match decode(state.cells[usize::from(c)]) {
                    Some(t) if turn::tower_count(state, c, t, true) > 0 => out.push(tower_step(c)),
                    _ => out.push(TurnStep::choice(0)),
                }
            }
            None => {
                for &c in &state.pos[side.index()] {
                    if let Some(t) = decode(state.cells[usize::from(c)])
                        && turn::tower_count(state, c, t, false) > 0
                    {
                        out.push(tower_step(c));
                    }
                }
            }
        },
    }
}

/// The legal moves of `state` that begin with `first`, one of [`first_steps`], in
/// [`turn::generate`]'s order: the moves of the tower on that square, listed alone; the named
/// choice (a pass, a refill side) that is its move.
pub(crate) fn moves_beginning_with(
    options: &Options,
    state: &State,
    first: Step,
    out: &mut Vec<Move>,
) {
    let side = state.to_move;
    match first {
        Step::Cell(_) => {
            let Some(from) = square_of(first) else {
                return;
            };
            let c = cell(from);
            let Some(t) = decode(state.cells[usize::from(c)]).filter(|t| t.owner == side) else {
                return;
            };
            if state.phase != Phase::Play {
                return;
            }
            match state.required {
                None => turn::tower_moves(state, c, t, false, out),
                Some(colour) if state.pos[side.index()][colour.index()] == c => {
                    turn::tower_moves(state, c, t, true, out);
                }
                Some(_) => {}
            }
        }
        Step::Choice(i) => {
            // A named choice is a whole move, offered alone: the listing holds it or not.
            let mut moves = Vec::new();
            turn::generate(options, state, &mut moves);
            out.extend(moves.into_iter().filter(|mv| choice_of(mv) == Some(i)));
        }
        Step::Finish => {}
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

#[cfg(test)]
mod tests {
    use board_kernel::prelude::*;
    use board_kernel::steps::{Step, TurnStep};
    use board_kernel::{SplitMix64, Status, Steps};

    use crate::{Kamisado, Move, State};

    /// The first steps and each one's moves, as the listing gives them: what the hooks must
    /// say without listing.
    fn by_listing(game: &Kamisado, state: &State) -> Vec<(TurnStep, Vec<Move>)> {
        let mut moves = Vec::new();
        game.legal_moves(state, &mut moves);
        let mut firsts: Vec<(TurnStep, Vec<Move>)> = Vec::new();
        for mv in moves {
            let mut steps = Vec::new();
            game.move_steps(state, &mv, &mut steps);
            match firsts.iter_mut().find(|(t, _)| t.step == steps[0].step) {
                Some((_, those)) => those.push(mv),
                None => firsts.push((steps[0], vec![mv])),
            }
        }
        firsts.sort_by_key(|(t, _)| t.step);
        firsts
    }

    fn by_hooks(game: &Kamisado, state: &State) -> Vec<(TurnStep, Vec<Move>)> {
        let mut firsts = Vec::new();
        game.first_steps(state, &mut firsts);
        firsts.sort_by_key(|t| t.step);
        firsts
            .into_iter()
            .map(|t| {
                let mut moves = Vec::new();
                game.moves_beginning_with(state, t.step, &mut moves);
                (t, moves)
            })
            .collect()
    }

    #[test]
    fn first_steps_and_their_moves_are_the_listings() {
        let game = Kamisado::default();
        let mut rng = SplitMix64::new(11);
        let mut free_choices = 0;
        let mut passes = 0;
        for _ in 0..300 {
            let mut state = game.initial_state();
            while game.status(&state) == Status::Ongoing {
                assert_eq!(by_hooks(&game, &state), by_listing(&game, &state));
                // The same board as a round's free first move: every tower of the mover
                // that can move, however few its moves.
                if state.required.is_some() {
                    let mut free = state.clone();
                    free.required = None;
                    assert_eq!(by_hooks(&game, &free), by_listing(&game, &free));
                    free_choices += 1;
                }
                let mut moves = Vec::new();
                game.legal_moves(&state, &mut moves);
                passes += usize::from(moves == [Move::Pass]);
                let mv = *rng.choose(&moves).unwrap();
                game.play_unchecked(&mut state, &mv);
            }
        }
        assert!(free_choices > 1000 && passes > 0, "{free_choices} {passes}");
        // A step that begins no move: nothing.
        let state = game.initial_state();
        let mut moves = Vec::new();
        game.moves_beginning_with(&state, Step::Choice(0), &mut moves);
        game.moves_beginning_with(&state, Step::Finish, &mut moves);
        assert!(moves.is_empty());
    }
}
