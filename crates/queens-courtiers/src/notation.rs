//! Move notation (§7): `pass`, or the path of the moving piece — squares joined by `-` (onto
//! an empty square or the own partner Royal) or `x` (a capture) — with `#` after a winning
//! part. Game records number rounds from the side that moves first.
//!
//! ```
//! use queens_courtiers::Move;
//! for text in ["c13-e12", "n2-m1-l1", "d6xc4", "a1-b3xd4", "g8-g5#", "pass"] {
//!     assert_eq!(text.parse::<Move>().unwrap().to_string(), text);
//! }
//! assert!("a1xb3-c5".parse::<Move>().is_err()); // a capture ends the turn
//! ```

use std::fmt;
use std::str::FromStr;

use board_kernel::{ParseError, Side, Square};

use crate::board::{Board, CENTRE, exists};
use crate::check::capturable;
use crate::pieces::Piece;
use crate::state::State;

/// What one part of a turn does on its target square (§5.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PartKind {
    /// Onto an empty square (`-`).
    Step,
    /// Onto a capturable enemy Courtier, which leaves the game (`x`).
    Capture,
    /// A King onto its own Queen or a Queen onto its own King: the game is won (`-…#`).
    Win,
}

/// One whole turn, identified by its path (two or three squares) — or the forced pass.
///
/// A double move's first part is always a plain step (a capture or a win ends the turn).
/// Values that make no sense in a position (no piece there, a square off the board, a wrong
/// part kind) are rejected by [`GameExt::play`](board_kernel::GameExt::play), never a panic.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Move {
    /// The forfeited turn of a player who has no legal turn.
    Pass,
    /// One part: `from` to `to`.
    Single {
        /// Where the piece stands.
        from: Square,
        /// Where it lands.
        to: Square,
        /// What happens there.
        kind: PartKind,
    },
    /// Two parts of the same piece: a step `from`→`via` in the Course, then `via`→`to`.
    Double {
        /// Where the piece stands (in the Course).
        from: Square,
        /// Where the first part lands (in the Course, empty).
        via: Square,
        /// Where the second part lands.
        to: Square,
        /// What the second part does.
        second: PartKind,
    },
}

impl Move {
    /// The squares of the path (empty for a pass).
    #[must_use]
    pub fn path(&self) -> Vec<Square> {
        match *self {
            Move::Pass => vec![],
            Move::Single { from, to, .. } => vec![from, to],
            Move::Double { from, via, to, .. } => vec![from, via, to],
        }
    }

    /// Whether the turn ends the game by uniting King and Queen.
    #[must_use]
    pub fn wins(&self) -> bool {
        matches!(
            self,
            Move::Single {
                kind: PartKind::Win,
                ..
            } | Move::Double {
                second: PartKind::Win,
                ..
            }
        )
    }

    /// Whether the turn captures a Courtier.
    #[must_use]
    pub fn captures(&self) -> bool {
        matches!(
            self,
            Move::Single {
                kind: PartKind::Capture,
                ..
            } | Move::Double {
                second: PartKind::Capture,
                ..
            }
        )
    }

    /// The starting square (`None` for a pass).
    #[must_use]
    pub fn from(&self) -> Option<Square> {
        match *self {
            Move::Pass => None,
            Move::Single { from, .. } | Move::Double { from, .. } => Some(from),
        }
    }
}

impl Move {
    /// The move packed into one number, distinct for distinct moves (for hashing).
    fn packed(&self) -> u64 {
        let kind = |k: PartKind| k as u64;
        match *self {
            Move::Pass => 0,
            Move::Single { from, to, kind: k } => {
                1 | (from.index() as u64) << 2 | (to.index() as u64) << 10 | kind(k) << 18
            }
            Move::Double {
                from,
                via,
                to,
                second,
            } => {
                2 | (from.index() as u64) << 2
                    | (to.index() as u64) << 10
                    | kind(second) << 18
                    | (via.index() as u64) << 20
            }
        }
    }
}

