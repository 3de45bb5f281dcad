//! What a learning program sees of a Chain Reaction turn: planes over the picture's 7×10 grid
//! (ranks 1–8 between the two scoring rows, rank 0 at the bottom, so that a plane lines up
//! with the cell actions of [`steps`](crate::steps)), from the point of view of the player to
//! move.
//!
//! The game is symmetric but for its direction of play, so a learner that reads "the mover's
//! stones" and "the opponent's stones" learns one game instead of two; the board itself is
//! never turned round (a cell must stay the cell its action names), and one constant plane
//! says whether the mover is the second player, who plays down the board. Stones are never
//! captured, so what decides a turn is where the stones stand, which of them the tower holds
//! and in what order (the bottom stone lands first, the top one goes on or scores), where a
//! scored stone comes back, and how close each player is to his own target; those are the
//! planes. The counters that bound a turn and a game (the segment number against
//! `max_segments`, the turn count against `max_plies`) and the two options that change what a
//! chain may do are constant planes, so that one network can learn under several option
//! sets. A turn is a chain of clicks whose meaning depends on the one before (a free step's
//! stone, then where it goes), so the last cell chosen has a plane of its own, apart from the
//! earlier ones. The repetition history is not shown: the rule is off by default, and where
//! it is on only the last allowed repetition changes anything.
//!
//! The planes, in order (`/ n`: the level is a count out of `n`; every other plane is ones and
//! zeros; "constant" planes hold the same level on every cell):
//!
//! | # | plane | scale |
//! |---|---|---|
//! | 0 | a single stone of the mover's | 1 |
//! | 1 | a single stone of the opponent's | 1 |
//! | 2 | the tower's bottom stone is the mover's | 1 |
//! | 3 | the tower's bottom stone is the opponent's | 1 |
//! | 4 | the tower's top stone is the mover's (the mover's tower) | 1 |
//! | 5 | the tower's top stone is the opponent's (the opponent's tower) | 1 |
//! | 6 | a board cell (ranks 1 to 8) | 1 |
//! | 7 | points a top stone of the mover's scores here / 2 (its scoring row 1, its goal cell 2) | 2 |
//! | 8 | points a top stone of the opponent's scores here / 2 | 2 |
//! | 9 | where a stone of the mover's is put back now (4.6) | 1 |
//! | 10 | where a stone of the opponent's is put back now | 1 |
//! | 11 | the mover is the second player (Black), constant | 1 |
//! | 12 | the mover's score / its target, 0 to 1, constant | 240 |
//! | 13 | the opponent's score / its target, 0 to 1, constant | 240 |
//! | 14 | points the mover still needs, at most 48, / 48, constant | 48 |
//! | 15 | points the opponent still needs, at most 48, / 48, constant | 48 |
//! | 16 | segments made this turn / max_segments, constant | `max_segments` |
//! | 17 | a stone of the mover's waits to be put back, constant | 1 |
//! | 18 | a stone of the opponent's waits to be put back, constant | 1 |
//! | 19 | turns played / max_plies (zero without a limit), constant | `max_plies` up to 255, else 250 |
//! | 20 | rule: a scoring segment may build a friendly tower and go on, constant | 1 |
//! | 21 | rule: a free step may enter the goal cell, constant | 1 |
//! | 22 | the cell of the last step, when it is a cell | 1 |
//! | 23 | cells of the earlier steps this turn | 1 |
//! | 24 | a legal next cell | 1 |
//! | 25 | the penalty is a legal next step, constant | 1 |
//!
//! The stones are read from the board after the steps made so far (a tower a segment just
//! built, a scored stone gone from the board and waiting to be put back), the side to move
//! and the turn count from the position the turn began in. Scores and targets are the board's:
//! a segment that scores shows at once. A score's share of its target is rounded to the
//! nearest of 240 levels (exact when the target divides 240: 12, 15, 16, 20 and 24 of the
//! usual ones), and the turn count under a `max_plies` above 255 is rounded down to 250
//! levels. Finish is never offered in this game (whether a chain goes on is the board's
//! decision), so it has no plane.

use board_kernel::Side;
use board_kernel::observe::{ObservationSpec, Plane};
use board_kernel::steps::{Step, TurnStep};

use crate::board::{FILES, RANKS};
use crate::options::{Options, ScoringFriendlyTower};
use crate::pieces::replacement_cells;
use crate::state::State;

