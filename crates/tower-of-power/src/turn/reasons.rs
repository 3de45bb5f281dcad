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
    DealNotInLine,
    DealLength(usize, usize),
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
            | Breach::DealNotInLine
            | Breach::DealLength(..)
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
            Breach::DealNotInLine => f.write_str(
                "the last deal square must lie on a rank, file or diagonal through the base",
            ),
            Breach::DealLength(need, got) => write!(
                f,
                "a pile of {need} stone{} is dealt over exactly {need} square{}, not {got}",
                if need == 1 { "" } else { "s" },
                if need == 1 { "" } else { "s" }
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
            let (v, k2) = base.line_to(end).ok_or(Breach::DealNotInLine)?;
            if k2 != k {
                return Err(Breach::DealLength(k as usize, k2 as usize));
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
