//! Squares (cells) named in algebraic notation: file letter, then rank number.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::Direction;

/// The largest board side the kernel supports: files `a`..`p`, ranks `1`..`16`.
pub const MAX_SIDE: u8 = 16;

/// A cell of a rectangular board of at most 16×16, by file and rank.
///
/// Files and ranks are stored 0-based (`a1` is file 0, rank 0); the text form is the usual
/// algebraic one, `a1` … `p16`, with the rank written 1-based. Whether a square exists on a
/// particular board is the board [`Shape`](crate::Shape)'s business: a `Square` is only a
/// coordinate pair.
///
/// ```
/// use board_kernel::Square;
/// let sq: Square = "o15".parse()?;
/// assert_eq!((sq.file(), sq.rank()), (14, 14));
/// assert_eq!(sq.to_string(), "o15");
/// assert!("q1".parse::<Square>().is_err());
/// # Ok::<(), board_kernel::SquareParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square {
    // Rank first so that the derived order is rank-major (a1 < b1 < … < a2).
    rank: u8,
    file: u8,
}

/// Why a text is not a square.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("`{input}` is not a square: {reason}")]
pub struct SquareParseError {
    /// The text that was given.
    pub input: String,
    /// What is wrong with it.
    pub reason: &'static str,
}

impl Square {
    /// The square at 0-based `file` and `rank`, or `None` when either is 16 or more.
    #[inline]
    #[must_use]
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        if file < MAX_SIDE && rank < MAX_SIDE {
            Some(Square { rank, file })
        } else {
            None
        }
    }

    /// Like [`Square::new`] for coordinates known to be in range (constants, tables).
    ///
    /// # Panics
    /// When `file` or `rank` is 16 or more.
    #[inline]
    #[must_use]
    pub const fn at(file: u8, rank: u8) -> Square {
        assert!(file < MAX_SIDE && rank < MAX_SIDE, "square out of range");
        Square { rank, file }
    }

    /// The 0-based file (`a` = 0).
    #[inline]
    #[must_use]
    pub const fn file(self) -> u8 {
        self.file
    }

    /// The 0-based rank (rank `1` = 0).
    #[inline]
    #[must_use]
    pub const fn rank(self) -> u8 {
        self.rank
    }

    /// A dense index `rank * 16 + file` in `0..256`, used by [`SquareSet`](crate::SquareSet).
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        self.rank as usize * MAX_SIDE as usize + self.file as usize
    }

    /// The inverse of [`Square::index`]; `None` for 256 and above.
    #[inline]
    #[must_use]
    pub const fn from_index(index: usize) -> Option<Square> {
        if index < 256 {
            Some(Square {
                rank: (index / 16) as u8,
                file: (index % 16) as u8,
            })
        } else {
            None
        }
    }

    /// The square `df` files and `dr` ranks away, if still within 16×16.
    #[inline]
    #[must_use]
    pub const fn offset(self, df: i8, dr: i8) -> Option<Square> {
        let f = self.file as i16 + df as i16;
        let r = self.rank as i16 + dr as i16;
        if f >= 0 && r >= 0 && f < MAX_SIDE as i16 && r < MAX_SIDE as i16 {
            Some(Square {
                rank: r as u8,
                file: f as u8,
            })
        } else {
            None
        }
    }

    /// The neighbour one step in `dir`, if still within 16×16.
    #[inline]
    #[must_use]
    pub const fn step(self, dir: Direction) -> Option<Square> {
        let (df, dr) = dir.delta();
        self.offset(df, dr)
    }

    /// The square `k` steps in `dir`.
    #[inline]
    #[must_use]
    pub const fn steps(self, dir: Direction, k: i8) -> Option<Square> {
        let (df, dr) = dir.delta();
        self.offset(df * k, dr * k)
    }

    /// The king-move (Chebyshev) distance to `other`.
    #[inline]
    #[must_use]
    pub const fn distance(self, other: Square) -> u8 {
        let df = self.file.abs_diff(other.file);
        let dr = self.rank.abs_diff(other.rank);
        if df > dr { df } else { dr }
    }

    /// The direction and number of steps from `self` to `other` when they lie on one
    /// orthogonal or diagonal line (and differ).
    #[must_use]
    #[inline]
    pub fn line_to(self, other: Square) -> Option<(Direction, u8)> {
        let df = other.file as i16 - self.file as i16;
        let dr = other.rank as i16 - self.rank as i16;
        if (df == 0 && dr == 0) || !(df == 0 || dr == 0 || df.abs() == dr.abs()) {
            return None;
        }
        let dir = Direction::from_delta(df.signum() as i8, dr.signum() as i8)?;
        Some((dir, self.distance(other)))
    }

    /// The file letter, `a`..`p`.
    #[must_use]
    #[inline]
    pub const fn file_char(self) -> char {
        (b'a' + self.file) as char
    }

    /// Parses a square at the start of `text`, returning it and the number of bytes used.
    ///
    /// Useful for notations where squares are glued to other symbols (`c1-a3`, `f6>f5`).
    #[inline]
    pub fn parse_prefix(text: &str) -> Result<(Square, usize), SquareParseError> {
        let err = |reason| SquareParseError {
            input: text.to_owned(),
            reason,
        };
        let bytes = text.as_bytes();
        let file = match bytes.first() {
            Some(c @ b'a'..=b'p') => c - b'a',
            Some(_) => return Err(err("a square starts with a file letter a..p")),
            None => return Err(err("empty text")),
        };
        let digits = bytes[1..].iter().take_while(|b| b.is_ascii_digit()).count();
        if digits == 0 {
            return Err(err("the file letter must be followed by a rank number"));
        }
        if digits > 2 || (digits == 2 && bytes[1] == b'0') {
            return Err(err(
                "the rank is a number from 1 to 16 without leading zeros",
            ));
        }
        let rank: u8 = text[1..1 + digits]
            .parse()
            .map_err(|_| err("bad rank number"))?;
        if rank == 0 || rank > MAX_SIDE {
            return Err(err("the rank is a number from 1 to 16"));
        }
        Ok((
            Square {
                rank: rank - 1,
                file,
            },
            1 + digits,
        ))
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file_char(), self.rank + 1)
    }
}

