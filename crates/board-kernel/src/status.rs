//! How a game stands: going on, or finished with a result.

use std::borrow::Cow;

use serde::{Deserialize, Serialize};

use crate::Side;

/// How a finished game ended.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameResult {
    /// The winner, or `None` for a draw.
    pub winner: Option<Side>,
    /// Why the game ended, in the rule book's words (`home row`, `deadlock`, `repetition`,
    /// `no legal move`, `points` …).
    pub reason: Cow<'static, str>,
}

impl GameResult {
    /// A win for `side`.
    pub fn win(side: Side, reason: impl Into<Cow<'static, str>>) -> GameResult {
        GameResult {
            winner: Some(side),
            reason: reason.into(),
        }
    }

    /// A draw.
    pub fn draw(reason: impl Into<Cow<'static, str>>) -> GameResult {
        GameResult {
            winner: None,
            reason: reason.into(),
        }
    }
}

/// Whether a game goes on.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Status {
    /// The side to move has at least one legal move.
    Ongoing,
    /// The game is over; there are no legal moves.
    Finished(GameResult),
}

impl Status {
    /// Whether the game is over.
    #[must_use]
    pub fn is_finished(&self) -> bool {
        matches!(self, Status::Finished(_))
    }

    /// The result of a finished game.
    #[must_use]
    pub fn result(&self) -> Option<&GameResult> {
        match self {
            Status::Ongoing => None,
            Status::Finished(r) => Some(r),
        }
    }
}
