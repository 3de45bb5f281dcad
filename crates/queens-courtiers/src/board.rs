//! The board (§2): 15×15 cells without the centre square `h8`, split into the Court (the
//! central 9×9) and the Course (the three-wide outer ring); where the pieces stand
//! ([`Board`]); and each piece's reach (§3): the squares it could move to if they were empty.
//! One reach serves moving, capturing and threatening alike.
//!
//! * **King**: the up to 8 adjacent squares.
//! * **Queen**: the up to 4 diagonally adjacent squares, and the square exactly three steps
//!   away in each of the 8 directions when neither crossed square blocks the line (a piece,
//!   unless Queens leap; `h8`, unless the centre may be passed over).
//! * **Courtier**: the up to 8 knight leaps, over anything.
//!
//! ```
//! use board_kernel::Square;
//! use queens_courtiers::board::{COURT, exists, CENTRE};
//! let d4: Square = "d4".parse().unwrap();
//! assert!(COURT.contains(d4) && exists(d4));
//! assert!(!exists(CENTRE));
//! ```

use board_kernel::{KNIGHT_LEAPS, Shape, Side, Square, SquareSet, Zone, zobrist};

use crate::pieces::{Piece, Royal};

/// Files and ranks of the board.
pub const SIZE: u8 = 15;

/// `h8`: it does not exist, no piece may stand on it, and by default it breaks Queen lines.
pub const CENTRE: Square = Square::at(7, 7);

/// The 224 usable cells (kernel coordinates: file 0 = `a`, rank 0 = `1`).
pub const BOARD: Shape = Shape::rectangle(SIZE, SIZE).without(CENTRE);

/// Whether `sq` is a usable cell: inside 15×15 and not the centre.
#[inline]
#[must_use]
pub const fn exists(sq: Square) -> bool {
    sq.file() < SIZE && sq.rank() < SIZE && !(sq.file() == 7 && sq.rank() == 7)
}

/// Whether `sq` lies in the Court (files `d`–`l`, ranks 4–12), where every Courtier can be
/// captured and from where no double move starts.
#[inline]
#[must_use]
pub const fn in_court(sq: Square) -> bool {
    sq.file() >= 3 && sq.file() <= 11 && sq.rank() >= 3 && sq.rank() <= 11 && exists(sq)
}

/// Whether `sq` lies in the Course: every usable cell outside the Court.
#[inline]
#[must_use]
pub const fn in_course(sq: Square) -> bool {
    exists(sq) && !in_court(sq)
}

const fn cells_where(court: bool) -> SquareSet {
    let mut set = SquareSet::EMPTY;
    let mut i = 0;
    while i < 256 {
        let sq = Square::at((i % 16) as u8, (i / 16) as u8);
        if exists(sq) && in_court(sq) == court {
            set = set.with(sq);
        }
        i += 1;
    }
    set
}

/// The Court: the central 9×9 minus `h8` (80 cells).
pub const COURT: Zone = Zone {
    name: "Court",
    cells: cells_where(true),
};

/// The Course: the outer ring three cells wide (144 cells).
pub const COURSE: Zone = Zone {
    name: "Course",
    cells: cells_where(false),
};

/// Where the pieces stand.
///
/// Kept as the four Royal squares and one set of Courtier squares per side, so a board is a
/// few machine words, cheap to copy while testing candidate turns. A united King and Queen
/// (only after a winning move) is a King and a Queen of one side on the same square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    /// Squares of Red King, Red Queen, Blue King, Blue Queen (see [`Royal::index`]).
    royals: [Square; 4],
    /// The Courtiers of each side, by [`Side::index`].
    courtiers: [SquareSet; 2],
    /// Every occupied square.
    occupied: SquareSet,
    /// The Zobrist key of the placement, kept up to date by every move.
    key: u64,
}

/// Zobrist keys: `ROYAL_KEYS[royal][square]` (Red King, Red Queen, Blue King, Blue Queen) and
/// `COURTIER_KEYS[side][square]`, by the kernel's square index.
static ROYAL_KEYS: [[u64; 256]; 4] = zobrist::table2(0x0071_7565_656e_7321);
static COURTIER_KEYS: [[u64; 256]; 2] = zobrist::table2(0x636f_7572_7469_6572);

impl Board {
    /// A board with the given Royals and Courtiers; `None` if two pieces share a square
    /// (other than a King and Queen of one side), a piece is off the board or on `h8`.
    #[must_use]
    pub fn new(royals: [Square; 4], courtiers: [SquareSet; 2]) -> Option<Board> {
        let mut occupied = SquareSet::EMPTY;
        for side in 0..2 {
            let (k, q) = (royals[2 * side], royals[2 * side + 1]);
            for sq in if k == q { vec![k] } else { vec![k, q] } {
                if !exists(sq) || !occupied.insert(sq) {
                    return None;
                }
            }
        }
        for set in courtiers {
            for sq in set {
                if !exists(sq) || !occupied.insert(sq) {
                    return None;
                }
            }
        }
        if royals[0] == royals[1] && royals[2] == royals[3] {
            return None;
        }
        let mut board = Board {
            royals,
            courtiers,
            occupied,
            key: 0,
        };
        board.key = board.key_from_scratch();
        Some(board)
    }

