//! The game state of §2.4: board, side to move, counters, score, status and the repetition
//! history.

use std::fmt;

use board_kernel::{BySide, Repetition, Side, Square, SquareSet, zobrist};
use serde::{Deserialize, Serialize};

use crate::board::{BALL_START, BLACK_START, Cell, KIND, OFF, WHITE_START, cell, square};
use crate::options::Options;
use crate::pieces::{CellSet, Cells, Piece};

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

/// A position of Seven Sages with everything the rules need to continue from it.
///
/// It is small and cheap to clone: two 256-bit sets for the sages, the ball's cell, a few
/// counters and the repetition history. That history holds one 64-bit key per ply played
/// since the last point (the score is part of a position, so earlier positions can never
/// recur), reserved up to the per-point ply limit when the state is made, so playing a move
/// never allocates.
///
/// `Display` prints the one-line position text of §2.4; the game's snapshot adds the
/// repetition history.
///
/// ```
/// use seven_sages::prelude::*;
/// use seven_sages::SevenSages;
/// let game = SevenSages::default();
/// let start = game.initial_state();
/// assert_eq!(
///     start.to_string(),
///     "7B7/15/3B3B3B3/15/3B3B3B3/15/15/7*7/15/15/3W3W3W3/15/3W3W3W3/15/7W7 w 0 0 0 0 0 ongoing"
/// );
/// assert_eq!(start.ball().to_string(), "h8");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct State {
    pub(crate) sages: [Cells; 2],
    pub(crate) ball: Cell,
    pub(crate) to_move: Side,
    pub(crate) ply: u32,
    pub(crate) passes: u8,
    pub(crate) score: [u32; 2],
    pub(crate) since: u32,
    pub(crate) outcome: Outcome,
    /// Repetition keys ([`State::key`]) since the last point (or the start), the current one
    /// last.
    pub(crate) history: Repetition,
}

const PLY_SALT: u64 = 0x0070_6c79;
const PASSES_SALT: u64 = 0x7061_7373_6573;
const SCORE_SALT: u64 = 0x7363_6f72_6573;
const SINCE_SALT: u64 = 0x7369_6e63_6573;
const OUTCOME_SALT: u64 = 0x6f75_7463_6f6d_6573;

impl State {
    /// The initial position of §2.3, White to move, with room reserved for the longest
    /// history a point can have under `options`.
    pub(crate) fn initial(options: &Options) -> State {
        let mut state = State {
            sages: [Cells::EMPTY; 2],
            ball: BALL_START,
            to_move: Side::White,
            ply: 0,
            passes: 0,
            score: [0, 0],
            since: 0,
            outcome: Outcome::Ongoing,
            history: Repetition::new(),
        };
        state.reset_pieces();
        state.restart_history();
        state.reserve_history(options);
        state
    }

    /// The longest repetition history a game can need: every ply of one point, up to the
    /// per-point limit (or a generous bound when the limit is off).
    fn history_bound(options: &Options) -> usize {
        Repetition::room_for(options.max_plies_per_point)
    }

    /// Reserves the history's room, so that playing a move never allocates.
    pub(crate) fn reserve_history(&mut self, options: &Options) {
        self.history.reserve_total(State::history_bound(options));
    }

    /// Gives a parsed position the history of a snapshot, checked against it. The history
    /// is kept even with the repetition rule off (0): then no count ends the game.
    pub(crate) fn restore_history(
        &mut self,
        options: &Options,
        keys: &[u64],
    ) -> Result<(), String> {
        let limit = Repetition::kept_limit(options.repetition_limit);
        let finished = self.outcome.is_finished();
        let bound = State::history_bound(options);
        if let Some(history) = Repetition::restore(keys, self.key(), limit, bound, finished)? {
            self.history = history;
        }
        Ok(())
    }

    /// The points each side has.
    #[must_use]
    pub fn scores(&self) -> BySide<i64> {
        BySide::new(i64::from(self.score[0]), i64::from(self.score[1]))
    }

    /// Starts the repetition history afresh at the current position (the start, a point, a
    /// parsed position).
    pub(crate) fn restart_history(&mut self) {
        let key = self.key();
        self.history.restart(key);
    }

    /// Puts every sage and the ball back on their §2.3 cells.
    pub(crate) fn reset_pieces(&mut self) {
        self.sages = [Cells::of(WHITE_START), Cells::of(BLACK_START)];
        self.ball = BALL_START;
    }

    /// The repetition key of the position on the board: the sages, the ball and the side to
    /// move (the score is left out because the history restarts whenever it changes).
    #[must_use]
    pub fn key(&self) -> u64 {
        position_key(&self.sages, self.ball, self.to_move)
    }

    /// The Zobrist key of everything the position text says.
    #[must_use]
    pub fn full_key(&self) -> u64 {
        let outcome = match self.outcome {
            Outcome::Ongoing => 0,
            Outcome::Finished { winner, reason } => {
                1 + winner.map_or(0, |w| 1 + w.index() as u64) * 8 + reason as u64
            }
        };
        self.key()
            ^ zobrist::number(PLY_SALT, u64::from(self.ply))
            ^ zobrist::number(PASSES_SALT, u64::from(self.passes))
            ^ zobrist::number(
                SCORE_SALT,
                (u64::from(self.score[0]) << 32) | u64::from(self.score[1]),
            )
            ^ zobrist::number(SINCE_SALT, u64::from(self.since))
            ^ zobrist::number(OUTCOME_SALT, outcome)
    }

    /// The cells of `side`'s sages.
    #[must_use]
    pub fn sages(&self, side: Side) -> SquareSet {
        self.sages[side.index()]
    }

    /// The ball's cell.
    #[must_use]
    pub fn ball(&self) -> Square {
        square(self.ball)
    }

    /// What stands on `square`.
    #[must_use]
    pub fn piece_at(&self, square: Square) -> Option<Piece> {
        let c = cell(square);
        if KIND[c as usize] == OFF {
            None
        } else if c == self.ball {
            Some(Piece::Ball)
        } else if self.sages[0].has(c) {
            Some(Piece::WhiteSage)
        } else if self.sages[1].has(c) {
            Some(Piece::BlackSage)
        } else {
            None
        }
    }

    /// The side to move (in a finished game, the side that would move next).
    #[must_use]
    pub fn side_to_move(&self) -> Side {
        self.to_move
    }

    /// Plies played since the start of the game.
    #[must_use]
    pub fn ply(&self) -> u32 {
        self.ply
    }

    /// Forced passes played in a row just before this state.
    #[must_use]
    pub fn passes(&self) -> u8 {
        self.passes
    }

    /// Both sides' points.
    #[must_use]
    pub fn score(&self) -> BySide<u32> {
        BySide::new(self.score[0], self.score[1])
    }

    /// Plies played after the ply that scored the last point (after the start if none).
    #[must_use]
    pub fn plies_since_point(&self) -> u32 {
        self.since
    }

    /// Ongoing, or how the game ended.
    #[must_use]
    pub fn outcome(&self) -> Outcome {
        self.outcome
    }

    /// How often the position on the board has occurred since the last point, this time
    /// included.
    #[must_use]
    pub fn repetitions(&self) -> usize {
        self.history.occurrences(self.key())
    }

    /// The repetition history's keys, oldest first, the current position last.
    #[must_use]
    pub fn history(&self) -> &[u64] {
        self.history.keys()
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
