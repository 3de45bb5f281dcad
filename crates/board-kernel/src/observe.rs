//! What a learning program sees of a game: the observation planes of the turn so far, seen
//! from the player to move; the integer actions a policy chooses among (the steps of a turn,
//! numbered); and how long a game can last. The batched stepper ([`crate::batch`]), the
//! Python package and the learned players all read these, so a network trained through one
//! plays through the others.
//!
//! An observation is `planes × rows × columns` bytes over the picture grid (the grid the
//! steps' cells are on, [`Observe::grid`]), plane by plane, row 0 at the bottom: byte
//! `p * rows * columns + r * columns + c` is plane `p` on cell `(c, r)`, so a plane lines up
//! with the cell actions. Each byte is a level from 0 to its plane's [`Plane::scale`], and
//! the value the plane stands for is `level / scale`, in `[0, 1]`: planes whose scale is 1
//! are exact as booleans, the others as bytes, and every one is exact as a float.
//!
//! ```
//! use board_kernel::prelude::*;
//! use board_kernel::observe::{ActionSpace, TurnView};
//! use board_kernel::testing::Nim;
//! let game = Nim::default();
//! let spec = game.observation_spec();
//! let state = game.initial_state();
//! let mut out = vec![0; spec.len()];
//! game.observe(&TurnView::start_of(&state), &mut out);
//! // Ten stones left: the first plane holds ten ones.
//! assert_eq!(out[..spec.area()].iter().filter(|&&b| b == 1).count(), 10);
//! assert_eq!(ActionSpace::of(&game).len(), spec.area() + 1);
//! ```

use std::borrow::Cow;

use crate::picture::{Picture, PieceKind, Point, Rgb};
use crate::steps::{Step, TurnStep};
use crate::{Presentation, Rules, Side, Steps};

/// One plane of an observation: what it shows and the level that stands for 1.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plane {
    /// What the plane shows, in words ("the mover's towers", "stack height / 8").
    pub name: Cow<'static, str>,
    /// The level that means 1: a byte `b` of the plane stands for `b / scale`.
    pub scale: u8,
}

impl Plane {
    /// A plane of ones and zeros.
    #[must_use]
    pub const fn flag(name: &'static str) -> Plane {
        Plane {
            name: Cow::Borrowed(name),
            scale: 1,
        }
    }

    /// A plane of levels from 0 to `scale`.
    #[must_use]
    pub const fn levels(name: &'static str, scale: u8) -> Plane {
        Plane {
            name: Cow::Borrowed(name),
            scale,
        }
    }

    /// A plane of ones and zeros with a name made at run time.
    #[must_use]
    pub fn named_flag(name: String) -> Plane {
        Plane {
            name: Cow::Owned(name),
            scale: 1,
        }
    }
}

/// The shape of a game's observations: fixed for the game and its options, whatever the
/// position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ObservationSpec {
    /// The planes, in order.
    pub planes: Vec<Plane>,
    /// Rows of the grid.
    pub rows: usize,
    /// Columns of the grid.
    pub columns: usize,
}

impl ObservationSpec {
    /// Cells a plane has: `rows × columns`.
    #[must_use]
    pub fn area(&self) -> usize {
        self.rows * self.columns
    }

    /// Bytes an observation has: `planes × rows × columns`.
    #[must_use]
    pub fn len(&self) -> usize {
        self.planes.len() * self.area()
    }

    /// Whether an observation has no bytes at all.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Whether every plane is ones and zeros, so that booleans hold an observation exactly.
    #[must_use]
    pub fn is_binary(&self) -> bool {
        self.planes.iter().all(|p| p.scale == 1)
    }

    /// Each byte's factor to its value in `[0, 1]`, plane by plane (`1 / scale`), for turning
    /// observations into floats.
    #[must_use]
    pub fn factors(&self) -> Vec<f32> {
        self.planes
            .iter()
            .map(|p| 1.0 / f32::from(p.scale.max(1)))
            .collect()
    }

