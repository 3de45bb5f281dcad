//! Every setup of the rule book replays, and the book covers every option.

use board_kernel::prelude::*;
use board_kernel::{Block, GameOptions};
use tower_of_power::{Options, TowerOfPower};

#[test]
fn every_rule_book_setup_replays() {
    let replayed = board_kernel::testing::check_rule_book::<TowerOfPower>().unwrap();
    assert!(replayed >= 20, "only {replayed} examples");
    assert!(TowerOfPower::rule_book().blocks.contains(&Block::Options));
    assert_eq!(Options::info().len(), 5);
}

/// Every rule a refusal names (each `"§…"` of the sources) is cited from a numbered section of
/// the rule book, so no refusal sends a player to a section his rule book does not have.
#[test]
fn every_refusal_rule_has_a_rule_book_section() {
    let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let rules = board_kernel::testing::check_refusal_rules::<TowerOfPower>(&src).unwrap();
    assert!(rules.len() >= 4, "only {rules:?}");
}

#[test]
fn the_course_teaches_every_section() {
    let lessons = board_kernel::lessons::check_course::<TowerOfPower>().unwrap();
    assert!(lessons >= 6, "only {lessons} lessons");
}
