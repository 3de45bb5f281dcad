//! A turn (§5): one piece makes one part, or — starting in the Course with a plain step that
//! lands in the Course — optionally a second part; then the check rules filter the result.
//! A player who has no turn forfeits it (`pass`).
//!
//! ```
//! use board_kernel::Square;
//! use queens_courtiers::{Move, PartKind};
//! let sq = |t: &str| t.parse::<Square>().unwrap();
//! let double = Move::Double { from: sq("a1"), via: sq("b3"), to: sq("d4"), second: PartKind::Capture };
//! assert_eq!(double.to_string(), "a1-b3xd4");
//! assert_eq!("a1-b3xd4".parse::<Move>().unwrap(), double);
//! ```

use board_kernel::{Side, Square};

use crate::board::{Board, in_course};
use crate::check::{CheckRule, capturable};
use crate::pieces::{LineRule, Piece, Royal, RoyalSet};

/// What one part of a turn does on its target square (§5.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PartKind {
    /// Onto an empty square (`-`).
    Step,
    /// Onto a capturable enemy Courtier, which leaves the game (`x`).
    Capture,
    /// A King onto its own Queen or a Queen onto its own King: the game is won (`-…#`).
    Win,
}

/// One whole turn, identified by its path (two or three squares) — or the forced pass.
///
/// A double move's first part is always a plain step (a capture or a win ends the turn).
/// Values that make no sense in a position (no piece there, a square off the board, a wrong
/// part kind) are rejected by [`Game::play`](board_kernel::Game::play), never a panic.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Move {
    /// The forfeited turn of a player who has no legal turn.
    Pass,
    /// One part: `from` to `to`.
    Single {
        /// Where the piece stands.
        from: Square,
        /// Where it lands.
        to: Square,
        /// What happens there.
        kind: PartKind,
    },
    /// Two parts of the same piece: a step `from`→`via` in the Course, then `via`→`to`.
    Double {
        /// Where the piece stands (in the Course).
        from: Square,
        /// Where the first part lands (in the Course, empty).
        via: Square,
        /// Where the second part lands.
        to: Square,
        /// What the second part does.
        second: PartKind,
    },
}

impl Move {
    /// The squares of the path (empty for a pass).
    #[must_use]
    pub fn path(&self) -> Vec<Square> {
        match *self {
            Move::Pass => vec![],
            Move::Single { from, to, .. } => vec![from, to],
            Move::Double { from, via, to, .. } => vec![from, via, to],
        }
    }

    /// Whether the turn ends the game by uniting King and Queen.
    #[must_use]
    pub fn wins(&self) -> bool {
        matches!(
            self,
            Move::Single {
                kind: PartKind::Win,
                ..
            } | Move::Double {
                second: PartKind::Win,
                ..
            }
        )
    }

    /// Whether the turn captures a Courtier.
    #[must_use]
    pub fn captures(&self) -> bool {
        matches!(
            self,
            Move::Single {
                kind: PartKind::Capture,
                ..
            } | Move::Double {
                second: PartKind::Capture,
                ..
            }
        )
    }

    /// The starting square (`None` for a pass).
    #[must_use]
    pub fn from(&self) -> Option<Square> {
        match *self {
            Move::Pass => None,
            Move::Single { from, .. } | Move::Double { from, .. } => Some(from),
        }
    }
}

impl Move {
    /// The move packed into one number, distinct for distinct moves (for hashing).
    fn packed(&self) -> u64 {
        let kind = |k: PartKind| k as u64;
        match *self {
            Move::Pass => 0,
            Move::Single { from, to, kind: k } => {
                1 | (from.index() as u64) << 2 | (to.index() as u64) << 10 | kind(k) << 18
            }
            Move::Double {
                from,
                via,
                to,
                second,
            } => {
                2 | (from.index() as u64) << 2
                    | (to.index() as u64) << 10
                    | kind(second) << 18
                    | (via.index() as u64) << 20
            }
        }
    }
}

/// One write per move: move sets are hashed often (duplicate checks, search tables).
impl std::hash::Hash for Move {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        state.write_u64(self.packed());
    }
}

// Moves and cells appear in JSON and game records as their notation.
board_kernel::serde_via_text!(Move);

/// The rules the move generator needs, from the options.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct TurnRule {
    pub(crate) check: CheckRule,
    pub(crate) second_part_capture: bool,
    pub(crate) allow_return: bool,
    pub(crate) win_exempts_pass_through: bool,
}

