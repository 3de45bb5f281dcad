//! The turn as the steps a player touches (§4, §7): the pending stone's cell when one is put
//! back first; for the free step the stone and the cell it steps to; for each tower segment
//! the cell its top stone lands on (the tower's own cell is never a choice), then the
//! re-placement cell when it scores; the penalty is a named choice, followed by the
//! re-placement cell when the bottom stone is the mover's.
//!
//! A turn's next steps are found by walking it choice by choice (`turn_so_far`), never by
//! listing the whole turns: with `max_segments = 10` the start has 398,257 of them. Whether a
//! chain goes on is decided by the board, never by the player, so no turn's steps begin a
//! longer turn's and [`Step::Finish`] is never offered.

use board_kernel::Illegal;
use board_kernel::picture::Point;
use board_kernel::steps::{NextSteps, Step, StepError, StepRole, TurnStep};

use crate::board::Spot;
use crate::options::Options;
use crate::{Move, State, end};
use turn_so_far::{Choice, TurnSoFar};

mod turn_so_far;

/// The named choices: the penalty of a turn whose required tower segment is impossible.
pub const CHOICES: &[&str] = &["penalty"];

/// The index of the penalty in [`CHOICES`].
const PENALTY: u8 = 0;

fn cell(spot: Spot, role: StepRole) -> TurnStep {
    TurnStep::cell(Point::new(spot.file(), spot.rank()), role)
}

/// The step of a choice.
fn step_of(choice: Choice, role: StepRole) -> TurnStep {
    match choice {
        Choice::Cell(spot) => cell(spot, role),
        Choice::Penalty => TurnStep::choice(PENALTY),
    }
}

/// The choice a step makes, if it names one: a cell of the picture (the board and its two
/// scoring rows) or the penalty.
fn choice_of(step: Step) -> Option<Choice> {
    match step {
        Step::Cell(p) => Spot::new(p.col, p.row).map(Choice::Cell),
        Step::Choice(PENALTY) => Some(Choice::Penalty),
        Step::Choice(_) | Step::Finish => None,
    }
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
        out.push(TurnStep::choice(PENALTY));
        if let Some(z) = penalty.replace {
            out.push(cell(z, StepRole::Place));
        }
    }
}

/// Where the turn of `state` stands after `steps`, walked choice by choice: what
/// [`by_listing`](board_kernel::steps::by_listing) answers, errors included, without listing
/// the turns.
pub(crate) fn next_steps(
    options: &Options,
    state: &State,
    steps: &[Step],
) -> Result<NextSteps<Move, State>, StepError> {
    if end::status(options, state).is_finished() {
        return Err(StepError::GameOver);
    }
    let mut turn = TurnSoFar::new(options, state);
    for (index, &step) in steps.iter().enumerate() {
        // A finish is never offered (the module's text), so it is refused like any step no
        // turn goes on with.
        let choice = choice_of(step);
        if !choice.is_some_and(|choice| turn.choose(choice)) {
            return Err(StepError::NotLegal {
                index: index + 1,
                step,
                why: turn.refusal(choice),
            });
        }
    }
    let mut next = Vec::new();
    turn.each_choice(|choice, role| next.push(step_of(choice, role)));
    next.sort_unstable_by_key(|t| t.step);
    Ok(NextSteps {
        next,
        complete: turn.complete(),
        board: turn.position(state),
    })
}

/// The turn of `state` after `made`, a beginning of a legal turn (`None` when it is not one,
/// or the game is over).
fn turn_after<'a>(options: &'a Options, state: &State, made: &[Step]) -> Option<TurnSoFar<'a>> {
    if end::status(options, state).is_finished() {
        return None;
    }
    let mut turn = TurnSoFar::new(options, state);
    for &step in made {
        if !choice_of(step).is_some_and(|choice| turn.choose(choice)) {
            return None;
        }
    }
    Some(turn)
}

/// Why `refused` may not follow `made` ([`Steps::step_refusal`](board_kernel::steps::Steps)):
/// what the turn waits for, or the rule of the free step.
pub(crate) fn step_refusal(
    options: &Options,
    state: &State,
    made: &[Step],
    refused: Step,
) -> Option<Illegal> {
    turn_after(options, state, made)?.refusal(choice_of(refused))
}

/// What the turn after `made` must go on with, where it is not the free choice of a stone:
/// a stone to put back, a tower that must move on or pay the penalty (as the refusal of
/// anything else; the game words it for the help line).
pub(crate) fn turn_prompt(options: &Options, state: &State, made: &[Step]) -> Option<Illegal> {
    turn_after(options, state, made)?.prompt()
}

/// The position after the first `done` steps of `mv`: the engine's mid-turn state, with the
/// tower each segment built, a scored stone waiting to be put back as the mover's pending
/// stone, and the stones put back.
pub(crate) fn board_after_steps(options: &Options, state: &State, mv: &Move, done: usize) -> State {
    let mut steps = Vec::new();
    move_steps(state, mv, &mut steps);
    let mut turn = TurnSoFar::new(options, state);
    for t in steps.iter().take(done) {
        if !choice_of(t.step).is_some_and(|choice| turn.choose(choice)) {
            break;
        }
    }
    turn.position(state)
}
