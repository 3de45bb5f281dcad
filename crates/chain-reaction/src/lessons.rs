//! The course of lessons: positions from the rule book's sections, each asking the player
//! for a move the engine judges. A move is a whole turn, so the positions are small (or a turn
//! already under way) to keep each task one clear choice among few turns.

use board_kernel::Setup;
use board_kernel::lessons::{Course, Goal, Lesson};

/// The rule book's Example 2, the original web page's "White must move the tower".
const EXAMPLE_2: &str = "7/7/7/1w3w1/2ww3/3(bw)3/7/7 w 0 0 0 12 12 - 0";

/// The position-text lesson's position, quoted in its task: White's target is 7, one point
/// above his score, which only the text shows.
const POSITION_TEXT: &str = "7/2(bw)4/7/3b3/2w4/7/3w3/7 w 0 6 3 7 12 - 20";

/// Chain Reaction's course: moving stones and towers first, then the special rules (the last
/// segment, scoring, the penalty), then winning, and last the notation, the position text and
/// an option.
pub const COURSE: Course = Course {
    lessons: &[
        Lesson {
            title: "The free step",
            sections: &["turn", "board"],
            setup: Setup::INITIAL,
            task: "You play White, from the bottom of the board, and move first. Make a free \
                   step that ends your turn at once: move a stone onto an empty cell of rank 4.",
            goal: Goal::Moves(&[
                "c3-b4", "c3-c4", "c3-d4", "d3-c4", "d3-d4", "d3-e4", "e3-d4", "e3-e4", "e3-f4",
            ]),
            miss: "Only a free step onto an empty cell ends the turn at once (a step onto a \
                   stone builds a tower that must move on), and this one must land on rank 4, \
                   just in front of c3, d3 and e3.",
            success: "A stone steps to one of its eight neighbouring cells; on an empty cell no \
                      tower is built, so your turn ends there and Black moves.",
        },
        Lesson {
            title: "Climbing onto a stone",
            sections: &["tower-segment", "turn"],
            setup: Setup::position("7/7/3b3/3w3/7/7/7/7 w 0 0 0 12 12 - 0"),
            task: "You play White. Step your stone on d5 onto the black stone on d6, which \
                   builds a tower of yours that must move at once, and move that tower so that \
                   your white top stone lands on rank 8.",
            goal: Goal::Moves(&["d5-d6 d6-d8", "d5-d6 d6-b8", "d5-d6 d6-f8"]),
            miss: "Climb onto d6, then move the tower towards rank 8 (straight or diagonally): \
                   its bottom stone drops on the next cell, on rank 7, and its top stone on the \
                   cell after it, on rank 8.",
            success: "Your stone on top made the tower yours. A tower moves two cells in a \
                      straight line, dropping its bottom stone on the first and its top stone \
                      on the second: yours reached rank 8.",
        },
        Lesson {
            title: "Handing Black a tower",
            sections: &["after-segment", "examples"],
            setup: Setup::position(EXAMPLE_2),
            task: "You play White and must move your tower on d3 (a black stone under your \
                   white one). End your turn by building a Black tower: the black bottom stone \
                   must be dropped onto a stone.",
            goal: Goal::Moves(&["d3-d5", "d3-f5 f5-d3 e4-c2"]),
            miss: "A tower is Black's only when its top stone is black: drop the tower's black \
                   bottom stone onto a stone. If your white top stone lands on a stone, \
                   the new tower is yours and you must move it on.",
            success: "Building an enemy tower ends your turn, and Black must start his turn by \
                      moving it. A friendly tower built on the way only lets your chain go on.",
        },
        Lesson {
            title: "The last segment",
            sections: &["tower-segment", "after-segment"],
            // Example 3 before its 5th segment: the turn `b1-b2 b2-b4 b4-d6 d6-f6` is under way.
            setup: Setup::position("3b1b1/7/4w(bw)1/2w2w1/7/1w5/7/7 w 4 0 0 12 12 - 0"),
            task: "You play White. Four segments of this turn are made, so moving the tower on \
                   f6 is your 5th and last. Make it build a tower, one that the last segment \
                   allows.",
            goal: Goal::Moves(&["f6-f4", "f6-d6"]),
            miss: "That segment built no tower. The 5th segment may not build a friendly tower, \
                   but it may build a Black one: drop the black bottom stone onto a stone.",
            success: "The last segment may not build a friendly tower, as you could not move it \
                      on, but an enemy tower is allowed: Black starts his turn by moving it.",
        },
        Lesson {
            title: "Scoring in the goal",
            sections: &["scoring"],
            setup: Setup::position("2bb3/3(bw)3/7/7/7/7/1w1w3/2www2 w 0 0 0 12 12 - 0"),
            task: "You play White. Score 2 points with your tower on d7, then put the scored \
                   stone back on the board where the rules allow.",
            goal: Goal::Moves(&["d7-d9=c2", "d7-d9=e2", "d7-d9=f2"]),
            miss: "2 points are scored only in the goal cell d9, behind the centre file; over \
                   the far edge anywhere else a stone scores 1. Move the tower straight ahead \
                   so that its top stone goes into d9.",
            success: "Your top stone went over the far edge into the goal d9: 2 points. Setup \
                      row 1 (c1, d1, e1) is full, so the stone came back on an empty cell of \
                      setup row 2.",
        },
        Lesson {
            title: "The penalty",
            sections: &["penalty"],
            setup: Setup::position("2b4/7/7/7/7/w1w4/bb5/(bw)ww4 w 0 5 0 12 12 - 0"),
            task: "You play White and must move your tower on a1, but every direction would \
                   build two towers or leave the board. Take the penalty (written !).",
            goal: Goal::Moves(&["!"]),
            miss: "A tower that must move and cannot leaves you one turn only: the penalty.",
            success: "A stuck tower costs its owner 2 points (your 5 became 3). The tower is \
                      taken apart: your top stone stays on a1, and Black puts his bottom stone \
                      back at the start of his turn.",
        },
        Lesson {
            title: "Avoiding the penalty",
            sections: &["penalty", "after-segment"],
            // Example 7 before its 4th segment: the turn `c1-d2 d2-d4 d3-d1` is under way.
            setup: Setup::position(
                "2bbb2/1bbbbb1/2bbb2/7/3w3/2w1w2/1wwwww1/3(ww)w2 w 3 0 0 12 12 - 0",
            ),
            task: "You play White. Three segments of this turn are made and your tower on d1 \
                   must move again. Finish the turn without the penalty.",
            goal: Goal::Moves(&["d1-b1", "d1-b3 c2-e4", "d1-f1 e1-c1", "d1-f3 e2-c4"]),
            miss: "d1-d3 builds a tower on d2 with no legal 5th segment: every direction would \
                   build two towers, build a friendly tower on the last segment, or leave the \
                   board over your own edge. That costs 2 points.",
            success: "Every tower you built still had a legal segment, so your turn ended \
                      without the penalty. Before building a tower, look where it can go next.",
        },
        Lesson {
            title: "Winning the game",
            sections: &["end"],
            setup: Setup::position("2b4/7/7/7/7/7/3(wb)3/3w3 b 0 0 10 12 12 - 0"),
            task: "You play Black, heading for rank 1, with 10 points; your target is 12. Win \
                   the game with this turn.",
            goal: Goal::Win,
            miss: "You need 2 more points, and only the goal d0, behind White's centre file, \
                   gives 2: move your tower on d2 straight down so that its top stone goes \
                   into d0.",
            success: "Your top stone went into the goal d0 for 2 points: with 12 you reached \
                      your target, and the game ends at once with your win.",
        },
        Lesson {
            title: "Reading the notation",
            sections: &["notation", "turn"],
            // Example 5 after White's penalty: Black's bottom stone waits to be put back.
            setup: Setup::position("2b4/7/7/7/7/w1w4/bb5/www4 b 0 3 0 12 12 b 1"),
            task: "You play Black. Play the turn written =d8 c8-c7.",
            // One specific turn: the lesson is reading it.
            goal: Goal::Moves(&["=d8 c8-c7"]),
            miss: "=d8 puts the stone White's penalty left off the board back on d8; c8-c7 is \
                   then a free step from c8 to the empty cell c7.",
            success: "A turn starts by putting back your pending stone, if there is one (=d8); \
                      then comes the free step, written from-cell and to-cell (c8-c7).",
        },
        Lesson {
            title: "Reading a position text",
            sections: &["position-text", "end"],
            setup: Setup::position(POSITION_TEXT),
            task: "The position text of this lesson is `7/2(bw)4/7/3b3/2w4/7/3w3/7 w 0 6 3 7 \
                   12 - 20`: after the board come the side to move, the segments made, the \
                   scores and the targets. You play White, the side it names: win the game \
                   with this turn.",
            goal: Goal::Win,
            miss: "The text gives White 6 points and a target of 7 (`6 3 7 12`: White's and \
                   Black's scores, then targets), so 1 point wins: move your tower on c7 \
                   towards rank 8 so that its top stone goes over the far edge.",
            success: "Your target is 7, not the default 12: with 6 points, the 1 point of a top \
                      stone over Black's back edge reached it, and the game ended at once.",
        },
        Lesson {
            title: "A step into the goal",
            sections: &["options"],
            setup: Setup {
                options: &[("single_step_into_goal", "on")],
                position: Some("3w3/7/7/7/7/7/7/b6 w 0 0 0 12 12 - 0"),
                moves: &[],
            },
            task: "You play White, with the option single_step_into_goal on. Score 2 points \
                   with a free step.",
            goal: Goal::Moves(&["d8-d9=c1", "d8-d9=d1", "d8-d9=e1"]),
            miss: "With single_step_into_goal on, a free step from c8, d8 or e8 may enter the \
                   goal d9 for 2 points: step your stone on d8 straight ahead.",
            success: "Under this option the free step into the goal d9 scores 2 points and ends \
                      the turn; the stone goes back on setup row 1. By default the step is not \
                      allowed.",
        },
    ],
    untaught: &[],
};
