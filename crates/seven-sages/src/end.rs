//! End of game (§5): the five-point win and the engine's termination rule — double pass,
//! repetition and the ply limit per point — checked in the spec's order after every ply.

use std::fmt;

use board_kernel::{GameResult, Side, Status};
use serde::{Deserialize, Serialize};

use crate::board::Cell;
use crate::pieces::{CellSet, Cells};

/// How a finished game ended (the `REASON` of the position line).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum EndReason {
    /// A side reached `points_to_win` (`points`).
    Points,
    /// A position occurred `repetition_limit` times (`repetition`).
    Repetition,
    /// `max_plies_per_point` plies passed without a point (`max_plies`).
    MaxPlies,
    /// Two forced passes in a row (`double_pass`).
    DoublePass,
}

impl EndReason {
    /// The token of the position line.
    #[must_use]
    pub const fn token(self) -> &'static str {
        match self {
            EndReason::Points => "points",
            EndReason::Repetition => "repetition",
            EndReason::MaxPlies => "max_plies",
            EndReason::DoublePass => "double_pass",
        }
    }

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

/// Whether the game goes on, and if not who won and how (the `STATUS` of the position line).
///
/// ```
/// use seven_sages::{EndReason, Outcome};
/// use board_kernel::Side;
/// let won = Outcome::Finished { winner: Some(Side::White), reason: EndReason::Points };
/// assert_eq!(won.to_string(), "white_won_points");
/// assert_eq!("draw_repetition".parse::<Outcome>().unwrap().to_string(), "draw_repetition");
/// assert!("draw_points".parse::<Outcome>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Outcome {
    /// The game goes on.
    Ongoing,
    /// The game is over.
    Finished {
        /// The winner; `None` for a draw.
        winner: Option<Side>,
        /// How it ended.
        reason: EndReason,
    },
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

    /// Whether the game is over.
    #[must_use]
    pub const fn is_finished(self) -> bool {
        matches!(self, Outcome::Finished { .. })
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Ongoing => f.write_str("ongoing"),
            Outcome::Finished { winner, reason } => {
                let result = match winner {
                    Some(Side::White) => "white_won",
                    Some(Side::Black) => "black_won",
                    None => "draw",
                };
                write!(f, "{result}_{}", reason.token())
            }
        }
    }
}

impl std::str::FromStr for Outcome {
    type Err = &'static str;

    fn from_str(text: &str) -> Result<Outcome, &'static str> {
        if text == "ongoing" {
            return Ok(Outcome::Ongoing);
        }
        let (winner, rest) = if let Some(rest) = text.strip_prefix("white_won_") {
            (Some(Side::White), rest)
        } else if let Some(rest) = text.strip_prefix("black_won_") {
            (Some(Side::Black), rest)
        } else if let Some(rest) = text.strip_prefix("draw_") {
            (None, rest)
        } else {
            return Err(
                "the status is `ongoing` or RESULT_REASON with RESULT white_won, black_won or draw",
            );
        };
        let reason = match rest {
            "points" => EndReason::Points,
            "repetition" => EndReason::Repetition,
            "max_plies" => EndReason::MaxPlies,
            "double_pass" => EndReason::DoublePass,
            _ => {
                return Err("the reason is points, repetition, max_plies or double_pass");
            }
        };
        if winner.is_none() && reason == EndReason::Points {
            return Err("draw_points does not exist: a game won on points has a winner");
        }
        Ok(Outcome::Finished { winner, reason })
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

const fn splitmix(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (s, z ^ (z >> 31))
}

/// Zobrist keys: White sage, Black sage, ball, per cell.
static ZOBRIST: [[u64; 256]; 3] = {
    let mut table = [[0u64; 256]; 3];
    let mut seed = 0x7_5A6E5_u64;
    let mut p = 0;
    while p < 3 {
        let mut i = 0;
        while i < 256 {
            let (s, z) = splitmix(seed);
            seed = s;
            table[p][i] = z;
            i += 1;
        }
        p += 1;
    }
    table
};
const BLACK_TO_MOVE: u64 = 0xC3A5_C85C_97CB_3127;

/// How a move changes [`position_key`]: the mover's sage from `from` to `to`, the ball from
/// `ball_from` to `ball_to` (the same cell when it stays), and the side to move.
#[inline]
pub(crate) fn key_change(side: Side, from: Cell, to: Cell, ball_from: Cell, ball_to: Cell) -> u64 {
    let sage = &ZOBRIST[side.index()];
    let ball = &ZOBRIST[2];
    sage[from as usize]
        ^ sage[to as usize]
        ^ ball[ball_from as usize]
        ^ ball[ball_to as usize]
        ^ BLACK_TO_MOVE
}

/// The key of a position for the repetition rule: sages, ball and side to move. The score is
/// left out because the repetition history is cleared whenever it changes.
pub(crate) fn position_key(sages: &[Cells; 2], ball: Cell, to_move: Side) -> u64 {
    let mut key = ZOBRIST[2][ball as usize];
    for (p, set) in sages.iter().enumerate() {
        for c in set.cells() {
            key ^= ZOBRIST[p][c as usize];
        }
    }
    if to_move == Side::Black {
        key ^= BLACK_TO_MOVE;
    }
    key
}
