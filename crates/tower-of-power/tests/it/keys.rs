//! The Zobrist key: kept up to date incrementally by every move, equal to a from-scratch
//! computation, and the same for states with the same position text.

use board_kernel::prelude::*;
use board_kernel::testing::check_keys;
use tower_of_power::TowerOfPower;

#[test]
fn incremental_keys_equal_keys_computed_from_scratch() {
    for pairs in [
        &[][..],
        &[("repetition_limit", "3"), ("single_step", "off")][..],
    ] {
        let game = TowerOfPower::from_pairs(pairs.iter().copied()).unwrap();
        check_keys(&game, 5, 40, usize::MAX, |state, _| {
            let board = state.board();
            assert_eq!(board.key(), board.key_from_scratch(), "{state}");
        });
    }
}

#[test]
fn the_initial_key_is_pinned() {
    // The Zobrist tables are part of the snapshot format: a change must be noticed.
    let game = TowerOfPower::default();
    let key = game.key(&game.initial_state());
    assert_eq!(key, 0x1d60_3a29_6c7b_c0d4, "{key:#018x}");
}
