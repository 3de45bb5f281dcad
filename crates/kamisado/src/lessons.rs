//! The course of lessons: positions from the rule book's sections, each asking the player
//! for a move the engine judges.
//!
//! The lessons follow the rule book's order, the way a new player meets the rules: how a
//! tower moves and how a move is written, which tower must move and the forced pass, the Sumo
//! towers of match play, then how a round, a game and a match are won. Where the rule book
//! has a worked example the lesson starts from it, so that the book and the course show the
//! same boards; elsewhere the positions are small games of a few plies.

use board_kernel::Setup;
use board_kernel::lessons::{Course, Goal, Lesson};

use crate::rulebook::{EXAMPLE_2, EXAMPLE_4, EXAMPLE_6, EXAMPLE_7, LONG, STANDARD};

/// A hand-made position (single round): White's yellow tower on d3 must move, its straight
/// way is cut by Black's pink tower on d6, and its right diagonal passes between the towers
/// on e5 and f4, which touch corner to corner: the case of movement a new player is least
/// sure of.
const SLIPPING_DIAGONAL: &str = "orblpu.ye.gr./......../...pi..../....PI..br/.....re../...YE..../......../BRGRRE..PUBLOR W Ye 0 B h5 6 1 0:0 play -";

/// A Standard match, round 2, White leading 1–0 with his green Sumo: the board of the "home
/// row" lesson, so that the only new thing is what scoring a Sumo is worth.
const SUMO_TO_SCORE: &str = "orblpupiye.grbr/......../......../.....re../.GR1....../......../......../BR.REYEPIPUBLOR W Gr 0 B f5 2 2 1:0 play -";

