//! Moves and their notation: the original article's move notation, in lower case, which is
//! also a move's serde form.
//!
//! A row move is `F-T-E` (far end of the row, base, last deal square: `a1-e1-e5`), a single
//! step `S-Q` (`g5-f5`). Captures are not written; they follow from the position.

use std::fmt;
use std::str::FromStr;

use board_kernel::{ParseError, Square};

use crate::board::SIZE;

/// One whole turn, identified as the rule book identifies moves: a row move by its far end,
/// base and last deal square, a single step by its two squares.
///
/// Prints in the rule book's notation (`a1-e1-e5`, `g5-f5`) and parses back from it
/// ([`str::parse`] reads the squares; whether they make a row, a deal or a step, like every
/// other question of legality, is the game's business).
///
/// ```
/// use tower_of_power::Move;
/// let mv: Move = "a1-e1-e5".parse()?;
/// assert_eq!(mv.to_string(), "a1-e1-e5");
/// assert_eq!(mv.length(), 5);
/// let dealt: Vec<String> = mv.deal_squares().map(|s| s.to_string()).collect();
/// assert_eq!(dealt, ["e2", "e3", "e4", "e5"]);
/// assert!(matches!("g5-f5".parse::<Move>()?, Move::Step { .. }));
/// # Ok::<(), board_kernel::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Move {
    /// The row from `base` to `far` (at least two own squares in a straight line) is piled
    /// onto `base` and dealt from `base` towards `end`, one stone per square.
    Row {
        /// The far end of the row: the stone lifted farthest from the base.
        far: Square,
        /// The square the row is piled onto; it keeps its whole stack.
        base: Square,
        /// The last square the pile is dealt to.
        end: Square,
    },
    /// One active stone moves to an adjacent square.
    Step {
        /// Where the stone is lifted from.
        from: Square,
        /// Where it is put down.
        to: Square,
    },
}

/// Hashes one packed word (a move is used as a set key by search and test tools; one write
/// is several times cheaper than hashing each coordinate).
impl std::hash::Hash for Move {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        let code = |sq: Square| sq.index() as u32;
        let packed = match *self {
            Move::Row { far, base, end } => 1 << 24 | code(far) << 16 | code(base) << 8 | code(end),
            Move::Step { from, to } => code(from) << 8 | code(to),
        };
        state.write_u32(packed);
    }
}

impl Move {
    /// The number of squares of the row (`L`, base included); 1 for a single step.
    #[must_use]
    pub fn length(self) -> usize {
        match self {
            Move::Row { far, base, .. } => base.distance(far) as usize + 1,
            Move::Step { .. } => 1,
        }
    }

    /// The squares that receive a stone, in dealing order.
    pub fn deal_squares(self) -> impl Iterator<Item = Square> {
        let (from, to) = match self {
            Move::Row { base, end, .. } => (base, end),
            Move::Step { from, to } => (from, to),
        };
        let line = from.line_to(to);
        let n = line.map_or(0, |(_, n)| n);
        (1..=n).filter_map(move |k| line.and_then(|(d, _)| from.steps(d, k as i8)))
    }
}

/// Writes the text into a small buffer first: move texts are printed in bulk (move lists,
/// records), and one `write_str` is much cheaper than the formatting machinery per square.
impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut buf = [0u8; 16];
        let mut len = 0;
        let mut put = |sq: Square, dash: bool| {
            if dash {
                buf[len] = b'-';
                len += 1;
            }
            // Any kernel square (files a–p, ranks 1–16), so user-built moves print too.
            buf[len] = b'a' + sq.file();
            len += 1;
            let rank = sq.rank() + 1;
            if rank >= 10 {
                buf[len] = b'1';
                len += 1;
            }
            buf[len] = b'0' + rank % 10;
            len += 1;
        };
        match *self {
            Move::Row { far, base, end } => {
                put(far, false);
                put(base, true);
                put(end, true);
            }
            Move::Step { from, to } => {
                put(from, false);
                put(to, true);
            }
        }
        f.write_str(std::str::from_utf8(&buf[..len]).unwrap_or_default())
    }
}

/// Reads one square of the 8×8 board: a file letter `a`–`h` and a rank digit `1`–`8`.
fn square(input: &str, part: &str, which: &str) -> Result<Square, ParseError> {
    let bad = |reason: String| ParseError::bad_move(input, reason).at(which.to_owned());
    let bytes = part.as_bytes();
    match bytes {
        [f, r @ b'1'..=b'8'] if (b'a'..=b'h').contains(&f.to_ascii_lowercase()) => {
            Ok(Square::at(f.to_ascii_lowercase() - b'a', r - b'1'))
        }
        [] => Err(bad("a square is missing".into())),
        _ => Err(bad(format!(
            "`{part}` is not a square of the board (a file a–h and a rank 1–{SIZE})"
        ))),
    }
}

