//! The course of lessons: positions from the rule book's sections, each asking the player
//! for a move the engine judges. The order follows a newcomer: how a sage slides, where it
//! may stand, how a kick sends the ball, how to read a move, the forced pass, then goals and
//! the win, reading a position text, and last a variant. Where a worked example of the rule
//! book shows the point, the lesson starts from it, so that the lesson and the example it
//! cites stay the same position.

use board_kernel::Setup;
use board_kernel::lessons::{Course, Goal, Lesson};

use crate::rulebook::{EXAMPLE_2, EXAMPLE_3B, EXAMPLE_4, EXAMPLE_5A, EXAMPLE_5B_DECIDING};

/// Lesson 1: three sages aim at g9 and only the one with an empty line gets there, so the
/// player meets the queen's slide and its blocking together.
const SLIDE: &str = "7B7/15/3B11/10*4/15/15/9B1W3/15/15/6B8/2W12/15/6W8/15/7W7 w 0 0 0 0 0 ongoing";

/// Lesson 2: one sage can come back to e10 straight south, the other only along a backward
/// diagonal, which plain moves may not take.
const BACKWARD: &str =
    "7B7/4W10/7W7/3B11/11B3/15/15/10*4/15/15/3W11/15/15/15/7W7 w 0 0 0 0 0 ongoing";

/// Lesson 4: a first kick with few stones: d5 kicks north off Black's d12, while k8, which
/// also runs into the ball, would send it west to the outside without meeting a stone.
const FIRST_KICK: &str =
    "7B7/15/15/3B11/15/15/15/3*6W4/15/15/3W11/15/15/15/7W7 w 0 0 0 0 0 ongoing";

/// Lesson 7: all seven White sages packed into the corner by seven Black ones, so that White
/// has no legal move at all: the pass shown in a full position rather than a bare one.
const HEMMED_IN: &str =
    "15/15/15/15/15/15/15/7*7/15/15/15/15/BBBB11/WWWBB10/WWWWB10 w 0 0 0 0 0 ongoing";

/// Lesson 10: Black leads 3–2 and 499 plies have passed since the last point, which only the
/// position text tells: every move but the goal h9-h6/h1+ is the 500th ply and wins on points,
/// while the goal makes it 4–2, resets the board and lets the game go on.
const LAST_PLY: &str =
    "7B7/15/15/15/3B11/15/7B7/15/15/7*7/15/15/3W7W3/15/6W8 b 1499 0 2 3 499 ongoing";

