//! The board and the setup: 8×8 squares, each holding a stack of stones, and the two
//! fifteen-stone triangles the game starts from.

use board_kernel::{Direction, Side, Square, Stack, zobrist};

use crate::pieces::{MAX_STONES, Tower};

/// Files and ranks of the board.
pub const SIZE: u8 = 8;

/// White's stones at the start: the triangle in the a1 corner.
pub const WHITE_SETUP: [&str; 15] = [
    "a1", "b1", "c1", "d1", "e1", "a2", "b2", "c2", "d2", "a3", "b3", "c3", "a4", "b4", "a5",
];

/// Black's stones at the start: the triangle in the h8 corner.
pub const BLACK_SETUP: [&str; 15] = [
    "h4", "g5", "h5", "f6", "g6", "h6", "e7", "f7", "g7", "h7", "d8", "e8", "f8", "g8", "h8",
];

/// Whether `sq` is one of the 64 squares.
#[inline]
#[must_use]
pub const fn on_board(sq: Square) -> bool {
    sq.file() < SIZE && sq.rank() < SIZE
}

/// The dense index of a square of the board, `rank * 8 + file` (a1 = 0, h8 = 63).
#[inline]
pub(crate) const fn index(sq: Square) -> usize {
    sq.rank() as usize * SIZE as usize + sq.file() as usize
}

/// The square of a dense index below 64.
#[inline]
pub(crate) const fn square(index: usize) -> Square {
    Square::at((index % 8) as u8, (index / 8) as u8)
}

/// The index step of each direction, in [`Direction::ALL`] order.
pub(crate) const STEP: [isize; 8] = {
    let mut steps = [0isize; 8];
    let mut d = 0;
    while d < 8 {
        let (df, dr) = Direction::ALL[d].delta();
        steps[d] = dr as isize * 8 + df as isize;
        d += 1;
    }
    steps
};

/// `RAY[i][d]`: how many squares lie beyond square `i` in direction `d` before the edge.
pub(crate) const RAY: [[u8; 8]; 64] = {
    let mut table = [[0u8; 8]; 64];
    let mut i = 0;
    while i < 64 {
        let mut d = 0;
        while d < 8 {
            let (df, dr) = Direction::ALL[d].delta();
            let (mut f, mut r) = ((i % 8) as i8, (i / 8) as i8);
            let mut n = 0;
            loop {
                f += df;
                r += dr;
                if f < 0 || f >= 8 || r < 0 || r >= 8 {
                    break;
                }
                n += 1;
            }
            table[i][d] = n;
            d += 1;
        }
        i += 1;
    }
    table
};

/// The index in [`Direction::ALL`] of a direction.
#[inline]
pub(crate) const fn dir_index(dir: Direction) -> usize {
    dir as usize
}

/// Zobrist keys of a stone: `STONE_KEYS[side][square][height]`.
static STONE_KEYS: [[[u64; 128]; 64]; 2] = {
    let flat: [[u64; 128]; 128] = zobrist::table2(0x746f_7765_7273);
    let mut keys = [[[0u64; 128]; 64]; 2];
    let mut i = 0;
    while i < 128 {
        keys[i / 64][i % 64] = flat[i];
        i += 1;
    }
    keys
};

#[inline]
fn stone_key(side: usize, square: usize, height: u8) -> u64 {
    STONE_KEYS[side][square][usize::from(height & 127)]
}

/// The 64 stacks, with per-side bitboards of the squares each side controls, the material of
/// each side and the board's Zobrist key kept alongside, so the end checks and the key cost
/// nothing.
///
/// Stored as parallel arrays (stone bits and heights) rather than an array of [`Tower`]s,
/// which keeps a board at about 1.1 KB with no heap, so states clone cheaply.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Board {
    /// Per square: bit `h` is the stone at height `h`, 0 White, 1 Black (zero above the
    /// height).
    bits: [u128; 64],
    /// Per square: the number of stones.
    heights: [u8; 64],
    /// Per side: the squares whose top stone is that side's (its active stones).
    tops: [u64; 2],
    /// Per side: its stones on the board, pinned ones included.
    material: [u8; 2],
    /// The XOR of the keys of every stone (side, square, height).
    key: u64,
}

impl Default for Board {
    fn default() -> Self {
        Board::empty()
    }
}