/// One write per move: move sets are hashed often (duplicate checks, search tables).
impl std::hash::Hash for Move {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        state.write_u64(self.packed());
    }
}

// Moves and cells appear in JSON and game records as their notation.
board_kernel::serde_via_text!(Move);

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sep = |kind: PartKind| if kind == PartKind::Capture { 'x' } else { '-' };
        let mark = |kind: PartKind| if kind == PartKind::Win { "#" } else { "" };
        match *self {
            Move::Pass => f.write_str("pass"),
            Move::Single { from, to, kind } => {
                write!(f, "{from}{}{to}{}", sep(kind), mark(kind))
            }
            Move::Double {
                from,
                via,
                to,
                second,
            } => write!(f, "{from}-{via}{}{to}{}", sep(second), mark(second)),
        }
    }
}

/// A move text split into its path and separators, before deciding what the parts do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Written {
    pub(crate) squares: Vec<Square>,
    /// `true` for `x`, per part.
    pub(crate) captures: Vec<bool>,
    pub(crate) wins: bool,
}

/// Reads one square of the board (files `a`–`o`, ranks 1–15, not `h8`).
fn read_square(input: &str, rest: &str) -> Result<(Square, usize), ParseError> {
    let (sq, used) = Square::parse_prefix(rest)
        .map_err(|e| ParseError::bad_move(input, e.reason).at(format!("`{rest}`")))?;
    let text = &rest[..used];
    if !exists(sq) {
        let reason = if sq == CENTRE {
            "h8 is the missing centre square: no piece ever stands on it".to_owned()
        } else {
            format!("{text} is off the board (files a to o, ranks 1 to 15)")
        };
        return Err(ParseError::bad_move(input, reason).at(text.to_owned()));
    }
    Ok((sq, used))
}

/// Splits a move text into squares and separators (syntax only).
pub(crate) fn read_written(input: &str) -> Result<Option<Written>, ParseError> {
    ParseError::check_length(board_kernel::TextKind::Move, input)?;
    let text = input.trim();
    if text.eq_ignore_ascii_case("pass") {
        return Ok(None);
    }
    if text.is_empty() {
        return Err(ParseError::bad_move(
            input,
            "empty move: write a path such as `c13-e12`, or `pass`",
        ));
    }
    let (body, wins) = match text.strip_suffix('#') {
        Some(body) => (body, true),
        None => (text, false),
    };
    let mut squares = Vec::with_capacity(3);
    let mut captures = Vec::with_capacity(2);
    let mut rest = body;
    loop {
        let (sq, used) = read_square(input, rest)?;
        squares.push(sq);
        rest = &rest[used..];
        let Some(c) = rest.chars().next() else { break };
        match c {
            '-' => captures.push(false),
            'x' => captures.push(true),
            '#' => {
                return Err(ParseError::bad_move(input, "`#` may only end the move")
                    .at(format!("`{rest}`")));
            }
            _ => {
                return Err(ParseError::bad_move(
                    input,
                    format!("expected `-` or `x` between squares, found `{c}`"),
                )
                .at(format!("`{rest}`")));
            }
        }
        rest = &rest[1..];
        if squares.len() == 3 {
            return Err(ParseError::bad_move(
                input,
                "a turn has at most two parts (three squares)",
            ));
        }
    }
    if squares.len() < 2 {
        return Err(ParseError::bad_move(
            input,
            "a turn needs at least two squares, such as `c13-e12`",
        ));
    }
    Ok(Some(Written {
        squares,
        captures,
        wins,
    }))
}

