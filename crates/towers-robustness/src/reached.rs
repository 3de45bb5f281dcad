//! Positions along seeded random games, where the move and turn targets try their inputs:
//! reached once per game, option set and length, and kept per thread.

use std::collections::HashMap;

use board_kernel::SplitMix64;
use board_kernel::erased::{DynGame, DynState};

use crate::option_sets::{game_with, option_sets};
use crate::{Pairs, split_with_options};

/// A game, its option set and a number of plies: where [`reachable`] goes.
type Reached = (&'static str, usize, usize);

/// How many reached positions a thread keeps: every game, option set and ply count would be
/// tens of thousands of states, too many to hold beside a fuzzer.
const REACHED_KEPT: usize = 4_096;

/// The position after a random game of `plies` moves (seeded by `plies`) from the initial
/// position of `name` under its option set number `set`, kept per thread: a fuzzer asks for
/// the same few hundred positions millions of times.
pub(crate) fn reachable(name: &'static str, set: usize, plies: usize) -> Box<dyn DynState> {
    thread_local! {
        static CACHE: std::cell::RefCell<HashMap<Reached, Box<dyn DynState>>> =
            std::cell::RefCell::new(HashMap::new());
    }
    CACHE.with(|cache| {
        let mut cache = cache.borrow_mut();
        if cache.len() >= REACHED_KEPT && !cache.contains_key(&(name, set, plies)) {
            cache.clear();
        }
        cache
            .entry((name, set, plies))
            .or_insert_with(|| play_random(&*game_with(name, set), plies as u64, plies).0)
            .clone_box()
    })
}

/// A game of `plies` uniformly random moves (fewer if it ends) from the initial position,
/// drawn from `seed`: the position reached and the moves played.
pub(crate) fn play_random(
    game: &dyn DynGame,
    seed: u64,
    plies: usize,
) -> (Box<dyn DynState>, Vec<String>) {
    let mut rng = SplitMix64::new(seed);
    let mut state = game.initial_state();
    let mut played = Vec::new();
    for _ in 0..plies {
        let moves = state.legal_moves();
        let Some(mv) = rng.choose(&moves) else { break };
        let mv = mv.clone();
        state.play(&mv).expect("generated moves are legal");
        played.push(mv);
    }
    (state, played)
}

/// An input whose first byte picks the game and its option set and whose second byte, modulo
/// 128, the number of random plies that reach its position.
pub(crate) struct ReachedInput<'a> {
    /// The game's name.
    pub(crate) name: &'static str,
    /// Its option set.
    pub(crate) pairs: &'static Pairs,
    /// The position reached.
    pub(crate) state: Box<dyn DynState>,
    /// The rest of the input.
    pub(crate) rest: &'a [u8],
}

impl ReachedInput<'_> {
    /// Reads the first two bytes of `data`; `None` when it is shorter.
    pub(crate) fn read(data: &[u8]) -> Option<ReachedInput<'_>> {
        let (name, set, rest) = split_with_options(data)?;
        let (&plies, rest) = rest.split_first()?;
        let state = reachable(name, set, usize::from(plies % 128));
        Some(ReachedInput {
            name,
            pairs: &option_sets(name)[set],
            state,
            rest,
        })
    }
}