impl FromStr for Move {
    type Err = ParseError;

    /// Reads `F-T-E` or `S-Q`: two or three squares of the board joined by `-`. Letters may
    /// be upper or lower case; outer spaces are ignored.
    ///
    /// Only the text is checked here. Whether the squares make a move — `F` and `T` a row,
    /// `E` the right distance from `T` in a direction other than back over the row, `Q` next
    /// to `S` — is a rule of the row move or the single step, so the game's
    /// [`check_move`](board_kernel::Rules::check_move) judges it and refuses such a move
    /// citing that rule, like any other illegal move.
    fn from_str(input: &str) -> Result<Move, ParseError> {
        ParseError::check_length(board_kernel::TextKind::Move, input)?;
        let text = input.trim();
        let bad = |reason: &str| ParseError::bad_move(input, reason);
        if text.is_empty() {
            return Err(bad(
                "empty move; write `F-T-E` (row move) or `S-Q` (single step)",
            ));
        }
        let mut parts = text.split('-');
        let parts = [parts.next(), parts.next(), parts.next(), parts.next()];
        match parts {
            [Some(from), Some(to), None, None] => {
                let from = square(input, from, "the first square")?;
                let to = square(input, to, "the second square")?;
                Ok(Move::Step { from, to })
            }
            [Some(far), Some(base), Some(end), None] => {
                let far = square(input, far, "the far end (first square)")?;
                let base = square(input, base, "the base (second square)")?;
                let end = square(input, end, "the last deal square (third square)")?;
                Ok(Move::Row { far, base, end })
            }
            _ => Err(bad(
                "a move is `F-T-E` (row move: far end, base, last deal square) or `S-Q` \
                 (single step)",
            )),
        }
    }
}

/// Reads a game record: moves in order, White's first, one per line or separated by spaces.
///
/// Only the notation is checked here; replay the moves with
/// [`GameExt::play`](board_kernel::GameExt::play) to check that they are legal.
///
/// ```
/// use tower_of_power::notation::parse_record;
/// let moves = parse_record("a5-e1-e5 h4-e7-e4\na1-e1-e5")?;
/// assert_eq!(moves.len(), 3);
/// assert_eq!(moves[1].to_string(), "h4-e7-e4");
/// # Ok::<(), board_kernel::ParseError>(())
/// ```
///
/// # Errors
/// The first move that does not parse, with its number (and the faulty square) in `at`.
pub fn parse_record(text: &str) -> Result<Vec<Move>, ParseError> {
    text.split_whitespace()
        .enumerate()
        .map(|(i, token)| {
            token.parse().map_err(|e: ParseError| {
                let at = match &e.at {
                    Some(inner) => format!("move {}, {inner}", i + 1),
                    None => format!("move {}", i + 1),
                };
                e.at(at)
            })
        })
        .collect()
}

// Moves and cells appear in JSON and game records as their notation.
board_kernel::serde_via_text!(Move);

/// Reads a move's text (its squares; legality is the rules' business).
pub(crate) fn parse_move(text: &str) -> Result<Move, ParseError> {
    text.parse()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_round_trips() {
        for text in ["a1-e1-e5", "h4-e7-e4", "e8-e6-e4", "g5-f5", "b1-a1-a2"] {
            assert_eq!(text.parse::<Move>().unwrap().to_string(), text);
        }
        assert_eq!(
            " A1-E1-E5 ".parse::<Move>().unwrap().to_string(),
            "a1-e1-e5"
        );
    }

    #[test]
    fn texts_that_are_not_moves_are_rejected_with_reasons() {
        let cases = [
            ("", "empty"),
            ("a1", "F-T-E"),
            ("a1-a2-a3-a4", "F-T-E"),
            ("a1-i1", "not a square"),
            ("a1-a9", "not a square"),
            ("a1--a2", "missing"),
        ];
        for (text, needle) in cases {
            let err = text.parse::<Move>().unwrap_err();
            assert!(err.to_string().contains(needle), "{text}: {err}");
        }
    }

    /// Squares that make no row, deal or step are still read: the rules refuse them, citing
    /// the rule they break.
    #[test]
    fn squares_that_make_no_move_are_read_for_the_rules_to_judge() {
        for text in [
            "a1-a3", "a1-a1", "a1-a1-a2", "a1-c2-c3", "a1-c1-d3", "a1-c1-c2", "a1-c1-a1",
        ] {
            assert_eq!(text.parse::<Move>().unwrap().to_string(), text);
        }
    }
}
