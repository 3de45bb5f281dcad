//! Helpers shared by the integration tests.

use board_kernel::prelude::*;
use sackson_chain_reaction::{ChainReaction, State};

/// The game under the default options.
pub fn game() -> ChainReaction {
    ChainReaction::default()
}

/// The game under `pairs` over the defaults.
pub fn with(pairs: &[(&str, &str)]) -> ChainReaction {
    ChainReaction::from_pairs(pairs.iter().copied()).unwrap()
}

/// The position of `text`, which must be valid.
pub fn pos(g: &ChainReaction, text: &str) -> State {
    g.parse_position(text)
        .unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The state after `mv` from `state`, which must accept it.
pub fn play(g: &ChainReaction, state: &State, mv: &str) -> State {
    let mut next = state.clone();
    g.play_text(&mut next, mv)
        .unwrap_or_else(|e| panic!("{mv}: {e}"));
    next
}
