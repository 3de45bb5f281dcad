//! Pieces and stacks (rule book section 3): single stones and the one tower of two stones,
//! owned by the colour on top, and the [`Board`] that holds them, with the cells a stone is
//! put back on (4.6). The geometry they stand on (cells, setup areas, tiers) is
//! [`board`](crate::board)'s.

use board_kernel::{Side, Stack};
use serde::{Deserialize, Serialize};

use crate::board::{ALL_CELLS, BLACK_TIERS, Spot, WHITE_TIERS, cells, tiers};

/// The tower: two stones on one cell. There is never more than one on the board, so a tower is
/// always exactly two stones high.
///
/// ```
/// use sackson_chain_reaction::{Spot, Tower};
/// use board_kernel::Side;
/// let t = Tower { cell: "d3".parse()?, bottom: Side::Black, top: Side::White };
/// assert_eq!(t.owner(), Side::White);
/// assert_eq!(t.token(), "bw");
/// # Ok::<(), String>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Tower {
    /// The cell it stands on.
    pub cell: Spot,
    /// The lower stone: it lands on the first cell when the tower moves.
    pub bottom: Side,
    /// The upper stone: it lands on the second cell, or scores.
    pub top: Side,
}

impl Tower {
    /// The player who moves it: the colour on top.
    #[must_use]
    pub const fn owner(self) -> Side {
        self.top
    }

    /// The diagram token, bottom first (`bw` = black under white, a White tower).
    #[must_use]
    pub fn token(self) -> String {
        [self.bottom.letter(), self.top.letter()].iter().collect()
    }
}

/// What a cell holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Content {
    /// No stone.
    Empty,
    /// One stone of that colour.
    Stone(Side),
    /// The tower.
    Tower(Tower),
}

impl Content {
    /// Whether the cell holds at least one stone.
    #[must_use]
    pub const fn is_occupied(self) -> bool {
        !matches!(self, Content::Empty)
    }
}

/// The 56 cells, each empty, holding one stone, or holding the one tower.
///
/// Stored as two 56-bit masks of single stones and the tower apart: a board is 24 bytes, and
/// the tests the rules need (is a cell occupied, which cells of a tier are empty) are a few
/// bit operations.
///
/// ```
/// use sackson_chain_reaction::{Board, Content, Spot};
/// use board_kernel::Side;
/// let board = Board::initial();
/// assert_eq!(board.content("d2".parse()?), Content::Stone(Side::White));
/// assert_eq!(board.stones(Side::Black), 11);
/// assert!(board.tower().is_none());
/// # Ok::<(), String>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Board {
    /// Cells holding a single stone, per side (index [`Side::index`]).
    singles: [u64; 2],
    /// The one tower, if any.
    tower: Option<Tower>,
}

impl Board {
    /// A board without stones.
    #[must_use]
    pub const fn empty() -> Board {
        Board {
            singles: [0, 0],
            tower: None,
        }
    }

    /// The setup of 2.4: each side's 11 stones on its setup area.
    #[must_use]
    pub const fn initial() -> Board {
        let w = WHITE_TIERS[0] | WHITE_TIERS[1] | WHITE_TIERS[2];
        let b = BLACK_TIERS[0] | BLACK_TIERS[1] | BLACK_TIERS[2];
        Board {
            singles: [w, b],
            tower: None,
        }
    }

    /// What stands on `spot` (scoring positions are always empty).
    #[inline]
    #[must_use]
    pub fn content(&self, spot: Spot) -> Content {
        if let Some(t) = self.tower
            && t.cell == spot
        {
            return Content::Tower(t);
        }
        let bit = spot.bit();
        if self.singles[0] & bit != 0 {
            Content::Stone(Side::White)
        } else if self.singles[1] & bit != 0 {
            Content::Stone(Side::Black)
        } else {
            Content::Empty
        }
    }

    /// The stones on `spot` as a kernel stack, bottom first.
    #[must_use]
    pub fn stack(&self, spot: Spot) -> Stack {
        match self.content(spot) {
            Content::Empty => Stack::EMPTY,
            Content::Stone(s) => Stack::single(s),
            Content::Tower(t) => {
                let mut stack = Stack::single(t.bottom);
                // A two-stone stack never overflows the kernel's 32-stone capacity.
                let _ = stack.push(t.top);
                stack
            }
        }
    }

    /// The tower, if one stands.
    #[inline]
    #[must_use]
    pub const fn tower(&self) -> Option<Tower> {
        self.tower
    }

    /// The cells holding a single stone of `side`.
    pub fn singles(&self, side: Side) -> impl Iterator<Item = Spot> {
        cells(self.singles[side.index()])
    }

    /// How many stones of `side` are on the board (tower stones included).
    #[must_use]
    pub fn stones(&self, side: Side) -> u32 {
        let mut n = self.singles[side.index()].count_ones();
        if let Some(t) = self.tower {
            n += u32::from(t.bottom == side) + u32::from(t.top == side);
        }
        n
    }

    /// The mask of occupied cells.
    #[inline]
    #[must_use]
    pub(crate) const fn occupied(&self) -> u64 {
        let t = match self.tower {
            Some(t) => t.cell.bit(),
            None => 0,
        };
        self.singles[0] | self.singles[1] | t
    }

    /// The single-stone mask of `side`.
    #[inline]
    #[must_use]
    pub(crate) const fn single_mask(&self, side: Side) -> u64 {
        self.singles[side.index()]
    }

    /// Puts a stone of `side` on the board cell `spot`: on an empty cell it stays single, on a
    /// single stone it builds the tower with that stone at the bottom. Callers never drop onto
    /// the tower or build a second one (the rules forbid both); should they, the old tower is
    /// replaced, which keeps the board well formed.
    #[inline]
    pub(crate) fn drop_stone(&mut self, spot: Spot, side: Side) {
        let bit = spot.bit();
        if bit == 0 {
            return;
        }
        let under = if self.singles[0] & bit != 0 {
            Some(Side::White)
        } else if self.singles[1] & bit != 0 {
            Some(Side::Black)
        } else {
            None
        };
        match under {
            None => self.singles[side.index()] |= bit,
            Some(bottom) => {
                self.singles[bottom.index()] &= !bit;
                self.tower = Some(Tower {
                    cell: spot,
                    bottom,
                    top: side,
                });
            }
        }
    }

    /// Removes a single stone from `spot` (nothing happens if there is none).
    #[inline]
    pub(crate) fn lift_single(&mut self, spot: Spot) {
        let bit = spot.bit();
        self.singles[0] &= !bit;
        self.singles[1] &= !bit;
    }

    /// Takes the tower off the board, both stones.
    #[inline]
    pub(crate) fn take_tower(&mut self) -> Option<Tower> {
        self.tower.take()
    }

    /// Puts `tower` on the board as it is (used when a position is set up).
    pub(crate) fn set_tower(&mut self, tower: Tower) {
        self.lift_single(tower.cell);
        if tower.cell.is_board() {
            self.tower = Some(tower);
        }
    }
}

/// The cells on which `side` re-places a stone now (4.6): the empty cells of the first tier
/// that has one.
#[inline]
#[must_use]
pub(crate) fn replacement_cells(board: &Board, side: Side) -> u64 {
    let free = !board.occupied() & ALL_CELLS;
    for tier in tiers(side) {
        if tier & free != 0 {
            return tier & free;
        }
    }
    0
}
