//! A whole turn as the steps a player touches: the cells clicked in order and the few named
//! choices (a pass, a refill side). Front ends build a turn click by click with it, and the
//! Python package's integer actions are these same steps.
//!
//! A game says how each of its moves decomposes ([`Steps::move_steps`]); the kernel answers,
//! for any beginning of a turn, which steps may come next, whether the steps so far make a
//! whole move, and what the board looks like after them ([`Steps::next_steps`]). Where one
//! move's steps are also the beginning of a longer move's (a King's single step and its double
//! move through the same cell), the shorter one is completed by [`Step::Finish`], so every
//! legal move is reached by exactly one sequence of steps and every sequence of offered steps
//! completes a legal move.
//!
//! A [`TurnCursor`] keeps a turn from click to click without listing at every one; the
//! conformance suite holds a game's steps, its cursor and any stepper of its own to the
//! listing with [`check_steps`], and its declared walk to its overrides with
//! [`check_step_strategy`].
//!
//! ```
//! use board_kernel::prelude::*;
//! use board_kernel::steps::Step;
//! use board_kernel::testing::Nim;
//! let game = Nim::default();
//! let state = game.initial_state();
//! // Nim's turn is one step: how many stones to take.
//! let first = game.next_steps(&state, &[])?;
//! assert_eq!(first.next.len(), 3);
//! let done = game.next_steps(&state, &[first.next[1].step])?;
//! assert_eq!(done.complete.map(|mv| mv.to_string()).as_deref(), Some("2"));
//! assert!(game.next_steps(&state, &[Step::Choice(7)]).is_err());
//! # Ok::<(), board_kernel::steps::StepError>(())
//! ```

use std::cell::Cell;
use std::fmt;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::picture::Point;
use crate::{Illegal, Rules};

mod check;
mod cursor;
#[cfg(test)]
mod tests;

pub use check::{check_step_strategy, check_steps};
pub use cursor::TurnCursor;
pub(crate) use cursor::Walk;

/// One thing a player touches while making a turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Step {
    /// A cell of the game's picture grid ([`Render::picture`](crate::Render::picture)),
    /// where front ends take clicks: a board square, or a cell off the board that a picture
    /// draws (Chain Reaction's scoring rows).
    Cell(Point),
    /// The game's named choice [`Steps::CHOICES`]`[i]` (a pass, a refill side).
    Choice(u8),
    /// Ends a turn that could go on: offered only where the steps so far make a whole move
    /// and are also the beginning of a longer one.
    Finish,
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Step::Cell(p) => write!(f, "cell {},{}", p.col, p.row),
            Step::Choice(i) => write!(f, "choice {i}"),
            Step::Finish => f.write_str("finish"),
        }
    }
}

/// What a step does in its move, so that front ends can mark steps of different kinds
/// differently (Seven Sages: where the sage goes and where the ball goes).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum StepRole {
    /// Picks the piece, stone, stack or tower that acts.
    Select,
    /// Where the acting piece goes, or a cell it passes on the way: empty, or its own side's.
    Move,
    /// Where the acting piece goes onto, or into, an opponent's piece: a capture, a push.
    Capture,
    /// Where something the piece set in motion ends: Seven Sages' ball.
    Ball,
    /// Where a stone is put down from off the board: a re-placement, a placement.
    Place,
    /// A named choice.
    Choice,
    /// The end of a turn that could go on.
    Finish,
}

/// A step of a move with its role.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TurnStep {
    /// The step.
    pub step: Step,
    /// What it does.
    pub role: StepRole,
}

impl TurnStep {
    /// A step on the picture cell `at`.
    #[must_use]
    pub const fn cell(at: Point, role: StepRole) -> TurnStep {
        TurnStep {
            step: Step::Cell(at),
            role,
        }
    }

    /// The named choice `index`.
    #[must_use]
    pub const fn choice(index: u8) -> TurnStep {
        TurnStep {
            step: Step::Choice(index),
            role: StepRole::Choice,
        }
    }

    /// The finish of a turn that could go on.
    pub const FINISH: TurnStep = TurnStep {
        step: Step::Finish,
        role: StepRole::Finish,
    };
}

/// Where a turn stands after some steps: the answer of [`Steps::next_steps`].
#[derive(Clone, Debug, PartialEq)]
pub struct NextSteps<M, S> {
    /// The steps that may come next, each once, in ascending order of [`Step`]. Empty when
    /// the steps make a whole move.
    pub next: Vec<TurnStep>,
    /// The whole move the steps make, when they make one.
    pub complete: Option<M>,
    /// The board as it stands after the steps, for drawing the turn so far (not necessarily
    /// a position the rules would accept: a piece may be lifted, a ball in the air).
    pub board: S,
}

