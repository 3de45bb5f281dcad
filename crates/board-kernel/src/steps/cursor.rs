//! The turn being built click by click: [`TurnCursor`] and the [`Walk`] under it, which lists
//! a turn's moves once and narrows them step by step instead of listing at every click.

use std::sync::OnceLock;

use super::{NextSteps, Step, StepError, StepRole, Steps, TurnStep};
use crate::picture::Point;

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
    /// made when first asked for: what an observation encoder reads
    /// ([`Steps::board_after_steps`]).
    pub fn board(&self, game: &G) -> &G::State {
        self.walk.board(game, &self.state)
    }

    /// The board to draw after the steps so far ([`Steps::drawn_after_steps`]; the position
    /// after the move once it is complete), as [`Steps::next_steps`] gives it.
    pub fn drawn(&self, game: &G) -> G::State {
        self.walk.drawn(game, &self.state)
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
        let mv = self.walk.take_complete(game, &mut self.state)?;
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
    /// What the alive moves say of the steps so far.
    seen: Seen,
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
            seen: Seen::default(),
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
        self.seen.clear();
        if G::STEPS_BY_FIRST_STEP {
            // The moves are listed when the first step is made (`Walk::push`).
            self.next.clear();
            game.first_steps(state, &mut self.next);
            if self.next.is_empty() {
                self.end();
                return;
            }
            for &first in &self.next {
                self.seen.next.insert(first);
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
            self.seen.see(&self.flat, span, done);
        }
        self.conclude();
    }

    /// No turn: nothing comes next and nothing is complete.
    fn end(&mut self) {
        self.over = true;
        self.next.clear();
        self.complete = None;
        self.seen.exact = None;
        self.seen.example = None;
    }

    /// Takes a stepper's answer.
    fn take(&mut self, here: NextSteps<G::Move, G::State>) {
        self.next = here.next;
        self.complete = here.complete;
        self.board = OnceLock::from(here.board);
    }

    /// The answer from the alive moves [`Seen`]: what [`by_listing`](super::by_listing)
    /// concludes.
    fn conclude(&mut self) {
        self.complete = None;
        self.seen.next.drain_into(&mut self.next);
        match self.seen.exact {
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
                // A finished game offers nothing and has no rule to name.
                why: (!self.over)
                    .then(|| game.step_refusal(state, &self.steps, step))
                    .flatten(),
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
            self.complete = self
                .seen
                .exact
                .map(|index| self.moves[index as usize].clone());
            return Ok(());
        }
        let done = self.steps.len() - 1;
        self.seen.clear();
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
                self.seen.see(&self.flat, span, done + 1);
            }
        }
        self.alive.truncate(kept);
        self.conclude();
        Ok(())
    }

    /// The board to draw after the steps in the turn of `state`
    /// ([`Steps::drawn_after_steps`]).
    pub(crate) fn drawn(&self, game: &G, state: &G::State) -> G::State {
        match (&self.complete, self.seen.example) {
            (None, Some(index)) if !self.steps.is_empty() => {
                game.drawn_after_steps(state, &self.moves[index as usize], self.steps.len())
            }
            _ => self.board(game, state).clone(),
        }
    }

    /// The board after the steps in the turn of `state`, made when first asked for.
    pub(crate) fn board<'a>(&'a self, game: &G, state: &'a G::State) -> &'a G::State {
        if let Some(board) = self.board.get() {
            // Made already, or a stepper's.
            return board;
        }
        let Some(mv) = &self.complete else {
            // Before the move is whole the board is mostly the turn's start: no copy of it
            // (the batched stepper asks for the board of every game after every step).
            let shown = match self.seen.example {
                Some(index) if !self.steps.is_empty() => {
                    game.board_after_steps(state, &self.moves[index as usize], self.steps.len())
                }
                _ => None,
            };
            return match shown {
                Some(board) => self.board.get_or_init(|| board),
                None => state,
            };
        };
        self.board.get_or_init(|| {
            let mut after = state.clone();
            game.play_unchecked(&mut after, mv);
            after
        })
    }

    /// The move the steps complete in the turn of `state`, taken out, with `state` made the
    /// position after it (the walk then needs [`Walk::begin`]); `None`, changing nothing,
    /// while the steps make no whole move. The move is played in place unless the board after
    /// it was made already.
    pub(crate) fn take_complete(&mut self, game: &G, state: &mut G::State) -> Option<G::Move> {
        let mv = self.complete.take()?;
        match self.board.take() {
            Some(after) => *state = after,
            None => game.play_unchecked(state, &mv),
        }
        Some(mv)
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

/// What the alive moves say of the steps so far, gathered as the moves are listed or
/// narrowed.
#[derive(Clone, Debug, Default)]
struct Seen {
    /// The alive move whose steps are exactly the steps so far, if any.
    exact: Option<u32>,
    /// The first alive move that goes on beyond the steps so far: the board shows its first
    /// steps.
    example: Option<u32>,
    /// The steps that come next.
    next: NextSet,
}

impl Seen {
    fn clear(&mut self) {
        self.next.clear();
        self.exact = None;
        self.example = None;
    }

    /// Takes in an alive move, which begins with the first `done` steps of the turn: an exact
    /// move when it has no more, else its next step (the role of the first alive move with a
    /// step is the one offered, and the board is drawn with the first alive move that goes
    /// on). `flat` holds the move's steps where `span` says.
    fn see(&mut self, flat: &[TurnStep], span: Span, done: usize) {
        if span.len() == done {
            self.exact = Some(span.index);
            return;
        }
        self.next.insert(flat[span.from as usize + done]);
        if self.example.is_none() {
            self.example = Some(span.index);
        }
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
