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

use std::fmt;
use std::sync::OnceLock;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::Rules;
use crate::picture::Point;

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

/// Where a turn stands after some steps.
#[derive(Clone, Debug, PartialEq)]
pub struct StepOptions<M, S> {
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
    #[error("no legal turn goes on with step {index} ({step}) after the steps before it")]
    NotLegal {
        /// Which step, counted from 1.
        index: usize,
        /// The step.
        step: Step,
    },
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
    const STEPS_BY_LISTING: bool = true;

    /// Whether a [`TurnCursor`] begins a turn with [`Steps::first_steps`] and, once the first
    /// step is made, lists only the [`Steps::moves_beginning_with`] it, instead of listing
    /// every legal move when the turn begins. A game with hundreds of moves a turn, listed
    /// piece by piece, says `true` and overrides both; the conformance suite holds the cursor
    /// to the listing.
    const STEPS_BY_FIRST_STEP: bool = false;

    /// Appends the distinct first steps of `state`'s legal moves to `out`, each with the role
    /// of the first legal move that begins with it, in any order; nothing in a finished game.
    /// The default lists the legal moves.
    fn first_steps(&self, state: &Self::State, out: &mut Vec<TurnStep>) {
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
    /// until the move is complete; a game whose turns have visible parts (a double move's
    /// first part, a chain's segments) shows them.
    fn board_after_steps(
        &self,
        state: &Self::State,
        _mv: &Self::Move,
        _done: usize,
    ) -> Self::State {
        state.clone()
    }

    /// Where the turn stands after `steps`: the steps that may come next, the whole move if
    /// the steps make one, and the board. The default lists the legal moves
    /// ([`by_listing`]).
    fn next_steps(
        &self,
        state: &Self::State,
        steps: &[Step],
    ) -> Result<StepOptions<Self::Move, Self::State>, StepError> {
        by_listing(self, state, steps)
    }
}

/// [`Steps::next_steps`] from the legal moves and their [`Steps::move_steps`]: the default,
/// and what the conformance suite checks an override against.
pub fn by_listing<G: Steps>(
    game: &G,
    state: &G::State,
    steps: &[Step],
) -> Result<StepOptions<G::Move, G::State>, StepError> {
    let mut moves = Vec::new();
    game.legal_moves(state, &mut moves);
    if moves.is_empty() {
        return Err(StepError::GameOver);
    }
    let mut tally = Tally::new(steps);
    let mut buffer = Vec::new();
    for mv in moves {
        buffer.clear();
        game.move_steps(state, &mv, &mut buffer);
        tally.see(mv, &buffer);
    }
    tally.conclude(game, state, |mv| mv)
}

/// What the legal moves say of a beginning of a turn, gathered move by move (`M`: a move, or
/// a handle that stands for one).
struct Tally<'s, M> {
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

impl<'s, M: Clone> Tally<'s, M> {
    fn new(steps: &'s [Step]) -> Tally<'s, M> {
        let (body, finish) = match steps.split_last() {
            Some((Step::Finish, body)) => (body, true),
            _ => (steps, false),
        };
        Tally {
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
    ) -> Result<StepOptions<G::Move, G::State>, StepError> {
        let steps = self.steps;
        let not_legal = |index: usize| StepError::NotLegal {
            index: index + 1,
            step: steps[index],
        };
        let done = self.body.len();
        match (self.exact, self.longer, self.finish) {
            (None, false, _) => Err(not_legal(self.shared.min(steps.len() - 1))),
            (Some(mv), false, false) | (Some(mv), true, true) => {
                let mv = resolve(mv);
                Ok(StepOptions {
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
                Ok(StepOptions {
                    next: self.next,
                    board: state_after(game, state, example.as_ref(), done, false),
                    complete: None,
                })
            }
        }
    }
}

/// A turn being built step by step: the answer of [`Steps::next_steps`] for the steps so far,
/// kept from step to step. For a game that answers by listing, the legal moves and their
/// steps are listed once when the turn begins and narrowed at each step, so building a whole
/// turn costs one listing instead of one a step (a game with [`Steps::STEPS_BY_FIRST_STEP`]
/// gives its first steps instead and lists only the moves of the first step made); a game
/// with its own `next_steps` (declared by
/// [`Steps::STEPS_BY_LISTING`] = `false`) is asked at each step. Either way the answers are
/// exactly `next_steps`'s (the conformance suite compares them). The board after the steps is
/// made only when asked for.
///
/// ```
/// use board_kernel::prelude::*;
/// use board_kernel::steps::TurnCursor;
/// use board_kernel::testing::Nim;
/// let game = Nim::default();
/// let mut turn = TurnCursor::new(&game, &game.initial_state())?;
/// assert_eq!(turn.next().len(), 3);
/// let take_two = turn.next()[1].step;
/// turn.push(&game, take_two)?;
/// assert_eq!(turn.complete().map(ToString::to_string).as_deref(), Some("2"));
/// # Ok::<(), board_kernel::steps::StepError>(())
/// ```
#[derive(Clone, Debug)]
pub struct TurnCursor<G: Steps> {
    state: G::State,
    walk: Walk<G>,
}

impl<G: Steps> TurnCursor<G> {
    /// A turn beginning in `state`; [`StepError::GameOver`] in a finished game.
    pub fn new(game: &G, state: &G::State) -> Result<TurnCursor<G>, StepError> {
        let mut walk = Walk::new();
        walk.begin(game, state);
        if walk.over {
            return Err(StepError::GameOver);
        }
        Ok(TurnCursor {
            state: state.clone(),
            walk,
        })
    }

    /// The steps that may come next, ascending; empty once the turn is complete.
    #[must_use]
    pub fn next(&self) -> &[TurnStep] {
        &self.walk.next
    }

    /// The whole move the steps make, once they make one.
    #[must_use]
    pub fn complete(&self) -> Option<&G::Move> {
        self.walk.complete.as_ref()
    }

    /// The board after the steps so far (the position after the move once it is complete),
    /// made when first asked for.
    pub fn board(&self, game: &G) -> &G::State {
        self.walk.board(game, &self.state)
    }

    /// The steps so far.
    #[must_use]
    pub fn steps(&self) -> &[Step] {
        &self.walk.steps
    }

    /// The position the turn began in.
    #[must_use]
    pub fn start(&self) -> &G::State {
        &self.state
    }

    /// Makes `step`, which must be one of [`TurnCursor::next`]; on error nothing changes.
    pub fn push(&mut self, game: &G, step: Step) -> Result<(), StepError> {
        self.walk.push(game, &self.state, step)
    }

    /// Once the steps make a whole move: plays it and begins the next turn from the position
    /// after it (which may be finished: then [`TurnCursor::is_over`]), reusing the cursor's
    /// buffers, and returns the move. `None`, changing nothing, while the move is not whole.
    pub fn advance(&mut self, game: &G) -> Option<G::Move> {
        let (mv, after) = self.walk.take_complete(game, &self.state)?;
        self.state = after;
        self.walk.begin(game, &self.state);
        Some(mv)
    }

    /// Begins a turn in `state`, forgetting this one, reusing the cursor's buffers; in a
    /// finished game the cursor [`TurnCursor::is_over`] and offers nothing.
    pub fn reset(&mut self, game: &G, state: &G::State) {
        self.state.clone_from(state);
        self.walk.begin(game, &self.state);
    }

    /// Goes back to the start of this turn, forgetting its steps.
    pub fn restart(&mut self, game: &G) {
        self.walk.begin(game, &self.state);
    }

    /// Whether there is no turn to make: the game is over.
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.walk.over()
    }
}

/// The turn so far over a position its owner keeps (a [`TurnCursor`], the type-erased turn),
/// with buffers that are reused from one turn to the next, so that a long line of turns lists
/// its moves without allocating once the buffers have grown.
#[derive(Clone, Debug)]
pub(crate) struct Walk<G: Steps> {
    steps: Vec<Step>,
    /// No turn to make: the game is over.
    over: bool,
    next: Vec<TurnStep>,
    complete: Option<G::Move>,
    /// For a game that answers by listing: every legal move of the turn's position.
    moves: Vec<G::Move>,
    /// Every move's steps, one after another.
    flat: Vec<TurnStep>,
    /// The moves that begin with the steps so far (without a final `Finish`), in listing
    /// order.
    alive: Vec<Span>,
    /// The alive move whose steps are exactly the steps so far, if any.
    exact: Option<u32>,
    /// The first alive move that goes on beyond the steps so far: the board shows its first
    /// steps.
    example: Option<u32>,
    /// The steps that come next, gathered from the alive moves.
    found: NextSet,
    /// The board after the steps, once made (a stepper gives it with its answer).
    board: OnceLock<G::State>,
}

impl<G: Steps> Walk<G> {
    pub(crate) fn new() -> Walk<G> {
        Walk {
            steps: Vec::new(),
            over: true,
            next: Vec::new(),
            complete: None,
            moves: Vec::new(),
            flat: Vec::new(),
            alive: Vec::new(),
            exact: None,
            example: None,
            found: NextSet::default(),
            board: OnceLock::new(),
        }
    }

    /// Begins the turn of `state`, forgetting the one before.
    pub(crate) fn begin(&mut self, game: &G, state: &G::State) {
        self.steps.clear();
        self.moves.clear();
        self.flat.clear();
        self.alive.clear();
        self.board = OnceLock::new();
        self.over = false;
        if !G::STEPS_BY_LISTING {
            // With no steps the only refusal is the end of the game.
            match game.next_steps(state, &[]) {
                Ok(here) => self.take(here),
                Err(_) => self.end(),
            }
            return;
        }
        self.found.clear();
        self.exact = None;
        self.example = None;
        if G::STEPS_BY_FIRST_STEP {
            // The moves are listed when the first step is made (`Walk::push`).
            self.next.clear();
            game.first_steps(state, &mut self.next);
            if self.next.is_empty() {
                self.end();
                return;
            }
            for &first in &self.next {
                self.found.insert(first);
            }
            self.conclude();
            return;
        }
        game.legal_moves(state, &mut self.moves);
        if self.moves.is_empty() {
            self.end();
            return;
        }
        self.list(game, state, 0);
    }

    /// Lists the steps of the moves, which all begin with the `done` steps so far and are all
    /// alive, and answers what comes next: the next steps are gathered while the steps are
    /// listed, with no second pass.
    fn list(&mut self, game: &G, state: &G::State, done: usize) {
        for (index, mv) in self.moves.iter().enumerate() {
            let from = self.flat.len() as u32;
            game.move_steps(state, mv, &mut self.flat);
            let span = Span {
                index: index as u32,
                from,
                to: self.flat.len() as u32,
            };
            self.alive.push(span);
            see(
                &mut self.found,
                &mut self.exact,
                &mut self.example,
                &self.flat,
                span,
                done,
            );
        }
        self.conclude();
    }

    /// No turn: nothing comes next and nothing is complete.
    fn end(&mut self) {
        self.over = true;
        self.next.clear();
        self.complete = None;
        self.exact = None;
        self.example = None;
    }

    /// Takes a stepper's answer.
    fn take(&mut self, here: StepOptions<G::Move, G::State>) {
        self.next = here.next;
        self.complete = here.complete;
        self.board = OnceLock::from(here.board);
    }

    /// The answer from the alive moves [`see`]n: what [`by_listing`] concludes.
    fn conclude(&mut self) {
        self.complete = None;
        self.found.drain_into(&mut self.next);
        match self.exact {
            Some(index) if self.next.is_empty() => {
                self.complete = Some(self.moves[index as usize].clone());
            }
            // The finish sorts after every other step.
            Some(_) => self.next.push(TurnStep::FINISH),
            None => {}
        }
    }

    /// Makes `step` of the turn of `state`; on error nothing changes.
    pub(crate) fn push(&mut self, game: &G, state: &G::State, step: Step) -> Result<(), StepError> {
        if !self.next.iter().any(|t| t.step == step) {
            return Err(StepError::NotLegal {
                index: self.steps.len() + 1,
                step,
            });
        }
        self.steps.push(step);
        if !G::STEPS_BY_LISTING {
            return match game.next_steps(state, &self.steps) {
                Ok(here) => {
                    self.take(here);
                    Ok(())
                }
                Err(e) => {
                    self.steps.pop();
                    Err(e)
                }
            };
        }
        self.board = OnceLock::new();
        if step == Step::Finish {
            // Offered only beside an exact move, which it completes.
            self.next.clear();
            self.complete = self.exact.map(|index| self.moves[index as usize].clone());
            return Ok(());
        }
        let done = self.steps.len() - 1;
        self.found.clear();
        self.exact = None;
        self.example = None;
        if G::STEPS_BY_FIRST_STEP && done == 0 {
            game.moves_beginning_with(state, step, &mut self.moves);
            self.list(game, state, 1);
            return Ok(());
        }
        // One pass keeps the moves that go on with `step` and gathers what follows it.
        let mut kept = 0;
        for at in 0..self.alive.len() {
            let span = self.alive[at];
            if span.len() > done && self.flat[span.from as usize + done].step == step {
                self.alive[kept] = span;
                kept += 1;
                see(
                    &mut self.found,
                    &mut self.exact,
                    &mut self.example,
                    &self.flat,
                    span,
                    done + 1,
                );
            }
        }
        self.alive.truncate(kept);
        self.conclude();
        Ok(())
    }

    /// The board after the steps in the turn of `state`, made when first asked for.
    pub(crate) fn board(&self, game: &G, state: &G::State) -> &G::State {
        self.board.get_or_init(|| match &self.complete {
            Some(mv) => {
                let mut after = state.clone();
                game.play_unchecked(&mut after, mv);
                after
            }
            None => match self.example {
                Some(index) if !self.steps.is_empty() => {
                    game.board_after_steps(state, &self.moves[index as usize], self.steps.len())
                }
                _ => state.clone(),
            },
        })
    }

    /// The move the steps complete and the position after it in the turn of `state`, taken
    /// out (the walk then needs [`Walk::begin`]); `None` while the steps make no whole move.
    pub(crate) fn take_complete(
        &mut self,
        game: &G,
        state: &G::State,
    ) -> Option<(G::Move, G::State)> {
        self.complete.as_ref()?;
        self.board(game, state);
        let after = self.board.take()?;
        Some((self.complete.take()?, after))
    }

    pub(crate) fn over(&self) -> bool {
        self.over
    }

    pub(crate) fn next(&self) -> &[TurnStep] {
        &self.next
    }

    pub(crate) fn complete(&self) -> Option<&G::Move> {
        self.complete.as_ref()
    }

    pub(crate) fn steps(&self) -> &[Step] {
        &self.steps
    }
}

/// A listed move: its index and where its steps are in [`Walk::flat`].
#[derive(Clone, Copy, Debug)]
struct Span {
    index: u32,
    from: u32,
    to: u32,
}

impl Span {
    fn len(self) -> usize {
        (self.to - self.from) as usize
    }
}

/// Takes in an alive move, which begins with the first `done` steps of the turn: an exact
/// move when it has no more, else its next step (the role of the first alive move with a step
/// is the one offered, and the board is drawn with the first alive move that goes on).
fn see(
    found: &mut NextSet,
    exact: &mut Option<u32>,
    example: &mut Option<u32>,
    flat: &[TurnStep],
    span: Span,
    done: usize,
) {
    if span.len() == done {
        *exact = Some(span.index);
        return;
    }
    found.insert(flat[span.from as usize + done]);
    if example.is_none() {
        *example = Some(span.index);
    }
}

/// Columns and rows of the cells [`NextSet`] keeps as bits.
const GRID: usize = 32;

// [`NextSet::words`] has a bit for each word of cells.
const _: () = assert!(GRID * GRID / 64 <= u16::BITS as usize);

/// The distinct next steps of hundreds of moves, given back in ascending order with no sort:
/// a cell of a picture up to [`GRID`] × [`GRID`] is bit `col * GRID + row` (so that the bits
/// ascend in the order of [`Step`]) with the role it was first seen with; any other step is
/// kept aside and sorted in, which is rare (a pass, a cell off such a grid).
#[derive(Clone, Debug)]
struct NextSet {
    cells: [u64; GRID * GRID / 64],
    /// Which words of `cells` may have bits set: a turn's steps mostly fall in a few, and
    /// only these are read and emptied.
    words: u16,
    roles: [StepRole; GRID * GRID],
    /// The step seen last: moves are mostly listed piece by piece, so a step like the one
    /// before is no news.
    last: Option<Step>,
    others: Vec<TurnStep>,
}

impl Default for NextSet {
    fn default() -> NextSet {
        NextSet {
            cells: [0; GRID * GRID / 64],
            words: 0,
            roles: [StepRole::Select; GRID * GRID],
            last: None,
            others: Vec::new(),
        }
    }
}

impl NextSet {
    fn clear(&mut self) {
        self.empty_words();
        self.last = None;
        self.others.clear();
    }

    /// Adds `step` with its role unless the step is there already.
    fn insert(&mut self, step: TurnStep) {
        if self.last == Some(step.step) {
            return;
        }
        self.last = Some(step.step);
        match step.step {
            Step::Cell(p) if usize::from(p.col) < GRID && usize::from(p.row) < GRID => {
                let bit = usize::from(p.col) * GRID + usize::from(p.row);
                let (word, mask) = (bit / 64, 1_u64 << (bit % 64));
                if self.cells[word] & mask == 0 {
                    self.cells[word] |= mask;
                    self.words |= 1 << word;
                    self.roles[bit] = step.role;
                }
            }
            _ => {
                if !self.others.iter().any(|t| t.step == step.step) {
                    self.others.push(step);
                }
            }
        }
    }

    /// Empties the cells' words that may hold bits.
    fn empty_words(&mut self) {
        let mut words = std::mem::take(&mut self.words);
        while words != 0 {
            self.cells[words.trailing_zeros() as usize] = 0;
            words &= words - 1;
        }
    }

    /// Replaces `out` with the steps, ascending, and empties the set.
    fn drain_into(&mut self, out: &mut Vec<TurnStep>) {
        out.clear();
        let mut words = std::mem::take(&mut self.words);
        while words != 0 {
            let word = words.trailing_zeros() as usize;
            words &= words - 1;
            let mut rest = std::mem::take(&mut self.cells[word]);
            while rest != 0 {
                let bit = word * 64 + rest.trailing_zeros() as usize;
                rest &= rest - 1;
                // Both below GRID.
                let at = Point::new((bit / GRID) as u8, (bit % GRID) as u8);
                out.push(TurnStep::cell(at, self.roles[bit]));
            }
        }
        if !self.others.is_empty() {
            out.append(&mut self.others);
            out.sort_unstable_by_key(|t| t.step);
        }
        self.last = None;
    }
}

/// The board after `done` steps of `mv`: the position after the move when it is complete.
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
        Some(mv) if done > 0 => game.board_after_steps(state, mv, done),
        _ => state.clone(),
    }
}

/// The steps of `mv` in `state` as a list: [`Steps::move_steps`] into a fresh vector.
pub fn steps_of<G: Steps>(game: &G, state: &G::State, mv: &G::Move) -> Vec<TurnStep> {
    let mut out = Vec::new();
    game.move_steps(state, mv, &mut out);
    out
}

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
    let mut seen = std::collections::HashSet::new();
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
                || cursor.board(game) != &here.board
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{Nim, NimOptions, NimState, Take};
    use crate::{Illegal, ParseError, Side, Valid};

