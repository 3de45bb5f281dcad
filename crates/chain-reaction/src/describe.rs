//! A turn in the rule book's words (§4), segment by segment: the pending stone put back, the
//! free step, each tower segment with where its bottom and top stones land (a stone landed on,
//! a point scored and where the stone is re-placed), the tower the turn leaves for the
//! opponent, and the penalty. The notation gives only each segment's two ends; the words and
//! the drawn path need the cells in between and what stood on them, so the turn is replayed
//! here on a copy of the board.

use board_kernel::Side;
use board_kernel::picture::Point;

use crate::board::Spot;
use crate::{Board, Content, Move, State};

/// Where a stone lands on a board cell, and what it found there: `to d4` on an empty cell,
/// `onto the White stone on f5` where it builds a tower.
fn landing(board: &Board, spot: Spot) -> String {
    match board.content(spot) {
        Content::Stone(side) => format!("onto the {} stone on {spot}", side.name()),
        Content::Empty | Content::Tower(_) => format!("to {spot}"),
    }
}

/// A scored stone's words: where it left the board, the points and where it goes back.
fn scored(to: Spot, replace: Option<Spot>) -> String {
    let mut out = if to.is_goal() {
        format!("into the goal {to}: +2")
    } else {
        format!("over the edge at {to}: +1")
    };
    if let Some(z) = replace {
        out += &format!(", put back on {z}");
    }
    out
}

/// The midpoint of a tower segment, where the bottom stone lands.
fn midpoint(from: Spot, to: Spot) -> Option<Spot> {
    Spot::new((from.file() + to.file()) / 2, (from.rank() + to.rank()) / 2)
}

/// The turn replayed on a copy of the board: its words and the cells the chain passes
/// through (the free step's stone, then each tower's cell, then where the last top stone
/// lands or scores).
fn replay(state: &State, mv: &Move) -> (Vec<String>, Vec<Spot>) {
    let mover = state.to_move();
    let mut board = *state.board();
    let mut parts = Vec::new();
    let mut path = Vec::new();
    if let (Some(z), Some(side)) = (mv.placement(), state.pending()) {
        parts.push(format!(
            "puts the pending {} stone back on {z}",
            side.name()
        ));
        board.drop_stone(z, side);
    }
    for seg in mv.segments() {
        // Each segment starts where the last one left the chain's stone or tower (§7), so
        // the path is the segments' starts and then where the last one ends: never a line
        // back from a top stone's landing to the midpoint the next segment starts from.
        path.push(seg.from);
        if seg.is_free_step() {
            board.lift_single(seg.from);
            if seg.scores() {
                parts.push(format!(
                    "free step {} → {}",
                    seg.from,
                    scored(seg.to, seg.replace)
                ));
                if let Some(z) = seg.replace {
                    board.drop_stone(z, mover);
                }
            } else {
                let onto = match board.content(seg.to) {
                    Content::Stone(side) => format!(", onto the {} stone", side.name()),
                    Content::Empty | Content::Tower(_) => String::new(),
                };
                parts.push(format!("free step {} → {}{onto}", seg.from, seg.to));
                board.drop_stone(seg.to, mover);
            }
            continue;
        }
        let Some(tower) = board.tower() else {
            parts.push(seg.to_string());
            continue;
        };
        let Some(a) = midpoint(seg.from, seg.to) else {
            parts.push(seg.to_string());
            continue;
        };
        let bottom = format!(
            "{} bottom stone {}",
            tower.bottom.name(),
            landing(&board, a)
        );
        let top = if seg.scores() {
            format!(
                "{} top stone {}",
                tower.top.name(),
                scored(seg.to, seg.replace)
            )
        } else {
            format!("{} top stone {}", tower.top.name(), landing(&board, seg.to))
        };
        parts.push(format!("tower {} → {} ({bottom}, {top})", seg.from, seg.to));
        board.take_tower();
        board.drop_stone(a, tower.bottom);
        if seg.scores() {
            if let Some(z) = seg.replace {
                board.drop_stone(z, mover);
            }
        } else {
            board.drop_stone(seg.to, tower.top);
        }
    }
    if let Some(penalty) = mv.penalty() {
        if let Some(tower) = board.tower() {
            path.push(tower.cell);
            let back = match penalty.replace {
                Some(z) => format!("put back on {z}"),
                None => format!("which {} puts back", tower.bottom.name()),
            };
            parts.push(format!(
                "penalty: the tower on {} cannot move: −2, its {} bottom stone lifted out, {back}",
                tower.cell,
                tower.bottom.name()
            ));
        } else {
            parts.push("penalty: −2".to_owned());
        }
    } else if let Some(last) = mv.segments().last() {
        // The last segment's top stone: a line from the last tower through its midpoint.
        path.push(last.to);
    }
    if mv.penalty().is_none()
        && let Some(t) = board.tower()
        && t.owner() != mover
        && !mv.segments().is_empty()
    {
        parts.push(format!(
            "leaving {}'s tower on {} to move",
            side_name(t.owner()),
            t.cell
        ));
    }
    if path.is_empty()
        && let Some(z) = mv.placement()
    {
        path.push(z);
    }
    (parts, path)
}

fn side_name(side: Side) -> &'static str {
    side.name()
}

/// The turn `mv`, legal in `state`, in words, segment by segment.
pub(crate) fn describe(state: &State, mv: &Move) -> String {
    let (parts, _) = replay(state, mv);
    if parts.is_empty() {
        mv.to_string()
    } else {
        parts.join("; ")
    }
}

