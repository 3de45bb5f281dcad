//! The rule book for the docs generator: the rules in this crate's words (the markdown files of
//! `rulebook/`), the options table, the setup, and every worked example of the specification
//! as engine positions with engine-computed moves.

use board_kernel::{Block, RuleBook, Setup};

const fn at(position: &'static str) -> Setup {
    Setup::position(position)
}

const fn line(position: &'static str, moves: &'static [&'static str]) -> Setup {
    Setup {
        options: &[],
        position: Some(position),
        moves,
    }
}

/// Example 2's diagram (the one from the original web page).
const EX2: &str = "7/7/7/1w3w1/2ww3/3(bw)3/7/7 w 0 0 0 12 12 - 0";
/// Example 3's diagram.
const EX3: &str = "3b1b1/7/3w1b1/5w1/1w5/7/1w5/1w5 w 0 0 0 12 12 - 0";
/// Example 4's diagram.
const EX4: &str = "2bb3/3(bw)3/7/7/7/7/7/2w1w2 w 0 0 0 12 12 - 0";
/// Example 4, variant A.
const EX4A: &str = "2bb3/3(ww)3/7/7/7/7/7/2w1w2 w 0 0 0 12 12 - 0";
/// Example 5's diagram.
const EX5: &str = "2b4/7/7/7/7/w1w4/bb5/(bw)ww4 w 0 5 0 12 12 - 0";
/// Example 6's diagram.
const EX6: &str = "3w3/7/7/7/7/7/7/b6 w 0 0 0 12 12 - 0";

/// Chain Reaction's rule book.
#[must_use]
pub fn rule_book() -> RuleBook {
    RuleBook::new(vec![
        Block::Text(include_str!("../rulebook/01-overview.md")),
        Block::Position {
            caption: "The setup: White (bottom) moves first",
            setup: Setup::INITIAL,
        },
        Block::Text(include_str!("../rulebook/02-turn.md")),
        Block::Text(include_str!("../rulebook/03-end.md")),
        Block::Text("## Options {#options}\n"),
        Block::Options,
        Block::Text(include_str!("../rulebook/04-notation.md")),
        Block::Text(include_str!("../rulebook/05-examples.md")),
        // Example 1.
        Block::LegalMoves {
            caption: "Example 1 — the opening: 79 free steps (27 end the turn on an empty cell, \
                      52 build a tower) give 3,404 complete turns, which reach only 3,181 \
                      different positions",
            setup: Setup::INITIAL,
            limit: 40,
        },
        Block::Line {
            caption: "A four-segment opening turn: c1 climbs onto d2; the tower drops its stones \
                      on d3 and d4 (tower d3), then on e3 and f3 (tower e3), then on e4 and e5 \
                      (no tower: the turn ends)",
            setup: Setup::moves(&["c1-d2 d2-d4 d3-f3 e3-e5"]),
        },
        // Example 2.
        Block::LegalMoves {
            caption: "Example 2 — the original page's example: White must move the tower on d3. \
                      Seven directions are legal (the page names five: the backward diagonals \
                      SE and SW are legal too); NW would build two towers. 17 complete turns",
            setup: at(EX2),
            limit: 40,
        },
        Block::Line {
            caption: "d3-d5 drops the black bottom stone on d4's white stone: a Black tower, so \
                      the turn ends and Black must move it",
            setup: line(EX2, &["d3-d5"]),
        },
        Block::LegalMoves {
            caption: "After d3-f5 (segment 1 made): the white top stone landed on f5's stone, a \
                      friendly tower, so White goes on; 5 directions (NE, E, SE leave the board)",
            setup: at("7/7/7/1w3(ww)1/2wwb2/7/7/7 w 1 0 0 12 12 - 0"),
            limit: 40,
        },
        Block::LegalMoves {
            caption: "After d3-f5 f5-d3 (segment 2 made): tower e4 with a black bottom stone; W \
                      is two towers; e4-c2 builds a Black tower and ends the turn",
            setup: at("7/7/7/1w5/2ww(bw)2/3w3/7/7 w 2 0 0 12 12 - 0"),
            limit: 40,
        },
        Block::Line {
            caption: "d3-f5 f5-d3 e4-c2: Black will start his turn with the tower on d3",
            setup: line(EX2, &["d3-f5 f5-d3 e4-c2"]),
        },
        Block::LegalMoves {
            caption: "The same diagram on White's 5th segment: d3-f5 would build a friendly \
                      tower on the last segment (L4); d3-d5 stays legal, its tower is Black's",
            setup: at("7/7/7/1w3w1/2ww3/3(bw)3/7/7 w 4 0 0 12 12 - 0"),
            limit: 40,
        },
        // Example 3.
        Block::LegalMoves {
            caption: "Example 3 — a five-segment chain: White has 172 complete turns here",
            setup: at(EX3),
            limit: 40,
        },
        Block::LegalMoves {
            caption: "After b1-b2 b2-b4 b4-d6 d6-f6, before the 5th segment: f6-f8 and f6-d8 \
                      would build friendly towers on the last segment, so 3 moves remain",
            setup: at("3b1b1/7/4w(bw)1/2w2w1/7/1w5/7/7 w 4 0 0 12 12 - 0"),
            limit: 40,
        },
        Block::Line {
            caption: "The whole five-segment turn, ending with a Black tower on f5",
            setup: line(EX3, &["b1-b2 b2-b4 b4-d6 d6-f6 f6-f4"]),
        },
        // Example 4.
        Block::LegalMoves {
            caption: "Example 4 — scoring: from d7 the white top stone can go over the edge at \
                      d9 (the goal, 2 points), f9 or b9 (1 point); it goes back on d1, the only \
                      empty cell of White's setup row 1",
            setup: at(EX4),
            limit: 40,
        },
        Block::Line {
            caption: "With 10 points and target 12, d7-d9=d1 wins the game at once",
            setup: line(
                "2bb3/3(bw)3/7/7/7/7/7/2w1w2 w 0 10 0 12 12 - 0",
                &["d7-d9=d1"],
            ),
        },
        Block::LegalMoves {
            caption: "Variant A: a white bottom stone would build a friendly tower on c8 or d8 \
                      while scoring, which L5 forbids: 6 moves",
            setup: at(EX4A),
            limit: 40,
        },
        Block::LegalMoves {
            caption: "Variant A with scoring_friendly_tower = Continue: all 8 directions are \
                      legal, and after d7-d9=d1 or d7-b9=d1 White goes on with the new tower",
            setup: Setup {
                options: &[("scoring_friendly_tower", "Continue")],
                position: Some(EX4A),
                moves: &[],
            },
            limit: 40,
        },
        Block::LegalMoves {
            caption: "Variant B: setup row 1 is full, so the scored stone goes to c2, e2 or f2 \
                      of setup row 2 (9 scoring turns)",
            setup: at("2bb3/3(bw)3/7/7/7/7/1w1w3/2www2 w 0 0 0 12 12 - 0"),
            limit: 40,
        },
        Block::LegalMoves {
            caption: "Edge check: a tower on g7 cannot leave the board sideways (5 directions)",
            setup: at("7/6(ww)/7/7/7/7/7/b6 w 0 0 0 12 12 - 0"),
            limit: 40,
        },
        Block::LegalMoves {
            caption: "Edge check: from b7 the goal d9 is reached diagonally for 2 points",
            setup: at("7/1(ww)5/7/7/7/7/7/b6 w 0 0 0 12 12 - 0"),
            limit: 40,
        },
        Block::LegalMoves {
            caption: "Edge check: a tower on d8 cannot move north: its bottom stone would land \
                      on rank 9",
            setup: at("3(ww)3/7/7/7/7/7/7/b6 w 0 0 0 12 12 - 0"),
            limit: 40,
        },
        Block::Line {
            caption: "Black scores too: d2-d0=d8 puts the black top stone into the goal d0 (+2) \
                      and builds a White tower on d1",
            setup: line("2b4/7/7/7/7/7/3(wb)3/3w3 b 0 0 0 12 12 - 0", &["d2-d0=d8"]),
        },
        // Example 5.
        Block::Line {
            caption: "Example 5 — the penalty: the tower on a1 has no legal direction; White \
                      loses 2 points, the black bottom stone waits for Black to put it back",
            setup: line(EX5, &["!"]),
        },
        Block::LegalMoves {
            caption: "Black starts by putting his stone back on d8 or e8 (c8 is occupied)",
            setup: at("2b4/7/7/7/7/w1w4/bb5/www4 b 0 3 0 12 12 b 1"),
            limit: 40,
        },
        Block::LegalMoves {
            caption: "With a white bottom stone White puts it back himself: !=d1 or !=e1",
            setup: at("2b4/7/7/7/7/w1w4/bb5/(ww)ww4 w 0 5 0 12 12 - 0"),
            limit: 40,
        },
        // Example 6.
        Block::LegalMoves {
            caption: "Example 6 — by default a free step cannot enter the goal: 5 steps",
            setup: at(EX6),
            limit: 40,
        },
        Block::LegalMoves {
            caption: "With single_step_into_goal = on, d8-d9 scores 2 points: 8 turns",
            setup: Setup {
                options: &[("single_step_into_goal", "on")],
                position: Some(EX6),
                moves: &[],
            },
            limit: 40,
        },
        // Example 7.
        Block::LegalMoves {
            caption: "Example 7 — a self-inflicted penalty: after c1-d2 d2-d4 d3-d1 d1-d3 the \
                      tower on d2 has no legal 5th segment (NE and NW would build friendly \
                      towers on the last segment)",
            setup: at("2bbb2/1bbbbb1/2bbb2/7/3w3/2www2/1ww(ww)ww1/4w2 w 4 0 0 12 12 - 0"),
            limit: 40,
        },
        Block::Line {
            caption: "The whole turn: White ends at −2 and puts his bottom stone back on c1",
            setup: Setup::moves(&["c1-d2 d2-d4 d3-d1 d1-d3 !=c1"]),
        },
    ])
}

/// How to move on a board one clicks (the playground shows it beside the board), in this
/// rule book's words.
pub const HOW_TO_MOVE: &str = "Click one of your stones, then a neighbouring cell: the free \
    step. Landing on a stone builds a tower you must move on: click where its top stone lands, \
    segment by segment; the board shows the turn so far. A top stone leaving over the far \
    edge scores: then click an empty cell of your setup rows to put it back. A tower that must \
    move and cannot pays the penalty (a button). Reach your target score to win.";

/// The rule-book section of each rule the engine's refusals name: the specification's section
/// (`Illegal::breaks`'s rule, kept for the implementers) and the anchor of the heading of this
/// rule book that states the rule for players, so that a refusal cites the book a player can
/// open. Each rule id is listed with the specification's title in a comment.
pub const RULE_SECTIONS: &[(&str, &str)] = &[
    ("§4.3", "turn"),          // The free step, only when no tower stands
    ("§4.4", "tower-segment"), // A tower segment
    ("§4.6", "scoring"),       // Putting a stone back
    ("§4.7", "penalty"),       // The penalty
    ("§4.8", "turn"),          // The pending stone goes back first
    ("§4.9", "after-segment"), // The end of the turn
];
