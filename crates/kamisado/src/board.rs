//! The board and the setup (§2): square colours, home rows and the first-round position.

use std::fmt;
use std::str::FromStr;

use board_kernel::{Side, Square};

/// One of the eight colours of the squares and of the towers.
///
/// The declaration order is the order of Black's home row (`a8`…`h8`), which is also the
/// order of the spec's colour list; [`Colour::index`] is a dense index for per-colour arrays.
///
/// ```
/// use kamisado::{Colour, board_colour};
/// let c4 = "c4".parse()?;
/// assert_eq!(board_colour(c4), Colour::Green);
/// assert_eq!(Colour::Green.code(), "Gr");
/// assert_eq!("gr".parse::<Colour>().ok(), Some(Colour::Green));
/// # Ok::<(), board_kernel::SquareParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Colour {
    /// `Or`.
    Orange,
    /// `Bl`.
    Blue,
    /// `Pu`.
    Purple,
    /// `Pi`.
    Pink,
    /// `Ye`.
    Yellow,
    /// `Re`.
    Red,
    /// `Gr`.
    Green,
    /// `Br`.
    Brown,
}

impl Colour {
    /// All eight, in index order.
    pub const ALL: [Colour; 8] = [
        Colour::Orange,
        Colour::Blue,
        Colour::Purple,
        Colour::Pink,
        Colour::Yellow,
        Colour::Red,
        Colour::Green,
        Colour::Brown,
    ];

    /// A dense index in `0..8`, for per-colour arrays.
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The colour of index `i` (`i < 8`).
    #[inline]
    #[must_use]
    pub const fn from_index(i: usize) -> Option<Colour> {
        if i < 8 { Some(Colour::ALL[i]) } else { None }
    }

    /// The two-letter code of the notation (`Or`, `Bl`, …), as the required colour is written.
    #[must_use]
    pub const fn code(self) -> &'static str {
        match self {
            Colour::Orange => "Or",
            Colour::Blue => "Bl",
            Colour::Purple => "Pu",
            Colour::Pink => "Pi",
            Colour::Yellow => "Ye",
            Colour::Red => "Re",
            Colour::Green => "Gr",
            Colour::Brown => "Br",
        }
    }

    /// The colour of a two-letter code, in any letter case.
    #[must_use]
    pub fn from_code(code: &str) -> Option<Colour> {
        Colour::ALL
            .into_iter()
            .find(|c| c.code().eq_ignore_ascii_case(code))
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// Why a text is not a colour code.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a colour code (Or, Bl, Pu, Pi, Ye, Re, Gr, Br)")]
pub struct ColourParseError(pub String);

impl FromStr for Colour {
    type Err = ColourParseError;
    fn from_str(text: &str) -> Result<Colour, ColourParseError> {
        Colour::from_code(text).ok_or_else(|| ColourParseError(text.to_owned()))
    }
}

use Colour::{
    Blue as BL, Brown as BR, Green as GR, Orange as OR, Pink as PI, Purple as PU, Red as RE,
    Yellow as YE,
};

/// The square colours, `COLOURS[rank][file]` with 0-based rank (rank 1 first).
const COLOURS: [[Colour; 8]; 8] = [
    [BR, GR, RE, YE, PI, PU, BL, OR], // 1
    [PU, BR, YE, BL, GR, PI, OR, RE], // 2
    [BL, YE, BR, PU, RE, OR, PI, GR], // 3
    [YE, RE, GR, BR, OR, BL, PU, PI], // 4
    [PI, PU, BL, OR, BR, GR, RE, YE], // 5
    [GR, PI, OR, RE, PU, BR, YE, BL], // 6
    [RE, OR, PI, GR, BL, YE, BR, PU], // 7
    [OR, BL, PU, PI, YE, RE, GR, BR], // 8
];

/// The board's side length.
pub const SIZE: u8 = 8;

/// Whether `sq` lies on the 8×8 board (the kernel's squares go up to 16×16).
#[inline]
#[must_use]
pub const fn on_board(sq: Square) -> bool {
    sq.file() < SIZE && sq.rank() < SIZE
}

/// The colour of a square of the board (§2.2); squares off the 8×8 board have none.
///
/// A later colour terminal diagram paints each square with this.
#[inline]
#[must_use]
pub fn square_colour(sq: Square) -> Option<Colour> {
    on_board(sq).then(|| COLOURS[sq.rank() as usize][sq.file() as usize])
}

/// The colour of a square of the 8×8 board (§2.2).
///
/// # Panics
/// When `sq` is off the 8×8 board; use [`square_colour`] for unchecked squares.
#[inline]
#[must_use]
pub fn board_colour(sq: Square) -> Colour {
    COLOURS[sq.rank() as usize][sq.file() as usize]
}

/// The colour of a dense cell index `rank * 8 + file` (internal fast path).
#[inline]
pub(crate) const fn cell_colour(cell: u8) -> Colour {
    COLOURS[(cell >> 3) as usize][(cell & 7) as usize]
}

/// The 0-based rank of a side's home row: rank 1 for White, rank 8 for Black.
#[inline]
#[must_use]
pub const fn home_rank(side: Side) -> u8 {
    match side {
        Side::White => 0,
        Side::Black => SIZE - 1,
    }
}

/// The dense cell index `rank * 8 + file` of an on-board square.
#[inline]
pub(crate) const fn cell(sq: Square) -> u8 {
    sq.rank() * 8 + sq.file()
}

/// The square of a dense cell index.
#[inline]
pub(crate) const fn square(cell: u8) -> Square {
    Square::at(cell & 7, cell >> 3)
}

/// The colour's name in words (`orange`).
#[must_use]
pub fn colour_name(c: Colour) -> &'static str {
    match c {
        Colour::Orange => "orange",
        Colour::Blue => "blue",
        Colour::Purple => "purple",
        Colour::Pink => "pink",
        Colour::Yellow => "yellow",
        Colour::Red => "red",
        Colour::Green => "green",
        Colour::Brown => "brown",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_rank_and_file_holds_each_colour_once() {
        for i in 0..8 {
            let mut rank = [false; 8];
            let mut file = [false; 8];
            for j in 0..8 {
                rank[COLOURS[i][j].index()] = true;
                file[COLOURS[j][i].index()] = true;
            }
            assert!(rank.iter().all(|&b| b) && file.iter().all(|&b| b));
        }
    }

    #[test]
    fn the_board_is_symmetric_under_a_half_turn() {
        for r in 0..8u8 {
            for f in 0..8u8 {
                assert_eq!(
                    board_colour(Square::at(f, r)),
                    board_colour(Square::at(7 - f, 7 - r))
                );
            }
        }
        let sq = |t: &str| t.parse::<Square>().unwrap();
        assert_eq!(board_colour(sq("a1")), Colour::Brown);
        assert_eq!(board_colour(sq("h8")), Colour::Brown);
        assert_eq!(board_colour(sq("c4")), Colour::Green);
        assert_eq!(board_colour(sq("f5")), Colour::Green);
        assert_eq!(board_colour(sq("h1")), Colour::Orange);
        assert_eq!(board_colour(sq("a8")), Colour::Orange);
        assert_eq!(square_colour(sq("i1")), None);
    }

    #[test]
    fn colour_codes_round_trip() {
        for c in Colour::ALL {
            assert_eq!(c.code().parse::<Colour>().unwrap(), c);
            assert_eq!(c.code().to_uppercase().parse::<Colour>().unwrap(), c);
            assert_eq!(Colour::from_index(c.index()), Some(c));
        }
        assert!("Xx".parse::<Colour>().is_err());
        assert_eq!(Colour::from_index(8), None);
    }
}