    /// Writes the values of `levels` (one observation) into `out` as floats in `[0, 1]`.
    ///
    /// # Panics
    /// When either slice is not [`ObservationSpec::len`] long.
    pub fn to_floats(&self, levels: &[u8], out: &mut [f32]) {
        assert_eq!(levels.len(), self.len(), "observation length");
        assert_eq!(out.len(), self.len(), "output length");
        let area = self.area();
        for (plane, factor) in self.factors().into_iter().enumerate() {
            let range = plane * area..(plane + 1) * area;
            for (o, &b) in out[range.clone()].iter_mut().zip(&levels[range]) {
                *o = f32::from(b) * factor;
            }
        }
    }
}

/// The turn so far, as an encoder sees it: the position the turn began in, the board after
/// the steps made (a piece lifted, a chain's first segments), the steps made and those that
/// may come next.
#[derive(Debug)]
pub struct TurnView<'a, G: Rules> {
    /// The position at the start of the turn (its counters, the side to move).
    pub start: &'a G::State,
    /// The board after the steps so far ([`Steps::board_after_steps`]).
    pub board: &'a G::State,
    /// The steps made this turn.
    pub steps: &'a [Step],
    /// The steps that may come next.
    pub next: &'a [TurnStep],
}

impl<'a, G: Rules> TurnView<'a, G> {
    /// A turn before its first step, when the next steps do not matter to the encoder (they
    /// show as no legal next step).
    #[must_use]
    pub fn start_of(state: &'a G::State) -> TurnView<'a, G> {
        TurnView {
            start: state,
            board: state,
            steps: &[],
            next: &[],
        }
    }
}

impl<G: Rules> Clone for TurnView<'_, G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G: Rules> Copy for TurnView<'_, G> {}

/// What a learning program sees of a game: the observation of the turn so far, the grid of
/// its cell actions, and how long a game lasts at most.
///
/// Every method has a default: observations read from the board's picture (cells, piece
/// looks, stacks, the mover, the turn so far), so a newly added game can be learned at once.
/// A game writes its own encoder in its `observation.rs`: planes from the point of view of
/// the player to move ("the mover's towers", "the opponent's towers"), values normalised to
/// `[0, 1]` by each plane's scale, each plane documented in words.
pub trait Observe: Steps + Presentation {
    /// The grid the cell steps are on, `(columns, rows)`: the picture's grid, fixed by the
    /// game and its options.
    fn grid(&self) -> (usize, usize) {
        let picture = self.draw(&self.initial_state());
        (usize::from(picture.columns), usize::from(picture.rows))
    }

    /// The planes of this game's observations, on [`Observe::grid`].
    fn observation_spec(&self) -> ObservationSpec {
        PictureLayout::new(&self.draw(&self.initial_state()), Self::CHOICES.len()).spec()
    }

    /// Writes the observation of the turn in `view` into `out` (of
    /// [`ObservationSpec::len`] bytes, all zero on entry), for the side to move in
    /// `view.start`. Allocates nothing in a game's own encoder.
    fn observe(&self, view: &TurnView<'_, Self>, out: &mut [u8]) {
        let layout = PictureLayout::new(&self.draw(&self.initial_state()), Self::CHOICES.len());
        layout.encode(
            &self.draw(view.board),
            self.side_to_move(view.start),
            view.steps,
            view.next,
            out,
        );
    }

    /// The most whole turns a game from the initial position takes under these options,
    /// from the rule book's limits; `None` where no limit is known or an option turns it off.
    fn max_turns(&self) -> Option<u64> {
        None
    }

    /// The most steps one turn takes, a final [`Step::Finish`] included; `None` where not
    /// known.
    fn max_turn_steps(&self) -> Option<u64> {
        None
    }

    /// The most actions (steps) a game from the initial position takes:
    /// [`Observe::max_turns`] × [`Observe::max_turn_steps`].
    fn max_actions(&self) -> Option<u64> {
        self.max_turns()?.checked_mul(self.max_turn_steps()?)
    }
}

/// How a game's steps are numbered as integer actions, for a policy over a fixed range: a
/// cell of the grid is `row * columns + column` (row 0 at the bottom), the named choice `i`
/// ([`Steps::CHOICES`]) is `columns * rows + i`, and [`Step::Finish`] is the last action.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ActionSpace {
    /// Columns of the grid.
    pub columns: usize,
    /// Rows of the grid.
    pub rows: usize,
    /// How many named choices the game has.
    pub choices: usize,
}

