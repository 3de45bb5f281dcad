//! A move in the rule book's words (§4): a row move names the squares piled onto the base and
//! the squares the pile is dealt to, a single step its two squares, and both name every stone
//! they capture (§4.1) and every stone that lifting uncovers (it becomes active, §3), since
//! the notation leaves captures out (§6).

use board_kernel::{Side, Square};

use crate::board::Board;
use crate::{Move, State};

/// `a`, `a and b`, `a, b and c`.
fn and_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// `a White stone on e5` or `White stones on e5 and d4`.
fn stones_on(side: Side, squares: &[Square]) -> String {
    let names: Vec<String> = squares.iter().map(ToString::to_string).collect();
    match names.as_slice() {
        [one] => format!("a {} stone on {one}", side.name()),
        _ => format!("{} stones on {}", side.name(), and_list(&names)),
    }
}

/// The stone that lifting the top of `sq` uncovers: the one under the top, if any.
fn under_top(board: &Board, sq: Square) -> Option<Side> {
    board.tower(sq).stones().rev().nth(1)
}

/// The move `mv`, legal in `state`, in words: `piles h8 and g7 onto f6 and deals them to e5
/// and d4, capturing White stones on e5 and d4`, or `steps g5 → f5`.
pub(crate) fn describe(state: &State, mv: &Move) -> String {
    let board = state.board();
    let me = state.to_move();
    let captured = |sq: Square| board.top(sq) == Some(me.opponent());
    match *mv {
        Move::Step { from, to } => {
            let mut out = format!("steps {from} → {to}");
            if let Some(side) = under_top(board, from) {
                out += &format!(", uncovering {}", stones_on(side, &[from]));
            }
            if captured(to) {
                out += &format!(", capturing {}", stones_on(me.opponent(), &[to]));
            }
            out
        }
        Move::Row { far, base, end } => {
            let (Some((u, k)), Some((v, _))) = (base.line_to(far), base.line_to(end)) else {
                return mv.to_string();
            };
            let k = i8::try_from(k).unwrap_or(0);
            // The row's stones from the far end to the base, as the rule book lists them.
            let lifted: Vec<Square> = (1..=k).rev().filter_map(|i| base.steps(u, i)).collect();
            let dealt: Vec<Square> = (1..=k).filter_map(|i| base.steps(v, i)).collect();
            let names = |squares: &[Square]| {
                and_list(&squares.iter().map(ToString::to_string).collect::<Vec<_>>())
            };
            let mut out = format!("piles {} onto {base}", names(&lifted));
            for side in [Side::White, Side::Black] {
                let freed: Vec<Square> = lifted
                    .iter()
                    .copied()
                    .filter(|&sq| under_top(board, sq) == Some(side))
                    .collect();
                if !freed.is_empty() {
                    out += &format!(", uncovering {}", stones_on(side, &freed));
                }
            }
            let them = if dealt.len() == 1 { "it" } else { "them" };
            out += &format!(", and deals {them} to {}", names(&dealt));
            // Deal squares never are row squares (§4.2), so their tops before the move are
            // the tops the dealt stones land on.
            let taken: Vec<Square> = dealt.iter().copied().filter(|&sq| captured(sq)).collect();
            if !taken.is_empty() {
                out += &format!(", capturing {}", stones_on(me.opponent(), &taken));
            }
            out
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::TowerOfPower;
    use board_kernel::prelude::*;

    fn describe(position: &str, mv: &str) -> String {
        let game = TowerOfPower::default();
        let state = game.parse_position(position).expect("position");
        let mv = game.parse_move(&state, mv).expect("move");
        game.check_move(&state, &mv).expect("legal");
        game.describe_move(&state, &mv)
    }

    /// Rule book Example 2: b1 and c1 are piled onto d1 and dealt north to d2 (a White
    /// stone: the stack grows) and d3 (empty). Nothing is captured.
    #[test]
    fn example_2_row_without_capture() {
        assert_eq!(
            describe(
                "3bbbbb/4bbbb/5bbb/w5bb/ww5b/www5/wwww4/wwwww3 w 0 0",
                "b1-d1-d3"
            ),
            "piles b1 and c1 onto d1, and deals them to d2 and d3"
        );
    }

    /// Rule book Example 5: lifting c3's White top uncovers the Black stone under it; the
    /// pile goes to e4 (empty) and e5, whose Black top stone is captured.
    #[test]
    fn example_5_row_uncovers_and_captures() {
        assert_eq!(
            describe("8/8/4b3/4(wb)3/8/2(bw)w(ww)b2/8/8 w 0 0", "c3-e3-e5"),
            "piles c3 and d3 onto e3, uncovering a Black stone on c3, and deals them to e4 \
             and e5, capturing a Black stone on e5"
        );
    }

    /// The move: Black piles h8 and g7 onto f6 and deals south-west to e5 and d4,
    /// both White stones, so it captures two.
    #[test]
    fn a_diagonal_row_capturing_two() {
        assert_eq!(
            describe("7b/6b1/5b2/4w3/3w4/8/8/wwww4 b 0 0", "h8-f6-d4"),
            "piles h8 and g7 onto f6, and deals them to e5 and d4, capturing White stones \
             on e5 and d4"
        );
    }

    /// Rule book Example 4: the row b1–a1 with base a1 (one stone) dealt north to a2.
    #[test]
    fn example_4_a_row_of_two_deals_one_stone() {
        assert_eq!(
            describe("5bbb/7b/8/8/8/8/8/ww6 w 0 0", "b1-a1-a2"),
            "piles b1 onto a1, and deals it to a2"
        );
    }

    /// After rule book Example 3, White's stone on d6 steps onto e7, a Black stone: a
    /// capture by a single step; and c5 steps to the empty d5.
    #[test]
    fn example_3_single_steps() {
        let position = "3bbbbb/4bbbb/3w1bbb/w1w2b1b/ww5b/w1w5/w1ww4/wwwww3 w 2 2";
        assert_eq!(
            describe(position, "d6-e7"),
            "steps d6 → e7, capturing a Black stone on e7"
        );
        assert_eq!(describe(position, "c5-d5"), "steps c5 → d5");
    }
}
