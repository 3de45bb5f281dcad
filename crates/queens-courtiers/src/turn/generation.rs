//! The legal turns of a side (§5.4), generated over a [`MoveSink`]: every candidate part
//! judged by the rules, with two shortcuts that spare the candidate boards — a Courtier far
//! from the enemy Royals checks nothing newly, and a lone Royal is checked only where an
//! enemy piece reaches it — which the tests below compare with the rules as written.

use board_kernel::{Side, Square, SquareSet};

use board_kernel::sink::{Any, Count, MoveSink};

use super::TurnRule;
use crate::board::{Board, KNIGHT_REACH, KNIGHT_SETS, LineRule, in_course, in_court};
use crate::check::{CheckRule, capturable};
use crate::notation::{Move, PartKind, classify};
use crate::pieces::{Piece, Royal, RoyalSet};

/// What a part of `side`'s Courtier onto `to` is when its Royals stay where they are (§5.1):
/// a step onto an `empty` square, a capture of a capturable `enemy` Courtier, else nothing.
#[inline(always)]
fn courtier_part(
    board: &Board,
    side: Side,
    empty: SquareSet,
    enemy: SquareSet,
    to: Square,
) -> Option<PartKind> {
    if empty.contains(to) {
        Some(PartKind::Step)
    } else if enemy.contains(to) && capturable(board, to, side) {
        Some(PartKind::Capture)
    } else {
        None
    }
}

/// Every square one of `side`'s Courtiers leaps to: where they threaten a Royal.
#[inline]
fn courtier_leaps(board: &Board, side: Side) -> SquareSet {
    let mut leaps = SquareSet::EMPTY;
    for sq in board.courtier_bits(side).iter() {
        leaps |= KNIGHT_SETS[sq.index()];
    }
    leaps
}

/// What the check test of a turn of one Royal needs to know when its partner cannot become
/// checked newly ([`CheckRule::royal_watch`]: the turn moves no other piece of the mover,
/// and the Royal's leaving its square must not open a line onto the partner). Then only the
/// moved Royal can become checked, and it was not checked before (it would be paralysed).
/// Where it ends out of the enemy Royals' reach (farther than one square from the enemy King
/// and three from the enemy Queen), it is checked exactly when an enemy Courtier leaps to
/// its square.
#[derive(Clone, Copy)]
struct LoneRoyal {
    enemy_king: Square,
    enemy_queen: Square,
    /// Every square an enemy Courtier leaps to. A Courtier captured by the turn does not
    /// count, but it never leaps to its own square, where the capturing Royal stands.
    courtier_leaps: SquareSet,
}

impl LoneRoyal {
    /// `None` unless `royal`'s turns cannot check its partner newly.
    #[inline]
    fn new(
        check: CheckRule,
        board: &Board,
        c0: RoyalSet,
        royal: Royal,
        courtier_leaps: SquareSet,
    ) -> Option<LoneRoyal> {
        let side = royal.side;
        let watch = check.royal_watch(board, side, c0, royal.index() ^ 1)?;
        if watch.contains(board.royal(royal)) {
            return None;
        }
        let enemy = 2 * side.opponent().index();
        Some(LoneRoyal {
            enemy_king: board.royal_at(enemy),
            enemy_queen: board.royal_at(enemy + 1),
            courtier_leaps,
        })
    }

    #[inline(always)]
    fn out_of_royal_reach(self, sq: Square) -> bool {
        self.enemy_king.distance(sq) > 1 && self.enemy_queen.distance(sq) > 3
    }
}

/// One [`LoneRoyal`]'s turn in the making, on the board of the turn's start: a Royal's
/// double move only steps first, so the board after it is the board after a single part
/// straight to its end, and no candidate board is made unless the Royal comes within an
/// enemy Royal's reach.
struct LoneRoyalTurn<'a> {
    check: CheckRule,
    board: &'a Board,
    royal: Royal,
    lone: LoneRoyal,
    from: Square,
    partner: Square,
    occupied: SquareSet,
    enemy_courtiers: SquareSet,
}

