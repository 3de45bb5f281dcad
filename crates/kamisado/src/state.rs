//! The state of a game (§4.1): the board, the turn, the round and the match.

use board_kernel::{BySide, Side, Square};
use serde::{Deserialize, Serialize};

use crate::board::{cell, home_rank, square};
use crate::{Colour, Tower};

/// Where the game stands (§4.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
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
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
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
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
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

/// The positions played since the latest actual move of the round, for the repetition rule
/// (§5.3), as `(to_move, required)` pairs: these positions all share the current board.
///
/// Why this is the whole history that matters: ranks are fixed within a round and every
/// actual move strictly increases the potential Φ of §5.3, so no board seen before the
/// latest actual move can come back in the same round; a position (board, side to move,
/// required colour) can only recur among those with the current board. At most three
/// entries (the actual move and two passes), kept inline: cloning a state touches no heap.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub(crate) struct History {
    len: u8,
    entries: [u8; 3],
}

impl History {
    fn key(to_move: Side, required: Option<Colour>) -> u8 {
        ((to_move as u8) << 4) | required.map_or(8, |c| c as u8)
    }

    /// A history holding only the given position.
    pub(crate) fn start(to_move: Side, required: Option<Colour>) -> History {
        History {
            len: 1,
            entries: [Self::key(to_move, required), 0, 0],
        }
    }

    /// Appends a position of the same board and returns how often it now occurs.
    pub(crate) fn push(&mut self, to_move: Side, required: Option<Colour>) -> u32 {
        let key = Self::key(to_move, required);
        if (self.len as usize) < self.entries.len() {
            self.entries[self.len as usize] = key;
            self.len += 1;
        } else {
            // Unreachable by the rules (a third pass in a row cannot happen); keep the
            // newest entries rather than panic.
            self.entries.rotate_left(1);
            self.entries[2] = key;
        }
        self.entries[..self.len as usize]
            .iter()
            .filter(|&&k| k == key)
            .count() as u32
    }

    pub(crate) fn entries(&self) -> impl Iterator<Item = (Side, Option<Colour>)> + '_ {
        self.entries[..self.len as usize].iter().map(|&k| {
            let side = if k >> 4 == 0 {
                Side::White
            } else {
                Side::Black
            };
            (side, Colour::from_index((k & 15) as usize))
        })
    }

    pub(crate) fn from_entries(list: &[(Side, Option<Colour>)]) -> Result<History, &'static str> {
        if list.is_empty() || list.len() > 3 {
            return Err("the history holds one to three positions");
        }
        let mut h = History::default();
        for &(s, c) in list {
            h.entries[h.len as usize] = Self::key(s, c);
            h.len += 1;
        }
        Ok(h)
    }
}

/// A Kamisado game state: everything the rules need to continue (§4.1).
///
/// Compact and heap-free (about 130 bytes): the board as one byte per square, an occupancy
/// bitboard and the square of every tower, so the required tower is found in one lookup.
///
/// ```
/// use board_kernel::{Game, Side};
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
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(
    try_from = "crate::position::StateData",
    into = "crate::position::StateData"
)]
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
    pub(crate) history: History,
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
            history: History::start(to_move, None),
        };
        for &(sq, t) in towers {
            s.put(cell(sq), t);
        }
        s
    }

    /// The first-round position (§2.3).
    pub(crate) fn initial(first: Side) -> State {
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
        self.cells[c as usize] = encode(t);
        self.occ |= 1 << c;
        self.pos[t.owner.index()][t.colour.index()] = c;
    }

    #[inline]
    pub(crate) fn take(&mut self, c: u8) -> Option<Tower> {
        let t = decode(self.cells[c as usize]);
        self.cells[c as usize] = 0;
        self.occ &= !(1 << c);
        t
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
    fn the_history_counts_occurrences_of_a_position() {
        let mut h = History::start(Side::White, Some(Colour::Red));
        assert_eq!(h.push(Side::Black, Some(Colour::Blue)), 1);
        assert_eq!(h.push(Side::White, Some(Colour::Red)), 2);
        // Full: the oldest entry is dropped rather than panic.
        assert_eq!(h.push(Side::White, Some(Colour::Red)), 2);
        let back = History::from_entries(&h.entries().collect::<Vec<_>>()).unwrap();
        assert_eq!(back, h);
        assert!(History::from_entries(&[]).is_err());
    }

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
}
