//! A 256-bit square set with every operation inlined: the engine's hot loops test and
//! update occupancy constantly, and the kernel's `SquareSet` methods are not marked
//! `#[inline]`, so they would be calls across crates. Converted to `SquareSet` at the API.

use board_kernel::{Square, SquareSet};

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct Bits([u64; 4]);

impl Bits {
    pub(crate) const EMPTY: Bits = Bits([0; 4]);

    #[inline]
    pub(crate) const fn with(self, sq: Square) -> Bits {
        let mut w = self.0;
        w[sq.index() >> 6] |= 1 << (sq.index() & 63);
        Bits(w)
    }

    #[inline]
    pub(crate) fn insert(&mut self, sq: Square) {
        self.0[sq.index() >> 6] |= 1 << (sq.index() & 63);
    }

    #[inline]
    pub(crate) fn remove(&mut self, sq: Square) {
        self.0[sq.index() >> 6] &= !(1 << (sq.index() & 63));
    }

    #[inline]
    pub(crate) const fn contains(self, sq: Square) -> bool {
        self.0[sq.index() >> 6] & (1 << (sq.index() & 63)) != 0
    }

    #[inline]
    pub(crate) const fn intersects(self, other: Bits) -> bool {
        (self.0[0] & other.0[0])
            | (self.0[1] & other.0[1])
            | (self.0[2] & other.0[2])
            | (self.0[3] & other.0[3])
            != 0
    }

    #[inline]
    pub(crate) const fn len(self) -> usize {
        (self.0[0].count_ones()
            + self.0[1].count_ones()
            + self.0[2].count_ones()
            + self.0[3].count_ones()) as usize
    }

    /// The squares in increasing index order.
    #[inline]
    pub(crate) fn iter(self) -> BitsIter {
        BitsIter {
            words: self.0,
            word: 0,
        }
    }

    pub(crate) fn to_set(self) -> SquareSet {
        self.iter().collect()
    }

    pub(crate) fn from_set(set: SquareSet) -> Bits {
        set.iter().fold(Bits::EMPTY, Bits::with)
    }
}

pub(crate) struct BitsIter {
    words: [u64; 4],
    word: usize,
}

impl Iterator for BitsIter {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        while self.word < 4 {
            let w = self.words[self.word];
            if w != 0 {
                self.words[self.word] = w & (w - 1);
                return Square::from_index(self.word * 64 + w.trailing_zeros() as usize);
            }
            self.word += 1;
        }
        None
    }
}
