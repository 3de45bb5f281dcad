//! What a learning program sees of Seven Sages: the board from the side of the player to
//! move, the counters that end a game, and the turn built so far.
//!
//! The planes lie on the picture's 15×15 grid (file = column, rank = row, row 0 at the
//! bottom), the grid the steps' cells are on, so the plane of the legal next cells lines up
//! with the cell actions. The board is never turned round: a net that plays both sides
//! learns which way it attacks from the constant plane "the mover is the second player" and
//! from the two goal-area planes, which are named by their role for the mover (the area it
//! defends, the area it scores in), as are the sages. Everything a kick depends on is a
//! plane: the sages of both sides (the ball bounces off either), the ball, and the kinds of
//! cell (the ball never enters the outside, a sage never stops in the opponent's goal area and
//! at most one of a side's sages stays in its own). The score, the plies left before the ply
//! limit ends the game and how often the position has occurred decide whether to attack or to
//! play for time, so they are constant planes, each counted against its limit (a limit turned
//! off by its option leaves its plane at zero). A turn is at most three cells — the sage, where
//! it goes, where the ball ends — one plane each, and the forced pass is the one named choice;
//! no move's steps begin another's, so the turn never offers [`Step::Finish`] and has no plane
//! for it.
//!
//! | # | plane | scale |
//! |---|---|---|
//! | 0 | the mover's sages | 1 |
//! | 1 | the opponent's sages | 1 |
//! | 2 | the ball | 1 |
//! | 3 | field cells, open to sages and ball | 1 |
//! | 4 | outside cells, closed to the ball | 1 |
//! | 5 | the mover's goal area, which it defends | 1 |
//! | 6 | the opponent's goal area, where the mover scores | 1 |
//! | 7 | the mover's points / points to win | `points_to_win` (quantised past 255) |
//! | 8 | the opponent's points / points to win | as plane 7 |
//! | 9 | plies since the last point / max plies per point | `max_plies_per_point` (quantised past 255; 500 gives 250) |
//! | 10 | occurrences of this position / repetition limit | `repetition_limit` (quantised past 255) |
//! | 11 | forced passes just played in a row / 2 | 2 |
//! | 12 | the mover is the second player | 1 |
//! | 13 | the sage chosen this turn | 1 |
//! | 14 | where the chosen sage goes | 1 |
//! | 15 | where the ball goes | 1 |
//! | 16 | a legal next cell | 1 |
//! | 17 | pass is a legal next step | 1 |
//!
//! Planes 0 to 2 are read from the board after the steps (the start's until the move is
//! whole), planes 7 to 12 from the position the turn began in, planes 13 to 17 from the steps
//! made and offered; planes 3 to 6 depend only on the side to move.
//!
//! ```
//! use seven_sages::prelude::*;
//! use seven_sages::SevenSages;
//! use board_kernel::observe::TurnView;
//! let game = SevenSages::default();
//! let spec = game.observation_spec();
//! let mut out = vec![0; spec.len()];
//! game.observe(&TurnView::start_of(&game.initial_state()), &mut out);
//! // The mover (White) has seven sages, h1 among them (column 7, row 0).
//! assert_eq!(out[..spec.area()].iter().filter(|&&b| b == 1).count(), 7);
//! assert_eq!(out[7], 1);
//! ```

use board_kernel::Side;
use board_kernel::observe::{ObservationSpec, Plane};
use board_kernel::steps::{Step, TurnStep};

use crate::board::{FIELD, KIND, OUTSIDE, SIZE, goal_of};
use crate::options::Options;
use crate::pieces::CellSet;
use crate::state::State;

/// Columns and rows of the grid: the board's files and ranks.
const SIDE: usize = SIZE as usize;
/// Cells of a plane.
const AREA: usize = SIDE * SIDE;

const MOVER_SAGES: usize = 0;
const OPPONENT_SAGES: usize = 1;
const BALL: usize = 2;
/// The first of the four cell-kind planes (field, outside, the mover's goal, the opponent's).
const ZONES: usize = 3;
const MOVER_POINTS: usize = 7;
const OPPONENT_POINTS: usize = 8;
const SINCE_POINT: usize = 9;
const REPETITIONS: usize = 10;
const PASSES: usize = 11;
const SECOND_PLAYER: usize = 12;
/// The first of the three planes of the cells chosen this turn, one per step.
const CHOSEN: usize = 13;
const NEXT_CELLS: usize = 16;
const PASS_NEXT: usize = 17;
const PLANES: usize = 18;

