//! The Zobrist key: kept up to date incrementally by every move, equal to a from-scratch
//! computation, the same for states with the same position text, and pinned.

use board_kernel::SplitMix64;
use board_kernel::prelude::*;
use queens_courtiers::QueensCourtiers;

#[test]
fn incremental_keys_equal_keys_computed_from_scratch() {
    let game = QueensCourtiers::default();
    let mut rng = SplitMix64::new(9);
    let mut moves = Vec::new();
    for _ in 0..20 {
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

#[test]
fn the_initial_key_is_pinned() {
    let game = QueensCourtiers::default();
    let key = game.key(&game.initial_state());
    assert_eq!(key, 0x2fb7_2257_bc3c_3cc8, "{key:#018x}");
}
