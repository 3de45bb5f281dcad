//! The key: the same for states with the same position text, computed from the state's
//! fields in constant time, and pinned (snapshots store keys).

use board_kernel::Snapshot;
use board_kernel::prelude::*;
use board_kernel::testing::check_keys;
use sackson_chain_reaction::ChainReaction;

#[test]
fn keys_equal_the_keys_of_the_reparsed_text() {
    let game = ChainReaction::from_pairs([("repetition_limit", "3")]).unwrap();
    check_keys(&game, 3, 30, usize::MAX, |state, read| {
        assert_eq!(state.repetition_key(), read.repetition_key());
    });
}

#[test]
fn the_initial_key_is_pinned() {
    let game = ChainReaction::default();
    let key = game.key(&game.initial_state());
    assert_eq!(key, 0x9bf7_35b5_6359_3b26, "{key:#018x}");
}

/// A state read back from its serde form goes through the position checks: a snapshot whose
/// text holds 22 Black stones is refused (a state once derived serde on its raw fields and
/// accepted it, then printed a text its own parser rejected).
#[test]
fn a_snapshot_with_too_many_stones_is_refused() {
    let game = ChainReaction::default();
    let json =
        r#"{"position":"bbbbbbb/bbbbbbb/bbbbbbb/b6/7/2www2/1wwwww1/2www2 w 0 0 0 12 12 - 0"}"#;
    let snapshot: Snapshot = serde_json::from_str(json).unwrap();
    let err = game.restore(&snapshot).unwrap_err();
    assert!(err.to_string().contains("more than 11 stones"), "{err}");
}