/// The grid of the cell actions, `(columns, rows)`: the 15×15 board of the picture.
#[must_use]
pub(crate) const fn grid() -> (usize, usize) {
    (SIDE, SIDE)
}

/// The planes under `options` (their scales follow the counters' limits).
pub(crate) fn spec(options: &Options) -> ObservationSpec {
    let points = counter_scale(options.points_to_win);
    let planes = vec![
        Plane::flag("the mover's sages"),
        Plane::flag("the opponent's sages"),
        Plane::flag("the ball"),
        Plane::flag("field cells, open to sages and ball"),
        Plane::flag("outside cells, closed to the ball"),
        Plane::flag("the mover's goal area, which it defends"),
        Plane::flag("the opponent's goal area, where the mover scores"),
        Plane::levels("the mover's points / points to win", points),
        Plane::levels("the opponent's points / points to win", points),
        Plane::levels(
            "plies since the last point / max plies per point",
            counter_scale(options.max_plies_per_point),
        ),
        Plane::levels(
            "occurrences of this position / repetition limit",
            counter_scale(options.repetition_limit),
        ),
        Plane::levels("forced passes just played in a row / 2", 2),
        Plane::flag("the mover is the second player"),
        Plane::flag("the sage chosen this turn"),
        Plane::flag("where the chosen sage goes"),
        Plane::flag("where the ball goes"),
        Plane::flag("a legal next cell"),
        Plane::flag("pass is a legal next step"),
    ];
    debug_assert_eq!(planes.len(), PLANES);
    ObservationSpec {
        planes,
        rows: SIDE,
        columns: SIDE,
    }
}

/// The scale of a counter whose limit is `limit` (0: no limit, a plane that stays at zero):
/// the limit itself when it fits in a byte, else the largest `limit / k` that does, so that
/// a level is the count divided by `k` (500 plies: levels of two plies).
const fn counter_scale(limit: u32) -> u8 {
    if limit == 0 {
        return 1;
    }
    let k = limit.div_ceil(255);
    // At most 255 by the choice of k.
    (limit / k) as u8
}

/// The level of `value` on a counter of limit `limit` and scale `scale`: `value / limit`
/// rounded down to a level, the limit and beyond at the full scale; 0 with no limit.
fn counter_level(value: u32, limit: u32, scale: u8) -> u8 {
    if limit == 0 {
        return 0;
    }
    // At most `scale`, since `value` is capped at `limit`.
    (u64::from(value.min(limit)) * u64::from(scale) / u64::from(limit)) as u8
}

/// The cell-kind planes (field, outside, the mover's goal area, the opponent's), for each
/// side to move.
static ZONE_PLANES: [[u8; 4 * AREA]; 2] = [zone_planes(Side::White), zone_planes(Side::Black)];

const fn zone_planes(mover: Side) -> [u8; 4 * AREA] {
    let mut planes = [0; 4 * AREA];
    let mut i = 0;
    while i < AREA {
        let kind = KIND[(i / SIDE) * 16 + i % SIDE];
        let plane = if kind == FIELD {
            0
        } else if kind == OUTSIDE {
            1
        } else if kind == goal_of(mover) {
            2
        } else {
            3
        };
        planes[plane * AREA + i] = 1;
        i += 1;
    }
    planes
}

/// The byte of `cell` (a board cell index, `rank * 16 + file`) in a plane.
#[inline]
fn at(cell: u8) -> usize {
    usize::from(cell / 16) * SIDE + usize::from(cell % 16)
}

/// The byte of a picture point of the grid, if on it.
#[inline]
fn point(step: Step) -> Option<usize> {
    match step {
        Step::Cell(p) if usize::from(p.col) < SIDE && usize::from(p.row) < SIDE => {
            Some(usize::from(p.row) * SIDE + usize::from(p.col))
        }
        _ => None,
    }
}

