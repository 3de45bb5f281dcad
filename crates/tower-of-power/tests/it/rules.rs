//! For every rule of the specification a position where it allows and one where it forbids;
//! every option changing what the specification says; bad input rejected without change.

use crate::common::game;
use board_kernel::prelude::*;
use board_kernel::testing::{assert_refused, play_line, sorted_move_texts as texts};
use board_kernel::{
    GameOptions, GameResult, Illegal, MoveError, OptionError, Side, Square, Status,
};
use tower_of_power::{Move, Options, State, TowerOfPower};

fn pos(game: &TowerOfPower, text: &str) -> State {
    game.parse_position(text)
        .unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn after(game: &TowerOfPower, text: &str, line: &[&str]) -> State {
    let mut state = pos(game, text);
    play_line(game, &mut state, line);
    state
}

/// Applies `mv` to the position `text`, expecting an error (a shape the notation rejects, or
/// an illegal move) whose message contains `needle`, and checks that nothing changed.
fn rejected(game: &TowerOfPower, text: &str, mv: &str, needle: &str) {
    assert_refused(game, &pos(game, text), mv, needle);
}

fn tower(state: &State, sq: &str) -> String {
    state.board().tower(sq.parse().unwrap()).to_string()
}

fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

// Four Black stones far away keep the material draw (3) out of the way.
const FAR_BLACK: &str = "5bbb/7b";

mod end;
mod input;
mod options;
mod turn;
