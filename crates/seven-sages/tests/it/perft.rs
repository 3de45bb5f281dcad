//! The regression figures of §4.4 (default options, initial position).

use crate::common;

use board_kernel::perft::{perft, perft_divide};
use board_kernel::prelude::*;
use common::game;

#[test]
fn perft_from_the_initial_position() {
    let g = game(&[]);
    let start = g.initial_state();
    assert_eq!(perft(&g, &start, 0), 1);
    assert_eq!(perft(&g, &start, 1), 173);
    assert_eq!(perft(&g, &start, 2), 29_554);
    assert_eq!(perft(&g, &start, 3), 5_406_204);
}

/// Depth 4 (980 M leaves) runs in CI's heavy step (`TOWERS_HEAVY=1`).
#[test]
fn heavy_perft_depth_4() {
    if !board_kernel::testing::heavy("heavy_perft_depth_4") {
        return;
    }
    let g = game(&[]);
    assert_eq!(perft(&g, &g.initial_state(), 4), 979_817_435);
}

#[test]
fn perft_divide_adds_up() {
    let g = game(&[]);
    let start = g.initial_state();
    let divide = perft_divide(&g, &start, 2);
    assert_eq!(divide.len(), 173);
    assert_eq!(divide.iter().map(|(_, n)| n).sum::<u64>(), 29_554);
}

#[test]
fn perft_of_a_finished_game_counts_only_at_depth_zero() {
    let g = game(&[]);
    let won = g
        .parse_position(
            "6*B7/15/3B2W4B3/2B9B2/3B7B3/15/15/15/15/15/3W11/15/3WW2W3W3/15/7W7 b 1 0 5 2 0 \
             white_won_points",
        )
        .unwrap();
    assert_eq!(perft(&g, &won, 0), 1);
    assert_eq!(perft(&g, &won, 1), 0);
    assert_eq!(perft(&g, &won, 2), 0);
}
