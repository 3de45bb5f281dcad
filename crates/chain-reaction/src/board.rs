//! The board (rule book section 2): 56 cells `a1`–`g8`, the scoring positions `a0`–`g0` and
//! `a9`–`g9` behind the two ends (with the goal cells `d0` and `d9`), the setup areas and the
//! re-placement tiers.
//!
//! The kernel's [`Square`] has ranks `1`–`16`, so it cannot name the scoring positions on
//! ranks 0 and 9; the crate therefore names every place a stone can be written to with its own
//! [`Spot`], and maps board cells to kernel squares with [`Spot::square`].

use std::fmt;
use std::str::FromStr;

use board_kernel::{Direction, Side, Square};

/// Files `a`–`g`.
pub const FILES: u8 = 7;
/// Ranks `1`–`8` of board cells (the scoring rows 0 and 9 lie outside).
pub const RANKS: u8 = 8;
/// The stones each side owns for the whole game.
pub const STONES_PER_SIDE: u32 = 11;

/// A named place of the notation: a board cell (`a1`–`g8`) or a scoring position behind an end
/// (`a0`–`g0`, `a9`–`g9`; `d0` and `d9` are the goal cells).
///
/// Scoring positions are only ever written as the landing point of a scoring stone; no stone
/// rests there.
///
/// ```
/// use sackson_chain_reaction::Spot;
/// let d9: Spot = "d9".parse()?;
/// assert!(!d9.is_board() && d9.is_goal());
/// let c1: Spot = "c1".parse()?;
/// assert_eq!(c1.square().map(|s| s.to_string()), Some("c1".to_owned()));
/// assert!("h1".parse::<Spot>().is_err());
/// # Ok::<(), String>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Spot(u8);

impl Spot {
    /// The first spot (`a0`), a filler for unused slots.
    pub(crate) const MIN: Spot = Spot(0);
    /// The last spot (`g9`).
    #[cfg(test)]
    pub(crate) const MAX: Spot = Spot(FILES * (RANKS + 2) - 1);

    /// The spot at 0-based `file` (`a` = 0) and text `rank` (`0`–`9`), if it exists.
    #[inline]
    #[must_use]
    pub const fn new(file: u8, rank: u8) -> Option<Spot> {
        if file < FILES && rank <= RANKS + 1 {
            Some(Spot(rank * FILES + file))
        } else {
            None
        }
    }

    /// A dense index in `0..70` (rank-major, rank 0 first).
    #[inline]
    #[must_use]
    pub const fn index(self) -> u8 {
        self.0
    }

    /// The 0-based file (`a` = 0).
    #[inline]
    #[must_use]
    pub const fn file(self) -> u8 {
        self.0 % FILES
    }

    /// The rank as written: `1`–`8` on the board, `0` and `9` for the scoring rows.
    #[inline]
    #[must_use]
    pub const fn rank(self) -> u8 {
        self.0 / FILES
    }

    /// Whether this is one of the 56 board cells.
    #[inline]
    #[must_use]
    pub const fn is_board(self) -> bool {
        self.0 >= FILES && self.0 < FILES * (RANKS + 1)
    }

    /// The side that scores here (White behind rank 8, Black behind rank 1), for scoring
    /// positions.
    #[inline]
    #[must_use]
    pub const fn scorer(self) -> Option<Side> {
        match self.rank() {
            0 => Some(Side::Black),
            9 => Some(Side::White),
            _ => None,
        }
    }

    /// Whether this is one of the two marked goal cells `d0`/`d9`, worth 2 points.
    #[inline]
    #[must_use]
    pub const fn is_goal(self) -> bool {
        self.file() == 3 && !self.is_board()
    }

    /// The spot `df` files and `dr` ranks away, if it exists.
    #[must_use]
    pub const fn offset(self, df: i8, dr: i8) -> Option<Spot> {
        let f = self.file() as i8 + df;
        let r = self.rank() as i8 + dr;
        if f < 0 || r < 0 {
            None
        } else {
            Spot::new(f as u8, r as u8)
        }
    }

    /// The spot `k` steps away in `dir`.
    #[must_use]
    pub const fn steps(self, dir: Direction, k: i8) -> Option<Spot> {
        let (df, dr) = dir.delta();
        self.offset(df * k, dr * k)
    }

