//! Moves and their notation (§6), which is also their serde form: `pass`, `s-t` for a plain move, `s-t/b` for a kick, with `+` when the
//! ball ends in a goal area.

use std::fmt;

use board_kernel::{ParseError, Square};

use crate::board::{KIND, OFF, is_goal};

/// One whole turn.
///
/// A kick is identified by its result: the kicker's start and end cells and the ball's final
/// cell (different bounce paths to the same cell are the same move). It prints in the spec's
/// notation (§6).
///
/// ```
/// use board_kernel::prelude::*;
/// use seven_sages::{Move, SevenSages};
/// let game = SevenSages::default();
/// let start = game.initial_state();
/// let kick = game.parse_move(&start, "h5-h8/h9")?;
/// assert!(matches!(kick, Move::Kick { .. }));
/// assert_eq!(kick.to_string(), "h5-h8/h9");
/// assert!(game.is_legal(&start, &kick));
/// # Ok::<(), board_kernel::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Move {
    /// A forced pass: only legal when the side to move has no other move.
    Pass,
    /// A plain slide of the sage on `from` to the empty cell `to`.
    Plain {
        /// The sage's cell.
        from: Square,
        /// Its destination.
        to: Square,
    },
    /// A kick: the sage on `from` slides into the ball and ends on `to`; the ball ends on
    /// `ball`.
    Kick {
        /// The kicker's cell.
        from: Square,
        /// The kicker's final cell (the ball's former cell, or the cell before it in
        /// StopBefore mode).
        to: Square,
        /// The ball's final cell.
        ball: Square,
    },
}

impl Move {
    /// The move packed into one number (kind and three cell indices), for hashing.
    fn packed(&self) -> u32 {
        match *self {
            Move::Pass => 0,
            Move::Plain { from, to } => 1 | (from.index() as u32) << 8 | (to.index() as u32) << 16,
            Move::Kick { from, to, ball } => {
                2 | (ball.index() as u32) << 2
                    | (from.index() as u32) << 10
                    | (to.index() as u32) << 18
            }
        }
    }
}

// One hasher write per move instead of one per coordinate: move sets are hashed a lot by
// callers (distinctness checks, transposition tables). Equal moves pack to equal numbers.
impl std::hash::Hash for Move {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        state.write_u32(self.packed());
    }
}

fn in_goal(sq: Square) -> bool {
    is_goal(KIND[sq.index()])
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Pass => f.write_str("pass"),
            Move::Plain { from, to } => write!(f, "{from}-{to}"),
            Move::Kick { from, to, ball } => {
                write!(f, "{from}-{to}/{ball}")?;
                if in_goal(*ball) {
                    f.write_str("+")?;
                }
                Ok(())
            }
        }
    }
}

/// Reads one square of the 15×15 board at the start of `text`.
fn square_prefix(input: &str, text: &str, what: &str) -> Result<(Square, usize), ParseError> {
    let (sq, used) = Square::parse_prefix(text).map_err(|e| {
        ParseError::bad_move(input, format!("expected a square (a1 … o15): {}", e.reason)).at(what)
    })?;
    if KIND[sq.index()] == OFF {
        return Err(ParseError::bad_move(
            input,
            format!("{sq} is off the board (files a-o, ranks 1-15)"),
        )
        .at(what));
    }
    Ok((sq, used))
}

impl std::str::FromStr for Move {
    type Err = ParseError;
    fn from_str(text: &str) -> Result<Move, ParseError> {
        parse_move(text)
    }
}

board_kernel::serde_via_text!(Move);

/// Parses a move in the notation of §6 (the `+` is optional, but only allowed when the ball
/// ends in a goal area).
pub(crate) fn parse_move(input: &str) -> Result<Move, ParseError> {
    ParseError::check_length(board_kernel::TextKind::Move, input)?;
    if input == "pass" {
        return Ok(Move::Pass);
    }
    let bad = |reason: &str| ParseError::bad_move(input, reason);
    if input.is_empty() {
        return Err(bad("empty move; write `pass`, `s-t` or `s-t/b`"));
    }
    let (from, used) = square_prefix(input, input, "the sage's square")?;
    let rest = &input[used..];
    let Some(rest) = rest.strip_prefix('-') else {
        return Err(
            bad("expected `-` after the sage's square (`s-t` or `s-t/b`)")
                .at(format!("character {}", used + 1)),
        );
    };
    let (to, used2) = square_prefix(input, rest, "the destination square")?;
    let rest = &rest[used2..];
    if rest.is_empty() {
        if from == to {
            return Err(bad("the sage must move to another square"));
        }
        return Ok(Move::Plain { from, to });
    }
    let Some(rest) = rest.strip_prefix('/') else {
        return Err(
            bad("expected `/` and the ball's square after the destination")
                .at(format!("character {}", input.len() - rest.len() + 1)),
        );
    };
    let (ball, used3) = square_prefix(input, rest, "the ball's square")?;
    let rest = &rest[used3..];
    match rest {
        "" => {}
        "+" if in_goal(ball) => {}
        "+" => {
            return Err(bad(
                "`+` marks a ball ending in a goal area (f1-j1 or f15-j15)",
            ));
        }
        _ => {
            return Err(bad("unexpected text after the ball's square")
                .at(format!("character {}", input.len() - rest.len() + 1)));
        }
    }
    if from == to {
        return Err(bad("the kicker must move to another square"));
    }
    Ok(Move::Kick { from, to, ball })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_round_trips() {
        for text in ["pass", "d3-d7", "h5-h8/h9", "f10-f12/g15+", "h7-h8/h10"] {
            assert_eq!(parse_move(text).unwrap().to_string(), text);
        }
        assert_eq!(
            parse_move("f10-f12/g15").unwrap().to_string(),
            "f10-f12/g15+"
        );
        for bad in [
            "",
            "d3",
            "d3-",
            "d3-d3",
            "d3d7",
            "p1-a1",
            "a16-a1",
            "h5-h8/h9+",
            "h5-h8/",
            "h5-h8/h9x",
            "Pass",
            "h5-h8h9",
        ] {
            assert!(parse_move(bad).is_err(), "{bad}");
        }
    }
}
