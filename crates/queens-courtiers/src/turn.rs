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

use board_kernel::{Illegal, ParseError, Side, Square, SquareSet};

use crate::board::{exists, in_course, in_court};
use crate::check::{CheckRule, capturable};
use crate::end::{Outcome, outcome_after};
use crate::notation::{Move, PartKind, read_written};
use crate::options::{CentreSquare, Options, QueenThreeStep};
use crate::pieces::{KNIGHT_REACH, KNIGHT_SETS, LineRule, Piece, Royal, RoyalSet, side_name};
use crate::state::{Board, State, repetition_key};

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

/// Where generated turns go: a list, or a tally when only their number matters (perft's
/// last ply, the no-turn test).
pub(crate) trait TurnSink {
    /// Takes one legal turn.
    fn add(&mut self, mv: Move);

    /// Whether the sink wants no more turns: a generator may stop as soon as this says so
    /// (a constant `false` for the sinks that take every turn, so that they pay nothing).
    #[inline(always)]
    fn full(&self) -> bool {
        false
    }
}

impl TurnSink for Vec<Move> {
    #[inline]
    fn add(&mut self, mv: Move) {
        self.push(mv);
    }
}

/// A [`TurnSink`] that only learns whether there is a turn: full after the first.
#[derive(Default)]
struct Any(bool);

impl TurnSink for Any {
    #[inline(always)]
    fn add(&mut self, _mv: Move) {
        self.0 = true;
    }

    #[inline(always)]
    fn full(&self) -> bool {
        self.0
    }
}

/// A [`TurnSink`] that only counts.
#[derive(Default)]
pub(crate) struct Tally(pub(crate) usize);

impl TurnSink for Tally {
    #[inline]
    fn add(&mut self, _mv: Move) {
        self.0 += 1;
    }
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
        out: &mut impl TurnSink,
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
        out: &mut impl TurnSink,
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
        out: &mut impl TurnSink,
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
        out: &mut impl TurnSink,
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
        out: &mut impl TurnSink,
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
        out: &mut impl TurnSink,
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
    pub(crate) fn turns(&self, board: &Board, side: Side, out: &mut impl TurnSink) {
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
        let mut tally = Tally::default();
        self.turns(board, side, &mut tally);
        tally.0
    }

    /// Whether `side` has any legal turn (stops at the first turn found).
    pub(crate) fn has_turn(&self, board: &Board, side: Side) -> bool {
        let mut any = Any::default();
        self.turns(board, side, &mut any);
        any.0
    }
}

/// Building the rules from the options, and saying why a move breaks them.
impl TurnRule {
    /// The rules of a game under `options`.
    pub(crate) fn new(options: &Options) -> TurnRule {
        TurnRule {
            check: CheckRule {
                lines: LineRule {
                    centre_blocks: options.centre_square == CentreSquare::Absent,
                    pieces_block: options.queen_three_step == QueenThreeStep::NeedsEmptyPath,
                },
                cycle: options.cycle_rule,
            },
            second_part_capture: options.second_part_capture,
            allow_return: options.allow_return_double_move,
            win_exempts_pass_through: options.win_exempts_pass_through,
        }
    }

