//! The Zobrist key: kept up to date incrementally by every ply, equal to a from-scratch
//! computation, and the same for states with the same position text.

use board_kernel::prelude::*;
use board_kernel::testing::check_keys;
use kamisado::Kamisado;

#[test]
fn incremental_keys_equal_keys_computed_from_scratch() {
    for target in ["1", "3", "15"] {
        let game = Kamisado::from_pairs([("match_target", target)]).unwrap();
        check_keys(&game, 11, 200, usize::MAX, |state, read| {
            // The board key is the XOR over the towers; the full key adds the fields.
            assert_eq!(
                state.board_key_from_scratch(),
                read.board_key_from_scratch()
            );
        });
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
