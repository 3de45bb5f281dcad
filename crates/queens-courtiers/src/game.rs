//! The rules engine: [`QueensCourtiers`] implements the workspace's game contract.

use board_kernel::{Game, OptionError, ParseError, RuleBook, Side, Square, SquareSet, Status};

use crate::board::{Board, exists, in_course};
use crate::check::{CheckRule, capturable};
use crate::end::Outcome;
use crate::notation::read_written;
use crate::options::{CentreSquare, Options, QueenThreeStep, StartingSetup};
use crate::pieces::{LineRule, Piece, Royal, RoyalSet, side_name};
use crate::position::{self, State};
use crate::turn::{Move, PartKind, TurnRule, classify};

/// Queens' Courtiers under one set of options.
///
/// ```
/// use board_kernel::Game;
/// use queens_courtiers::QueensCourtiers;
/// let game = QueensCourtiers::default();
/// let mut state = game.initial_state();
/// let mut moves = Vec::new();
/// game.legal_moves(&state, &mut moves);
/// assert_eq!(moves.len(), 142);
/// game.apply_text(&mut state, "n2-m1-l1")?;
/// assert_eq!(state.ply(), 1);
/// # Ok::<(), board_kernel::MoveError>(())
/// ```
#[derive(Clone, Debug)]
pub struct QueensCourtiers {
    options: Options,
    rule: TurnRule,
}

impl Default for QueensCourtiers {
    fn default() -> Self {
        QueensCourtiers::new(Options::default()).expect("the default options are valid")
    }
}

fn square(text: &str) -> Square {
    text.parse().expect("a square of the set-up table")
}

impl QueensCourtiers {
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
    fn reason(&self, state: &State, mv: &Move) -> String {
        let side = state.to_move;
        let name = side_name(side);
        let board = &state.board;
        let c0 = self.rule.check.checked(board);
        let (from, first, second) = match *mv {
            Move::Pass => {
                return format!(
                    "{name} has a legal turn, and a player may only pass when forced to"
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
                return format!("{sq} is not a square of the board");
            }
        }
        let piece = match board.piece_at(from) {
            None => return format!("there is no piece on {from}"),
            Some((owner, _)) if owner != side => {
                return format!(
                    "the piece on {from} is {}'s, and {name} is to move",
                    side_name(owner)
                );
            }
            Some((_, piece)) => piece,
        };
        if piece.is_royal() && c0.contains(Royal::of(side, piece == Piece::Queen)) {
            return format!(
                "the {name} {piece} on {from} is checked, so it is paralysed and may not move"
            );
        }
        let describe = |board: &Board, at: Square, to: Square, kind: PartKind| -> Option<String> {
            let reach = self
                .rule
                .check
                .lines
                .reach(piece, at, board.occupied_bits());
            if !reach.as_slice().contains(&to) {
                return Some(match piece {
                    Piece::Queen
                        if self.rule.check.lines.queen_reaches(
                            at,
                            to,
                            crate::bits::Bits::EMPTY,
                        ) || (at.line_to(to).is_some_and(|(_, n)| n == 3)) =>
                    {
                        format!("the Queen's three-step line from {at} to {to} is blocked")
                    }
                    _ => format!("a {piece} on {at} cannot reach {to}"),
                });
            }
            let actual = match classify(board, side, piece, to) {
                Some(k) => k,
                None => {
                    return Some(match board.piece_at(to) {
                        Some((owner, Piece::Courtier)) if owner != side => format!(
                            "the {} Courtier on {to} is in the Course and checks no {name} Royal, so it cannot be captured",
                            side_name(owner)
                        ),
                        Some((owner, p)) if owner != side => {
                            format!(
                                "the {} {p} on {to} is a Royal: Royals are never captured",
                                side_name(owner)
                            )
                        }
                        Some((_, p)) => format!("{to} holds {name}'s own {p}"),
                        None => format!("{to} cannot be entered"),
                    });
                }
            };
            (actual != kind).then(|| match actual {
                PartKind::Step => format!("{to} is empty: write `-`, not `x` or `#`"),
                PartKind::Capture => format!("the part onto {to} captures: write `x`"),
                PartKind::Win => format!("the part onto {to} unites King and Queen: it wins (`#`)"),
            })
        };
        if let Some(why) = describe(board, from, first.0, first.1) {
            return why;
        }
        let mut b1 = *board;
        b1.move_piece(side, piece, from, first.0);
        let Some((to, kind)) = second else {
            if first.1 == PartKind::Win {
                return "no rule forbids this winning move".to_owned();
            }
            return self.self_check_reason(&b1, side, c0);
        };
        if !in_course(from) {
            return format!("{from} is in the Court: a double move must start in the Course");
        }
        if !in_course(first.0) {
            return format!(
                "the first part lands on {} in the Court, which ends the turn",
                first.0
            );
        }
        if to == from && !self.options.allow_return_double_move {
            return "a double move may not return to its starting square".to_owned();
        }
        if let Some(why) = describe(&b1, first.0, to, kind) {
            return why;
        }
        if kind == PartKind::Capture && !self.options.second_part_capture {
            return "the second part of a double move may not capture (second_part_capture = false)".to_owned();
        }
        let royal = piece
            .is_royal()
            .then(|| Royal::of(side, piece == Piece::Queen));
        if let Some(r) = royal {
            if self.rule.check.checked(&b1).contains(r)
                && (kind != PartKind::Win || !self.options.win_exempts_pass_through)
            {
                return format!("the {r} would pass through check on {}", first.0);
            }
        }
        let mut b2 = b1;
        b2.move_piece(side, piece, first.0, to);
        self.self_check_reason(&b2, side, c0)
    }

    fn self_check_reason(&self, board: &Board, side: Side, c0: RoyalSet) -> String {
        let checked = self.rule.check.checked(board);
        match Royal::ALL
            .into_iter()
            .find(|r| r.side == side && checked.contains(*r) && !c0.contains(*r))
        {
            Some(r) => format!("it would leave the {r} on {} checked", board.royal(r)),
            None => "it is not among the legal moves of this position".to_owned(),
        }
    }
}

impl Game for QueensCourtiers {
    const NAME: &'static str = "queens-courtiers";
    const TITLE: &'static str = "Queens' Courtiers";
    type Options = Options;
    type State = State;
    type Move = Move;

