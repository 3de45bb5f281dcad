//! The course of lessons: positions from the rule book's sections, each asking the player
//! for a move the engine judges.
//!
//! The lessons follow the way a new player meets the rules: the row move, captures as the
//! pile is dealt, the single step, how moves are written and told apart, stacks, then how the
//! game is won and drawn, the French *Tours* variant, and last the position text, read for
//! what the board does not show. Where the rule book has a worked example (4, 5 and 7) the
//! lesson starts from it, so that the book and the course show the same boards; elsewhere
//! the positions are small, with a few Black stones kept far away only so that the draw by
//! insufficient material does not end the game at once.

use board_kernel::Setup;
use board_kernel::lessons::{Course, Goal, Lesson};

use crate::rulebook::{EXAMPLE_4, EXAMPLE_5, EXAMPLE_7};

/// White's four stones on rank 1: d4 is three squares both from d1 (north) and from a1
/// (north-east), so only the whole row, based at either end, reaches it.
const FOUR_IN_A_ROW: &str = "6bb/6bb/8/8/8/8/8/wwww4 w 0 0";

/// White's three stones on the a-file, Black stones on b4 and c5 on the diagonal from a3:
/// a pile of two dealt from a3 captures both, while several other moves capture one.
const TWO_ON_A_LINE: &str = "7b/6bb/8/2b5/1b6/w1b5/w7/w7 w 0 0";

/// A lone White stone on e4 between Black stones on d3 and f5, which White's row on rank 1
/// cannot reach: only a single step captures.
const LONE_STONE: &str = "6bb/7b/8/5b2/4w3/3b4/8/www5 w 0 0";

/// Black's last stones: one on c4 and a stack of two on d4, both on the line east of White's
/// a-file: a pile of three dealt east from a4 captures c4 and the top of d4 and pins the rest.
const LAST_STONES: &str = "8/8/8/8/w1b(bb)4/w7/w7/w7 w 0 0";

/// Rows only: Black's only two neighbours, e5 and e6, and two isolated stones; White's pair
/// on d3 and d4 can capture e5, leaving every Black stone alone.
const BREAK_THE_PAIR: &str = "b7/8/4b3/4b3/3w4/3w4/8/7b w 0 0";

/// The Tours rule: the stack on c2 stands in the way of the pile dealt north from c1, so the
/// Black stones on c3 and e3 must be reached along the diagonals.
const STACK_IN_THE_WAY: &str = "6bb/8/8/8/8/2b1b3/2(bb)5/www5 w 0 0";

/// The position text of the last lesson: White's row on rank 1 can reach the Black stones on
/// a3 and e3, and the third field says 99 moves have been made without a capture, one short
/// of the no-progress draw at 100 (the default): only a capture keeps the game going.
const NINETY_NINE_QUIET: &str = "6bb/7b/8/8/8/b3b3/8/www5 w 99 150";

