//! Every example of the rule book replays, and the book covers every option.

use kamisado::Kamisado;

#[test]
fn every_rule_book_setup_replays() {
    let replayed = board_kernel::testing::check_rule_book::<Kamisado>().unwrap();
    assert!(replayed >= 10, "only {replayed} examples");
}
