//! The board: 15×15 cells of three kinds (field, outside, goal areas) and the setup.
//!
//! Internally a cell is a `u8` index `rank * 16 + file`, the same numbering as
//! [`Square::index`]. The unused file 15 and rank 15 of that 16×16 frame act as a guard band:
//! one step off the 15×15 board in any of the eight directions, with wrapping `u8`
//! arithmetic, always lands on file 15 or rank 15, so sliding needs one table lookup per cell
//! and no coordinate arithmetic.

use board_kernel::{Direction, Side, Square};

/// Files and ranks of the board.
pub const SIZE: u8 = 15;

/// What a cell of the board is, which decides who may stand or stop on it (§2.2).
///
/// ```
/// use board_kernel::Side;
/// use seven_sages::CellKind;
/// let kind = |s: &str| CellKind::of(s.parse().unwrap());
/// assert_eq!(kind("h1"), CellKind::Goal(Side::White));
/// assert_eq!(kind("b2"), CellKind::Outside);
/// assert_eq!(kind("c2"), CellKind::Field);
/// assert_eq!(kind("p16"), CellKind::OffBoard);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CellKind {
    /// Not a cell of the 15×15 board.
    OffBoard,
    /// The marked margin: sages may stop and pass here, the ball never enters it.
    Outside,
    /// The playing field: open to sages and ball.
    Field,
    /// The goal area that `Side` defends (White's is `f1`–`j1`, Black's `f15`–`j15`).
    Goal(Side),
}

impl CellKind {
    /// The kind of `square` on the Seven Sages board.
    #[must_use]
    pub fn of(square: Square) -> CellKind {
        match KIND[square.index()] {
            OUTSIDE => CellKind::Outside,
            FIELD => CellKind::Field,
            GOAL_WHITE => CellKind::Goal(Side::White),
            GOAL_BLACK => CellKind::Goal(Side::Black),
            _ => CellKind::OffBoard,
        }
    }
}

pub(crate) type Cell = u8;

pub(crate) const OFF: u8 = 0;
pub(crate) const OUTSIDE: u8 = 1;
pub(crate) const FIELD: u8 = 2;
pub(crate) const GOAL_WHITE: u8 = 3;
pub(crate) const GOAL_BLACK: u8 = 4;

const fn kind_of(index: usize) -> u8 {
    let file = (index % 16) as u8;
    let rank = (index / 16) as u8;
    if file >= SIZE || rank >= SIZE {
        return OFF;
    }
    let edge_rank = rank == 0 || rank == SIZE - 1;
    if edge_rank && file >= 5 && file <= 9 {
        return if rank == 0 { GOAL_WHITE } else { GOAL_BLACK };
    }
    if edge_rank || file == 0 || file == SIZE - 1 {
        return OUTSIDE;
    }
    // The four corner cells b2 n2 b14 n14 belong to the outside.
    if (file == 1 || file == SIZE - 2) && (rank == 1 || rank == SIZE - 2) {
        return OUTSIDE;
    }
    FIELD
}

/// The kind of every cell index of the 16×16 frame.
pub(crate) static KIND: [u8; 256] = {
    let mut table = [OFF; 256];
    let mut i = 0;
    while i < 256 {
        table[i] = kind_of(i);
        i += 1;
    }
    table
};

/// The goal-area kind a side defends.
#[inline]
pub(crate) const fn goal_of(side: Side) -> u8 {
    match side {
        Side::White => GOAL_WHITE,
        Side::Black => GOAL_BLACK,
    }
}

/// Whether a cell kind is a goal area of either side.
#[inline]
pub(crate) const fn is_goal(kind: u8) -> bool {
    kind >= GOAL_WHITE
}

/// The step of each direction, in [`Direction::ALL`] order (clockwise from north), as a
/// wrapping `u8` offset.
pub(crate) const STEP: [u8; 8] = [16, 17, 1, 241, 240, 239, 255, 15];

/// The index of a direction in [`Direction::ALL`].
#[inline]
pub(crate) fn dir_index(d: Direction) -> u8 {
    match d {
        Direction::N => 0,
        Direction::NE => 1,
        Direction::E => 2,
        Direction::SE => 3,
        Direction::S => 4,
        Direction::SW => 5,
        Direction::W => 6,
        Direction::NW => 7,
    }
}