impl Board {
    /// A board with no stones.
    #[must_use]
    pub const fn empty() -> Board {
        Board {
            bits: [0; 64],
            heights: [0; 64],
            tops: [0; 2],
            material: [0; 2],
            key: 0,
        }
    }

    /// The setup: fifteen stones of each side in opposite corners.
    #[must_use]
    pub fn initial() -> Board {
        let mut board = Board::empty();
        for (side, squares) in [(Side::White, WHITE_SETUP), (Side::Black, BLACK_SETUP)] {
            for name in squares {
                let sq: Square = name.parse().expect("setup squares are valid");
                board.set(sq, Tower::single(side));
            }
        }
        board
    }

    /// The stack on `sq` (empty off the board).
    #[must_use]
    pub fn tower(&self, sq: Square) -> Tower {
        if !on_board(sq) {
            return Tower::EMPTY;
        }
        self.tower_at(index(sq))
    }

    #[inline]
    pub(crate) fn tower_at(&self, i: usize) -> Tower {
        Tower(Stack::from_bits(self.bits[i], self.heights[i]))
    }

    /// The side controlling `sq` (its top stone), if any.
    #[must_use]
    pub fn top(&self, sq: Square) -> Option<Side> {
        if !on_board(sq) {
            return None;
        }
        self.top_at(index(sq))
    }

    #[inline]
    pub(crate) fn top_at(&self, i: usize) -> Option<Side> {
        let bit = 1u64 << i;
        if self.tops[0] & bit != 0 {
            Some(Side::White)
        } else if self.tops[1] & bit != 0 {
            Some(Side::Black)
        } else {
            None
        }
    }

    /// The squares whose top stone is `side`'s, as a bitboard (bit `rank * 8 + file`).
    #[must_use]
    pub const fn active(&self, side: Side) -> u64 {
        self.tops[side.index()]
    }

    /// The squares whose top stone is `side`'s: the stones it can move.
    pub fn active_squares(&self, side: Side) -> impl Iterator<Item = Square> + '_ {
        Bits(self.tops[side.index()]).map(square)
    }

    /// All of `side`'s stones on the board, pinned ones included (the material count of the
    /// insufficient-material draw).
    #[must_use]
    pub const fn material(&self, side: Side) -> usize {
        self.material[side.index()] as usize
    }

    /// All stones on the board.
    #[must_use]
    pub const fn stones(&self) -> usize {
        self.material[0] as usize + self.material[1] as usize
    }

    /// Puts `tower` on `sq`, replacing what was there; `false` (and no change) when `sq` is
    /// off the board or the board would hold more than [`MAX_STONES`] stones.
    pub fn set(&mut self, sq: Square, tower: Tower) -> bool {
        if !on_board(sq) {
            return false;
        }
        let i = index(sq);
        let old = self.tower_at(i);
        if self.stones() - usize::from(old.height()) + usize::from(tower.height()) > MAX_STONES {
            return false;
        }
        for side in Side::ALL {
            self.material[side.index()] -= old.count(side);
            self.material[side.index()] += tower.count(side);
        }
        for (h, side) in old.stones().enumerate() {
            self.key ^= stone_key(side.index(), i, h as u8);
        }
        for (h, side) in tower.stones().enumerate() {
            self.key ^= stone_key(side.index(), i, h as u8);
        }
        self.bits[i] = tower.bits();
        self.heights[i] = tower.height();
        self.refresh_top(i);
        true
    }

    #[inline]
    fn refresh_top(&mut self, i: usize) {
        let bit = 1u64 << i;
        self.tops[0] &= !bit;
        self.tops[1] &= !bit;
        let h = self.heights[i];
        if h > 0 {
            let side = (self.bits[i] >> (h - 1) & 1) as usize;
            self.tops[side] |= bit;
        }
    }

    /// Lifts the top stone of square `i`, which must be non-empty, and returns it (the stone
    /// stays in the mover's hand, so material is unchanged).
    #[inline]
    pub(crate) fn lift(&mut self, i: usize) {
        debug_assert!(self.heights[i] > 0);
        let h = self.heights[i] - 1;
        self.key ^= stone_key((self.bits[i] >> h & 1) as usize, i, h);
        self.heights[i] = h;
        self.bits[i] &= !(1u128 << h);
        self.refresh_top(i);
    }

    /// Takes the top stone of square `i`, if any, off the board: a stone in the mover's hand
    /// while a row move is being made, drawn as gone, so that the material counts only the
    /// stones on the board (what the picture's legend and an observation read).
    pub(crate) fn take_off(&mut self, i: usize) {
        if let Some(side) = self.top_at(i) {
            self.lift(i);
            self.material[side.index()] -= 1;
        }
    }

    /// Drops a stone of `me` on square `i` (rule 4.1): on an enemy top stone it captures that
    /// one stone first. Returns whether it captured.
    #[inline]
    pub(crate) fn drop_stone(&mut self, i: usize, me: Side) -> bool {
        let them = me.opponent();
        let bit = 1u64 << i;
        let mut h = self.heights[i];
        let captured = self.tops[them.index()] & bit != 0;
        if captured {
            h -= 1;
            self.bits[i] &= !(1u128 << h);
            self.material[them.index()] -= 1;
            self.key ^= stone_key(them.index(), i, h);
        }
        self.key ^= stone_key(me.index(), i, h);
        self.bits[i] |= (me as u128) << h;
        self.heights[i] = h + 1;
        self.tops[them.index()] &= !bit;
        self.tops[me.index()] |= bit;
        captured
    }

    /// The squares holding a stack of two or more stones, as a bitboard (bit `rank * 8 +
    /// file`).
    #[must_use]
    pub fn stacks(&self) -> u64 {
        let mut bits = 0u64;
        for (i, &h) in self.heights.iter().enumerate() {
            if h >= 2 {
                bits |= 1 << i;
            }
        }
        bits
    }

    /// The board's Zobrist key, kept up to date by every change.
    #[inline]
    #[must_use]
    pub const fn key(&self) -> u64 {
        self.key
    }

    /// The key computed from scratch (tests compare it with the incremental one).
    #[must_use]
    pub fn key_from_scratch(&self) -> u64 {
        let mut key = 0;
        for i in 0..64 {
            for (h, side) in self.tower_at(i).stones().enumerate() {
                key ^= stone_key(side.index(), i, h as u8);
            }
        }
        key
    }
}

