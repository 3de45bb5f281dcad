//! The rule book: the rules in this crate's words, with every worked example of the
//! specification as a position the engine renders.

use board_kernel::{Block, RuleBook, Setup};

/// Options of a Standard match (3 points).
pub const STANDARD: &[(&str, &str)] = &[("match_target", "3")];
/// Options of a Long match (7 points).
pub const LONG: &[(&str, &str)] = &[("match_target", "7")];

/// Example 3: a Sumo push (Standard match, round 2).
pub const EXAMPLE_4: &str = "orblpupiyere.br/......../.....gr1../.....PU../......../......../......../BRGRREYEPI.BLOR B Gr 0 W f5 3 2 0:1 play -";
/// Example 4: a Double Sumo pushing two towers (Long match, round 4).
pub const EXAMPLE_5: &str = "..pupi.regrbr/......../..bl1...../..or...ye./..RE2...../......../......../BRGR.YEPIPUBLOR W Re 0 B g5 6 4 3:1 play -";
/// Example 5: distance limits at the first move of round 5 of a Long match.
pub const EXAMPLE_7: &str = "or1blpupiyeregrbr/......../......../......../......../......../......../BRGRRE2YEPIPUBL1OR W - 0 - - 0 5 4:1 play -";
/// Example 7: a deadlock straight after a push (Standard match, round 3).
pub const EXAMPLE_8: &str = "or.pupiyere.br/....RE.../.....gr1../.....PU../......../......../.......bl/BRGR.YEPI.BL1OR B Gr 0 W f5 12 3 1:1 play -";

/// Example 2's opening plies.
pub const EXAMPLE_2: &[&str] = &["d1-d7", "g8-g6"];
/// Example 6: the plies of a deadlock from the opening.
pub const EXAMPLE_3: &[&str] = &["c1-a3", "b8-h2", "a3-e7", "pass", "pass"];
/// Example 8: a round White wins with his yellow tower.
pub const EXAMPLE_6: &[&str] = &[
    "d1-d7", "g8-g6", "pass", "g6-g2", "h1-h4", "d8-e7", "g1-e3", "f8-h6", "e3-d4", "h8-h7",
    "f1-f7", "pass", "d7-d8",
];
const EXAMPLE_6_FILL_L: &[&str] = &[
    "d1-d7", "g8-g6", "pass", "g6-g2", "h1-h4", "d8-e7", "g1-e3", "f8-h6", "e3-d4", "h8-h7",
    "f1-f7", "pass", "d7-d8", "fill-L",
];
const EXAMPLE_6_FILL_R: &[&str] = &[
    "d1-d7", "g8-g6", "pass", "g6-g2", "h1-h4", "d8-e7", "g1-e3", "f8-h6", "e3-d4", "h8-h7",
    "f1-f7", "pass", "d7-d8", "fill-R",
];

