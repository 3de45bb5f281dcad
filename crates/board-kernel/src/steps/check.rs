//! The checks that hold a game's steps to its legal moves: the decomposition, the cursor and
//! any stepper of its own against the listing ([`check_steps`]), and the declared walk against
//! the hooks overridden ([`check_step_strategy`]).

use super::{Hook, Step, StepError, Steps, TurnCursor, TurnStep, by_listing, steps_of};

/// Up to this many legal moves, [`check_steps`] also holds a game's `next_steps` to the
/// listing's whole answer (roles and board included) at every step it walks.
const LISTING_CHECK_LIMIT: usize = 256;

/// Checks the step decomposition of `state`'s legal moves: every move has steps, no two
/// moves have the same, and walking the moves of `sample` (indices into the legal-move list,
/// taken modulo its length) step by step through [`Steps::next_steps`] offers exactly the
/// steps the legal moves go on with, each step of the move in turn, and completes that very
/// move with the position after it as the board. An override of `next_steps` is held to what
/// [`by_listing`] would answer. Returns a description of the first failure.
pub fn check_steps<G: Steps>(game: &G, state: &G::State, sample: &[usize]) -> Result<(), String> {
    let mut moves = Vec::new();
    game.legal_moves(state, &mut moves);
    if moves.is_empty() {
        return match game.next_steps(state, &[]) {
            Err(StepError::GameOver) => Ok(()),
            other => Err(format!(
                "a finished game answers the first step with {:?}",
                other.map(|o| o.next)
            )),
        };
    }
    let all: Vec<Vec<TurnStep>> = moves.iter().map(|mv| steps_of(game, state, mv)).collect();
    let mut seen = crate::fast_hash::FastSet::default();
    seen.reserve(moves.len());
    for (mv, steps) in moves.iter().zip(&all) {
        if steps.is_empty() {
            return Err(format!("move {mv} has no steps"));
        }
        if steps.iter().any(|t| t.step == Step::Finish) {
            return Err(format!("move {mv} lists a finish step itself"));
        }
        let plain: Vec<Step> = steps.iter().map(|t| t.step).collect();
        if !seen.insert(plain) {
            return Err(format!(
                "move {mv} has the same steps as another legal move"
            ));
        }
    }
    for &k in sample {
        let (mv, steps) = (&moves[k % moves.len()], &all[k % moves.len()]);
        let mut walked: Vec<Step> = Vec::new();
        let mut cursor = TurnCursor::new(game, state).map_err(|e| format!("a turn cursor: {e}"))?;
        loop {
            let here = game
                .next_steps(state, &walked)
                .map_err(|e| format!("move {mv} after {walked:?}: {e}"))?;
            if cursor.next() != here.next.as_slice()
                || cursor.complete() != here.complete.as_ref()
                || cursor.drawn(game) != here.board
            {
                return Err(format!(
                    "after {walked:?} a turn cursor answers {:?} (complete {:?}), next_steps {:?} (complete {:?})",
                    cursor.next(),
                    cursor.complete().map(ToString::to_string),
                    here.next,
                    here.complete.as_ref().map(ToString::to_string)
                ));
            }
            let body = walked.strip_suffix(&[Step::Finish]).unwrap_or(&walked);
            let going_on: Vec<&Vec<TurnStep>> = all
                .iter()
                .filter(|s| s.len() > body.len() && s.iter().zip(body).all(|(t, w)| t.step == *w))
                .collect();
            if let Some(done) = here.complete {
                if done != *mv {
                    return Err(format!("the steps of {mv} complete {done} instead"));
                }
                let mut after = state.clone();
                game.play_unchecked(&mut after, mv);
                if here.board != after {
                    return Err(format!(
                        "the board after the steps of {mv} is `{}`, not the position after it `{after}`",
                        here.board
                    ));
                }
                if walked.last() != Some(&Step::Finish) && !going_on.is_empty() {
                    return Err(format!(
                        "the steps of {mv} complete it although longer moves go on from them"
                    ));
                }
                break;
            }
            let mut wanted: Vec<Step> = going_on.iter().map(|s| s[body.len()].step).collect();
            if all
                .iter()
                .any(|s| s.len() == body.len() && s.iter().zip(body).all(|(t, w)| t.step == *w))
            {
                wanted.push(Step::Finish);
            }
            wanted.sort();
            wanted.dedup();
            let offered: Vec<Step> = here.next.iter().map(|t| t.step).collect();
            if offered != wanted {
                return Err(format!(
                    "after {walked:?} the steps offered are {offered:?}, the legal moves go on with {wanted:?}"
                ));
            }
            // Where listing is cheap, a game's own stepper must answer exactly as the listing
            // does: the roles and the board too.
            if moves.len() <= LISTING_CHECK_LIMIT {
                let listed = by_listing(game, state, &walked)
                    .map_err(|e| format!("after {walked:?} the listing refuses: {e}"))?;
                if listed.next != here.next || listed.board != here.board {
                    return Err(format!(
                        "after {walked:?} the game answers {:?} with the board `{}`, the listing {:?} with `{}`",
                        here.next, here.board, listed.next, listed.board
                    ));
                }
            }
            let step = steps.get(walked.len()).map_or(Step::Finish, |t| t.step);
            cursor
                .push(game, step)
                .map_err(|e| format!("a turn cursor refuses {step} after {walked:?}: {e}"))?;
            walked.push(step);
            if walked.len() > steps.len() + 1 {
                return Err(format!("move {mv} never completes"));
            }
        }
    }
    Ok(())
}

