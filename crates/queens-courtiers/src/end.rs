//! End of game (§6): the win by uniting one's own King and Queen, and the engine's
//! termination rule — double forced pass, repetition, ply limit — checked after every ply in
//! that order. The state caches the [`Outcome`] they decide.
//!
//! ```
//! use queens_courtiers::Outcome;
//! assert_eq!("draw_double_pass".parse::<Outcome>().unwrap(), Outcome::DrawDoublePass);
//! assert_eq!(Outcome::RedWon.to_string(), "red_won");
//! ```

use std::borrow::Cow;

use crate::options::Options;
use crate::state::{Outcome, State};
use board_kernel::{GameResult, Side, Status};

/// The reason given for a win.
pub const WIN_REASON: &str = "King and Queen united";
/// The reason given for a repetition draw.
pub const REPETITION_REASON: &str = "repetition";
/// The reason given for a draw at the ply limit.
pub const MAX_PLIES_REASON: &str = "ply limit";
/// The reason given for a draw by two forced passes in a row.
pub const DOUBLE_PASS_REASON: &str = "double pass";

impl Outcome {
    /// The win of `side`.
    #[must_use]
    pub const fn won_by(side: Side) -> Outcome {
        match side {
            Side::White => Outcome::RedWon,
            Side::Black => Outcome::BlueWon,
        }
    }

    /// The winner, if the game was won.
    #[must_use]
    pub const fn winner(self) -> Option<Side> {
        match self {
            Outcome::RedWon => Some(Side::White),
            Outcome::BlueWon => Some(Side::Black),
            _ => None,
        }
    }

    /// The contract's status, with the rule book's words for the reason.
    #[must_use]
    pub fn status(self) -> Status {
        let reason: Cow<'static, str> = match self {
            Outcome::Ongoing => return Status::Ongoing,
            Outcome::RedWon | Outcome::BlueWon => WIN_REASON.into(),
            Outcome::DrawRepetition => REPETITION_REASON.into(),
            Outcome::DrawMaxPlies => MAX_PLIES_REASON.into(),
            Outcome::DrawDoublePass => DOUBLE_PASS_REASON.into(),
        };
        Status::Finished(GameResult {
            winner: self.winner(),
            reason,
        })
    }
}

/// How the game stands after `side` has played (§6): won by uniting (`united`: its King and
/// Queen now share a square),
/// drawn by two passes in a row (`passes`), by the placement occurring the
/// `repetition_limit`-th time (`occurrences`, this one included) or by reaching the ply
/// limit (`ply`, the count after the move).
pub(crate) fn outcome_after(
    options: &Options,
    united: bool,
    side: Side,
    passes: u8,
    occurrences: usize,
    ply: u32,
) -> Outcome {
    let limit = options.repetition_limit as usize;
    if united {
        Outcome::won_by(side)
    } else if passes >= 2 {
        Outcome::DrawDoublePass
    } else if limit > 0 && occurrences >= limit {
        Outcome::DrawRepetition
    } else if options.max_plies > 0 && ply >= options.max_plies {
        Outcome::DrawMaxPlies
    } else {
        Outcome::Ongoing
    }
}

/// The game's status: the outcome the last ply decided ([`outcome_after`]), which the state
/// caches and its position text writes.
pub(crate) fn status(_options: &Options, state: &State) -> Status {
    state.outcome.status()
}