/// The rule book of Kamisado.
#[must_use]
pub fn rule_book() -> RuleBook {
    RuleBook::new(vec![
        Block::Text(include_str!("../rulebook/01-overview.md")),
        Block::Position {
            caption: "The first round starts with every tower on the home-row square of its colour",
            setup: Setup::INITIAL,
        },
        Block::Text(include_str!("../rulebook/02-movement.md")),
        Block::LegalMoves {
            caption: "Example 1: White's 102 opening moves",
            setup: Setup::INITIAL,
            limit: 40,
        },
        Block::LegalMoves {
            caption: "Example 2: the yellow tower on d7 is blocked, so White's only ply is a pass",
            setup: Setup::moves(EXAMPLE_2),
            limit: 40,
        },
        Block::LegalMoves {
            caption: "Example 2: after the pass Black moves green, the colour of d7",
            setup: Setup::moves(&["d1-d7", "g8-g6", "pass"]),
            limit: 40,
        },
        Block::Text(include_str!("../rulebook/03-sumo.md")),
        Block::LegalMoves {
            caption: "Example 3: the Black Sumo on f6 may push White's purple tower",
            setup: Setup {
                options: STANDARD,
                position: Some(EXAMPLE_4),
                moves: &[],
            },
            limit: 40,
        },
        Block::Line {
            caption: "Example 3: after the push f4 is blue, so Black moves again with blue",
            setup: Setup {
                options: STANDARD,
                position: Some(EXAMPLE_4),
                moves: &["f6>f5"],
            },
        },
        Block::LegalMoves {
            caption: "Example 4: the Double Sumo on c4 pushes two towers",
            setup: Setup {
                options: LONG,
                position: Some(EXAMPLE_5),
                moves: &[],
            },
            limit: 40,
        },
        Block::Line {
            caption: "Example 4: after c4>c5 the pushed Sumo lands on pink c7",
            setup: Setup {
                options: LONG,
                position: Some(EXAMPLE_5),
                moves: &["c4>c5"],
            },
        },
        Block::LegalMoves {
            caption: "Example 5: a Sumo moves at most 5 squares, a Double Sumo at most 3",
            setup: Setup {
                options: LONG,
                position: Some(EXAMPLE_7),
                moves: &[],
            },
            limit: 40,
        },
        Block::Text(include_str!("../rulebook/04-end.md")),
        Block::Line {
            caption: "Example 6: a deadlock after five plies; White made the last actual move and loses",
            setup: Setup::moves(EXAMPLE_3),
        },
        Block::Line {
            caption: "Example 6 in a Standard match: Black's blue tower becomes a Sumo",
            setup: Setup {
                options: STANDARD,
                position: None,
                moves: EXAMPLE_3,
            },
        },
        Block::Line {
            caption: "Example 7: a deadlock straight after a push; White scores with blue, the colour of f4",
            setup: Setup {
                options: STANDARD,
                position: Some(EXAMPLE_8),
                moves: &["f6>f5", "pass", "pass"],
            },
        },
        Block::Line {
            caption: "Example 7 in a Long match: the match goes on",
            setup: Setup {
                options: LONG,
                position: Some(EXAMPLE_8),
                moves: &["f6>f5", "pass", "pass"],
            },
        },
        Block::Text(include_str!("../rulebook/05-match.md")),
        Block::Line {
            caption: "Example 8: a single round won by White's yellow tower on d8",
            setup: Setup::moves(EXAMPLE_6),
        },
        Block::LegalMoves {
            caption: "Example 8 in a Standard match: the Defender chooses the fill direction",
            setup: Setup {
                options: STANDARD,
                position: None,
                moves: EXAMPLE_6,
            },
            limit: 40,
        },
        Block::Line {
            caption: "Example 8: after fill-L Black opens round 2",
            setup: Setup {
                options: STANDARD,
                position: None,
                moves: EXAMPLE_6_FILL_L,
            },
        },
        Block::Line {
            caption: "Example 8: after fill-R instead",
            setup: Setup {
                options: STANDARD,
                position: None,
                moves: EXAMPLE_6_FILL_R,
            },
        },
        Block::Text(include_str!("../rulebook/06-notation.md")),
        Block::Options,
    ])
}

/// How to move on a board one clicks (the playground shows it beside the board), in this
/// rule book's words.
pub const HOW_TO_MOVE: &str = "Click the tower to move, then the square where it stops: straight \
    ahead or diagonally forward, as far as the way is clear. After the first move of a round, \
    the tower you must move is yours of the colour of the square on which your opponent's last \
    move landed (it is marked). A Sumo (marked S) may push the opponent's towers straight ahead \
    of it: click the Sumo, then the square ahead. A required tower that cannot move passes: \
    click Pass. Move a tower onto your opponent's home row to win the round; between the \
    rounds of a match, the round winner chooses the fill direction with a button.";

/// The rule-book section of each rule the engine's refusals name: the specification's section
/// (`Illegal::breaks`'s rule, kept for the implementers) and the anchor of the heading of this
/// rule book that states the rule for players, so that a refusal cites the book a player can
/// open. Each rule id is listed with the specification's title in a comment.
pub const RULE_SECTIONS: &[(&str, &str)] = &[
    ("§2.4", "sumo"),        // Tower rank: how far a Sumo, Double or Triple Sumo moves
    ("§3.1", "tower-moves"), // How a tower moves: forward, over empty squares
    ("§3.2", "sumo-push"),   // The Sumo push
    ("§4.2", "which-tower"), // Which tower moves, and the forced pass
    ("§4.3", "refill"), // Applying a move: the refill choice is the only ply between two rounds
    ("§5.5", "refill"), // Match play: refilling the home rows
];
