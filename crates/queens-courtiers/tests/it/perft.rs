//! The regression figures of the specification (§5.5) and the perft of example 10.

use crate::common;

use board_kernel::perft::{perft, perft_divide};
use board_kernel::prelude::*;
use common::game;

#[test]
fn perft_from_the_initial_position_depths_1_to_3() {
    let g = game(&[]);
    let start = g.initial_state();
    assert_eq!(perft(&g, &start, 0), 1);
    assert_eq!(perft(&g, &start, 1), 142);
    assert_eq!(perft(&g, &start, 2), 20_165);
    assert_eq!(perft(&g, &start, 3), 2_922_844);
}

/// Depth 4 (423 M leaves) runs in CI's heavy step (`TOWERS_HEAVY=1`).
#[test]
fn heavy_perft_depth_4() {
    if !board_kernel::testing::heavy("heavy_perft_depth_4") {
        return;
    }
    let g = game(&[]);
    assert_eq!(perft(&g, &g.initial_state(), 4), 423_128_493);
}

#[test]
fn divide_adds_up() {
    let g = game(&[]);
    let start = g.initial_state();
    let divide = perft_divide(&g, &start, 2);
    assert_eq!(divide.len(), 142);
    assert_eq!(divide.iter().map(|(_, n)| n).sum::<u64>(), 20_165);
}

#[test]
fn perft_of_example_10_is_1_1_0() {
    let g = game(&[]);
    let start = g
        .parse_position("15/15/15/15/3q11/2Q12/15/15/15/15/4Kk9/15/15/15/15 r 0 0 ongoing")
        .unwrap();
    assert_eq!(
        [0, 1, 2, 3, 4].map(|d| perft(&g, &start, d)),
        [1, 1, 1, 0, 0]
    );
}
