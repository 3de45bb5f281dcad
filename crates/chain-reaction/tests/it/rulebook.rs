//! Every example of the rule book replays, the book covers every option, and the course of
//! lessons teaches every section.

use sackson_chain_reaction::ChainReaction;

#[test]
fn every_rule_book_setup_replays() {
    let replayed = board_kernel::testing::check_rule_book::<ChainReaction>().unwrap();
    assert!(replayed >= 10, "only {replayed} examples");
}

/// Every rule a refusal names (each `"§…"` of the sources) is cited from a numbered section of
/// the rule book, so no refusal sends a player to a section his rule book does not have.
#[test]
fn every_refusal_rule_has_a_rule_book_section() {
    let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let rules = board_kernel::testing::check_refusal_rules::<ChainReaction>(&src).unwrap();
    assert!(rules.len() >= 4, "only {rules:?}");
}

#[test]
fn the_course_teaches_every_section() {
    let lessons = board_kernel::lessons::check_course::<ChainReaction>().unwrap();
    assert!(lessons >= 6, "only {lessons} lessons");
}
