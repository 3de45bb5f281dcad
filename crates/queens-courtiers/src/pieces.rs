//! The pieces (§3) and the two players' colours, Red and Blue; how far each piece reaches is the board's geometry
//! ([`crate::board`]).
//!
//! ```
//! use board_kernel::Side;
//! use queens_courtiers::pieces::Colour;
//! assert_eq!(Colour::from(Side::White), Colour::Red);
//! assert_eq!("blue".parse::<Colour>().unwrap().side(), Side::Black);
//! ```

use board_kernel::Side;

use serde::{Deserialize, Serialize};
use strum::{Display, EnumIter, EnumString};

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
pub enum Colour {
    /// Upper-case letters; the kernel's White.
    #[default]
    Red,
    /// Lower-case letters; the kernel's Black.
    Blue,
}

impl Colour {
    /// The kernel side this player is.
    #[must_use]
    pub const fn side(self) -> Side {
        match self {
            Colour::Red => Side::White,
            Colour::Blue => Side::Black,
        }
    }
}

impl From<Side> for Colour {
    fn from(side: Side) -> Colour {
        match side {
            Side::White => Colour::Red,
            Side::Black => Colour::Blue,
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
