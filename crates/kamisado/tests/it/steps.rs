//! A turn built click by click says why a click is refused and what a turn made with a button
//! must be, in the rule book's words (issue 38): never a Sumo where there is none.

use crate::common::{after, game};
use board_kernel::picture::Point;
use board_kernel::prelude::*;
use board_kernel::steps::{Step, StepError};

fn at(name: &str) -> Step {
    let b = name.as_bytes();
    Step::Cell(Point::new(b[0] - b'a', b[1] - b'1'))
}

fn why(result: Result<impl std::fmt::Debug, StepError>) -> String {
    match result {
        Err(e) => e.why().map(ToString::to_string).unwrap_or_default(),
        Ok(here) => panic!("not refused: {here:?}"),
    }
}

/// Example 2: the yellow tower on d7 is blocked; clicking it says it must pass, not that a
/// push names the square ahead of a Sumo.
#[test]
fn a_blocked_tower_to_move_says_it_passes() {
    let g = game(&[]);
    let s = after(&g, "d1-d7 g8-g6");
    let text = "the yellow tower on d7, which White must move, is blocked: it passes (§4.2)";
    assert_eq!(why(g.next_steps(&s, &[at("d7")])), text);
    assert_eq!(why(g.next_steps(&s, &[at("a1")])), text);
    // The help line cites the rule book a player has, not the specification.
    let prompt = text.replace("§4.2", "rule 1.2");
    assert_eq!(g.turn_prompt(&s, &[]).as_deref(), Some(prompt.as_str()));
    assert!(!why(g.next_steps(&s, &[at("d7")])).contains("Sumo"));
}

/// Between two rounds of a match the round winner chooses a refill side: the board is not
/// clicked.
#[test]
fn the_refill_is_chosen_not_clicked() {
    let g = game(&[("match_target", "3")]);
    let s = after(
        &g,
        "d1-d7 g8-g6 pass g6-g2 h1-h4 d8-e7 g1-e3 f8-h6 e3-d4 h8-h7 f1-f7 pass d7-d8",
    );
    let text = "the round is over: White, its winner, chooses the refill side (§5.5)";
    assert_eq!(why(g.next_steps(&s, &[at("d8")])), text);
    let prompt = text.replace("§5.5", "rule 4.1");
    assert_eq!(g.turn_prompt(&s, &[]).as_deref(), Some(prompt.as_str()));
}

/// The other refusals name the tower and the squares: the required tower, the way, a push.
#[test]
fn a_refused_click_names_the_rule_it_breaks() {
    let g = game(&[]);
    let s = after(&g, "d1-d7");
    assert_eq!(
        why(g.next_steps(&s, &[at("a8")])),
        "the required tower is the green one on g8 (§4.2)"
    );
    assert_eq!(
        why(g.next_steps(&s, &[at("d1")])),
        "there is no tower on d1 (§3.1)"
    );
    assert_eq!(
        why(g.next_steps(&s, &[at("g8"), at("g1")])),
        "g1 is occupied (§3.1)"
    );
    // A plain tower clicking the occupied square ahead: occupied, not a push.
    let first = g.initial_state();
    assert_eq!(
        why(g.next_steps(&first, &[at("d1"), at("d8")])),
        "d8 is occupied (§3.1)"
    );
    // A free first move: no prompt, and nothing to pass.
    assert_eq!(g.turn_prompt(&first, &[]), None);
    assert_eq!(
        why(g.next_steps(&first, &[Step::Choice(0)])),
        "the first move of a round is a free choice: it is never a pass (§4.2)"
    );
}