impl ActionSpace {
    /// The actions of `game` (its [`Observe::grid`] and choices).
    #[must_use]
    pub fn of<G: Observe>(game: &G) -> ActionSpace {
        let (columns, rows) = game.grid();
        ActionSpace {
            columns,
            rows,
            choices: G::CHOICES.len(),
        }
    }

    /// Cells of the grid.
    #[must_use]
    pub fn cells(&self) -> usize {
        self.columns * self.rows
    }

    /// How many actions there are.
    #[must_use]
    pub fn len(&self) -> usize {
        self.cells() + self.choices + 1
    }

    /// Never: there is always the finish.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        false
    }

    /// The action of `step`, or `None` for a cell off the grid (which no game offers).
    #[must_use]
    pub fn action(&self, step: Step) -> Option<usize> {
        match step {
            Step::Cell(p) => {
                let (c, r) = (usize::from(p.col), usize::from(p.row));
                (c < self.columns && r < self.rows).then_some(r * self.columns + c)
            }
            Step::Choice(i) => {
                (usize::from(i) < self.choices).then_some(self.cells() + usize::from(i))
            }
            Step::Finish => Some(self.cells() + self.choices),
        }
    }

    /// The step of `action`, or `None` past the last action.
    #[must_use]
    pub fn step(&self, action: usize) -> Option<Step> {
        let cells = self.cells();
        if action < cells {
            // Both fit in a byte: pictures are at most 255 cells wide and high.
            Some(Step::Cell(Point::new(
                (action % self.columns) as u8,
                (action / self.columns) as u8,
            )))
        } else if action - cells < self.choices {
            Some(Step::Choice((action - cells) as u8))
        } else if action - cells == self.choices {
            Some(Step::Finish)
        } else {
            None
        }
    }
}

/// The generic observation of [`Observe`]'s defaults, read from pictures: which planes a game
/// has, fixed from its initial picture.
struct PictureLayout {
    columns: usize,
    rows: usize,
    cell_fills: Vec<Rgb>,
    looks: Vec<PieceKind>,
    stack_colours: Vec<Rgb>,
    choices: usize,
}

/// A single piece's look (not a stack), less a disc's teeth.
fn look(kind: &PieceKind) -> Option<PieceKind> {
    match kind {
        PieceKind::Stack { .. } => None,
        PieceKind::Disc { fill, rim, .. } => Some(PieceKind::Disc {
            fill: *fill,
            rim: *rim,
            teeth: 0,
        }),
        other => Some(other.clone()),
    }
}

impl PictureLayout {
    fn new(picture: &Picture, choices: usize) -> PictureLayout {
        let mut cell_fills = Vec::new();
        for cell in &picture.cells {
            if !cell_fills.contains(&cell.fill) {
                cell_fills.push(cell.fill);
            }
        }
        let (mut looks, mut stack_colours) = (Vec::new(), Vec::new());
        for piece in &picture.pieces {
            match &piece.kind {
                PieceKind::Stack { stones } => {
                    for stone in stones {
                        if !stack_colours.contains(stone) {
                            stack_colours.push(*stone);
                        }
                    }
                }
                kind => {
                    if let Some(l) = look(kind)
                        && !looks.contains(&l)
                    {
                        looks.push(l);
                    }
                }
            }
        }
        PictureLayout {
            columns: usize::from(picture.columns),
            rows: usize::from(picture.rows),
            cell_fills,
            looks,
            stack_colours,
            choices,
        }
    }

    fn spec(&self) -> ObservationSpec {
        let mut planes = vec![Plane::flag("a cell of the board")];
        planes.extend(
            (0..self.cell_fills.len()).map(|i| Plane::named_flag(format!("cells of colour {i}"))),
        );
        planes.extend(
            (0..self.looks.len()).map(|i| Plane::named_flag(format!("pieces of kind {i}"))),
        );
        planes.push(Plane::flag("any other single piece"));
        for i in 0..self.stack_colours.len() {
            planes.push(Plane::named_flag(format!(
                "a stack whose top stone is of colour {i}"
            )));
        }
        planes.push(Plane::flag("the mover is the second player"));
        planes.push(Plane::flag("a cell chosen this turn"));
        planes.push(Plane::flag("a legal next cell"));
        ObservationSpec {
            planes,
            rows: self.rows,
            columns: self.columns,
        }
    }

