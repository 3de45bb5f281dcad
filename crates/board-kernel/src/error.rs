//! The errors every game reports through the contract.

use thiserror::Error;

/// What kind of text failed to parse.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TextKind {
    /// A move (a whole turn) in the game's notation.
    Move,
    /// A one-line position text.
    Position,
}

impl std::fmt::Display for TextKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            TextKind::Move => "move",
            TextKind::Position => "position",
        })
    }
}

/// A move or position text that could not be read, with what is wrong and where.
///
/// `at` names the place in the text (for example `field 3 (side to move)` or
/// `rank 8, file c`), so a user can find the mistake in a long position line.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("invalid {kind} `{input}`{}: {reason}", at_suffix(.at))]
pub struct ParseError {
    /// Move or position.
    pub kind: TextKind,
    /// The text that was given.
    pub input: String,
    /// Where in the text the problem is, when that can be said.
    pub at: Option<String>,
    /// What is wrong.
    pub reason: String,
}

fn at_suffix(at: &Option<String>) -> String {
    at.as_ref().map(|a| format!(" at {a}")).unwrap_or_default()
}

impl ParseError {
    /// A move text that could not be read.
    pub fn bad_move(input: &str, reason: impl Into<String>) -> ParseError {
        ParseError {
            kind: TextKind::Move,
            input: input.to_owned(),
            at: None,
            reason: reason.into(),
        }
    }

    /// A position text that could not be read.
    pub fn bad_position(input: &str, reason: impl Into<String>) -> ParseError {
        ParseError {
            kind: TextKind::Position,
            input: input.to_owned(),
            at: None,
            reason: reason.into(),
        }
    }

    /// The same error, saying where the problem is.
    #[must_use]
    pub fn at(mut self, at: impl Into<String>) -> ParseError {
        self.at = Some(at.into());
        self
    }
}

/// A move that could not be applied. The state it was tried on is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum MoveError {
    /// The text is not a move of this game.
    #[error(transparent)]
    Parse(#[from] ParseError),
    /// The move is well formed but not legal here.
    #[error("illegal move `{mv}`: {reason}")]
    Illegal {
        /// The move as given.
        mv: String,
        /// Why it is illegal.
        reason: String,
    },
    /// The game is over: no move is legal.
    #[error("the game is over: no move is legal")]
    GameOver,
}

/// An option that could not be set, or a combination of options that is invalid.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum OptionError {
    /// No option of this name.
    #[error("unknown option `{key}`; this game's options are: {known}")]
    UnknownKey {
        /// The name that was given.
        key: String,
        /// The valid names, comma separated.
        known: String,
    },
    /// The value does not fit the option.
    #[error("bad value `{value}` for option `{key}`: expected {expected}")]
    BadValue {
        /// The option.
        key: String,
        /// The value that was given.
        value: String,
        /// What the option takes.
        expected: String,
    },
    /// `KEY=VALUE` text without `=`.
    #[error("`{0}` is not an option setting; write KEY=VALUE")]
    Syntax(String),
    /// Values that are fine alone but not together, or out of the allowed range.
    #[error("invalid options: {0}")]
    Invalid(String),
}