impl LoneRoyalTurn<'_> {
    /// What a part onto `to` is with the Royal standing on `at` (§5.1): onto the partner it
    /// wins, `from` is empty once the Royal has left it, and an enemy Courtier is capturable
    /// in the Court or when it threatens the Royal (where it stands) or its partner (§4.4).
    #[inline(always)]
    fn part(&self, to: Square, at: Square) -> Option<PartKind> {
        if to == self.partner {
            Some(PartKind::Win)
        } else if !self.occupied.contains(to) || to == self.from {
            Some(PartKind::Step)
        } else if self.enemy_courtiers.contains(to)
            && (in_court(to)
                || KNIGHT_SETS[to.index()].contains(at)
                || KNIGHT_SETS[to.index()].contains(self.partner))
        {
            Some(PartKind::Capture)
        } else {
            None
        }
    }

    /// Whether the Royal, moved from `from` to `sq` (in one or two parts), is checked there.
    #[inline(always)]
    fn checked_on(&self, sq: Square) -> bool {
        let lone = self.lone;
        // A Courtier's threat always checks; without one, a Royal is checked only through
        // an enemy Royal that threatens it (§4.2).
        if lone.courtier_leaps.contains(sq) {
            true
        } else if lone.out_of_royal_reach(sq)
            || !(lone.enemy_king.distance(sq) == 1
                || self.check.lines.queen_reaches(
                    lone.enemy_queen,
                    sq,
                    self.occupied.without(self.from).with(sq),
                ))
        {
            false
        } else {
            let mut after = *self.board;
            after.move_piece(self.royal.side, self.royal.piece, self.from, sq);
            self.check.checked(&after).contains(self.royal)
        }
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
        self.check.checked_of(board, side).0 & !c0.0 == 0
    }

    /// Adds the legal turns of `side`'s piece on `from` (§5.4); `c0` is the set of Royals
    /// checked at the start of the turn.
    pub(crate) fn piece_turns(
        &self,
        board: &Board,
        side: Side,
        c0: RoyalSet,
        from: Square,
        piece: Piece,
        out: &mut impl MoveSink<Move>,
    ) {
        match piece {
            Piece::King | Piece::Queen => {
                let r = Royal::of(side, piece == Piece::Queen);
                self.royal_turns(board, c0, r, courtier_leaps(board, side.opponent()), out);
            }
            Piece::Courtier => {
                let watch = self.check.courtier_watch(board, side, c0);
                self.courtier_turns(board, side, c0, watch, from, out);
            }
            Piece::United => {}
        }
    }

    /// The turns of `royal`, unless it is paralysed; `leaps` is every square an enemy
    /// Courtier leaps to ([`courtier_leaps`]).
    #[inline]
    fn royal_turns(
        &self,
        board: &Board,
        c0: RoyalSet,
        royal: Royal,
        leaps: SquareSet,
        out: &mut impl MoveSink<Move>,
    ) {
        if c0.contains(royal) {
            return;
        }
        match LoneRoyal::new(self.check, board, c0, royal, leaps) {
            Some(lone) => self.lone_royal_turns(board, royal, lone, out),
            None => {
                let from = board.royal(royal);
                self.checked_turns(board, royal.side, c0, from, royal.piece, out);
            }
        }
    }

    /// The turns of `side`'s Courtier on `from`, given [`CheckRule::courtier_watch`].
    #[inline]
    fn courtier_turns(
        &self,
        board: &Board,
        side: Side,
        c0: RoyalSet,
        watch: Option<SquareSet>,
        from: Square,
        out: &mut impl MoveSink<Move>,
    ) {
        match watch {
            Some(watch) if !watch.contains(from) => {
                self.free_courtier_turns(board, side, from, out);
            }
            _ => self.checked_turns(board, side, c0, from, Piece::Courtier, out),
        }
    }

    /// The turns of `side`'s piece on `from` with every candidate made on a board of its own
    /// and the check relation worked out on it: where no shortcut applies.
    fn checked_turns(
        &self,
        board: &Board,
        side: Side,
        c0: RoyalSet,
        from: Square,
        piece: Piece,
        out: &mut impl MoveSink<Move>,
    ) {
        let royal = piece
            .is_royal()
            .then(|| Royal::of(side, piece == Piece::Queen));
        let starts_in_course = in_course(from);
        let reach = self.lines().reach(piece, from, board.occupied_bits());
        for &to in reach.as_slice() {
            if out.full() {
                return;
            }
            let Some(kind) = classify(board, side, piece, to) else {
                continue;
            };
            let mut b1 = *board;
            b1.move_piece(side, piece, from, to);
            if kind == PartKind::Win {
                out.add(Move::Single { from, to, kind });
                continue;
            }
            if self.final_ok(&b1, side, c0) {
                out.add(Move::Single { from, to, kind });
                if out.full() {
                    return;
                }
            }
            if !(starts_in_course && kind == PartKind::Step && in_course(to)) {
                continue;
            }
            let through = royal.is_some_and(|r| self.check.checked_of(&b1, side).contains(r));
            if through && !self.win_exempts_pass_through {
                continue;
            }
            let reach2 = self.lines().reach(piece, to, b1.occupied_bits());
            for &next in reach2.as_slice() {
                if out.full() {
                    return;
                }
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
                    PartKind::Win => out.add(mv),
                    _ if through => {}
                    PartKind::Capture if !self.second_part_capture => {}
                    _ => {
                        let mut b2 = b1;
                        b2.move_piece(side, piece, to, next);
                        if self.final_ok(&b2, side, c0) {
                            out.add(mv);
                        }
                    }
                }
            }
        }
    }

    /// The turns of an unchecked Royal whose turns cannot check its partner newly:
    /// [`TurnRule::piece_turns`] on the start board ([`LoneRoyalTurn`]).
    #[inline]
    fn lone_royal_turns(
        &self,
        board: &Board,
        royal: Royal,
        lone: LoneRoyal,
        out: &mut impl MoveSink<Move>,
    ) {
        let turn = LoneRoyalTurn {
            check: self.check,
            board,
            royal,
            lone,
            from: board.royal(royal),
            partner: board.royal_at(royal.index() ^ 1),
            occupied: board.occupied_bits(),
            enemy_courtiers: board.courtier_bits(royal.side.opponent()),
        };
        let (from, piece) = (turn.from, royal.piece);
        let starts_in_course = in_course(from);
        for &to in self.lines().reach(piece, from, turn.occupied).as_slice() {
            if out.full() {
                return;
            }
            let Some(kind) = turn.part(to, from) else {
                continue;
            };
            if kind == PartKind::Win {
                out.add(Move::Single { from, to, kind });
                continue;
            }
            let through = turn.checked_on(to);
            if !through {
                out.add(Move::Single { from, to, kind });
                if out.full() {
                    return;
                }
            }
            if !(starts_in_course && kind == PartKind::Step && in_course(to))
                || (through && !self.win_exempts_pass_through)
            {
                continue;
            }
            let occupied1 = turn.occupied.without(from).with(to);
            for &next in self.lines().reach(piece, to, occupied1).as_slice() {
                if out.full() {
                    return;
                }
                if next == from && !self.allow_return {
                    continue;
                }
                let Some(second) = turn.part(next, to) else {
                    continue;
                };
                let legal = match second {
                    PartKind::Win => true,
                    _ if through => false,
                    PartKind::Capture if !self.second_part_capture => false,
                    _ => !turn.checked_on(next),
                };
                if legal {
                    out.add(Move::Double {
                        from,
                        via: to,
                        to: next,
                        second,
                    });
                }
            }
        }
    }

    /// The turns of a Courtier of `side` on `from` whose turns check no Royal of `side`
    /// newly ([`CheckRule::courtier_watch`]): every part the board allows is legal, so no
    /// candidate board is made. A Courtier's leaps ignore what stands between, and its
    /// two parts see the board of the turn's start except on `from`, which the first part
    /// left empty (the capturability of a Courtier depends only on where it stands and on
    /// `side`'s Royals, which do not move).
    #[inline]
    fn free_courtier_turns(
        &self,
        board: &Board,
        side: Side,
        from: Square,
        out: &mut impl MoveSink<Move>,
    ) {
        let empty = !board.occupied_bits();
        let enemy = board.courtier_bits(side.opponent());
        let part = |to: Square| courtier_part(board, side, empty, enemy, to);
        let starts_in_course = in_course(from);
        for &to in KNIGHT_REACH[from.index()].as_slice() {
            let Some(kind) = part(to) else {
                continue;
            };
            out.add(Move::Single { from, to, kind });
            if out.full() {
                return;
            }
            if !(starts_in_course && kind == PartKind::Step && in_course(to)) {
                continue;
            }
            for &next in KNIGHT_REACH[to.index()].as_slice() {
                let second = if next == from {
                    if !self.allow_return {
                        continue;
                    }
                    PartKind::Step
                } else {
                    match part(next) {
                        Some(PartKind::Capture) if !self.second_part_capture => continue,
                        Some(second) => second,
                        None => continue,
                    }
                };
                out.add(Move::Double {
                    from,
                    via: to,
                    to: next,
                    second,
                });
            }
        }
    }

    /// Adds every legal turn of `side` (not the forced pass).
    pub(crate) fn turns(&self, board: &Board, side: Side, out: &mut impl MoveSink<Move>) {
        let c0 = self.check.checked(board);
        let leaps = courtier_leaps(board, side.opponent());
        for queen in [false, true] {
            self.royal_turns(board, c0, Royal::of(side, queen), leaps, out);
        }
        let watch = self.check.courtier_watch(board, side, c0);
        for from in board.courtier_bits(side).iter() {
            self.courtier_turns(board, side, c0, watch, from, out);
        }
    }

    /// Calls `emit` with the square of every piece of `side` that has a legal turn (not the
    /// forced pass), in the order of [`TurnRule::turns`]: each piece's turns are generated
    /// only until the first is found.
    pub(crate) fn turn_squares(&self, board: &Board, side: Side, emit: &mut impl FnMut(Square)) {
        let c0 = self.check.checked(board);
        let leaps = courtier_leaps(board, side.opponent());
        for queen in [false, true] {
            let royal = Royal::of(side, queen);
            let mut any = Any::default();
            self.royal_turns(board, c0, royal, leaps, &mut any);
            if any.0 {
                emit(board.royal(royal));
            }
        }
        let watch = self.check.courtier_watch(board, side, c0);
        for from in board.courtier_bits(side).iter() {
            let mut any = Any::default();
            self.courtier_turns(board, side, c0, watch, from, &mut any);
            if any.0 {
                emit(from);
            }
        }
    }

    /// Appends to `out` the legal turns of `side` from `from` (not the forced pass), in the
    /// order of [`TurnRule::turns`].
    pub(crate) fn turns_from(&self, board: &Board, side: Side, from: Square, out: &mut Vec<Move>) {
        let c0 = self.check.checked(board);
        let leaps = courtier_leaps(board, side.opponent());
        let start = out.len();
        for queen in [false, true] {
            let royal = Royal::of(side, queen);
            if board.royal(royal) == from {
                self.royal_turns(board, c0, royal, leaps, out);
            }
        }
        if board.courtier_bits(side).contains(from) {
            let watch = self.check.courtier_watch(board, side, c0);
            self.courtier_turns(board, side, c0, watch, from, out);
        }
        // A royal's turns are its own square's (kept as a guard, not a filter).
        let mut at = start;
        for i in start..out.len() {
            if out[i].from() == Some(from) {
                out[at] = out[i];
                at += 1;
            }
        }
        out.truncate(at);
    }

    /// How many legal turns `side` has (not counting the forced pass).
    pub(crate) fn count_turns(&self, board: &Board, side: Side) -> usize {
        let mut count = Count::default();
        self.turns(board, side, &mut count);
        count.0
    }

    /// Whether `side` has any legal turn (stops at the first turn found).
    pub(crate) fn has_turn(&self, board: &Board, side: Side) -> bool {
        let mut any = Any::default();
        self.turns(board, side, &mut any);
        any.0
    }
}

#[cfg(test)]
mod tests;
