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

/// Every rule a refusal names (each `"§…"` of the sources) is cited from a numbered section of
/// the rule book, so no refusal sends a player to a section his rule book does not have.
#[test]
fn every_refusal_rule_has_a_rule_book_section() {
    let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let rules = board_kernel::testing::check_refusal_rules::<SevenSages>(&src).unwrap();
    assert!(rules.len() >= 4, "only {rules:?}");
}

#[test]
fn the_course_teaches_every_section() {
    let lessons = board_kernel::lessons::check_course::<SevenSages>().unwrap();
    assert!(lessons >= 6, "only {lessons} lessons");
}
