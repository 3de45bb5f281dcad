//! What a learning program sees of a position: the observation planes of the turn so far,
//! from the point of view of the player to move, and how long a game lasts at most.
//!
//! Queens' Courtiers is a game of geometry and of who may move at all, so the planes show
//! the pieces by kind and by owner (the mover's or the opponent's, whichever colour that is,
//! so one network plays both sides) on the picture's 15×15 grid, where the cell actions are:
//! the board is never turned round, and a constant plane says whether the mover is Blue so
//! that the network still knows which corner its King started from. What the rules decide
//! from the whole board and a network would otherwise have to learn to work out is shown as
//! well: which Royals are checked (paralysed, for the mover's), which Courtiers may be
//! captured (§4.4), and every square each side's pieces reach (§3: where they move, capture
//! and threaten). The Court is a plane of its own, because captures and double moves depend
//! on it, and so is the board's shape, because `h8` is missing. The counters that end the
//! game in a draw (§6) come as constant planes relative to their limits, and the turn so far
//! as the piece chosen, the squares it went to and the steps that may come next, so that a
//! policy choosing one step at a time sees where it stands in its turn.
//!
//! A turn in progress does not move the piece on the board (the board changes once the turn
//! is complete): the chosen piece still stands on its square in the piece planes, and the
//! steps planes tell where it goes. Once the move is complete (the view's board is the
//! position after it) every plane still speaks of the side that was to move when the turn
//! began.
//!
//! | # | plane | scale | a one (or the level) on |
//! |---|---|---|---|
//! | 0 | the mover's King | 1 | the mover's King (also when united with its Queen) |
//! | 1 | the mover's Queen | 1 | the mover's Queen (also when united with its King) |
//! | 2 | the mover's Courtiers | 1 | each of the mover's Courtiers |
//! | 3 | the opponent's King | 1 | the opponent's King |
//! | 4 | the opponent's Queen | 1 | the opponent's Queen |
//! | 5 | the opponent's Courtiers | 1 | each of the opponent's Courtiers |
//! | 6 | a checked Royal of the mover (paralysed) | 1 | the mover's Royals in `checked_royals` (§4.2, under the game's cycle rule) |
//! | 7 | a checked Royal of the opponent | 1 | the opponent's checked Royals |
//! | 8 | an opponent's Courtier the mover may capture | 1 | the opponent's Courtiers in the Court or checking one of the mover's Royals (§4.4) |
//! | 9 | a Courtier of the mover the opponent may capture | 1 | the mover's Courtiers capturable by the opponent |
//! | 10 | a square the mover's pieces reach | 1 | the union of the reaches (§3) of the mover's pieces |
//! | 11 | a square the opponent's pieces reach | 1 | the union of the reaches of the opponent's pieces |
//! | 12 | a square of the board | 1 | every cell but the missing centre `h8` |
//! | 13 | the Court | 1 | files `d`–`l` × ranks 4–12, without `h8` |
//! | 14 | the mover is Blue | 1 | every cell when the side to move is Blue (the kernel's Black, the second player by default) |
//! | 15 | plies played / ply limit | see below | every cell: the ply counter relative to `max_plies` |
//! | 16 | occurrences of this position / repetition limit | see below | every cell: how often the position at the start of the turn has occurred, relative to `repetition_limit` |
//! | 17 | the last ply was a forced pass | 1 | every cell when the opponent has just passed (a pass now would end the game in a draw) |
//! | 18 | the piece chosen this turn | 1 | the first cell of the turn's steps |
//! | 19 | a square the chosen piece moved to this turn | 1 | the later cells of the turn's steps (a double move's first landing, and the last) |
//! | 20 | a legal next cell | 1 | each cell that may be the next step |
//! | 21 | pass is a legal next step | 1 | every cell when the forced pass is the next step |
//! | 22 | finish is a legal next step | 1 | every cell when the steps so far may end the turn (a single move that could go on) |
//!
//! The two counter planes are levels: with a limit from 1 to 255 the scale is the limit and
//! the level the count (so a level is exact); with a larger limit the scale is 250 and the
//! level the count × 250 / limit, rounded down (for the default 1,000 plies, one level per
//! four plies); with the limit switched off (0) the scale is 1 and the plane is all zeros.
//! The levels never pass the scale.

use board_kernel::observe::{ObservationSpec, Plane, TurnView};
use board_kernel::steps::{Step, TurnStep};
use board_kernel::{Rules, Side, Square, SquareSet};

use crate::board::{Board, KING_REACH, KNIGHT_SETS, SIZE, exists, in_court};
use crate::check::capturable;
use crate::options::Options;
use crate::pieces::{Piece, Royal};
use crate::state::State;
use crate::turn::TurnRule;

