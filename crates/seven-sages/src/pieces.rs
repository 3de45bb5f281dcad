//! The pieces: seven sages per side, kept as one 256-bit set per side, and the neutral ball.
//!
//! Sages are never captured and carry no state beyond their cell, so a set of cells per side
//! is the whole story; membership, union and counts inside a zone are a few word operations.

use board_kernel::{Square, SquareSet};

use crate::board::{Cell, KIND};

/// A set of cells: the kernel's [`SquareSet`], addressed by cell index in the hot loops
/// through [`CellSet`].
pub(crate) type Cells = SquareSet;

/// Cell-index access to a set of cells.
pub(crate) trait CellSet: Sized {
    /// Whether the cell is in the set.
    fn has(self, c: Cell) -> bool;
    /// Adds the cell.
    fn put(&mut self, c: Cell);
    /// Removes the cell.
    fn take(&mut self, c: Cell);
    /// The number of cells.
    fn size(self) -> u32;
    /// The number of cells of the set whose kind is `kind`.
    fn count_kind(self, kind: u8) -> u32;
    /// The cells in increasing index order (rank-major, a1 first).
    fn cells(self) -> impl Iterator<Item = Cell>;
    /// The set of the given cells.
    fn of(cells: impl IntoIterator<Item = Cell>) -> Self;
}

impl CellSet for SquareSet {
    #[inline]
    fn has(self, c: Cell) -> bool {
        self.contains_index(usize::from(c))
    }
    #[inline]
    fn put(&mut self, c: Cell) {
        self.insert_index(usize::from(c));
    }
    #[inline]
    fn take(&mut self, c: Cell) {
        self.remove_index(usize::from(c));
    }
    #[inline]
    fn size(self) -> u32 {
        self.len() as u32
    }
    fn count_kind(self, kind: u8) -> u32 {
        self.cells().filter(|&c| KIND[c as usize] == kind).count() as u32
    }
    #[inline]
    fn cells(self) -> impl Iterator<Item = Cell> {
        self.indices().map(|i| i as Cell)
    }
    fn of(cells: impl IntoIterator<Item = Cell>) -> Self {
        let mut set = SquareSet::EMPTY;
        for c in cells {
            set.put(c);
        }
        set
    }
}

/// What stands on a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Piece {
    /// A White sage.
    WhiteSage,
    /// A Black sage.
    BlackSage,
    /// The ball.
    Ball,
}

impl Piece {
    /// The letter of the position line and the diagram: `W`, `B` or `*`.
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            Piece::WhiteSage => 'W',
            Piece::BlackSage => 'B',
            Piece::Ball => '*',
        }
    }
}

/// The largest number of sages a side has (§2.3); positions may hold fewer.
pub const SAGES_PER_SIDE: u32 = 7;

/// A square of the board as a cell index, for callers that hold [`Square`]s.
pub(crate) fn on_board(sq: Square) -> Option<Cell> {
    let c = crate::board::cell(sq);
    (KIND[c as usize] != crate::board::OFF).then_some(c)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_operations() {
        let mut s = Cells::EMPTY;
        s.put(0);
        s.put(200);
        s.put(70);
        assert!(s.has(200) && s.has(70) && !s.has(71));
        assert_eq!(s.cells().collect::<Vec<_>>(), vec![0, 70, 200]);
        s.take(70);
        assert_eq!(s.size(), 2);
        assert!(!s.is_empty());
        assert_eq!(Cells::of([3, 5]).size(), 2);
    }
}