    /// The specific reason why `mv` is illegal, found by walking the rules along its path.
    pub(crate) fn reason(&self, state: &State, mv: &Move) -> Illegal {
        let side = state.to_move;
        let name = side_name(side);
        let board = &state.board;
        let c0 = self.check.checked(board);
        let (from, first, second) = match *mv {
            Move::Pass => {
                return Illegal::breaks(
                    "§5.4",
                    format!("{name} has a legal turn, and a player may only pass when forced to"),
                );
            }
            Move::Single { from, to, kind } => (from, (to, kind), None),
            Move::Double {
                from,
                via,
                to,
                second,
            } => (from, (via, PartKind::Step), Some((to, second))),
        };
        for sq in [Some(from), Some(first.0), second.map(|s| s.0)]
            .into_iter()
            .flatten()
        {
            if !exists(sq) {
                return Illegal::breaks("§2.1", format!("{sq} is not a square of the board"));
            }
        }
        let piece = match board.piece_at(from) {
            None => return Illegal::breaks("§5.1", format!("there is no piece on {from}")),
            Some((owner, _)) if owner != side => {
                return Illegal::breaks(
                    "§5.1",
                    format!(
                        "the piece on {from} is {}'s, and {name} is to move",
                        side_name(owner)
                    ),
                );
            }
            Some((_, piece)) => piece,
        };
        if piece.is_royal() && c0.contains(Royal::of(side, piece == Piece::Queen)) {
            return Illegal::breaks(
                "§4.3",
                format!(
                    "the {name} {piece} on {from} is checked, so it is paralysed and may not move"
                ),
            );
        }
        let describe = |board: &Board, at: Square, to: Square, kind: PartKind| -> Option<Illegal> {
            let reach = self.check.lines.reach(piece, at, board.occupied_bits());
            if !reach.as_slice().contains(&to) {
                return Some(match piece {
                    Piece::Queen
                        if self.check.lines.queen_reaches(at, to, SquareSet::EMPTY)
                            || (at.line_to(to).is_some_and(|(_, n)| n == 3)) =>
                    {
                        Illegal::breaks(
                            "§3",
                            format!("the Queen's three-step line from {at} to {to} is blocked"),
                        )
                    }
                    _ => Illegal::breaks("§3", format!("a {piece} on {at} cannot reach {to}")),
                });
            }
            let actual = match classify(board, side, piece, to) {
                Some(k) => k,
                None => {
                    return Some(match board.piece_at(to) {
                        Some((owner, Piece::Courtier)) if owner != side => Illegal::breaks(
                            "§4.4",
                            format!(
                                "the {} Courtier on {to} is in the Course and checks no {name} Royal, so it cannot be captured",
                                side_name(owner)
                            ),
                        ),
                        Some((owner, p)) if owner != side => Illegal::breaks(
                            "§4.4",
                            format!(
                                "the {} {p} on {to} is a Royal: Royals are never captured",
                                side_name(owner)
                            ),
                        ),
                        Some((_, p)) => {
                            Illegal::breaks("§4.4", format!("{to} holds {name}'s own {p}"))
                        }
                        None => Illegal::breaks("§4.4", format!("{to} cannot be entered")),
                    });
                }
            };
            (actual != kind).then(|| match actual {
                PartKind::Step => {
                    Illegal::breaks("§7", format!("{to} is empty: write `-`, not `x` or `#`"))
                }
                PartKind::Capture => {
                    Illegal::breaks("§7", format!("the part onto {to} captures: write `x`"))
                }
                PartKind::Win => Illegal::breaks(
                    "§7",
                    format!("the part onto {to} unites King and Queen: it wins (`#`)"),
                ),
            })
        };
        if let Some(why) = describe(board, from, first.0, first.1) {
            return why;
        }
        let mut b1 = *board;
        b1.move_piece(side, piece, from, first.0);
        let Some((to, kind)) = second else {
            if first.1 == PartKind::Win {
                return Illegal::breaks("§5.1", "no rule forbids this winning move");
            }
            return self.self_check_reason(&b1, side, c0);
        };
        if !in_course(from) {
            return Illegal::breaks(
                "§5.2",
                format!("{from} is in the Court: a double move must start in the Course"),
            );
        }
        if !in_course(first.0) {
            return Illegal::breaks(
                "§5.2",
                format!(
                    "the first part lands on {} in the Court, which ends the turn",
                    first.0
                ),
            );
        }
        if to == from && !self.allow_return {
            return Illegal::breaks(
                "§5.2",
                "a double move may not return to its starting square",
            );
        }
        if let Some(why) = describe(&b1, first.0, to, kind) {
            return why;
        }
        if kind == PartKind::Capture && !self.second_part_capture {
            return Illegal::breaks(
                "§5.2",
                "the second part of a double move may not capture (second_part_capture = off)",
            );
        }
        let royal = piece
            .is_royal()
            .then(|| Royal::of(side, piece == Piece::Queen));
        if let Some(r) = royal
            && self.check.checked(&b1).contains(r)
            && (kind != PartKind::Win || !self.win_exempts_pass_through)
        {
            return Illegal::breaks(
                "§5.3",
                format!("the {r} would pass through check on {}", first.0),
            );
        }
        let mut b2 = b1;
        b2.move_piece(side, piece, first.0, to);
        self.self_check_reason(&b2, side, c0)
    }

    fn self_check_reason(&self, board: &Board, side: Side, c0: RoyalSet) -> Illegal {
        let checked = self.check.checked(board);
        match Royal::ALL
            .into_iter()
            .find(|r| r.side == side && checked.contains(*r) && !c0.contains(*r))
        {
            Some(r) => Illegal::breaks(
                "§5.3",
                format!("it would leave the {r} on {} checked", board.royal(r)),
            ),
            None => Illegal::breaks("§5.3", "it is not among the legal moves of this position"),
        }
    }
}