impl Written {
    /// The move exactly as written.
    pub(crate) fn to_move(&self, input: &str) -> Result<Move, ParseError> {
        let kind = |i: usize| -> Result<PartKind, ParseError> {
            let last = i + 1 == self.captures.len();
            match (self.captures[i], last && self.wins) {
                (false, false) => Ok(PartKind::Step),
                (true, false) => Ok(PartKind::Capture),
                (false, true) => Ok(PartKind::Win),
                (true, true) => Err(ParseError::bad_move(
                    input,
                    "a winning part lands on the own King or Queen, so it cannot capture (`x`)",
                )),
            }
        };
        match self.squares[..] {
            [from, to] => Ok(Move::Single {
                from,
                to,
                kind: kind(0)?,
            }),
            [from, via, to] => {
                if self.captures[0] {
                    return Err(ParseError::bad_move(
                        input,
                        "a capture ends the turn: no second part may follow it",
                    ));
                }
                Ok(Move::Double {
                    from,
                    via,
                    to,
                    second: kind(1)?,
                })
            }
            _ => Err(ParseError::bad_move(
                input,
                "a turn has two or three squares",
            )),
        }
    }
}

impl FromStr for Move {
    type Err = ParseError;

    /// Reads a move without a position: `x` means a capture and `#` a win, exactly as
    /// written. [`Rules::parse_move`](board_kernel::Rules::parse_move) is more lenient: with a
    /// position it accepts either separator when the path is legal.
    fn from_str(text: &str) -> Result<Move, ParseError> {
        match read_written(text)? {
            None => Ok(Move::Pass),
            Some(written) => written.to_move(text),
        }
    }
}

/// A game record (§7): the turns separated by spaces, each round numbered from the side
/// that moves first (`first`): `N.` before its turn, `N...` before the other side's. A
/// record starting at ply `ply` with `to_move` to play numbers its first turn ⌊ply/2⌋+1.
///
/// ```
/// use board_kernel::Side;
/// use queens_courtiers::{Move, notation::record};
/// let moves: Vec<Move> = ["n2-n1", "b2-b1", "n1-n2"].iter().map(|t| t.parse().unwrap()).collect();
/// assert_eq!(record(Side::White, 0, Side::White, &moves), "1. n2-n1 1... b2-b1 2. n1-n2");
/// ```
#[must_use]
pub fn record(first: Side, ply: u32, to_move: Side, moves: &[Move]) -> String {
    let mut round = u64::from(ply / 2) + 1;
    let mut side = to_move;
    let mut out = String::new();
    for (i, mv) in moves.iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        if side == first {
            if i > 0 {
                round += 1;
            }
            out += &format!("{round}. {mv}");
        } else {
            out += &format!("{round}... {mv}");
        }
        side = side.opponent();
    }
    out
}

/// What a part onto `to` would be for `side`'s `piece` (§5.1), or `None` when not allowed.
#[inline]
pub(crate) fn classify(board: &Board, side: Side, piece: Piece, to: Square) -> Option<PartKind> {
    match board.piece_at(to) {
        None => Some(PartKind::Step),
        Some((owner, Piece::Courtier)) if owner != side => {
            capturable(board, to, side).then_some(PartKind::Capture)
        }
        Some((owner, target)) if owner == side => match (piece, target) {
            (Piece::King, Piece::Queen) | (Piece::Queen, Piece::King) => Some(PartKind::Win),
            _ => None,
        },
        _ => None,
    }
}

/// Reads a turn in the context of `state`: either separator is accepted and `#` is optional,
/// each part taking the kind the board gives it (step, capture or win). The result is not
/// necessarily legal.
pub(crate) fn parse_move(state: &State, text: &str) -> Result<Move, ParseError> {
    let Some(written) = read_written(text)? else {
        return Ok(Move::Pass);
    };
    let side = state.to_move;
    let board = &state.board;
    if let Some((_, piece)) = board
        .piece_at(written.squares[0])
        .filter(|(owner, _)| *owner == side)
    {
        let from = written.squares[0];
        if let Some(kind) = classify(board, side, piece, written.squares[1]) {
            match written.squares[..] {
                [_, to] => return Ok(Move::Single { from, to, kind }),
                [_, via, to] if kind == PartKind::Step => {
                    let mut b1 = *board;
                    b1.move_piece(side, piece, from, via);
                    if let Some(second) = classify(&b1, side, piece, to) {
                        return Ok(Move::Double {
                            from,
                            via,
                            to,
                            second,
                        });
                    }
                }
                _ => {}
            }
        }
    }
    written.to_move(text)
}