/// The set bits of a bitboard, lowest first.
pub(crate) struct Bits(pub(crate) u64);

impl Iterator for Bits {
    type Item = usize;
    #[inline]
    fn next(&mut self) -> Option<usize> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Some(i)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rays_count_squares_to_the_edge() {
        let a1 = index(Square::at(0, 0));
        assert_eq!(RAY[a1], [7, 7, 7, 0, 0, 0, 0, 0]);
        let d4 = index(Square::at(3, 3));
        // d4: N d5..d8, NE e5..h8, E e4..h4, SE e3..g1, S d3..d1, SW c3..a1, W c4..a4, NW c5..a7.
        assert_eq!(RAY[d4], [4, 4, 4, 3, 3, 3, 3, 3]);
        assert_eq!(STEP, [8, 9, 1, -7, -8, -9, -1, 7]);
    }

    #[test]
    fn setup_has_fifteen_stones_each() {
        let b = Board::initial();
        assert_eq!((b.material(Side::White), b.material(Side::Black)), (15, 15));
        assert_eq!(b.active(Side::White).count_ones(), 15);
        assert_eq!(b.top(Square::at(0, 4)), Some(Side::White));
        assert_eq!(b.top(Square::at(7, 3)), Some(Side::Black));
        assert_eq!(b.top(Square::at(4, 4)), None);
    }

    #[test]
    fn dropping_captures_only_the_top_stone() {
        let mut b = Board::empty();
        let e5 = Square::at(4, 4);
        let e4 = Square::at(4, 3);
        assert!(b.set(e5, "wb".parse().unwrap()));
        assert!(b.set(e4, "w".parse().unwrap()));
        // A step e4-e5: lift, then drop on the Black top stone.
        b.lift(index(e4));
        assert!(b.drop_stone(index(e5), Side::White));
        assert_eq!(b.tower(e4), Tower::EMPTY);
        assert_eq!(b.tower(e5).to_string(), "ww");
        assert_eq!((b.material(Side::White), b.material(Side::Black)), (2, 0));
        b.lift(index(e5));
        assert!(!b.drop_stone(index(e5), Side::White));
        b.lift(index(e5));
        assert_eq!(b.tower(e5).to_string(), "w");
        assert_eq!(b.top(e5), Some(Side::White));
    }
}
