//! The state of a game (§4.1): the board, the turn, the round and the match.

use board_kernel::{BySide, ShortRepetition, Side, Square, zobrist};

use crate::board::{cell, home_rank, square};
use crate::{Colour, Options, Tower};

/// Where the game stands (§4.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// A round is in progress.
    Play,
    /// A round of a match ended without deciding it: the round winner chooses the fill
    /// direction.
    Refill,
    /// The game (single round) or the match is decided.
    Over,
}

impl Phase {
    /// The position-text word: `play`, `refill` or `over`.
    #[must_use]
    pub const fn word(self) -> &'static str {
        match self {
            Phase::Play => "play",
            Phase::Refill => "refill",
            Phase::Over => "over",
        }
    }
}

/// Why a round ended (§5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Reason {
    /// A tower reached the opponent's home row (§5.1).
    HomeRow,
    /// Two consecutive forced passes (§5.2).
    Deadlock,
    /// A position occurred for the `repetition_limit`-th time in the round (§5.3).
    Repetition,
    /// The round reached `max_plies_per_round` plies (§5.3).
    Backstop,
}

impl Reason {
    /// The rule book's words, used in [`board_kernel::GameResult`].
    #[must_use]
    pub const fn words(self) -> &'static str {
        match self {
            Reason::HomeRow => "home row",
            Reason::Deadlock => "deadlock",
            Reason::Repetition => "repetition",
            Reason::Backstop => "backstop",
        }
    }

    /// The position-text keyword: `home`, `deadlock`, `repetition`, `backstop`.
    #[must_use]
    pub const fn keyword(self) -> &'static str {
        match self {
            Reason::HomeRow => "home",
            Reason::Deadlock => "deadlock",
            Reason::Repetition => "repetition",
            Reason::Backstop => "backstop",
        }
    }

    pub(crate) fn from_keyword(word: &str) -> Option<Reason> {
        [
            Reason::HomeRow,
            Reason::Deadlock,
            Reason::Repetition,
            Reason::Backstop,
        ]
        .into_iter()
        .find(|r| r.keyword() == word)
    }
}

/// The outcome of the latest round: who won, why, and the colour of the winner's scoring
/// tower (the tower promoted in match play).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RoundResult {
    /// The round winner.
    pub winner: Side,
    /// Why the round ended.
    pub reason: Reason,
    /// The colour of the winner's scoring tower.
    pub colour: Colour,
}

/// Cell encoding: 0 = empty, else `OCCUPIED | owner << 5 | rank << 3 | colour`.
const OCCUPIED: u8 = 0x80;

#[inline]
pub(crate) const fn encode(t: Tower) -> u8 {
    OCCUPIED | ((t.owner as u8) << 5) | (t.rank << 3) | t.colour as u8
}

/// Whether a cell code holds a tower of rank 0 (one that cannot push), read without
/// decoding it.
#[inline]
pub(crate) const fn is_plain_tower(code: u8) -> bool {
    code & (OCCUPIED | 0x18) == OCCUPIED
}

#[inline]
pub(crate) const fn decode(code: u8) -> Option<Tower> {
    if code & OCCUPIED == 0 {
        return None;
    }
    let owner = if code & 0x20 == 0 {
        Side::White
    } else {
        Side::Black
    };
    let colour = match Colour::from_index((code & 7) as usize) {
        Some(c) => c,
        None => return None,
    };
    Some(Tower {
        owner,
        colour,
        rank: (code >> 3) & 3,
    })
}

/// Zobrist keys of a tower (by the low six bits of its cell code: owner, rank, colour) on a
/// cell.
static TOWER_KEYS: [[u64; 64]; 64] = zobrist::table2(0x6b61_6d69_7361_646f);
/// The rest of the position text: side to move, required colour, passes, the last actual
/// move, the phase (and, through [`zobrist::number`], the counters and the result).
const BLACK_TO_MOVE: u64 = zobrist::table::<1>(0x7475_726e)[0];
const REQUIRED_KEYS: [u64; 8] = zobrist::table(0x7265_7175_6972_6564);
const PASSES_KEYS: [u64; 3] = zobrist::table(0x7061_7373);
const LAST_KEYS: [[u64; 64]; 2] = zobrist::table2(0x6c61_7374);
const PHASE_KEYS: [u64; 3] = zobrist::table(0x0070_6861_7365);
const PLY_SALT: u64 = 0x0070_6c79;
const ROUND_SALT: u64 = 0x0072_6f75_6e64;
const SCORE_SALT: u64 = 0x0073_636f_7265;
const RESULT_SALT: u64 = 0x7265_7375_6c74;

/// The key of a tower code on cell `c`.
#[inline]
fn tower_key(code: u8, c: u8) -> u64 {
    TOWER_KEYS[usize::from(code & 63)][usize::from(c)]
}

/// The most positions the repetition history holds: the one after the latest actual move and
/// one after each of at most two passes (a second pass ends the round, §5.2).
pub(crate) const HISTORY_LEN: usize = 3;

/// The repetition history: short by the rules, so it lives in the state and a state clones
/// as plain bytes.
pub(crate) type History = ShortRepetition<HISTORY_LEN>;

