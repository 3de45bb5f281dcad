//! A turn built click by click (issue 38): a refused click says why with the squares' names
//! and the rule, and once a row is chosen its lifted stones leave the board.

use crate::common::game;
use board_kernel::Square;
use board_kernel::picture::Point;
use board_kernel::prelude::*;
use board_kernel::steps::Step;

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
            "the 2 lifted stones are dealt one a square in a line from the base c3, so the last \
             lands 2 squares from c3; d4 is 1 away (§4.2)"
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
        Some("the top stone on h8 is Black's, not yours (§4.2)")
    );
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
