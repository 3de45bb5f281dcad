//! Every example of the rule book replays, and the book covers every option.

use sackson_chain_reaction::ChainReaction;

#[test]
fn every_rule_book_setup_replays() {
    let replayed = board_kernel::testing::check_rule_book::<ChainReaction>().unwrap();
    assert!(replayed >= 10, "only {replayed} examples");
}
