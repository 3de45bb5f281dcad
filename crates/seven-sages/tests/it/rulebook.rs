//! Every setup of the rule book replays without error, and its example positions are the
//! ones the examples test checks.

use board_kernel::GameOptions;
use board_kernel::prelude::*;
use seven_sages::{Options, SevenSages};

#[test]
fn every_rule_book_setup_replays() {
    let book = SevenSages::rule_book();
    let mut count = 0;
    for (caption, setup) in book.setups() {
        let options = Options::from_pairs(setup.options.iter().copied())
            .unwrap_or_else(|e| panic!("{caption}: {e}"));
        let game = SevenSages::with_options(options).unwrap();
        let mut state = match setup.position {
            Some(text) => game
                .parse_position(text)
                .unwrap_or_else(|e| panic!("{caption}: {e}")),
            None => game.initial_state(),
        };
        assert_eq!(
            setup
                .position
                .map(str::to_owned)
                .unwrap_or_else(|| state.to_string()),
            state.to_string(),
            "{caption}: the position text does not round-trip"
        );
        for mv in setup.moves {
            game.play_text(&mut state, mv)
                .unwrap_or_else(|e| panic!("{caption}: {mv}: {e}"));
        }
        count += 1;
    }
    assert!(count >= 20);
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
