//! Every example of the rule book replays, and the book covers every option.

use queens_courtiers::QueensCourtiers;

#[test]
fn every_rule_book_setup_replays() {
    let replayed = board_kernel::testing::check_rule_book::<QueensCourtiers>().unwrap();
    assert!(replayed >= 10, "only {replayed} examples");
}
