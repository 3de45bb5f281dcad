//! The Zobrist key: kept up to date incrementally by every move, equal to a from-scratch
//! computation, and the same for states with the same position text.

use board_kernel::SplitMix64;
use board_kernel::prelude::*;
use tower_of_power::TowerOfPower;

#[test]
fn incremental_keys_equal_keys_computed_from_scratch() {
    for pairs in [
        &[][..],
        &[("repetition_limit", "3"), ("single_step", "off")][..],
    ] {
        let game = TowerOfPower::from_pairs(pairs.iter().copied()).unwrap();
        let mut rng = SplitMix64::new(5);
        let mut moves = Vec::new();
        for _ in 0..40 {
            let mut state = game.initial_state();
            loop {
                let board = state.board();
                assert_eq!(board.key(), board.key_from_scratch(), "{state}");
                let parsed = game.parse_position(&state.to_string()).unwrap();
                assert_eq!(game.key(&state), game.key(&parsed), "{state}");
                moves.clear();
                game.legal_moves(&state, &mut moves);
                let Some(mv) = rng.choose(&moves) else { break };
                game.play_unchecked(&mut state, mv);
            }
        }
    }
}

#[test]
fn the_initial_key_is_pinned() {
    // The Zobrist tables are part of the snapshot format: a change must be noticed.
    let game = TowerOfPower::default();
    let key = game.key(&game.initial_state());
    assert_eq!(key, 0x1d60_3a29_6c7b_c0d4, "{key:#018x}");
}