/// The state after `mv` with no legality check and no end-of-game test: the board part
/// of playing a turn.
pub(crate) fn play_board(board: &mut Board, side: Side, mv: &Move) -> bool {
    let mut captured = false;
    let mut step = |board: &mut Board, from: Square, to: Square| {
        let Some((owner, piece)) = board.piece_at(from) else {
            return;
        };
        if owner != side {
            return;
        }
        captured |= board.courtier_bits(side.opponent()).contains(to);
        board.move_piece(side, piece, from, to);
    };
    match *mv {
        Move::Pass => {}
        Move::Single { from, to, .. } => step(board, from, to),
        Move::Double { from, via, to, .. } => {
            step(board, from, via);
            step(board, via, to);
        }
    }
    captured
}

/// Whole turns on a state: generating, checking, playing and counting them, with the end of
/// the game they lead to.
impl TurnRule {
    /// The legal turns of `state`: its pieces' turns, or the pass when it has none (§5.4);
    /// none once the game is over.
    pub(crate) fn generate(&self, state: &State, moves: &mut Vec<Move>) {
        if state.outcome != Outcome::Ongoing {
            return;
        }
        let before = moves.len();
        self.turns(&state.board, state.to_move, moves);
        if moves.len() == before {
            moves.push(Move::Pass);
        }
    }

    /// Plays the legal turn `mv`: the board, the counters, the history (restarted after a
    /// capture) and the outcome it leads to.
    pub(crate) fn play_turn(options: &Options, state: &mut State, mv: &Move) {
        let side = state.to_move;
        let captured = play_board(&mut state.board, side, mv);
        state.passes = if *mv == Move::Pass {
            state.passes.saturating_add(1)
        } else {
            0
        };
        // Bounded: the counter stops at u32::MAX (the parser reads every u32), so no ply
        // overflows it.
        state.ply = state.ply.saturating_add(1);
        state.to_move = side.opponent();
        // The position joins the history (restarted after a capture) before the end checks,
        // so a finished game's history ends with its final position too.
        let key = state.repetition_key();
        let occurrences = if captured {
            state.history.restart(key);
            1
        } else {
            state.history.push(key)
        };
        let united = state.board.united(side);
        state.outcome = outcome_after(options, united, side, state.passes, occurrences, state.ply);
    }

    /// Whether `mv` is legal in `state`: the moving piece's turns are listed to find it.
    pub(crate) fn is_legal(&self, state: &State, mv: &Move) -> bool {
        if state.outcome != Outcome::Ongoing {
            return false;
        }
        let side = state.to_move;
        let board = &state.board;
        // One piece's turns are listed to find the move among them; the list is kept per
        // thread, so checking a move allocates nothing once it has grown.
        thread_local! {
            static FOUND: std::cell::RefCell<Vec<Move>> = const { std::cell::RefCell::new(Vec::new()) };
        }
        FOUND.with_borrow_mut(|found| {
            found.clear();
            found.reserve(256);
            match mv.from() {
                None => !self.has_turn(board, side),
                Some(from) => {
                    let Some((owner, piece)) =
                        (exists(from)).then(|| board.piece_at(from)).flatten()
                    else {
                        return false;
                    };
                    if owner != side {
                        return false;
                    }
                    let c0 = self.check.checked(board);
                    self.piece_turns(board, side, c0, from, piece, found);
                    found.contains(mv)
                }
            }
        })
    }

    /// Whether `mv` may be played in `state`, and if not, the rule it breaks.
    pub(crate) fn check_move(&self, state: &State, mv: &Move) -> Result<(), Illegal> {
        if state.outcome != Outcome::Ongoing {
            return Err(Illegal::GameOver);
        }
        if self.is_legal(state, mv) {
            Ok(())
        } else {
            Err(self.reason(state, mv))
        }
    }

    /// How many legal turns `state` has, without listing them.
    pub(crate) fn count(&self, state: &State) -> usize {
        if state.outcome != Outcome::Ongoing {
            return 0;
        }
        self.count_turns(&state.board, state.to_move).max(1)
    }

