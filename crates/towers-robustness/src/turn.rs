//! The `turn` target: turns built step by step from positions along random games, steps
//! offered or of the input's own making, each accepted exactly when offered and each finished
//! turn a legal move.

use board_kernel::erased::DynTurn;
use board_kernel::picture::Point;
use board_kernel::steps::{Step, StepError};

use crate::option_sets::option_sets;
use crate::reached::{ReachedInput, reachable};
use crate::tag;

/// A step a [`turn_steps`] input asks for: one of the offered steps by number, or a step of
/// its own that may not be offered.
enum Asked {
    Offered(usize),
    Own(Step),
}

/// Reads the next step of a [`turn_steps`] input: a byte below `0xC0` picks an offered step
/// by number (modulo how many there are); `0xC0..=0xDF` a cell whose column and row are the
/// high and low halves of the next byte; `0xE0..=0xEF` the choice of the low half's number;
/// `0xF0..` a finish.
fn asked(bytes: &mut std::slice::Iter<'_, u8>) -> Option<Asked> {
    let &b = bytes.next()?;
    Some(match b {
        0x00..=0xBF => Asked::Offered(usize::from(b)),
        0xC0..=0xDF => {
            let at = bytes.next().copied().unwrap_or(b);
            Asked::Own(Step::Cell(Point::new(at >> 4, at & 0x0F)))
        }
        0xE0..=0xEF => Asked::Own(Step::Choice(b & 0x0F)),
        0xF0..=0xFF => Asked::Own(Step::Finish),
    })
}

/// The byte [`asked`] reads as `step` asked for as a step of its own (a cell beyond column or
/// row 15 cannot be written and is asked for as offered step 0).
fn own_step_bytes(step: Step, out: &mut Vec<u8>) {
    match step {
        Step::Cell(p) if p.col < 16 && p.row < 16 => out.extend([0xC0, p.col << 4 | p.row]),
        Step::Choice(i) if i < 16 => out.push(0xE0 | i),
        Step::Finish => out.push(0xF0),
        Step::Cell(_) | Step::Choice(_) => out.push(0),
    }
}

/// Where a turn stands, to see that a refused step changed nothing.
fn turn_view(turn: &dyn DynTurn) -> (Vec<Step>, Vec<String>, Option<String>, String) {
    (
        turn.steps().to_vec(),
        turn.next().iter().map(|t| format!("{t:?}")).collect(),
        turn.complete(),
        turn.board().position_text(),
    )
}

