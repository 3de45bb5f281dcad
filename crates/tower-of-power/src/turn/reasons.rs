//! Why a move is refused: the rule it breaks (§2.1, §4.1–4.3), in words for a player and
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
    Enemy(Square, Side),
    SameSquare,
    NotInLine(Square, Square),
    /// The last deal square `end` is on no line through the base `base`.
    DealNotInLine {
        base: Square,
        end: Square,
    },
    /// A pile of `need` stones from `base` dealt to `end`, `got` squares away.
    DealLength {
        base: Square,
        end: Square,
        need: usize,
        got: usize,
    },
    /// The stone on the square heads no move: no row it ends can be dealt, and no single
    /// step is allowed.
    Stuck(Square),
    /// The row from `base` has nowhere to be dealt: every line of its length from the base
    /// leaves the board, goes back over the row or meets a stack it may not be dealt onto.
    NoDeal(Square),
    BackOverRow(Direction),
    RowBroken(Square, Option<Side>),
    /// A stone would be dealt onto a stack (option `deal_onto_stacks` off).
    OntoStack(Square),
}

impl Breach {
    /// The rule book section of the rule broken.
    pub(crate) const fn rule(self) -> &'static str {
        match self {
            Breach::OffBoard(_) => "§2.1",
            Breach::NotAdjacent(..) | Breach::StepsOff => "§4.3",
            Breach::Empty(_) | Breach::Enemy(..) | Breach::RowBroken(..) => "§4.2",
            Breach::OntoStack(_) => "§4.1",
            Breach::SameSquare
            | Breach::NotInLine(..)
            | Breach::DealNotInLine { .. }
            | Breach::DealLength { .. }
            | Breach::Stuck(_)
            | Breach::NoDeal(_)
            | Breach::BackOverRow(_) => "§4.2",
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
            Breach::Enemy(sq, side) => {
                write!(f, "the top stone on {sq} is {side}'s, not yours")
            }
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
                base,
                end,
                need,
                got,
            } => write!(
                f,
                "the {need} lifted stone{} {} dealt one a square in a line from the base {base}, \
                 so the last lands {need} square{} from {base}; {end} is {got} away",
                if need == 1 { "" } else { "s" },
                if need == 1 { "is" } else { "are" },
                if need == 1 { "" } else { "s" }
            ),
            Breach::Stuck(sq) => write!(
                f,
                "the stone on {sq} has no move: no row it ends can be dealt anywhere"
            ),
            Breach::NoDeal(base) => write!(
                f,
                "a row with its base on {base} has nowhere to be dealt: every line of its length \
                 from {base} leaves the board or goes back over the row"
            ),
            Breach::BackOverRow(dir) => write!(
                f,
                "the pile may not be dealt back over the row it came from (direction {dir})"
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

/// Checks `mv` for `me` against the rules of a turn (the game being on).
pub(crate) fn check(options: &Options, board: &Board, me: Side, mv: Move) -> Result<(), Breach> {
    let single_step = options.single_step;
    let own = |sq: Square| -> Result<(), Breach> {
        match board.top(sq) {
            Some(side) if side == me => Ok(()),
            Some(side) => Err(Breach::Enemy(sq, side)),
            None => Err(Breach::Empty(sq)),
        }
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
            if k2 != k {
                return Err(Breach::DealLength {
                    base,
                    end,
                    need: k as usize,
                    got: k2 as usize,
                });
            }
            if v == u {
                return Err(Breach::BackOverRow(v));
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
    let own = |sq: Square| match board.top(sq) {
        Some(side) if side == me => None,
        Some(side) => Some(Breach::Enemy(sq, side)),
        None => Some(Breach::Empty(sq)),
    };
    if !on_board(refused) {
        return Some(Breach::OffBoard(refused));
    }
    match *made {
        [] => Some(own(refused).unwrap_or(Breach::Stuck(refused))),
        [far] => {
            // The base of a row ending on `far`: in line, the base and the squares between
            // all topped by `me`'s stones.
            let row = match refused.line_to(far) {
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
            row.or(step).or(Some(Breach::NoDeal(refused)))
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
                "the 2 lifted stones are dealt one a square in a line from the base c3, so the \
                 last lands 2 squares from c3; d4 is 1 away (§4.2)"
            )
        );
        let far = step_breach(&options, &board, Side::White, &[sq("a1")], sq("d3"));
        assert_eq!(far, Some(Breach::NotInLine(sq("a1"), sq("d3"))));
        let first = step_breach(&options, &board, Side::White, &[], sq("e5"));
        assert_eq!(first, Some(Breach::Empty(sq("e5"))));
    }
}
