//! The rule book: the rules in this crate's words, the options table, and every worked
//! example of the specification as engine-rendered positions, move lists and lines.

use board_kernel::{Block, RuleBook, Setup};

const ROWS_ONLY: &[(&str, &str)] = &[("single_step", "off")];

/// The position of Example 4: two White stones in a corner.
pub const EXAMPLE_4: &str = "5bbb/7b/8/8/8/8/8/ww6 w 0 0";
/// The position of Example 5: stacks in the row, a capture on a stack.
pub const EXAMPLE_5: &str = "8/8/4b3/4(wb)3/8/2(bw)w(ww)b2/8/8 w 0 0";
/// Example 6 (a): every White stone pinned.
pub const EXAMPLE_6A: &str = "8/8/b7/4(wwb)3/3(wb)4/8/8/7b w 0 0";
/// Example 6 (b): isolated White stones.
pub const EXAMPLE_6B: &str = "7w/8/4bb2/4bb2/8/8/8/w1w5 w 0 0";
/// Example 7: insufficient material and the order of the end checks.
pub const EXAMPLE_7: &str = "b6b/8/3b4/3w4/3w4/8/8/7b w 0 0";
/// The sample game of the original article (Example 8), sixteen plies.
pub const SAMPLE_GAME: [&str; 16] = [
    "a5-e1-e5", "h4-e7-e4", "a1-e1-e5", "h7-e7-e4", "e1-e3-e5", "e8-e6-e4", "a4-c2-e2", "e6-e4-e2",
    "a2-d2-g5", "h6-g6-g5", "e3-d2-e2", "h5-g5-f4", "e2-e3-f4", "g6-g5-f4", "e2-e3-f4", "h8-f8-f6",
];

const SAMPLE_FIRST_8: &[&str] = &[
    "a5-e1-e5", "h4-e7-e4", "a1-e1-e5", "h7-e7-e4", "e1-e3-e5", "e8-e6-e4", "a4-c2-e2", "e6-e4-e2",
];