/// Steps that no legal turn begins with.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum StepError {
    /// The game is over: there is no turn to make.
    #[error("the game is over: there is no turn to make")]
    GameOver,
    /// No legal turn goes on with step number `index` (from 1).
    #[error(
        "no legal turn goes on with step {index} ({step}) after the steps before it{}",
        why_suffix(.why)
    )]
    NotLegal {
        /// Which step, counted from 1.
        index: usize,
        /// The step.
        step: Step,
        /// Why, for a player, in the game's words and naming the rule
        /// ([`Steps::step_refusal`]); `None` where the game says nothing more than that no
        /// legal turn goes on with the step.
        why: Option<Illegal>,
    },
}

/// The reason of a refusal as the end of its message: `: {why}`, or nothing.
fn why_suffix(why: &Option<Illegal>) -> String {
    why.as_ref()
        .map(|why| format!(": {why}"))
        .unwrap_or_default()
}

impl StepError {
    /// The refusal of step number `index` (from 1) of `steps`, with the game's reason: the
    /// steps before it are a beginning of a legal turn, so the game is asked about them.
    pub fn not_legal<G: Steps>(
        game: &G,
        state: &G::State,
        steps: &[Step],
        index: usize,
    ) -> StepError {
        let at = index.saturating_sub(1).min(steps.len().saturating_sub(1));
        let step = steps.get(at).copied().unwrap_or(Step::Finish);
        StepError::NotLegal {
            index,
            step,
            why: game.step_refusal(state, &steps[..at], step),
        }
    }

    /// The game's reason for the refusal, for a player, when it gives one.
    #[must_use]
    pub fn why(&self) -> Option<&Illegal> {
        match self {
            StepError::GameOver => None,
            StepError::NotLegal { why, .. } => why.as_ref(),
        }
    }
}