/// Writes the observation of a turn that began in `start`, with `board` the board after
/// `steps` and `next` the steps that may follow, into `out` (zeroed, 18 × 225 bytes), for
/// the side to move in `start`.
pub(crate) fn observe(
    options: &Options,
    start: &State,
    board: &State,
    steps: &[Step],
    next: &[TurnStep],
    out: &mut [u8],
) {
    let out = &mut out[..PLANES * AREA];
    let mover = start.to_move;
    let plane = |p: usize| p * AREA..(p + 1) * AREA;

    for (p, side) in [(MOVER_SAGES, mover), (OPPONENT_SAGES, mover.opponent())] {
        for c in board.sages[side.index()].cells() {
            out[p * AREA + at(c)] = 1;
        }
    }
    out[BALL * AREA + at(board.ball)] = 1;
    out[plane(ZONES).start..plane(ZONES + 3).end].copy_from_slice(&ZONE_PLANES[mover.index()]);

    let points = counter_scale(options.points_to_win);
    let counters = [
        (
            MOVER_POINTS,
            counter_level(start.score[mover.index()], options.points_to_win, points),
        ),
        (
            OPPONENT_POINTS,
            counter_level(
                start.score[mover.opponent().index()],
                options.points_to_win,
                points,
            ),
        ),
        (
            SINCE_POINT,
            counter_level(
                start.since,
                options.max_plies_per_point,
                counter_scale(options.max_plies_per_point),
            ),
        ),
        (REPETITIONS, repetition_level(options, start)),
        (PASSES, start.passes.min(2)),
        (SECOND_PLAYER, u8::from(mover == Side::Black)),
    ];
    for (p, level) in counters {
        if level > 0 {
            out[plane(p)].fill(level);
        }
    }

    for (i, &step) in steps.iter().enumerate() {
        if let Some(cell) = point(step) {
            out[(CHOSEN + i.min(2)) * AREA + cell] = 1;
        }
    }
    for t in next {
        match t.step {
            Step::Choice(_) => out[plane(PASS_NEXT)].fill(1),
            step => {
                if let Some(cell) = point(step) {
                    out[NEXT_CELLS * AREA + cell] = 1;
                }
            }
        }
    }
}

/// The level of the position's occurrences since the last point against the repetition
/// limit (0 when the rule is off, and then the history is not read).
fn repetition_level(options: &Options, start: &State) -> u8 {
    let limit = options.repetition_limit;
    if limit == 0 {
        return 0;
    }
    let seen = u32::try_from(start.repetitions()).unwrap_or(u32::MAX);
    counter_level(seen, limit, counter_scale(limit))
}

/// The most whole turns a game from the initial position takes under `options`; `None` when
/// `max_plies_per_point` is 0 (no ply limit: sages can shuffle for ever without repeating
/// while a ball is kicked around) or the product does not fit.
///
/// At most 2N - 1 points are scored in a game to N (`points_to_win`): after that many one
/// side has N and has won. Each point is scored within `max_plies_per_point` (M) plies of
/// the one before (or of the start), passes included, because M plies without a point end
/// the game (§5, check 4; a point on the M-th ply still counts). So a game won on points
/// takes at most (2N - 1) × M plies, and a game ended otherwise at most 2N - 2 points of M
/// plies and then M more: (2N - 1) × M either way (4,500 with the defaults; the rule book's
/// "10 × 500" also counts a stretch after the ninth point, which ends the game).
pub(crate) fn max_turns(options: &Options) -> Option<u64> {
    let points = 2 * u64::from(options.points_to_win) - 1;
    match options.max_plies_per_point {
        0 => None,
        m => points.checked_mul(u64::from(m)),
    }
}

/// The most steps one turn takes: three, a kick's sage, the cell it goes to and the ball's
/// cell (a plain move is two cells, a pass one choice). No move's steps begin another's: a
/// kick's second cell is the ball's (Original, or StopBefore's adjacent kicker), which no
/// plain move reaches, or StopBefore's cell before the ball, where a sage stops by a plain
/// move in that direction only when there is no kick (§4.2); so no turn needs a finish.
pub(crate) const fn max_turn_steps(_options: &Options) -> Option<u64> {
    Some(3)
}
