//! A turn in the rule book's words (§5, §7): the piece and its path, a double move in the
//! Course named as such, the enemy Courtier a part captures, the winning move that unites the
//! Royals, and the forced pass.

use board_kernel::{Side, Square};

use crate::pieces::{Piece, side_name};
use crate::{Move, PartKind, State};

/// What a part does at its end, for the words after the path.
fn part_end(state: &State, me: Side, to: Square, kind: PartKind) -> String {
    match kind {
        PartKind::Step => String::new(),
        PartKind::Capture => {
            format!(
                ", capturing {}'s Courtier on {to}",
                side_name(me.opponent())
            )
        }
        PartKind::Win => {
            let partner = match state.board().piece_at(to) {
                Some((_, Piece::Queen)) => "Queen",
                _ => "King",
            };
            format!(", uniting with the {partner}")
        }
    }
}

/// The turn `mv`, legal in `state`, in words: `Courtier a1 → b3 → d4 (double move in the
/// Course), capturing Blue's Courtier on d4`, `Queen g8 → g5, uniting with the King`.
pub(crate) fn describe(state: &State, mv: &Move) -> String {
    let me = state.to_move();
    let piece = |sq: Square| match state.board().piece_at(sq) {
        Some((_, piece)) => piece.to_string(),
        None => "piece".to_owned(),
    };
    match *mv {
        Move::Pass => "forced pass: no legal turn".to_owned(),
        Move::Single { from, to, kind } => format!(
            "{} {from} → {to}{}",
            piece(from),
            part_end(state, me, to, kind)
        ),
        Move::Double {
            from,
            via,
            to,
            second,
        } => format!(
            "{} {from} → {via} → {to} (double move in the Course){}",
            piece(from),
            part_end(state, me, to, second)
        ),
    }
}

#[cfg(test)]
mod tests {
    use crate::QueensCourtiers;
    use board_kernel::prelude::*;

    fn describe(position: &str, mv: &str) -> String {
        let game = QueensCourtiers::default();
        let state = game.parse_position(position).expect("position");
        let mv = game.parse_move(&state, mv).expect("move");
        game.check_move(&state, &mv).expect("legal");
        game.describe_move(&state, &mv)
    }

    /// Rule book Example 7: the Red Courtier on a1 double-moves through b3 (Course) and
    /// captures Blue's Courtier on d4 (Court) with the second part; a1-c2 is a single step.
    #[test]
    fn example_7_courtier_double_move_capture() {
        let position = "14K/12c2/7k7/11Q3/9c5/15/15/15/15/15/15/3c9q1/15/15/C14 r 0 0 ongoing";
        assert_eq!(
            describe(position, "a1-b3xd4"),
            "Courtier a1 → b3 → d4 (double move in the Course), capturing Blue's Courtier on d4"
        );
        assert_eq!(describe(position, "a1-c2"), "Courtier a1 → c2");
    }

    /// Rule book Example 5: the King's double move b9-c10xd11 captures the Courtier on d11.
    #[test]
    fn example_5_king_double_move_capture() {
        assert_eq!(
            describe(
                "15/13q1/15/11k3/3c11/15/1K13/15/15/5Q9/3c11/15/15/15/15 r 0 0 ongoing",
                "b9-c10xd11"
            ),
            "King b9 → c10 → d11 (double move in the Course), capturing Blue's Courtier on d11"
        );
    }

    /// Rule book Example 4: the Queen moves three squares south onto her checked King.
    #[test]
    fn example_4_winning_move_unites_the_royals() {
        assert_eq!(
            describe(
                "15/13q1/15/11k3/15/15/15/6Q8/15/15/6K8/4c10/15/15/15 r 0 0 ongoing",
                "g8-g5#"
            ),
            "Queen g8 → g5, uniting with the King"
        );
    }
}
