//! A turn built click by click: a refused click says why in the rule book's words (issue 38),
//! and the board during a kick shows the sage where it has gone.

use crate::common::game;
use board_kernel::Square;
use board_kernel::picture::Point;
use board_kernel::prelude::*;
use board_kernel::steps::Step;

fn at(name: &str) -> Step {
    Step::Cell(Point::of(name.parse::<Square>().unwrap()))
}

fn why(g: &seven_sages::SevenSages, steps: &[Step]) -> String {
    let state = g.initial_state();
    match g.next_steps(&state, steps) {
        Err(e) => e.why().map(ToString::to_string).unwrap_or_default(),
        Ok(_) => panic!("{steps:?} not refused"),
    }
}

/// Example 1: the kick h5-h8 leaves the ball on its first pivot h10 only by bouncing; the
/// click on h10 says so.
#[test]
fn the_ball_must_leave_its_first_pivot() {
    let g = game(&[]);
    let text = why(&g, &[at("h5"), at("h8"), at("h10")]);
    assert!(
        text.starts_with(
            "the ball cannot stop on h10: it must leave h10, its first pivot (the first bounce \
             is mandatory); this kick may leave it on "
        ) && text.ends_with("(§4.2)"),
        "{text}"
    );
    let leg = why(&g, &[at("h5"), at("h8"), at("h11")]);
    assert!(
        leg.starts_with(
            "the ball cannot stop on h11: a sage stands on h11, and the ball stops in front of a \
             sage, never on it; this kick may leave it on "
        ) && leg.ends_with("(§4.2)"),
        "{leg}"
    );
    assert_eq!(why(&g, &[at("a1")]), "there is no White sage on a1 (§4.1)");
    assert_eq!(
        why(&g, &[at("h5"), at("i8")]),
        "a sage slides in a straight line (orthogonally or diagonally); i8 is not on a line \
         from h5 (§4.1)"
    );
}

/// The board after the kicker's click shows it on the ball's cell, the ball still there.
#[test]
fn the_board_during_a_kick_shows_the_kicker_moved() {
    let g = game(&[]);
    let state = g.initial_state();
    let here = g.next_steps(&state, &[at("h5"), at("h8")]).unwrap();
    let picture = g.picture(&here.board);
    let on = |name: &str| {
        let p = Point::of(name.parse::<Square>().unwrap());
        picture.pieces.iter().filter(|piece| piece.at == p).count()
    };
    assert_eq!(
        (on("h5"), on("h8")),
        (0, 2),
        "the sage left h5 and stands with the ball"
    );
}
