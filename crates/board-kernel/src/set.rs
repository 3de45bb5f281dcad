//! A set of squares as a 256-bit bitboard.

use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Not, Sub};

use serde::{Deserialize, Serialize};

use crate::Square;

/// A set of squares of the 16×16 frame, stored as 256 bits: cheap to copy, and union,
/// intersection and membership are a few instructions.
///
/// Used for board shapes (which cells exist), zones (goal areas, the Court) and occupancy.
///
/// ```
/// use board_kernel::{Square, SquareSet};
/// let mut set = SquareSet::EMPTY;
/// set.insert(Square::at(0, 0));
/// set.insert(Square::at(2, 1));
/// assert_eq!(set.len(), 2);
/// assert_eq!(set.iter().map(|s| s.to_string()).collect::<Vec<_>>(), ["a1", "c2"]);
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SquareSet([u64; 4]);

impl SquareSet {
    /// No square.
    pub const EMPTY: SquareSet = SquareSet([0; 4]);

    /// Every square of the 16×16 frame.
    pub const FULL: SquareSet = SquareSet([u64::MAX; 4]);

    /// The rectangle of files `0..width` and ranks `0..height`.
    #[must_use]
    #[inline]
    pub const fn rectangle(width: u8, height: u8) -> SquareSet {
        let mut set = SquareSet::EMPTY;
        let mut rank = 0;
        while rank < height {
            let mut file = 0;
            while file < width {
                set = set.with(Square::at(file, rank));
                file += 1;
            }
            rank += 1;
        }
        set
    }

    /// The set with `sq` added (usable in constants).
    #[must_use]
    #[inline]
    pub const fn with(self, sq: Square) -> SquareSet {
        let mut words = self.0;
        words[sq.index() / 64] |= 1 << (sq.index() % 64);
        SquareSet(words)
    }

    /// The set with `sq` removed (usable in constants).
    #[must_use]
    #[inline]
    pub const fn without(self, sq: Square) -> SquareSet {
        let mut words = self.0;
        words[sq.index() / 64] &= !(1 << (sq.index() % 64));
        SquareSet(words)
    }

    /// Whether `sq` is in the set.
    #[inline]
    #[must_use]
    pub const fn contains(self, sq: Square) -> bool {
        self.0[sq.index() / 64] & (1 << (sq.index() % 64)) != 0
    }

    /// Whether the two sets share a square.
    #[inline]
    #[must_use]
    pub const fn intersects(self, other: SquareSet) -> bool {
        // Word by word with an early exit: eight-byte loads, which the processor forwards from
        // a word `insert` or `remove` has just stored. One wide (SIMD) test of all four words
        // stalls on such a store, and sets are tested right after a move is made on a copy.
        let mut word = 0;
        while word < 4 {
            if self.0[word] & other.0[word] != 0 {
                return true;
            }
            word += 1;
        }
        false
    }

    /// Adds `sq`; returns whether it was absent.
    #[inline]
    pub fn insert(&mut self, sq: Square) -> bool {
        // In place, one word: rebuilding the whole set (`*self = self.with(sq)`) made the
        // compiler store a word and reload the set wider, a store-forwarding stall that cost
        // Queens' Courtiers a quarter of its speed.
        let (word, bit) = (sq.index() / 64, 1u64 << (sq.index() % 64));
        let absent = self.0[word] & bit == 0;
        self.0[word] |= bit;
        absent
    }

    /// Removes `sq`; returns whether it was present.
    #[inline]
    pub fn remove(&mut self, sq: Square) -> bool {
        let (word, bit) = (sq.index() / 64, 1u64 << (sq.index() % 64));
        let present = self.0[word] & bit != 0;
        self.0[word] &= !bit;
        present
    }

    /// The number of squares.
    #[inline]
    #[must_use]
    pub const fn len(self) -> usize {
        (self.0[0].count_ones()
            + self.0[1].count_ones()
            + self.0[2].count_ones()
            + self.0[3].count_ones()) as usize
    }

