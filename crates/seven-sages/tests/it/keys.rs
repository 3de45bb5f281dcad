//! The keys: the same for states with the same position text, and pinned (snapshots store
//! keys).

use board_kernel::SplitMix64;
use board_kernel::prelude::*;
use seven_sages::SevenSages;

#[test]
fn keys_equal_the_keys_of_the_reparsed_text() {
    let game = SevenSages::default();
    let mut rng = SplitMix64::new(4);
    let mut moves = Vec::new();
    for _ in 0..20 {
        let mut state = game.initial_state();
        for _ in 0..400 {
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
    let game = SevenSages::default();
    let key = game.key(&game.initial_state());
    assert_eq!(key, 0x0a8a_fcaf_8844_12ad, "{key:#018x}");
}
