//! The state of a game: the board, the side to move, the two counters and the repetition
//! history.

use board_kernel::{Repetition, Side, zobrist};

use crate::board::Board;
use crate::options::Options;

pub use crate::options::MAX_COUNT;

const BLACK_TO_MOVE: u64 = zobrist::table::<1>(0x746f_7020_7369_6465)[0];
const QUIET_SALT: u64 = 0x0071_7569_6574;
const TURNS_SALT: u64 = 0x0074_7572_6e73;

/// A position: the board, the side to move, the two counters and — when the repetition rule
/// is on — the positions seen since the last capture.
///
/// The history holds the repetition keys (board and side to move, §5.3) of the positions
/// since the last capture (a position from before a capture has more stones, so it can never
/// come back), only while the game's `repetition_limit` option is on: at most
/// `no_capture_draw_plies` + 1 entries, reserved when the state is made, so playing a move
/// never allocates. Otherwise a state holds no heap memory.
///
/// ```
/// use tower_of_power::prelude::*;
/// use tower_of_power::{Side, TowerOfPower};
/// let game = TowerOfPower::default();
/// let mut state = game.initial_state();
/// game.play_text(&mut state, "b1-d1-d3")?;
/// assert_eq!(
///     state.to_string(),
///     "3bbbbb/4bbbb/5bbb/w5bb/ww5b/wwww4/www(ww)4/w2ww3 b 1 1"
/// );
/// assert_eq!(state.to_move(), Side::Black);
/// assert_eq!(state.board().tower("d2".parse()?).to_string(), "ww");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct State {
    pub(crate) board: Board,
    pub(crate) to_move: Side,
    pub(crate) quiet: u32,
    pub(crate) turns: u32,
    pub(crate) history: Repetition,
}

impl State {
    /// A position from its parts, with an empty repetition history.
    #[must_use]
    pub fn new(board: Board, to_move: Side, no_capture: u32, turns: u32) -> State {
        State {
            board,
            to_move,
            quiet: no_capture,
            turns,
            history: Repetition::new(),
        }
    }

    /// The stones on the board.
    #[must_use]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The side to move.
    #[must_use]
    pub fn to_move(&self) -> Side {
        self.to_move
    }

    /// Consecutive moves made without a capture (the no-progress rule counts these).
    #[must_use]
    pub fn no_capture_count(&self) -> u32 {
        self.quiet
    }

    /// Moves made so far by both players (no effect on the rules; it stops at
    /// [`MAX_COUNT`]).
    #[must_use]
    pub fn turn_count(&self) -> u32 {
        self.turns
    }

    /// The repetition history: keys of the positions since the last capture, oldest first,
    /// the current one last (empty when the repetition rule is off).
    #[must_use]
    pub fn history(&self) -> &[u64] {
        self.history.keys()
    }

    /// The key of what the repetition rule compares: the board and the side to move.
    #[inline]
    #[must_use]
    pub fn repetition_key(&self) -> u64 {
        let side = if self.to_move == Side::Black {
            BLACK_TO_MOVE
        } else {
            0
        };
        self.board.key() ^ side
    }

    /// The Zobrist key of everything the position text says.
    #[must_use]
    pub fn key(&self) -> u64 {
        self.repetition_key()
            ^ zobrist::number(QUIET_SALT, u64::from(self.quiet))
            ^ zobrist::number(TURNS_SALT, u64::from(self.turns))
    }
}

/// The repetition history, kept under the game's options.
impl State {
    /// The initial position, its history started.
    pub(crate) fn initial(options: &Options) -> State {
        let mut state = State::new(Board::initial(), Side::White, 0, 0);
        state.restart_history(options);
        state
    }

    /// Starts the repetition history afresh here (a new game, a parsed position, after a
    /// capture), with room for every position the no-progress rule lets follow.
    pub(crate) fn restart_history(&mut self, options: &Options) {
        self.history.clear();
        if options.repetition_limit >= 2 {
            let key = self.repetition_key();
            self.history.restart(key);
            if options.no_capture_draw_plies > 0 {
                self.history
                    .reserve_total(options.no_capture_draw_plies as usize + 1);
            }
        }
    }

    /// Records the position a move reached (restarting the history after a capture: no
    /// earlier position can come back).
    pub(crate) fn record_position(&mut self, options: &Options, captured: bool) {
        if options.repetition_limit >= 2 {
            let key = self.repetition_key();
            if captured {
                self.history.restart(key);
            } else {
                self.history.push(key);
            }
        }
    }

    /// Gives a parsed position the history of a snapshot, checked against it (an empty one
    /// is the fresh history the position starts).
    pub(crate) fn restore_history(
        &mut self,
        options: &Options,
        keys: &[u64],
    ) -> Result<(), String> {
        let limit = options.repetition_limit as usize;
        let longest = Repetition::room_for(options.no_capture_draw_plies);
        match Repetition::restore(keys, self.repetition_key(), limit, longest, true)? {
            Some(history) => self.history = history,
            None => self.restart_history(options),
        }
        Ok(())
    }
}
