//! The keys: the same for states with the same position text, and pinned (snapshots store
//! keys).

use board_kernel::prelude::*;
use board_kernel::testing::check_keys;
use seven_sages::SevenSages;

#[test]
fn keys_equal_the_keys_of_the_reparsed_text() {
    check_keys(&SevenSages::default(), 4, 20, 400, |_, _| {});
}

#[test]
fn the_initial_key_is_pinned() {
    let game = SevenSages::default();
    let key = game.key(&game.initial_state());
    assert_eq!(key, 0x0a8a_fcaf_8844_12ad, "{key:#018x}");
}