/// The cells the chain passes through, in the picture's grid: the free step's stone, then
/// each tower the chain moves (so the line never doubles back from where a top stone landed
/// to the midpoint the next segment starts from), then where the last top stone lands or
/// scores; a penalty turn marks the tower; a re-placement alone marks where the stone goes.
pub(crate) fn path(state: &State, mv: &Move) -> Vec<Point> {
    let (_, path) = replay(state, mv);
    path.into_iter()
        .map(|s| Point::new(s.file(), s.rank()))
        .collect()
}

#[cfg(test)]
mod tests {
    use crate::ChainReaction;
    use board_kernel::picture::Point;
    use board_kernel::prelude::*;

    fn describe(position: &str, mv: &str) -> (String, Vec<String>) {
        let game = ChainReaction::default();
        let state = game.parse_position(position).expect("position");
        let mv = game.parse_move(&state, mv).expect("move");
        game.check_move(&state, &mv).expect("legal");
        let picture = game.picture(&state);
        let name = |p: Point| {
            picture
                .cells
                .iter()
                .find(|c| c.at == p)
                .map_or_else(|| format!("{},{}", p.col, p.row), |c| c.name.clone())
        };
        let path = game.move_path(&state, &mv).into_iter().map(name).collect();
        (game.describe_move(&state, &mv), path)
    }

    /// Rule book Example 3: the five-segment chain. b1 steps onto b2's White stone; each
    /// tower's top stone lands on the next White stone (b4, d6), then on f6's Black stone;
    /// the last segment drops f6's Black bottom stone on f5's White stone (a Black tower)
    /// and its White top stone on the empty f4. The chain's path follows the tower.
    #[test]
    fn example_3_chain_segment_by_segment() {
        let (words, path) = describe(
            "3b1b1/7/3w1b1/5w1/1w5/7/1w5/1w5 w 0 0 0 12 12 - 0",
            "b1-b2 b2-b4 b4-d6 d6-f6 f6-f4",
        );
        assert_eq!(
            words,
            "free step b1 → b2, onto the White stone; \
             tower b2 → b4 (White bottom stone to b3, White top stone onto the White stone on b4); \
             tower b4 → d6 (White bottom stone to c5, White top stone onto the White stone on d6); \
             tower d6 → f6 (White bottom stone to e6, White top stone onto the Black stone on f6); \
             tower f6 → f4 (Black bottom stone onto the White stone on f5, White top stone to f4); \
             leaving Black's tower on f5 to move"
        );
        assert_eq!(path, ["b1", "b2", "b4", "d6", "f6", "f4"]);
    }

    /// Rule book Example 4: d7's Black bottom stone lands on d8's Black stone (a Black
    /// tower, Black's to move), the White top stone goes into the goal d9 for 2 points and
    /// back on d1, the only empty cell of White's setup row 1.
    #[test]
    fn example_4_scoring_in_the_goal() {
        let (words, path) = describe("2bb3/3(bw)3/7/7/7/7/7/2w1w2 w 0 0 0 12 12 - 0", "d7-d9=d1");
        assert_eq!(
            words,
            "tower d7 → d9 (Black bottom stone onto the Black stone on d8, White top stone \
             into the goal d9: +2, put back on d1); leaving Black's tower on d8 to move"
        );
        assert_eq!(path, ["d7", "d9"]);
    }

    /// Rule book Example 5: the tower on a1 cannot move; White loses 2 and the Black bottom
    /// stone waits for Black. Black then puts it back on d8 and plays a chain: a2 steps onto
    /// a1's White stone; the tower a1 drops its White bottom stone on the a2 it just left and
    /// its Black top on a3's White stone; that tower (a3) drops its White bottom stone on
    /// a2's White stone, a White tower, and its Black top on the empty a1.
    #[test]
    fn example_5_penalty_then_put_back() {
        let (words, path) = describe("2b4/7/7/7/7/w1w4/bb5/(bw)ww4 w 0 5 0 12 12 - 0", "!");
        assert_eq!(
            words,
            "penalty: the tower on a1 cannot move: −2, its Black bottom stone lifted out, \
             which Black puts back"
        );
        assert_eq!(path, ["a1"]);
        let (words, path) = describe(
            "2b4/7/7/7/7/w1w4/bb5/www4 b 0 3 0 12 12 b 1",
            "=d8 a2-a1 a1-a3 a3-a1",
        );
        assert_eq!(
            words,
            "puts the pending Black stone back on d8; free step a2 → a1, onto the White stone; \
             tower a1 → a3 (White bottom stone to a2, Black top stone onto the White stone on a3); \
             tower a3 → a1 (White bottom stone onto the White stone on a2, Black top stone to a1); \
             leaving White's tower on a2 to move"
        );
        assert_eq!(path, ["a2", "a1", "a3", "a1"]);
    }

    /// The opening free step d3-d4 onto an empty cell ends the turn.
    #[test]
    fn a_free_step_to_an_empty_cell() {
        let (words, path) = describe(
            "2bbb2/1bbbbb1/2bbb2/7/7/2www2/1wwwww1/2www2 w 0 0 0 12 12 - 0",
            "d3-d4",
        );
        assert_eq!(words, "free step d3 → d4");
        assert_eq!(path, ["d3", "d4"]);
    }
}
