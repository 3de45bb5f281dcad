//! The board and the setup (§2): square colours, home rows, the first-round position, and
//! the geometry of the forward lines a tower moves along (§3.1).

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

/// The cell `k` steps from `c` by (`df`, `dr`), if on the board.
#[inline]
pub(crate) fn offset(c: u8, df: i8, dr: i8, k: i8) -> Option<u8> {
    let f = (c & 7) as i8 + df * k;
    let r = (c >> 3) as i8 + dr * k;
    ((0..8).contains(&f) && (0..8).contains(&r)).then_some((r * 8 + f) as u8)
}

/// The forward lines as bitboards, `LINES[forward][direction][cell]`: every square from
/// `cell` to the edge, `forward` 0 towards rank 8 (White) and 1 towards rank 1 (Black),
/// `direction` 0, 1, 2 for the left diagonal, straight ahead and the right diagonal. A tower's
/// reach is then a mask against the occupancy: no loop over squares (§3.1).
static LINES: [[[u64; 64]; 3]; 2] = lines();

const fn lines() -> [[[u64; 64]; 3]; 2] {
    let mut lines = [[[0; 64]; 3]; 2];
    let mut forward = 0;
    while forward < 2 {
        let dr: i8 = if forward == 0 { 1 } else { -1 };
        let mut direction = 0;
        while direction < 3 {
            let df = direction as i8 - 1;
            let mut c = 0;
            while c < 64 {
                let (mut f, mut r) = ((c % 8) as i8 + df, (c / 8) as i8 + dr);
                while f >= 0 && f < 8 && r >= 0 && r < 8 {
                    lines[forward][direction][c] |= 1 << (r * 8 + f);
                    f += df;
                    r += dr;
                }
                c += 1;
            }
            direction += 1;
        }
        forward += 1;
    }
    lines
}

/// How many squares each line of [`LINES`] has.
static LINE_LENGTHS: [[[u8; 64]; 3]; 2] = line_lengths();

const fn line_lengths() -> [[[u8; 64]; 3]; 2] {
    let mut lengths = [[[0; 64]; 3]; 2];
    let mut i = 0;
    while i < 2 * 3 * 64 {
        let (forward, direction, c) = (i / 192, i / 64 % 3, i % 64);
        lengths[forward][direction][c] = LINES[forward][direction][c].count_ones() as u8;
        i += 1;
    }
    lengths
}

/// How many empty squares a tower on `c` can cover in direction (`df`, `dr`), at most `max`.
#[inline]
pub(crate) fn ray_len(occ: u64, c: u8, df: i8, dr: i8, max: u8) -> u8 {
    open_len(occ, c, usize::from(dr < 0), (df + 1) as usize).min(max)
}

/// How many empty squares line `LINES[forward][direction][c]` has before its nearest occupied
/// square. Every forward line advances one rank a square, so that is the rank distance to
/// the nearest blocker, less one; with no blocker the rank beyond the board's edge stands in
/// for it, and the line's own length bounds the count (a diagonal may meet a side edge
/// first). Free of data-dependent branches: perft runs this for every leaf.
#[inline(always)]
pub(crate) fn open_len(occ: u64, c: u8, forward: usize, direction: usize) -> u8 {
    let blockers = LINES[forward][direction][usize::from(c)] & occ;
    let rank = i32::from(c >> 3);
    let open = if forward == 0 {
        // Towards rank 8 the squares' indices grow: the nearest blocker is the lowest bit
        // (none: 64, rank 8, just past the edge).
        (blockers.trailing_zeros() as i32 >> 3) - rank - 1
    } else {
        // Towards rank 1 the highest (none: −1, just past the edge).
        rank - ((63 - blockers.leading_zeros() as i32) >> 3) - 1
    };
    (open as u8).min(LINE_LENGTHS[forward][direction][usize::from(c)])
}

/// The cell `k` squares from `c` along the forward line (`df`, `dr`): on the board when `k`
/// is at most that line's open length ([`ray_len`]).
#[inline]
pub(crate) fn destination(c: u8, df: i8, dr: i8, k: u8) -> u8 {
    c.wrapping_add_signed((8 * dr + df) * k as i8) & 63
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