/// A Kamisado game state: everything the rules need to continue (§4.1).
///
/// Compact and heap-free (under 200 bytes): the board as one byte per square, an occupancy
/// bitboard and the square of every tower, so the required tower is found in one lookup, with
/// the board's Zobrist key kept up to date as towers are put and taken. The repetition history
/// (§5.3) holds the positions since the latest actual move — by the §5.3 Φ argument no earlier
/// position of the round can come back — so it never has more than three entries and lives
/// inline.
///
/// ```
/// use board_kernel::prelude::*;
/// use board_kernel::Side;
/// use kamisado::{Kamisado, Phase};
/// let game = Kamisado::default();
/// let start = game.initial_state();
/// assert_eq!(start.to_move(), Side::White);
/// assert_eq!(start.required(), None);
/// assert_eq!(start.phase(), Phase::Play);
/// assert_eq!(
///     start.to_string(),
///     "orblpupiyeregrbr/......../......../......../......../......../......../BRGRREYEPIPUBLOR W - 0 - - 0 1 0:0 play -"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct State {
    /// One byte per square, index `rank * 8 + file` (see [`encode`]).
    pub(crate) cells: [u8; 64],
    /// Bit `rank * 8 + file` set for every occupied square.
    pub(crate) occ: u64,
    /// The cell of each tower, by owner and colour.
    pub(crate) pos: [[u8; 8]; 2],
    pub(crate) to_move: Side,
    pub(crate) required: Option<Colour>,
    pub(crate) passes: u8,
    pub(crate) last: Option<(Side, Square)>,
    pub(crate) ply: u32,
    pub(crate) round: u32,
    pub(crate) scores: [u32; 2],
    pub(crate) phase: Phase,
    pub(crate) result: Option<RoundResult>,
    /// The repetition keys ([`State::repetition_key`]) of the positions since the latest
    /// actual move of the round.
    pub(crate) history: History,
    /// The XOR of the keys of every tower on its cell.
    pub(crate) board_key: u64,
}

impl State {
    /// A state in phase Play at the start of round 1 with the given towers (which must be 8
    /// per side with distinct colours; checked by the callers).
    pub(crate) fn with_towers(towers: &[(Square, Tower)], to_move: Side) -> State {
        let mut s = State {
            cells: [0; 64],
            occ: 0,
            pos: [[0; 8]; 2],
            to_move,
            required: None,
            passes: 0,
            last: None,
            ply: 0,
            round: 1,
            scores: [0; 2],
            phase: Phase::Play,
            result: None,
            history: History::new(),
            board_key: 0,
        };
        for &(sq, t) in towers {
            s.put(cell(sq), t);
        }
        s.restart_history();
        s
    }

    /// The key of what §5.3 counts as a position: the board, the side to move and the
    /// required colour.
    #[inline]
    #[must_use]
    pub fn repetition_key(&self) -> u64 {
        let side = if self.to_move == Side::Black {
            BLACK_TO_MOVE
        } else {
            0
        };
        let required = self.required.map_or(0, |c| REQUIRED_KEYS[c.index()]);
        self.board_key ^ side ^ required
    }

    /// The Zobrist key of everything the position text says.
    #[must_use]
    pub fn key(&self) -> u64 {
        let last = self.last.map_or(0, |(side, sq)| {
            LAST_KEYS[side.index()][usize::from(cell(sq))]
        });
        let result = self.result.map_or(0, |r| {
            1 + (r.winner.index() as u64) * 64 + (r.reason as u64) * 8 + r.colour.index() as u64
        });
        self.repetition_key()
            ^ PASSES_KEYS[usize::from(self.passes.min(2))]
            ^ last
            ^ PHASE_KEYS[self.phase as usize]
            ^ zobrist::number(PLY_SALT, u64::from(self.ply))
            ^ zobrist::number(ROUND_SALT, u64::from(self.round))
            ^ zobrist::number(
                SCORE_SALT,
                (u64::from(self.scores[0]) << 32) | u64::from(self.scores[1]),
            )
            ^ zobrist::number(RESULT_SALT, result)
    }

    /// The board key computed from scratch (tests compare it with the incremental one).
    #[must_use]
    pub fn board_key_from_scratch(&self) -> u64 {
        (0..64u8)
            .filter(|&c| self.cells[usize::from(c)] != 0)
            .fold(0, |k, c| k ^ tower_key(self.cells[usize::from(c)], c))
    }

    /// Starts the repetition history afresh at the current position (a new round, an actual
    /// move, a parsed position).
    #[inline]
    pub(crate) fn restart_history(&mut self) {
        let key = self.repetition_key();
        self.history.restart(key);
    }

    /// Records the current position after a pass and returns how often it has now occurred
    /// since the latest actual move.
    #[inline]
    pub(crate) fn record_pass(&mut self) -> usize {
        let key = self.repetition_key();
        self.history.push(key)
    }