    /// The square of a Royal.
    #[inline]
    #[must_use]
    pub fn royal(&self, royal: Royal) -> Square {
        self.royals[royal.index()]
    }

    #[inline]
    pub(crate) fn royal_at(&self, index: usize) -> Square {
        self.royals[index]
    }

    /// The squares of `side`'s Courtiers.
    #[inline]
    #[must_use]
    pub fn courtiers(&self, side: Side) -> SquareSet {
        self.courtiers[side.index()]
    }

    /// How many pieces stand on the board (a united King and Queen count as one).
    #[must_use]
    pub fn piece_count(&self) -> usize {
        self.occupied.len()
    }

    /// Every occupied square.
    #[must_use]
    pub fn occupied(&self) -> SquareSet {
        self.occupied
    }

    #[inline]
    pub(crate) fn courtier_bits(&self, side: Side) -> SquareSet {
        self.courtiers[side.index()]
    }

    #[inline]
    pub(crate) fn occupied_bits(&self) -> SquareSet {
        self.occupied
    }

    /// How many Courtiers `side` has.
    #[inline]
    #[must_use]
    pub fn courtier_count(&self, side: Side) -> usize {
        self.courtiers[side.index()].len()
    }

    /// Whether `side`'s King and Queen stand united (the side has won).
    #[inline]
    #[must_use]
    pub fn united(&self, side: Side) -> bool {
        self.royals[2 * side.index()] == self.royals[2 * side.index() + 1]
    }

    /// What stands on `sq`.
    #[inline]
    #[must_use]
    pub fn piece_at(&self, sq: Square) -> Option<(Side, Piece)> {
        if !self.occupied.contains(sq) {
            return None;
        }
        for side in Side::ALL {
            if self.courtiers[side.index()].contains(sq) {
                return Some((side, Piece::Courtier));
            }
            let (k, q) = (
                self.royals[2 * side.index()],
                self.royals[2 * side.index() + 1],
            );
            match (k == sq, q == sq) {
                (true, true) => return Some((side, Piece::United)),
                (true, false) => return Some((side, Piece::King)),
                (false, true) => return Some((side, Piece::Queen)),
                (false, false) => {}
            }
        }
        None
    }

    /// Moves `side`'s piece `piece` from `from` to `to`, removing an enemy Courtier there.
    /// A Royal moving onto its partner unites with it.
    #[inline]
    pub(crate) fn move_piece(&mut self, side: Side, piece: Piece, from: Square, to: Square) {
        let enemy = side.opponent().index();
        if self.courtiers[enemy].remove(to) {
            self.key ^= COURTIER_KEYS[enemy][to.index()];
        }
        match piece {
            Piece::King | Piece::Queen => {
                let royal = Royal::of(side, piece == Piece::Queen).index();
                self.move_royal(royal, to);
            }
            Piece::Courtier => {
                let own = &mut self.courtiers[side.index()];
                own.remove(from);
                own.insert(to);
                let keys = &COURTIER_KEYS[side.index()];
                self.key ^= keys[from.index()] ^ keys[to.index()];
            }
            Piece::United => {
                self.move_royal(2 * side.index(), to);
                self.move_royal(2 * side.index() + 1, to);
            }
        }
        self.occupied.remove(from);
        self.occupied.insert(to);
    }

    #[inline]
    fn move_royal(&mut self, royal: usize, to: Square) {
        let keys = &ROYAL_KEYS[royal];
        self.key ^= keys[self.royals[royal].index()] ^ keys[to.index()];
        self.royals[royal] = to;
    }

    /// The Zobrist key of the placement (the repetition rule adds the side to move).
    #[inline]
    #[must_use]
    pub const fn key(&self) -> u64 {
        self.key
    }

    /// The key computed from scratch (tests compare it with the incremental one).
    #[must_use]
    pub fn key_from_scratch(&self) -> u64 {
        let mut key = 0;
        for (royal, sq) in self.royals.iter().enumerate() {
            key ^= ROYAL_KEYS[royal][sq.index()];
        }
        for (set, keys) in self.courtiers.iter().zip(&COURTIER_KEYS) {
            for sq in *set {
                key ^= keys[sq.index()];
            }
        }
        key
    }
}

/// Up to 12 squares (the largest reach, a Queen's), without touching the heap.
#[derive(Clone, Copy, Debug)]
pub(crate) struct SquareList {
    len: u8,
    squares: [Square; 12],
}