/// Checks that `G` declares the walk it overrides the hooks for: [`Steps::STEPS_BY_LISTING`] is
/// `false` exactly when the game has a [`Steps::next_steps`] of its own, and
/// [`Steps::STEPS_BY_FIRST_STEP`] is `true` exactly when it has its own
/// [`Steps::first_steps`] and [`Steps::moves_beginning_with`] (which only that walk calls) and
/// walks by listing. A mismatch answers the same steps, only slower (a stepper the cursor never
/// asks, hooks it never calls, or defaults that list twice), so nothing else would notice it.
/// `state` is a position with legal moves (the initial one); in a finished one only
/// `next_steps` is looked at. Returns what disagrees.
///
/// ```
/// use board_kernel::prelude::*;
/// use board_kernel::steps::check_step_strategy;
/// use board_kernel::testing::Nim;
/// let game = Nim::default();
/// assert_eq!(check_step_strategy(&game, &game.initial_state()), Ok(()));
/// ```
pub fn check_step_strategy<G: Steps>(game: &G, state: &G::State) -> Result<(), String> {
    let mut wrong = Vec::new();
    let own_stepper = !Hook::NextSteps.runs_default(|| {
        let _ = game.next_steps(state, &[]);
    });
    if own_stepper == G::STEPS_BY_LISTING {
        wrong.push(if own_stepper {
            "it has its own next_steps but STEPS_BY_LISTING is true: the turn cursor lists instead"
        } else {
            "STEPS_BY_LISTING is false but next_steps is the default: the turn cursor asks it to list at every step"
        });
    }
    let mut firsts = Vec::new();
    let own_first_steps = !Hook::FirstSteps.runs_default(|| game.first_steps(state, &mut firsts));
    let own_moves_beginning_with = match firsts.first() {
        Some(first) => !Hook::MovesBeginningWith
            .runs_default(|| game.moves_beginning_with(state, first.step, &mut Vec::new())),
        None => G::STEPS_BY_FIRST_STEP,
    };
    let by_first_step = G::STEPS_BY_FIRST_STEP && G::STEPS_BY_LISTING;
    if G::STEPS_BY_FIRST_STEP && !G::STEPS_BY_LISTING {
        wrong
            .push("STEPS_BY_FIRST_STEP is true but the turn cursor asks the game's own next_steps");
    }
    if by_first_step && !(own_first_steps && own_moves_beginning_with) {
        wrong.push(
            "STEPS_BY_FIRST_STEP is true but first_steps or moves_beginning_with is the default: \
             the turn cursor lists the moves twice",
        );
    }
    if !G::STEPS_BY_FIRST_STEP && (own_first_steps || own_moves_beginning_with) {
        wrong.push(
            "it has its own first_steps or moves_beginning_with but STEPS_BY_FIRST_STEP is false: \
             the turn cursor never calls them",
        );
    }
    if wrong.is_empty() {
        Ok(())
    } else {
        Err(format!("{}: {}", G::NAME, wrong.join("; ")))
    }
}
