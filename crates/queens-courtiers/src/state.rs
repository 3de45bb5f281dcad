//! The game state (§2.4): where the pieces stand ([`Board`]), the side to move, the ply and
//! consecutive-pass counters, the status and the repetition history.

use board_kernel::{Repetition, Side, Square, SquareSet, zobrist};

use serde::{Deserialize, Serialize};
use strum::{Display, EnumIter, EnumString};

use crate::board::Board;
use crate::options::{Options, StartingSetup};

/// The status field of a state, as the position text writes it.
#[derive(
    Clone,
    Copy,
    Debug,
    Default,
    PartialEq,
    Eq,
    Hash,
    Serialize,
    Deserialize,
    Display,
    EnumString,
    EnumIter,
)]
#[strum(serialize_all = "snake_case")]
pub enum Outcome {
    /// The game goes on.
    #[default]
    Ongoing,
    /// Red united its King and Queen.
    RedWon,
    /// Blue united its King and Queen.
    BlueWon,
    /// A position occurred `repetition_limit` times.
    DrawRepetition,
    /// The ply counter reached `max_plies`.
    DrawMaxPlies,
    /// Neither side could move: two forced passes in a row.
    DrawDoublePass,
}

const BLUE_TO_MOVE: u64 = zobrist::table::<1>(0x626c_7565_2074_6f20)[0];
const PLY_SALT: u64 = 0x0070_6c79;
const PASSES_SALT: u64 = 0x7061_7373_6573;
const OUTCOME_SALT: u64 = 0x6f75_7463_6f6d_6521;

/// A game state: the board, the side to move, the ply and consecutive-pass counters, the
/// status, and the repetition history.
///
/// The history holds the repetition key (placement and side to move, §6) of every position
/// since the last capture (a capture makes every earlier placement unreachable): 8 bytes per
/// ply without capture, reserved up to the ply limit when the state is made, so playing a
/// move never allocates. Two states that print alike but have different histories compare
/// unequal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct State {
    pub(crate) board: Board,
    pub(crate) to_move: Side,
    pub(crate) ply: u32,
    pub(crate) passes: u8,
    pub(crate) outcome: Outcome,
    pub(crate) history: Repetition,
}

impl State {
    /// A state with a fresh history (the position has occurred once).
    pub(crate) fn new(
        board: Board,
        to_move: Side,
        ply: u32,
        passes: u8,
        outcome: Outcome,
    ) -> State {
        let mut state = State {
            board,
            to_move,
            ply,
            passes,
            outcome,
            history: Repetition::new(),
        };
        let key = state.repetition_key();
        state.history.restart(key);
        state
    }

    /// Where the pieces stand.
    #[must_use]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The side to move (in a finished game, the side that would move next).
    #[must_use]
    pub fn to_move(&self) -> Side {
        self.to_move
    }

    /// Plies played since the start, forced passes included.
    #[must_use]
    pub fn ply(&self) -> u32 {
        self.ply
    }

    /// Forced passes played in a row just before this state.
    #[must_use]
    pub fn passes(&self) -> u8 {
        self.passes
    }

    /// The status field.
    #[must_use]
    pub fn outcome(&self) -> Outcome {
        self.outcome
    }

    /// How often the current placement with the current side to move has occurred in the
    /// history (at least 1).
    #[must_use]
    pub fn occurrences(&self) -> usize {
        self.history.occurrences(self.repetition_key()).max(1)
    }

    /// The repetition history's keys, oldest first, the current position last.
    #[must_use]
    pub fn history(&self) -> &[u64] {
        self.history.keys()
    }

    /// The key of what the repetition rule compares: the placement of all pieces and the
    /// side to move (§6).
    #[inline]
    #[must_use]
    pub fn repetition_key(&self) -> u64 {
        repetition_key(&self.board, self.to_move)
    }

    /// The Zobrist key of everything the position line says.
    #[must_use]
    pub fn key(&self) -> u64 {
        self.repetition_key()
            ^ zobrist::number(PLY_SALT, u64::from(self.ply))
            ^ zobrist::number(PASSES_SALT, u64::from(self.passes))
            ^ zobrist::number(OUTCOME_SALT, self.outcome as u64)
    }
}

/// The repetition key of `board` with `to_move` to move (see [`State::repetition_key`]).
#[inline]
pub(crate) fn repetition_key(board: &Board, to_move: Side) -> u64 {
    let side = if to_move == Side::Black {
        BLUE_TO_MOVE
    } else {
        0
    };
    board.key() ^ side
}

/// A square of the set-up table.
fn square(text: &str) -> Square {
    text.parse().expect("a square of the set-up table")
}

/// The set-up and the repetition history, under the game's options.
impl State {
    /// The initial position of the set-up `options` chooses, with room for its history.
    pub(crate) fn initial(options: &Options) -> State {
        let set = |texts: &[&str]| texts.iter().map(|t| square(t)).collect::<SquareSet>();
        let (red, blue) = match options.setup {
            StartingSetup::SixCourtiers => (
                set(&["c13", "f12", "d10", "l6", "j4", "m3"]),
                set(&["m13", "j12", "l10", "d6", "f4", "c3"]),
            ),
            StartingSetup::DiagramFiveCourtiers => (
                set(&["c13", "f12", "d10", "l6", "j4"]),
                set(&["m13", "j12", "l10", "d6", "f4"]),
            ),
        };
        let royals = [square("n2"), square("b14"), square("b2"), square("n14")];
        let board = Board::new(royals, [red, blue]).expect("the set-up is a valid board");
        let mut state = State::new(board, options.first_player.side(), 0, 0, Outcome::Ongoing);
        state.reserve_history(options);
        state
    }

    /// The longest repetition history a game can need: every ply up to the ply limit (or a
    /// generous bound when the limit is off).
    fn history_bound(options: &Options) -> usize {
        Repetition::room_for(options.max_plies)
    }

    /// Reserves the history's room, so playing a move never allocates.
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
        let finished = self.outcome != Outcome::Ongoing;
        let bound = State::history_bound(options);
        let current = self.repetition_key();
        if let Some(history) = Repetition::restore(keys, current, limit, bound, finished)? {
            self.history = history;
        }
        Ok(())
    }
}
