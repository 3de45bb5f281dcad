//! Why a move is refused: the rule it breaks (§2.1, §3, §4.1–4.3), in words for a player and
//! with the rule book's section.

use std::fmt;

use board_kernel::{Direction, Side, Square};

use crate::board::{Board, on_board};
use crate::notation::Move;
use crate::options::Options;

/// Why a move is not legal: the rule it breaks, in words for a player (see
/// [`Breach::rule`] for the rule book section).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Breach {
    OffBoard(Square),
    NotAdjacent(Square, Square),
    StepsOff,
    Empty(Square),
    /// The top stone of the square is the opponent's `side`; `pinned` when a stone of the
    /// mover's lies under it.
    Enemy {
        sq: Square,
        side: Side,
        pinned: bool,
    },
    SameSquare,
    NotInLine(Square, Square),
    /// The last deal square `end` is on no line through the base `base`.
    DealNotInLine {
        base: Square,
        end: Square,
    },
    /// The `need` stones lifted from the row `far`–`base` dealt to `end`, `got` squares
    /// away.
    DealLength {
        far: Square,
        base: Square,
        end: Square,
        need: usize,
        got: usize,
    },
    /// The stone on the square heads no move: no row it ends can be dealt, and no single
    /// step is allowed.
    Stuck(Square),
    /// The row from `base` has nowhere to be dealt: every line of its length from the base
    /// leaves the board, goes back over the row or meets a stack it may not be dealt onto;
    /// `stacks` when some line on the board is closed only by stacks (the Tours rule).
    NoDeal {
        base: Square,
        stacks: bool,
    },
    /// The pile of the row with base `base` dealt to `end`, back along the row.
    BackOverRow {
        base: Square,
        end: Square,
    },
    RowBroken(Square, Option<Side>),
    /// A stone would be dealt onto a stack (option `deal_onto_stacks` off).
    OntoStack(Square),
}

impl Breach {
    /// The specification's section of the rule broken (the rule book's, through
    /// [`RULE_SECTIONS`](crate::rulebook::RULE_SECTIONS)).
    pub(crate) const fn rule(self) -> &'static str {
        match self {
            Breach::OffBoard(_) => "§2.1",
            // Only the top stone of a square moves, and it is its colour's (§3).
            Breach::Enemy { .. } => "§3",
            Breach::NotAdjacent(..) | Breach::StepsOff => "§4.3",
            Breach::Empty(_) | Breach::RowBroken(..) => "§4.2",
            // The Tours rule (dealing onto a stack) is an option of the landing rule (§4.1).
            Breach::OntoStack(_) | Breach::NoDeal { stacks: true, .. } => "§4.1",
            Breach::SameSquare
            | Breach::NotInLine(..)
            | Breach::DealNotInLine { .. }
            | Breach::DealLength { .. }
            | Breach::Stuck(_)
            | Breach::NoDeal { stacks: false, .. }
            | Breach::BackOverRow { .. } => "§4.2",
        }
    }
}

impl From<Breach> for board_kernel::Illegal {
    fn from(breach: Breach) -> board_kernel::Illegal {
        board_kernel::Illegal::breaks(breach.rule(), breach.to_string())
    }
}

