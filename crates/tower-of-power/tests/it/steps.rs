//! A turn built click by click (issue 38): a refused click says why with the squares' names
//! and the rule, and once a row is chosen its lifted stones leave the board.

use crate::common::game;
use board_kernel::picture::Point;
use board_kernel::prelude::*;
use board_kernel::steps::Step;
use board_kernel::{MoveError, Square};

fn at(name: &str) -> Step {
    Step::Cell(Point::of(name.parse::<Square>().unwrap()))
}

#[test]
fn a_refused_deal_square_names_the_squares_and_the_rule() {
    let g = game(&[]);
    let state = g.initial_state();
    let refused = g
        .next_steps(&state, &[at("a1"), at("c3"), at("d4")])
        .unwrap_err();
    assert_eq!(
        refused.why().map(ToString::to_string).as_deref(),
        Some(
            "the row a1-c3 lifts 2 stones, which are dealt one per square in a line starting \
             next to the base c3, so the last lands 2 squares from c3: e5, not d4 (§4.2)"
        )
    );
    let not_a_row = g.next_steps(&state, &[at("a1"), at("d3")]).unwrap_err();
    assert_eq!(
        not_a_row.why().map(ToString::to_string).as_deref(),
        Some("a1 and d3 are not on one rank, file or diagonal, so they do not form a row (§4.2)")
    );
    let enemy = g.next_steps(&state, &[at("h8")]).unwrap_err();
    assert_eq!(
        enemy.why().map(ToString::to_string).as_deref(),
        Some(
            "the top stone on h8 is Black's, so Black controls h8; you move only the top stones \
             of squares you control (§3)"
        )
    );
}

/// A stone under the opponent's is pinned: the click on it cites the rule that only the top
/// stone of a square moves (the rule book's "Stones and stacks"), not the row move.
#[test]
fn a_pinned_stone_is_refused_by_the_rule_of_stacks() {
    let g = game(&[]);
    let state = g.parse_position("5bbb/7b/8/8/8/8/8/(wb)w6 w 0 0").unwrap();
    let refused = g.next_steps(&state, &[at("a1")]).unwrap_err();
    let illegal = refused.why().unwrap();
    assert_eq!(illegal.rule(), Some("§3"));
    assert_eq!(
        board_kernel::refusal_text::<tower_of_power::TowerOfPower>(illegal),
        "only the top stone of a square moves, and the top stone on a1 is Black's: your stone \
         there is pinned under it (rule 2, Stones and stacks)"
    );
    // Typed, as a single step and as the base of a row: the same rule.
    for mv in ["a1-a2", "b1-a1-a2"] {
        let mut tried = state.clone();
        let Err(MoveError::Illegal { illegal, .. }) = g.play_text(&mut tried, mv) else {
            panic!("{mv} was not refused by a rule");
        };
        assert_eq!(illegal.rule(), Some("§3"), "{mv}: {illegal}");
        assert!(
            board_kernel::refusal_text::<tower_of_power::TowerOfPower>(&illegal)
                .ends_with("pinned under it (rule 2, Stones and stacks)"),
            "{mv}: {illegal}"
        );
    }
}

/// A sound row whose pile has no line to go along: off the board and back over the row it is
/// the row move's rule; under the Tours rule, where stacks close the lines left, the refusal
/// names the stacks too and cites the Tours rule.
#[test]
fn a_row_with_nowhere_to_deal_names_what_closes_the_lines() {
    // a4 to f4: five stones lifted, and from a4 only east (the row's own way) is five long.
    let g = game(&[]);
    let state = g.parse_position("5bbb/7b/8/8/wwwwww2/8/8/8 w 0 0").unwrap();
    let refused = g.next_steps(&state, &[at("f4"), at("a4")]).unwrap_err();
    assert_eq!(
        board_kernel::refusal_text::<tower_of_power::TowerOfPower>(refused.why().unwrap()),
        "a row with its base on a4 has nowhere to be dealt: every line of its length from a4 \
         leaves the board or goes back over the row (rule 3.2, The row move)"
    );
    // c1 to a1: two stones lifted, dealt north or north-east, both onto stacks.
    let tours = game(&[("deal_onto_stacks", "off")]);
    let boxed = "5bbb/7b/8/8/8/8/(bb)(bb)6/www5 w 0 0";
    let state = tours.parse_position(boxed).unwrap();
    let refused = tours.next_steps(&state, &[at("c1"), at("a1")]).unwrap_err();
    let illegal = refused.why().unwrap();
    assert_eq!(illegal.rule(), Some("§4.1"));
    assert_eq!(
        board_kernel::refusal_text::<tower_of_power::TowerOfPower>(illegal),
        "a row with its base on a1 has nowhere to be dealt: every line of its length from a1 \
         leaves the board, goes back over the row or meets a stack, and under the Tours rule \
         (deal_onto_stacks off) no stone may be dealt onto a stack (rule 5, The French Tours \
         rule)"
    );
    // The original rules deal onto the stacks.
    let original = game(&[]);
    let state = original.parse_position(boxed).unwrap();
    assert!(original.next_steps(&state, &[at("c1"), at("a1")]).is_ok());
}

#[test]
fn a_chosen_rows_lifted_stones_leave_the_board() {
    let g = game(&[]);
    let state = g.initial_state();
    let here = g.next_steps(&state, &[at("a1"), at("c3")]).unwrap();
    let board = here.board.board();
    let height = |name: &str| board.tower(name.parse().unwrap()).stones().len();
    assert_eq!((height("a1"), height("b2"), height("c3")), (0, 0, 1));
    // The far stone alone is only chosen: nothing is lifted yet.
    let chosen = g.next_steps(&state, &[at("a1")]).unwrap();
    assert_eq!(chosen.board, state);
}

/// What an observation reads is unchanged by the drawing: the turn cursor's board (the
/// encoders' `TurnView::board`) keeps the lifted stones until the move is whole, as the
/// observation's table says and the shipped network was trained on.
#[test]
fn the_lifted_stones_are_drawn_but_not_observed_until_the_move_is_whole() {
    let g = game(&[]);
    let state = g.initial_state();
    let mut walk = board_kernel::steps::TurnCursor::new(&g, &state).unwrap();
    walk.push(&g, at("a1")).unwrap();
    walk.push(&g, at("c3")).unwrap();
    assert_eq!(walk.board(&g), &state);
    assert_ne!(
        g.next_steps(&state, &[at("a1"), at("c3")]).unwrap().board,
        state
    );
}
