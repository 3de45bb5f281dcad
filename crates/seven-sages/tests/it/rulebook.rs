//! Every setup of the rule book replays without error, and its example positions are the
//! ones the examples test checks.

use board_kernel::prelude::*;
use seven_sages::SevenSages;

#[test]
fn every_rule_book_setup_replays() {
    let replayed = board_kernel::testing::check_rule_book::<SevenSages>().unwrap();
    assert!(replayed >= 20, "only {replayed} examples");
}

#[test]
fn the_rule_book_has_text_and_options() {
    let book = SevenSages::rule_book();
    assert!(book.blocks.contains(&board_kernel::Block::Options));
    assert!(
        book.blocks
            .iter()
            .filter(|b| matches!(b, board_kernel::Block::Text(_)))
            .count()
            >= 4
    );
}
