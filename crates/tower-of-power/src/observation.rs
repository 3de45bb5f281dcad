//! What a learning program sees of Tower of Power: the observation planes of the turn so far,
//! seen from the player to move, and how long a game and a turn last at most.
//!
//! The planes are the mover's and the opponent's, not White's and Black's, so one network
//! plays both sides: the two triangles face each other across the a1–h8 diagonal and a row
//! may be piled and dealt in any of the eight directions, so nothing in the rules depends on
//! the colour but who moves first. The board is not turned round for Black, because each
//! plane lines up with the cell actions (a square's byte is the square a step clicks); the
//! constant plane "the mover is the second player" tells the network which corner is whose.
//!
//! A square holds a stack of any height, and everything in it matters later: only the top
//! stone moves, the stone under it becomes active the moment the top leaves or is captured,
//! and the stones pinned further down come back in turn and count for the material draw. So
//! each square shows who owns its top stone, who owns the stone under the top, and how many
//! stones of each side it holds. The stones each side has on the board, and — where those
//! rules are on — whether each side is down to the material-draw threshold, how near the
//! no-capture counter is to its limit and how often this position has been seen, are
//! constant planes, because they decide draws.
//!
//! A turn is clicked as a row's far stone, its base and the last square its pile is dealt
//! to, or as a single stone and its square (with a finish where a step onto an own stone
//! could also be a two-stone row). The planes of the turn so far show the first cell chosen,
//! the later ones, the row those first two span (the stones that will travel, and the
//! direction the pile may not be dealt back in), the legal next cells and whether finishing
//! the turn is legal.
//!
//! A count is clamped to its plane's scale: the stones of one side (on a square or on the
//! board) to 15, a side's full set; a counter to its limit, quantised to 255 levels when the
//! limit is larger. The planes, in order (`scale` 1 for a flag); the groups after plane 13
//! follow one another, each only while its rule is on, numbered on from 14:
//!
//! | # | name | scale | on a square, or (constant) on every square |
//! |---|---|---|---|
//! | 0 | the mover's active stones | 1 | the square's top stone is the mover's |
//! | 1 | the opponent's active stones | 1 | the square's top stone is the opponent's |
//! | 2 | the mover's stones in the square / 15 | 15 | pinned ones included |
//! | 3 | the opponent's stones in the square / 15 | 15 | pinned ones included |
//! | 4 | the stone under the top is the mover's | 1 | the stone freed when the top leaves |
//! | 5 | the stone under the top is the opponent's | 1 | |
//! | 6 | the mover is the second player | 1 | (constant) Black is to move |
//! | 7 | the mover's stones on the board / 15 | 15 | (constant) the mover's material |
//! | 8 | the opponent's stones on the board / 15 | 15 | (constant) the opponent's material |
//! | 9 | the first cell chosen this turn | 1 | the stone that steps, or the row's far end |
//! | 10 | a later cell chosen this turn | 1 | the step's square or the row's base, then the last square dealt to |
//! | 11 | the squares from the first chosen cell to the second | 1 | the row being piled, its ends included |
//! | 12 | a legal next cell | 1 | |
//! | 13 | finish is a legal next step | 1 | (constant) |
//! | | *when `material_draw_threshold` is on (not 0):* | | |
//! | +0 | the mover has at most the material-draw threshold of stones | 1 | (constant) |
//! | +1 | the opponent has at most the material-draw threshold of stones | 1 | (constant) |
//! | | *when `no_capture_draw_plies` is on (not 0):* | | |
//! | +0 | moves without a capture / the no-progress limit | min(limit, 255) | (constant) the no-capture counter |
//! | | *when `repetition_limit` is on (2 or more):* | | |
//! | +0 | times this position has occurred / the repetition limit | min(limit, 255) | (constant) in the repetition history |
//!
//! Board planes read the board after the steps so far (the position after the move once the
//! steps make one); the counters, the history and the side to move are those of the position
//! the turn began in.

use board_kernel::observe::{ObservationSpec, Plane, TurnView};
use board_kernel::steps::{Step, TurnStep};
use board_kernel::{Rules, Side};

use crate::board::{Bits, SIZE};
use crate::options::Options;
use crate::state::State;

/// Columns and rows of the grid: the 8×8 board, square `(file, rank)` at cell `(file, rank)`.
const GRID: (usize, usize) = (SIZE as usize, SIZE as usize);

/// Cells of a plane.
const AREA: usize = GRID.0 * GRID.1;

/// The stones of one side that a count plane tells apart: a side's full set.
const STONES: u8 = 15;

const MOVER_TOPS: usize = 0;
const OPPONENT_TOPS: usize = 1;
const MOVER_STONES: usize = 2;
const OPPONENT_STONES: usize = 3;
const MOVER_UNDER: usize = 4;
const OPPONENT_UNDER: usize = 5;
const SECOND_PLAYER: usize = 6;
const MOVER_MATERIAL: usize = 7;
const OPPONENT_MATERIAL: usize = 8;
const FIRST_CHOSEN: usize = 9;
const LATER_CHOSEN: usize = 10;
const ROW_CHOSEN: usize = 11;
const NEXT_CELL: usize = 12;
const FINISH: usize = 13;
/// The planes every option set has.
const FIXED: usize = 14;

