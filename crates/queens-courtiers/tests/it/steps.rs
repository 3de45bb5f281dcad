//! The board during a turn in progress (issue 38): after a double move's first part the piece
//! stands on its first square, where the second part leaves from.

use crate::common::game;
use board_kernel::picture::Point;
use board_kernel::prelude::*;
use board_kernel::steps::Step;
use queens_courtiers::Move;

#[test]
fn a_double_moves_first_part_is_shown_on_the_board() {
    let g = game(&[]);
    let state = g.initial_state();
    let mut moves = Vec::new();
    g.legal_moves(&state, &mut moves);
    let doubles: Vec<Move> = moves
        .into_iter()
        .filter(|mv| matches!(mv, Move::Double { .. }))
        .collect();
    assert!(!doubles.is_empty(), "the opening has double moves");
    for mv in doubles {
        let Move::Double { from, via, .. } = mv else {
            unreachable!()
        };
        let steps = [Step::Cell(Point::of(from)), Step::Cell(Point::of(via))];
        let here = g.next_steps(&state, &steps).unwrap();
        let board = here.board.board();
        assert_eq!(board.piece_at(from), None, "{mv}: the piece left {from}");
        assert_eq!(
            board.piece_at(via),
            state.board().piece_at(from),
            "{mv}: the piece stands on {via}"
        );
        // The first step alone leaves the board as it is.
        let chosen = g.next_steps(&state, &steps[..1]).unwrap();
        assert_eq!(chosen.board, state, "{mv}");
    }
}
