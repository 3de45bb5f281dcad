//! The rule book for `cargo xtask docs`: the rules in this crate's words (markdown files in
//! `rulebook/`), the options table, the setup, and every worked example of the specification
//! as engine positions with engine-computed moves.

use board_kernel::{Block, RuleBook, Setup};

/// Example 2: Red King paralysed by `c4`; `c4` and `e4` capturable, `b7` immune.
pub const EXAMPLE_2: &str =
    "15/15/15/11k3/15/15/9q5/15/1c3Q9/3C11/4K10/2c1c10/15/15/15 r 0 0 ongoing";
/// Example 3: a Courtier shielding its King from the Blue Queen.
pub const EXAMPLE_3: &str = "15/15/15/15/10k4/15/4q10/15/4C10/4K10/15/11Q3/15/15/15 r 0 0 ongoing";
/// Example 4: the Queen moves onto her paralysed King; `h8` breaks the line to `j8`.
pub const EXAMPLE_4: &str = "15/13q1/15/11k3/15/15/15/6Q8/15/15/6K8/4c10/15/15/15 r 0 0 ongoing";
/// Example 5: King double moves around a checking Courtier's reach.
pub const EXAMPLE_5: &str = "15/13q1/15/11k3/3c11/15/1K13/15/15/5Q9/3c11/15/15/15/15 r 0 0 ongoing";
/// Example 6: King against Queen.
pub const EXAMPLE_6: &str = "15/15/15/15/10k4/15/15/15/6q8/4K10/15/11Q3/9c5/15/15 r 0 0 ongoing";
/// Example 7: a Courtier double move capturing on its second part.
pub const EXAMPLE_7: &str = "14K/12c2/7k7/11Q3/9c5/15/15/15/15/15/15/3c9q1/15/15/C14 r 0 0 ongoing";
/// Example 8: example 6 with a Red Courtier checking the Blue Queen.
pub const EXAMPLE_8: &str = "15/15/15/15/10k4/15/15/4C10/6q8/4K10/15/11Q3/9c5/15/15 r 0 0 ongoing";
/// Example 9: a Royal checked from a cycle it is not part of.
pub const EXAMPLE_9: &str = "14q/15/15/15/15/15/15/15/15/15/4KkQ8/15/15/15/15 r 0 0 ongoing";
/// Example 10: all four Royals undetermined; two forced passes draw.
pub const EXAMPLE_10: &str = "15/15/15/15/3q11/2Q12/15/15/15/15/4Kk9/15/15/15/15 r 0 0 ongoing";

const NEITHER: &[(&str, &str)] = &[("cycle_rule", "NeitherChecked")];

