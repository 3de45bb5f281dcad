//! The game state (§2.4): where the pieces stand ([`Board`]), the side to move, the ply and
//! consecutive-pass counters, the status and the repetition history.

use board_kernel::{Repetition, Side, Square, SquareSet, zobrist};

use crate::board::exists;
use crate::end::Outcome;
use crate::options::{Options, StartingSetup};
use crate::pieces::{Piece, Royal};

/// Where the pieces stand.
///
/// Kept as the four Royal squares and one set of Courtier squares per side, so a board is a
/// few machine words, cheap to copy while testing candidate turns. A united King and Queen
/// (only after a winning move) is a King and a Queen of one side on the same square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    /// Squares of Red King, Red Queen, Blue King, Blue Queen (see [`Royal::index`]).
    royals: [Square; 4],
    /// The Courtiers of each side, by [`Side::index`].
    courtiers: [SquareSet; 2],
    /// Every occupied square.
    occupied: SquareSet,
    /// The Zobrist key of the placement, kept up to date by every move.
    key: u64,
}

/// Zobrist keys: `ROYAL_KEYS[royal][square]` (Red King, Red Queen, Blue King, Blue Queen) and
/// `COURTIER_KEYS[side][square]`, by the kernel's square index.
static ROYAL_KEYS: [[u64; 256]; 4] = zobrist::table2(0x0071_7565_656e_7321);
static COURTIER_KEYS: [[u64; 256]; 2] = zobrist::table2(0x636f_7572_7469_6572);

impl Board {
    /// A board with the given Royals and Courtiers; `None` if two pieces share a square
    /// (other than a King and Queen of one side), a piece is off the board or on `h8`.
    #[must_use]
    pub fn new(royals: [Square; 4], courtiers: [SquareSet; 2]) -> Option<Board> {
        let mut occupied = SquareSet::EMPTY;
        for side in 0..2 {
            let (k, q) = (royals[2 * side], royals[2 * side + 1]);
            for sq in if k == q { vec![k] } else { vec![k, q] } {
                if !exists(sq) || !occupied.insert(sq) {
                    return None;
                }
            }
        }
        for set in courtiers {
            for sq in set {
                if !exists(sq) || !occupied.insert(sq) {
                    return None;
                }
            }
        }
        if royals[0] == royals[1] && royals[2] == royals[3] {
            return None;
        }
        let mut board = Board {
            royals,
            courtiers,
            occupied,
            key: 0,
        };
        board.key = board.key_from_scratch();
        Some(board)
    }

    /// The square of a Royal.
    #[inline]
    #[must_use]
    pub fn royal(&self, royal: Royal) -> Square {
        self.royals[royal.index()]
    }

    #[inline]
    pub(crate) fn royal_at(&self, index: usize) -> Square {
        self.royals[index]
    }

    /// The squares of `side`'s Courtiers.
    #[inline]
    #[must_use]
    pub fn courtiers(&self, side: Side) -> SquareSet {
        self.courtiers[side.index()]
    }

    /// How many pieces stand on the board (a united King and Queen count as one).
    #[must_use]
    pub fn piece_count(&self) -> usize {
        self.occupied.len()
    }

    /// Every occupied square.
    #[must_use]
    pub fn occupied(&self) -> SquareSet {
        self.occupied
    }

    #[inline]
    pub(crate) fn courtier_bits(&self, side: Side) -> SquareSet {
        self.courtiers[side.index()]
    }

    #[inline]
    pub(crate) fn occupied_bits(&self) -> SquareSet {
        self.occupied
    }

    /// How many Courtiers `side` has.
    #[inline]
    #[must_use]
    pub fn courtier_count(&self, side: Side) -> usize {
        self.courtiers[side.index()].len()
    }

    /// Whether `side`'s King and Queen stand united (the side has won).
    #[inline]
    #[must_use]
    pub fn united(&self, side: Side) -> bool {
        self.royals[2 * side.index()] == self.royals[2 * side.index() + 1]
    }

    /// What stands on `sq`.
    #[inline]
    #[must_use]
    pub fn piece_at(&self, sq: Square) -> Option<(Side, Piece)> {
        if !self.occupied.contains(sq) {
            return None;
        }
        for side in Side::ALL {
            if self.courtiers[side.index()].contains(sq) {
                return Some((side, Piece::Courtier));
            }
            let (k, q) = (
                self.royals[2 * side.index()],
                self.royals[2 * side.index() + 1],
            );
            match (k == sq, q == sq) {
                (true, true) => return Some((side, Piece::United)),
                (true, false) => return Some((side, Piece::King)),
                (false, true) => return Some((side, Piece::Queen)),
                (false, false) => {}
            }
        }
        None
    }

    /// Moves `side`'s piece `piece` from `from` to `to`, removing an enemy Courtier there.
    /// A Royal moving onto its partner unites with it.
    #[inline]
    pub(crate) fn move_piece(&mut self, side: Side, piece: Piece, from: Square, to: Square) {
        let enemy = side.opponent().index();
        if self.courtiers[enemy].remove(to) {
            self.key ^= COURTIER_KEYS[enemy][to.index()];
        }
        match piece {
            Piece::King | Piece::Queen => {
                let royal = Royal::of(side, piece == Piece::Queen).index();
                self.move_royal(royal, to);
            }
            Piece::Courtier => {
                let own = &mut self.courtiers[side.index()];
                own.remove(from);
                own.insert(to);
                let keys = &COURTIER_KEYS[side.index()];
                self.key ^= keys[from.index()] ^ keys[to.index()];
            }
            Piece::United => {
                self.move_royal(2 * side.index(), to);
                self.move_royal(2 * side.index() + 1, to);
            }
        }
        self.occupied.remove(from);
        self.occupied.insert(to);
    }

    #[inline]
    fn move_royal(&mut self, royal: usize, to: Square) {
        let keys = &ROYAL_KEYS[royal];
        self.key ^= keys[self.royals[royal].index()] ^ keys[to.index()];
        self.royals[royal] = to;
    }

    /// The Zobrist key of the placement (the repetition rule adds the side to move).
    #[inline]
    #[must_use]
    pub const fn key(&self) -> u64 {
        self.key
    }

    /// The key computed from scratch (tests compare it with the incremental one).
    #[must_use]
    pub fn key_from_scratch(&self) -> u64 {
        let mut key = 0;
        for (royal, sq) in self.royals.iter().enumerate() {
            key ^= ROYAL_KEYS[royal][sq.index()];
        }
        for (set, keys) in self.courtiers.iter().zip(&COURTIER_KEYS) {
            for sq in *set {
                key ^= keys[sq.index()];
            }
        }
        key
    }
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