    /// Nim whose take of `n` stones is two steps, the cell `((n - 1) / 2, 0)` then the cell
    /// `((n - 1) % 2, 1)`: takes 1 and 2 begin alike, as do 3 and 4. It turns its cursor's
    /// first-step listing on and keeps the defaults of `first_steps` and
    /// `moves_beginning_with`.
    #[derive(Clone, Debug)]
    struct PairedNim(Nim);

    impl Rules for PairedNim {
        const NAME: &'static str = "paired-nim";
        const TITLE: &'static str = "Paired Nim";
        type Options = NimOptions;
        type State = NimState;
        type Move = Take;
        fn new(options: Valid<NimOptions>) -> Self {
            PairedNim(Nim::new(options))
        }
        crate::testing::nim_rules_passed_on!();
        fn check_move(&self, s: &NimState, mv: &Take) -> Result<(), Illegal> {
            self.0.check_move(s, mv)
        }
        fn key(&self, s: &NimState) -> u64 {
            self.0.key(s)
        }
        fn parse_move(&self, s: &NimState, text: &str) -> Result<Take, ParseError> {
            self.0.parse_move(s, text)
        }
        fn parse_position(&self, text: &str) -> Result<NimState, ParseError> {
            self.0.parse_position(text)
        }
    }

    impl Steps for PairedNim {
        const STEPS_BY_FIRST_STEP: bool = true;