/// Columns of the grid: the files a to g.
const COLUMNS: usize = FILES as usize;
/// Rows of the grid: the scoring row behind rank 1, ranks 1 to 8, the scoring row behind
/// rank 8.
const ROWS: usize = RANKS as usize + 2;
/// Cells of a plane.
const AREA: usize = COLUMNS * ROWS;

const MOVER_SINGLES: usize = 0;
const OPPONENT_SINGLES: usize = 1;
const MOVER_BOTTOM: usize = 2;
const OPPONENT_BOTTOM: usize = 3;
const MOVER_TOP: usize = 4;
const OPPONENT_TOP: usize = 5;
const BOARD_CELLS: usize = 6;
const MOVER_SCORING: usize = 7;
const OPPONENT_SCORING: usize = 8;
const MOVER_RETURN: usize = 9;
const OPPONENT_RETURN: usize = 10;
const SECOND_PLAYER: usize = 11;
const MOVER_SHARE: usize = 12;
const OPPONENT_SHARE: usize = 13;
const MOVER_NEEDS: usize = 14;
const OPPONENT_NEEDS: usize = 15;
const SEGMENTS: usize = 16;
const MOVER_WAITING: usize = 17;
const OPPONENT_WAITING: usize = 18;
const TURNS: usize = 19;
const RULE_CONTINUE: usize = 20;
const RULE_STEP_INTO_GOAL: usize = 21;
const LAST_CELL: usize = 22;
const EARLIER_CELLS: usize = 23;
const NEXT_CELLS: usize = 24;
const NEXT_PENALTY: usize = 25;
/// How many planes there are.
const PLANES: usize = 26;

/// The levels of a score's share of its target.
const SHARE_SCALE: u8 = 240;
/// The most points still needed that the needs planes tell apart.
const NEEDS_SCALE: u8 = 48;
/// The levels of the turn count when `max_plies` does not fit in a byte.
const TURNS_QUANTISED: u8 = 250;

/// Bit `i` of a cell mask is the board cell of dense index `i + FILES` (rank 1 is the grid's
/// row 1), which is its grid index.
const MASK_OFFSET: usize = FILES as usize;

/// The grid of the cell actions, `(columns, rows)`: the picture's, whatever the options.
#[must_use]
pub(crate) const fn grid() -> (usize, usize) {
    (COLUMNS, ROWS)
}

/// The scale of the turn-count plane under `options`: `max_plies` itself when it fits in a
/// byte, 250 quantised levels above, and 1 (a plane of zeros) without a limit.
fn turns_scale(options: &Options) -> u8 {
    match options.max_plies {
        0 => 1,
        n => u8::try_from(n).unwrap_or(TURNS_QUANTISED),
    }
}

/// The planes of the observations under `options` (the module's table).
#[must_use]
pub(crate) fn spec(options: &Options) -> ObservationSpec {
    let planes = vec![
        Plane::flag("a single stone of the mover's"),
        Plane::flag("a single stone of the opponent's"),
        Plane::flag("the tower's bottom stone is the mover's"),
        Plane::flag("the tower's bottom stone is the opponent's"),
        Plane::flag("the tower's top stone is the mover's (the mover's tower)"),
        Plane::flag("the tower's top stone is the opponent's (the opponent's tower)"),
        Plane::flag("a board cell (ranks 1 to 8)"),
        Plane::levels(
            "points a top stone of the mover's scores here / 2 (its scoring row 1, its goal cell 2)",
            2,
        ),
        Plane::levels(
            "points a top stone of the opponent's scores here / 2 (its scoring row 1, its goal cell 2)",
            2,
        ),
        Plane::flag("where a stone of the mover's is put back now"),
        Plane::flag("where a stone of the opponent's is put back now"),
        Plane::flag("the mover is the second player (Black)"),
        Plane::levels("the mover's score / its target, 0 to 1", SHARE_SCALE),
        Plane::levels("the opponent's score / its target, 0 to 1", SHARE_SCALE),
        Plane::levels(
            "points the mover still needs, at most 48, / 48",
            NEEDS_SCALE,
        ),
        Plane::levels(
            "points the opponent still needs, at most 48, / 48",
            NEEDS_SCALE,
        ),
        Plane::levels(
            "segments made this turn / max_segments",
            options.max_segments,
        ),
        Plane::flag("a stone of the mover's waits to be put back"),
        Plane::flag("a stone of the opponent's waits to be put back"),
        Plane::levels(
            "turns played / max_plies (zero without a limit)",
            turns_scale(options),
        ),
        Plane::flag("rule: a scoring segment may build a friendly tower and go on"),
        Plane::flag("rule: a free step may enter the goal cell"),
        Plane::flag("the cell of the last step, when it is a cell"),
        Plane::flag("cells of the earlier steps this turn"),
        Plane::flag("a legal next cell"),
        Plane::flag("the penalty is a legal next step"),
    ];
    debug_assert_eq!(planes.len(), PLANES);
    ObservationSpec {
        planes,
        rows: ROWS,
        columns: COLUMNS,
    }
}

