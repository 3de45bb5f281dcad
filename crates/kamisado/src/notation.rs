//! Moves and their notation (§6): `c1-a3`, `f6>f5`, `pass`, `fill-L`, `fill-R` — the move's
//! text is also its serde form — and records of plies.

use std::fmt;
use std::str::FromStr;

use board_kernel::{GameExt, MoveError, ParseError, Square, TextKind};

use crate::board::on_board;

/// The fill direction chosen by the round winner between two rounds of a match (§5.6), as
/// seen from each player's own seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Fill {
    /// `fill-L`: from the player's left (brown) corner towards the right.
    Left,
    /// `fill-R`: from the player's right corner towards the left.
    Right,
}

/// One ply: a whole turn (§4).
///
/// Printed and parsed in the notation of §6: `c1-a3`, `f6>f5`, `pass`, `fill-L`, `fill-R`
/// (also its serde form).
///
/// ```
/// use kamisado::prelude::*;
/// use kamisado::{Kamisado, Move};
/// let game = Kamisado::default();
/// let state = game.initial_state();
/// let mv = game.parse_move(&state, "c1-a3")?;
/// assert!(matches!(mv, Move::Step { .. }));
/// assert_eq!(mv.to_string(), "c1-a3");
/// assert_eq!(Move::Pass.to_string(), "pass");
/// # Ok::<(), kamisado::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// A normal move (§3.1): straight or diagonally forward through empty squares.
    Step {
        /// Where the tower stands.
        from: Square,
        /// Where it lands.
        to: Square,
    },
    /// A Sumo push (§3.2); `to` is the square directly ahead, where the Sumo ends.
    Push {
        /// Where the Sumo stands.
        from: Square,
        /// The square directly ahead of it.
        to: Square,
    },
    /// A forced pass: the required tower can neither move nor push.
    Pass,
    /// The round winner's refill choice in phase Refill (§5.5, §5.6).
    Fill(Fill),
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Step { from, to } => write!(f, "{from}-{to}"),
            Move::Push { from, to } => write!(f, "{from}>{to}"),
            Move::Pass => f.write_str("pass"),
            Move::Fill(Fill::Left) => f.write_str("fill-L"),
            Move::Fill(Fill::Right) => f.write_str("fill-R"),
        }
    }
}

fn board_square(input: &str, text: &str, which: &str) -> Result<(Square, usize), ParseError> {
    let (sq, used) = Square::parse_prefix(text).map_err(|e| {
        ParseError::bad_move(input, format!("the {which} square: {}", e.reason)).at(which)
    })?;
    if !on_board(sq) {
        return Err(
            ParseError::bad_move(input, format!("{sq} is off the board (a1 to h8)")).at(which),
        );
    }
    Ok((sq, used))
}

/// Reads one ply in the notation of §6 (surrounding spaces are ignored; `pass` and the fill
/// choices in any letter case). The result is not necessarily legal.
///
/// ```
/// use kamisado::{Move, notation::parse_move};
/// assert_eq!(parse_move("f6>f5")?.to_string(), "f6>f5");
/// assert_eq!(parse_move("fill-L")?.to_string(), "fill-L");
/// assert!(parse_move("c1-c9").is_err());
/// # Ok::<(), board_kernel::ParseError>(())
/// ```
pub fn parse_move(input: &str) -> Result<Move, ParseError> {
    ParseError::check_length(TextKind::Move, input)?;
    let text = input.trim();
    if text.is_empty() {
        return Err(ParseError::bad_move(
            input,
            "empty: a ply is `pass`, `fill-L`, `fill-R` or two squares joined by `-` or `>`",
        ));
    }
    let lower = text.to_ascii_lowercase();
    match lower.as_str() {
        "pass" => return Ok(Move::Pass),
        "fill-l" => return Ok(Move::Fill(Fill::Left)),
        "fill-r" => return Ok(Move::Fill(Fill::Right)),
        _ => {}
    }
    if lower.starts_with("fill") {
        return Err(ParseError::bad_move(
            input,
            "the refill choices are `fill-L` and `fill-R`",
        ));
    }
    let (from, used) = board_square(input, &lower, "first")?;
    let rest = &lower[used..];
    let push = match rest.as_bytes().first() {
        Some(b'-') => false,
        Some(b'>') => true,
        Some(_) => {
            return Err(ParseError::bad_move(
                input,
                "the squares are joined by `-` (move) or `>` (Sumo push)",
            )
            .at("after the first square"));
        }
        None => {
            return Err(ParseError::bad_move(
                input,
                "a move names two squares, e.g. `c1-a3`",
            ));
        }
    };
    let (to, used2) = board_square(input, &rest[1..], "second")?;
    if used2 != rest.len() - 1 {
        return Err(ParseError::bad_move(
            input,
            "unexpected text after the second square",
        ));
    }
    Ok(if push {
        Move::Push { from, to }
    } else {
        Move::Step { from, to }
    })
}

