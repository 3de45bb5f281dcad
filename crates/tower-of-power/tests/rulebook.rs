//! Every setup of the rule book replays without error, and the book covers every option.

use board_kernel::{Block, Game, GameOptions};
use tower_of_power::{Options, TowerOfPower};

#[test]
fn every_rule_book_setup_replays() {
    let book = TowerOfPower::rule_book();
    let mut setups = 0;
    for (caption, setup) in book.setups() {
        let game = TowerOfPower::from_pairs(setup.options.iter().copied())
            .unwrap_or_else(|e| panic!("{caption}: {e}"));
        let mut state = match setup.position {
            Some(text) => game
                .parse_position(text)
                .unwrap_or_else(|e| panic!("{caption}: {e}")),
            None => game.initial_state(),
        };
        assert_eq!(
            setup.position.map(String::from),
            setup.position.map(|_| state.to_string()),
            "{caption}: the position text is not canonical"
        );
        for mv in setup.moves {
            game.apply_text(&mut state, mv)
                .unwrap_or_else(|e| panic!("{caption}: {mv}: {e}"));
        }
        setups += 1;
    }
    assert!(setups >= 20);
    assert!(book.blocks.contains(&Block::Options));
    assert_eq!(Options::info().len(), 4);
}