    fn new(options: Options) -> Result<Self, OptionError> {
        use board_kernel::GameOptions;
        options.validate()?;
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
        Ok(QueensCourtiers { options, rule })
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
        State::new(
            board,
            self.options.first_player.side(),
            0,
            0,
            Outcome::Ongoing,
        )
    }

    fn side_to_move(&self, state: &State) -> Side {
        state.to_move
    }

    fn side_name(side: Side) -> &'static str {
        side_name(side)
    }

    fn status(&self, state: &State) -> Status {
        state.outcome.status()
    }

    /// Favours the side whose King and Queen are closer together, with more Courtiers and
    /// fewer paralysed Royals; ±1 only for a finished game.
    fn heuristic(&self, state: &State, side: Side) -> Option<f64> {
        if let Some(result) = state.outcome.status().result() {
            return Some(match result.winner {
                Some(w) if w == side => 1.0,
                Some(_) => -1.0,
                None => 0.0,
            });
        }
        let board = &state.board;
        let checked = self.rule.check.checked(board);
        let value = |s: Side| -> f64 {
            let k = board.royal(Royal::of(s, false));
            let q = board.royal(Royal::of(s, true));
            let paralysed = Royal::ALL
                .iter()
                .filter(|r| r.side == s && checked.contains(**r))
                .count();
            -0.15 * f64::from(k.distance(q)) + 0.2 * board.courtier_count(s) as f64
                - 0.3 * paralysed as f64
        };
        let x = value(side) - value(side.opponent());
        Some(0.95 * x / (1.0 + x.abs()))
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
        state.ply = state.ply.saturating_add(1);
        state.to_move = side.opponent();
        if state.board.united(side) {
            state.outcome = Outcome::won_by(side);
            return;
        }
        if state.passes >= 2 {
            state.outcome = Outcome::DrawDoublePass;
            return;
        }
        if captured {
            state.history.clear();
        }
        state.history.push(state.board.key());
        let limit = self.options.repetition_limit as usize;
        if limit > 0 && state.occurrences() >= limit {
            state.outcome = Outcome::DrawRepetition;
            return;
        }
        if self.options.max_plies > 0 && state.ply >= self.options.max_plies {
            state.outcome = Outcome::DrawMaxPlies;
        }
    }

    fn is_legal(&self, state: &State, mv: &Move) -> bool {
        if state.outcome != Outcome::Ongoing {
            return false;
        }
        let side = state.to_move;
        let board = &state.board;
        let mut found = Vec::new();
        match mv.from() {
            None => !self.rule.has_turn(board, side, &mut found),
            Some(from) => {
                let Some((owner, piece)) = (exists(from)).then(|| board.piece_at(from)).flatten()
                else {
                    return false;
                };
                if owner != side {
                    return false;
                }
                let c0 = self.rule.check.checked(board);
                self.rule
                    .piece_turns(board, side, c0, from, piece, &mut found);
                found.contains(mv)
            }
        }
    }

    fn why_illegal(&self, state: &State, mv: &Move) -> String {
        if state.outcome != Outcome::Ongoing {
            return "the game is over".to_owned();
        }
        self.reason(state, mv)
    }

    /// Reads the notation; with the position, either separator is accepted and `#` is
    /// optional: each part takes the kind the board gives it (step, capture or win). The
    /// result is not necessarily legal; [`Game::apply`] rejects it with a reason.
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
        position::parse(text)
    }

    fn diagram(&self, state: &State) -> String {
        position::diagram(&state.board)
    }

    fn rule_book() -> RuleBook {
        crate::rulebook::rule_book()
    }
}
