//! The Zobrist key: kept up to date incrementally by every ply, equal to a from-scratch
//! computation, and the same for states with the same position text.

use board_kernel::SplitMix64;
use board_kernel::prelude::*;
use kamisado::{Kamisado, State};

fn from_scratch(game: &Kamisado, state: &State) -> u64 {
    game.key(&game.parse_position(&state.to_string()).unwrap())
}

#[test]
fn incremental_keys_equal_keys_computed_from_scratch() {
    for target in ["1", "3", "15"] {
        let game = Kamisado::from_pairs([("match_target", target)]).unwrap();
        let mut rng = SplitMix64::new(11);
        let mut moves = Vec::new();
        for _ in 0..200 {
            let mut state = game.initial_state();
            loop {
                assert_eq!(state.board_key_from_scratch(), {
                    // The board key is the XOR over the towers; the full key adds the fields.
                    let parsed = game.parse_position(&state.to_string()).unwrap();
                    parsed.board_key_from_scratch()
                });
                assert_eq!(game.key(&state), from_scratch(&game, &state), "{state}");
                moves.clear();
                game.legal_moves(&state, &mut moves);
                let Some(mv) = rng.choose(&moves) else { break };
                game.play_unchecked(&mut state, mv);
            }
        }
    }
}

#[test]
fn keys_tell_apart_what_the_text_tells_apart() {
    let game = Kamisado::default();
    let start = game.initial_state();
    let black_first = Kamisado::from_pairs([("first_player", "Black")])
        .unwrap()
        .initial_state();
    assert_ne!(game.key(&start), game.key(&black_first));
    let mut a = start.clone();
    game.play_text(&mut a, "d1-d7").unwrap();
    let mut b = start.clone();
    game.play_text(&mut b, "d1-d6").unwrap();
    assert_ne!(game.key(&a), game.key(&b));
}
