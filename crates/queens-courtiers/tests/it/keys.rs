//! The Zobrist key: kept up to date incrementally by every move, equal to a from-scratch
//! computation, the same for states with the same position text, and pinned.

use board_kernel::prelude::*;
use board_kernel::testing::check_keys;
use queens_courtiers::QueensCourtiers;

#[test]
fn incremental_keys_equal_keys_computed_from_scratch() {
    check_keys(
        &QueensCourtiers::default(),
        9,
        20,
        usize::MAX,
        |state, _| {
            let board = state.board();
            assert_eq!(board.key(), board.key_from_scratch(), "{state}");
        },
    );
}

#[test]
fn the_initial_key_is_pinned() {
    let game = QueensCourtiers::default();
    let key = game.key(&game.initial_state());
    assert_eq!(key, 0x2fb7_2257_bc3c_3cc8, "{key:#018x}");
}