/// Whether direction `d` (an index) is one of `side`'s backward diagonals, which plain moves
/// may not take (§3).
#[inline]
pub(crate) const fn is_backward_diagonal(side: Side, d: u8) -> bool {
    match side {
        Side::White => d == 3 || d == 5,
        Side::Black => d == 1 || d == 7,
    }
}

/// The cell index of a square (the same numbering as [`Square::index`]).
#[inline]
pub(crate) fn cell(square: Square) -> Cell {
    // Squares are at most 16×16, so the index fits a byte.
    square.index() as u8
}

/// The square of a cell index.
#[inline]
pub(crate) fn square(cell: Cell) -> Square {
    Square::at(cell % 16, cell / 16)
}

/// White's sages at the start of every point: `h1 d3 h3 l3 d5 h5 l5`.
pub const WHITE_SETUP: [&str; 7] = ["h1", "d3", "h3", "l3", "d5", "h5", "l5"];
/// Black's sages at the start of every point: `h15 d13 h13 l13 d11 h11 l11`.
pub const BLACK_SETUP: [&str; 7] = ["h15", "d13", "h13", "l13", "d11", "h11", "l11"];
/// The ball's cell at the start of every point: the centre.
pub const BALL_SETUP: &str = "h8";

const fn c(file: u8, rank1: u8) -> Cell {
    (rank1 - 1) * 16 + file
}

pub(crate) const WHITE_START: [Cell; 7] = [
    c(7, 1),
    c(3, 3),
    c(7, 3),
    c(11, 3),
    c(3, 5),
    c(7, 5),
    c(11, 5),
];
pub(crate) const BLACK_START: [Cell; 7] = [
    c(7, 15),
    c(3, 13),
    c(7, 13),
    c(11, 13),
    c(3, 11),
    c(7, 11),
    c(11, 11),
];
pub(crate) const BALL_START: Cell = c(7, 8);

#[cfg(test)]
mod tests {
    use super::*;

    fn count(kind: u8) -> usize {
        KIND.iter().filter(|&&k| k == kind).count()
    }

    #[test]
    fn zones_have_the_spec_sizes() {
        assert_eq!(count(FIELD), 165);
        assert_eq!(count(OUTSIDE), 50);
        assert_eq!(count(GOAL_WHITE), 5);
        assert_eq!(count(GOAL_BLACK), 5);
        for corner in ["b2", "n2", "b14", "n14", "a8", "o8", "e1", "k15"] {
            assert_eq!(CellKind::of(corner.parse().unwrap()), CellKind::Outside);
        }
        assert_eq!(
            CellKind::of("f1".parse().unwrap()),
            CellKind::Goal(Side::White)
        );
        assert_eq!(
            CellKind::of("j15".parse().unwrap()),
            CellKind::Goal(Side::Black)
        );
        assert_eq!(CellKind::of("c2".parse().unwrap()), CellKind::Field);
        assert_eq!(CellKind::of("p1".parse().unwrap()), CellKind::OffBoard);
    }

    #[test]
    fn steps_off_the_board_land_on_the_guard_band() {
        for (i, &kind) in KIND.iter().enumerate() {
            if kind == OFF {
                continue;
            }
            let sq = square(i as u8);
            for (d, dir) in Direction::ALL.iter().enumerate() {
                let next = (i as u8).wrapping_add(STEP[d]);
                match sq.step(*dir).filter(|s| s.file() < SIZE && s.rank() < SIZE) {
                    Some(s) => assert_eq!(cell(s), next),
                    None => assert_eq!(KIND[next as usize], OFF),
                }
            }
        }
    }

    #[test]
    fn setup_tables_match_the_texts() {
        for (cells, texts) in [(WHITE_START, WHITE_SETUP), (BLACK_START, BLACK_SETUP)] {
            for (c, t) in cells.iter().zip(texts) {
                assert_eq!(square(*c).to_string(), t);
            }
        }
        assert_eq!(square(BALL_START).to_string(), BALL_SETUP);
    }
}