/// How a whole turn decomposes into the steps a player touches.
///
/// A game says which steps make each of its moves ([`Steps::move_steps`]); the default
/// [`Steps::next_steps`] finds the next steps of any beginning by listing the legal moves
/// ([`by_listing`]). A game whose move lists are too long to list at every click (Chain
/// Reaction's chains) overrides it and walks its turn step by step; the conformance suite
/// checks the override against the listing.
///
/// The decomposition must be *unambiguous*: two legal moves of a state never have the same
/// steps (the conformance suite checks it). A move whose steps begin a longer move's is
/// completed by [`Step::Finish`], which the kernel offers by itself.
pub trait Steps: Rules {
    /// The game's named choices, as the rule book words them (`pass`); [`Step::Choice`]`(i)`
    /// is `CHOICES[i]`. Fixed for the game, so that integer actions have a fixed range.
    const CHOICES: &'static [&'static str] = &[];

    /// Whether [`Steps::next_steps`] is the default, [`by_listing`]; a game that overrides it
    /// with a stepper of its own says `false`, and a [`TurnCursor`] then asks it at every step
    /// instead of listing the legal moves once.
    ///
    /// This and [`Steps::STEPS_BY_FIRST_STEP`] restate which hooks a game overrides, because
    /// Rust cannot ask whether a method is overridden and the cursor must choose its walk
    /// before it calls any. They stay declarations rather than being guessed at run time (a
    /// guess would cost a listing a turn, or a second one), and [`check_step_strategy`], which
    /// the conformance suite runs, fails a game whose declarations and overrides disagree.
    const STEPS_BY_LISTING: bool = true;

    /// Whether a [`TurnCursor`] begins a turn with [`Steps::first_steps`] and, once the first
    /// step is made, lists only the [`Steps::moves_beginning_with`] it, instead of listing
    /// every legal move when the turn begins. A game with hundreds of moves a turn, listed
    /// piece by piece, says `true` and overrides both; the conformance suite holds the cursor
    /// to the listing, and the declaration to the overrides ([`check_step_strategy`]).
    const STEPS_BY_FIRST_STEP: bool = false;

    /// Appends the distinct first steps of `state`'s legal moves to `out`, each with the role
    /// of the first legal move that begins with it, in any order; nothing in a finished game.
    /// The default lists the legal moves.
    fn first_steps(&self, state: &Self::State, out: &mut Vec<TurnStep>) {
        Hook::FirstSteps.note_default();
        let mut moves = Vec::new();
        self.legal_moves(state, &mut moves);
        let mut steps = Vec::new();
        for mv in &moves {
            steps.clear();
            self.move_steps(state, mv, &mut steps);
            if let Some(first) = steps.first()
                && !out.iter().any(|t| t.step == first.step)
            {
                out.push(*first);
            }
        }
    }

    /// Appends to `out` the legal moves of `state` whose first step is `first` (one of
    /// [`Steps::first_steps`]), in the order [`Rules::legal_moves`] lists them. The default
    /// lists the legal moves and keeps those.
    fn moves_beginning_with(&self, state: &Self::State, first: Step, out: &mut Vec<Self::Move>) {
        Hook::MovesBeginningWith.note_default();
        let mut moves = Vec::new();
        self.legal_moves(state, &mut moves);
        let mut steps = Vec::new();
        for mv in moves {
            steps.clear();
            self.move_steps(state, &mv, &mut steps);
            if steps.first().is_some_and(|t| t.step == first) {
                out.push(mv);
            }
        }
    }

    /// Appends the steps of `mv`, a legal move of `state`, to `out`, in the order a player
    /// makes them: typically the piece, then each cell it goes to, then any cell a stone is
    /// put down on; a pass is its choice.
    fn move_steps(&self, state: &Self::State, mv: &Self::Move, out: &mut Vec<TurnStep>);

    /// The board after the first `done` steps of `mv` (a legal move of `state`, fewer than
    /// all its steps), for drawing a turn in progress. The default leaves the board as it is
    /// until the move is complete (`None`: the board is `state`, and no copy of it is
    /// made, for an observation encoder reads this board at every step); a game whose
    /// turns have visible parts (a double move's first part, a chain's segments) shows them.
    fn board_after_steps(
        &self,
        _state: &Self::State,
        _mv: &Self::Move,
        _done: usize,
    ) -> Option<Self::State> {
        None
    }

    /// The board to draw after the first `done` steps of `mv` (a legal move of `state`, fewer
    /// than all its steps): what a front end shows of a turn in progress (a lifted pile, a
    /// double move's first part, the sage standing at the ball), as
    /// [`Steps::next_steps`] gives it. The default is [`Steps::board_after_steps`]. A game
    /// whose observation encoder reads the board unchanged until the move is whole (its
    /// documented encoding, which its shipped network was trained on) shows the turn's parts
    /// here only, so that drawing them changes no observation.
    fn drawn_after_steps(&self, state: &Self::State, mv: &Self::Move, done: usize) -> Self::State {
        self.board_after_steps(state, mv, done)
            .unwrap_or_else(|| state.clone())
    }

    /// Why no legal turn goes on with `refused` after `made` (a beginning of a legal turn of
    /// `state`, not finished), for a player: the rule that forbids it, in the game's words and
    /// naming squares as the rule book does. Every refusal of the step mechanism carries it
    /// ([`StepError::NotLegal`]), so that a front end says why a click is refused without
    /// guessing at moves from the clicks. The default says nothing more (`None`).
    fn step_refusal(
        &self,
        _state: &Self::State,
        _made: &[Step],
        _refused: Step,
    ) -> Option<Illegal> {
        None
    }

    /// What the turn after `made` (a beginning of a legal turn of `state`) must go on with,
    /// for a player, where that is not the usual choice of a piece and where it goes: a tower
    /// that must move on, a stone to put back, a forced pass, a refill side. A front end's
    /// help line says it; `None` (the default) when the offered steps say enough.
    fn turn_prompt(&self, _state: &Self::State, _made: &[Step]) -> Option<String> {
        None
    }

    /// Where the turn stands after `steps`: the steps that may come next, the whole move if
    /// the steps make one, and the board. The default lists the legal moves
    /// ([`by_listing`]).
    fn next_steps(
        &self,
        state: &Self::State,
        steps: &[Step],
    ) -> Result<NextSteps<Self::Move, Self::State>, StepError> {
        Hook::NextSteps.note_default();
        by_listing(self, state, steps)
    }
}

/// The hooks of [`Steps`] whose overriding a game declares ([`Steps::STEPS_BY_LISTING`],
/// [`Steps::STEPS_BY_FIRST_STEP`]). Their defaults note on the running thread that they ran,
/// which is how [`check_step_strategy`] tells an override from a default.
#[derive(Clone, Copy, Debug)]
enum Hook {
    NextSteps = 1,
    FirstSteps = 2,
    MovesBeginningWith = 4,
}

thread_local! {
    /// The [`Hook`]s whose default has run on this thread since [`Hook::runs_default`] last
    /// cleared its bit.
    static DEFAULTS_RUN: Cell<u8> = const { Cell::new(0) };
}

impl Hook {
    fn note_default(self) {
        DEFAULTS_RUN.with(|run| run.set(run.get() | self as u8));
    }

    /// Whether `call` runs this hook's default.
    fn runs_default(self, call: impl FnOnce()) -> bool {
        DEFAULTS_RUN.with(|run| run.set(run.get() & !(self as u8)));
        call();
        DEFAULTS_RUN.with(|run| run.get() & self as u8 != 0)
    }
}