/// Columns (and rows) of the grid: the picture's, one cell per square.
const COLUMNS: usize = SIZE as usize;
/// Cells of a plane.
const AREA: usize = COLUMNS * COLUMNS;

/// The planes in order (see the table of the module documentation), by index.
mod plane {
    pub(super) const KING: usize = 0;
    pub(super) const QUEEN: usize = 1;
    pub(super) const COURTIERS: usize = 2;
    /// Added to a mover's plane (0 to 2) gives the opponent's.
    pub(super) const OPPONENT: usize = 3;
    pub(super) const CHECKED: usize = 6;
    pub(super) const CAPTURABLE: usize = 8;
    pub(super) const REACH: usize = 10;
    pub(super) const BOARD: usize = 12;
    pub(super) const COURT: usize = 13;
    pub(super) const BLUE: usize = 14;
    pub(super) const PLIES: usize = 15;
    pub(super) const OCCURRENCES: usize = 16;
    pub(super) const PASSED: usize = 17;
    pub(super) const CHOSEN: usize = 18;
    pub(super) const MOVED_TO: usize = 19;
    pub(super) const NEXT: usize = 20;
    pub(super) const PASS: usize = 21;
    pub(super) const FINISH: usize = 22;
}

/// The plane names, in order; the two counter planes take their scale from the options.
const NAMES: [&str; 23] = [
    "the mover's King",
    "the mover's Queen",
    "the mover's Courtiers",
    "the opponent's King",
    "the opponent's Queen",
    "the opponent's Courtiers",
    "a checked Royal of the mover (paralysed)",
    "a checked Royal of the opponent",
    "an opponent's Courtier the mover may capture",
    "a Courtier of the mover the opponent may capture",
    "a square the mover's pieces reach",
    "a square the opponent's pieces reach",
    "a square of the board",
    "the Court",
    "the mover is Blue",
    "plies played / ply limit",
    "occurrences of this position / repetition limit",
    "the last ply was a forced pass",
    "the piece chosen this turn",
    "a square the chosen piece moved to this turn",
    "a legal next cell",
    "pass is a legal next step",
    "finish is a legal next step",
];

/// The scale of a counter plane whose limit does not fit in a byte: one level per four plies of
/// the default 1,000.
const COARSE: u8 = 250;

/// The scale of a counter plane whose limit is `limit` (0: no limit).
fn counter_scale(limit: u32) -> u8 {
    match u8::try_from(limit) {
        Ok(0) => 1,
        Ok(scale) => scale,
        Err(_) => COARSE,
    }
}

/// The level of `count` against `limit` on [`counter_scale`]`(limit)`.
fn counter_level(count: u64, limit: u32) -> u8 {
    let scale = counter_scale(limit);
    if limit == 0 {
        return 0;
    }
    let level = if limit <= u32::from(u8::MAX) {
        count
    } else {
        count.saturating_mul(u64::from(COARSE)) / u64::from(limit)
    };
    // At most the scale, which is a byte.
    level.min(u64::from(scale)) as u8
}

/// The plane of the board's squares (every cell but `h8`), or of the Court's when `court`,
/// made at compile time.
const fn cells_where(court: bool) -> [u8; AREA] {
    let mut cells = [0; AREA];
    let mut i = 0;
    while i < AREA {
        // Both below 15.
        let sq = Square::at((i % COLUMNS) as u8, (i / COLUMNS) as u8);
        if (court && in_court(sq)) || (!court && exists(sq)) {
            cells[i] = 1;
        }
        i += 1;
    }
    cells
}

/// The squares of the board.
static BOARD_CELLS: [u8; AREA] = cells_where(false);
/// The Court.
static COURT_CELLS: [u8; AREA] = cells_where(true);

/// The grid of the cell actions, `(columns, rows)`: the picture's 15×15, one cell a square.
pub(crate) fn grid() -> (usize, usize) {
    (COLUMNS, COLUMNS)
}

/// The planes under `options` (the counter planes' scales follow the limits).
pub(crate) fn spec(options: &Options) -> ObservationSpec {
    let planes = NAMES
        .iter()
        .enumerate()
        .map(|(i, &name)| match i {
            plane::PLIES => Plane::levels(name, counter_scale(options.max_plies)),
            plane::OCCURRENCES => Plane::levels(name, counter_scale(options.repetition_limit)),
            _ => Plane::flag(name),
        })
        .collect();
    ObservationSpec {
        planes,
        rows: COLUMNS,
        columns: COLUMNS,
    }
}

/// The byte of `sq` in plane `p`.
#[inline]
fn at(p: usize, sq: Square) -> usize {
    p * AREA + usize::from(sq.rank()) * COLUMNS + usize::from(sq.file())
}

/// Sets the cells of `set` to 1 in plane `p`.
#[inline]
fn mark(out: &mut [u8], p: usize, set: SquareSet) {
    for sq in set {
        out[at(p, sq)] = 1;
    }
}