    /// Whether the set is empty.
    #[inline]
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0[0] | self.0[1] | self.0[2] | self.0[3] == 0
    }

    /// The first square in rank-major order (a1, b1, …, a2, …), if any.
    #[must_use]
    #[inline]
    pub fn first(self) -> Option<Square> {
        self.iter().next()
    }

    /// The squares in rank-major order (a1, b1, …, a2, …).
    #[inline]
    pub fn iter(self) -> SquareSetIter {
        SquareSetIter {
            words: self.0,
            word: 0,
        }
    }

    /// Whether the square of dense index `index` ([`Square::index`]) is in the set: for games
    /// that address their cells by index in hot loops. `false` for 256 and above.
    #[inline]
    #[must_use]
    pub const fn contains_index(self, index: usize) -> bool {
        index < 256 && (self.0[index / 64] >> (index % 64)) & 1 != 0
    }

    /// Adds the square of dense index `index` (ignored for 256 and above).
    #[inline]
    pub fn insert_index(&mut self, index: usize) {
        if index < 256 {
            self.0[index / 64] |= 1 << (index % 64);
        }
    }

    /// Removes the square of dense index `index`.
    #[inline]
    pub fn remove_index(&mut self, index: usize) {
        if index < 256 {
            self.0[index / 64] &= !(1 << (index % 64));
        }
    }

    /// The four 64-bit words of the set, indices 0–63 in the first: for a game that scans its
    /// squares word by word in a hot loop.
    ///
    /// ```
    /// use board_kernel::SquareSet;
    /// let mut set = SquareSet::EMPTY;
    /// set.insert_index(65);
    /// assert_eq!(set.words(), [0, 2, 0, 0]);
    /// ```
    #[inline]
    #[must_use]
    pub const fn words(self) -> [u64; 4] {
        self.0
    }

    /// The dense indices of the squares, in increasing order.
    ///
    /// ```
    /// use board_kernel::{Square, SquareSet};
    /// let mut set = SquareSet::EMPTY;
    /// set.insert_index(17);
    /// set.insert(Square::at(0, 0));
    /// assert!(set.contains_index(17) && !set.contains_index(300));
    /// assert_eq!(set.indices().collect::<Vec<_>>(), [0, 17]);
    /// ```
    #[inline]
    pub fn indices(self) -> impl Iterator<Item = usize> {
        let mut words = self.0;
        let mut word = 0;
        std::iter::from_fn(move || {
            while word < 4 {
                let w = words[word];
                if w != 0 {
                    words[word] = w & (w - 1);
                    return Some(word * 64 + w.trailing_zeros() as usize);
                }
                word += 1;
            }
            None
        })
    }
}

/// Iterator over the squares of a [`SquareSet`], in rank-major order.
#[derive(Clone, Debug)]
pub struct SquareSetIter {
    words: [u64; 4],
    word: usize,
}

impl Iterator for SquareSetIter {
    type Item = Square;
    #[inline]
    fn next(&mut self) -> Option<Square> {
        while self.word < 4 {
            let w = self.words[self.word];
            if w != 0 {
                let bit = w.trailing_zeros() as usize;
                self.words[self.word] = w & (w - 1);
                return Square::from_index(self.word * 64 + bit);
            }
            self.word += 1;
        }
        None
    }
}

impl IntoIterator for SquareSet {
    type Item = Square;
    type IntoIter = SquareSetIter;
    fn into_iter(self) -> SquareSetIter {
        self.iter()
    }
}

impl FromIterator<Square> for SquareSet {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> SquareSet {
        let mut set = SquareSet::EMPTY;
        for sq in iter {
            set.insert(sq);
        }
        set
    }
}

macro_rules! bitwise {
    ($trait:ident, $method:ident, $assign_trait:ident, $assign_method:ident, $op:tt) => {
        impl $trait for SquareSet {
            type Output = SquareSet;
            #[inline]
            fn $method(self, rhs: SquareSet) -> SquareSet {
                SquareSet([
                    self.0[0] $op rhs.0[0],
                    self.0[1] $op rhs.0[1],
                    self.0[2] $op rhs.0[2],
                    self.0[3] $op rhs.0[3],
                ])
            }
        }
        impl $assign_trait for SquareSet {
            #[inline]
            fn $assign_method(&mut self, rhs: SquareSet) {
                *self = *self $op rhs;
            }
        }
    };
}
bitwise!(BitOr, bitor, BitOrAssign, bitor_assign, |);
bitwise!(BitAnd, bitand, BitAndAssign, bitand_assign, &);

impl Not for SquareSet {
    type Output = SquareSet;
    #[inline]
    fn not(self) -> SquareSet {
        SquareSet([!self.0[0], !self.0[1], !self.0[2], !self.0[3]])
    }
}

impl Sub for SquareSet {
    type Output = SquareSet;
    #[inline]
    fn sub(self, rhs: SquareSet) -> SquareSet {
        self & !rhs
    }
}

impl fmt::Debug for SquareSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set()
            .entries(self.iter().map(|s| s.to_string()))
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rectangle_counts() {
        assert_eq!(SquareSet::rectangle(8, 8).len(), 64);
        assert_eq!(SquareSet::rectangle(16, 16), SquareSet::FULL);
        assert!(SquareSet::rectangle(0, 5).is_empty());
    }

    #[test]
    fn set_algebra() {
        let a: SquareSet = ["a1", "b2", "p16"]
            .iter()
            .map(|s| s.parse().unwrap())
            .collect();
        let b: SquareSet = ["b2", "c3"].iter().map(|s| s.parse().unwrap()).collect();
        assert_eq!((a | b).len(), 4);
        assert_eq!((a & b).len(), 1);
        assert_eq!((a - b).len(), 2);
        assert_eq!((!a).len(), 253);
        let mut c = a;
        assert!(c.remove(Square::at(15, 15)));
        assert!(!c.remove(Square::at(15, 15)));
        assert!(c.insert(Square::at(15, 15)));
        assert_eq!(c, a);
        assert_eq!(a.iter().last(), Some(Square::at(15, 15)));
    }
}
