//! Helpers shared by the integration tests.

use board_kernel::prelude::*;
use board_kernel::testing::play_line;
use kamisado::{Kamisado, State};

/// The game under `pairs` over the defaults.
pub fn game(pairs: &[(&str, &str)]) -> Kamisado {
    Kamisado::from_pairs(pairs.iter().copied()).unwrap()
}

/// Plays `plies`, texts separated by spaces, on `s`.
pub fn play(g: &Kamisado, s: &mut State, plies: &str) {
    play_line(g, s, plies.split_whitespace());
}

/// The state after `plies` from the start.
pub fn after(g: &Kamisado, plies: &str) -> State {
    let mut s = g.initial_state();
    play(g, &mut s, plies);
    s
}

/// The state after `plies` from the position `text`.
pub fn after_position(g: &Kamisado, text: &str, plies: &str) -> State {
    let mut s = g.parse_position(text).unwrap();
    play(g, &mut s, plies);
    s
}