/// What a part onto `to` would be for `side`'s `piece` (§5.1), or `None` when not allowed.
#[inline]
pub(crate) fn classify(board: &Board, side: Side, piece: Piece, to: Square) -> Option<PartKind> {
    match board.piece_at(to) {
        None => Some(PartKind::Step),
        Some((owner, Piece::Courtier)) if owner != side => {
            capturable(board, to, side).then_some(PartKind::Capture)
        }
        Some((owner, target)) if owner == side => match (piece, target) {
            (Piece::King, Piece::Queen) | (Piece::Queen, Piece::King) => Some(PartKind::Win),
            _ => None,
        },
        _ => None,
    }
}

impl TurnRule {
    #[inline]
    fn lines(&self) -> LineRule {
        self.check.lines
    }

    /// Whether no Royal of `side` is newly checked on `board` (§5.3-4).
    #[inline]
    fn final_ok(&self, board: &Board, side: Side, c0: RoyalSet) -> bool {
        let own = 0b11u8 << (2 * side.index());
        self.check.checked(board).0 & own & !c0.0 == 0
    }

    /// Appends the legal turns of `side`'s piece on `from` (§5.4); `c0` is the set of Royals
    /// checked at the start of the turn.
    pub(crate) fn piece_turns(
        &self,
        board: &Board,
        side: Side,
        c0: RoyalSet,
        from: Square,
        piece: Piece,
        out: &mut Vec<Move>,
    ) {
        let royal = match piece {
            Piece::King | Piece::Queen => {
                let r = Royal::of(side, piece == Piece::Queen);
                if c0.contains(r) {
                    return;
                }
                Some(r)
            }
            Piece::Courtier => None,
            Piece::United => return,
        };
        let starts_in_course = in_course(from);
        let reach = self.lines().reach(piece, from, board.occupied_bits());
        for &to in reach.as_slice() {
            let Some(kind) = classify(board, side, piece, to) else {
                continue;
            };
            let mut b1 = *board;
            b1.move_piece(side, piece, from, to);
            if kind == PartKind::Win {
                out.push(Move::Single { from, to, kind });
                continue;
            }
            if self.final_ok(&b1, side, c0) {
                out.push(Move::Single { from, to, kind });
            }
            if !(starts_in_course && kind == PartKind::Step && in_course(to)) {
                continue;
            }
            let through = royal.is_some_and(|r| self.check.checked(&b1).contains(r));
            if through && !self.win_exempts_pass_through {
                continue;
            }
            let reach2 = self.lines().reach(piece, to, b1.occupied_bits());
            for &next in reach2.as_slice() {
                if next == from && !self.allow_return {
                    continue;
                }
                let Some(second) = classify(&b1, side, piece, next) else {
                    continue;
                };
                let mv = Move::Double {
                    from,
                    via: to,
                    to: next,
                    second,
                };
                match second {
                    PartKind::Win => out.push(mv),
                    _ if through => {}
                    PartKind::Capture if !self.second_part_capture => {}
                    _ => {
                        let mut b2 = b1;
                        b2.move_piece(side, piece, to, next);
                        if self.final_ok(&b2, side, c0) {
                            out.push(mv);
                        }
                    }
                }
            }
        }
    }

    /// Appends every legal turn of `side` (not the forced pass).
    pub(crate) fn turns(&self, board: &Board, side: Side, out: &mut Vec<Move>) {
        let c0 = self.check.checked(board);
        for queen in [false, true] {
            let r = Royal::of(side, queen);
            self.piece_turns(board, side, c0, board.royal(r), r.piece, out);
        }
        for from in board.courtier_bits(side).iter() {
            self.piece_turns(board, side, c0, from, Piece::Courtier, out);
        }
    }

    /// Whether `side` has any legal turn (stops at the first piece that has one).
    pub(crate) fn has_turn(&self, board: &Board, side: Side, scratch: &mut Vec<Move>) -> bool {
        let c0 = self.check.checked(board);
        scratch.clear();
        for queen in [false, true] {
            let r = Royal::of(side, queen);
            self.piece_turns(board, side, c0, board.royal(r), r.piece, scratch);
            if !scratch.is_empty() {
                return true;
            }
        }
        for from in board.courtier_bits(side).iter() {
            self.piece_turns(board, side, c0, from, Piece::Courtier, scratch);
            if !scratch.is_empty() {
                return true;
            }
        }
        false
    }
}