/// The bytes of plane `p` in `out`.
#[inline]
fn plane(out: &mut [u8], p: usize) -> &mut [u8] {
    &mut out[p * AREA..(p + 1) * AREA]
}

/// Sets the board cells of `mask` to 1 in plane `p`.
#[inline]
fn mark_mask(out: &mut [u8], p: usize, mut mask: u64) {
    let plane = plane(out, p);
    while mask != 0 {
        let i = mask.trailing_zeros() as usize;
        mask &= mask - 1;
        if let Some(b) = plane.get_mut(i + MASK_OFFSET) {
            *b = 1;
        }
    }
}

/// The grid index of a step's cell, if it is a cell of the grid.
#[inline]
fn cell_index(step: Step) -> Option<usize> {
    match step {
        Step::Cell(p) => {
            let (c, r) = (usize::from(p.col), usize::from(p.row));
            (c < COLUMNS && r < ROWS).then_some(r * COLUMNS + c)
        }
        Step::Choice(_) | Step::Finish => None,
    }
}

/// `score`'s share of `target`, clamped to `0..=1`, in [`SHARE_SCALE`] levels rounded to the
/// nearest.
fn share(score: i64, target: i64) -> u8 {
    let target = i128::from(target.max(1));
    let score = i128::from(score).clamp(0, target);
    let level = (score * i128::from(SHARE_SCALE) * 2 + target) / (2 * target);
    u8::try_from(level).unwrap_or(SHARE_SCALE)
}

/// The points still needed to reach `target` from `score`, 0 once reached, at most
/// [`NEEDS_SCALE`].
fn needs(score: i64, target: i64) -> u8 {
    let needed = i128::from(target) - i128::from(score);
    u8::try_from(needed.clamp(0, i128::from(NEEDS_SCALE))).unwrap_or(NEEDS_SCALE)
}

/// The turn count's level under `options` (see [`turns_scale`]).
fn turns_level(options: &Options, plies: u64) -> u8 {
    let limit = u64::from(options.max_plies);
    if limit == 0 {
        return 0;
    }
    let plies = plies.min(limit);
    let scale = u64::from(turns_scale(options));
    u8::try_from(plies * scale / limit).unwrap_or(u8::MAX)
}

/// The scoring row `side` scores on (rank 9 for White, rank 0 for Black) as a grid row.
const fn scoring_row(side: Side) -> usize {
    match side {
        Side::White => ROWS - 1,
        Side::Black => 0,
    }
}

