//! Why a turn is refused: the rule it breaks, found by walking the rules along its path —
//! the squares (§2.1), the piece and its paralysis (§4.3, §5.1), each part's reach (§3) and
//! kind (§4.4, §7), the double move (§5.2) and the check it would leave (§5.3).

use board_kernel::{Illegal, Side, Square, SquareSet};

use super::TurnRule;
use crate::board::{Board, exists, in_course};
use crate::notation::{Move, PartKind, classify};
use crate::pieces::{Piece, Royal, RoyalSet, side_name};
use crate::state::State;

/// Saying why a move breaks the rules.
impl TurnRule {
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
