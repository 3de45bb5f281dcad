//! The course of lessons: positions from the rule book's sections, each asking the player
//! for a move the engine judges.
//!
//! Most lessons start from the rule book's worked examples (the `EXAMPLE_*` positions of
//! [`crate::rulebook`]), so that a player who opens the cited section finds the same position
//! explained there; the others are small positions of their own, with the pieces that do not
//! matter far out of the way.

use board_kernel::Setup;
use board_kernel::lessons::{Course, Goal, Lesson};

use crate::rulebook::{
    EXAMPLE_2, EXAMPLE_3, EXAMPLE_4, EXAMPLE_5, EXAMPLE_6, EXAMPLE_7, EXAMPLE_10,
};

/// A Red Queen on g8 with her own Courtier on g9 above her: one of her lines is blocked by a
/// piece and one by the missing centre, so the two blocks are met side by side. The Red King
/// and the Blue Royals stand where no Queen line or step reaches them.
const QUEEN_LINES: &str = "15/15/1k11q1/15/15/15/6C8/6Q8/15/15/15/11K3/15/15/15 r 0 0 ongoing";

/// The course, easiest first: how each piece moves, captures, check and paralysis, the
/// double move and the check rules, then winning and the forced pass, and an option last.
pub const COURSE: Course = Course {
    lessons: &[
        Lesson {
            title: "Court and Course",
            sections: &["board", "reach"],
            setup: Setup::INITIAL,
            task: "You play Red, and Red moves first. Leap your Courtier on f12 out of the Court \
                   into the Course.",
            goal: Goal::Moves(&["f12-d13", "f12-e14", "f12-g14", "f12-h13"]),
            miss: "The Court is the central 9×9, files d to l and ranks 4 to 12; the task needs \
                   the Courtier on f12 to land outside it.",
            success: "A Courtier leaps like a chess knight, over anything; d13, e14, g14 and h13 \
                      are all beyond rank 12, in the three-wide Course around the Court.",
        },
        Lesson {
            title: "The Queen's lines",
            sections: &["reach"],
            setup: Setup::position(QUEEN_LINES),
            task: "You play Red. Move your Queen on g8 three squares in a straight line.",
            goal: Goal::Moves(&["g8-d11", "g8-d5", "g8-d8", "g8-g5", "g8-j11", "g8-j5"]),
            miss: "The task needs a Queen's move of exactly three squares along a rank, file or \
                   diagonal; besides those she only steps one square diagonally.",
            success: "The Queen reaches the square three steps away in each direction when neither \
                      square crossed blocks: your Courtier on g9 blocks g11, and the missing \
                      centre h8 breaks the line to j8.",
        },
        Lesson {
            title: "Capturing a Courtier",
            sections: &["captures", "turn", "examples"],
            setup: Setup::position(EXAMPLE_2),
            task: "You play Red (worked example 2). Capture a Blue Courtier.",
            goal: Goal::Moves(&["d6xc4", "d6xe4", "f7xc4"]),
            miss: "The task needs a piece of yours to move onto a Blue Courtier that may be \
                   captured: one in the Court, or one that threatens one of your Royals.",
            success: "Any piece captures by moving onto a capturable Courtier along its reach: \
                      e4 stands in the Court and c4 threatens your King, while b7, in the Course \
                      and threatening nobody, is immune.",
        },
        Lesson {
            title: "Check and paralysis",
            sections: &["check", "paralysis"],
            setup: Setup::position(EXAMPLE_6),
            task: "You play Red. Your Queen is paralysed by the Courtier on j3; check the Blue \
                   Queen with your King.",
            goal: Goal::Moves(&["e6-f7"]),
            miss: "The Blue Queen is not checked after that move: a Royal is checked when an \
                   enemy Courtier, or an enemy Royal that is not itself checked, has her square \
                   in its reach.",
            success: "A King orthogonally next to the Queen threatens her, but she does not \
                      threaten him back, so she is checked and paralysed on Blue's turn; on f6 \
                      they would threaten each other, and d7 is in her reach.",
        },
        Lesson {
            title: "A double move, written out",
            sections: &["double-move", "notation"],
            setup: Setup::position(EXAMPLE_7),
            task: "You play Red; both your Royals are paralysed. Play the turn written a1-c2xd4.",
            goal: Goal::Moves(&["a1-c2xd4"]),
            miss: "a1-c2xd4 names every square of the path: the Courtier on a1 leaps to c2, then \
                   captures (x) on d4.",
            success: "The Courtier started in the Course and its first part, a plain step, landed \
                      in the Course on c2, so it may make a second part, here a capture in the \
                      Court.",
        },
        Lesson {
            title: "Two paths to one square",
            sections: &["paths-and-passes", "check-rules", "double-move"],
            setup: Setup::position(EXAMPLE_5),
            task: "You play Red; your Queen is paralysed. Bring your King from b9 to b11 in one \
                   turn.",
            goal: Goal::Moves(&["b9-a10-b11", "b9-c10-b11"]),
            miss: "The task needs your King to end the turn on b11, two squares up: a double move \
                   in the Course.",
            success: "Both paths are legal and they are two different turns; b9-b10-b11 is not, \
                      because a Royal making a double move may not be checked on its middle \
                      square, and the Courtier on d11 threatens b10.",
        },
        Lesson {
            title: "A revealed check",
            sections: &["check-rules", "check"],
            setup: Setup::position(EXAMPLE_3),
            task: "You play Red. Your Courtier on e7 shields your King from the Blue Queen on e9: \
                   move that Courtier.",
            goal: Goal::Moves(&["e7-c8", "e7-g8"]),
            miss: "The task needs the Courtier on e7 to move, and only where the line from the \
                   Blue Queen to your King is no threat any more.",
            success: "No move may leave a Royal of yours newly checked, so the Courtier may only \
                      leave the line by landing where it checks the Blue Queen: checked by a \
                      Courtier, she checks nobody.",
        },
        Lesson {
            title: "King meets Queen",
            sections: &["end", "paralysis"],
            setup: Setup::position(EXAMPLE_4),
            task: "You play Red. Win the game in one move.",
            goal: Goal::Win,
            miss: "That move does not win: only bringing your own King and Queen onto the same \
                   square does.",
            success: "The Queen's three-step g8-g5 lands on her own King: uniting them wins at \
                      once. A paralysed King may not move, but he may be the Queen's target, and \
                      a winning turn may end on a threatened square.",
        },
        Lesson {
            title: "No turn left",
            sections: &["paths-and-passes", "end"],
            setup: Setup {
                options: &[],
                position: Some(EXAMPLE_10),
                moves: &["pass"],
            },
            task: "You play Blue. The Kings threaten each other, and so do the Queens; Red could \
                   not move and passed. Play your turn.",
            goal: Goal::Moves(&["pass"]),
            miss: "All four Royals count as checked, so none of them may move: you must pass.",
            success: "A player with no legal turn forfeits it (pass), and the second forced pass \
                      in a row ends the game in a draw.",
        },
        Lesson {
            title: "Crossing the centre",
            sections: &["options", "reach"],
            setup: Setup {
                options: &[("centre_square", "PassOver")],
                position: Some(QUEEN_LINES),
                moves: &[],
            },
            task: "You play Red, with the option centre_square = PassOver: the missing h8 no \
                   longer breaks a Queen's line. Move your Queen across h8.",
            goal: Goal::Moves(&["g8-j8"]),
            miss: "The task needs a Queen's line that crosses h8: from g8 that is the line east, \
                   over h8 and i8.",
            success: "Under this option the Queen's three-step passes over the centre, though no \
                      piece may ever stand on it; by default g8-j8 would be blocked.",
        },
    ],
    untaught: &[],
};