/// The course: ten lessons covering every numbered section of the rule book.
pub const COURSE: Course = Course {
    lessons: &[
        Lesson {
            title: "Piling and dealing a row",
            sections: &["row-move", "board", "turn"],
            setup: Setup::position(FOUR_IN_A_ROW),
            task: "You play White. Put one of your stones on d4 with a row move: pile a row onto \
                   the stone at one end, then deal the pile out in a straight line, one stone per \
                   square.",
            goal: Goal::Moves(&["a1-d1-d4", "d1-a1-d4"]),
            miss: "No stone reached d4. A pile covers exactly as many squares as it holds \
                   stones, starting next to the base, and d4 is three squares from the nearest \
                   stones in line with it.",
            success: "Three stones lifted and dealt one a square in a straight line from the base \
                      land on the three squares after it, the last on d4. Either end of a row may \
                      be the base, and the base keeps its stone.",
        },
        Lesson {
            title: "Capturing as you deal",
            sections: &["landing"],
            setup: Setup::position(TWO_ON_A_LINE),
            task: "You play White. Capture two Black stones in one move.",
            goal: Goal::Moves(&["a1-a3-c5"]),
            miss: "That move did not capture two stones. Every dealt stone that lands on a Black \
                   stone captures it, and stones on the way never block: look for two Black \
                   stones on one line from the end of a row.",
            success: "Piling a1 and a2 onto a3 and dealing north-east puts one stone on b4 and one \
                      on c5. Each lands on a Black stone and captures it: one capture per dealt \
                      stone.",
        },
        Lesson {
            title: "The single step",
            sections: &["single-step"],
            setup: Setup::position(LONE_STONE),
            task: "You play White. Your stone on e4 has no White neighbour, so it is in no row: \
                   capture a Black stone with a single step.",
            goal: Goal::Moves(&["e4-d3", "e4-f5"]),
            miss: "Nothing was captured. Your row on rank 1 reaches no Black stone, but a single \
                   stone may step to any of the eight squares around it.",
            success: "A single step moves one top stone to a neighbouring square, in any \
                      direction, and it lands like a dealt stone: on a Black stone it captures.",
        },
        Lesson {
            title: "Two moves, one position",
            sections: &["move-identity", "notation", "examples"],
            setup: Setup::position(EXAMPLE_4),
            task: "You play White (Example 4). The row move b1-a1-a2 piles b1 onto a1 and deals \
                   that stone to a2. Play the other move that leaves the same position.",
            goal: Goal::Moves(&["b1-a2"]),
            miss: "That is not the other move with the result of b1-a1-a2, which takes the stone \
                   of b1 to a2 and leaves a1 as it was. A single step is written with its two \
                   squares: from, then to.",
            success: "The single step b1-a2 leaves the same position as the row move b1-a1-a2 \
                      (far end, base, last square dealt to), yet the two are different moves, \
                      each counted in the list of legal moves.",
        },
        Lesson {
            title: "Capturing on a stack",
            sections: &["stacks", "landing", "examples"],
            setup: Setup::position(EXAMPLE_5),
            task: "You play White (Example 5). Your stone on e5 is pinned under a Black one: \
                   capture that Black stone.",
            goal: Goal::Moves(&["c3-e3-e5", "e3-c3-e5"]),
            miss: "The Black stone is still on top of e5. Only a stone of yours put down on e5 \
                   captures it, and e5 is two squares from c3 and from e3.",
            success: "A stone dealt onto a stack captures only its top stone and stays on what \
                      is left: e5 is yours again, your own stone under your new one, and only the \
                      top stone of a square can move.",
        },
        Lesson {
            title: "Winning: no move left",
            sections: &["end"],
            setup: Setup::position(LAST_STONES),
            task: "You play White. Win the game in one move: leave Black without a legal move.",
            goal: Goal::Win,
            miss: "Black can still move: a Black stone is still on top of a square. Black has no \
                   move only when every Black stone is captured or pinned under one of yours.",
            success: "Piling a1, a2 and a3 onto a4 and dealing east captures c4 and the top of d4, \
                      and pins Black's last stone under yours: Black cannot move and has lost.",
        },
        Lesson {
            title: "Without single steps",
            sections: &["single-step", "end"],
            setup: Setup {
                options: &[("single_step", "off")],
                position: Some(BREAK_THE_PAIR),
                moves: &[],
            },
            task: "You play White, with single steps switched off (option single_step), so only \
                   a row of two or more stones can move. Win the game in one move.",
            goal: Goal::Win,
            miss: "Black's stones on e5 and e6 still stand side by side: they form a row, and \
                   Black can move it.",
            success: "With e5 captured no two Black stones stand side by side, and without \
                      single steps a lone stone cannot move: Black has lost. That is checked \
                      before the draw by insufficient material, which two against three would \
                      otherwise be.",
        },
        Lesson {
            title: "A draw by insufficient material",
            sections: &["end", "examples"],
            setup: Setup::position(EXAMPLE_7),
            task: "You play White (Example 7), two stones against four. End the game at once \
                   with a draw by insufficient material.",
            goal: Goal::Moves(&["d4-d5-d6", "d5-d6"]),
            miss: "The game goes on: it is drawn only when both players have three stones or \
                   fewer, and Black still has four.",
            success: "Capturing on d6 leaves two stones against three: with both sides at three \
                      or fewer (option material_draw_threshold) the game is drawn, as such an \
                      ending can hardly be won.",
        },
        Lesson {
            title: "The French Tours rule",
            sections: &["tours-rule"],
            setup: Setup {
                options: &[("deal_onto_stacks", "off")],
                position: Some(STACK_IN_THE_WAY),
                moves: &[],
            },
            task: "You play White under the French Tours rule (option deal_onto_stacks off). \
                   Capture a Black stone.",
            goal: Goal::Moves(&["a1-c1-e3", "c1-a1-c3"]),
            miss: "Nothing was captured. Under this rule no stone may be dealt onto a stack, not \
                   even on the way, but single Black stones may still be captured.",
            success: "Your pile went round the stack on c2, which under the Tours rule no stone \
                      may land on, and captured a single Black stone, which is still allowed.",
        },
        Lesson {
            title: "Reading the position text",
            sections: &["position-text", "end"],
            setup: Setup::position(NINETY_NINE_QUIET),
            task: "The position text of this lesson is `6bb/7b/8/8/8/b3b3/8/www5 w 99 150`: \
                   after the board it gives the side to move, the moves made since the last \
                   capture and the moves made in the game. You play the side it names, White: \
                   make a move after which the game is not drawn.",
            goal: Goal::Moves(&["a1-c1-a3", "c1-a1-a3", "a1-c1-e3"]),
            miss: "That move captured nothing, so it was the 100th move in a row without a \
                   capture (the text's third field was 99), and the game is drawn by no \
                   progress.",
            success: "The third field, 99, said the no-progress draw was one move away: a \
                      capture sets that count back to 0, and only your row on rank 1, dealt to \
                      a3 or e3, could capture.",
        },
    ],
    untaught: &[],
};
