//! The regression figures of the specification: perft from the initial position.

use board_kernel::perft::{perft, perft_divide};
use board_kernel::prelude::*;
use sackson_chain_reaction::ChainReaction;

#[test]
fn perft_depth_0_and_1() {
    let game = ChainReaction::default();
    let start = game.initial_state();
    assert_eq!(perft(&game, &start, 0), 1);
    assert_eq!(perft(&game, &start, 1), 3404);
}

#[test]
fn perft_depth_2() {
    let game = ChainReaction::default();
    let start = game.initial_state();
    assert_eq!(perft(&game, &start, 2), 11_757_369);
}

#[test]
fn perft_divide_adds_up() {
    let game = ChainReaction::default();
    let start = game.initial_state();
    let divide = perft_divide(&game, &start, 1);
    assert_eq!(divide.len(), 3404);
    assert!(divide.iter().all(|(_, n)| *n == 1));
}

#[test]
fn a_finished_position_has_no_children() {
    let game = ChainReaction::default();
    // White at his target: the game is won, perft is 0 below depth 0.
    let won = game
        .parse_position("2b(bb)3/7/7/7/7/7/7/2www2 b 0 12 0 12 12 - 1")
        .unwrap();
    assert_eq!(perft(&game, &won, 0), 1);
    assert_eq!(perft(&game, &won, 1), 0);
    assert_eq!(perft(&game, &won, 2), 0);
}
