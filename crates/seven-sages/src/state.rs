//! The game state of §2.4: board, side to move, counters, score, status and the repetition
//! history.

use board_kernel::{BySide, Side, Square, SquareSet};
use serde::{Deserialize, Serialize};

use crate::board::{BALL_START, BLACK_START, Cell, KIND, OFF, WHITE_START, cell, square};
use crate::end::{Outcome, position_key};
use crate::pieces::{Cells, Piece};

/// A position of Seven Sages with everything the rules need to continue from it.
///
/// It is small and cheap to clone: two 256-bit sets for the sages, the ball's cell, a few
/// counters and the repetition history. That history holds one 64-bit key per ply played
/// since the last point (the score is part of a position, so earlier positions can never
/// recur), so a clone costs one small allocation.
///
/// `Display` prints the one-line position text of §2.4; serde stores that text together with
/// the repetition history.
///
/// ```
/// use board_kernel::Game;
/// use seven_sages::SevenSages;
/// let game = SevenSages::default();
/// let start = game.initial_state();
/// assert_eq!(
///     start.to_string(),
///     "7B7/15/3B3B3B3/15/3B3B3B3/15/15/7*7/15/15/3W3W3W3/15/3W3W3W3/15/7W7 w 0 0 0 0 0 ongoing"
/// );
/// assert_eq!(start.ball().to_string(), "h8");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(try_from = "StateRepr")]
pub struct State {
    pub(crate) sages: [Cells; 2],
    pub(crate) ball: Cell,
    pub(crate) to_move: Side,
    pub(crate) ply: u32,
    pub(crate) passes: u8,
    pub(crate) score: [u32; 2],
    pub(crate) since: u32,
    pub(crate) outcome: Outcome,
    /// Position keys since the last point (or the start), the current one last.
    pub(crate) history: Vec<u64>,
}

impl State {
    /// The initial position of §2.3, White to move.
    #[must_use]
    pub fn initial() -> State {
        let mut state = State {
            sages: [Cells::EMPTY; 2],
            ball: BALL_START,
            to_move: Side::White,
            ply: 0,
            passes: 0,
            score: [0, 0],
            since: 0,
            outcome: Outcome::Ongoing,
            history: Vec::new(),
        };
        state.reset_pieces();
        state.history.push(state.key());
        state
    }

    /// Puts every sage and the ball back on their §2.3 cells.
    pub(crate) fn reset_pieces(&mut self) {
        self.sages = [
            WHITE_START.into_iter().collect(),
            BLACK_START.into_iter().collect(),
        ];
        self.ball = BALL_START;
    }

    /// The repetition key of the position on the board.
    pub(crate) fn key(&self) -> u64 {
        position_key(&self.sages, self.ball, self.to_move)
    }

    /// The cells of `side`'s sages.
    #[must_use]
    pub fn sages(&self, side: Side) -> SquareSet {
        self.sages[side.index()].to_square_set()
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
        let key = self.key();
        self.history.iter().filter(|&&k| k == key).count()
    }
}

/// The serde form: the position line plus the repetition history, whose keys are written as
/// one string of 11 characters per key (6 bits each, from `0-9A-Za-z-_`, none of which JSON
/// escapes): compact and quick to write and read back, since conformance checks and game
/// records serialise states a lot.
#[derive(Deserialize)]
struct StateRepr {
    position: String,
    history: String,
}

const DIGITS: &[u8; 64] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_";

/// The value of every digit, 255 for other bytes.
static DIGIT_VALUE: [u8; 256] = {
    let mut table = [255u8; 256];
    let mut i = 0;
    while i < 64 {
        table[DIGITS[i] as usize] = i as u8;
        i += 1;
    }
    table
};

/// Characters per key: 11 × 6 = 66 bits.
const KEY_CHARS: usize = 11;

impl Serialize for State {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut bytes = vec![0u8; self.history.len() * KEY_CHARS];
        for (key, out) in self.history.iter().zip(bytes.chunks_exact_mut(KEY_CHARS)) {
            for (i, b) in out.iter_mut().enumerate() {
                *b = DIGITS[(key >> (60 - 6 * i)) as usize & 63];
            }
        }
        let history = String::from_utf8(bytes).unwrap_or_default();
        let mut out = serializer.serialize_struct("State", 2)?;
        out.serialize_field("position", &self.to_string())?;
        out.serialize_field("history", &history)?;
        out.end()
    }
}

impl TryFrom<StateRepr> for State {
    type Error = board_kernel::ParseError;

    fn try_from(repr: StateRepr) -> Result<State, Self::Error> {
        let mut state = crate::position::parse(&repr.position)?;
        let bad = || {
            board_kernel::ParseError::bad_position(
                &repr.position,
                "the repetition history is a string of 11 digits (0-9A-Za-z-_) per position",
            )
            .at("history")
        };
        let bytes = repr.history.as_bytes();
        if bytes.len() % KEY_CHARS != 0 {
            return Err(bad());
        }
        if !bytes.is_empty() {
            let mut history = Vec::with_capacity(bytes.len() / KEY_CHARS);
            for chunk in bytes.chunks_exact(KEY_CHARS) {
                let mut key = 0u64;
                let mut invalid = 0u8;
                for &b in chunk {
                    let digit = DIGIT_VALUE[b as usize];
                    invalid |= digit;
                    key = key << 6 | u64::from(digit & 63);
                }
                // The first digit carries only the top 4 bits.
                if invalid & 0xC0 != 0 || DIGIT_VALUE[chunk[0] as usize] > 15 {
                    return Err(bad());
                }
                history.push(key);
            }
            state.history = history;
        }
        Ok(state)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn serde_keeps_the_history() {
        let mut state = State::initial();
        state.history = vec![0, u64::MAX, 0x0123_4567_89AB_CDEF, 1 << 63, 63];
        let json = serde_json::to_string(&state).unwrap();
        let back: State = serde_json::from_str(&json).unwrap();
        assert_eq!(back, state);
        let bad = json.replace("\"history\":\"", "\"history\":\"G");
        assert!(serde_json::from_str::<State>(&bad).is_err());
    }
}