impl fmt::Display for Breach {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Breach::OffBoard(sq) => write!(f, "{sq} is not a square of the 8×8 board"),
            Breach::NotAdjacent(a, b) => {
                write!(
                    f,
                    "a single step goes to an adjacent square; {b} is not next to {a}"
                )
            }
            Breach::StepsOff => f.write_str(
                "single steps are not allowed in this game (option single_step is off); \
                 move a row of at least two stones",
            ),
            Breach::Empty(sq) => write!(f, "there is no stone on {sq}"),
            Breach::Enemy {
                sq,
                side,
                pinned: true,
            } => write!(
                f,
                "only the top stone of a square moves, and the top stone on {sq} is {side}'s: \
                 your stone there is pinned under it"
            ),
            Breach::Enemy {
                sq,
                side,
                pinned: false,
            } => write!(
                f,
                "the top stone on {sq} is {side}'s, so {side} controls {sq}; you move only the \
                 top stones of squares you control"
            ),
            Breach::SameSquare => f.write_str("the far end and the base of a row must differ"),
            Breach::NotInLine(far, base) => write!(
                f,
                "{far} and {base} are not on one rank, file or diagonal, so they do not form a row"
            ),
            Breach::DealNotInLine { base, end } => write!(
                f,
                "the lifted stones are dealt in a line from the base {base}, and {end} is not on \
                 a rank, file or diagonal through {base}"
            ),
            Breach::DealLength {
                far,
                base,
                end,
                need,
                got,
            } => {
                if need == 1 {
                    write!(
                        f,
                        "the row {far}-{base} lifts 1 stone, which is dealt to the square next to \
                         the base {base}"
                    )?;
                } else {
                    write!(
                        f,
                        "the row {far}-{base} lifts {need} stones, which are dealt one per square \
                         in a line starting next to the base {base}, so the last lands {need} \
                         squares from {base}"
                    )?;
                }
                // The square the last stone lands on that way, if the board reaches it.
                let last = base.line_to(end).and_then(|(v, _)| {
                    let k = i8::try_from(need).ok()?;
                    base.steps(v, k).filter(|&sq| on_board(sq))
                });
                match last {
                    Some(last) => write!(f, ": {last}, not {end}"),
                    None => write!(
                        f,
                        "; {end} is only {got} away, and that way the pile would fall off the \
                         board"
                    ),
                }
            }
            Breach::Stuck(sq) => write!(
                f,
                "the stone on {sq} has no move: no row it ends can be dealt anywhere"
            ),
            Breach::NoDeal {
                base,
                stacks: false,
            } => write!(
                f,
                "a row with its base on {base} has nowhere to be dealt: every line of its length \
                 from {base} leaves the board or goes back over the row"
            ),
            Breach::NoDeal { base, stacks: true } => write!(
                f,
                "a row with its base on {base} has nowhere to be dealt: every line of its length \
                 from {base} leaves the board, goes back over the row or meets a stack, and \
                 under the Tours rule (deal_onto_stacks off) no stone may be dealt onto a stack"
            ),
            Breach::BackOverRow { base, end } => write!(
                f,
                "the pile may not be dealt back over the row it came from, and {end} lies back \
                 along the row from the base {base}"
            ),
            Breach::RowBroken(sq, None) => {
                write!(f, "the row is broken: {sq} is empty")
            }
            Breach::RowBroken(sq, Some(side)) => {
                write!(f, "the row is broken: the top stone on {sq} is {side}'s")
            }
            Breach::OntoStack(sq) => write!(
                f,
                "{sq} holds a stack, and with deal_onto_stacks off no stone may be dealt onto one"
            ),
        }
    }
}

/// Why `me` may not move the top stone of `sq`: there is none, or it is the opponent's.
fn owner_breach(board: &Board, me: Side, sq: Square) -> Option<Breach> {
    match board.top(sq) {
        Some(side) if side == me => None,
        Some(side) => Some(Breach::Enemy {
            sq,
            side,
            pinned: board.tower(sq).stones().any(|stone| stone == me),
        }),
        None => Some(Breach::Empty(sq)),
    }
}

/// Checks `mv` for `me` against the rules of a turn (the game being on).
pub(crate) fn check(options: &Options, board: &Board, me: Side, mv: Move) -> Result<(), Breach> {
    let single_step = options.single_step;
    let own = |sq: Square| match owner_breach(board, me, sq) {
        Some(breach) => Err(breach),
        None => Ok(()),
    };
    match mv {
        Move::Step { from, to } => {
            for sq in [from, to] {
                if !on_board(sq) {
                    return Err(Breach::OffBoard(sq));
                }
            }
            if from.distance(to) != 1 {
                return Err(Breach::NotAdjacent(from, to));
            }
            if !single_step {
                return Err(Breach::StepsOff);
            }
            own(from)?;
            if !options.deal_onto_stacks && board.tower(to).height() >= 2 {
                return Err(Breach::OntoStack(to));
            }
            Ok(())
        }
        Move::Row { far, base, end } => {
            for sq in [far, base, end] {
                if !on_board(sq) {
                    return Err(Breach::OffBoard(sq));
                }
            }
            if far == base {
                return Err(Breach::SameSquare);
            }
            let (u, k) = base.line_to(far).ok_or(Breach::NotInLine(far, base))?;
            let (v, k2) = base
                .line_to(end)
                .ok_or(Breach::DealNotInLine { base, end })?;
            if v == u {
                return Err(Breach::BackOverRow { base, end });
            }
            if k2 != k {
                return Err(Breach::DealLength {
                    far,
                    base,
                    end,
                    need: k as usize,
                    got: k2 as usize,
                });
            }
            own(base)?;
            for i in 1..=k {
                let sq = base.steps(u, i as i8).ok_or(Breach::OffBoard(far))?;
                if board.top(sq) != Some(me) {
                    return Err(Breach::RowBroken(sq, board.top(sq)));
                }
            }
            if !options.deal_onto_stacks {
                for i in 1..=k {
                    let sq = base.steps(v, i as i8).ok_or(Breach::OffBoard(end))?;
                    if board.tower(sq).height() >= 2 {
                        return Err(Breach::OntoStack(sq));
                    }
                }
            }
            Ok(())
        }
    }
}

