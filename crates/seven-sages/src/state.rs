//! The game state of §2.4: board, side to move, counters, score, status and the repetition
//! history.

use board_kernel::{BySide, Repetition, Side, Square, SquareSet, zobrist};

use crate::board::{BALL_START, BLACK_START, Cell, KIND, OFF, WHITE_START, cell, square};
use crate::end::{Outcome, position_key};
use crate::options::Options;
use crate::pieces::{CellSet, Cells, Piece};

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
            history: Repetition::new(),
        };
        state.reset_pieces();
        state.restart_history();
        state
    }

    /// The initial position for a game under `options`, with room reserved for the longest
    /// history a point can have.
    pub(crate) fn initial_for(options: &Options) -> State {
        let mut state = State::initial();
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