/// The course, easiest first, that `Presentation::course` hands to the lesson panel.
pub const COURSE: Course = Course {
    lessons: &[
        Lesson {
            title: "A sage slides like a queen",
            sections: &["plain-moves", "turn"],
            setup: Setup::position(SLIDE),
            task: "You play White. A turn is one sage move: slide one of your sages onto g9.",
            goal: Goal::Moves(&["c5-g9"]),
            miss: "No sage of yours reached g9: it needs a straight line to g9, orthogonal or \
                   diagonal, with every cell on the way empty.",
            success: "The sage on c5 slid north-east over d6, e7 and f8: a sage moves like a chess \
                      queen over empty cells, and Black's sages blocked g3 and l9.",
        },
        Lesson {
            title: "Straight back, never diagonally back",
            sections: &["plain-moves"],
            setup: Setup::position(BACKWARD),
            task: "You play White. Bring a sage back to e10 to guard your half of the field.",
            goal: Goal::Moves(&["e14-e10"]),
            miss: "No sage of yours reached e10. A plain move may go straight backward, but \
                   never diagonally backward.",
            success: "e14 slid straight south to e10, which is allowed; h13 could not go there: \
                      south-west is a backward diagonal for White, closed to plain moves.",
        },
        Lesson {
            title: "Through the opponent's goal area",
            sections: &["board", "examples"],
            setup: Setup::position(EXAMPLE_4),
            task: "You play White. Your sage on e15 stands beside Black's empty goal area: slide \
                   it along rank 15 to the far side of that goal area.",
            goal: Goal::Moves(&["e15-k15", "e15-l15", "e15-m15", "e15-n15", "e15-o15"]),
            miss: "The sage on e15 has to end on rank 15 beyond j15, the last cell of Black's \
                   goal area.",
            success: "A sage may pass through the opponent's goal area but may not stop in it: \
                      e15 crossed f15 to j15 and stopped on the outside beyond.",
        },
        Lesson {
            title: "Your first kick",
            sections: &["kicks", "board"],
            setup: Setup::position(FIRST_KICK),
            task: "You play White. Kick the ball as far east (to the right) as it can go.",
            goal: Goal::Moves(&["d5-d8/n9", "d5-d8/n11"]),
            miss: "The task needs the ball on file n: the ball never enters the outside, so file \
                   n is as far east as it can go.",
            success: "The sage on d5 ran into the ball and took its place; the ball ran on to its \
                      first pivot d11, in front of Black's d12, and bounced. After the first \
                      pivot it may stop on any cell it reaches, and n is the last before the \
                      outside.",
        },
        Lesson {
            title: "Boxed in at the first pivot",
            sections: &["kicks", "examples"],
            setup: Setup::position(EXAMPLE_5A),
            task: "You play White. Kick the ball on h12.",
            goal: Goal::Moves(&["h11-h12/h13"]),
            miss: "The ball is still on h12: the task needs a sage that runs into it and sends \
                   it on until it meets another stone.",
            success: "Only h11 can kick: the ball runs north to h13, in front of Black's h14. It \
                      must normally bounce on, but every turn from h13 is blocked, so it stays.",
        },
        Lesson {
            title: "Reading a kick",
            sections: &["notation", "examples"],
            setup: Setup::INITIAL,
            task: "You play White. Play the kick written h5-h8/b9.",
            goal: Goal::Moves(&["h5-h8/b9"]),
            miss: "h5-h8/b9 means: the sage on h5 slides onto h8, the ball's cell, and the ball \
                   ends on b9.",
            success: "From, to, then the ball's cell: the sage went from h5 to h8, and the ball, \
                      turned back at h10 by Black's h11, bounced again at h9 and rolled west \
                      to b9.",
        },
        Lesson {
            title: "No move: pass",
            sections: &["turn"],
            setup: Setup::position(HEMMED_IN),
            task: "You play White. All seven of your sages are hemmed into the corner by \
                   Black's and none can move: pass.",
            goal: Goal::Moves(&["pass"]),
            miss: "With no legal move, White must pass.",
            success: "A player without any legal move must pass; a player who has a move may \
                      never pass.",
        },
        Lesson {
            title: "A goal after two bounces",
            sections: &["kicks", "end", "examples"],
            setup: Setup::position(EXAMPLE_2),
            task: "You play White. Score a goal: drive the ball into Black's goal area.",
            goal: Goal::Moves(&["f10-f12/g15+"]),
            miss: "The ball did not end in Black's goal area (f15 to j15), so no point was \
                   scored.",
            success: "The ball ran north to f14, turned east off Black's goalkeeper on f15, \
                      turned north again at g14 before your sage on h14 and entered g15: a point \
                      for White.",
        },
        Lesson {
            title: "The deciding goal",
            sections: &["end"],
            setup: Setup::position(EXAMPLE_5B_DECIDING),
            task: "You play White and lead 4–2. Win the game in one move.",
            goal: Goal::Win,
            miss: "That move scores no point: the fifth point wins, so the ball has to end in \
                   Black's goal area.",
            success: "The ball flew from g13 straight into g15, a goal on its first leg. It was \
                      White's fifth point, so White wins at once and nothing is reset.",
        },
        Lesson {
            title: "Reading the position text",
            sections: &["position-text", "end"],
            setup: Setup::position(LAST_PLY),
            task: "This lesson's position text is `7B7/15/15/15/3B11/15/7B7/15/15/7*7/15/15/\
                   3W7W3/15/6W8 b 1499 0 2 3 499 ongoing`: after the board come the side to \
                   move, the plies, the passes, each side's points and the plies since the \
                   last point. You play Black, the side it names: win the game with this move.",
            goal: Goal::Win,
            miss: "A goal makes it 4–2, sends every stone back to its starting cell, and the \
                   game goes on. The text counts 499 plies since the last point, so any move \
                   that scores nothing is the 500th and ends the game on points.",
            success: "The text `b 1499 0 2 3 499` said Black to move, leading 3–2, 499 plies \
                      after the last point: this 500th ply ended the game by max plies, won by \
                      the side with more points, Black. The goal h9-h6/h1+ would only have \
                      reset the board at 4–2.",
        },
        Lesson {
            title: "The lob (an option)",
            sections: &["options", "examples"],
            setup: Setup {
                options: &[("lob", "true")],
                position: Some(EXAMPLE_3B),
                moves: &[],
            },
            task: "You play White, with the lob option on. Black's sage on h9 marks the ball on \
                   h8: lob the ball over it.",
            goal: Goal::Moves(&["h7-h8/h10"]),
            miss: "The ball is still on h8: with the lob option, the sage right next to a marked \
                   ball can lob it over the stone behind it.",
            success: "By the original rules h7 could not kick, as the ball could not move; with \
                      lob on, an adjacent kicker lifts the ball over h9 onto h10, where it stops.",
        },
    ],
    untaught: &[],
};