impl FromStr for Square {
    type Err = SquareParseError;
    fn from_str(text: &str) -> Result<Square, SquareParseError> {
        let (sq, used) = Square::parse_prefix(text)?;
        if used != text.len() {
            return Err(SquareParseError {
                input: text.to_owned(),
                reason: "unexpected characters after the square",
            });
        }
        Ok(sq)
    }
}

crate::serde_via_text!(Square);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_round_trips_for_every_square() {
        for index in 0..256 {
            let sq = Square::from_index(index).unwrap();
            assert_eq!(sq.index(), index);
            assert_eq!(sq.to_string().parse::<Square>().unwrap(), sq);
        }
        assert_eq!(Square::at(0, 0).to_string(), "a1");
        assert_eq!(Square::at(15, 15).to_string(), "p16");
    }

    #[test]
    fn bad_text_is_rejected_with_a_reason() {
        for bad in ["", "a", "a0", "a17", "q1", "A1", "a01", "1a", "a1x", "a100"] {
            let err = bad.parse::<Square>().unwrap_err();
            assert_eq!(err.input, bad);
        }
    }

    #[test]
    fn prefix_parsing_stops_after_the_rank() {
        assert_eq!(
            Square::parse_prefix("c12-a3").unwrap(),
            (Square::at(2, 11), 3)
        );
        assert_eq!(
            Square::parse_prefix("f6>f5").unwrap(),
            (Square::at(5, 5), 2)
        );
    }

    #[test]
    fn offsets_stay_within_the_16x16_frame() {
        assert_eq!(Square::at(0, 0).offset(-1, 0), None);
        assert_eq!(Square::at(15, 15).offset(1, 1), None);
        assert_eq!(Square::at(3, 3).offset(2, -1), Some(Square::at(5, 2)));
    }

    #[test]
    fn lines_between_squares() {
        let a1 = Square::at(0, 0);
        assert_eq!(a1.line_to(Square::at(3, 3)), Some((Direction::NE, 3)));
        assert_eq!(a1.line_to(Square::at(0, 5)), Some((Direction::N, 5)));
        assert_eq!(a1.line_to(Square::at(1, 2)), None);
        assert_eq!(a1.line_to(a1), None);
    }

    #[test]
    fn serde_uses_the_text_form() {
        let sq = Square::at(7, 7);
        assert_eq!(serde_json::to_string(&sq).unwrap(), "\"h8\"");
        assert_eq!(serde_json::from_str::<Square>("\"h8\"").unwrap(), sq);
        assert!(serde_json::from_str::<Square>("\"z9\"").is_err());
    }
}