/// [`Steps::next_steps`] from the legal moves and their [`Steps::move_steps`]: the default,
/// and what the conformance suite checks an override against.
pub fn by_listing<G: Steps>(
    game: &G,
    state: &G::State,
    steps: &[Step],
) -> Result<NextSteps<G::Move, G::State>, StepError> {
    let mut moves = Vec::new();
    game.legal_moves(state, &mut moves);
    if moves.is_empty() {
        return Err(StepError::GameOver);
    }
    let mut matching = MatchingMoves::new(steps);
    let mut buffer = Vec::new();
    for mv in moves {
        buffer.clear();
        game.move_steps(state, &mv, &mut buffer);
        matching.see(mv, &buffer);
    }
    matching.conclude(game, state, |mv| mv)
}

/// The legal moves that go on with a beginning of a turn, gathered move by move as
/// [`by_listing`] sees them (`M`: a move, or a handle that stands for one): the one the steps
/// make whole, the next steps of the longer ones, and how far the best match got.
struct MatchingMoves<'s, M> {
    steps: &'s [Step],
    /// The steps without a final `Finish`.
    body: &'s [Step],
    finish: bool,
    next: Vec<TurnStep>,
    exact: Option<M>,
    longer: bool,
    example: Option<M>,
    /// How many steps the best-matching move shares, to say which step went wrong.
    shared: usize,
}

impl<'s, M: Clone> MatchingMoves<'s, M> {
    fn new(steps: &'s [Step]) -> MatchingMoves<'s, M> {
        let (body, finish) = match steps.split_last() {
            Some((Step::Finish, body)) => (body, true),
            _ => (steps, false),
        };
        MatchingMoves {
            steps,
            body,
            finish,
            next: Vec::new(),
            exact: None,
            longer: false,
            example: None,
            shared: 0,
        }
    }

    /// Takes in a legal move and its steps; returns whether it begins with the steps.
    fn see(&mut self, mv: M, made: &[TurnStep]) -> bool {
        let body = self.body;
        let same = made
            .iter()
            .zip(body)
            .take_while(|(made, wanted)| made.step == **wanted)
            .count();
        self.shared = self.shared.max(same);
        if same < body.len() {
            return false;
        }
        if made.len() == body.len() {
            self.exact = Some(mv);
            return true;
        }
        self.longer = true;
        let following = made[body.len()];
        if !self.next.iter().any(|t| t.step == following.step) {
            self.next.push(following);
        }
        if self.example.is_none() {
            self.example = Some(mv);
        }
        true
    }

    /// The answer for the steps, from the moves seen; `resolve` gives the move a seen handle
    /// stands for.
    fn conclude<G: Steps>(
        mut self,
        game: &G,
        state: &G::State,
        resolve: impl Fn(M) -> G::Move,
    ) -> Result<NextSteps<G::Move, G::State>, StepError> {
        let steps = self.steps;
        let not_legal = |index: usize| StepError::not_legal(game, state, steps, index + 1);
        let done = self.body.len();
        match (self.exact, self.longer, self.finish) {
            (None, false, _) => Err(not_legal(self.shared.min(steps.len() - 1))),
            (Some(mv), false, false) | (Some(mv), true, true) => {
                let mv = resolve(mv);
                Ok(NextSteps {
                    next: Vec::new(),
                    board: state_after(game, state, Some(&mv), done, true),
                    complete: Some(mv),
                })
            }
            // `finish` where nothing needed finishing, or no move ends here.
            (_, _, true) => Err(not_legal(steps.len() - 1)),
            (exact, true, false) => {
                if exact.is_some() {
                    self.next.push(TurnStep::FINISH);
                }
                self.next.sort_by_key(|t| t.step);
                let example = self.example.map(resolve);
                Ok(NextSteps {
                    next: self.next,
                    board: state_after(game, state, example.as_ref(), done, false),
                    complete: None,
                })
            }
        }
    }
}

/// The board to draw after `done` steps of `mv` ([`Steps::drawn_after_steps`]): the position
/// after the move when it is complete.
fn state_after<G: Steps>(
    game: &G,
    state: &G::State,
    mv: Option<&G::Move>,
    done: usize,
    complete: bool,
) -> G::State {
    match mv {
        Some(mv) if complete => {
            let mut after = state.clone();
            game.play_unchecked(&mut after, mv);
            after
        }
        Some(mv) if done > 0 => game.drawn_after_steps(state, mv, done),
        _ => state.clone(),
    }
}

/// The steps of `mv` in `state` as a list: [`Steps::move_steps`] into a fresh vector.
pub fn steps_of<G: Steps>(game: &G, state: &G::State, mv: &G::Move) -> Vec<TurnStep> {
    let mut out = Vec::new();
    game.move_steps(state, mv, &mut out);
    out
}