/// The fixed planes, in order.
const FIXED_PLANES: [Plane; FIXED] = [
    Plane::flag("the mover's active stones"),
    Plane::flag("the opponent's active stones"),
    Plane::levels("the mover's stones in the square / 15", STONES),
    Plane::levels("the opponent's stones in the square / 15", STONES),
    Plane::flag("the stone under the top is the mover's"),
    Plane::flag("the stone under the top is the opponent's"),
    Plane::flag("the mover is the second player"),
    Plane::levels("the mover's stones on the board / 15", STONES),
    Plane::levels("the opponent's stones on the board / 15", STONES),
    Plane::flag("the first cell chosen this turn"),
    Plane::flag("a later cell chosen this turn"),
    Plane::flag("the squares from the first chosen cell to the second"),
    Plane::flag("a legal next cell"),
    Plane::flag("finish is a legal next step"),
];

/// Where the planes that only some options have are: the first of each, if the option is on.
#[derive(Clone, Copy)]
struct Optional {
    /// The two material-threshold flags (mover, opponent).
    material: Option<usize>,
    /// The no-capture counter.
    quiet: Option<usize>,
    /// The repetition count.
    repetition: Option<usize>,
    /// Planes in all.
    planes: usize,
}

impl Optional {
    fn of(options: &Options) -> Optional {
        let mut next = FIXED;
        let mut take = |on: bool, planes: usize| {
            on.then(|| {
                next += planes;
                next - planes
            })
        };
        let material = take(options.material_draw_threshold > 0, 2);
        let quiet = take(options.no_capture_draw_plies > 0, 1);
        let repetition = take(options.repetition_limit >= 2, 1);
        Optional {
            material,
            quiet,
            repetition,
            planes: next,
        }
    }
}

/// The scale of a plane of a counter that ends the game at `limit` (not 0): the limit itself
/// when it fits in a byte, else 255.
fn scale_of(limit: u32) -> u8 {
    u8::try_from(limit).unwrap_or(u8::MAX)
}

/// The level of `count` on the plane of a counter that ends the game at `limit` (not 0):
/// exact when the limit fits in a byte, else rounded down to 255 levels; clamped at the limit.
fn level_of(count: u64, limit: u32) -> u8 {
    let limit = u64::from(limit);
    let level = count.min(limit) * u64::from(scale_of(limit as u32)) / limit;
    level as u8
}

/// The grid of the cell steps, `(columns, rows)`: the board's 8×8 squares.
pub(crate) const fn grid() -> (usize, usize) {
    GRID
}

/// The planes of the observations under `options`: the fixed ones, then those of the draw
/// rules that are on.
pub(crate) fn spec(options: &Options) -> ObservationSpec {
    let optional = Optional::of(options);
    let mut planes = FIXED_PLANES.to_vec();
    if optional.material.is_some() {
        planes.push(Plane::flag(
            "the mover has at most the material-draw threshold of stones",
        ));
        planes.push(Plane::flag(
            "the opponent has at most the material-draw threshold of stones",
        ));
    }
    if optional.quiet.is_some() {
        planes.push(Plane::levels(
            "moves without a capture / the no-progress limit",
            scale_of(options.no_capture_draw_plies),
        ));
    }
    if optional.repetition.is_some() {
        planes.push(Plane::levels(
            "times this position has occurred / the repetition limit",
            scale_of(options.repetition_limit),
        ));
    }
    debug_assert_eq!(planes.len(), optional.planes);
    ObservationSpec {
        planes,
        rows: GRID.1,
        columns: GRID.0,
    }
}

/// Fills plane `plane` of `out` with `level`.
#[inline]
fn fill(out: &mut [u8], plane: usize, level: u8) {
    out[plane * AREA..(plane + 1) * AREA].fill(level);
}

/// The cell of a point of the grid, if it is on it.
#[inline]
fn cell(col: u8, row: u8) -> Option<usize> {
    (col < SIZE && row < SIZE).then_some(usize::from(row) * GRID.0 + usize::from(col))
}