/// Turns built step by step
/// ([`DynState::start_turn`](board_kernel::erased::DynState::start_turn)) from a reachable
/// position under the option set the first byte picks (the second byte, modulo 128, is the
/// number of random plies that reach it), with the steps the rest of the bytes ask for, turn
/// after turn until the bytes or the game run out. A step is accepted exactly when it is
/// offered; a refused step changes nothing and is refused the same way by
/// [`DynState::next_steps`](board_kernel::erased::DynState::next_steps), which also agrees
/// with the turn after every accepted step; a turn that completes makes one of the legal
/// moves, which plays to the board the turn showed. The input is accepted when it completes
/// at least one turn.
///
/// Each step is one byte: below `0xC0` the offered step of that number (modulo how many are
/// offered); `0xC0..=0xDF` a cell whose column and row are the high and low halves of the next
/// byte; `0xE0..=0xEF` the choice numbered by the low half; `0xF0` and above a finish.
///
/// # Panics
/// When a promise is broken (see the crate documentation).
pub fn turn_steps(data: &[u8]) -> bool {
    let Some(ReachedInput {
        name,
        pairs,
        mut state,
        rest,
    }) = ReachedInput::read(data)
    else {
        return false;
    };
    let mut bytes = rest.iter();
    let mut turns = 0;
    'turns: loop {
        let legal = state.legal_moves();
        let mut turn = match state.start_turn() {
            Ok(turn) => turn,
            Err(e) => {
                assert!(
                    matches!(e, StepError::GameOver) && legal.is_empty(),
                    "{name} {pairs:?}: no turn ({e}) in `{}` with {} legal moves",
                    state.position_text(),
                    legal.len()
                );
                break;
            }
        };
        assert!(
            !legal.is_empty(),
            "{name} {pairs:?}: a turn in a finished game"
        );
        loop {
            let here = state.position_text();
            let next = turn.next();
            assert!(
                !next.is_empty() && turn.complete().is_none(),
                "{name} {pairs:?}: in `{here}` after {:?} nothing is offered and no move made",
                turn.steps()
            );
            let Some(asked) = asked(&mut bytes) else {
                break 'turns;
            };
            let step = match asked {
                Asked::Offered(i) => next[i % next.len()].step,
                Asked::Own(step) => step,
            };
            let offered = next.iter().any(|t| t.step == step);
            let before = turn_view(&*turn);
            let mut steps = before.0.clone();
            steps.push(step);
            let index = steps.len();
            match turn.push(step) {
                Ok(()) => {
                    assert!(
                        offered,
                        "{name} {pairs:?}: in `{here}` after {:?} `{step}` was taken, not offered",
                        before.0
                    );
                    assert_eq!(turn.steps(), steps, "{name} {pairs:?}: in `{here}`");
                    let listed = state.next_steps(&steps).unwrap_or_else(|e| {
                        panic!("{name} {pairs:?}: in `{here}` the turn took {steps:?}, next_steps refuses them: {e}")
                    });
                    assert_eq!(
                        (
                            listed.next.as_slice(),
                            listed.complete.as_ref(),
                            listed.board.position_text()
                        ),
                        (
                            turn.next(),
                            turn.complete().as_ref(),
                            turn.drawn().position_text()
                        ),
                        "{name} {pairs:?}: in `{here}` the turn and next_steps disagree after {steps:?}"
                    );
                }
                Err(e) => {
                    assert!(
                        !offered,
                        "{name} {pairs:?}: in `{here}` after {:?} the offered `{step}` was refused: {e}",
                        before.0
                    );
                    assert!(
                        matches!(e, StepError::NotLegal { index: i, step: s, .. } if i == index && s == step),
                        "{name} {pairs:?}: in `{here}`: {e:?}"
                    );
                    assert_eq!(
                        turn_view(&*turn),
                        before,
                        "{name} {pairs:?}: in `{here}` the refused `{step}` changed the turn"
                    );
                    assert!(
                        matches!(state.next_steps(&steps), Err(StepError::NotLegal { index: i, .. }) if i == index),
                        "{name} {pairs:?}: in `{here}` next_steps does not refuse {steps:?} at step {index}"
                    );
                    continue;
                }
            }
            let Some(mv) = turn.complete() else {
                continue;
            };
            assert!(
                legal.contains(&mv),
                "{name} {pairs:?}: in `{here}` the steps {steps:?} make `{mv}`, not a legal move"
            );
            let mut after = state.clone_box();
            assert_eq!(
                after.play(&mv).as_deref(),
                Ok(mv.as_str()),
                "{name} {pairs:?}: in `{here}` the turn's `{mv}` does not play"
            );
            assert_eq!(
                after.position_text(),
                turn.board().position_text(),
                "{name} {pairs:?}: in `{here}` `{mv}` plays to another board than the turn's"
            );
            state = after;
            turns += 1;
            continue 'turns;
        }
    }
    turns > 0
}

/// The seeds for game number `index`, `name`: under each option set, a position along a
/// seeded random game that is not over, the steps of one of its legal moves asked for as steps
/// of their own, then offered steps by number, a few turns' worth.
pub(crate) fn seeds(index: usize, name: &'static str, corpus: &mut Vec<Vec<u8>>) {
    for set in 0..option_sets(name).len() {
        // A position along the random game that is not over.
        let Some((plies, state, legal)) = (0..4)
            .map(|i| [0u8, 3, 10, 40][(set + i) % 4])
            .map(|plies| {
                let state = reachable(name, set, usize::from(plies));
                let legal = state.legal_moves();
                (plies, state, legal)
            })
            .find(|(_, _, legal)| !legal.is_empty())
        else {
            continue;
        };
        let mut bytes = vec![tag(index, set), plies];
        // The steps of a legal move asked for as steps of their own, then offered
        // steps by number, a few turns' worth.
        if let Some(mv) = legal.get(set % legal.len().max(1)) {
            for step in state.move_steps(mv).expect("a legal move has steps") {
                own_step_bytes(step.step, &mut bytes);
            }
        }
        bytes.extend((0..24u8).map(|i| i.wrapping_mul(7) % 11));
        corpus.push(bytes);
    }
}
