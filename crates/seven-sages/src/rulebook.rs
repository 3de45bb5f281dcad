//! The rule book rendered by `cargo xtask docs`: the rules in this crate's words, the options
//! table, the setup and every worked example of the specification, all from engine positions.

use board_kernel::{Block, RuleBook, Setup};

/// Example 2: a kick that can score after two bounces.
pub(crate) const EXAMPLE_2: &str =
    "5B9/4B2W7/4B1W4B3/5*9/3B3B3B3/5W9/15/15/15/15/15/15/3W3W3W3/15/7W7 w 0 0 0 0 0 ongoing";
/// Example 3a: the ball would run into the outside without meeting a stone.
pub(crate) const EXAMPLE_3A: &str =
    "7B7/15/3B3B3B3/2*12/3B3B3B3/2W12/15/15/15/15/3W3W7/15/3W3W3W3/15/7W7 w 0 0 0 0 0 ongoing";
/// Example 3b: a marked ball.
pub(crate) const EXAMPLE_3B: &str =
    "7B7/15/3B3B3B3/15/3B7B3/15/7B7/7*7/7W7/15/3W7W3/15/3W3W3W3/15/7W7 w 0 0 0 0 0 ongoing";
/// Example 4: goal-area restrictions on plain moves.
pub(crate) const EXAMPLE_4: &str =
    "4W10/2B12/3B3B3B3/15/3B3B3B3/15/15/7*7/15/15/3W3W3W3/15/11W3/15/4W2W7 w 0 0 0 0 0 ongoing";
/// Example 5a: the ball rests on the first pivot.
pub(crate) const EXAMPLE_5A: &str =
    "15/7B7/3B2B1B2B3/7*7/3B2WW3B3/15/15/15/15/15/3W11/15/3W3W3W3/15/7W7 w 0 0 0 0 0 ongoing";
/// Example 5b: a goal on the first leg.
pub(crate) const EXAMPLE_5B: &str =
    "7B7/15/3B2*4B3/2B9B2/3B2W4B3/15/15/15/15/15/3W11/15/3WW2W3W3/15/7W7 w 0 0 0 0 0 ongoing";
/// Example 5b with the score 4–2: the deciding goal.
pub(crate) const EXAMPLE_5B_DECIDING: &str =
    "7B7/15/3B2*4B3/2B9B2/3B2W4B3/15/15/15/15/15/3W11/15/3WW2W3W3/15/7W7 w 0 0 4 2 0 ongoing";
/// Example 6: the ball comes back to its first pivot.
pub(crate) const EXAMPLE_6: &str =
    "15/15/5W3W5/1B8B4/9W5/15/5BW8/2W12/3W11/6B8/5*9/5B9/5B1W7/15/15 w 0 0 0 0 0 ongoing";
/// Example 7: StopBefore, the ball back on its own cell is not a kick.
pub(crate) const EXAMPLE_7: &str =
    "10W4/3W11/15/15/6*8/11W3/15/15/15/1B1B11/10B4/1B13/3W11/15/15 w 0 0 0 0 0 ongoing";
/// Example 8: an own goal (option).
pub(crate) const EXAMPLE_8: &str =
    "7B7/15/3B3B3B3/15/3B3B3B3/15/15/15/15/15/3W3W3W3/7W7/3W3*3W3/15/W14 w 0 0 0 0 0 ongoing";

const fn at(options: &'static [(&'static str, &'static str)], position: &'static str) -> Setup {
    Setup {
        options,
        position: Some(position),
        moves: &[],
    }
}

const fn line(
    options: &'static [(&'static str, &'static str)],
    position: Option<&'static str>,
    moves: &'static [&'static str],
) -> Setup {
    Setup {
        options,
        position,
        moves,
    }
}