/// The rule book of Tower of Power.
#[must_use]
pub fn rule_book() -> RuleBook {
    RuleBook::new(vec![
        Block::Text(include_str!("../rulebook/01-intro.md")),
        Block::Text(include_str!("../rulebook/02-board.md")),
        Block::Position {
            caption: "The setup: White to move",
            setup: Setup::INITIAL,
        },
        Block::Text(include_str!("../rulebook/03-pieces.md")),
        Block::Text(include_str!("../rulebook/04-turn.md")),
        Block::Text(include_str!("../rulebook/05-end.md")),
        Block::Options,
        Block::Text(include_str!("../rulebook/06-tours.md")),
        Block::LegalMoves {
            caption: "The Tours rule: every square around a1 holds a stack, so White has no move and loses",
            setup: Setup {
                options: &[("deal_onto_stacks", "off")],
                position: Some("8/8/8/8/8/8/(bb)(bb)6/w(bb)6 w 0 0"),
                moves: &[],
            },
            limit: 10,
        },
        Block::LegalMoves {
            caption: "The same position under the original rules: a1 may step onto any of the stacks and capture",
            setup: Setup::position("8/8/8/8/8/8/(bb)(bb)6/w(bb)6 w 0 0"),
            limit: 10,
        },
        Block::Text(include_str!("../rulebook/07-notation.md")),
        Block::Text(include_str!("../rulebook/08-examples.md")),
        Block::LegalMoves {
            caption: "Example 1: the first move — 705 moves (614 row moves and 91 single steps)",
            setup: Setup::INITIAL,
            limit: 40,
        },
        Block::LegalMoves {
            caption: "Example 1 without single steps: 614 row moves",
            setup: Setup {
                options: ROWS_ONLY,
                position: None,
                moves: &[],
            },
            limit: 40,
        },
        Block::Line {
            caption: "Example 2: part of a line — b1 and c1 piled onto d1 and dealt north to d2 \
                      (a stack forms) and d3",
            setup: Setup::moves(&["b1-d1-d3"]),
        },
        Block::Line {
            caption: "Example 3: b2 and b3 piled onto b4 and dealt north-east; Black answers \
                      with the single step g5-f5",
            setup: Setup::moves(&["b2-b4-d6", "g5-f5"]),
        },
        Block::LegalMoves {
            caption: "Example 4: a complete move list — 6 row moves and 8 single steps",
            setup: Setup::position(EXAMPLE_4),
            limit: 40,
        },
        Block::LegalMoves {
            caption: "Example 4 without single steps: only the 6 row moves",
            setup: Setup {
                options: ROWS_ONLY,
                position: Some(EXAMPLE_4),
                moves: &[],
            },
            limit: 40,
        },
        Block::LegalMoves {
            caption: "Example 5: stacks in the row — 42 row moves and 24 single steps",
            setup: Setup::position(EXAMPLE_5),
            limit: 40,
        },
        Block::Line {
            caption: "Example 5: c3-e3-e5 frees the Black stone on c3 and captures the Black \
                      top stone of e5, landing on the White stone beneath",
            setup: Setup {
                options: &[],
                position: Some(EXAMPLE_5),
                moves: &["c3-e3-e5"],
            },
        },
        Block::LegalMoves {
            caption: "Example 5 after c3-e3-e5: Black has only single steps (24)",
            setup: Setup {
                options: &[],
                position: Some(EXAMPLE_5),
                moves: &["c3-e3-e5"],
            },
            limit: 40,
        },
        Block::Line {
            caption: "Example 5 without single steps: Black's stones stand apart, so c3-e3-e5 \
                      wins on the spot",
            setup: Setup {
                options: ROWS_ONLY,
                position: Some(EXAMPLE_5),
                moves: &["c3-e3-e5"],
            },
        },
        Block::Position {
            caption: "Example 6 (a): every White stone is pinned — White has no move and has \
                      lost",
            setup: Setup::position(EXAMPLE_6A),
        },
        Block::LegalMoves {
            caption: "Example 6 (b): isolated stones can still step (11 moves)",
            setup: Setup::position(EXAMPLE_6B),
            limit: 40,
        },
        Block::Position {
            caption: "Example 6 (b) without single steps: no two White stones are adjacent, so \
                      White has lost",
            setup: Setup {
                options: ROWS_ONLY,
                position: Some(EXAMPLE_6B),
                moves: &[],
            },
        },
        Block::LegalMoves {
            caption: "Example 7: 14 row moves and 16 single steps",
            setup: Setup::position(EXAMPLE_7),
            limit: 40,
        },
        Block::Line {
            caption: "Example 7: d4-d5-d6 captures on d6 and leaves 2 against 3 — a draw by \
                      insufficient material",
            setup: Setup {
                options: &[],
                position: Some(EXAMPLE_7),
                moves: &["d4-d5-d6"],
            },
        },
        Block::Line {
            caption: "Example 7 without single steps: Black cannot move, so White wins — the \
                      no-move check comes before the material draw",
            setup: Setup {
                options: ROWS_ONLY,
                position: Some(EXAMPLE_7),
                moves: &["d4-d5-d6"],
            },
        },
        Block::Line {
            caption: "Example 7 with material_draw_threshold = 2: Black's three stones keep \
                      the game going",
            setup: Setup {
                options: &[("material_draw_threshold", "2")],
                position: Some(EXAMPLE_7),
                moves: &["d4-d5-d6"],
            },
        },
        Block::Line {
            caption: "Example 8: the original article's sample game, first eight plies — White \
                      stones pinned under Black ones on e2 and e3",
            setup: Setup::moves(SAMPLE_FIRST_8),
        },
        Block::Line {
            caption: "Example 8: the whole sample game (White resigned here)",
            setup: Setup::moves(&SAMPLE_GAME),
        },
        Block::LegalMoves {
            caption: "Example 8: White's 68 moves in the final position (39 row moves, 29 \
                      single steps)",
            setup: Setup::moves(&SAMPLE_GAME),
            limit: 40,
        },
    ])
}

/// How to move on a board one clicks (the playground shows it beside the board), in this
/// rule book's words.
pub const HOW_TO_MOVE: &str = "A single step: click one of your stones, then a neighbouring \
    square. A row move: click the far end of a row of squares you control, then the row's base \
    (the end the lifted stones are dealt from), then the last square they are dealt to. A \
    stone landing on a square your opponent controls captures his top stone. Leave your \
    opponent without a legal move to win: capture or pin all his stones.";

/// The rule-book section of each rule the engine's refusals name: the specification's section
/// (`Illegal::breaks`'s rule, kept for the implementers) and the anchor of the heading of this
/// rule book that states the rule for players, so that a refusal cites the book a player can
/// open. Each rule id is listed with the specification's title in a comment.
pub const RULE_SECTIONS: &[(&str, &str)] = &[
    ("§2.1", "board"),       // Squares and coordinates
    ("§3", "stacks"),        // Pieces and stacks: only the top stone moves
    ("§4.1", "tours-rule"),  // Dropping a stone: onto a stack only without the Tours rule
    ("§4.2", "row-move"),    // The row move
    ("§4.3", "single-step"), // The single step
];