/// The course: ten lessons covering every numbered section of the rule book.
pub const COURSE: Course = Course {
    lessons: &[
        Lesson {
            title: "How a tower moves",
            sections: &["tower-moves", "moving"],
            setup: Setup::position(SLIPPING_DIAGONAL),
            task: "You play White and must move your yellow tower on d3. Bring it onto rank 7, \
                   the row just in front of Black's home row.",
            goal: Goal::Moves(&["d3-h7"]),
            miss: "That move stops short of rank 7. A tower goes straight ahead or diagonally \
                   forward over empty squares, and a diagonal may pass between two towers that \
                   touch corner to corner.",
            success: "d3-h7 runs diagonally forward over empty squares, slipping between the \
                      towers on e5 and f4. Straight ahead the pink tower on d6 is in the way, and \
                      a tower never jumps.",
        },
        Lesson {
            title: "Reading a move",
            sections: &["notation"],
            setup: Setup::INITIAL,
            task: "You play White and make the first move of the round, a free choice. Play \
                   the move written d1-d7.",
            goal: Goal::Moves(&["d1-d7"]),
            miss: "A move is written as the square the tower starts on, a dash, and the square \
                   it lands on: d1-d7 starts on d1 (file d, rank 1) and ends on d7.",
            success: "d1-d7 takes your yellow tower from d1 straight ahead to d7. Files run from \
                      a to h, left to right as White sees the board, and ranks from 1, White's \
                      home row, to 8, Black's.",
        },
        Lesson {
            title: "Which tower moves",
            sections: &["which-tower"],
            setup: Setup::moves(&["d1-d7"]),
            task: "You play Black. White's yellow tower has just landed on d7: move so that \
                   White's next move must be made with that yellow tower.",
            goal: Goal::Moves(&["g8-b3", "g8-f7", "g8-g6"]),
            miss: "White must next move his tower of the colour of the square you land on, so \
                   land on a yellow square.",
            success: "You had to move your green tower, the colour of d7, where White landed. \
                      Landing on yellow makes White move his yellow tower, which has no free \
                      square ahead of it.",
        },
        Lesson {
            title: "The forced pass",
            sections: &["which-tower"],
            setup: Setup::moves(EXAMPLE_2),
            task: "You play White. Black landed on yellow g6, so you must move your yellow tower \
                   on d7, but c8, d8 and e8 are all taken: pass.",
            goal: Goal::Moves(&["pass"]),
            miss: "Only a pass is legal here: your yellow tower must move and has no free square \
                   ahead of it.",
            success: "When the required tower cannot move, its player passes. Your yellow tower \
                      counts as having moved onto its own square, green d7, so Black must now \
                      move his green tower.",
        },
        Lesson {
            title: "A Sumo moves less far",
            sections: &["sumo"],
            setup: Setup {
                options: LONG,
                position: Some(EXAMPLE_7),
                moves: &[],
            },
            task: "You play White and open a round of a Long match with a free choice. Your \
                   blue tower on g1 is a Sumo: move it straight ahead as far as a Sumo may go.",
            goal: Goal::Moves(&["g1-g6"]),
            miss: "The task is your blue Sumo on g1, straight ahead, as far as it may go: a \
                   Sumo's longest move is 5 squares.",
            success: "A Sumo moves at most 5 squares (a Double Sumo 3, a Triple Sumo 1), so it \
                      stops on g6; the 6 squares to g7 are an ordinary tower's move.",
        },
        Lesson {
            title: "The Sumo push",
            sections: &["sumo-push", "sumo"],
            setup: Setup {
                options: STANDARD,
                position: Some(EXAMPLE_4),
                moves: &[],
            },
            task: "You play Black in a Standard match and must move your green tower on f6, a \
                   Sumo. Push White's purple tower back with it.",
            goal: Goal::Moves(&["f6>f5"]),
            miss: "That leaves White's purple tower where it is. A push goes one square straight \
                   ahead, into the tower in front of the Sumo.",
            success: "A Sumo may push one ordinary enemy tower with an empty square behind it: \
                      the purple tower goes back to f4 and your Sumo takes f5. White's turn is \
                      skipped, and you move again, with your blue tower, the colour of f4.",
        },
        Lesson {
            title: "Reaching the home row",
            sections: &["end-of-round"],
            setup: Setup::moves(&["b1-b4", "f8-f5"]),
            task: "You play White. Black's red tower has just landed on green f5. Win the game \
                   in one move.",
            goal: Goal::Win,
            miss: "That move does not reach Black's home row. Your green tower, the one you \
                   must move, can reach an empty square of rank 8.",
            success: "b4-f8 puts your green tower on Black's home row, on the square his red \
                      tower left: that wins the round at once, and a single round is the game.",
        },
        Lesson {
            title: "Deadlock",
            sections: &["end-of-round"],
            setup: Setup::moves(&["c1-a3", "b8-h2"]),
            task: "You play White and must move your red tower. Make Black pass, without walking \
                   into a deadlock: it is lost by the last player to make an actual move.",
            goal: Goal::Moves(&["a3-c5"]),
            miss: "After that move either Black can still move, or his pass hands the turn to \
                   your red tower with no free square ahead: a second pass is a deadlock, and \
                   you, the last to make an actual move, lose it.",
            success: "Landing on blue c5 makes Black move his blue tower on h2, which is \
                      blocked, so he passes; h2 is red, so you move your red tower again, and from \
                      c5 it can. From blue e7 it could not: two passes, a deadlock you would lose.",
        },
        Lesson {
            title: "Winning a match",
            sections: &["match-play"],
            setup: Setup {
                options: STANDARD,
                position: Some(SUMO_TO_SCORE),
                moves: &[],
            },
            task: "You play White in a Standard match (3 points), leading 1–0 with your green \
                   Sumo. Win the match in one move.",
            goal: Goal::Win,
            miss: "That move does not reach Black's home row, so nobody scores yet: your green \
                   Sumo can reach an empty square of rank 8 within its 5 squares.",
            success: "Your green Sumo scores on f8 and becomes a Double Sumo, whose rings are \
                      worth 3: your score reaches the target of 3 and you win the match.",
        },
        Lesson {
            title: "Refilling the home rows",
            sections: &["refill", "match-play"],
            setup: Setup {
                options: STANDARD,
                position: None,
                moves: EXAMPLE_6,
            },
            task: "You play White: your yellow tower has won the round on d8 and is now a Sumo. \
                   As the Defender, choose the fill direction that puts it on a1.",
            goal: Goal::Moves(&["fill-R"]),
            miss: "Filling left starts in your brown corner, a1, with the towers nearest your \
                   home row, so your yellow Sumo, the farthest away, ends up on h1.",
            success: "Filling right starts in your other corner, h1, with the towers nearest \
                      your home row; your yellow Sumo, on Black's home row, is the farthest and \
                      comes last, on a1. Black fills his row the same way, seen from his seat.",
        },
    ],
    untaught: &[],
};