/// The rule book.
pub(crate) fn rule_book() -> RuleBook {
    RuleBook::new(vec![
        Block::Text(include_str!("../rulebook/01-board.md")),
        Block::Position {
            caption: "The starting position: White to move",
            setup: Setup::INITIAL,
        },
        Block::Text(include_str!("../rulebook/02-turn.md")),
        Block::Text(include_str!("../rulebook/03-points.md")),
        Block::Text(include_str!("../rulebook/04-notation.md")),
        Block::Options,
        Block::Text(include_str!("../rulebook/05-examples.md")),
        Block::LegalMoves {
            caption: "Example 1 — the opening: 173 moves, 148 plain and 25 kicks, all kicks by \
                      h5 (the ball bounces off h11; h10 is the first pivot and no stop)",
            setup: Setup::INITIAL,
            limit: 40,
        },
        Block::Line {
            caption: "Example 1 — h5 kicks: the ball runs h9 h10, turns back at h10, pivots on \
                      h9 before the kicker and goes west to b9",
            setup: Setup::moves(&["h5-h8/b9"]),
        },
        Block::LegalMoves {
            caption: "Example 1 with first_bounce_mandatory = off: 26 kicks (adds h5-h8/h10)",
            setup: line(&[("first_bounce_mandatory", "false")], None, &[]),
            limit: 40,
        },
        Block::LegalMoves {
            caption: "Example 1 with reverse_on_later_bounces = on: 26 kicks (adds h5-h8/h10)",
            setup: line(&[("reverse_on_later_bounces", "true")], None, &[]),
            limit: 40,
        },
        Block::LegalMoves {
            caption: "Example 1 with kick_mode = StopBefore: the kicker stops on h7; 172 moves \
                      (147 plain, 25 kicks); neither h5-h7 nor h5-h7/h8 is a move",
            setup: line(&[("kick_mode", "StopBefore")], None, &[]),
            limit: 40,
        },
        Block::LegalMoves {
            caption: "Example 1 with deviation = Half: 29 kicks, the ball turning by 45°",
            setup: line(&[("deviation", "Half")], None, &[]),
            limit: 40,
        },
        Block::LegalMoves {
            caption: "Example 2 — a kick that can score after two bounces: f10-f12/f13, \
                      f10-f12/g14 and f10-f12/g15+ (173 moves)",
            setup: Setup::position(EXAMPLE_2),
            limit: 40,
        },
        Block::Line {
            caption: "Example 2 — the goal f10-f12/g15+: White scores, everything is reset and \
                      Black moves first",
            setup: line(&[], Some(EXAMPLE_2), &["f10-f12/g15+"]),
        },
        Block::LegalMoves {
            caption: "Example 2 with first_bounce_mandatory = off: f14 is a fourth outcome",
            setup: at(&[("first_bounce_mandatory", "false")], EXAMPLE_2),
            limit: 40,
        },
        Block::LegalMoves {
            caption: "Example 3a — c10 cannot kick north: the ball would reach the outside c15 \
                      without meeting a stone (166 plain moves, no kick)",
            setup: Setup::position(EXAMPLE_3A),
            limit: 40,
        },
        Block::LegalMoves {
            caption: "Example 3b — a marked ball: h9 stands right behind it, so h7 cannot kick \
                      (142 plain moves)",
            setup: Setup::position(EXAMPLE_3B),
            limit: 40,
        },
        Block::Line {
            caption: "Example 3b with lob = on: h7-h8/h10 lobs the ball over h9 (143 moves)",
            setup: line(&[("lob", "true")], Some(EXAMPLE_3B), &["h7-h8/h10"]),
        },
        Block::LegalMoves {
            caption: "Example 4 — goal areas: e1 may not stop on f1 or g1 (h1 is there), e15 \
                      crosses Black's goal area but may not stop in it (195 moves)",
            setup: Setup::position(EXAMPLE_4),
            limit: 40,
        },
        Block::LegalMoves {
            caption: "Example 5a — no turn is possible at the first pivot h13, so the ball rests \
                      there: the only kick is h11-h12/h13 (162 moves)",
            setup: Setup::position(EXAMPLE_5A),
            limit: 40,
        },
        Block::Line {
            caption: "Example 5b — a goal on the first leg: g11-g13/g15+, then the reset with \
                      Black to move",
            setup: line(&[], Some(EXAMPLE_5B), &["g11-g13/g15+"]),
        },
        Block::Line {
            caption: "Example 5b at 4–2 — the deciding goal: White wins 5–2, nothing is reset",
            setup: line(&[], Some(EXAMPLE_5B_DECIDING), &["g11-g13/g15+"]),
        },
        Block::LegalMoves {
            caption: "Example 6 — the ball comes back to its first pivot e6 on the fifth leg \
                      and may stop there: h3-f5 has 24 outcomes (208 moves)",
            setup: Setup::position(EXAMPLE_6),
            limit: 40,
        },
        Block::Line {
            caption: "Example 6 — h3-f5/e6",
            setup: line(&[], Some(EXAMPLE_6), &["h3-f5/e6"]),
        },
        Block::LegalMoves {
            caption: "Example 7 — kick_mode = StopBefore: k15 stops on h12 and kicks; the ball \
                      back on g11 is no kick, and k15-h12 is no plain move (127 moves)",
            setup: at(&[("kick_mode", "StopBefore")], EXAMPLE_7),
            limit: 40,
        },
        Block::LegalMoves {
            caption: "Example 8 — own_goal = ScoresForOpponent: three own goals are possible \
                      (234 moves; 231 without the option)",
            setup: at(&[("own_goal", "ScoresForOpponent")], EXAMPLE_8),
            limit: 40,
        },
        Block::Line {
            caption: "Example 8 — the own goal h4-h3/h1+: Black scores, and White, who conceded, \
                      moves again",
            setup: line(
                &[("own_goal", "ScoresForOpponent")],
                Some(EXAMPLE_8),
                &["h4-h3/h1+"],
            ),
        },
    ])
}

/// How to move on a board one clicks (the playground shows it beside the board), in this
/// rule book's words.
pub const HOW_TO_MOVE: &str = "Click a sage, then where it goes: it slides like a chess queen \
    over empty cells (never diagonally backward). Sliding into the ball kicks it: click the \
    cell the sage ends on, then the cell where the ball stops (diamond marks). Kick the ball \
    into the opponent's goal area to score a point; the first side to five points wins.";

/// The rule-book section of each rule the engine's refusals name: the specification's section
/// (`Illegal::breaks`'s rule, kept for the implementers) and the anchor of the heading of this
/// rule book that states the rule for players, so that a refusal cites the book a player can
/// open. Each rule id is listed with the specification's title in a comment.
pub const RULE_SECTIONS: &[(&str, &str)] = &[
    ("§2.1", "board"),       // Coordinates
    ("§2.2", "board"),       // Zones: the goal areas
    ("§4.1", "plain-moves"), // The plain move
    ("§4.2", "kicks"),       // The kick
    ("§4.3", "turn"),        // After the move: the forced pass
];