impl SquareList {
    const fn new() -> SquareList {
        SquareList {
            len: 0,
            squares: [Square::at(0, 0); 12],
        }
    }

    #[inline]
    const fn push(&mut self, sq: Square) {
        self.squares[self.len as usize] = sq;
        self.len += 1;
    }

    #[inline]
    pub(crate) fn as_slice(&self) -> &[Square] {
        &self.squares[..self.len as usize]
    }
}

const KING_STEPS: [(i8, i8); 8] = [
    (-1, -1),
    (0, -1),
    (1, -1),
    (-1, 0),
    (1, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
];
const DIAGONAL_STEPS: [(i8, i8); 4] = [(-1, -1), (1, -1), (-1, 1), (1, 1)];

const fn step_table(deltas: &[(i8, i8)]) -> [SquareList; 256] {
    let mut table = [SquareList::new(); 256];
    let mut i = 0;
    while i < 256 {
        let from = Square::at((i % 16) as u8, (i / 16) as u8);
        if exists(from) {
            let mut d = 0;
            while d < deltas.len() {
                if let Some(to) = from.offset(deltas[d].0, deltas[d].1)
                    && exists(to)
                {
                    table[i].push(to);
                }
                d += 1;
            }
        }
        i += 1;
    }
    table
}

/// A Queen's three-step line: the target and the two squares crossed on the way.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Line {
    pub(crate) target: Square,
    pub(crate) crossed: [Square; 2],
}

#[derive(Clone, Copy, Debug)]
pub(crate) struct Lines {
    len: u8,
    lines: [Line; 8],
}

impl Lines {
    #[inline]
    pub(crate) fn as_slice(&self) -> &[Line] {
        &self.lines[..self.len as usize]
    }
}

const fn line_table() -> [Lines; 256] {
    let zero = Square::at(0, 0);
    let mut table = [Lines {
        len: 0,
        lines: [Line {
            target: zero,
            crossed: [zero; 2],
        }; 8],
    }; 256];
    let mut i = 0;
    while i < 256 {
        let from = Square::at((i % 16) as u8, (i / 16) as u8);
        if exists(from) {
            let mut d = 0;
            while d < 8 {
                let (df, dr) = KING_STEPS[d];
                if let (Some(target), Some(c1), Some(c2)) = (
                    from.offset(3 * df, 3 * dr),
                    from.offset(df, dr),
                    from.offset(2 * df, 2 * dr),
                ) && exists(target)
                {
                    let n = table[i].len as usize;
                    table[i].lines[n] = Line {
                        target,
                        crossed: [c1, c2],
                    };
                    table[i].len += 1;
                }
                d += 1;
            }
        }
        i += 1;
    }
    table
}

const fn knight_sets(table: &[SquareList; 256]) -> [SquareSet; 256] {
    let mut sets = [SquareSet::EMPTY; 256];
    let mut i = 0;
    while i < 256 {
        let mut j = 0;
        while j < table[i].len as usize {
            sets[i] = sets[i].with(table[i].squares[j]);
            j += 1;
        }
        i += 1;
    }
    sets
}

pub(crate) static KING_REACH: [SquareList; 256] = step_table(&KING_STEPS);
pub(crate) static QUEEN_DIAGONALS: [SquareList; 256] = step_table(&DIAGONAL_STEPS);
pub(crate) static QUEEN_LINES: [Lines; 256] = line_table();
pub(crate) static KNIGHT_REACH: [SquareList; 256] = step_table(&KNIGHT_LEAPS);
/// The knight leaps of each square as a set: a Royal on `s` is threatened by a Courtier
/// exactly when an enemy Courtier stands in `KNIGHT_SETS[s]` (leaps are symmetric).
pub(crate) static KNIGHT_SETS: [SquareSet; 256] = knight_sets(&step_table(&KNIGHT_LEAPS));

/// How Queen lines are blocked, from the options.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct LineRule {
    /// `centre_square = Absent`: a line crossing `h8` is broken.
    pub(crate) centre_blocks: bool,
    /// `queen_three_step = NeedsEmptyPath`: a piece on a crossed square blocks the line.
    pub(crate) pieces_block: bool,
}

impl LineRule {
    #[inline]
    pub(crate) fn blocked(self, crossed: [Square; 2], occupied: SquareSet) -> bool {
        (self.centre_blocks && (crossed[0] == CENTRE || crossed[1] == CENTRE))
            || (self.pieces_block
                && (occupied.contains(crossed[0]) || occupied.contains(crossed[1])))
    }