impl FromStr for Move {
    type Err = ParseError;
    fn from_str(text: &str) -> Result<Move, ParseError> {
        parse_move(text)
    }
}

board_kernel::serde_via_text!(Move);

/// Plays a record: all or nothing (see [`Kamisado::play_record`](crate::Kamisado::play_record)).
pub(crate) fn play_record<G: GameExt<Move = Move>>(
    game: &G,
    state: &mut G::State,
    record: &str,
) -> Result<Vec<Move>, MoveError> {
    let mut work = state.clone();
    let mut played = Vec::new();
    for token in record_tokens(record)? {
        played.push(game.play_text(&mut work, token)?);
    }
    *state = work;
    Ok(played)
}

/// Splits a record (§6) into ply tokens: plies separated by whitespace, comments in braces
/// (`{Bl}`) ignored.
///
/// ```
/// use kamisado::notation::record_tokens;
/// let plies = record_tokens("c1-a3 {Bl} b8-h2 {Re}")?;
/// assert_eq!(plies, ["c1-a3", "b8-h2"]);
/// # Ok::<(), board_kernel::ParseError>(())
/// ```
pub fn record_tokens(record: &str) -> Result<Vec<&str>, ParseError> {
    if record.len() > 1 << 20 {
        return Err(ParseError::bad_move(record, "a record is at most 1 MiB"));
    }
    let mut tokens = Vec::new();
    let mut rest = record;
    loop {
        rest = rest.trim_start();
        if rest.is_empty() {
            return Ok(tokens);
        }
        if let Some(after) = rest.strip_prefix('{') {
            let Some(end) = after.find('}') else {
                return Err(ParseError::bad_move(record, "a comment `{` is not closed"));
            };
            rest = &after[end + 1..];
            continue;
        }
        if rest.starts_with('}') {
            return Err(ParseError::bad_move(record, "a `}` closes no comment"));
        }
        let end = rest
            .find(|c: char| c.is_whitespace() || c == '{' || c == '}')
            .unwrap_or(rest.len());
        tokens.push(&rest[..end]);
        rest = &rest[end..];
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plies_print_as_they_parse() {
        for t in ["c1-a3", "f6>f5", "pass", "fill-L", "fill-R", "h8-a1"] {
            assert_eq!(parse_move(t).unwrap().to_string(), t);
        }
        assert_eq!(parse_move(" PASS ").unwrap(), Move::Pass);
        assert_eq!(parse_move("C1-A3").unwrap().to_string(), "c1-a3");
    }

    #[test]
    fn bad_plies_say_what_is_wrong() {
        for (t, words) in [
            ("", "empty"),
            ("c1", "two squares"),
            ("c1+a3", "joined by"),
            ("c1-i3", "off the board"),
            ("c1-c9", "off the board"),
            ("c1-a3x", "after the second"),
            ("x1-a3", "file letter"),
            ("fill-X", "fill-L"),
            ("c1-", "second square"),
            ("c0-a3", "rank"),
        ] {
            let e = parse_move(t).unwrap_err();
            assert!(e.to_string().contains(words), "{t}: {e}");
        }
    }

    #[test]
    fn records_skip_comments() {
        assert_eq!(
            record_tokens("  c1-a3{Bl}pass {x y}\nfill-L ").unwrap(),
            ["c1-a3", "pass", "fill-L"]
        );
        assert!(record_tokens("c1-a3 {Bl").is_err());
        assert!(record_tokens("c1-a3 }").is_err());
    }
}