    /// The kernel square of a board cell (`None` for scoring positions).
    #[must_use]
    pub fn square(self) -> Option<Square> {
        if self.is_board() {
            Square::new(self.file(), self.rank() - 1)
        } else {
            None
        }
    }

    /// The board cell of a kernel square, if the square lies on this 7×8 board.
    #[must_use]
    pub fn from_square(square: Square) -> Option<Spot> {
        if square.file() < FILES && square.rank() < RANKS {
            Spot::new(square.file(), square.rank() + 1)
        } else {
            None
        }
    }

    /// The bit of a board cell in a 56-bit cell mask (0 for scoring positions).
    #[inline]
    #[must_use]
    pub(crate) const fn bit(self) -> u64 {
        if self.is_board() {
            1u64 << (self.0 - FILES)
        } else {
            0
        }
    }

    /// The board cell of bit `index` (`0..56`) of a cell mask.
    #[inline]
    #[must_use]
    pub(crate) const fn from_bit(index: u32) -> Spot {
        Spot(index as u8 + FILES)
    }

    /// Reads a spot (file letter, rank digit) at the start of `text`; returns it and the rest.
    pub(crate) fn parse_prefix(text: &str) -> Result<(Spot, &str), String> {
        let bytes = text.as_bytes();
        let file = match bytes.first() {
            Some(c @ b'a'..=b'g') => c - b'a',
            Some(_) => {
                return Err(format!(
                    "`{}` is not a cell: a cell starts with a file letter a–g",
                    preview(text)
                ));
            }
            None => return Err("a cell is missing".to_owned()),
        };
        let rank = match bytes.get(1) {
            Some(c @ b'0'..=b'9') => c - b'0',
            _ => {
                return Err(format!(
                    "`{}` is not a cell: the file letter is followed by one rank digit 0–9",
                    preview(text)
                ));
            }
        };
        let spot = Spot::new(file, rank).ok_or_else(|| "bad cell".to_owned())?;
        Ok((spot, &text[2..]))
    }
}

fn preview(text: &str) -> &str {
    let end = text
        .char_indices()
        .nth(2)
        .map(|(i, _)| i)
        .unwrap_or(text.len());
    &text[..end]
}

impl fmt::Display for Spot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.rank())
    }
}

impl FromStr for Spot {
    type Err = String;
    fn from_str(text: &str) -> Result<Spot, String> {
        let (spot, rest) = Spot::parse_prefix(text)?;
        if rest.is_empty() {
            Ok(spot)
        } else {
            Err(format!("`{text}` is not a cell: unexpected `{rest}`"))
        }
    }
}

// Moves and cells appear in JSON and game records as their notation.
board_kernel::serde_via_text!(Spot);

/// The board cells of a 56-bit mask, rank 1 first, file `a` first.
#[inline]
pub(crate) fn cells(mut mask: u64) -> impl Iterator<Item = Spot> {
    mask &= ALL_CELLS;
    std::iter::from_fn(move || {
        if mask == 0 {
            None
        } else {
            let i = mask.trailing_zeros();
            mask &= mask - 1;
            Some(Spot::from_bit(i))
        }
    })
}

/// Every board cell.
pub(crate) const ALL_CELLS: u64 = (1u64 << 56) - 1;

/// The board cells of file `a`, one a rank.
const FILE_A: u64 = {
    let mut mask = 0;
    let mut rank = 0;
    while rank < RANKS {
        mask |= 1 << (rank * FILES);
        rank += 1;
    }
    mask
};

/// The board cells of a 56-bit mask file by file (file `a` first), each file from rank 1 up:
/// the order of the picture's points, in which steps are offered, so that a list of them needs
/// no sorting.
#[inline]
pub(crate) fn cells_by_file(mask: u64) -> impl Iterator<Item = Spot> {
    (0..FILES).flat_map(move |file| cells(mask & (FILE_A << file)))
}

const fn row(first_file: u8, last_file: u8, rank: u8) -> u64 {
    let mut mask = 0;
    let mut f = first_file;
    while f <= last_file {
        mask |= 1u64 << ((rank - 1) * FILES + f);
        f += 1;
    }
    mask
}