/// The rules in this crate's words, the options, the setup and every worked example.
#[must_use]
pub fn rule_book() -> RuleBook {
    let at = |text: &'static str| Setup::position(text);
    RuleBook::new(vec![
        Block::Text(include_str!("../rulebook/01-board.md")),
        Block::Position {
            caption: "The initial position (Red to move)",
            setup: Setup::INITIAL,
        },
        Block::Text(include_str!("../rulebook/02-pieces.md")),
        Block::Text(include_str!("../rulebook/03-check.md")),
        Block::Text(include_str!("../rulebook/04-turn.md")),
        Block::Text(include_str!("../rulebook/05-end.md")),
        Block::Text(include_str!("../rulebook/06-options.md")),
        Block::Options,
        Block::Text(include_str!("../rulebook/07-examples.md")),
        Block::LegalMoves {
            caption: "Example 1 — the initial position: Red has 142 turns (37 King, 25 Queen, 24 for each Course Courtier, 8 for each Court Courtier)",
            setup: Setup::INITIAL,
            limit: 40,
        },
        Block::LegalMoves {
            caption: "Example 2 — the Red King is paralysed by c4; c4 and e4 are capturable, b7 (Course, checking nothing) is immune; f7-g6 and f7-i10 would put the Queens in mutual threat: 16 turns",
            setup: at(EXAMPLE_2),
            limit: 40,
        },
        Block::LegalMoves {
            caption: "Example 2 with cycle_rule = NeitherChecked: 18 turns (f7-g6 and f7-i10 too)",
            setup: Setup {
                options: NEITHER,
                position: Some(EXAMPLE_2),
                moves: &[],
            },
            limit: 40,
        },
        Block::LegalMoves {
            caption: "Example 3 — revealed check: the Courtier on e7 may only go where it checks the Blue Queen (c8, g8): 21 turns",
            setup: at(EXAMPLE_3),
            limit: 40,
        },
        Block::LegalMoves {
            caption: "Example 4 — the paralysed King can still be the target of the Queen's winning move; g8-j8 crosses the missing h8: 11 turns",
            setup: at(EXAMPLE_4),
            limit: 40,
        },
        Block::Line {
            caption: "Example 4 — the Queen unites with her checked King and Red wins",
            setup: Setup {
                options: &[],
                position: Some(EXAMPLE_4),
                moves: &["g8-g5#"],
            },
        },
        Block::LegalMoves {
            caption: "Example 4 with centre_square = PassOver: 12 turns (g8-j8 too)",
            setup: Setup {
                options: &[("centre_square", "PassOver")],
                position: Some(EXAMPLE_4),
                moves: &[],
            },
            limit: 40,
        },
        Block::LegalMoves {
            caption: "Example 5 — King double moves may not pass through b10 or c9 (threatened by d11); b9-c10xd11 captures on the second part: 31 turns",
            setup: at(EXAMPLE_5),
            limit: 40,
        },
        Block::LegalMoves {
            caption: "Example 6 — e6-f6 (mutual threat) and e6-d7 (in the Blue Queen's reach) are illegal, e6-f7 paralyses the Blue Queen: 6 turns",
            setup: at(EXAMPLE_6),
            limit: 40,
        },
        Block::LegalMoves {
            caption: "Example 6 with cycle_rule = NeitherChecked: 7 turns (e6-f6 too)",
            setup: Setup {
                options: NEITHER,
                position: Some(EXAMPLE_6),
                moves: &[],
            },
            limit: 40,
        },
        Block::LegalMoves {
            caption: "Example 7 — both Red Royals paralysed; the Courtier a1 double-moves, capturing d4 on the second part: 12 turns",
            setup: at(EXAMPLE_7),
            limit: 40,
        },
        Block::LegalMoves {
            caption: "Example 7 with second_part_capture = off: 10 turns",
            setup: Setup {
                options: &[("second_part_capture", "false")],
                position: Some(EXAMPLE_7),
                moves: &[],
            },
            limit: 40,
        },
        Block::LegalMoves {
            caption: "Example 7 with allow_return_double_move = on: 14 turns",
            setup: Setup {
                options: &[("allow_return_double_move", "true")],
                position: Some(EXAMPLE_7),
                moves: &[],
            },
            limit: 40,
        },
        Block::LegalMoves {
            caption: "Example 8 — the Blue Queen, checked by the Courtier e8, checks nobody: the King may go to d7 and f6: 15 turns",
            setup: at(EXAMPLE_8),
            limit: 40,
        },
        Block::LegalMoves {
            caption: "Example 9 — the Kings form a cycle and the Red Queen is threatened from it: both Red Royals are paralysed and Red must pass",
            setup: at(EXAMPLE_9),
            limit: 40,
        },
        Block::LegalMoves {
            caption: "Example 9 after the forced pass: Blue has 22 turns, all with the Queen",
            setup: Setup {
                options: &[],
                position: Some(EXAMPLE_9),
                moves: &["pass"],
            },
            limit: 40,
        },
        Block::LegalMoves {
            caption: "Example 9 with cycle_rule = NeitherChecked: nobody is checked, 15 turns",
            setup: Setup {
                options: NEITHER,
                position: Some(EXAMPLE_9),
                moves: &[],
            },
            limit: 40,
        },
        Block::Line {
            caption: "Example 10 — all four Royals undetermined: two forced passes draw the game",
            setup: Setup {
                options: &[],
                position: Some(EXAMPLE_10),
                moves: &["pass", "pass"],
            },
        },
    ])
}

/// How to move on a board one clicks (the playground shows it beside the board), in this
/// rule book's words.
pub const HOW_TO_MOVE: &str = "Click your piece, then the square where it goes. A piece that \
    started in the Course and stepped to an empty square of the Course may make a second part: \
    click the second square, or “end the turn here”. A checked Royal is paralysed: it may not \
    move. Bring your King and your Queen onto the same square to win.";

/// The rule-book section of each rule the engine's refusals name: the specification's section
/// (`Illegal::breaks`'s rule, kept for the implementers) and the anchor of the heading of this
/// rule book that states the rule for players, so that a refusal cites the book a player can
/// open. Each rule id is listed with the specification's title in a comment.
pub const RULE_SECTIONS: &[(&str, &str)] = &[
    ("§2.1", "board"),            // Coordinates and cells
    ("§3", "reach"),              // The pieces and their reach
    ("§4.3", "paralysis"),        // Paralysed Royals
    ("§4.4", "captures"),         // Capturable Courtiers
    ("§5.1", "turn"),             // One part of a turn
    ("§5.2", "double-move"),      // The double move in the Course
    ("§5.3", "check-rules"),      // The check rules
    ("§5.4", "paths-and-passes"), // The forced pass
    ("§7", "notation"),           // Move notation
];
