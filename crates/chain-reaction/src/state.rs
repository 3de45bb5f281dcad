//! The state of a game (rule book 4.1): the board, the turn, the scores and targets, the
//! pending stone, the turn count and the repetition history.

use board_kernel::{Repetition, Side, zobrist};

use crate::options::Options;
use crate::pieces::Board;

const PLIES_SALT: u64 = 0x0070_6c69_6573;

/// A Chain Reaction position between two complete turns (or, loaded from text, in the middle
/// of a turn: `segment > 0` with the mover's tower to move on).
///
/// Its `Display` is the one-line text of 2.6. The repetition history (option
/// `repetition_limit`) is kept beside the fields as one 64-bit key per position since the
/// start or the load: empty, and free to clone, while the option is off; reserved up to the
/// turn limit when on, so playing a turn never allocates.
///
/// ```
/// use sackson_chain_reaction::prelude::*;
/// use sackson_chain_reaction::ChainReaction;
/// let game = ChainReaction::default();
/// let start = game.initial_state();
/// assert_eq!(start.to_string(), "2bbb2/1bbbbb1/2bbb2/7/7/2www2/1wwwww1/2www2 w 0 0 0 12 12 - 0");
/// let mid = game.parse_position("7/7/7/1w3(ww)1/2wwb2/7/7/7 w 1 0 0 12 12 - 0")?;
/// assert_eq!(mid.segment(), 1);
/// assert_eq!(mid.board().tower().map(|t| t.cell.to_string()), Some("f5".into()));
/// # Ok::<(), sackson_chain_reaction::ParseError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct State {
    pub(crate) board: Board,
    pub(crate) to_move: Side,
    pub(crate) segment: u8,
    pub(crate) scores: [i64; 2],
    pub(crate) targets: [i64; 2],
    pub(crate) pending: Option<Side>,
    pub(crate) plies: u64,
    pub(crate) history: Repetition,
}

impl State {
    /// The setup of 2.4 with the targets of `options`.
    #[must_use]
    pub(crate) fn initial(options: &Options) -> State {
        let mut state = State {
            board: Board::initial(),
            to_move: Side::White,
            segment: 0,
            scores: [0, 0],
            targets: [
                i64::from(options.target_white),
                i64::from(options.target_black),
            ],
            pending: None,
            plies: 0,
            history: Repetition::new(),
        };
        state.start_history(options);
        state
    }

    /// Starts the repetition history at this position (its first occurrence).
    pub(crate) fn start_history(&mut self, options: &Options) {
        self.history.clear();
        if options.repetition_limit != 0 {
            let key = self.repetition_key();
            self.history.restart(key);
            self.history.reserve_total(match options.max_plies {
                0 => 1 << 12,
                n => n as usize + 1,
            });
        }
    }

    /// 4.9: the turn count goes up, the other player moves, the segment count restarts; the
    /// position joins the repetition history.
    pub(crate) fn end_turn(&mut self, options: &Options) {
        self.plies = self.plies.saturating_add(1);
        self.to_move = self.to_move.opponent();
        self.segment = 0;
        if options.repetition_limit != 0 {
            let key = self.repetition_key();
            self.history.push(key);
        }
    }

    /// Gives a state just read from its text the repetition history `keys` of a snapshot,
    /// after checking that they fit it and the options (none while the rule is off).
    pub(crate) fn restore_history(
        &mut self,
        options: &Options,
        keys: &[u64],
    ) -> Result<(), String> {
        let longest = Repetition::room_for(options.max_plies);
        let limit = options.repetition_limit as usize;
        if let Some(history) =
            Repetition::restore(keys, self.repetition_key(), limit, longest, true)?
        {
            self.history = history;
        }
        Ok(())
    }

    /// The stones on the board.
    #[must_use]
    pub const fn board(&self) -> &Board {
        &self.board
    }

    /// The player to move.
    #[must_use]
    pub const fn to_move(&self) -> Side {
        self.to_move
    }

    /// The segments already made in the current turn (0 between turns).
    #[must_use]
    pub const fn segment(&self) -> u8 {
        self.segment
    }

    /// A player's score (it can be negative after penalties).
    #[must_use]
    pub const fn score(&self, side: Side) -> i64 {
        self.scores[side.index()]
    }

    /// The points a player needs to win.
    #[must_use]
    pub const fn target(&self, side: Side) -> i64 {
        self.targets[side.index()]
    }

    /// The colour of the stone waiting to be put back by its owner, if any.
    #[must_use]
    pub const fn pending(&self) -> Option<Side> {
        self.pending
    }

    /// Complete turns played.
    #[must_use]
    pub const fn plies(&self) -> u64 {
        self.plies
    }

    /// The repetition keys since the start or the load (empty with `repetition_limit` off).
    #[must_use]
    pub fn history(&self) -> &[u64] {
        self.history.keys()
    }

    /// The key of what the repetition rule compares: every field of the one-line text but
    /// the turn count (5.3).
    #[must_use]
    pub fn repetition_key(&self) -> u64 {
        position_key(self)
    }

    /// The key of everything the one-line text says.
    #[must_use]
    pub fn key(&self) -> u64 {
        self.repetition_key() ^ zobrist::number(PLIES_SALT, self.plies)
    }
}

fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The repetition key of a position: a 64-bit hash of every field of the one-line text but
/// the turn count (5.3). Distinct positions share a key with probability about 2⁻⁶⁴ per pair.
pub(crate) fn position_key(state: &State) -> u64 {
    let board = state.board();
    let mut h = 0x5EED_C4A1_u64;
    let mut feed = |v: u64| h = mix(h ^ v).wrapping_add(0x9E37_79B9_7F4A_7C15);
    feed(board.single_mask(Side::White));
    feed(board.single_mask(Side::Black));
    feed(board.tower().map_or(u64::MAX, |t| {
        (t.cell.bit().trailing_zeros() as u64) << 2
            | (t.bottom.index() as u64) << 1
            | t.top.index() as u64
    }));
    feed(state.to_move.index() as u64);
    feed(u64::from(state.segment));
    feed(state.scores[0] as u64);
    feed(state.scores[1] as u64);
    feed(state.targets[0] as u64);
    feed(state.targets[1] as u64);
    feed(state.pending.map_or(2, |s| s.index() as u64));
    h
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position;

    fn key(text: &str) -> u64 {
        position_key(&position::parse(&Options::default(), text).unwrap())
    }

    #[test]
    fn the_repetition_key_ignores_only_the_turn_count() {
        let base = "2b4/7/7/7/7/w1w4/bb5/www4 b 0 3 0 12 12 b 1";
        assert_eq!(
            key(base),
            key("2b4/7/7/7/7/w1w4/bb5/www4 b 0 3 0 12 12 b 41")
        );
        for other in [
            "2b4/7/7/7/7/w1w4/bb5/www4 b 0 3 0 12 12 b 1".replace("2b4/", "3b3/"),
            "2b4/7/7/7/7/w1w4/bb5/www4 b 0 2 0 12 12 b 1".to_owned(),
            "2b4/7/7/7/7/w1w4/bb5/www4 b 0 3 1 12 12 b 1".to_owned(),
            "2b4/7/7/7/7/w1w4/bb5/www4 b 0 3 0 13 12 b 1".to_owned(),
            "2b4/7/7/7/7/w1w4/bb5/www4 b 0 3 0 12 13 b 1".to_owned(),
            "2b4/7/7/7/7/w1w4/bb5/www4 w 0 3 0 12 12 - 1".replace("2b4/", "2bb3/"),
        ] {
            assert_ne!(key(base), key(&other), "{other}");
        }
    }
}
