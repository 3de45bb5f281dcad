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

use board_kernel::{Side, Square, SquareSet};

use crate::board::{Board, KNIGHT_SETS, LineRule, exists, in_court};
use crate::options::CycleRule;
use crate::pieces::RoyalSet;

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

    /// Whether an enemy Royal threatens one of `side`'s Royals on `board`. When none does,
    /// `side`'s checked Royals are exactly the ones an enemy Courtier threatens: a Royal is
    /// only ever checked through a threat against it.
    #[inline]
    fn royal_threat_on(self, board: &Board, side: Side) -> bool {
        let enemy = 2 * side.opponent().index();
        let (king, queen) = (board.royal_at(enemy), board.royal_at(enemy + 1));
        (2 * side.index()..2 * side.index() + 2).any(|r| {
            let sq = board.royal_at(r);
            king.distance(sq) == 1
                || (queen.distance(sq) <= 3
                    && self.lines.queen_reaches(queen, sq, board.occupied_bits()))
        })
    }

    /// `side`'s checked Royals on `board`: [`CheckRule::checked`] restricted to them, found
    /// from the Courtier threats alone unless an enemy Royal threatens one of them (then the
    /// whole relation, cycle rule included, is worked out). Testing a candidate turn asks
    /// only this, and on most boards no Royal is near an enemy one.
    #[inline]
    pub(crate) fn checked_of(self, board: &Board, side: Side) -> RoyalSet {
        if self.royal_threat_on(board, side) {
            return RoyalSet(self.checked(board).0 & own_bits(side));
        }
        let courtiers = board.courtier_bits(side.opponent());
        let mut bits = 0;
        for r in 2 * side.index()..2 * side.index() + 2 {
            if KNIGHT_SETS[board.royal_at(r).index()].intersects(courtiers) {
                bits |= 1 << r;
            }
        }
        RoyalSet(bits)
    }

    /// What a turn of `side` that moves neither the Royal with index `royal` nor any enemy
    /// piece needs to check about that Royal (§5.3): `None` when the test must be made in
    /// full; else the squares whose emptying could check it newly, so that a turn leaving
    /// none of them empty cannot. `c0` is the set of Royals checked at the start of the turn.
    ///
    /// Such a turn adds no enemy Courtier (it can only capture one), so every Courtier
    /// threat after it was there before, and a Royal that is checked already cannot be
    /// checked newly. An unchecked Royal that no enemy Royal threatens can then only become
    /// checked by an enemy Queen's three-step line that opens: the piece that moves leaves
    /// one of its two crossed squares (filling one only closes lines). An unchecked Royal
    /// threatened by an enemy Royal is unchecked because that Royal is checked itself, which
    /// the turn may undo: `None`.
    #[inline]
    pub(crate) fn royal_watch(
        self,
        board: &Board,
        side: Side,
        c0: RoyalSet,
        royal: usize,
    ) -> Option<SquareSet> {
        let enemy = 2 * side.opponent().index();
        let (king, queen) = (board.royal_at(enemy), board.royal_at(enemy + 1));
        let sq = board.royal_at(royal);
        if c0.0 & (1 << royal) != 0 || (king.distance(sq) > 1 && queen.distance(sq) > 3) {
            return Some(SquareSet::EMPTY);
        }
        if king.distance(sq) == 1 || self.lines.queen_reaches(queen, sq, board.occupied_bits()) {
            return None;
        }
        match three_step_crossed(queen, sq) {
            Some(crossed) if self.lines.pieces_block => {
                Some(SquareSet::EMPTY.with(crossed[0]).with(crossed[1]))
            }
            _ => Some(SquareSet::EMPTY),
        }
    }

    /// [`CheckRule::royal_watch`] of both of `side`'s Royals, for a turn of a Courtier.
    #[inline]
    pub(crate) fn courtier_watch(
        self,
        board: &Board,
        side: Side,
        c0: RoyalSet,
    ) -> Option<SquareSet> {
        let king = self.royal_watch(board, side, c0, 2 * side.index())?;
        let queen = self.royal_watch(board, side, c0, 2 * side.index() + 1)?;
        Some(king | queen)
    }
}

/// The two squares a Queen's three-step line from `from` to `to` crosses, if `to` is three
/// steps away along a line.
#[inline]
fn three_step_crossed(from: Square, to: Square) -> Option<[Square; 2]> {
    let df = to.file() as i8 - from.file() as i8;
    let dr = to.rank() as i8 - from.rank() as i8;
    let (af, ar) = (df.abs(), dr.abs());
    if !((af == 3 || af == 0) && (ar == 3 || ar == 0) && (af | ar) != 0) {
        return None;
    }
    let (sf, sr) = (df.signum(), dr.signum());
    Some([from.offset(sf, sr)?, from.offset(2 * sf, 2 * sr)?])
}

/// The bits of `side`'s two Royals in a [`RoyalSet`].
#[inline]
const fn own_bits(side: Side) -> u8 {
    0b11 << (2 * side.index())
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

/// Whether an enemy Courtier stands on `sq` and may be captured by `side` (§4.4).
pub(crate) fn enemy_courtier_capturable(board: &Board, sq: Square, side: Side) -> bool {
    exists(sq) && board.courtier_bits(side.opponent()).contains(sq) && capturable(board, sq, side)
}
