//! The rules engine: [`QueensCourtiers`] implements the workspace's game contract.

use board_kernel::perft::count_by_playing;
use board_kernel::picture::{Picture, Point};
use board_kernel::prelude::*;
use board_kernel::steps::TurnStep;
use board_kernel::{
    Illegal, ParseError, Repetition, RuleBook, Side, Square, SquareSet, Status, Valid,
};

use crate::board::{Board, exists, in_course};
use crate::check::{CheckRule, capturable};
use crate::end::Outcome;
use crate::notation::read_written;
use crate::options::{CentreSquare, Options, QueenThreeStep, StartingSetup};
use crate::pieces::{LineRule, Piece, Royal, RoyalSet, side_name};
use crate::position;
use crate::state::{State, repetition_key};
use crate::turn::{Move, PartKind, TurnRule, classify};

/// Queens' Courtiers under one set of options.
///
/// ```
/// use queens_courtiers::prelude::*;
/// use queens_courtiers::QueensCourtiers;
/// let game = QueensCourtiers::default();
/// let mut state = game.initial_state();
/// let mut moves = Vec::new();
/// game.legal_moves(&state, &mut moves);
/// assert_eq!(moves.len(), 142);
/// game.play_text(&mut state, "n2-m1-l1")?;
/// assert_eq!(state.ply(), 1);
/// # Ok::<(), queens_courtiers::MoveError>(())
/// ```
#[derive(Clone, Debug)]
pub struct QueensCourtiers {
    options: Options,
    rule: TurnRule,
}

impl Default for QueensCourtiers {
    fn default() -> Self {
        QueensCourtiers::new(Valid::default())
    }
}

fn square(text: &str) -> Square {
    text.parse().expect("a square of the set-up table")
}

impl QueensCourtiers {
    /// The longest repetition history a game can need: every ply up to the ply limit (or a
    /// generous bound when the limit is off).
    fn history_bound(&self) -> usize {
        Repetition::room_for(self.options.max_plies)
    }

    /// Reserves the history's room, so playing a move never allocates.
    fn reserve_history(&self, state: &mut State) {
        state.history.reserve_total(self.history_bound());
    }

    /// The Royals checked in `state` (§4.2), under this game's cycle rule.
    #[must_use]
    pub fn checked_royals(&self, state: &State) -> RoyalSet {
        self.rule.check.checked(&state.board)
    }

    /// Whether the enemy Courtier on `sq` may be captured by `side` (§4.4); `false` when no
    /// enemy Courtier stands there.
    #[must_use]
    pub fn capturable(&self, state: &State, sq: Square, side: Side) -> bool {
        exists(sq)
            && state.board.courtier_bits(side.opponent()).contains(sq)
            && capturable(&state.board, sq, side)
    }

    /// How the game stands after `side` has played to reach `board` (§6): won by uniting,
    /// drawn by two passes in a row (`passes`), by the placement occurring the
    /// `repetition_limit`-th time (`occurrences`, this one included) or by reaching the ply
    /// limit (`ply`, the count after the move).
    fn outcome_after(
        &self,
        board: &Board,
        side: Side,
        passes: u8,
        occurrences: usize,
        ply: u32,
    ) -> Outcome {
        let limit = self.options.repetition_limit as usize;
        if board.united(side) {
            Outcome::won_by(side)
        } else if passes >= 2 {
            Outcome::DrawDoublePass
        } else if limit > 0 && occurrences >= limit {
            Outcome::DrawRepetition
        } else if self.options.max_plies > 0 && ply >= self.options.max_plies {
            Outcome::DrawMaxPlies
        } else {
            Outcome::Ongoing
        }
    }

