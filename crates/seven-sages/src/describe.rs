//! A move in the rule book's words (§4): a plain move's two cells; a kick's slide onto the
//! ball and the ball's path leg by leg, through each pivot where it turns, to where it stops,
//! with the goal it scores (§4.3); the forced pass.

use board_kernel::Square;

use crate::board::CellKind;
use crate::options::Options;
use crate::picture::ball_cells;
use crate::{Move, State};

/// The ball's turning points: where it starts, each cell where its direction changes (the
/// pivots it bounces on), and where it stops.
fn corners(cells: &[Square]) -> Vec<Square> {
    let step = |a: Square, b: Square| {
        (
            (b.file() as i8 - a.file() as i8).signum(),
            (b.rank() as i8 - a.rank() as i8).signum(),
        )
    };
    let mut out: Vec<Square> = Vec::new();
    for (i, &sq) in cells.iter().enumerate() {
        let turn = match (i.checked_sub(1).map(|j| cells[j]), cells.get(i + 1)) {
            (Some(prev), Some(&next)) => step(prev, sq) != step(sq, next),
            _ => true,
        };
        if turn && out.last() != Some(&sq) {
            out.push(sq);
        }
    }
    out
}

/// The move `mv`, legal in `state`, in words: `sage d3 → d7`, or `sage f10 → f12, kicking the
/// ball f12 → f14 → g14 → g15 into Black's goal area: a goal`.
pub(crate) fn describe(options: &Options, state: &State, mv: &Move) -> String {
    match *mv {
        Move::Pass => "forced pass: no legal move".to_owned(),
        Move::Plain { from, to } => format!("sage {from} → {to}"),
        Move::Kick { from, to, ball } => {
            let mut cells = ball_cells(options, state, from, to, ball);
            if cells.first() != Some(&state.ball()) {
                cells.insert(0, state.ball());
            }
            let path: Vec<String> = corners(&cells).iter().map(ToString::to_string).collect();
            let mut out = format!("sage {from} → {to}, kicking the ball {}", path.join(" → "));
            if let CellKind::Goal(defender) = CellKind::of(ball) {
                let what = if defender == state.to_move {
                    "an own goal"
                } else {
                    "a goal"
                };
                out += &format!(" into {}'s goal area: {what}", defender.name());
            }
            out
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::SevenSages;
    use board_kernel::Square;
    use board_kernel::prelude::*;

    fn describe(game: &SevenSages, position: &str, mv: &str) -> (String, Vec<String>) {
        let state = game.parse_position(position).expect("position");
        let mv = game.parse_move(&state, mv).expect("move");
        game.check_move(&state, &mv).expect("legal");
        let path = game
            .move_path(&state, &mv)
            .into_iter()
            .map(|p| Square::at(p.col, p.row).to_string())
            .collect();
        (game.describe_move(&state, &mv), path)
    }

    const INITIAL: &str =
        "7B7/15/3B3B3B3/15/3B3B3B3/15/15/7*7/15/15/3W3W3W3/15/3W3W3W3/15/7W7 w 0 0 0 0 0 ongoing";

    /// Rule book Example 1: h5 slides onto the ball on h8; the ball runs north to h10 (h11
    /// holds a Black sage: the first pivot), back south to h9 (the kicker on h8: a pivot) and
    /// west to b9. The drawn path is the kicker's slide, then the ball's legs through its
    /// pivots (not a straight line from the kicker to b9).
    #[test]
    fn example_1_kick_names_the_balls_path() {
        let (words, path) = describe(&SevenSages::default(), INITIAL, "h5-h8/b9");
        assert_eq!(words, "sage h5 → h8, kicking the ball h8 → h10 → h9 → b9");
        assert_eq!(path, ["h5", "h8", "h10", "h9", "b9"]);
        let (words, _) = describe(&SevenSages::default(), INITIAL, "h5-h6");
        assert_eq!(words, "sage h5 → h6");
    }

    /// Rule book Example 2: f10 kicks the ball from f12 north to f14 (Black's goalkeeper on
    /// f15: the first pivot), east to g14 (h14's White sage: a pivot), north into g15, in
    /// Black's goal area: White's goal.
    #[test]
    fn example_2_goal_after_two_bounces() {
        let (words, _) = describe(
            &SevenSages::default(),
            "5B9/4B2W7/4B1W4B3/5*9/3B3B3B3/5W9/15/15/15/15/15/15/3W3W3W3/15/7W7 w 0 0 0 0 0 ongoing",
            "f10-f12/g15+",
        );
        assert_eq!(
            words,
            "sage f10 → f12, kicking the ball f12 → f14 → g14 → g15 into Black's goal area: a goal"
        );
    }
}