    /// How many legal turns follow the legal turn `mv`, playing it on a copy of the board
    /// only (the history is read, not copied); `None` in a finished game.
    pub(crate) fn count_after(&self, options: &Options, state: &State, mv: &Move) -> Option<usize> {
        if state.outcome != Outcome::Ongoing {
            return None;
        }
        let side = state.to_move;
        let mut board = state.board;
        let captured = play_board(&mut board, side, mv);
        let passes = if *mv == Move::Pass {
            state.passes.saturating_add(1)
        } else {
            0
        };
        let occurrences = if captured || options.repetition_limit == 0 {
            1
        } else {
            let key = repetition_key(&board, side.opponent());
            state.history.occurrences(key) + 1
        };
        let ply = state.ply.saturating_add(1);
        let united = board.united(side);
        if outcome_after(options, united, side, passes, occurrences, ply) != Outcome::Ongoing {
            return Some(0);
        }
        Some(self.count_turns(&board, side.opponent()).max(1))
    }
}

/// Reads a turn in the context of `state`: either separator is accepted and `#` is optional,
/// each part taking the kind the board gives it (step, capture or win). The result is not
/// necessarily legal.
pub(crate) fn read_move(state: &State, text: &str) -> Result<Move, ParseError> {
    let Some(written) = read_written(text)? else {
        return Ok(Move::Pass);
    };
    let side = state.to_move;
    let board = &state.board;
    if let Some((_, piece)) = board
        .piece_at(written.squares[0])
        .filter(|(owner, _)| *owner == side)
    {
        let from = written.squares[0];
        if let Some(kind) = classify(board, side, piece, written.squares[1]) {
            match written.squares[..] {
                [_, to] => return Ok(Move::Single { from, to, kind }),
                [_, via, to] if kind == PartKind::Step => {
                    let mut b1 = *board;
                    b1.move_piece(side, piece, from, via);
                    if let Some(second) = classify(&b1, side, piece, to) {
                        return Ok(Move::Double {
                            from,
                            via,
                            to,
                            second,
                        });
                    }
                }
                _ => {}
            }
        }
    }
    written.to_move(text)
}

#[cfg(test)]
mod tests {
    //! The generator's shortcuts (no check test for a Courtier far from the enemy Royals, no
    //! candidate board for a lone Royal) against the rules as written: every candidate made
    //! on a board of its own and the whole check relation of all four Royals worked out.

    use board_kernel::SplitMix64;

    use super::*;
    use crate::board::exists;
    use crate::options::CycleRule;

