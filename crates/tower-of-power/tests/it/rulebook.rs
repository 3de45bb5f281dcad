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