/// Fills plane `p` with `level`.
#[inline]
fn fill(out: &mut [u8], p: usize, level: u8) {
    out[p * AREA..(p + 1) * AREA].fill(level);
}

/// The squares `side`'s pieces reach on `board` (§3).
fn reach(rule: &TurnRule, board: &Board, side: Side) -> SquareSet {
    let mut set = SquareSet::EMPTY;
    for sq in board.courtiers(side) {
        set |= KNIGHT_SETS[sq.index()];
    }
    let king = board.royal(Royal::of(side, false));
    for &sq in KING_REACH[king.index()].as_slice() {
        set.insert(sq);
    }
    let queen = board.royal(Royal::of(side, true));
    let lines = rule.check.lines;
    for &sq in lines
        .reach(Piece::Queen, queen, board.occupied())
        .as_slice()
    {
        set.insert(sq);
    }
    set
}

/// The pieces of `side` on `board` into the planes from `first` on: King, Queen, Courtiers.
fn pieces(board: &Board, side: Side, first: usize, out: &mut [u8]) {
    out[at(first + plane::KING, board.royal(Royal::of(side, false)))] = 1;
    out[at(first + plane::QUEEN, board.royal(Royal::of(side, true)))] = 1;
    mark(out, first + plane::COURTIERS, board.courtiers(side));
}

/// Writes the observation of `view` into `out` (zero on entry; see the module's table).
pub(crate) fn observe<G: Rules<State = State>>(
    rule: &TurnRule,
    options: &Options,
    view: &TurnView<'_, G>,
    out: &mut [u8],
) {
    let start = view.start;
    let board = view.board.board();
    let mover = start.to_move();
    let opponent = mover.opponent();

    pieces(board, mover, 0, out);
    pieces(board, opponent, plane::OPPONENT, out);

    let checked = rule.check.checked(board);
    for royal in checked.iter() {
        let p = plane::CHECKED + usize::from(royal.side != mover);
        out[at(p, board.royal(royal))] = 1;
    }
    for (side, p) in [
        (opponent, plane::CAPTURABLE),
        (mover, plane::CAPTURABLE + 1),
    ] {
        for sq in board.courtiers(side) {
            if capturable(board, sq, side.opponent()) {
                out[at(p, sq)] = 1;
            }
        }
    }
    mark(out, plane::REACH, reach(rule, board, mover));
    mark(out, plane::REACH + 1, reach(rule, board, opponent));

    out[plane::BOARD * AREA..(plane::BOARD + 1) * AREA].copy_from_slice(&BOARD_CELLS);
    out[plane::COURT * AREA..(plane::COURT + 1) * AREA].copy_from_slice(&COURT_CELLS);

    if mover == Side::Black {
        fill(out, plane::BLUE, 1);
    }
    fill(
        out,
        plane::PLIES,
        counter_level(u64::from(start.ply()), options.max_plies),
    );
    if options.repetition_limit > 0 {
        fill(
            out,
            plane::OCCURRENCES,
            counter_level(start.occurrences() as u64, options.repetition_limit),
        );
    }
    if start.passes() > 0 {
        fill(out, plane::PASSED, 1);
    }

    let mut first = true;
    for step in view.steps {
        if let Step::Cell(p) = *step {
            if let Some(sq) = cell(p.col, p.row) {
                let plane = if first {
                    plane::CHOSEN
                } else {
                    plane::MOVED_TO
                };
                out[at(plane, sq)] = 1;
            }
            first = false;
        }
    }
    for &TurnStep { step, .. } in view.next {
        match step {
            Step::Cell(p) => {
                if let Some(sq) = cell(p.col, p.row) {
                    out[at(plane::NEXT, sq)] = 1;
                }
            }
            Step::Choice(_) => fill(out, plane::PASS, 1),
            Step::Finish => fill(out, plane::FINISH, 1),
        }
    }
}

/// The square of a grid cell, `None` off the 15×15 grid (no step is there).
#[inline]
fn cell(col: u8, row: u8) -> Option<Square> {
    (col < SIZE && row < SIZE).then(|| Square::at(col, row))
}

/// The most whole turns a game takes: `max_plies` counts every turn, forced passes included
/// (§6), and the game is drawn when the counter reaches it; `None` when it is off (0), as
/// the repetition rule alone bounds nothing useful.
pub(crate) fn max_turns(options: &Options) -> Option<u64> {
    (options.max_plies > 0).then_some(u64::from(options.max_plies))
}

/// The most steps a turn takes: a double move is three cells (the piece, the first landing,
/// the second landing) and nothing goes on from it; a single move is two cells, and a finish
/// when a double move could go on from its landing; a forced pass is one choice.
pub(crate) fn max_turn_steps() -> Option<u64> {
    Some(3)
}