    /// §5.4 word for word: the generator as it was before the shortcuts.
    fn reference_piece_turns(
        rule: &TurnRule,
        board: &Board,
        side: Side,
        c0: RoyalSet,
        from: Square,
        piece: Piece,
        out: &mut Vec<Move>,
    ) {
        let own = 0b11u8 << (2 * side.index());
        let ok = |b: &Board| rule.check.checked(b).0 & own & !c0.0 == 0;
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
        for &to in rule
            .lines()
            .reach(piece, from, board.occupied_bits())
            .as_slice()
        {
            let Some(kind) = classify(board, side, piece, to) else {
                continue;
            };
            let mut b1 = *board;
            b1.move_piece(side, piece, from, to);
            if kind == PartKind::Win {
                out.push(Move::Single { from, to, kind });
                continue;
            }
            if ok(&b1) {
                out.push(Move::Single { from, to, kind });
            }
            if !(in_course(from) && kind == PartKind::Step && in_course(to)) {
                continue;
            }
            let through = royal.is_some_and(|r| rule.check.checked(&b1).contains(r));
            if through && !rule.win_exempts_pass_through {
                continue;
            }
            for &next in rule.lines().reach(piece, to, b1.occupied_bits()).as_slice() {
                if next == from && !rule.allow_return {
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
                let mut b2 = b1;
                b2.move_piece(side, piece, to, next);
                let legal = match second {
                    PartKind::Win => true,
                    _ if through => false,
                    PartKind::Capture if !rule.second_part_capture => false,
                    _ => ok(&b2),
                };
                if legal {
                    out.push(mv);
                }
            }
        }
    }

    fn reference_turns(rule: &TurnRule, board: &Board, side: Side) -> Vec<Move> {
        let c0 = rule.check.checked(board);
        let mut out = Vec::new();
        for r in Royal::ALL.into_iter().filter(|r| r.side == side) {
            reference_piece_turns(rule, board, side, c0, board.royal(r), r.piece, &mut out);
        }
        for from in board.courtier_bits(side).iter() {
            reference_piece_turns(rule, board, side, c0, from, Piece::Courtier, &mut out);
        }
        out
    }

    /// Every combination of the options the generator reads (64).
    fn rules() -> Vec<TurnRule> {
        (0..64u32)
            .map(|bits| TurnRule {
                check: CheckRule {
                    lines: LineRule {
                        centre_blocks: bits & 1 != 0,
                        pieces_block: bits & 2 != 0,
                    },
                    cycle: if bits & 4 != 0 {
                        CycleRule::BothChecked
                    } else {
                        CycleRule::NeitherChecked
                    },
                },
                second_part_capture: bits & 8 != 0,
                allow_return: bits & 16 != 0,
                win_exempts_pass_through: bits & 32 != 0,
            })
            .collect()
    }

    /// A square near `sq` (within `spread` files and ranks), or anywhere when `sq` is `None`.
    fn square_near(rng: &mut SplitMix64, sq: Option<Square>, spread: i8) -> Square {
        loop {
            let candidate = match sq {
                None => Some(Square::at(rng.below(15) as u8, rng.below(15) as u8)),
                Some(sq) => sq.offset(
                    rng.below(2 * spread as usize + 1) as i8 - spread,
                    rng.below(2 * spread as usize + 1) as i8 - spread,
                ),
            };
            if let Some(candidate) = candidate.filter(|c| exists(*c)) {
                return candidate;
            }
        }
    }

    /// A random board whose pieces crowd around one spot, so that Royals threaten one
    /// another, Courtiers threaten Royals and checks come in cycles far more often than in
    /// play.
    fn crowded_board(rng: &mut SplitMix64) -> Board {
        loop {
            let centre = Some(square_near(rng, None, 0));
            let spread = 2 + rng.below(4) as i8;
            let royals = [(); 4].map(|()| square_near(rng, centre, spread));
            let mut courtiers = [SquareSet::EMPTY; 2];
            for set in &mut courtiers {
                for _ in 0..rng.below(7) {
                    set.insert(square_near(rng, centre, spread + 1));
                }
            }
            // A side's King and Queen on one square have already won: nothing moves then.
            if royals[0] == royals[1] || royals[2] == royals[3] {
                continue;
            }
            if let Some(board) = Board::new(royals, courtiers) {
                return board;
            }
        }
    }

    #[test]
    fn the_shortcuts_list_exactly_the_turns_of_the_rules() {
        let mut rng = SplitMix64::new(0x5eed);
        let rules = rules();
        let (mut free, mut watched, mut near) = (0, 0, 0);
        let (mut lone, mut not_lone, mut turns_seen) = (0, 0, 0);
        for _ in 0..1500 {
            let board = crowded_board(&mut rng);
            for side in Side::ALL {
                for rule in &rules {
                    let c0 = rule.check.checked(&board);
                    match rule.check.courtier_watch(&board, side, c0) {
                        Some(watch) if watch.is_empty() => free += 1,
                        Some(_) => watched += 1,
                        None => near += 1,
                    }
                    let leaps = courtier_leaps(&board, side.opponent());
                    for r in Royal::ALL
                        .into_iter()
                        .filter(|r| r.side == side && !c0.contains(*r))
                    {
                        match LoneRoyal::new(rule.check, &board, c0, r, leaps) {
                            Some(_) => lone += 1,
                            None => not_lone += 1,
                        }
                    }
                    let mut expected = reference_turns(rule, &board, side);
                    let mut listed = Vec::new();
                    rule.turns(&board, side, &mut listed);
                    assert_eq!(rule.count_turns(&board, side), listed.len());
                    assert_eq!(rule.has_turn(&board, side), !listed.is_empty());
                    expected.sort();
                    listed.sort();
                    if listed != expected {
                        let extra: Vec<_> =
                            listed.iter().filter(|m| !expected.contains(m)).collect();
                        let missing: Vec<_> =
                            expected.iter().filter(|m| !listed.contains(m)).collect();
                        panic!(
                            "{board:?}, {side:?}, {rule:?}: extra {extra:?}, missing {missing:?}"
                        );
                    }
                    turns_seen += listed.len();
                }
            }
        }
        // Both sides of every shortcut were exercised, on boards with turns to compare.
        assert!(
            free > 10_000 && watched > 1000 && near > 10_000,
            "free {free}, watched {watched}, near {near}"
        );
        assert!(
            lone > 10_000 && not_lone > 10_000,
            "lone {lone}, not lone {not_lone}"
        );
        assert!(turns_seen > 1_000_000, "{turns_seen} turns");
    }
}
