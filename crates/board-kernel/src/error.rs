//! The errors every game reports through the contract.

use std::borrow::Cow;

use thiserror::Error;

/// The longest move or position text any parser of the workspace reads. Longer input is refused
/// with [`ParseError`] before it is looked at, so no text can make a parser do unbounded work.
pub const MAX_TEXT_LEN: usize = 4096;

/// How much of a rejected input an error message quotes.
const EXCERPT_CHARS: usize = 60;

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
/// `rank 8, file c`), so a user can find the mistake in a long position line. `input` is a
/// bounded excerpt of the text: a 100 kB input gives a one-line message.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("invalid {kind} `{input}`{}: {}", at_suffix(.at), bounded_reason(.reason))]
pub struct ParseError {
    /// Move or position.
    pub kind: TextKind,
    /// The text that was given, shortened to its first characters when it is long.
    pub input: String,
    /// Where in the text the problem is, when that can be said.
    pub at: Option<String>,
    /// What is wrong.
    pub reason: String,
}

/// The reason as printed: at most [`REASON_CHARS`] characters, since a reason may quote a
/// piece of the input (a token that is not a square).
fn bounded_reason(reason: &str) -> String {
    match reason.char_indices().nth(REASON_CHARS) {
        None => printable(reason).into_owned(),
        Some((cut, _)) => format!("{}…", printable(&reason[..cut])),
    }
}

/// Characters of a parse error's reason printed at most.
const REASON_CHARS: usize = 240;

fn at_suffix(at: &Option<String>) -> String {
    at.as_ref().map(|a| format!(" at {a}")).unwrap_or_default()
}

/// `text` for quoting in a message: at most 60 characters, with the full length said when it
/// was cut, and [`printable`].
///
/// ```
/// use board_kernel::excerpt;
/// assert_eq!(excerpt("d1-d7"), "d1-d7");
/// assert_eq!(excerpt(&"x".repeat(1000)), format!("{}… (1000 bytes)", "x".repeat(60)));
/// assert_eq!(excerpt("\u{1b}[2J"), "\\u{1b}[2J");
/// ```
#[must_use]
pub fn excerpt(text: &str) -> String {
    match text.char_indices().nth(EXCERPT_CHARS) {
        None => printable(text).into_owned(),
        Some((cut, _)) => format!("{}… ({} bytes)", printable(&text[..cut]), text.len()),
    }
}

