//! The regression figures of the rule specification: perft from the initial position.

use crate::common::game;
use board_kernel::perft::{perft, perft_divide};
use board_kernel::prelude::*;

#[test]
fn perft_default_options() {
    let game = game(&[]);
    let start = game.initial_state();
    assert_eq!(perft(&game, &start, 0), 1);
    assert_eq!(perft(&game, &start, 1), 705);
    assert_eq!(perft(&game, &start, 2), 496_285);
}

#[test]
fn perft_without_single_steps() {
    let game = game(&[("single_step", "off")]);
    let start = game.initial_state();
    assert_eq!(perft(&game, &start, 1), 614);
    assert_eq!(perft(&game, &start, 2), 376_308);
}

/// Depth 3 (285 M and 183 M leaves) runs in CI's heavy step (`TOWERS_HEAVY=1`).
#[test]
fn heavy_perft_depth_3() {
    if !board_kernel::testing::heavy("heavy_perft_depth_3") {
        return;
    }
    let game = self::game(&[]);
    assert_eq!(perft(&game, &game.initial_state(), 3), 284_951_331);
    let game = self::game(&[("single_step", "off")]);
    assert_eq!(perft(&game, &game.initial_state(), 3), 182_675_350);
}

/// The repetition rule cannot fire within three plies (a position needs at least two plies
/// to come back, and only the start has occurred before), so the figures stay the same with
/// it on; this checks that keeping the history changes nothing else.
#[test]
fn perft_with_the_repetition_history_kept() {
    let game = game(&[("repetition_draw", "2")]);
    let start = game.initial_state();
    assert_eq!(perft(&game, &start, 2), 496_285);
}

/// Divide agrees with the total and every child has Black's full reply count or more.
#[test]
fn divide_adds_up() {
    let game = game(&[]);
    let divide = perft_divide(&game, &game.initial_state(), 2);
    assert_eq!(divide.len(), 705);
    assert_eq!(divide.iter().map(|(_, n)| n).sum::<u64>(), 496_285);
}