    /// The state after `mv` with no legality check and no end-of-game test: the board part
    /// of [`Game::play_unchecked`].
    fn play_board(board: &mut Board, side: Side, mv: &Move) -> bool {
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

    /// The specific reason why `mv` is illegal, found by walking the rules along its path.
    fn reason(&self, state: &State, mv: &Move) -> Illegal {
        let side = state.to_move;
        let name = side_name(side);
        let board = &state.board;
        let c0 = self.rule.check.checked(board);
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
            let reach = self
                .rule
                .check
                .lines
                .reach(piece, at, board.occupied_bits());
            if !reach.as_slice().contains(&to) {
                return Some(match piece {
                    Piece::Queen
                        if self
                            .rule
                            .check
                            .lines
                            .queen_reaches(at, to, SquareSet::EMPTY)
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
        if to == from && !self.options.allow_return_double_move {
            return Illegal::breaks(
                "§5.2",
                "a double move may not return to its starting square",
            );
        }
        if let Some(why) = describe(&b1, first.0, to, kind) {
            return why;
        }
        if kind == PartKind::Capture && !self.options.second_part_capture {
            return Illegal::breaks(
                "§5.2",
                "the second part of a double move may not capture (second_part_capture = off)",
            );
        }
        let royal = piece
            .is_royal()
            .then(|| Royal::of(side, piece == Piece::Queen));
        if let Some(r) = royal
            && self.rule.check.checked(&b1).contains(r)
            && (kind != PartKind::Win || !self.options.win_exempts_pass_through)
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
        let checked = self.rule.check.checked(board);
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

impl Rules for QueensCourtiers {
    const NAME: &'static str = "queens-courtiers";
    const TITLE: &'static str = "Queens' Courtiers";

    type Options = Options;
    type State = State;
    type Move = Move;

    fn new(options: Valid<Options>) -> Self {
        let options = options.into_inner();
        let rule = TurnRule {
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
        };
        QueensCourtiers { options, rule }
    }

    fn options(&self) -> &Options {
        &self.options
    }

    fn initial_state(&self) -> State {
        let set = |texts: &[&str]| texts.iter().map(|t| square(t)).collect::<SquareSet>();
        let (red, blue) = match self.options.setup {
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
        let mut state = State::new(
            board,
            self.options.first_player.side(),
            0,
            0,
            Outcome::Ongoing,
        );
        self.reserve_history(&mut state);
        state
    }

    fn side_to_move(&self, state: &State) -> Side {
        state.to_move
    }

    fn status(&self, state: &State) -> Status {
        state.outcome.status()
    }

    fn legal_moves(&self, state: &State, moves: &mut Vec<Move>) {
        if state.outcome != Outcome::Ongoing {
            return;
        }
        let before = moves.len();
        self.rule.turns(&state.board, state.to_move, moves);
        if moves.len() == before {
            moves.push(Move::Pass);
        }
    }

    fn play_unchecked(&self, state: &mut State, mv: &Move) {
        let side = state.to_move;
        let captured = Self::play_board(&mut state.board, side, mv);
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
        state.outcome =
            self.outcome_after(&state.board, side, state.passes, occurrences, state.ply);
    }

    fn is_legal(&self, state: &State, mv: &Move) -> bool {
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
                None => !self.rule.has_turn(board, side),
                Some(from) => {
                    let Some((owner, piece)) =
                        (exists(from)).then(|| board.piece_at(from)).flatten()
                    else {
                        return false;
                    };
                    if owner != side {
                        return false;
                    }
                    let c0 = self.rule.check.checked(board);
                    self.rule.piece_turns(board, side, c0, from, piece, found);
                    found.contains(mv)
                }
            }
        })
    }

    fn check_move(&self, state: &State, mv: &Move) -> Result<(), Illegal> {
        if state.outcome != Outcome::Ongoing {
            return Err(Illegal::GameOver);
        }
        if self.is_legal(state, mv) {
            Ok(())
        } else {
            Err(self.reason(state, mv))
        }
    }

    /// Reads the notation; with the position, either separator is accepted and `#` is
    /// optional: each part takes the kind the board gives it (step, capture or win). The
    /// result is not necessarily legal; [`Game::play`] refuses it with the rule it breaks.
    fn parse_move(&self, state: &State, text: &str) -> Result<Move, ParseError> {
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

    fn parse_position(&self, text: &str) -> Result<State, ParseError> {
        let mut state = position::parse(text)?;
        self.reserve_history(&mut state);
        Ok(state)
    }

    fn key(&self, state: &State) -> u64 {
        state.key()
    }

    fn history<'s>(&self, state: &'s State) -> &'s [u64] {
        state.history.keys()
    }

    fn set_history(&self, state: &mut State, keys: &[u64]) -> Result<(), String> {
        // The history is kept even with the rule off (0): then no count ends the game.
        let limit = Repetition::kept_limit(self.options.repetition_limit);
        let finished = state.outcome != Outcome::Ongoing;
        let current = state.repetition_key();
        if let Some(history) =
            Repetition::restore(keys, current, limit, self.history_bound(), finished)?
        {
            state.history = history;
        }
        Ok(())
    }
}

impl Search for QueensCourtiers {
    fn heuristic(&self, state: &State, side: Side) -> Option<f64> {
        Some(crate::strategy::evaluate(&self.rule, state, side))
    }

    fn count_moves(&self, state: &State, _scratch: &mut Vec<Move>) -> usize {
        if state.outcome != Outcome::Ongoing {
            return 0;
        }
        self.rule.count_turns(&state.board, state.to_move).max(1)
    }

    /// Plays the move on a copy of the board only (the history is read, not copied) and
    /// counts the opponent's turns there.
    fn count_after(&self, state: &State, mv: &Move, scratch: &mut Vec<Move>) -> usize {
        if state.outcome != Outcome::Ongoing {
            return count_by_playing(self, state, mv, scratch);
        }
        let side = state.to_move;
        let mut board = state.board;
        let captured = Self::play_board(&mut board, side, mv);
        let passes = if *mv == Move::Pass {
            state.passes.saturating_add(1)
        } else {
            0
        };
        let occurrences = if captured || self.options.repetition_limit == 0 {
            1
        } else {
            let key = repetition_key(&board, side.opponent());
            state.history.occurrences(key) + 1
        };
        let ply = state.ply.saturating_add(1);
        if self.outcome_after(&board, side, passes, occurrences, ply) != Outcome::Ongoing {
            return 0;
        }
        self.rule.count_turns(&board, side.opponent()).max(1)
    }
}

impl Presentation for QueensCourtiers {
    fn side_name(side: Side) -> &'static str {
        side_name(side)
    }

    fn diagram(&self, state: &State) -> String {
        position::diagram(&state.board)
    }

    fn picture(&self, state: &State) -> Picture {
        crate::picture::picture(self, state)
    }

    fn move_path(&self, _state: &State, mv: &Move) -> Vec<Point> {
        crate::picture::move_path(mv)
    }

    fn rule_book() -> RuleBook {
        crate::rulebook::rule_book()
    }
}

impl Steps for QueensCourtiers {
    const CHOICES: &'static [&'static str] = crate::steps::CHOICES;

    fn move_steps(&self, state: &State, mv: &Move, out: &mut Vec<TurnStep>) {
        crate::steps::move_steps(state, mv, out);
    }
}