/// `text` safe to print to a terminal: control characters (C0, DEL and C1, newlines and NUL
/// among them) and the invisible marks that reorder the text after them (bidirectional
/// overrides and isolates) are written as Rust escapes. Input and names are echoed through
/// it, so what a user or a file supplies cannot clear the screen, move the cursor or reverse
/// the rest of a line.
///
/// ```
/// use board_kernel::printable;
/// assert_eq!(printable("a1-b2 ½"), "a1-b2 ½");
/// assert_eq!(printable("\u{1b}[2J\0\t"), "\\u{1b}[2J\\u{0}\\t");
/// assert_eq!(printable("x\u{202e}y"), "x\\u{202e}y");
/// ```
#[must_use]
pub fn printable(text: &str) -> Cow<'_, str> {
    let unsafe_char =
        |c: char| c.is_control() || matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}');
    if !text.chars().any(unsafe_char) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if unsafe_char(c) {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

impl ParseError {
    /// A move text that could not be read.
    pub fn bad_move(input: &str, reason: impl Into<String>) -> ParseError {
        ParseError {
            kind: TextKind::Move,
            input: excerpt(input),
            at: None,
            reason: reason.into(),
        }
    }

    /// A position text that could not be read.
    pub fn bad_position(input: &str, reason: impl Into<String>) -> ParseError {
        ParseError {
            kind: TextKind::Position,
            input: excerpt(input),
            at: None,
            reason: reason.into(),
        }
    }

    /// The same error, saying where the problem is.
    #[must_use]
    pub fn at(mut self, at: impl Into<String>) -> ParseError {
        self.at = Some(excerpt(&at.into()));
        self
    }

    /// Refuses a text longer than [`MAX_TEXT_LEN`]: every parser calls this first.
    ///
    /// ```
    /// use board_kernel::{ParseError, TextKind};
    /// assert!(ParseError::check_length(TextKind::Move, "d1-d7").is_ok());
    /// let long = "a".repeat(5000);
    /// let err = ParseError::check_length(TextKind::Position, &long).unwrap_err();
    /// assert!(err.to_string().contains("longer than 4096 bytes"));
    /// ```
    pub fn check_length(kind: TextKind, text: &str) -> Result<(), ParseError> {
        if text.len() > MAX_TEXT_LEN {
            return Err(ParseError {
                kind,
                input: excerpt(text),
                at: None,
                reason: format!("the text is longer than {MAX_TEXT_LEN} bytes"),
            });
        }
        Ok(())
    }
}

/// Why a well-formed move cannot be played in a position: the rule it breaks, in words for a
/// player. Returned by [`Rules::check_move`](crate::Rules::check_move) and
/// [`GameExt::play`](crate::GameExt::play); the state is never changed by a refused move.
///
/// ```
/// use board_kernel::Illegal;
/// let why = Illegal::breaks("§4.2", "the required tower is the yellow one on d7");
/// assert_eq!(why.rule(), Some("§4.2"));
/// assert_eq!(why.to_string(), "the required tower is the yellow one on d7 (§4.2)");
/// assert_eq!(Illegal::GameOver.to_string(), "the game is over: no move is legal");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, Error)]
pub enum Illegal {
    /// The game is finished: no move is legal.
    #[error("the game is over: no move is legal")]
    GameOver,
    /// The move breaks a rule of the rule book.
    #[error("{reason} ({rule})")]
    Breaks {
        /// The rule book's section of the rule (`§4.2`).
        rule: &'static str,
        /// What is wrong with the move here, for a player.
        reason: Cow<'static, str>,
    },
}

impl Illegal {
    /// A move that breaks the rule of section `rule` (`§4.2`) for the reason given.
    pub fn breaks(rule: &'static str, reason: impl Into<Cow<'static, str>>) -> Illegal {
        Illegal::Breaks {
            rule,
            reason: reason.into(),
        }
    }

    /// The rule book section named, for a broken rule.
    #[must_use]
    pub fn rule(&self) -> Option<&'static str> {
        match self {
            Illegal::GameOver => None,
            Illegal::Breaks { rule, .. } => Some(rule),
        }
    }
}

/// A move text that could not be played: unreadable, or illegal here. The state it was tried
/// on is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum MoveError {
    /// The text is not a move of this game.
    #[error(transparent)]
    Parse(#[from] ParseError),
    /// The move is well formed but not legal here.
    #[error("illegal move `{mv}`: {illegal}")]
    Illegal {
        /// The move as given (a bounded excerpt).
        mv: String,
        /// Why it is illegal.
        #[source]
        illegal: Illegal,
    },
}

impl MoveError {
    /// The refusal of the move printed as `mv`.
    pub fn illegal(mv: &impl std::fmt::Display, illegal: Illegal) -> MoveError {
        MoveError::Illegal {
            mv: excerpt(&mv.to_string()),
            illegal,
        }
    }
}

/// An option that could not be set, or a combination of options that is invalid.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum OptionError {
    /// No option of this name.
    #[error("unknown option `{key}`; this game's options are: {known}")]
    UnknownKey {
        /// The name that was given (a bounded excerpt).
        key: String,
        /// The valid names, comma separated.
        known: String,
    },
    /// The value does not fit the option.
    #[error("bad value `{value}` for option `{key}`: expected {expected}")]
    BadValue {
        /// The option.
        key: String,
        /// The value that was given (a bounded excerpt).
        value: String,
        /// What the option takes.
        expected: String,
    },
    /// A number beyond what the option can hold.
    #[error("value `{value}` for option `{key}` is too large: at most {max}")]
    TooLarge {
        /// The option.
        key: String,
        /// The value that was given (a bounded excerpt).
        value: String,
        /// The largest value the option takes, as text.
        max: String,
    },
    /// The same option set twice.
    #[error("option `{key}` is set twice")]
    Repeated {
        /// The option.
        key: String,
    },
    /// `KEY=VALUE` text without `=`.
    #[error("`{0}` is not an option setting; write KEY=VALUE")]
    Syntax(String),
    /// Values that are fine alone but not together, or out of the allowed range.
    #[error("invalid options: {0}")]
    Invalid(String),
}
