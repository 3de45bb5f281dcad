//! The pieces: seven sages per side, kept as one 256-bit set per side, and the neutral ball.
//!
//! Sages are never captured and carry no state beyond their cell, so a set of cells per side
//! is the whole story; membership, union and counts inside a zone are a few word operations.

use board_kernel::{Square, SquareSet};

use crate::board::{Cell, KIND, square};

/// A set of cell indices of the 16×16 frame.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct Cells(pub(crate) [u64; 4]);

impl Cells {
    pub(crate) const EMPTY: Cells = Cells([0; 4]);

    #[inline]
    pub(crate) const fn has(self, c: Cell) -> bool {
        (self.0[(c >> 6) as usize] >> (c & 63)) & 1 != 0
    }

    #[inline]
    pub(crate) fn insert(&mut self, c: Cell) {
        self.0[(c >> 6) as usize] |= 1 << (c & 63);
    }

    #[inline]
    pub(crate) fn remove(&mut self, c: Cell) {
        self.0[(c >> 6) as usize] &= !(1 << (c & 63));
    }

    #[inline]
    pub(crate) fn union(self, other: Cells) -> Cells {
        Cells([
            self.0[0] | other.0[0],
            self.0[1] | other.0[1],
            self.0[2] | other.0[2],
            self.0[3] | other.0[3],
        ])
    }

    #[inline]
    pub(crate) fn len(self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }

    #[inline]
    pub(crate) fn is_empty(self) -> bool {
        self.0 == [0; 4]
    }

    /// The number of cells of the set whose kind is `kind`.
    pub(crate) fn count_kind(self, kind: u8) -> u32 {
        self.iter().filter(|&c| KIND[c as usize] == kind).count() as u32
    }

    /// The cells in increasing index order (rank-major, a1 first).
    pub(crate) fn iter(self) -> CellsIter {
        CellsIter {
            words: self.0,
            word: 0,
        }
    }

    pub(crate) fn to_square_set(self) -> SquareSet {
        self.iter().map(square).collect()
    }
}

impl FromIterator<Cell> for Cells {
    fn from_iter<I: IntoIterator<Item = Cell>>(iter: I) -> Cells {
        let mut set = Cells::EMPTY;
        for c in iter {
            set.insert(c);
        }
        set
    }
}

/// Iterator over a [`Cells`] set.
pub(crate) struct CellsIter {
    words: [u64; 4],
    word: usize,
}

impl Iterator for CellsIter {
    type Item = Cell;

    #[inline]
    fn next(&mut self) -> Option<Cell> {
        while self.word < 4 {
            let w = self.words[self.word];
            if w != 0 {
                self.words[self.word] = w & (w - 1);
                return Some((self.word as u32 * 64 + w.trailing_zeros()) as Cell);
            }
            self.word += 1;
        }
        None
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
        s.insert(0);
        s.insert(200);
        s.insert(70);
        assert!(s.has(200) && s.has(70) && !s.has(71));
        assert_eq!(s.iter().collect::<Vec<_>>(), vec![0, 70, 200]);
        s.remove(70);
        assert_eq!(s.len(), 2);
        assert!(!s.is_empty());
    }
}