    /// The reach of `piece` from `from` over `occupied`.
    #[inline]
    pub(crate) fn reach(self, piece: Piece, from: Square, occupied: SquareSet) -> SquareList {
        match piece {
            Piece::King => KING_REACH[from.index()],
            Piece::Courtier => KNIGHT_REACH[from.index()],
            Piece::Queen | Piece::United => {
                let mut list = QUEEN_DIAGONALS[from.index()];
                for line in QUEEN_LINES[from.index()].as_slice() {
                    if !self.blocked(line.crossed, occupied) {
                        list.push(line.target);
                    }
                }
                if piece == Piece::United {
                    // Only in a won game, where nothing moves; kept total for safety.
                    for &sq in KING_REACH[from.index()].as_slice() {
                        if !list.as_slice().contains(&sq) && (list.len as usize) < 12 {
                            list.push(sq);
                        }
                    }
                }
                list
            }
        }
    }

    /// Whether a Queen on `from` reaches `to` (a direct test, without listing the reach).
    #[inline]
    pub(crate) fn queen_reaches(self, from: Square, to: Square, occupied: SquareSet) -> bool {
        let df = to.file() as i8 - from.file() as i8;
        let dr = to.rank() as i8 - from.rank() as i8;
        let (af, ar) = (df.abs(), dr.abs());
        if af == 1 && ar == 1 {
            return true;
        }
        if !((af == 3 || af == 0) && (ar == 3 || ar == 0) && (af | ar) != 0) {
            return false;
        }
        let (sf, sr) = (df.signum(), dr.signum());
        match (from.offset(sf, sr), from.offset(2 * sf, 2 * sr)) {
            (Some(c1), Some(c2)) => !self.blocked([c1, c2], occupied),
            _ => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zones_have_the_spec_sizes() {
        assert_eq!(BOARD.len(), 224);
        assert_eq!(COURT.cells.len(), 80);
        assert_eq!(COURSE.cells.len(), 144);
        assert!(!COURT.contains(CENTRE) && !COURSE.contains(CENTRE));
        for text in ["d4", "l12", "d12", "l4", "h12"] {
            assert!(in_court(text.parse().unwrap()), "{text}");
        }
        for text in ["c4", "m12", "d3", "l13", "a1", "o15", "h1"] {
            assert!(in_course(text.parse().unwrap()), "{text}");
        }
        assert!(!exists("p1".parse().unwrap()) && !exists("a16".parse().unwrap()));
    }

    fn sq(text: &str) -> Square {
        text.parse().unwrap()
    }

    fn names(list: &SquareList) -> Vec<String> {
        let mut v: Vec<String> = list.as_slice().iter().map(|s| s.to_string()).collect();
        v.sort();
        v
    }

    const DEFAULT: LineRule = LineRule {
        centre_blocks: true,
        pieces_block: true,
    };

    #[test]
    fn reaches_in_a_corner_and_around_the_centre() {
        assert_eq!(names(&KING_REACH[sq("a1").index()]), ["a2", "b1", "b2"]);
        assert_eq!(KING_REACH[sq("g7").index()].as_slice().len(), 7);
        assert_eq!(names(&KNIGHT_REACH[sq("a1").index()]), ["b3", "c2"]);
        // A Courtier never lands on h8, but leaps over it freely.
        assert_eq!(KNIGHT_REACH[sq("g6").index()].as_slice().len(), 7);
        assert!(!KNIGHT_SETS[sq("g6").index()].contains(sq("h8")));
        let q = DEFAULT.reach(Piece::Queen, sq("g8"), SquareSet::EMPTY);
        assert_eq!(
            names(&q),
            [
                "d11", "d5", "d8", "f7", "f9", "g11", "g5", "h7", "h9", "j11", "j5"
            ]
        );
        let pass_over = LineRule {
            centre_blocks: false,
            pieces_block: true,
        };
        assert!(pass_over.queen_reaches(sq("g8"), sq("j8"), SquareSet::EMPTY));
        assert!(!DEFAULT.queen_reaches(sq("g8"), sq("j8"), SquareSet::EMPTY));
        assert!(!DEFAULT.queen_reaches(sq("g8"), sq("g7"), SquareSet::EMPTY));
        assert!(!DEFAULT.queen_reaches(sq("g8"), sq("g6"), SquareSet::EMPTY));
    }

    #[test]
    fn direct_queen_test_agrees_with_the_reach_everywhere() {
        let occupied = ["c3", "e5", "f9", "j7", "g8", "l11"]
            .iter()
            .fold(SquareSet::EMPTY, |b, t| b.with(sq(t)));
        for rule in [
            DEFAULT,
            LineRule {
                centre_blocks: false,
                pieces_block: false,
            },
        ] {
            for from in crate::board::BOARD.cells() {
                let reach = rule.reach(Piece::Queen, from, occupied);
                for to in crate::board::BOARD.cells() {
                    assert_eq!(
                        reach.as_slice().contains(&to),
                        rule.queen_reaches(from, to, occupied),
                        "{from} {to}"
                    );
                }
            }
        }
    }
}
