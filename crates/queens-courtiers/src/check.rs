//! Threat, check, paralysis and capturability (§4).
//!
//! A Royal is **threatened** by an enemy piece whose reach contains its square. It is
//! **checked** when threatened by an enemy Courtier or by an enemy Royal that is not itself
//! (certainly) checked. Royals threatening one another in a cycle are left undetermined by
//! that definition; the `cycle_rule` option decides whether they count as checked. A checked
//! Royal of the side to move is **paralysed**.
//!
//! Everything is computed from tables and the four Royal squares: at most 4 Royals × (one
//! set intersection for Courtiers + two direct Royal tests), never by generating moves.

use board_kernel::{Side, Square};

use crate::board::{Board, in_court};
use crate::options::CycleRule;
use crate::pieces::{KNIGHT_SETS, LineRule, RoyalSet};

/// The check rules of one game (from its options).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct CheckRule {
    pub(crate) lines: LineRule,
    pub(crate) cycle: CycleRule,
}

impl CheckRule {
    /// The checked Royals of `board` (§4.2), as a [`RoyalSet`].
    pub(crate) fn checked(self, board: &Board) -> RoyalSet {
        let mut by_courtier = 0u8;
        let mut by_royals = [0u8; 4];
        let mut any_royal_threat = false;
        for (r, threats) in by_royals.iter_mut().enumerate() {
            let enemy = if r < 2 { Side::Black } else { Side::White };
            let sq = board.royal_at(r);
            if KNIGHT_SETS[sq.index()].intersects(board.courtier_bits(enemy)) {
                by_courtier |= 1 << r;
            }
            let king = 2 * enemy.index();
            // No Royal reaches farther than three squares.
            if board.royal_at(king).distance(sq) == 1 {
                *threats |= 1 << king;
                any_royal_threat = true;
            }
            let queen = board.royal_at(king + 1);
            if queen.distance(sq) <= 3 && self.lines.queen_reaches(queen, sq, board.occupied_bits())
            {
                *threats |= 1 << (king + 1);
                any_royal_threat = true;
            }
        }
        if !any_royal_threat {
            return RoyalSet(by_courtier);
        }
        // G(S): Royals threatened by a Courtier or by a Royal outside S.
        let g = |s: u8| -> u8 {
            let mut out = by_courtier;
            for (r, threats) in by_royals.iter().enumerate() {
                if threats & !s != 0 {
                    out |= 1 << r;
                }
            }
            out
        };
        let mut certain = 0u8;
        loop {
            let possible = g(certain);
            let next = g(possible);
            if next == certain {
                return RoyalSet(match self.cycle {
                    CycleRule::BothChecked => possible,
                    CycleRule::NeitherChecked => certain,
                });
            }
            certain = next;
        }
    }
}

/// Whether an enemy Courtier on `sq` may be captured by `side` (§4.4): it stands in the
/// Court, or it threatens one of `side`'s Royals. Evaluated on the board just before the
/// capturing part.
#[inline]
pub(crate) fn capturable(board: &Board, sq: Square, side: Side) -> bool {
    if in_court(sq) {
        return true;
    }
    let knights = KNIGHT_SETS[sq.index()];
    let i = side.index() * 2;
    knights.contains(board.royal_at(i)) || knights.contains(board.royal_at(i + 1))
}