/// Why a turn being built by clicks, `made` (the squares of a beginning of a legal move of
/// `me`) then `refused`, begins no legal move: the first click names a stone of `me`'s, the
/// second a neighbouring square for a single step or the base of a row the first ends, the
/// third the last square the row's pile is dealt to (§4.2, §4.3).
pub(crate) fn step_breach(
    options: &Options,
    board: &Board,
    me: Side,
    made: &[Square],
    refused: Square,
) -> Option<Breach> {
    let own = |sq: Square| owner_breach(board, me, sq);
    if !on_board(refused) {
        return Some(Breach::OffBoard(refused));
    }
    match *made {
        [] => Some(own(refused).unwrap_or(Breach::Stuck(refused))),
        [far] => {
            // The base of a row ending on `far`: in line, the base and the squares between
            // all topped by `me`'s stones.
            let line = refused.line_to(far);
            let row = match line {
                None => Some(Breach::NotInLine(far, refused)),
                Some((u, k)) => own(refused).or_else(|| {
                    (1..k).find_map(|i| {
                        let sq = refused.steps(u, i as i8)?;
                        (board.top(sq) != Some(me)).then(|| Breach::RowBroken(sq, board.top(sq)))
                    })
                }),
            };
            let step = (far.distance(refused) == 1)
                .then(|| {
                    check(
                        options,
                        board,
                        me,
                        Move::Step {
                            from: far,
                            to: refused,
                        },
                    )
                    .err()
                })
                .flatten();
            // A sound row that begins no move has no line to be dealt along: the board's edges
            // and its own direction close some, and stacks under the Tours rule close the rest.
            let stacks = !options.deal_onto_stacks
                && line.is_some_and(|(u, k)| {
                    Direction::ALL
                        .into_iter()
                        .any(|v| v != u && refused.steps(v, k as i8).is_some_and(on_board))
                });
            row.or(step).or(Some(Breach::NoDeal {
                base: refused,
                stacks,
            }))
        }
        [far, base, ..] => check(
            options,
            board,
            me,
            Move::Row {
                far,
                base,
                end: refused,
            },
        )
        .err(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_move_of_the_setup_passes_the_check() {
        let board = Board::initial();
        let options = Options::default();
        let mut moves = Vec::new();
        crate::movement::generate(&options, &board, Side::White, &mut moves);
        assert_eq!(moves.len(), 705);
        for mv in moves {
            assert_eq!(check(&options, &board, Side::White, mv), Ok(()), "{mv}");
        }
    }
}

#[cfg(test)]
mod step_tests {
    use super::*;

    fn sq(name: &str) -> Square {
        name.parse().unwrap()
    }

    /// The clicks a1, c3, d4 of issue 38: the pile of the row c3–a1 is dealt two squares from
    /// c3, and d4 is one away.
    #[test]
    fn a_refused_click_names_the_squares_and_the_rule() {
        let board = Board::initial();
        let options = Options::default();
        let why = step_breach(
            &options,
            &board,
            Side::White,
            &[sq("a1"), sq("c3")],
            sq("d4"),
        );
        assert_eq!(
            why.map(|b| format!("{b} ({})", b.rule())).as_deref(),
            Some(
                "the row a1-c3 lifts 2 stones, which are dealt one per square in a line starting \
                 next to the base c3, so the last lands 2 squares from c3: e5, not d4 (§4.2)"
            )
        );
        let far = step_breach(&options, &board, Side::White, &[sq("a1")], sq("d3"));
        assert_eq!(far, Some(Breach::NotInLine(sq("a1"), sq("d3"))));
        let first = step_breach(&options, &board, Side::White, &[], sq("e5"));
        assert_eq!(first, Some(Breach::Empty(sq("e5"))));
    }
}
