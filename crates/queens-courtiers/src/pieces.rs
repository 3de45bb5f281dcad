//! The pieces, the two players, and each piece's reach: the squares it could move to if they
//! were empty. One reach serves moving, capturing and threatening alike.
//!
//! * **King**: the up to 8 adjacent squares.
//! * **Queen**: the up to 4 diagonally adjacent squares, and the square exactly three steps
//!   away in each of the 8 directions when neither crossed square blocks the line (a piece,
//!   unless Queens leap; `h8`, unless the centre may be passed over).
//! * **Courtier**: the up to 8 knight leaps, over anything.
//!
//! ```
//! use board_kernel::Side;
//! use queens_courtiers::pieces::Player;
//! assert_eq!(Player::from(Side::White), Player::Red);
//! assert_eq!("blue".parse::<Player>().unwrap().side(), Side::Black);
//! ```

use board_kernel::{KNIGHT_LEAPS, Side, Square, SquareSet};

use serde::{Deserialize, Serialize};
use strum::{Display, EnumIter, EnumString};

use crate::board::{CENTRE, exists};

/// The two players. The kernel's [`Side::White`] is Red and [`Side::Black`] is Blue; who
/// moves first is the `first_player` option, not this mapping.
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    Hash,
    Serialize,
    Deserialize,
    Display,
    EnumString,
    EnumIter,
    Default,
)]
#[strum(ascii_case_insensitive)]
pub enum Player {
    /// Upper-case letters; the kernel's White.
    #[default]
    Red,
    /// Lower-case letters; the kernel's Black.
    Blue,
}

impl Player {
    /// The kernel side this player is.
    #[must_use]
    pub const fn side(self) -> Side {
        match self {
            Player::Red => Side::White,
            Player::Blue => Side::Black,
        }
    }
}

impl From<Side> for Player {
    fn from(side: Side) -> Player {
        match side {
            Side::White => Player::Red,
            Side::Black => Player::Blue,
        }
    }
}

/// The rule book's name of a side: `Red` or `Blue`.
#[must_use]
pub const fn side_name(side: Side) -> &'static str {
    match side {
        Side::White => "Red",
        Side::Black => "Blue",
    }
}

/// What can stand on a square.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, Display,
)]
pub enum Piece {
    /// A Royal that steps one square in any direction.
    King,
    /// A Royal that steps one square diagonally or jumps exactly three in a line.
    Queen,
    /// The knight-leaping piece that alone can be captured.
    Courtier,
    /// A King and Queen of one side on one square: the winning position, nothing more.
    United,
}

impl Piece {
    /// Whether the piece is a King or a Queen (can never be captured, can be paralysed).
    #[must_use]
    pub const fn is_royal(self) -> bool {
        !matches!(self, Piece::Courtier)
    }

    /// The position-text letter, upper case for Red.
    #[must_use]
    pub const fn letter(self, side: Side) -> char {
        let c = match self {
            Piece::King => 'K',
            Piece::Queen => 'Q',
            Piece::Courtier => 'C',
            Piece::United => 'M',
        };
        match side {
            Side::White => c,
            Side::Black => c.to_ascii_lowercase(),
        }
    }

    /// The piece and side of a position-text letter.
    #[must_use]
    pub const fn from_letter(c: char) -> Option<(Side, Piece)> {
        let side = if c.is_ascii_uppercase() {
            Side::White
        } else {
            Side::Black
        };
        let piece = match c.to_ascii_uppercase() {
            'K' => Piece::King,
            'Q' => Piece::Queen,
            'C' => Piece::Courtier,
            'M' => Piece::United,
            _ => return None,
        };
        Some((side, piece))
    }
}

/// One of the four Royals on the board: a side's King or Queen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Royal {
    /// Whose it is.
    pub side: Side,
    /// King or Queen (never Courtier or United).
    pub piece: Piece,
}

impl Royal {
    /// The four Royals in their fixed order: Red King, Red Queen, Blue King, Blue Queen.
    pub const ALL: [Royal; 4] = [
        Royal::of(Side::White, false),
        Royal::of(Side::White, true),
        Royal::of(Side::Black, false),
        Royal::of(Side::Black, true),
    ];

    /// `side`'s King, or its Queen when `queen`.
    #[must_use]
    pub const fn of(side: Side, queen: bool) -> Royal {
        Royal {
            side,
            piece: if queen { Piece::Queen } else { Piece::King },
        }
    }

    /// The index in [`Royal::ALL`], also used as a bit in [`RoyalSet`].
    #[must_use]
    pub const fn index(self) -> usize {
        self.side.index() * 2 + matches!(self.piece, Piece::Queen) as usize
    }
}

impl std::fmt::Display for Royal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} {}", side_name(self.side), self.piece)
    }
}

/// A set of Royals (for example the checked ones), one bit per [`Royal::index`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct RoyalSet(pub(crate) u8);

impl RoyalSet {
    /// No Royal.
    pub const EMPTY: RoyalSet = RoyalSet(0);

    /// Whether `royal` is in the set.
    #[must_use]
    pub const fn contains(self, royal: Royal) -> bool {
        self.0 & (1 << royal.index()) != 0
    }

    /// The Royals in the set, in [`Royal::ALL`] order.
    pub fn iter(self) -> impl Iterator<Item = Royal> {
        Royal::ALL.into_iter().filter(move |r| self.contains(*r))
    }

    /// How many Royals are in the set.
    #[must_use]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether no Royal is in the set.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }
}

impl FromIterator<Royal> for RoyalSet {
    fn from_iter<I: IntoIterator<Item = Royal>>(iter: I) -> RoyalSet {
        RoyalSet(iter.into_iter().fold(0, |m, r| m | 1 << r.index()))
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