/// Writes the observation of the turn in `view` under `options` into `out` (zeroed, of the
/// spec's length), for the side to move when the turn began. Allocates nothing.
pub(crate) fn observe<G: Rules<State = State>>(
    options: &Options,
    view: &TurnView<'_, G>,
    out: &mut [u8],
) {
    let optional = Optional::of(options);
    debug_assert_eq!(out.len(), optional.planes * AREA);
    let start = view.start;
    let me = start.to_move;
    let them = me.opponent();
    let board = &view.board.board;

    // The stacks.
    let mine = board.active(me);
    for i in Bits(mine | board.active(them)) {
        let (top, count) = if mine & (1 << i) != 0 {
            (MOVER_TOPS, MOVER_STONES)
        } else {
            (OPPONENT_TOPS, OPPONENT_STONES)
        };
        out[top * AREA + i] = 1;
        let tower = board.tower_at(i);
        let height = tower.height();
        if height == 1 {
            // Most squares: a single stone, its owner's count 1.
            out[count * AREA + i] = 1;
            continue;
        }
        let my_count = tower.count(me);
        out[MOVER_STONES * AREA + i] = my_count.min(STONES);
        out[OPPONENT_STONES * AREA + i] = (height - my_count).min(STONES);
        let under = if tower.get(height - 2) == Some(me) {
            MOVER_UNDER
        } else {
            OPPONENT_UNDER
        };
        out[under * AREA + i] = 1;
    }

    // The constant planes of the position.
    if me == Side::Black {
        fill(out, SECOND_PLAYER, 1);
    }
    let (my_stones, their_stones) = (board.material(me), board.material(them));
    fill(
        out,
        MOVER_MATERIAL,
        my_stones.min(usize::from(STONES)) as u8,
    );
    fill(
        out,
        OPPONENT_MATERIAL,
        their_stones.min(usize::from(STONES)) as u8,
    );
    if let Some(plane) = optional.material {
        let threshold = options.material_draw_threshold as usize;
        if my_stones <= threshold {
            fill(out, plane, 1);
        }
        if their_stones <= threshold {
            fill(out, plane + 1, 1);
        }
    }
    if let Some(plane) = optional.quiet {
        let limit = options.no_capture_draw_plies;
        fill(out, plane, level_of(u64::from(start.quiet), limit));
    }
    if let Some(plane) = optional.repetition {
        let seen = start.history.occurrences(start.repetition_key()) as u64;
        fill(out, plane, level_of(seen, options.repetition_limit));
    }

    // The turn so far.
    mark_steps(view.steps, out);
    mark_next(view.next, out);
}

/// Marks the cells chosen this turn: the first, the later ones, and the line from the first
/// to the second.
fn mark_steps(steps: &[Step], out: &mut [u8]) {
    let mut first = None;
    for (n, p) in steps
        .iter()
        .filter_map(|s| match s {
            Step::Cell(p) => Some(*p),
            _ => None,
        })
        .enumerate()
    {
        let Some(i) = cell(p.col, p.row) else {
            continue;
        };
        if n == 0 {
            out[FIRST_CHOSEN * AREA + i] = 1;
            first = Some(p);
            continue;
        }
        out[LATER_CHOSEN * AREA + i] = 1;
        if n == 1
            && let Some(f) = first
        {
            mark_line((f.col, f.row), (p.col, p.row), out);
        }
    }
}

/// Marks the squares from `from` to `to`, both included, when they are on one line (a row's
/// far end and its base always are).
fn mark_line(from: (u8, u8), to: (u8, u8), out: &mut [u8]) {
    let (dc, dr) = (
        i16::from(to.0) - i16::from(from.0),
        i16::from(to.1) - i16::from(from.1),
    );
    if !(dc == 0 || dr == 0 || dc.abs() == dr.abs()) {
        return;
    }
    let (sc, sr) = (dc.signum(), dr.signum());
    let (mut c, mut r) = (i16::from(from.0), i16::from(from.1));
    for _ in 0..=dc.abs().max(dr.abs()) {
        // On the board: both ends are.
        out[ROW_CHOSEN * AREA + r as usize * GRID.0 + c as usize] = 1;
        c += sc;
        r += sr;
    }
}

/// Marks the legal next cells and whether finishing is legal.
fn mark_next(next: &[TurnStep], out: &mut [u8]) {
    for t in next {
        match t.step {
            Step::Cell(p) => {
                if let Some(i) = cell(p.col, p.row) {
                    out[NEXT_CELL * AREA + i] = 1;
                }
            }
            Step::Finish => fill(out, FINISH, 1),
            Step::Choice(_) => {}
        }
    }
}

/// The most whole turns a game from the initial position takes under `options`: `None` when
/// the no-progress rule is off (then nothing bounds a game but the repetition rule, if on,
/// and the number of positions).
pub(crate) fn max_turns(options: &Options) -> Option<u64> {
    // A capture removes a stone for good and the no-capture counter ends the game after
    // `no_capture_draw_plies` quiet plies: at most 30 captures (15 stones a side), each after
    // fewer than the limit of quiet plies, then at most the limit of quiet plies, so at most
    // 31 × the limit plies.
    let limit = u64::from(options.no_capture_draw_plies);
    (limit > 0).then_some(31 * limit)
}

/// The most steps one turn takes, a final finish included.
pub(crate) const fn max_turn_steps() -> Option<u64> {
    // A row is its far end, its base and its end (3 cells, and no move goes on beyond them,
    // so no finish); a single step is its stone and its square, plus a finish where the
    // square holds an own stone and the two could also begin a two-stone row (3). The
    // towers-py table said 4 (both shapes plus a finish); 3 is reached, 4 never is.
    Some(3)
}