        fn move_steps(&self, _s: &NimState, mv: &Take, out: &mut Vec<TurnStep>) {
            let index = mv.0 - 1;
            // Below 256: the test's piles are small.
            out.extend([
                TurnStep::cell(Point::new((index / 2) as u8, 0), StepRole::Select),
                TurnStep::cell(Point::new((index % 2) as u8, 1), StepRole::Move),
            ]);
        }
    }

    fn cell(col: u8, row: u8) -> Step {
        Step::Cell(Point::new(col, row))
    }

    #[test]
    fn default_first_steps_and_moves_beginning_with_follow_the_listing() {
        let game = PairedNim(Nim::pile(10, 5));
        let state = game.initial_state();
        let mut firsts = Vec::new();
        game.first_steps(&state, &mut firsts);
        // Takes 1 to 5 begin on columns 0, 0, 1, 1, 2: each column once.
        assert_eq!(
            firsts,
            [0, 1, 2].map(|c| TurnStep::cell(Point::new(c, 0), StepRole::Select))
        );
        let beginning = |first| {
            let mut moves = Vec::new();
            game.moves_beginning_with(&state, first, &mut moves);
            moves
        };
        assert_eq!(beginning(cell(0, 0)), [Take(1), Take(2)]);
        assert_eq!(beginning(cell(1, 0)), [Take(3), Take(4)]);
        assert_eq!(beginning(cell(2, 0)), [Take(5)]);
        assert_eq!(beginning(cell(3, 0)), []);
        assert_eq!(beginning(cell(0, 1)), []);

        // Three stones left: takes 1 to 3, so column 1 begins take 3 alone.
        let three = NimState {
            stones: 3,
            to_move: Side::Black,
        };
        let mut firsts = Vec::new();
        game.first_steps(&three, &mut firsts);
        assert_eq!(
            firsts,
            [0, 1].map(|c| TurnStep::cell(Point::new(c, 0), StepRole::Select))
        );
        let mut moves = Vec::new();
        game.moves_beginning_with(&three, cell(1, 0), &mut moves);
        assert_eq!(moves, [Take(3)]);

        // A finished game has no first step.
        let done = NimState {
            stones: 0,
            to_move: Side::White,
        };
        let mut firsts = Vec::new();
        game.first_steps(&done, &mut firsts);
        assert!(firsts.is_empty());
    }

    #[test]
    fn a_cursor_on_the_defaults_walks_every_move_as_the_listing_does() {
        let game = PairedNim(Nim::pile(12, 5));
        for stones in 0..=12 {
            let state = NimState {
                stones,
                to_move: Side::White,
            };
            let every: Vec<usize> = (0..5).collect();
            if let Err(e) = check_steps(&game, &state, &every) {
                panic!("{stones} stones: {e}");
            }
        }
    }
}
