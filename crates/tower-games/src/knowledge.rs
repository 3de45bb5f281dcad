//! What each game knows beyond its rules, gathered for its players: the end-game tables of
//! [`crate::endgames`] for the perfect player and the trained network of [`crate::networks`]
//! for the learned player, as one [`Knowledge`]. The game crates depend on neither
//! `game-ai` nor `game-net`, so the link is made here; a program builds its players with
//! [`player`] instead of [`PlayerSpec::build`](game_ai::PlayerSpec::build) to give them what
//! the game knows.

use board_kernel::Game;
use game_ai::{Knowledge, Player, PlayerSpec};

/// Everything `game` knows beyond its rules, under its options.
#[must_use]
pub fn knowledge<G: Game>(game: &G) -> Knowledge<G> {
    Knowledge {
        oracle: crate::endgames::oracle::<G>(),
        network: crate::networks::evaluators(game),
    }
}

/// The player `spec` describes for `game`, seeded with `seed`, with the game's
/// [`knowledge`].
#[must_use]
pub fn player<G: Game>(game: &G, spec: &PlayerSpec, seed: u64) -> Box<dyn Player<G>> {
    spec.build_with(seed, &knowledge(game))
}
