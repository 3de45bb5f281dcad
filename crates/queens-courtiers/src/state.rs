//! The game state (§2.4): the board, the side to move, the ply and consecutive-pass counters,
//! the status and the repetition history.

use board_kernel::{Repetition, Side, zobrist};

use crate::board::Board;
use crate::end::Outcome;

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