    fn encode(
        &self,
        picture: &Picture,
        mover: Side,
        steps: &[Step],
        next: &[TurnStep],
        out: &mut [u8],
    ) {
        let area = self.rows * self.columns;
        let at = |p: Point| {
            let (c, r) = (usize::from(p.col), usize::from(p.row));
            (c < self.columns && r < self.rows).then_some(r * self.columns + c)
        };
        for cell in &picture.cells {
            if let Some(i) = at(cell.at) {
                out[i] = 1;
                if let Some(k) = self.cell_fills.iter().position(|c| *c == cell.fill) {
                    out[(1 + k) * area + i] = 1;
                }
            }
        }
        let looks = 1 + self.cell_fills.len();
        let other = looks + self.looks.len();
        let stacks = other + 1;
        for piece in &picture.pieces {
            let Some(i) = at(piece.at) else { continue };
            match &piece.kind {
                PieceKind::Stack { stones } => {
                    if let Some(k) = stones
                        .last()
                        .and_then(|top| self.stack_colours.iter().position(|c| c == top))
                    {
                        out[(stacks + k) * area + i] = 1;
                    }
                }
                kind => match look(kind).and_then(|l| self.looks.iter().position(|k| *k == l)) {
                    Some(k) => out[(looks + k) * area + i] = 1,
                    None => out[other * area + i] = 1,
                },
            }
        }
        let mover_plane = stacks + self.stack_colours.len();
        if mover == Side::Black {
            out[mover_plane * area..(mover_plane + 1) * area].fill(1);
        }
        for step in steps {
            if let Step::Cell(p) = step
                && let Some(i) = at(*p)
            {
                out[(mover_plane + 1) * area + i] = 1;
            }
        }
        for t in next {
            if let Step::Cell(p) = t.step
                && let Some(i) = at(p)
            {
                out[(mover_plane + 2) * area + i] = 1;
            }
        }
        let _ = self.choices;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::Nim;

    #[test]
    fn actions_and_steps_number_each_other() {
        let space = ActionSpace {
            columns: 7,
            rows: 10,
            choices: 1,
        };
        assert_eq!(space.len(), 72);
        for action in 0..space.len() {
            let step = space.step(action).unwrap();
            assert_eq!(space.action(step), Some(action), "{step}");
        }
        assert_eq!(space.step(72), None);
        assert_eq!(space.action(Step::Cell(Point::new(7, 0))), None);
        assert_eq!(space.action(Step::Choice(1)), None);
        assert_eq!(space.step(70), Some(Step::Choice(0)));
        assert_eq!(space.step(71), Some(Step::Finish));
    }

    #[test]
    fn floats_divide_each_plane_by_its_scale() {
        let spec = ObservationSpec {
            planes: vec![Plane::flag("a"), Plane::levels("b", 4)],
            rows: 1,
            columns: 2,
        };
        let mut out = [0.0; 4];
        spec.to_floats(&[1, 0, 4, 2], &mut out);
        assert_eq!(out, [1.0, 0.0, 1.0, 0.5]);
        assert!(!spec.is_binary());
    }

    #[test]
    fn nim_observes_its_pile() {
        let game = Nim::pile(4, 2);
        let spec = game.observation_spec();
        let mut state = game.initial_state();
        let mut out = vec![0; spec.len()];
        game.observe(&TurnView::start_of(&state), &mut out);
        let ones = |out: &[u8], plane: usize| {
            out[plane * spec.area()..(plane + 1) * spec.area()]
                .iter()
                .filter(|&&b| b == 1)
                .count()
        };
        assert_eq!(ones(&out, 0), 4);
        assert_eq!(ones(&out, 1), 0, "White to move");
        crate::GameExt::play_text(&game, &mut state, "1").unwrap();
        out.fill(0);
        game.observe(&TurnView::start_of(&state), &mut out);
        assert_eq!(ones(&out, 0), 3);
        assert_eq!(ones(&out, 1), spec.area(), "Black to move");
    }
}