/// Writes the observation of the turn whose position began as `start`, stands as `board`
/// after `steps`, and may go on with `next` into `out` (zeroed, the length of
/// [`spec`]'s), from the point of view of `start`'s side to move (the module's table).
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
    let opponent = mover.opponent();
    let stones = board.board;

    // The stones.
    mark_mask(out, MOVER_SINGLES, stones.single_mask(mover));
    mark_mask(out, OPPONENT_SINGLES, stones.single_mask(opponent));
    if let Some(tower) = stones.tower()
        && tower.cell.is_board()
    {
        let at = usize::from(tower.cell.index());
        let bottom = if tower.bottom == mover {
            MOVER_BOTTOM
        } else {
            OPPONENT_BOTTOM
        };
        let top = if tower.top == mover {
            MOVER_TOP
        } else {
            OPPONENT_TOP
        };
        plane(out, bottom)[at] = 1;
        plane(out, top)[at] = 1;
    }

    // The board and where stones score and come back.
    plane(out, BOARD_CELLS)[COLUMNS..AREA - COLUMNS].fill(1);
    for (p, side) in [(MOVER_SCORING, mover), (OPPONENT_SCORING, opponent)] {
        let row = scoring_row(side);
        let cells = &mut plane(out, p)[row * COLUMNS..(row + 1) * COLUMNS];
        cells.fill(1);
        // The goal cell is on file d.
        cells[3] = 2;
    }
    mark_mask(out, MOVER_RETURN, replacement_cells(&stones, mover));
    mark_mask(out, OPPONENT_RETURN, replacement_cells(&stones, opponent));

    // The counters and the rules, as constant planes.
    let scores = |side: Side| (board.score(side), board.target(side));
    let (mover_score, mover_target) = scores(mover);
    let (opponent_score, opponent_target) = scores(opponent);
    let constants = [
        (SECOND_PLAYER, u8::from(mover == Side::Black)),
        (MOVER_SHARE, share(mover_score, mover_target)),
        (OPPONENT_SHARE, share(opponent_score, opponent_target)),
        (MOVER_NEEDS, needs(mover_score, mover_target)),
        (OPPONENT_NEEDS, needs(opponent_score, opponent_target)),
        (SEGMENTS, board.segment.min(options.max_segments)),
        (MOVER_WAITING, u8::from(board.pending == Some(mover))),
        (OPPONENT_WAITING, u8::from(board.pending == Some(opponent))),
        (TURNS, turns_level(options, start.plies)),
        (
            RULE_CONTINUE,
            u8::from(options.scoring_friendly_tower == ScoringFriendlyTower::Continue),
        ),
        (RULE_STEP_INTO_GOAL, u8::from(options.single_step_into_goal)),
    ];
    for (p, level) in constants {
        if level != 0 {
            plane(out, p).fill(level);
        }
    }

    // The turn so far and what may come next.
    if let Some((&last, earlier)) = steps.split_last() {
        for &step in earlier {
            if let Some(i) = cell_index(step) {
                plane(out, EARLIER_CELLS)[i] = 1;
            }
        }
        if let Some(i) = cell_index(last) {
            plane(out, LAST_CELL)[i] = 1;
        }
    }
    let mut penalty = false;
    for t in next {
        match t.step {
            Step::Cell(_) => {
                if let Some(i) = cell_index(t.step) {
                    plane(out, NEXT_CELLS)[i] = 1;
                }
            }
            Step::Choice(_) => penalty = true,
            Step::Finish => {}
        }
    }
    if penalty {
        plane(out, NEXT_PENALTY).fill(1);
    }
}

/// The most whole turns a game from the initial position takes under `options`; `None`
/// without a turn limit.
#[must_use]
pub(crate) fn max_turns(options: &Options) -> Option<u64> {
    // `max_plies` counts complete turns.
    Some(u64::from(options.max_plies)).filter(|&n| n > 0)
}

/// The most steps one turn takes under `options`: an upper bound, kept as it was when the
/// bounds were kept by game name. The rules allow fewer: a placement, the free step's two
/// cells, one cell per later segment and one re-placement or penalty with its re-placement
/// at the end, `max_segments + 3` in all (8), or `2 × max_segments + 1` with
/// `scoring_friendly_tower = Continue`, where a segment may score and go on; the random
/// games of the tests check both.
#[must_use]
pub(crate) fn max_turn_steps(options: &Options) -> Option<u64> {
    // A placement, then per segment at most a free step's two cells and a re-placement,
    // then the penalty and its re-placement, and the finish.
    Some(1 + 3 * u64::from(options.max_segments) + 2 + 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Spot;

    #[test]
    fn bits_of_a_cell_mask_are_grid_cells() {
        for i in 0..56 {
            let spot = Spot::from_bit(i);
            assert_eq!(usize::from(spot.index()), i as usize + MASK_OFFSET);
            assert!(spot.is_board());
        }
    }

    #[test]
    fn shares_and_needs_stay_in_their_scales() {
        assert_eq!(share(0, 12), 0);
        assert_eq!(share(3, 12), 60);
        assert_eq!(share(13, 12), SHARE_SCALE);
        assert_eq!(share(-5, 12), 0);
        assert_eq!(share(1, 7), 34);
        assert_eq!(share(i64::MAX, i64::MAX), SHARE_SCALE);
        assert_eq!(needs(-4, 12), 16);
        assert_eq!(needs(0, 100), NEEDS_SCALE);
        assert_eq!(needs(14, 12), 0);
        assert_eq!(needs(i64::MIN, i64::MAX), NEEDS_SCALE);
    }

    #[test]
    fn the_turn_count_is_exact_up_to_255_turns_and_quantised_above() {
        let with = |max_plies| Options {
            max_plies,
            ..Options::default()
        };
        assert_eq!(turns_scale(&with(0)), 1);
        assert_eq!(turns_level(&with(0), 77), 0);
        assert_eq!(turns_scale(&with(100)), 100);
        assert_eq!(turns_level(&with(100), 37), 37);
        assert_eq!(turns_scale(&with(500)), 250);
        assert_eq!(turns_level(&with(500), 37), 18);
        assert_eq!(turns_level(&with(500), 500), 250);
        assert_eq!(turns_level(&with(500), 9999), 250);
    }
}