    /// Gives a state just read from its text the repetition history `keys` of a snapshot.
    /// Only the positions since the latest actual move can recur (§5.3): at most three.
    pub(crate) fn restore_history(
        &mut self,
        options: &Options,
        keys: &[u64],
    ) -> Result<(), String> {
        self.history = History::from_keys(
            keys,
            self.repetition_key(),
            options.repetition_limit as usize,
            HISTORY_LEN,
            self.phase != Phase::Play,
        )?;
        Ok(())
    }

    /// The first-round position (§2.3), with the first player the options name.
    pub(crate) fn initial(options: &Options) -> State {
        let first = options.first_player;
        let mut towers = Vec::with_capacity(16);
        for side in Side::ALL {
            let rank = home_rank(side);
            for file in 0..8 {
                let sq = Square::at(file, rank);
                let colour = crate::board_colour(sq);
                towers.push((sq, Tower::new(side, colour, 0)));
            }
        }
        State::with_towers(&towers, first)
    }

    #[inline]
    pub(crate) fn put(&mut self, c: u8, t: Tower) {
        let code = encode(t);
        self.cells[c as usize] = code;
        self.occ |= 1 << c;
        self.pos[t.owner.index()][t.colour.index()] = c;
        self.board_key ^= tower_key(code, c);
    }

    #[inline]
    pub(crate) fn take(&mut self, c: u8) -> Option<Tower> {
        let code = self.cells[c as usize];
        if code != 0 {
            self.board_key ^= tower_key(code, c);
        }
        self.cells[c as usize] = 0;
        self.occ &= !(1 << c);
        decode(code)
    }

    /// Empties the board (before a refill).
    pub(crate) fn clear_board(&mut self) {
        self.cells = [0; 64];
        self.occ = 0;
        self.board_key = 0;
    }

    /// Re-encodes the tower on `c` with a new rank (a promotion).
    pub(crate) fn set_rank(&mut self, c: u8, rank: u8) {
        if let Some(mut t) = self.take(c) {
            t.rank = rank.min(crate::MAX_RANK);
            self.put(c, t);
        }
    }

    /// The tower on `sq`, if any (none off the board).
    #[must_use]
    pub fn tower_at(&self, sq: Square) -> Option<Tower> {
        if crate::board::on_board(sq) {
            decode(self.cells[cell(sq) as usize])
        } else {
            None
        }
    }

    /// Where `owner`'s tower of `colour` stands (every tower is always on the board).
    #[must_use]
    pub fn square_of(&self, owner: Side, colour: Colour) -> Square {
        square(self.pos[owner.index()][colour.index()])
    }

    /// Every tower with its square, White's first, each side in colour order.
    pub fn towers(&self) -> impl Iterator<Item = (Square, Tower)> + '_ {
        Side::ALL.into_iter().flat_map(move |side| {
            Colour::ALL.into_iter().map(move |colour| {
                let c = self.pos[side.index()][colour.index()];
                let t = decode(self.cells[c as usize]).unwrap_or(Tower::new(side, colour, 0));
                (square(c), t)
            })
        })
    }

    /// The player whose ply it is (in phase Over: the one the last ply handed the turn to).
    #[must_use]
    pub fn to_move(&self) -> Side {
        self.to_move
    }

    /// The colour of the tower that must move; `None` for the free first move of a round and
    /// outside phase Play.
    #[must_use]
    pub fn required(&self) -> Option<Colour> {
        self.required
    }

    /// Consecutive forced passes: 0, 1 or 2.
    #[must_use]
    pub fn consecutive_passes(&self) -> u8 {
        self.passes
    }

    /// The player who made the latest actual move (move or push) of the round.
    #[must_use]
    pub fn last_actual_mover(&self) -> Option<Side> {
        self.last.map(|(s, _)| s)
    }

    /// Where the latest actual move landed (for a push: the square the farthest pushed tower
    /// was pushed onto).
    #[must_use]
    pub fn last_landing(&self) -> Option<Square> {
        self.last.map(|(_, q)| q)
    }

    /// Plies played in the current round.
    #[must_use]
    pub fn ply(&self) -> u32 {
        self.ply
    }

    /// The round number, from 1.
    #[must_use]
    pub fn round(&self) -> u32 {
        self.round
    }

    /// The match score (in a single round: 1–0 to the winner once it is over).
    #[must_use]
    pub fn score(&self) -> BySide<u32> {
        BySide::new(self.scores[0], self.scores[1])
    }

    /// Play, Refill or Over.
    #[must_use]
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The result of the latest round; `None` in phase Play.
    #[must_use]
    pub fn result(&self) -> Option<RoundResult> {
        self.result
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cell_codes_round_trip() {
        for owner in Side::ALL {
            for colour in Colour::ALL {
                for rank in 0..=3 {
                    let t = Tower::new(owner, colour, rank);
                    assert_eq!(decode(encode(t)), Some(t));
                }
            }
        }
        assert_eq!(decode(0), None);
    }

    #[test]
    fn the_initial_key_is_pinned() {
        // The Zobrist tables are part of the snapshot format: a change must be noticed.
        let start = State::initial(&Options::default());
        assert_eq!(start.board_key, start.board_key_from_scratch());
        assert_eq!(start.key(), 0x10cb_145a_87b3_b174, "{:#018x}", start.key());
    }
}