const fn ranks(first: u8, last: u8) -> u64 {
    let mut mask = 0;
    let mut r = first;
    while r <= last {
        mask |= row(0, FILES - 1, r);
        r += 1;
    }
    mask
}

/// White's re-placement tiers (4.6): setup rows 1, 2, 3, then the own half.
pub(crate) const WHITE_TIERS: [u64; 4] = [row(2, 4, 1), row(1, 5, 2), row(2, 4, 3), ranks(1, 4)];
/// Black's re-placement tiers.
pub(crate) const BLACK_TIERS: [u64; 4] = [row(2, 4, 8), row(1, 5, 7), row(2, 4, 6), ranks(5, 8)];

/// The four re-placement tiers of `side` (setup row 1, 2, 3, own half) as cell masks.
#[must_use]
pub(crate) const fn tiers(side: Side) -> &'static [u64; 4] {
    match side {
        Side::White => &WHITE_TIERS,
        Side::Black => &BLACK_TIERS,
    }
}

/// The 11 home squares of `side` (2.3).
#[must_use]
pub fn setup_area(side: Side) -> Vec<Spot> {
    let t = tiers(side);
    cells(t[0] | t[1] | t[2]).collect()
}

/// No spot (in [`RAYS`]).
const NO_SPOT: u8 = u8::MAX;

/// For every spot and direction (in [`Direction::ALL`] order), the spots one and two steps
/// away, `NO_SPOT` where none exists: the tower segment's `A` and `B` without arithmetic.
static RAYS: [[[u8; 2]; 8]; 70] = {
    let mut table = [[[NO_SPOT; 2]; 8]; 70];
    let mut i = 0;
    while i < 70 {
        let spot = Spot(i as u8);
        let mut d = 0;
        while d < 8 {
            let dir = Direction::ALL[d];
            if let Some(a) = spot.steps(dir, 1) {
                table[i][d][0] = a.0;
            }
            if let Some(b) = spot.steps(dir, 2) {
                table[i][d][1] = b.0;
            }
            d += 1;
        }
        i += 1;
    }
    table
};

/// The spots one and two steps from `spot` in direction number `dir` (of [`Direction::ALL`]).
#[inline]
pub(crate) fn ray(spot: Spot, dir: usize) -> (Option<Spot>, Option<Spot>) {
    let [a, b] = RAYS[usize::from(spot.0) % 70][dir % 8];
    let get = |x: u8| if x == NO_SPOT { None } else { Some(Spot(x)) };
    (get(a), get(b))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spots_round_trip_and_map_to_kernel_squares() {
        let mut board = 0;
        for rank in 0..=9 {
            for file in 0..FILES {
                let spot = Spot::new(file, rank).unwrap();
                assert_eq!(spot.to_string().parse::<Spot>().unwrap(), spot);
                if spot.is_board() {
                    board += 1;
                    let sq = spot.square().unwrap();
                    assert_eq!(sq.to_string(), spot.to_string());
                    assert_eq!(Spot::from_square(sq), Some(spot));
                    assert_eq!(Spot::from_bit(spot.bit().trailing_zeros()), spot);
                } else {
                    assert_eq!(spot.square(), None);
                    assert_eq!(spot.bit(), 0);
                }
            }
        }
        assert_eq!(board, 56);
        assert_eq!(Spot::new(7, 1), None);
        assert_eq!(Spot::new(0, 10), None);
        for bad in ["", "a", "h1", "a10", "A1", "a-"] {
            assert!(bad.parse::<Spot>().is_err(), "{bad}");
        }
    }

    #[test]
    fn setup_areas_are_the_eleven_home_squares() {
        let names = |side| {
            setup_area(side)
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(" ")
        };
        assert_eq!(names(Side::White), "c1 d1 e1 b2 c2 d2 e2 f2 c3 d3 e3");
        assert_eq!(names(Side::Black), "c6 d6 e6 b7 c7 d7 e7 f7 c8 d8 e8");
        assert_eq!(tiers(Side::White)[3].count_ones(), 28);
        assert_eq!(tiers(Side::Black)[3] & tiers(Side::White)[3], 0);
    }
}
