//! End of game (§5): the five-point win and the engine's termination rule — double pass,
//! repetition and the ply limit per point — checked in the spec's order after every ply. The
//! state caches the outcome they decide ([`Outcome`], with its text in the position line).

use board_kernel::{BySide, GameResult, Side, Status};

use crate::options::Options;
use crate::state::{EndReason, Outcome, State};

impl EndReason {
    /// The rule book's words, for [`GameResult::reason`].
    #[must_use]
    pub const fn words(self) -> &'static str {
        match self {
            EndReason::Points => "points",
            EndReason::Repetition => "repetition",
            EndReason::MaxPlies => "max plies per point",
            EndReason::DoublePass => "double pass",
        }
    }
}

impl Outcome {
    /// The kernel's status for this outcome.
    #[must_use]
    pub fn status(self) -> Status {
        match self {
            Outcome::Ongoing => Status::Ongoing,
            Outcome::Finished { winner, reason } => Status::Finished(GameResult {
                winner,
                reason: reason.words().into(),
            }),
        }
    }
}

/// The result of a game ended by double pass, repetition or the ply limit: more points wins,
/// equal points draw.
pub(crate) fn winner_on_score(score: [u32; 2]) -> Option<Side> {
    match score[0].cmp(&score[1]) {
        std::cmp::Ordering::Greater => Some(Side::White),
        std::cmp::Ordering::Less => Some(Side::Black),
        std::cmp::Ordering::Equal => None,
    }
}

/// The game's status: the outcome the last move decided, cached in the state (the position
/// text writes it).
pub(crate) fn status(_options: &Options, state: &State) -> Status {
    state.outcome.status()
}

/// The points each side has, which the contract reports as the game's scores.
pub(crate) fn scores(state: &State) -> BySide<i64> {
    state.scores()
}

/// How the game stands once `scorer` has `points` (§5.1): won at `points_to_win`, else on
/// (the pieces go back to their places).
pub(crate) fn outcome_after_point(options: &Options, scorer: Side, points: u32) -> Outcome {
    if points >= options.points_to_win {
        Outcome::Finished {
            winner: Some(scorer),
            reason: EndReason::Points,
        }
    } else {
        Outcome::Ongoing
    }
}

/// How the game stands after a move that scored no point, in the spec's order (§5.2–5.4):
/// two passes in a row, the position's `occurrences`-th time (this one included), the
/// plies since the last point; the score decides the result.
pub(crate) fn outcome_after(options: &Options, state: &State, occurrences: usize) -> Outcome {
    let reason = if state.passes >= 2 {
        Some(EndReason::DoublePass)
    } else if options.repetition_limit > 0 && occurrences >= options.repetition_limit as usize {
        Some(EndReason::Repetition)
    } else if options.max_plies_per_point > 0 && state.since >= options.max_plies_per_point {
        Some(EndReason::MaxPlies)
    } else {
        None
    };
    match reason {
        Some(reason) => Outcome::Finished {
            winner: winner_on_score(state.score),
            reason,
        },
        None => Outcome::Ongoing,
    }
}
